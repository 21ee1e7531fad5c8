"""README.md's "What is here" table names every examples/* folder (a kind added under
examples/ without a line there is invisible to a new user)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_every_example_folder_is_in_the_readme_table() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text.split("## What is here", 1)[1].split("\n## ", 1)[0]
    folders = sorted(p.name for p in (ROOT / "examples").iterdir() if p.is_dir())
    assert len(folders) >= 10
    # a row's path cell (`examples/NAME/`), or the examples row's own list (`NAME/`)
    missing = [f for f in folders
               if not re.search(rf"`(?:examples/)?{re.escape(f)}/", table)]
    assert not missing, f"README.md's 'What is here' table does not name examples {missing}"


def test_every_example_kind_is_in_the_authoring_table_with_its_test() -> None:
    # docs/authoring.md's table of complete kinds (under rank): one row per examples/*
    # project (a folder with pipelines/; the demo cassette has none), and the test each
    # row points to is there
    text = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    table = text.split("Complete kinds built this way live under `examples/`", 1)[1]
    rows = re.findall(r"^\| `([\w-]+)/` \| (.+) \|$", table.split("\n\n", 2)[1], re.M)
    kinds = sorted(p.parent.name for p in (ROOT / "examples").glob("*/pipelines"))
    assert len(kinds) >= 10
    assert sorted(name for name, _ in rows) == kinds
    untested = [k for k in kinds
                if not (ROOT / "tests" / "kinds" / f"test_{k.replace('-', '_')}.py").is_file()]
    assert not untested, f"the table says tests/kinds/test_<name>.py tests {untested}"
