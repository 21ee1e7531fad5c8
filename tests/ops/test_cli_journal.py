"""``scout journal`` on the journal two real missions wrote (rotated twice; see conftest).

Expected answers are computed here from the raw journal files (ids hashed here), not by
the code under test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scout.cli import main
from tests.ops.conftest import SECRETS, OpsWorld


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    rc = main(list(args))
    out, err = capsys.readouterr()
    return rc, out, err


def jrun(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    rc, out, err = run(capsys, *args, "--json")
    assert rc == 0, err
    return json.loads(out)


def ids(entries: list[dict[str, Any]]) -> list[str]:
    return [e["id"] for e in entries]


def test_the_missions_ran_and_the_journal_rotated(ops_env: OpsWorld) -> None:
    assert ops_env.exit_codes == (0, 0)
    files = {name for name, _, _ in ops_env.raw_lines()}
    assert len(files) >= 3  # two rotations at least


def test_last_n_for_a_mission(ops_env: OpsWorld, capsys) -> None:
    expected = [e for e in ops_env.entries() if e["mission_id"] == "bcn"]
    # the smallest N whose last N lines of the mission cross a rotation boundary
    n = next(k for k in range(2, len(expected) + 1)
             if len({e["file"] for e in expected[-k:]}) == 2)
    page = jrun(capsys, "journal", "--mission", "bcn", "-n", str(n))
    assert ids(page["entries"]) == ids(expected[-n:]) and len(page["entries"]) == n
    assert len({e["file"] for e in page["entries"]}) == 2
    page = jrun(capsys, "journal", "--mission", "bcn", "-n", "5")
    assert ids(page["entries"]) == ids(expected[-5:])
    assert all(e["mission_id"] == "bcn" for e in page["entries"])
    assert page["entries"][-1]["file"] == expected[-1]["file"]
    assert page["entries"][-1]["line"] == expected[-1]["line"]
    assert page["torn"] == []


def test_all_of_a_mission_across_a_rotation_boundary(ops_env: OpsWorld, capsys) -> None:
    expected = [e for e in ops_env.entries() if e["mission_id"] == "bcn-degraded"]
    files_spanned = list(dict.fromkeys(e["file"] for e in expected))
    assert len(files_spanned) >= 2, "the fixture must rotate inside this mission"
    page = jrun(capsys, "journal", "--mission", "bcn-degraded", "-n", "0")
    assert ids(page["entries"]) == ids(expected)  # every line, in journal order
    assert list(dict.fromkeys(e["file"] for e in page["entries"])) == files_spanned
    # the same through a plain scan of the files
    scanned = jrun(capsys, "journal", "--mission", "bcn-degraded", "-n", "0", "--no-index")
    assert ids(scanned["entries"]) == ids(expected) and scanned["source"] == "scan"


def test_by_token(ops_env: OpsWorld, capsys) -> None:
    page = jrun(capsys, "journal", "--token", "pplx-main", "-n", "0")
    assert [x["result"] for x in page["entries"]] == ["sent", "token_rotated"]
    e = page["entries"][1]
    assert e["result"] == "token_rotated" and e["error"]["kind"] == "auth_error"
    spare = jrun(capsys, "journal", "--token", "pplx-spare", "-n", "0")
    assert [(x["mission_id"], x["result"]) for x in spare["entries"]] == [
        ("bcn", "sent"), ("bcn", "ok"), ("bcn-degraded", "sent"), ("bcn-degraded", "ok")]


def test_failed_only(ops_env: OpsWorld, capsys) -> None:
    expected = [e for e in ops_env.entries() if e["error"] is not None]
    assert len(expected) == 19  # 9 retries + 9 errors (Tavily) + 1 rotation (pplx-main)
    page = jrun(capsys, "journal", "--failed", "-n", "0")
    assert ids(page["entries"]) == ids(expected)
    assert ids(jrun(capsys, "journal", "--failed", "-n", "0", "--no-index")["entries"]) == \
        ids(expected)
    tavily = jrun(capsys, "journal", "--failed", "--token", "TAVILY_API_KEY", "--mission",
                  "bcn-degraded", "-n", "3")
    assert ids(tavily["entries"]) == ids([e for e in expected if e["adapter"] == "tavily"][-3:])
    assert {e["result"] for e in tavily["entries"]} <= {"retry", "error"}
    assert all(e["error"]["status"] == 500 for e in tavily["entries"])


def test_adapter_and_since_filters(ops_env: OpsWorld, capsys) -> None:
    ddg = jrun(capsys, "journal", "--adapter", "duckduckgo", "-n", "0")
    assert len(ddg["entries"]) == 9 and {e["mission_id"] for e in ddg["entries"]} == {
        "bcn-degraded"}
    everything = ops_env.entries()
    assert len(jrun(capsys, "journal", "--since", "1d", "-n", "0")["entries"]) == len(everything)
    assert jrun(capsys, "journal", "--since", "2999-01-01", "-n", "0")["entries"] == []
    cut = everything[len(everything) // 2]["ts"]
    later = jrun(capsys, "journal", "--since", cut, "-n", "0")["entries"]
    assert ids(later) == ids([e for e in everything if e["ts"] >= cut])
    rc, _, err = run(capsys, "journal", "--since", "last tuesday")
    assert rc == 2 and "USE001" in err and "7d" in err


def test_table_output(ops_env: OpsWorld, capsys) -> None:
    last = [e for e in ops_env.entries() if e["mission_id"] == "bcn"][-3:]
    rc, out, _ = run(capsys, "journal", "--mission", "bcn", "-n", "3")
    assert rc == 0
    assert "id" in out and "adapter" in out and "result" in out
    for e in last:
        assert e["id"][:12] in out
    rc, out, _ = run(capsys, "journal", "--mission", "no-such-mission")
    assert rc == 0 and "no matching journal lines" in out


def test_torn_last_line_is_tolerated_and_reported(ops_world: OpsWorld, ops_copy: Path,
                                                  capsys) -> None:
    runtime = ops_copy / "runtime"
    before = ops_world.entries(runtime)
    with open(runtime / "request_journal.jsonl", "ab") as fh:
        fh.write(b'{"ts":"2026-09-01T10:00:00.000Z","mission_id":"bcn","pha')  # a crash
    rc, out, err = run(capsys, "journal", "-n", "0", "--json")
    page = json.loads(out)
    assert rc == 0 and ids(page["entries"]) == ids(before)
    assert [(t["file"], t["incomplete"]) for t in page["torn"]] == [
        ("request_journal.jsonl", True)]
    assert "unterminated last line" in err and "request_journal.jsonl" in err
    # a later writer starts a new line: the torn one becomes a bad line in the middle
    from scout.providers.journal import Journal

    with Journal(runtime, max_bytes=10**9) as j:
        j.append({"ts": "2026-09-01T10:00:01.000Z", "mission_id": "bcn", "phase": "F9",
                  "adapter": "tavily", "result": "ok", "error": None,
                  "cost": {"usd": 0.0, "basis": "free"}})
    rc, out, err = run(capsys, "journal", "-n", "2", "--json")
    page = json.loads(out)
    assert [e["phase"] for e in page["entries"]][-1] == "F9"
    (torn,) = page["torn"]
    assert torn["incomplete"] is False and torn["line"] is not None
    assert "does not parse" in err
    scanned = jrun(capsys, "journal", "-n", "2", "--no-index")
    assert ids(scanned["entries"]) == ids(page["entries"])
    assert scanned["torn"] == page["torn"]


def test_no_secret_in_any_journal_output(ops_env: OpsWorld, capsys) -> None:
    rc, out, err = run(capsys, "journal", "-n", "0", "--json")
    rc2, table, _ = run(capsys, "journal", "-n", "0")
    assert rc == rc2 == 0
    for value in SECRETS:
        assert value not in out + err + table
