"""docs/operations.md stays true to the CLI: every concrete `scout ...` command in its
bash blocks parses (the command exists and takes every option it is shown with)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from scout.cli import main

ROOT = Path(__file__).resolve().parent.parent.parent
DOC = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")


def commands() -> list[str]:
    out = []
    for block in re.findall(r"```bash\n(.*?)```", DOC, re.S):
        for line in block.splitlines():
            line = line.split("  #", 1)[0].split(" > ", 1)[0].strip()
            if line.startswith("scout ") and "[" not in line and "|" not in line:
                out.append(line)
    return out


def test_the_doc_has_commands() -> None:
    assert len(commands()) >= 10


@pytest.mark.parametrize("line", commands())
def test_command_parses(line: str, capsys) -> None:
    args = shlex.split(line)[1:]
    # --help is eager: click parses every option first (an unknown one fails), then exits
    assert main(args + ["--help"]) == 0, capsys.readouterr().err
    assert "Usage:" in capsys.readouterr().out
