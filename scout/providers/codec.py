"""Encode adapter answers (typed models, lists, mappings) as JSON and back.

The cache and the reply-level recorder store ``Reply.value`` as JSON; this module keeps
the type so that a cached ``list[Source]`` comes back as ``list[Source]``. Only pydantic
models are rebuilt (``{"__model__": "module:Class", "data": ...}``), never arbitrary
objects.
"""

from __future__ import annotations

import importlib
from typing import Any

from pydantic import BaseModel

from scout.providers.contract import Reply, Usage


def encode(value: Any) -> Any:
    if isinstance(value, BaseModel):
        cls = type(value)
        return {"__model__": f"{cls.__module__}:{cls.__qualname__}",
                "data": value.model_dump(mode="json")}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {"__map__": {str(k): encode(v) for k, v in value.items()}}
    return value


def _model(path: str) -> type[BaseModel]:
    module, _, qual = path.partition(":")
    obj: Any = importlib.import_module(module)
    for part in qual.split("."):
        obj = getattr(obj, part)
    if not (isinstance(obj, type) and issubclass(obj, BaseModel)):
        raise TypeError(f"{path} is not a pydantic model")
    return obj


def decode(data: Any) -> Any:
    if isinstance(data, list):
        return [decode(v) for v in data]
    if isinstance(data, dict):
        if "__model__" in data:
            return _model(data["__model__"]).model_validate(data["data"])
        if "__map__" in data:
            return {k: decode(v) for k, v in data["__map__"].items()}
    return data


def encode_reply(reply: Reply[Any]) -> dict[str, Any]:
    return {
        "value": encode(reply.value),
        "usage": reply.usage.model_dump(mode="json"),
        "status": reply.status,
        "meta": encode(reply.meta),
    }


def decode_reply(data: dict[str, Any]) -> Reply[Any]:
    return Reply(
        value=decode(data["value"]),
        usage=Usage.model_validate(data.get("usage") or {}),
        status=data.get("status"),
        meta=decode(data.get("meta")) or {},
    )
