"""Whether a stored answer has the shape its adapter answers with.

Every adapter type declares what it answers (its ``call`` returns ``Reply[list[Source]]``,
``Reply[Synthesis]``, …). The cache is a file anyone may edit, and the codec rebuilds
only what an entry names: an entry edited to hold a number, text or bare mappings where a
search's sources were failed the phase that read it with a Python error
("AttributeError: 'str' object has no attribute 'url'", not retryable), the mission with
it. :func:`fits` checks a value against the declared type (model instances as the codec
rebuilds them, nothing coerced); the cache's reader takes one that does not fit as a
miss, asked again.
"""

from __future__ import annotations

import typing
from functools import lru_cache
from typing import Any

from pydantic import TypeAdapter, ValidationError

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
        checker.validate_python(value, strict=True)
    except ValidationError:
        return False
    return True
