"""Whether a stored answer has the shape its adapter answers with.

Every adapter type declares what it answers (its ``call`` returns ``Reply[list[Source]]``,
``Reply[Synthesis]``, …). The cache is a file anyone may edit, and the codec rebuilds
only what an entry names: an entry edited to hold a number, text or bare mappings where a
search's sources were failed the phase that read it with a Python error
("AttributeError: 'str' object has no attribute 'url'", not retryable), the mission with
it. :func:`fits` checks a value against the declared type (model instances as the codec
rebuilds them, nothing coerced); the cache's reader takes one that does not fit as a
miss, asked again, and a cassette's reply-level replay refuses it naming the file.

Strict validation still builds a model from a mapping of the right fields; a phase reads
the answer as it is stored, not as validated ("'dict' object has no attribute 'status'"),
so a mapping where a model is declared does not fit either (:func:`_as_stored`).
"""

from __future__ import annotations

import typing
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from scout.config.adaptertypes import ADAPTER_TYPES


@lru_cache(maxsize=None)
def _declared(type_name: str) -> TypeAdapter[Any] | None:
    """The type adapter type ``type_name`` declares for its answers' value, or None when
    it declares none (``Any``) or it cannot be read (an unknown or broken plug-in)."""
    try:
        cls: Any = ADAPTER_TYPES[type_name].load()
        hints = typing.get_type_hints(cls.call)
        args = typing.get_args(hints.get("return"))
    except Exception:  # noqa: BLE001 - no declared shape: nothing to hold an answer to
        return None
    if not args or args[0] is Any:
        return None
    try:
        return TypeAdapter(args[0])
    except Exception:  # noqa: BLE001 - a type pydantic cannot check: as above
        return None


def fits(type_name: str, value: Any) -> bool:
    """Whether ``value`` is what adapter type ``type_name`` answers with (always, when it
    declares nothing)."""
    checker = _declared(type_name)
    if checker is None:
        return True
    try:
        checked = checker.validate_python(value, strict=True)
    except ValidationError:
        return False
    return _as_stored(checked, value)


def _as_stored(checked: Any, value: Any) -> bool:
    """Whether validation built no model the stored ``value`` did not already hold (every
    model in ``checked`` stands where ``value`` has one)."""
    if isinstance(checked, BaseModel):
        return isinstance(value, BaseModel)
    if isinstance(checked, (list, tuple)):
        return (isinstance(value, (list, tuple)) and len(checked) == len(value)
                and all(_as_stored(c, v) for c, v in zip(checked, value)))
    if isinstance(checked, dict):
        return (isinstance(value, dict) and checked.keys() == value.keys()
                and all(_as_stored(checked[k], value[k]) for k in checked))
    return True
