"""Read the ``# expect:`` header of a corpus file and match it against problems.

Each invalid spec in tests/spec/invalid*/ states what the validator must report::

    # expect: SPEC021 @ 14 hint~"did you mean 'candidates'?"
    # expect: SPEC022 @ 12:13 msg~"F2 -> F4 -> F2"

``CODE @ LINE[:COL]`` is required; ``msg~"..."`` and ``hint~"..."`` are substrings of the
message and hint. Every expectation must match its own problem, and every error the
validator reports in that file must be expected: a spurious follow-on error fails too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from scout.errors import Problem

_EXPECT = re.compile(r"^#\s*expect:\s*(?P<code>[A-Z]+\d{3})\s*@\s*(?P<line>\d+)(?::(?P<col>\d+))?"
                     r"(?P<rest>.*)$")
_FIELD = re.compile(r'(msg|hint)~"((?:[^"\\]|\\.)*)"')


@dataclass(frozen=True)
class Expect:
    code: str
    line: int
    col: int | None
    msg: str | None
    hint: str | None

    def matches(self, p: Problem) -> bool:
        loc = p.location
        return (
            p.code == self.code
            and loc is not None
            and loc.line == self.line
            and (self.col is None or loc.col == self.col)
            and (self.msg is None or self.msg in p.message)
            and (self.hint is None or (p.hint is not None and self.hint in p.hint))
        )

    def __str__(self) -> str:
        at = f"{self.line}:{self.col}" if self.col else str(self.line)
        extra = "".join(f' {k}~"{v}"' for k, v in (("msg", self.msg), ("hint", self.hint)) if v)
        return f"{self.code} @ {at}{extra}"


def read_expectations(path: Path) -> list[Expect]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _EXPECT.match(line.strip())
        if not m:
            continue
        fields = dict(_FIELD.findall(m.group("rest")))
        out.append(Expect(m.group("code"), int(m.group("line")),
                          int(m.group("col")) if m.group("col") else None,
                          fields.get("msg"), fields.get("hint")))
    return out


def describe(p: Problem) -> str:
    return f"{p.location}: {p.code} {p.message}" + (f" (hint: {p.hint})" if p.hint else "")


def check(path: Path, problems: list[Problem]) -> None:
    """Assert the problems located in ``path`` are exactly the expected ones."""
    expects = read_expectations(path)
    assert expects, f"{path.name} has no '# expect:' header"
    mine = [p for p in problems if p.location is not None
            and Path(p.location.file).resolve() == path.resolve()]
    errors = [p for p in mine if p.severity == "error"]
    unmatched = list(mine)
    missing = []
    for e in expects:
        hit = next((p for p in unmatched if e.matches(p)), None)
        if hit is None:
            missing.append(e)
        else:
            unmatched.remove(hit)
    extra = [p for p in unmatched if p.severity == "error"]
    report = "\n".join(
        [f"expected, not reported: {e}" for e in missing]
        + [f"reported, not expected: {describe(p)}" for p in extra]
        + ["--- all reported:"] + [describe(p) for p in errors]
    )
    assert not missing and not extra, f"{path.name}:\n{report}"
