"""No model `scout validate` builds takes a builtin as its ``default_factory``: pydantic
reads each factory's signature, and a builtin's goes through inspect's text signatures and
tokenize, whose first use compiles a large regex (~10 ms of every validate;
scout.spec.basics.new_list, benchmarks/cli.py)."""

from __future__ import annotations

import inspect

from pydantic import BaseModel

import scout.validate  # noqa: F401 - every model validate builds, spec and config alike
from scout.spec.basics import StrictModel


def _models() -> list[type[BaseModel]]:
    found, todo = [], [StrictModel]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.append(sub)
            todo.append(sub)
    return found


def _builtin(factory: object) -> bool:
    return inspect.isbuiltin(factory) or (isinstance(factory, type)
                                          and factory.__module__ == "builtins")


def test_no_model_takes_a_builtin_default_factory() -> None:
    models = _models()
    assert len(models) > 30  # the spec's, the steps' parameters' and the config's
    slow = [f"{m.__module__}.{m.__qualname__}.{name}" for m in models
            for name, field in m.model_fields.items() if _builtin(field.default_factory)]
    assert slow == [], "use scout.spec.basics.new_list / new_dict: " + ", ".join(slow)


def test_the_check_sees_a_builtin() -> None:
    assert _builtin(list) and _builtin(dict) and not _builtin(StrictModel)
