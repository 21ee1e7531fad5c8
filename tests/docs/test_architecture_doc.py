"""docs/architecture.md is a true map of scout/: every package is named in it, and
every scout path and module file it names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
FILES = [p for p in ROOT.rglob("*")
         if not {".git", ".venv", "node_modules", "__pycache__"} & set(p.parts)]


def packages() -> list[str]:
    return sorted(str(p.parent.relative_to(ROOT)) for p in (ROOT / "scout").glob("*/__init__.py"))


def test_every_package_is_named() -> None:
    assert len(packages()) > 15  # the scan itself works
    missing = [p for p in packages()
               if f"{p}/" not in DOC and p.replace("/", ".") not in DOC]
    assert not missing, f"docs/architecture.md does not mention {missing}"


def test_every_scout_path_named_exists() -> None:
    named = set(re.findall(r"\bscout/[\w/]*\w(?:\.py)?/?", DOC))
    assert len(named) > 10
    gone = sorted(p for p in named if not (ROOT / p).exists())
    assert not gone, f"docs/architecture.md names paths that do not exist: {gone}"


def test_every_module_file_named_exists() -> None:
    # a bare `board.py` is read in its section's package: it must exist somewhere in the repo
    named = set(re.findall(r"`([\w/]+\.py)`", DOC)) | set(re.findall(r"`[^`]*?([\w/]+\.py)`", DOC))
    assert len(named) > 30
    paths = {str(p.relative_to(ROOT)) for p in FILES}
    gone = sorted(n for n in named if not any(p == n or p.endswith("/" + n) for p in paths))
    assert not gone, f"docs/architecture.md names modules that do not exist: {gone}"
