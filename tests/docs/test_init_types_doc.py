"""The input types `scout init --input NAME:TYPE` takes (scout.scaffold.TYPES) are the ones
its `--help` and docs/authoring.md list: `subject` was taken but in neither list's docs."""

from __future__ import annotations

import re
from pathlib import Path

from scout.cli import cli
from scout.scaffold import TYPES

ROOT = Path(__file__).resolve().parent.parent.parent


def test_init_help_lists_every_type() -> None:
    import scout.cli.author_cmds  # noqa: F401 - the command registers on import

    option = next(p for p in cli.commands["init"].params if p.name == "inputs")
    listed = re.search(r"TYPE: ([a-z_, ]+);", option.help or "")
    assert listed is not None and set(listed.group(1).split(", ")) == set(TYPES)


def test_authoring_lists_every_type() -> None:
    text = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    start = text.index("`--input NAME:TYPE` (repeatable)")
    listed = text[start:text.index(").", start)]
    assert set(re.findall(r"`([a-z_]+)`", listed)) - {"topic"} == set(TYPES)
