"""Fields a model leaves out of its dump while they hold their default.

Artifacts, their content hashes (which decide whether a phase is reused) and the reply
cache's keys (request dumps) are made of model dumps. A field added to such a model would
change the dump of every value that does not use it — a Money that is no range, a
candidate that is no video — and with it every stored hash and cassette. A model lists
those fields once::

    class Money(BaseModel):
        min: float | None = None
        _omit = omit_unset("min")

and they appear in its dumps (python and JSON, nested or not) only when set to something
other than their default, so old values dump byte for byte as before.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, SerializerFunctionWrapHandler, model_serializer


def omit_unset(*fields: str) -> Any:
    """A wrap ``model_serializer`` that drops ``fields`` while each equals its default
    (None, False, an empty list); assign it to a name in the class body."""
    if not fields:
        raise TypeError("omit_unset: name at least one field")

    def omit(self: BaseModel, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict):
            declared = type(self).model_fields
            for name in fields:
                # compared on the model's own value, not the dumped one: the default is
                # a Python value (0.0 is a range's start, not "unset")
                if getattr(self, name) == declared[name].get_default(call_default_factory=True):
                    data.pop(name, None)
        return data

    omit.__name__ = omit.__qualname__ = "omit_unset_" + "_".join(fields)
    return model_serializer(mode="wrap")(omit)
