"""A free ``string`` input (no enum, no pattern) is never read from a request (only an
e-mail address is, for an input that says it holds one), so ``aliases`` on it promise a
reading that never happens: a located warning (SPEC081), never for an input the parser
does read."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.spec.loader import load_pipeline
from scout.task.build import build_task
from scout.validate import validate_paths

HEAD = """apiVersion: scout/v1
name: corpus
inputs:
  topic: {type: subject}
"""
TAIL = """phases:
  F0: {uses: task, produces: [task]}
"""


def _warnings(tmp_path: Path, inputs: str) -> list[tuple[str, int, int]]:
    spec = tmp_path / "p.yaml"
    spec.write_text(HEAD + inputs + TAIL, encoding="utf-8")
    result = validate_paths([spec])
    assert result.ok  # a warning: the kind still runs
    return [(p.code, p.location.line, p.location.col) for p in result.problems
            if p.code == "SPEC081" and p.location is not None]


@pytest.mark.parametrize("inputs", [
    "  author: {type: string, aliases: [by, autor]}\n",
    "  authors: {type: list, items: string, aliases: [by, autor]}\n",
])
def test_aliases_on_a_free_string_are_a_located_warning(tmp_path, inputs):
    assert _warnings(tmp_path, inputs) == [("SPEC081", 5, inputs.index("[") + 1)]
    # and the request that alias was meant for really sets nothing
    spec = tmp_path / "p.yaml"
    name = inputs.split(":")[0].strip()
    task = build_task("books by Mary Beard", load_pipeline(spec).model.inputs,
                      today=dt.date(2026, 12, 6))
    assert not task.values.get(name)


@pytest.mark.parametrize("inputs", [
    "  author: {type: string}\n",                                    # set with --set
    "  author: {type: string, enum: [beard, cercas], aliases: [by]}\n",
    "  author: {type: string, pattern: 'by (?P<value>\\w+ \\w+)', aliases: [by]}\n",
    "  notify: {type: string, aliases: [correo]}\n",                # an e-mail is read
])
def test_an_input_the_parser_reads_is_no_warning(tmp_path, inputs):
    assert _warnings(tmp_path, inputs) == []
