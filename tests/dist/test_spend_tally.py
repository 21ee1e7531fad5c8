"""``spent_on_mission`` reads the journal incrementally: the same totals as summing every
entry, across writers' streams, rotation, torn and hostile lines, and a question after
the first reads only the bytes appended since (a batch is linear, not quadratic)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from scout.providers.journal import Journal, iter_journal
from scout.providers.spend import SpendTally, spent_on_mission


def _entry(mid: str, usd: float | None, n: int) -> dict:
    return {"ts": f"2026-12-02T01:{n // 60:02d}:{n % 60:02d}.{n:06d}Z", "mission_id": mid,
            "phase": "S", "adapter": "tavily", "action": "search", "result": "ok",
            "cost": {"usd": usd} if usd is not None else None}


def _brute(runtime: Path, mid: str) -> float:
    """What the journal holds for ``mid``, summed from every parsed entry."""
    total = 0.0
    for e in iter_journal(runtime):
        if e.get("mission_id") == mid:
            total += float((e.get("cost") or {}).get("usd") or 0.0)
    return round(total, 6)


def test_totals_match_the_whole_journal_across_streams_and_rotation(tmp_path: Path) -> None:
    runtime = tmp_path / "runtime"
    rng = random.Random(7)
    missions = [f"m{i}" for i in range(5)]
    main = Journal(runtime, max_bytes=2_000, writer=None)  # rotates every few lines
    other = Journal(runtime, max_bytes=2_000, writer="host-42")
    tally = SpendTally(runtime)
    n = 0
    for _round in range(4):
        for _ in range(40):
            n += 1
            j = main if rng.random() < 0.5 else other
            j.append(_entry(rng.choice(missions), round(rng.uniform(0, 0.02), 4), n))
        for mid in missions:
            assert tally.spent(mid) == _brute(runtime, mid) > 0
    main.close()
    other.close()
    assert main.rotations + other.rotations >= 4  # rotated files were counted once
    assert spent_on_mission(tmp_path, "m0") == _brute(runtime, "m0")
    assert tally.spent("nobody") == 0.0


def test_a_later_question_reads_only_new_bytes(tmp_path: Path) -> None:
    runtime = tmp_path / "runtime"
    with Journal(runtime) as j:
        for i in range(300):
            j.append(_entry(f"m{i % 30}", 0.01, i))
    tally = SpendTally(runtime)
    assert tally.spent("m1") == 0.1
    first = tally.bytes_read
    size = sum(p.stat().st_size for p in runtime.glob("request_journal*.jsonl"))
    assert first >= size
    for i in range(30):  # thirty more missions asked about: no file is read again
        assert tally.spent(f"m{i}") == 0.1
    assert tally.bytes_read - first <= 2 * 64 * 30  # the checks of each question only
    with Journal(runtime) as j:
        j.append(_entry("m1", 0.5, 301))
    before = tally.bytes_read
    assert tally.spent("m1") == 0.6
    line = len(json.dumps(_entry("m1", 0.5, 301)))
    assert tally.bytes_read - before < line + 200  # the new line (and the head), not the file


def test_torn_partial_and_hostile_lines(tmp_path: Path) -> None:
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    path = runtime / "request_journal.jsonl"
    good = json.dumps(_entry("m1", 0.25, 1))
    hostile = [json.dumps(_entry("m1", "lots", 2)), json.dumps(_entry("m1", -5, 3)),
               json.dumps({**_entry("m1", 1, 4), "cost": {"usd": float("inf")}}),
               json.dumps(_entry("m1", None, 5)), "[1, 2]", '{"mission_id": 7}', "{torn"]
    path.write_text(good + "\n" + "\n".join(hostile) + "\n")
    tally = SpendTally(runtime)
    assert tally.spent("m1") == 0.25
    with path.open("a") as f:  # a line still being written is not counted yet ...
        f.write(json.dumps(_entry("m1", 0.5, 6))[:30])
    assert tally.spent("m1") == 0.25
    with path.open("a") as f:  # ... and is, once whole
        f.write(json.dumps(_entry("m1", 0.5, 6))[30:] + "\n")
    assert tally.spent("m1") == 0.75


def test_a_replaced_or_removed_file_is_counted_afresh(tmp_path: Path) -> None:
    runtime = tmp_path / "runtime"
    with Journal(runtime) as j:
        for i in range(10):
            j.append(_entry("m1", 0.1, i))
    tally = SpendTally(runtime)
    assert tally.spent("m1") == 1.0
    path = runtime / "request_journal.jsonl"
    path.write_text(json.dumps(_entry("m1", 0.3, 99)) + "\n")  # truncated and rewritten
    assert tally.spent("m1") == 0.3 == _brute(runtime, "m1")
    # rewritten in place, same size and first line: the last counted bytes differ
    text = path.read_text()
    path.write_text(text + json.dumps(_entry("m1", 0.125, 100)) + "\n")
    assert tally.spent("m1") == 0.425
    with path.open("r+") as f:
        f.write(text + json.dumps(_entry("m1", 0.250, 100)) + "\n")
    assert tally.spent("m1") == 0.55 == _brute(runtime, "m1")
    path.unlink()
    assert tally.spent("m1") == 0.0


def test_a_line_with_no_end_is_read_in_pieces_and_counts_nothing(
        tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # a hostile or damaged journal: megabytes with no newline between two good lines.
    # The whole new region was read at once (a 2 GB line: 2 GB held before every apply)
    import os
    import tracemalloc

    from scout.providers import spend

    monkeypatch.setattr(spend, "MAX_LINE_BYTES", 64 * 1024)
    monkeypatch.setattr(spend, "_CHUNK", 16 * 1024)
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    path = runtime / "request_journal.jsonl"
    good = [json.dumps(_entry("m1", usd, n)) for n, usd in enumerate((0.5, 0.25, 2.0))]
    with open(path, "w", encoding="utf-8") as f:
        f.write(good[0] + "\n" + "x" * 4_000_000 + "\n" + good[1] + "\n"
                + '{"mission_id": "m1", "cost": {"usd": 9' + "0" * 100_000 + "}}\n")
    tally = SpendTally(runtime)
    tracemalloc.start()
    try:
        assert tally.spent("m1") == 0.75
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000
    read = tally.bytes_read
    with open(path, "a", encoding="utf-8") as f:  # appended later: only it is read
        f.write(good[2] + "\n" + "y" * 200_000)  # and a long line still being written
    assert tally.spent("m1") == 2.75
    assert tally.bytes_read - read < 200_000 + len(good[2]) + 1000
    assert tally.spent("m1") == 2.75 == _brute(runtime, "m1")
    assert os.path.getsize(path) > 4_000_000
