"""Encode adapter answers (typed models, lists, mappings) as JSON and back.

The cache and the reply-level recorder store ``Reply.value`` as JSON; this module keeps
the type so that a cached ``list[Source]`` comes back as ``list[Source]``. A model is
stored as ``{"__model__": "module:Class", "data": ...}``.

Those files are data, and data never becomes code: cassettes are shared between people
and the cache sits on disk, so a name is looked up in :func:`registry` (scout's own schema
classes, found among the models already defined in ``scout.schemas`` and the provider
contract) and nothing is ever imported because a file says so. An unknown name, or a
shape that is not what :func:`encode` writes, raises :class:`~scout.errors.CassetteInvalid`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ValidationError

import scout.schemas.records  # noqa: F401 - the registry is built from these modules
import scout.schemas.sources  # noqa: F401
import scout.schemas.task  # noqa: F401
from scout.errors import CassetteInvalid
from scout.adapters.contract import Reply, Usage
from scout.i18n import N_

#: Modules whose pydantic models may be rebuilt from a stored answer.
SCHEMA_MODULES = ("scout.schemas.", "scout.adapters.contract")


def _name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _subclasses(cls: type[Any]) -> list[type]:
    out: list[type] = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out.extend(_subclasses(sub))
    return out


@lru_cache(maxsize=1)
def _static_registry() -> dict[str, type[BaseModel]]:
    return registry_now()


def registry_now() -> dict[str, type[BaseModel]]:
    """``"module:Class" -> class`` for every schema model scout defines (already loaded)."""
    return {_name(c): c for c in _subclasses(BaseModel)
            if c.__module__.startswith(SCHEMA_MODULES) and "<" not in c.__qualname__}


def registry() -> dict[str, type[BaseModel]]:
    return _static_registry()


def encode(value: Any) -> Any:
    if isinstance(value, BaseModel):
        cls = type(value)
        return {"__model__": _name(cls), "data": value.model_dump(mode="json")}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {"__map__": {str(k): encode(v) for k, v in value.items()}}
    return value


def _model(name: Any, where: str) -> type[BaseModel]:
    if not isinstance(name, str):
        raise CassetteInvalid(N_("{where}: '__model__' must be a string, not {shape}").format(
            where=where, shape=type(name).__name__))
    found = registry().get(name)
    if found is None:
        found = registry_now().get(name)  # a schema module loaded after the first lookup
    if found is None:
        raise CassetteInvalid(
            N_("{where}: names the model '{value}', which is not one of scout's schema "
               "classes; nothing was imported").format(where=where, value=name),
            hint=N_("a cassette or cache row can only hold scout's own types; record the "
               "cassette again with --record DIR, or delete runtime/cache.sqlite3"))
    return found


def decode(data: Any, where: str = N_("stored answer")) -> Any:
    """The value :func:`encode` stored; ``where`` (a file name) goes into errors."""
    if isinstance(data, list):
        return [decode(v, where) for v in data]
    if isinstance(data, dict):
        if "__model__" in data:
            cls = _model(data["__model__"], where)
            try:
                return cls.model_validate(data.get("data"))
            except ValidationError as exc:
                raise CassetteInvalid(
                    N_("{where}: the stored {value} does not match its schema ({count} "
                       "problem(s), first: {error})").format(
                           where=where, value=cls.__name__, count=exc.error_count(),
                           error=exc.errors()[0]['msg'])) from None
        if "__map__" in data:
            inner = data["__map__"]
            if not isinstance(inner, dict):
                raise CassetteInvalid(N_("{where}: '__map__' must be an object").format(
                    where=where))
            return {k: decode(v, where) for k, v in inner.items()}
    return data


def encode_reply(reply: Reply[Any]) -> dict[str, Any]:
    return {
        "value": encode(reply.value),
        "usage": reply.usage.model_dump(mode="json"),
        "status": reply.status,
        "meta": encode(reply.meta),
    }


def decode_reply(data: Any, where: str = N_("stored answer")) -> Reply[Any]:
    if not isinstance(data, dict) or "value" not in data:
        raise CassetteInvalid(N_("{where}: a stored reply must be an object with a "
                                 "'value'").format(where=where))
    meta = decode(data.get("meta"), where) or {}
    if not isinstance(meta, dict):
        raise CassetteInvalid(N_("{where}: the reply's 'meta' must be an object").format(
            where=where))
    status = data.get("status")
    if status is not None and (not isinstance(status, int) or isinstance(status, bool)):
        raise CassetteInvalid(N_("{where}: the reply's 'status' must be an integer").format(
            where=where))
    try:
        usage = Usage.model_validate(data.get("usage") or {})
    except ValidationError:
        raise CassetteInvalid(N_("{where}: the reply's 'usage' does not match its "
                                 "schema").format(where=where)) \
            from None
    return Reply(value=decode(data["value"], where), usage=usage, status=status, meta=meta)
