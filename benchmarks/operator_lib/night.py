"""A runs folder as a lab's night leaves it: thousands of missions, written by scout's own
writers (the state log's :class:`~scout.orchestrator.state_store.StateStore`, the request
:class:`~scout.providers.journal.Journal`), for ``benchmarks/operator.py`` and the tests
of the operator's tools at scale.

Each mission replays the records a real hotel mission writes (``F0`` … ``E7``: the
records' shapes are the runner's, see :mod:`scout.orchestrator.state`), on its own start
time across the night, and journals the calls its phases made. Of every 100 missions:

* 74 finished (``succeeded``), with ``report.md`` / ``report.html``;
* 12 failed in a fan-out phase (``failed_terminal``, the mission ``failed``, exit 1);
* 10 stopped mid-phase (killed: the state still says ``running``, a phase ``running``
  with half its items; half of them killed before their first snapshot, no ``phase.json``);
* 4 stopped at their budget (``stopped_budget``, RUN004).

On top of those, a few damaged missions (:data:`DAMAGED`: a snapshot that is not JSON
and a torn log, a state log that is a folder, a record whose fields have the wrong
types, a log of binary garbage) and a few big ones (:data:`BIG`: fan-outs of thousands
of items, a state log of a few MB and no snapshot). Ids are ``night-NNNNN-…`` and every
start is distinct, so the newest-first order is known: mission ``i`` starts at
``START + i × spacing``.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

from scout.fsutil import write_atomic
from scout.orchestrator.state_store import LOG_NAME, SNAPSHOT_NAME, StateStore
from scout.providers.journal import Journal

START = dt.datetime(2026, 12, 6, 20, 0, tzinfo=dt.timezone.utc)
PIPELINE = "pipelines/hotel_research.yaml"
#: the hotel pipeline's phases in the order it runs them, and the fan-outs' item counts
PHASES = [("F0", 0), ("F1", 0), ("F2", 20), ("F3", 20), ("F4", 20), ("Y1", 5), ("P5", 2),
          ("P6", 0), ("P3", 0), ("F6", 0), ("E7", 0)]
#: damaged missions (by index): what is wrong with each
DAMAGED = {13: "snapshot", 1313: "log_dir", 2013: "types", 2613: "garbage"}
#: big missions (by index): a fan-out of this many items, a state log of a few MB
BIG = {7: 4000, 1507: 4000}
_ADAPTERS = [("tavily", "search", "TAVILY_API_KEY", 0.008), ("duckduckgo", "search", None, 0.0),
             ("page", "fetch", None, 0.0), ("perplexity", "synthesize", "pplx-main", 0.005)]


def mission_id(i: int) -> str:
    return f"night-{i:05d}-hotels-barcelona-{i * 2654435761 % 4294967296:08x}"


def kind_of(i: int) -> str:
    """What happened to mission ``i``: succeeded, failed, killed or budget (and see
    :data:`DAMAGED`)."""
    r = i % 100
    return "succeeded" if r < 74 else "failed" if r < 86 else "killed" if r < 96 else "budget"


def _ts(t: dt.datetime) -> str:
    return t.isoformat(timespec="microseconds")


def _records(i: int, t0: dt.datetime, rng: random.Random, big: dict[int, int]
             ) -> list[dict[str, Any]]:
    """The state log records of mission ``i`` (without seq), as the runner writes them."""
    kind, mid = kind_of(i), mission_id(i)
    t = t0
    recs: list[dict[str, Any]] = [{
        "ev": "mission", "status": "running", "mission_id": mid, "pid": 999_999_000 + i,
        "pipeline": PIPELINE, "query": f"find hotels in Barcelona for night {i} under "
                                       f"{100 + i % 200} EUR with good reviews",
        "inputs": {}, "ts": _ts(t)}]
    stop_at = {"failed": 3, "killed": 4, "budget": 5}.get(kind, len(PHASES))
    for n, (phase, items) in enumerate(PHASES):
        items = big.get(i, items) if phase == "F3" else items
        fp = f"{rng.getrandbits(128):032x}"
        t += dt.timedelta(milliseconds=40)
        recs.append({"ev": "phase", "phase": phase, "status": "running", "attempt": 1,
                     "fp": fp, "fp_parts": {"spec": fp[:16], "kind": "1"},
                     **({"items_total": items, "items_reused": 0} if items else {}),
                     "ts": _ts(t)})
        done = items if n < stop_at else items // 2
        for k in range(done):
            t += dt.timedelta(milliseconds=15)
            recs.append({"ev": "item", "phase": phase, "fp": fp, "i": k, "ok": True,
                         "schema": "json", "by": "duckduckgo", "ts": _ts(t),
                         "v": {"title": f"Hotel {k} of mission {i}", "url":
                               f"https://h{k}.example/{i}", "text": "Lorem ipsum " * 60}})
        if n == stop_at:
            break
        t += dt.timedelta(milliseconds=30)
        status = "skipped" if phase in ("P6", "E7") else "succeeded"
        recs.append({"ev": "phase", "phase": phase, "status": status, "attempt": 1,
                     "outputs": {phase.lower(): fp}, "answered_by": {"duckduckgo": items}
                     if items else {}, "cost_usd": 0.008 * (n % 3), "ts": _ts(t)})
    t += dt.timedelta(seconds=1 + rng.random() * 60)
    if kind == "succeeded":
        recs.append({"ev": "mission", "status": "succeeded", "exit_code": 0, "ts": _ts(t)})
    elif kind == "failed":
        phase = PHASES[stop_at][0]
        recs.append({"ev": "phase", "phase": phase, "status": "failed_terminal", "attempt": 1,
                     "error": {"code": "PRV020", "message": "every search provider failed",
                               "kind": "provider", "retryable": False}, "ts": _ts(t)})
        recs.append({"ev": "mission", "status": "failed", "exit_code": 1,
                     "reason": f"phase {phase} failed", "ts": _ts(t)})
    elif kind == "budget":
        recs.append({"ev": "mission", "status": "stopped_budget", "exit_code": 4,
                     "reason": "max_cost reached", "stop_code": "RUN004", "ts": _ts(t)})
    return recs  # killed: no end record, its last phase still running


def _journal_lines(i: int, t0: dt.datetime, rng: random.Random, lines: int
                   ) -> list[dict[str, Any]]:
    out = []
    for k in range(lines):
        adapter, action, token, usd = _ADAPTERS[rng.randrange(len(_ADAPTERS))]
        result = rng.choice(["ok"] * 8 + ["cache_hit", "retry"])
        ts = t0 + dt.timedelta(milliseconds=50 * k)
        out.append({
            "ts": ts.strftime("%Y-%m-%dT%H:%M:%S.") + f"{ts.microsecond // 1000:03d}Z",
            "mission_id": mission_id(i), "phase": PHASES[1 + k % 5][0], "adapter": adapter,
            "action": action, "token_name": token,
            "request": {"type": "SearchRequest", "query": f"hotel barcelona {k}", "limit": 5}
            if action != "fetch" else {"type": "FetchRequest", "url": f"https://h{k}.es/"},
            "response_summary": {"items": 5, "status": 200}, "result": result,
            "error": {"kind": "rate_limited", "message": "429"} if result == "retry" else None,
            "cost": {"usd": usd if result == "ok" else 0.0, "basis": "tariff"},
            "chain": {"name": "web", "position": 0, "answered_by": adapter}})
    return out


def _damage(run_dir: Path, how: str) -> None:
    """Leave ``run_dir`` as a crash, a full disk or an outside edit would."""
    log, snap = run_dir / LOG_NAME, run_dir / SNAPSHOT_NAME
    if how == "snapshot":  # a snapshot cut by a full disk, a log torn mid-line
        snap.write_bytes(snap.read_bytes()[:100])
        with open(log, "ab") as f:
            f.write(b'{"seq": 999, "ev": "phase", "pha')
    elif how == "log_dir":  # something made a folder where the log was
        snap.unlink()
        log.unlink()
        (log / "x").mkdir(parents=True)
    elif how == "types":  # an outside edit: fields of the wrong types
        snap.unlink()
        with open(log, "a", encoding="utf-8") as f:
            f.write(json.dumps({"seq": 10_000, "ev": "mission", "status": "failed",
                                "exit_code": "boom", "reason": 7, "pipeline": 5}) + "\n")
    elif how == "garbage":  # a log of binary garbage, no snapshot
        snap.unlink()
        log.write_bytes(bytes(random.Random(1).getrandbits(8) for _ in range(4096)))


def write_night(root: Path, missions: int = 3000, *, spacing_s: float = 10.0,
                journal_max_bytes: int = 16 * 1024 * 1024, lines: int = 32,
                seed: int = 12, damaged: dict[int, str] | None = None,
                big: dict[int, int] | None = None) -> dict[str, Any]:
    """Write ``missions`` run dirs under ``root/runs`` and their journal under
    ``root/runtime``; return what was written (counts by kind, bytes). ``damaged`` and
    ``big`` replace :data:`DAMAGED` and :data:`BIG` (a test's smaller night)."""
    damaged = DAMAGED if damaged is None else damaged
    big = BIG if big is None else big
    rng = random.Random(seed)
    runs, runtime = root / "runs", root / "runtime"
    runs.mkdir(parents=True, exist_ok=True)
    runtime.mkdir(parents=True, exist_ok=True)
    journal = Journal(runtime, max_bytes=journal_max_bytes)
    counts: dict[str, int] = {}
    try:
        for i in range(missions):
            t0 = START + dt.timedelta(seconds=spacing_s * i)
            run_dir = runs / mission_id(i)
            run_dir.mkdir()
            recs = _records(i, t0, rng, big)
            store = StateStore(run_dir, mission_id=mission_id(i), durability="off",
                               snapshot_interval=3600)
            try:
                for rec in recs:
                    store.append(rec)
            finally:
                store.close()
            kind = kind_of(i)
            if kind == "killed" and i % 2:
                (run_dir / SNAPSHOT_NAME).unlink()  # killed before its first snapshot
            if i in big:
                (run_dir / SNAPSHOT_NAME).unlink()
            write_atomic(run_dir / "task.json", json.dumps({
                "mission_id": mission_id(i), "pipeline": PIPELINE, "query": recs[0]["query"],
                "inputs": {}, "input_sources": {}, "task": {"lang": "es" if i % 3 else "en"},
            }).encode(), fsync=False)
            if kind == "succeeded":
                (run_dir / "report.md").write_text(f"# Hotels, night {i}\n", encoding="utf-8")
                (run_dir / "report.html").write_text(f"<h1>Hotels, night {i}</h1>\n",
                                                     encoding="utf-8")
            for entry in _journal_lines(i, t0, rng, lines):
                journal.append(entry)
            if i in damaged:
                _damage(run_dir, damaged[i])
                kind = "damaged"
            counts[kind] = counts.get(kind, 0) + 1
    finally:
        journal.close()
    return {"missions": missions, "kinds": counts,
            "runs_bytes": _size(runs), "journal_bytes": _size(runtime)}


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def fresh(root: Path) -> None:
    """Remove what an earlier :func:`write_night` left at ``root``."""
    for name in ("runs", "runtime"):
        shutil.rmtree(root / name, ignore_errors=True)
    os.makedirs(root, exist_ok=True)
