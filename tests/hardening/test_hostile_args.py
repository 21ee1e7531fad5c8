"""Odd values of command-line arguments: a usage error (exit 2) that says what is wrong,
never an internal error, and nothing written before the refusal."""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scout.api.request import check_cap
from scout.cli import main
from scout.errors import UsageError
from scout.providers.journal import Journal

ROOT = Path(__file__).resolve().parents[2]
PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")


@pytest.mark.parametrize("limit", ["99999999999999999999999", str(2**63), str(2**63 - 1)])
@pytest.mark.parametrize("index", [[], ["--no-index"]], ids=["index", "scan"])
def test_a_journal_limit_past_any_journal_is_all_of_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        limit: str, index: list[str]) -> None:
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    journal = Journal(runtime)
    for i in range(3):
        journal.append({"ts": f"2026-12-01T10:00:0{i}+00:00", "mission": f"m{i}",
                        "adapter": "tavily", "phase": "F1", "result": "ok"})
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert main(["journal", "-n", limit, "--json", *index]) == 0
    out, err = capsys.readouterr()
    assert "internal error" not in err
    assert [e["mission"] for e in json.loads(out)["entries"]] == ["m0", "m1", "m2"]


@pytest.mark.parametrize("cap", ["nan", "inf", "-inf", "1e400"])
@pytest.mark.parametrize("command", [
    ["apply", PIPELINE, "--query", "hotels in Rome"],
    ["batch", "apply", PIPELINE, "--queries", "q.csv"],
], ids=["apply", "batch"])
def test_a_cost_cap_that_is_not_a_number_of_usd_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        cap: str, command: list[str]) -> None:
    """NaN compared false with the spend, so ``--max-cost nan`` never stopped a run (and
    the batch printed ``$0.0000 of $nan``)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "q.csv").write_text("query\nhotels in Rome\n", encoding="utf-8")
    runs = tmp_path / "runs"
    code = main([*command, "--max-cost", cap, "--runs-dir", str(runs), "--replay",
                 str(tmp_path), "--progress", "none"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "--max-cost" in err and "internal error" not in err
    assert not runs.exists()  # refused before any run dir or batch record


@pytest.mark.parametrize("cap", [float("nan"), float("inf"), -0.5, True, "1"])
def test_check_cap_refuses_what_no_cap_can_be(cap: object) -> None:
    with pytest.raises(UsageError, match="max_cost"):
        check_cap(cap, "max_cost")  # type: ignore[arg-type]


def test_check_cap_takes_numbers_of_usd() -> None:
    assert check_cap(None) is None
    assert check_cap(0) == 0.0 and check_cap(2.5) == 2.5


LONG = "x" * 5000  # one name past NAME_MAX (255), the whole past PATH_MAX (4096)


@pytest.mark.parametrize("command", [
    ["validate", LONG],
    ["graph", LONG],
    ["plan", LONG, "--query", "hotels in Rome"],
    ["plan", PIPELINE, "--query", "hotels in Rome", "--runs-dir", LONG],
    ["apply", PIPELINE, "--query", "hotels in Rome", "--replay", LONG],
    ["status", "m1", "--runs-dir", LONG],
    ["runs", "--runs-dir", LONG],
    ["doctor", "--config", LONG],
    ["batch", "apply", PIPELINE, "--queries", LONG],
], ids=lambda c: "-".join(a for a in c if a != LONG and not a.startswith("/"))[:40])
def test_a_path_too_long_for_the_system_is_a_usage_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        command: list[str]) -> None:
    """ENAMETOOLONG was an internal error (exit 70) at every path argument, and its
    message repeated the 5000 characters."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    code = main(command)
    err = capsys.readouterr().err
    assert code == 2, err
    assert "error USE004:" in err and "longer than this system allows" in err, err
    assert re.search(r"\(\d{4,} characters\)", err) and len(err) < 1000  # clipped


def test_a_symlink_loop_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    code = main(["plan", PIPELINE, "--query", "hotels in Rome", "--runs-dir",
                 str(tmp_path / "a")])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "error USE004:" in err and "symbolic links loop" in err, err


@pytest.mark.parametrize("query", [" ", " \t\n ", "\u00a0\u2003\u3000", "\u200b\ufeff\u202e",
                                   "\x1b[31m \x1b[0m"],
                         ids=["space", "whitespace", "wide-spaces", "invisible", "colours"])
@pytest.mark.parametrize("command", ["apply", "plan"])
def test_a_blank_query_is_no_request(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str], query: str,
                                     command: str) -> None:
    """As --query "" is: USE001 before anything is written (a blank query made a run dir,
    failed its task phase, exit 1, and wrote a stopped page quoting nothing)."""
    monkeypatch.chdir(tmp_path)
    runs = tmp_path / "runs"
    code = main([command, PIPELINE, "--query", query, "--runs-dir", str(runs)]
                + (["--replay", str(tmp_path), "--progress", "none"] if command == "apply"
                   else []))
    err = capsys.readouterr().err
    assert code == 2, err
    assert "error USE001: nothing to research" in err
    assert not runs.exists()


def test_a_blank_query_with_inputs_is_a_request(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", PIPELINE, "--query", "  ", "--set", "destination=Rome",
                 "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["task"]["values"]["destination"] == "Rome"


def test_a_set_value_is_read_as_plainly_as_the_query(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A bidi override, a colour code, a window-title sequence or decomposed accents in a
    --set value went into the Task (then the providers' queries) as it was."""
    value = "\u202eBarcel\x1b[31mona\x1b]0;pwn\x07 Gra\u0301cia"
    assert main(["plan", PIPELINE, "--query", "hotels", "--set", f"destination={value}",
                 "--format", "json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    assert plan["task"]["values"]["destination"] == "Barcelona Gr\u00e1cia"  # composed (NFC)


def _scout_limited(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``scout ARGS`` in a child held to 2 GB of address space and 60 s."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("SCOUT_TRACEBACK", None)
    return subprocess.run([sys.executable, "-m", "scout", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=60, preexec_fn=limit)


@pytest.mark.parametrize("command", ["plan", "apply"])
def test_a_config_that_is_a_device_is_refused_not_read_forever(tmp_path: Path,
                                                               command: str) -> None:
    """``--config /dev/zero``: the validation memo read it whole to stamp it (no end: the
    machine ran out of memory); doctor and validate refused it already."""
    proc = _scout_limited([command, PIPELINE, "--query", "hotels in Rome", "--config",
                           "/dev/zero", "--runs-dir", str(tmp_path / "runs")], tmp_path)
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "/dev/zero" in proc.stderr and "internal error" not in proc.stderr


def test_a_templates_folder_that_links_back_to_itself_is_walked_once(tmp_path: Path) -> None:
    """templates/a -> . and templates/b -> .: the memo's folder stamp walked 2**40 paths
    (until ELOOP) and `scout plan` never finished."""
    for name in ("pipelines", "config", "templates"):
        shutil.copytree(ROOT / name, tmp_path / name)
    for link in ("a", "b"):
        (tmp_path / "templates" / link).symlink_to(".")
    proc = _scout_limited(["plan", "pipelines/hotel_research.yaml", "--query",
                           "hotels in Rome", "--runs-dir", str(tmp_path / "runs")], tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]


KEY = "tvly-HOSTILE-0123456789abcdef0123"


@pytest.mark.parametrize("request_args", [
    ["--query", f"hotels in Rome {KEY}"],
    ["--query", "hotels in Rome", "--set", f"destination={KEY}"],
], ids=["query", "set"])
@pytest.mark.parametrize("command", ["apply", "plan"])
def test_a_request_holding_an_api_key_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        request_args: list[str], command: str) -> None:
    """A key pasted into the request went out to the search providers inside the query
    and into the mission id, task.json, the state log and report.md (the journal's
    scrubbing reaches none of them)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TAVILY_API_KEY", KEY)
    runs = tmp_path / "runs"
    code = main([command, PIPELINE, *request_args, "--runs-dir", str(runs)]
                + (["--replay", str(tmp_path), "--progress", "none"] if command == "apply"
                   else []))
    out, err = capsys.readouterr()
    assert code == 2, err
    assert "holds the value of TAVILY_API_KEY" in err
    assert KEY not in out + err and "HOSTILE" not in out + err
    assert not runs.exists()
