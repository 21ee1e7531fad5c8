"""docs/errors.md has a section for every error code scout uses."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
CODE = re.compile(r"\b(?:SPEC|CFG|USE|PRV|RUN|ML|MAIL|REP)\d{3}\b")


def codes_in_source() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "scout").rglob("*.py"):
        found |= set(CODE.findall(path.read_text(encoding="utf-8")))
    return found


def documented() -> set[str]:
    text = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    return set(re.findall(r"^## ((?:SPEC|CFG|USE|PRV|RUN|SCOUT|ML|MAIL|REP)\d{3})\s*$", text, re.M))


def test_every_code_used_in_scout_has_a_section() -> None:
    used = codes_in_source()
    assert len(used) > 40  # the scan itself works
    missing = sorted(used - documented())
    assert not missing, f"add a '## CODE' section to docs/errors.md for: {missing}"


def test_sections_say_what_and_how_to_fix() -> None:
    text = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    sections = re.split(r"^## ", text, flags=re.M)[1:]
    for section in sections:
        code = section.split("\n", 1)[0].strip()
        assert "**What:**" in section, f"{code} has no 'What:'"
        if code[-3:] != "000":  # the generic base codes have nothing specific to fix
            assert "**Fix:**" in section, f"{code} has no 'Fix:'"


def test_no_code_is_documented_twice() -> None:
    text = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    heads = re.findall(r"^## (\S+)", text, re.M)
    assert len(heads) == len(set(heads))
