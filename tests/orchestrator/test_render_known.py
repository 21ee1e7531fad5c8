"""Fingerprints render a phase's templates with what is known before it runs
(``render_known``); a template that fails on data only its phase would use (a rank
reason joining a list the request left empty) is kept as written, never a crash (found
writing the laptops kind: ``{{ task.brands | join(', ') }}`` with no brands asked)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scout.orchestrator.scope import render_known


@pytest.mark.parametrize("text", [
    "{{ task.brands | join(', ') }}",          # TypeError: None is not iterable
    "{{ task.n / 0 }}",                        # ZeroDivisionError
    "{{ task.brands[3] }}",                    # None has no item: an Undefined error
    "{{ {'a': 1}[task.key] }}",                # a key the dict lacks
])
def test_a_template_failing_on_data_is_kept_as_written(text) -> None:
    task = SimpleNamespace(brands=None, n=1, key="b")
    value = {"reasons": [text, "{{ task.n + 1 }}"]}
    assert render_known(value, {"task": task}) == {"reasons": [text, "2"]}
