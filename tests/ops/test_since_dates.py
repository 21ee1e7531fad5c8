"""A date-taking option reads only a date somebody means.

``--since`` (``scout journal``/``cost``, the HTTP API's and MCP's ``since``) took
``"1" * 50`` as 1111-11-11T11:11:11.111 (Python's ``fromisoformat`` reads a compact ISO
form) and listed every line; a date input's ``--set`` took ``11111111`` as 1111-11-11.
Now digits alone are no date, a journal filter before 1970 is out of range and a date
input's year is 1900-2200 (as a month's), each a clear error in both languages.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scout.audit.filters import parse_since
from scout.errors import BadRequestValue, UsageError
from scout.task.values import parse_date
from tests.mcp.conftest import demo_root, scout_mcp

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("text", ["1" * 50, "2" * 20, "20260901", "20260901T1000",
                                  "2026W011", "9" * 8, "2026-09-01T" + "1" * 60])
def test_digits_alone_are_no_since(text: str) -> None:
    with pytest.raises(UsageError) as info:
        parse_since(text)
    assert info.value.code == "USE001" and "not a date, date-time or age" in str(info.value)


@pytest.mark.parametrize("text", ["1111-11-11", "0001-01-01", "1969-12-31T23:00Z",
                                  "1899-05-04 10:00+02:00"])
def test_a_since_before_any_journal_is_out_of_range(text: str) -> None:
    with pytest.raises(BadRequestValue) as info:
        parse_since(text, name="since")
    assert info.value.code == "USE061" and "before any journal" in str(info.value)


@pytest.mark.parametrize("text, start", [
    ("2026-09-01", "2026-09-01T00:00:00.000Z"),
    ("2026-09-01T10:00Z", "2026-09-01T10:00:00.000Z"),
    ("2026-09-01 12:00+02:00", "2026-09-01T10:00:00.000Z"),
    ("2999-01-01", "2999-01-01T00:00:00.000Z"),  # later than any line: lists nothing
])
def test_the_dates_people_write_still_read(text: str, start: str) -> None:
    assert parse_since(text) == start


@pytest.mark.parametrize("text, said", [
    ("11111111", "is not a date; write YYYY-MM-DD"),
    ("1" * 50, "is not a date; write YYYY-MM-DD"),
    ("2026W011", "is not a date; write YYYY-MM-DD"),
    ("1111-11-11", "the year 1111 is out of range (1900-2200)"),
    ("2026-09-01..9999-01-01", "the year 9999 is out of range (1900-2200)"),
    ("2026-02-30", "is not a day of the calendar"),
])
def test_a_date_input_reads_only_a_date_somebody_means(text: str, said: str) -> None:
    with pytest.raises(ValueError, match=said.replace("(", r"\(").replace(")", r"\)")):
        parse_date(text)
    assert str(parse_date(" 2026-09-15 .. 2026-09-20 ")) == "2026-09-15 to 2026-09-20"


def _scout(tmp_path: Path, *args: str, lang: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SCOUTE_", "LC_"))}
    env.update(SCOUTE_RESEARCH_ROOT=str(tmp_path), PYTHONPATH=str(ROOT), LANG=lang)
    return subprocess.run([sys.executable, "-m", "scout", *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("command", ["journal", "cost"])
def test_the_command_line_says_it_in_either_language(tmp_path: Path, command: str) -> None:
    (tmp_path / "config").mkdir()
    for lang, words in [("es_ES.UTF-8", ("no es una fecha", "el año 1111 es anterior")),
                        ("C.UTF-8", ("not a date", "the year 1111 is before any journal"))]:
        digits = _scout(tmp_path, command, "--since", "1" * 50, lang=lang)
        old = _scout(tmp_path, command, "--since", "1111-11-11", lang=lang)
        for proc, code, word in [(digits, "USE001", words[0]), (old, "USE061", words[1])]:
            out = proc.stdout + proc.stderr
            assert proc.returncode == 2 and code in out and word in out, out
            assert "Traceback" not in out


@pytest.mark.anyio
async def test_the_mcp_tools_refuse_it(tmp_path: Path) -> None:
    root = demo_root(tmp_path / "root")
    async with scout_mcp(root) as client:
        digits = await client.call_tool("journal", {"since": "1" * 50})
        old = await client.call_tool("cost", {"since": "1492-10-12"})
    assert digits.is_error and "USE001" in digits.content[0].text
    assert old.is_error and "USE061" in old.content[0].text
    assert "1492" in old.content[0].text and "Traceback" not in old.content[0].text
