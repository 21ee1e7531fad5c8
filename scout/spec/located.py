"""Validate data against a pydantic model and turn every error into a located Problem.

Pydantic reports errors by a ``loc`` tuple of field names, indexes and (for unions)
branch tags. We map each ``loc`` back to the YAML through the :class:`SourceMap`,
rewrite the messages into spec language ("unknown key 'nedds'; did you mean
'needs'?") and never show pydantic internals or URLs to the user.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from scout.errors import Problem
from scout.lazyre import lazy_re
from scout.spec.regexcheck import BAD_REGEX
from scout.spec.yamlload import PathT, SourceMap
from scout.spec import glossary
from scout.suggest import closest, did_you_mean

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


#: pydantic error types → what the value must be, in spec language
_MUST_BE = {
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "finite_number": "must be a finite number",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "string_type": "must be text",
    "list_type": "must be a list, e.g. [a, b]",
    "tuple_type": "must be a list, e.g. [a, b]",
    "dict_type": "must be a mapping of keys",
    "model_type": "must be a mapping of keys",
    "model_attributes_type": "must be a mapping of keys",
}

#: custom errors raised by our own model validators carry the key they are about
CONFLICT = "spec_conflict"
BAD_KEY = "spec_key"


def _num(x: Any) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


def _limit_message(etype: str, ctx: dict) -> str | None:
    if etype == "greater_than_equal":
        return f"must be at least {_num(ctx.get('ge'))}"
    if etype == "less_than_equal":
        return f"must be at most {_num(ctx.get('le'))}"
    if etype == "greater_than":
        return f"must be more than {_num(ctx.get('gt'))}"
    if etype == "less_than":
        return f"must be less than {_num(ctx.get('lt'))}"
    if etype == "too_short":
        n = ctx.get("min_length", 1)
        return "must not be empty" if n == 1 else f"needs at least {n} entries"
    if etype == "too_long":
        return f"has more than {ctx.get('max_length')} entries"
    if etype == "string_too_short":
        return "must not be empty"
    return None


def error_to_problem(
    err: Mapping[str, Any], data: Any, smap: SourceMap, root: type[BaseModel],
    prefix: PathT = ()
) -> Problem:
    loc = tuple(err.get("loc", ()))
    etype = err.get("type", "")
    ctx = err.get("ctx") or {}
    sub = data_path(data, loc)
    path = prefix + sub
    msg = err.get("msg", "invalid value")
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, ") :]
    hint = None
    # a bad regex is SPEC031 wherever it is: an input's pattern as a phase's with: rules
    code = "SPEC031" if etype == BAD_REGEX else "SPEC012"
    field = ".".join(str(p) for p in path)
    if etype == "extra_forbidden":
        key = loc[-1] if loc else "?"
        code = "SPEC010"
        location = smap.locate(prefix + sub, key=True)
        parent = model_at(root, sub[:-1]) if sub else root
        allowed = field_names(parent) if parent else []
        hint = (glossary.hint(str(key), allowed)  # `fases:`, `depends_on:`
                or did_you_mean(str(key), allowed, what="keys")) if allowed else None
        where = ".".join(str(p) for p in path[:-1])
        return Problem(code, f"unknown key '{key}'" + (f" in {where}" if where else ""),
                       location, hint=hint)
    if etype == "missing":
        key = loc[-1] if loc else "?"
        code = "SPEC011"
        where = ".".join(str(p) for p in path) or "the document"
        return Problem(code, f"missing required key '{key}' in {where}",
                       smap.locate(path, key=True), hint=f"add '{key}:' here")
    if etype in (CONFLICT, BAD_KEY):
        # a rule across keys (chain vs adapters), or a key that is not a valid name:
        # point at the key the message is about
        at = ctx.get("at")
        about = path + (at,) if at and smap.has(path + (at,)) else path
        return Problem("SPEC013" if etype == CONFLICT else "SPEC012",
                       (f"{field}: " if field else "") + msg,
                       smap.locate(about, key=True), hint=ctx.get("hint"))
    got = f" (got {_describe(err.get('input'))})"
    if etype == "literal_error":
        expected = ctx.get("expected", "")
        msg = f"{_describe(err.get('input'))} is not allowed here; expected {expected}"
        # a misspelt value ("mony", "synthesise") is as common as a misspelt key
        if isinstance(err.get("input"), str):
            valid = re.findall(r"'([^']*)'", str(expected))
            # `type: dinero` is money, not the nearest spelling (integer)
            hit = glossary.guess(err["input"], valid) or closest(err["input"], valid)
            hint = f"did you mean '{hit}'?" if hit else hint
    elif etype in _MUST_BE:
        msg = _MUST_BE[etype] + got
        hint = _unquoted_hint(etype, err.get("input")) or _shorthand_hint(
            etype, path, err.get("input")) or _mapping_hint(etype, root, sub, path,
                                                             err.get("input"))
        if hint is None:
            hint = _figure_hint(etype, path, err.get("input"))
    elif _limit_message(etype, ctx):
        msg = str(_limit_message(etype, ctx)) + (got if "too" not in etype else "")
    elif etype == "string_pattern_mismatch":
        msg = f"{_describe(err.get('input'))} has the wrong form"
        hint = _pattern_hint(path)
    elif etype not in ("value_error", BAD_REGEX) and msg:
        # anything else pydantic says: keep its words, in the same voice as ours
        msg = msg[0].lower() + msg[1:] + got
    return Problem(code, (f"{field}: " if field else "") + msg, smap.locate(path), hint=hint)


def _unquoted_hint(etype: str, value: Any) -> str | None:
    """Text that YAML 1.1 read as something else: `aliases: [on]` (a subject's word, as in
    "tutorials on X") is true, `enum: [no, yes]` false and true, `synonyms: {x: [~]}` null."""
    if etype != "string_type":
        return None
    if isinstance(value, bool):
        return ("YAML reads an unquoted on, off, yes, no, y, n, true or false as "
                f"{str(value).lower()}: write the word you meant in quotes (\"on\", \"no\")")
    if value is None:
        return "YAML reads an empty value, null or ~ as nothing: write the text in quotes"
    if isinstance(value, (int, float)):
        return f"YAML reads {value!r} as a number: write it in quotes, e.g. \"{value}\""
    return None


def _shorthand_hint(etype: str, path: PathT, value: Any) -> str | None:
    """`dish: subject` (or `dish: {subject}`-like text) where an input's mapping goes."""
    from scout.schemas.task import INPUT_TYPES

    if etype not in ("model_type", "dict_type") or len(path) != 2 or path[0] != "inputs":
        return None
    if isinstance(value, str) and value.strip() in INPUT_TYPES:
        return f"an input is a mapping: {path[1]}: {{type: {value.strip()}}}"
    return f"an input is a mapping, e.g. {path[1]}: {{type: string, description: ...}}"


#: a figure and its unit written as one value: "60/minute", "60 per minute", "2 a second"
_FIGURE_PER = lazy_re(r"\s*(\d+(?:\.\d+)?)\s*(?:/|\bper\b|\ba\b|\ban\b|\bevery\b)?\s*"
                      r"([A-Za-z]+)\s*")


#: a figure inside text: "$0.10", "0,10", "5 USD", "200 €"
_FIGURE = lazy_re(r"[^\d\-+]*?([+-]?\d[\d.,]*)[^\d]*")


def _figure_hint(etype: str, path: PathT, value: Any) -> str | None:
    """Text with a number in it where a number goes (``max_cost: "$0.10"``, ``0,10``):
    the number alone, as YAML reads one."""
    from scout.text import read_number

    if etype not in ("float_parsing", "int_parsing", "float_type", "int_type") \
            or not isinstance(value, str) or not path:
        return None
    m = _FIGURE.fullmatch(value.strip())
    try:
        figure = read_number(m.group(1).rstrip(".,")) if m else None
    except ValueError:
        return None
    if figure is None:
        return None
    return f"write the number alone: {path[-1]}: {figure:g}"


def _mapping_hint(etype: str, root: type[BaseModel], sub: PathT, path: PathT,
                  value: Any) -> str | None:
    """A value where a mapping of settings goes (``rate: 60/minute``): the keys it takes,
    and the value's figure under the key that names its unit (``{per_minute: 60}``)."""
    if etype not in ("model_type", "dict_type", "model_attributes_type") or not path \
            or isinstance(value, (dict, list)):
        return None
    model = model_at(root, sub)
    keys = field_names(model) if model is not None else []
    if not keys:
        return None
    name = path[-1]
    m = _FIGURE_PER.fullmatch(str(value)) if isinstance(value, str) else None
    unit = m.group(2).lower().rstrip("s") if m else ""
    hit = next((k for k in keys if unit and k.lower().endswith("_" + unit)), None)
    if m and hit:
        return f"write it as a mapping: {name}: {{{hit}: {m.group(1)}}} (its keys: " \
               f"{', '.join(keys)})"
    return f"write it as a mapping of its keys: {name}: " \
           f"{{{', '.join(k + ': ...' for k in keys)}}}"


def _pattern_hint(path: PathT) -> str:
    last = str(path[-1]) if path else ""
    if last in ("name", "mission_id"):
        return "use lower-case letters, digits, '.', '_' and '-' (a slug), e.g. hotel-research"
    if last == "as":
        return "use an identifier such as 'hotel'"
    return "see docs/authoring.md for the allowed form"


def _drop_misspelled_missing(errors: list[ErrorDetails]) -> list[ErrorDetails]:
    """`typ: place` is one mistake, not two: when an unknown key is a misspelling of a
    missing required key in the same mapping, only the unknown key is reported (its hint
    names the missing one)."""
    unknown: dict[tuple, list[str]] = {}
    for e in errors:
        loc = tuple(e.get("loc", ()))
        if e.get("type") == "extra_forbidden" and loc:
            unknown.setdefault(loc[:-1], []).append(str(loc[-1]))
    if not unknown:
        return errors
    kept = []
    for e in errors:
        loc = tuple(e.get("loc", ()))
        if e.get("type") == "missing" and loc and any(
            closest(u, [str(loc[-1])]) == str(loc[-1]) or glossary.guess(u, [str(loc[-1])])
            for u in unknown.get(loc[:-1], [])
        ):
            continue
        kept.append(e)
    return kept


def validate_located(
    model: type[M], data: Any, smap: SourceMap, prefix: PathT = ()
) -> tuple[M | None, list[Problem]]:
    """Validate ``data`` (found at ``prefix`` in the file) and locate every error."""
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        errors = _drop_misspelled_missing(exc.errors(include_url=False))
        problems = [error_to_problem(e, data, smap, model, prefix) for e in errors]
        # one problem per (location, message): unions can repeat themselves
        seen: set = set()
        unique = []
        for p in problems:
            k = (p.location, p.message)
            if k not in seen:
                seen.add(k)
                unique.append(p)
        return None, unique
