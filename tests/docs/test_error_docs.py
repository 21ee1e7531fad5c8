"""docs/errors.md has a section for every error code scout uses, and documents no code
scout cannot raise."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PREFIXES = "SPEC|CFG|USE|PRV|RUN|SCOUT|ML|MAIL|REP"
CODE = re.compile(rf"\b(?:{PREFIXES})\d{{3}}\b")
# a code as a string literal: what an error is raised or built with (a comment or a
# docstring that mentions a code does not make it one scout can raise)
LITERAL = re.compile(rf"[\"']((?:{PREFIXES})\d{{3}})[\"']")


def codes_in_source(pattern: re.Pattern[str] = CODE) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "scout").rglob("*.py"):
        found |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return found


def documented() -> set[str]:
    text = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    return set(re.findall(rf"^## ((?:{PREFIXES})\d{{3}})\s*$", text, re.M))


def test_every_code_used_in_scout_has_a_section() -> None:
    used = codes_in_source()
    assert len(used) > 40  # the scan itself works
    missing = sorted(used - documented())
    assert not missing, f"add a '## CODE' section to docs/errors.md for: {missing}"


def test_every_code_given_to_an_error_has_a_known_prefix() -> None:
    # a new family of codes (say "NET001") would slip past the scans above
    given = codes_in_source(re.compile(r"\bcode(?:: str)? ?= ?[\"']([A-Z]+\d{3})[\"']"))
    assert len(given) > 40
    unknown = sorted(c for c in given if not CODE.fullmatch(c))
    assert not unknown, f"codes with a new prefix (add it to PREFIXES): {unknown}"


def test_every_documented_code_is_one_scout_raises() -> None:
    raised = codes_in_source(LITERAL)
    assert len(raised) > 40
    stale = sorted(documented() - raised)
    assert not stale, f"docs/errors.md documents codes no code raises: {stale}"


def test_every_section_heading_is_a_known_code() -> None:
    text = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    heads = set(re.findall(r"^## (\S+)", text, re.M))
    assert heads == documented(), f"headings that are not codes: {sorted(heads - documented())}"


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


def test_every_code_other_docs_name_has_a_section() -> None:
    # a code quoted in running.md or an example's README that errors.md lost (renamed,
    # merged) sends a reader to a section that is not there
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
            *sorted((ROOT / "examples").glob("*/README.md")),
            *sorted((ROOT / ".agents").rglob("*.md"))]
    named = {(code, p.relative_to(ROOT).as_posix()) for p in docs
             for code in CODE.findall(p.read_text(encoding="utf-8"))}
    assert len(named) > 40
    unknown = sorted(f"{code} ({doc})" for code, doc in named if code not in documented())
    assert not unknown, f"codes the docs name that docs/errors.md has no section for: {unknown}"


def _sections() -> dict[str, str]:
    """Each code's section, up to the next section, rule or group heading."""
    text = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    return {m.group(1): m.group(2) for m in re.finditer(
        r"^## (\S+)\n(.*?)(?=^## |^---|^# |\Z)", text, re.S | re.M)}


def test_an_exit_code_a_section_states_is_its_errors() -> None:
    # "(exit 1)" in a section is what a script reading $? relies on
    from scout.errors.base import ScoutError

    classes: set[type] = set()
    todo: list[type] = [ScoutError]
    while todo:
        for sub in todo.pop().__subclasses__():
            classes.add(sub)
            todo.append(sub)
    sections = _sections()
    checked, wrong = 0, []
    for cls in classes:
        code, exit_code = getattr(cls, "code", None), getattr(cls, "exit_code", None)
        said = {int(n) for n in re.findall(r"\bexit (?:code )?`?(\d+)`?",
                                           sections.get(code or "", ""))}
        if said:
            checked += 1
            if exit_code not in said:
                wrong.append(f"{code} ({cls.__name__}): exits {exit_code}, the doc says {said}")
    assert checked >= 5
    assert not wrong, wrong


def test_each_section_sits_in_its_group_in_order() -> None:
    # a reader looks a code up by its group and number: a section merged at the end of the
    # page (a USE code among the RUN ones) is one they do not find. REP and MAIL codes are
    # report and e-mail phases' failures, kept in the RUN group (the page says so).
    text = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    group, seen, wrong = "", [], []
    for line in prose.splitlines():
        if m := re.match(r"# ([A-Z]+) — ", line):
            group, seen = m.group(1), []
        elif m := re.match(r"## ([A-Z]+)(\d{3})\s*$", line):
            prefix, number = m.group(1), int(m.group(2))
            home = "RUN" if prefix in {"REP", "MAIL"} else prefix
            if group and home != group:
                wrong.append(f"{prefix}{m.group(2)} is under '# {group}'")
            key = ({"RUN": 0, "REP": 1, "MAIL": 2}.get(prefix, 0), number)
            if seen and key < seen[-1]:
                wrong.append(f"{prefix}{m.group(2)} comes after a higher number")
            seen.append(key)
    assert group == "ML"  # the scan reached the last group
    assert not wrong, wrong
