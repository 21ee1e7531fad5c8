"""The e-mail's subject line: one line, nothing invisible (scout.steps.email.subject_line)."""

from __future__ import annotations

import pytest

from scout.steps.email import subject_line


@pytest.mark.parametrize("rendered,expected", [
    ("scout: hotels in Barcelona, September 2026", "scout: hotels in Barcelona, September 2026"),
    ("scout: Hotel Prak\u202etik\u200b\nBcc: x@evil.example", "scout: Hotel Praktik Bcc: x@evil.example"),
    ("scout: \x1b[31mred\x1b[0m\x00 \u2066Casa\u2069", "scout: red Casa"),
    ("x" * 300, "x" * 200),
])
def test_subject_line(rendered: str, expected: str) -> None:
    assert subject_line(rendered) == expected
