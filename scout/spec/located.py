"""Validate data against a pydantic model and turn every error into a located Problem.

Pydantic reports errors by a ``loc`` tuple of field names, indexes and (for unions)
branch tags. We map each ``loc`` back to the YAML through the :class:`SourceMap`,
rewrite the messages into spec language ("unknown key 'nedds'; did you mean
'needs'?") and never show pydantic internals or URLs to the user.
"""

from __future__ import annotations

import types
import typing
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from scout.errors import Problem
from scout.spec.yamlload import PathT, SourceMap
from scout.suggest import did_you_mean

M = TypeVar("M", bound=BaseModel)


def data_path(data: Any, loc: tuple) -> PathT:
    """The part of a pydantic ``loc`` that names real keys/indexes of ``data``."""
    out: list[Any] = []
    cur = data
    for tok in loc:
        if isinstance(cur, dict) and tok in cur:
            out.append(tok)
            cur = cur[tok]
        elif isinstance(cur, list) and isinstance(tok, int) and 0 <= tok < len(cur):
            out.append(tok)
            cur = cur[tok]
        elif isinstance(cur, dict) and isinstance(tok, str) and tok not in cur:
            # a missing key, or a union tag: keep looking only if later tokens match
            continue
    return tuple(out)


def _unwrap(tp: Any) -> list[Any]:
    """Candidate model types behind Optional/Union/Annotated/list/dict annotations."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(tp)[0])
    if origin in (typing.Union, types.UnionType):
        out: list[Any] = []
        for a in typing.get_args(tp):
            out += _unwrap(a)
        return out
    return [tp]


def model_at(model: type[BaseModel], path: PathT) -> type[BaseModel] | None:
    """The model class that validates the mapping at ``path`` (for key suggestions)."""
    current: Any = model
    i = 0
    while i < len(path):
        tok = path[i]
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = None
            for name, f in current.model_fields.items():
                if tok in (name, f.alias):
                    field = f
                    break
            if field is None:
                return None
            current = field.annotation
            i += 1
            continue
        cands = _unwrap(current)
        nxt = None
        for c in cands:
            origin = typing.get_origin(c)
            if origin in (list, tuple) and isinstance(tok, int):
                nxt = typing.get_args(c)[0]
            elif origin is dict:
                nxt = typing.get_args(c)[1]
            elif isinstance(c, type) and issubclass(c, BaseModel):
                nxt = c
                i -= 1  # re-process this token against the model
            if nxt is not None:
                break
        if nxt is None:
            return None
        current = nxt
        i += 1
    for c in _unwrap(current):
        if isinstance(c, type) and issubclass(c, BaseModel):
            return c
    return None


def field_names(model: type[BaseModel]) -> list[str]:
    return [f.alias or n for n, f in model.model_fields.items()]


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def error_to_problem(
    err: dict, data: Any, smap: SourceMap, root: type[BaseModel], prefix: PathT = ()
) -> Problem:
    loc = tuple(err.get("loc", ()))
    etype = err.get("type", "")
    sub = data_path(data, loc)
    path = prefix + sub
    msg = err.get("msg", "invalid value")
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, ") :]
    hint = None
    code = "SPEC012"
    field = ".".join(str(p) for p in path) or "document"
    if etype == "extra_forbidden":
        key = loc[-1] if loc else "?"
        code = "SPEC010"
        location = smap.locate(prefix + sub, key=True)
        parent = model_at(root, sub[:-1]) if sub else root
        allowed = field_names(parent) if parent else []
        hint = did_you_mean(str(key), allowed, what="keys") if allowed else None
        where = ".".join(str(p) for p in path[:-1])
        return Problem(code, f"unknown key '{key}'" + (f" in {where}" if where else ""),
                       location, hint=hint)
    if etype == "missing":
        key = loc[-1] if loc else "?"
        code = "SPEC011"
        where = ".".join(str(p) for p in path) or "the document"
        return Problem(code, f"missing required key '{key}' in {where}",
                       smap.locate(path, key=True), hint=f"add '{key}:' here")
    if etype == "literal_error":
        expected = (err.get("ctx") or {}).get("expected", "")
        msg = f"{_describe(err.get('input'))} is not allowed here; expected {expected}"
    elif etype.endswith("_type") or etype.endswith("_parsing"):
        msg = f"{msg[0].lower() + msg[1:]} (got {_describe(err.get('input'))})"
    elif etype == "string_pattern_mismatch":
        msg = f"{_describe(err.get('input'))} has the wrong form"
        hint = _pattern_hint(path)
    return Problem(code, f"{field}: {msg}", smap.locate(path), hint=hint)


def _pattern_hint(path: PathT) -> str:
    last = str(path[-1]) if path else ""
    if last in ("name", "mission_id"):
        return "use lower-case letters, digits, '.', '_' and '-' (a slug), e.g. hotel-research"
    if last == "as":
        return "use an identifier such as 'hotel'"
    return "see docs/authoring.md for the allowed form"


def validate_located(
    model: type[M], data: Any, smap: SourceMap, prefix: PathT = ()
) -> tuple[M | None, list[Problem]]:
    """Validate ``data`` (found at ``prefix`` in the file) and locate every error."""
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        problems = [
            error_to_problem(e, data, smap, model, prefix) for e in exc.errors(include_url=False)
        ]
        # one problem per (location, message): unions can repeat themselves
        seen: set = set()
        unique = []
        for p in problems:
            k = (p.location, p.message)
            if k not in seen:
                seen.add(k)
                unique.append(p)
        return None, unique
