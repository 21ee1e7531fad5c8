"""What a user or an agent types, end to end: a request holding terminal escape sequences
(an OSC 8 hyperlink, a screen clear), a bidi override, NULs, zero-width joiners inside the
city's name, HTML and script, in the query and in ``--set`` values, run through
``scout apply`` on the demo cassette (offline). Each mission runs as the plain request
would; nothing of the hostile text reaches the console, the journal or the run's files
as a control sequence, and in headless Chromium the HTML report runs none of the script
(skipped with the reason where Chromium is not installed)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scout.cli import main
from tests.e2e.world import QUERY, ROOT

DEMO = ROOT / "examples" / "hotel-barcelona" / "cassette"
PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")
OSC8 = "\x1b]8;;https://evil.example/\x07"
SCRIPT = '<script>window.pwned=1</script><img src=x onerror="window.pwned2=1">'
#: what must never come out: ESC, the 8-bit CSI/OSC, a bidi override, NUL
FORBIDDEN = ("\x1b", "\x9b", "\x9d", "\u202e", "\x00")


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(ROOT / "config", tmp_path / "config")
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _apply(query: str, *extra: str) -> int:
    return main(["apply", PIPELINE, "--query", query, "--progress", "plain",
                 "--replay", str(DEMO), *extra])


def _files_text(folder: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8", errors="replace")
                     for p in sorted(folder.rglob("*")) if p.is_file()
                     and p.suffix in (".json", ".jsonl", ".md", ".html", ".log", ".csv"))


HOSTILE = {
    "osc8-and-clear": QUERY.replace("Barcelona", f"{OSC8}Barcelona\x1b]8;;\x07\x1b[2J\x1b[H"),
    "bidi-and-nul": QUERY.replace("hotels", "hotels\x00").replace("reviews",
                                                                 "reviews \u202egnp.exe"),
    "joiners-in-the-city": QUERY.replace("Barcelona", "Barce\u200dlo\u200bna"),
    "html": QUERY + " " + SCRIPT,
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_query_runs_as_the_plain_one_and_nothing_of_it_escapes(
        root: Path, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = _apply(HOSTILE[name], "--mission-id", f"hostile-{name}")
    out = capsys.readouterr()
    said = out.out + out.err
    assert code == 0, said  # the cassette answered: the city and month read as plain
    assert "Traceback" not in said and "internal error" not in said.lower()
    assert not [c for c in FORBIDDEN if c in said], repr(said[-400:])
    run = root / "runs" / f"hostile-{name}"
    task = json.loads((run / "task.json").read_text(encoding="utf-8"))["task"]
    assert task["values"]["destination"] == "Barcelona"
    written = _files_text(run) + _files_text(root / "runtime")
    assert not [c for c in ("\x1b", "\u202e") if c in written.replace("\\u001b", "")]
    assert "<script>window.pwned" not in (run / "report.html").read_text(encoding="utf-8")


def test_html_in_the_query_and_a_set_value_runs_no_script_in_the_report(
        root: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    from tests.ops.browser import chromium, chromium_paths

    code = _apply(QUERY + " " + SCRIPT + ' <svg onload="window.pwned3=1">',
                  "--mission-id", "hostile-html-set", "--set",
                  'destination=Barcelona <b onmouseover="window.pwned3=1">')
    run = root / "runs" / "hostile-html-set"
    assert code in (0, 1) and (run / "report.html").is_file()
    chromium_paths()
    with chromium(tmp_path_factory.mktemp("profile")) as driver:
        driver.get((run / "report.html").as_uri())
        got = driver.execute_script(
            "return [window.pwned || 0, window.pwned2 || 0, window.pwned3 || 0, "
            "document.querySelectorAll('script, img[onerror], svg[onload], b[onmouseover]')"
            ".length]")
    assert got == [0, 0, 0, 0]


@pytest.mark.parametrize("extra, code, words", [
    (["--mission-id", "../outside"], "USE002", "is a path, not a name"),
    (["--mission-id", "runs/../../x"], "USE002", "is a path"),
    (["--set", "../x=1"], "USE001", "has no input '../x'"),
])
def test_paths_in_ids_and_set_keys_are_refused_before_anything_is_written(
        root: Path, extra: list[str], code: str, words: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert _apply(QUERY, *extra) == 2
    err = capsys.readouterr().err
    assert code in err and words in err and "hint:" in err
    assert not (root / "outside").exists() and not (root.parent / "x").exists()
    assert not (root / "runs").exists() or not any((root / "runs").iterdir())


def test_a_set_value_that_is_a_path_is_only_a_word_of_the_search(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _apply(QUERY, "--mission-id", "hostile-set-path", "--set",
           "destination=../../../etc/passwd")
    capsys.readouterr()
    runs = root / "runs"
    assert [p.name for p in runs.iterdir()] == ["hostile-set-path"]
    assert not list(root.parent.glob("etc*"))


@pytest.mark.parametrize("value", [
    "a@b.c\r\nBcc: x@y.z",
    "ana@example.org\nCc: spy@evil.example",
    "ana@example.org%0d%0aBcc:spy@evil.example",
    "<ana@example.org>\r\nSubject: pwned",
])
def test_an_email_value_that_is_a_header_injection_is_refused_before_anything_runs(
        root: Path, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    # it was refused only by the e-mail phase (E7), after every paid phase had run
    assert _apply(QUERY, "--mission-id", "hostile-mail", "--set",
                  f"notify_email={value}") == 2
    err = capsys.readouterr().err
    assert "MAIL001" in err and "is not an e-mail address" in err and "phase E7" in err
    assert "hint: fix notify_email" in err and "\r" not in err
    assert not (root / "runs" / "hostile-mail").exists()


def test_a_plain_address_passes_the_check(root: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    _apply(QUERY, "--mission-id", "mail-ok", "--set", "notify_email=ana@example.org, "
           "luis@example.com")
    assert "MAIL001" not in capsys.readouterr().err
    assert (root / "runs" / "mail-ok" / "task.json").is_file()
