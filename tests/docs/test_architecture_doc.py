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


def _named(path: Path, same_name: int) -> bool:
    """Whether the doc names the module: its path (`scout/steps/rank.py`, or under scout/:
    `steps/rank.py`), its dotted name, or its file name alone when no other module has it."""
    rel = path.relative_to(ROOT).as_posix()
    under = path.relative_to(ROOT / "scout").as_posix()
    if rel in DOC or re.search(re.escape(rel[:-3].replace("/", ".")) + r"\b", DOC):
        return True
    if re.search(r"(?<![\w/])" + re.escape(under), DOC):
        return True
    return same_name == 1 and re.search(r"(?<![\w/.])" + re.escape(path.name), DOC) is not None


def test_every_module_is_named() -> None:
    # the code map is the page a newcomer reads to find where a thing lives: a module it
    # does not name is one they cannot find (scaffold templates under files/ are no modules)
    modules = [p for p in (ROOT / "scout").rglob("*.py") if p.name != "__init__.py"
               and not {"__pycache__", "files"} & set(p.relative_to(ROOT).parts)]
    assert len(modules) > 200
    names = [p.name for p in modules]
    missing = sorted(p.relative_to(ROOT / "scout").as_posix() for p in modules
                     if not _named(p, names.count(p.name)))
    assert not missing, f"docs/architecture.md's module index lacks {missing}"
