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
