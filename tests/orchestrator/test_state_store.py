"""The state log, its fold, phase.json snapshots, and readers during a run."""

from __future__ import annotations

import json
import threading
import time

import pytest

from scout.orchestrator.state import MissionState, PhaseStatus, apply_record
from scout.orchestrator.state_store import LOG_NAME, SNAPSHOT_NAME, StateStore, iter_log, load_state


def _phase(pid, status, **kw):
    return {"ev": "phase", "phase": pid, "status": status, **kw}


def test_exactly_nine_statuses():
    assert [s.value for s in PhaseStatus] == [
        "pending", "running", "succeeded", "succeeded_partial", "failed_retryable",
        "failed_terminal", "skipped", "blocked_missing_input", "stale"]


def test_append_folds_and_survives_reopen(tmp_path):
    with StateStore(tmp_path, mission_id="m") as st:
        st.append(_phase("A", "running", attempt=1, fp="f1", fp_parts={"spec": "x"}))
        st.append(_phase("A", "succeeded", attempt=1, outputs={"a": "h"}))
        st.append(_phase("B", "skipped", reason="if: x is false"))
        live = st.state.to_dict()
    assert live["phases"]["A"]["status"] == "succeeded"
    assert live["phases"]["A"]["outputs"] == {"a": "h"}
    assert live["phases"]["B"]["reason"] == "if: x is false"
    assert load_state(tmp_path).to_dict() == live
    with StateStore(tmp_path, mission_id="m") as st2:
        assert st2.state.to_dict() == live
        seq = st2.append(_phase("C", "pending", reason="not started"))
    assert seq == live["seq"] + 1


def test_items_fold_by_fingerprint(tmp_path):
    with StateStore(tmp_path) as st:
        st.append(_phase("F", "running", attempt=1, fp="new", items_total=3, items_reused=1))
        st.append({"ev": "item", "phase": "F", "fp": "old", "i": 0, "ok": True}, raw={"v": "{}"})
        st.append({"ev": "item", "phase": "F", "fp": "new", "i": 1, "ok": True},
                  raw={"v": '{"x":[1,2]}'})
        st.append({"ev": "item", "phase": "F", "fp": "new", "i": 2, "ok": False,
                   "e": {"message": "boom"}})
        items = st.state.phases["F"].items
    assert (items.total, items.ok, items.failed, items.errors) == (3, 2, 1, {"2": "boom"})
    with StateStore(tmp_path) as st2:
        done = st2.done_items("F", "new")
        assert set(done) == {1} and done[1]["v"] == {"x": [1, 2]}
        assert set(st2.done_items("F", "old")) == {0}


def test_torn_last_line_is_ignored_and_cut_on_reopen(tmp_path):
    with StateStore(tmp_path) as st:
        st.append(_phase("A", "succeeded"))
    log = tmp_path / LOG_NAME
    with open(log, "ab") as f:
        f.write(b'{"seq":2,"ev":"phase","phase":"B","sta')  # a crash mid-write
    (tmp_path / SNAPSHOT_NAME).unlink()
    assert set(load_state(tmp_path).phases) == {"A"}
    with StateStore(tmp_path) as st:
        st.append(_phase("B", "succeeded"))
    lines = log.read_text().splitlines()
    assert len(lines) == 2 and all(json.loads(x) for x in lines)
    assert json.loads(lines[1])["seq"] == 2


def test_snapshot_plus_tail_equals_full_replay(tmp_path):
    st = StateStore(tmp_path, snapshot_interval=3600)
    for i in range(5):
        st.append(_phase(f"P{i}", "succeeded"))
    st.write_snapshot()
    for i in range(5, 9):
        st.append(_phase(f"P{i}", "running", attempt=1, fp="f"))
    st.wait_durable()
    snap = json.loads((tmp_path / SNAPSHOT_NAME).read_text())
    assert snap["state"]["seq"] == 5
    full = MissionState()
    for _, rec in iter_log(tmp_path / LOG_NAME):
        apply_record(full, rec)
    assert load_state(tmp_path).to_dict() == full.to_dict()
    assert load_state(tmp_path).seq == 9
    st.close()
    assert json.loads((tmp_path / SNAPSHOT_NAME).read_text())["state"]["seq"] == 9


def test_readers_see_consistent_states_during_writes(tmp_path):
    st = StateStore(tmp_path, snapshot_interval=0.01)
    stop = threading.Event()
    seen: list[int] = []
    errors: list[str] = []

    def reader():
        while not stop.is_set():
            s = load_state(tmp_path)
            # record k sets phase Pk: a consistent prefix has exactly phases P1..Pseq
            if set(s.phases) != {f"P{k}" for k in range(1, s.seq + 1)}:
                errors.append(f"seq {s.seq} phases {sorted(s.phases)}")
            seen.append(s.seq)

    t = threading.Thread(target=reader)
    t.start()
    k = 0
    while (k < 400 or len(set(seen)) < 10) and k < 50000:  # write while reads happen
        k += 1
        st.append(_phase(f"P{k}", "succeeded"))
        if k % 20 == 0:
            time.sleep(0.001)  # let the reader in
    stop.set()
    t.join()
    st.close()
    assert not errors, errors[:3]
    assert len(set(seen)) >= 10


def test_strict_durability_waits_for_fsync(tmp_path):
    with StateStore(tmp_path, durability="strict") as st:
        seq = st.append(_phase("A", "succeeded"))
        assert st._durable >= seq  # noqa: SLF001 - the promise under test


def test_malformed_snapshot_and_records_are_skipped_not_fatal(tmp_path):
    """State files are read from disk (untrusted): wrong shapes never crash a reader."""
    from scout.orchestrator.state_store import read_payloads

    store = StateStore(tmp_path, mission_id="m")
    store.append(_phase("a", "running", attempt=1, fp="f1", items_total=2))
    store.append({"ev": "item", "phase": "a", "fp": "f1", "i": 0, "ok": True})
    store.append(_phase("a", "succeeded"))
    store.close()
    good = load_state(tmp_path).to_dict()
    with open(tmp_path / LOG_NAME, "a") as f:
        for bad in ({"ev": "phase"}, {"ev": "phase", "phase": "b", "status": ["x"]},
                    {"ev": "item", "phase": "a", "fp": "f1", "i": "zero", "ok": True,
                     "cost": "lots"}, {"ev": "mission", "status": {"no": 1}}, {"seq": "x"}):
            f.write(json.dumps(bad) + "\n")
    # a snapshot whose phase has a string for its items (hand-edited or damaged)
    (tmp_path / SNAPSHOT_NAME).write_text(json.dumps(
        {"format": json.loads((tmp_path / SNAPSHOT_NAME).read_text())["format"]
         if (tmp_path / SNAPSHOT_NAME).exists() else 1,
         "log_offset": 0, "state": {"phases": {"a": {"items": "many"}}}}))
    state = load_state(tmp_path)
    assert state.phases["a"].status == good["phases"]["a"]["status"] == "succeeded"
    assert state.phases["a"].items.ok == 1
    assert state.status == good["status"]
    assert read_payloads(tmp_path) is not None
    reopened = StateStore(tmp_path, mission_id="m")  # the writer's recovery skips them too
    assert reopened.state.phases["a"].status == "succeeded"
    reopened.close()


@pytest.mark.parametrize("bad", [
    {"exit_code": "boom"}, {"exit_code": 1.5}, {"exit_code": True}, {"reason": 7},
    {"reason": ["a", "list"]}, {"pipeline": 5}, {"pipeline": {"path": "x"}}, {"ts": 12},
])
def test_a_record_whose_shown_fields_have_the_wrong_type_is_skipped_and_counted(
        tmp_path, bad):
    """An outside edit that put an exit code of text (or a reason of a number...) in a
    record made `scout status`, the API's state and every listing fail: the record is
    skipped like any malformed one, and load_state counts it for whoever asks."""
    run = tmp_path / "r"
    run.mkdir()
    with StateStore(run, mission_id="m", durability="off") as st:
        st.append({"ev": "mission", "status": "running", "mission_id": "m",
                   "pipeline": "p.yaml"})
        st.append({"ev": "mission", "status": "succeeded", "exit_code": 0})
    (run / SNAPSHOT_NAME).unlink()
    with open(run / LOG_NAME, "a", encoding="utf-8") as f:
        f.write(json.dumps({"seq": 3, "ev": "mission", "status": "failed", **bad}) + "\n")
    skipped = [0]
    state = load_state(run, skipped)
    assert skipped == [1]
    assert state.status == "succeeded" and state.exit_code == 0
    assert state.pipeline == "p.yaml" and state.reason is None
