"""benchmarks/mission.py's bookkeeping: every request the fake server saw is attributed to
the phase whose journal line sent it (or stops the run), and the CPU watch counts."""

from __future__ import annotations

import itertools
import json
import random
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import mission  # noqa: E402

from benchmarks.mission_lib import oracle  # noqa: E402
from benchmarks.mission_lib.cpu_watch import CpuWatch  # noqa: E402
from scout.orchestrator.fanout import FanoutRun, WorkPool  # noqa: E402
from scout.orchestrator.phase_run import PhaseRun  # noqa: E402
from scout.spec.models import Phase  # noqa: E402
from tests.fakes.server import LogEntry  # noqa: E402


def _get(path: str, **query: str) -> LogEntry:
    return LogEntry("GET", path, {k: [v] for k, v in query.items()}, 200, None, 0.0,
                    served_s=0.25)


def _line(phase: str, adapter: str, **request: object) -> dict[str, object]:
    return {"phase": phase, "adapter": adapter, "request": request, "result": "sent"}


JOURNAL = [
    _line("F2", "tavily", query="Hotel Sol Madrid reseñas", limit=5),
    _line("P5", "brave_images", query="Hotel Sol Madrid hotel", limit=6),
    _line("P5", "google_images", query="Hotel Luna Madrid hotel"),
    _line("F1", "brave", query="mejores hoteles en Madrid"),
    _line("F3", "page", url="http://127.0.0.1:5123/pages/hotel-sol?x=1"),
    _line("P3", "perplexity", question="¿Cuál?"),
    {"phase": "P5", "adapter": "searxng_images", "request": None, "result": "skipped"},
]


def test_requests_are_attributed_by_the_journal_not_by_known_queries() -> None:
    asked = mission.phases_by_request(JOURNAL)
    tavily = LogEntry("POST", "/search", {}, 200, None, 0.0,
                      body='{"query": "Hotel Sol Madrid reseñas"}'.encode(), served_s=0.4)
    got = [mission.attribute(e, asked) for e in [
        tavily,
        _get("/res/v1/images/search", q="Hotel Sol Madrid hotel"),
        _get("/customsearch/v1", q="Hotel Luna Madrid hotel", searchType="image"),
        _get("/res/v1/web/search", q="mejores hoteles en Madrid"),
        _get("/pages/hotel-sol"),
        LogEntry("POST", "/chat/completions", {}, 200, None, 0.0, served_s=3.9),
    ]]
    assert [(s.phase, s.adapter) for s in got] == [
        ("F2", "tavily"), ("P5", "brave_images"), ("P5", "google_images"), ("F1", "brave"),
        ("F3", "page"), ("P3", "perplexity")]
    assert got[0].latency == 0.4


def test_a_request_no_journal_line_sent_is_not_dropped() -> None:
    asked = mission.phases_by_request(JOURNAL)
    unknown = [mission.attribute(e, asked) for e in [
        _get("/res/v1/web/search", q="Hotel Sol Madrid hotel"),  # same words, other adapter
        _get("/favicon.ico"),
    ]]
    assert [(s.phase, s.adapter) for s in unknown] == [("?", "brave"), ("?", "?")]


def test_a_request_two_phases_sent_is_ambiguous() -> None:
    asked = mission.phases_by_request(JOURNAL + [_line("F4", "tavily",
                                                       query="Hotel Sol Madrid reseñas")])
    tavily = LogEntry("POST", "/search", {}, 200, None, 0.0,
                      body=b'{"query": "Hotel Sol Madrid rese\\u00f1as"}')
    assert mission.attribute(tavily, asked).phase == "?"


def test_cpu_watch_sees_cpu_spent_by_another_thread() -> None:
    def spin() -> None:  # 0.2 s of this thread's own CPU, however busy the machine is
        while time.thread_time() < 0.2:
            pass

    with CpuWatch(interval=0.02) as w:
        t = threading.Thread(target=spin, name="scout-spin")
        t.start()
        t.join()
    r = w.result()
    assert r["cpu_s"] >= 0.2
    if w.available:  # Linux
        assert r["runqueue_wait_scout_s"] is not None and r["runqueue_wait_scout_s"] >= 0
        assert r["runqueue_wait_s"] >= r["runqueue_wait_scout_s"]


# --- the floor's proven bounds, the clairvoyant oracle, sim in lock-step with WorkPool --


def _jobs(times: list[float], phase: str = "A") -> list[oracle.Job]:
    return [oracle.Job(phase, (("x", p),)) for p in times]


def _brute_force(times: list[float], lanes: int) -> float:
    """The optimum of identical lanes by trying every assignment."""
    best = float("inf")
    for code in itertools.product(range(lanes), repeat=len(times)):
        load = [0.0] * lanes
        for lane, p in zip(code, times):
            load[lane] += p
        best = min(best, max(load))
    return best


def test_exact_is_the_optimum_where_the_longest_first_schedule_is_not() -> None:
    # 3,3,2,2,2 on 2 lanes: longest-first gives 3+2+2 | 3+2 = 7; the optimum 3+3 | 2+2+2
    jobs = _jobs([3, 3, 2, 2, 2])
    lpt = oracle.list_schedule(jobs, {"A": 2}, 8, {}, 0.0, "lpt")
    end, _ = oracle.exact(jobs, {"A": 2}, 8, {}, 0.0, lpt)
    assert (lpt, end) == (7, 6)
    assert oracle.oracle(jobs, {"A": 2}, 8, {}, 0.0) == (6, True)


def test_exact_matches_brute_force_and_every_bound_stays_below_it() -> None:
    rnd = random.Random(7)
    for _ in range(25):
        times = [round(rnd.lognormvariate(0, 0.6), 3) for _ in range(rnd.randint(3, 7))]
        lanes = rnd.randint(2, 3)
        jobs = _jobs(times)
        opt = _brute_force(times, lanes)
        end, solved = oracle.oracle(jobs, {"A": lanes}, 4, {}, 0.0)
        assert solved and abs(end - opt) < 1e-9
        for name, b in oracle.pair_bounds(jobs, {"A": lanes}, 4).items():
            assert b <= opt + 1e-9, (name, times, lanes)
        assert oracle.relaxed_end(jobs, {"A": lanes}, 4, {}, 0.0) <= opt + 1e-9


def test_pair_bound_sees_two_long_items_sharing_a_lane() -> None:
    # 3 items of 1 s on 2 lanes: total/lanes says 1.5 s, but two of them share a lane
    assert oracle.pair_bounds(_jobs([1, 1, 1]), {"A": 2}, 8) == {"A lanes pairs": 2}
    # and k = 2: 5 items of 1 s on 2 lanes, three share one (total/lanes: 2.5)
    assert oracle.pair_bounds(_jobs([1] * 5), {"A": 2}, 8)["A lanes pairs"] == 3


def test_exact_respects_a_token_bucket() -> None:
    # 1 token a second, burst 1: three 0.1 s calls cannot end before 2.1 s
    jobs = _jobs([0.1, 0.1, 0.1])
    end, solved = oracle.oracle(jobs, {"A": 3}, 3, {"x": [1.0, 1.0, 1.0, 0.0]}, 0.0)
    assert solved and abs(end - 2.1) < 1e-9


def _pipeline(width_f3: int) -> mission.Pipeline:
    return mission.Pipeline.model_validate({"apiVersion": "scout/v1", "kind": "Pipeline",
                                            "name": "t", "phases": {
        "F1": {"uses": "x", "produces": ["c"]},
        "F2": {"uses": "x", "needs": ["c"], "for_each": "c", "produces": ["a"],
               "max_parallel": 4, "parallel_group": 1},
        "F3": {"uses": "x", "needs": ["c"], "for_each": "c", "produces": ["b"],
               "max_parallel": width_f3, "parallel_group": 1}}})


def _served(phase: str, key: str, lat: float, at: float) -> mission.Served:
    return mission.Served(phase, "page", key, lat, lat, None, at)


def test_floor_sim_and_oracle_of_a_stage_are_ordered() -> None:
    """bound <= oracle <= sim on a group whose narrow phase holds one long item last."""
    served = [_served("F1", "q", 0.1, 0.0)]
    served += [_served("F2", f"a{i}", 0.5, 1 + i) for i in range(8)]
    served += [_served("F3", f"b{i}", 2.0 if i == 5 else 0.5, 1 + i) for i in range(6)]
    refs = mission.analyse(_pipeline(2), served, {}, 4)
    assert refs["bound_s"] <= refs["oracle_s"] + 1e-9 <= refs["simulated_s"] + 2e-9
    assert refs["bound_relax_s"] <= refs["bound_s"]
    group = refs["stages"][1]
    assert group["phases"] == ["F2", "F3"] and group["oracle_exact"] is False


def test_sim_picks_what_the_work_pool_picks() -> None:
    """mission.pick documents fanout.WorkPool._pick: on random states both choose the
    same phase (a change to one that the other does not follow fails here)."""
    rnd = random.Random(3)
    capacity = 8
    for _ in range(300):
        fan: dict[str, dict[str, object]] = {}
        runs = []
        for n, pid in enumerate(["F2", "F3", "F4"][:rnd.randint(1, 3)]):
            limit, pending = rnd.choice([1, 2, 4, 8]), rnd.randint(0, 6)
            inflight = rnd.randint(0, limit)
            timed = rnd.randint(0, 3)
            seconds = round(rnd.uniform(0.1, 2.0) * timed, 3)
            fan[pid] = {"items": [[]] * pending, "limit": limit, "inflight": inflight,
                        "seconds": seconds, "timed": timed, "index": n}
            run = PhaseRun(pid, Phase.model_validate({"uses": "x"}), n, 0)
            fr = FanoutRun(run, list(range(pending)))
            fr.begin(run.token, limit)
            fr.inflight, fr.seconds, fr.timed = inflight, seconds, timed
            runs.append(fr)
        pool = WorkPool(_NoExecutor(capacity), lambda msg: None, threading.Event())
        pool.active = runs
        got = pool._pick()
        assert (got.run.pid if got else None) == mission.pick(fan, capacity), fan


class _NoExecutor:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity


def test_replay_recomputes_the_figures_from_a_saved_run(tmp_path: Path, capsys: Any) -> None:
    served = [_served("F1", "q", 0.1, 0.0)]
    served += [_served("F3", f"b{i}", 0.5, 1 + i) for i in range(5)]
    saved = tmp_path / "served.json"
    saved.write_text(json.dumps({"one": {
        "pipeline": _pipeline(2).model_dump(mode="json", by_alias=True, exclude_none=True),
        "caps": {}, "max_workers": 4, "served": [vars(s) for s in served]}}))
    assert mission.main(["--replay", str(saved), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)["one"]
    # F3: five 0.5 s items on 2 lanes: total/lanes says 1.25 s, three share a lane: 1.5 s
    assert got["bound_relax_s"] == 1.35 and got["bound_s"] == 1.6 == got["oracle_s"]
    assert got["simulated_s"] == 1.6 and got["oracle_exact"] is True
    saved.write_text("{not json")
    with pytest.raises(SystemExit, match="not a --save-served file"):
        mission.main(["--replay", str(saved)])


def test_longest_first_is_what_knowing_item_times_would_buy() -> None:
    """``simulate(longest_first=...)`` (the --replay columns 'sim LPT' and 'pages'):
    items in the order served, a long item last, lose a lane's worth of time that the
    same discipline starting the longest first does not."""
    served = [_served("F1", "q", 0.1, 0.0)]
    served += [_served("F3", f"b{i}", 2.0 if i == 4 else 1.0, 1 + i) for i in range(5)]
    pipe, caps = _pipeline(2), {}
    as_served = mission.simulate(pipe, served, caps, 2)
    known = mission.simulate(pipe, served, caps, 2, longest_first=True)
    only_f2 = mission.simulate(pipe, served, caps, 2, longest_first=frozenset({"F2"}))
    # served order: lanes end at 1+1+2 = 4 and 1+1 = 2 → 4.1; longest first: 2+1, 1+1 → 3.1
    assert abs(as_served - 4.1) < 1e-9 and abs(known - 3.1) < 1e-9
    assert only_f2 == as_served  # F3's items keep the served order


def test_what_not_knowing_item_times_costs_over_all_orders() -> None:
    """``orders.one_phase_stage_costs``: three items of 1, 1 and 2 s on two lanes. The
    optimum (2 s) starts the long one first; an order that cannot tell them apart starts
    it last with chance 1/3 (then 1 + 2 = 3 s): on average 2 + 1/3 s, every order
    counted. ``order_spread`` replays the discipline over shuffled orders: its figures
    lie between the best and the worst order."""
    from benchmarks.mission_lib import orders

    pipe = mission.Pipeline.model_validate({"apiVersion": "scout/v1", "kind": "Pipeline",
                                            "name": "t", "phases": {
        "F1": {"uses": "x", "produces": ["c"]},
        "P5": {"uses": "x", "needs": ["c"], "for_each": "c", "produces": ["p"],
               "max_parallel": 2}}})
    served = [_served("F1", "q", 0.1, 0.0)]
    served += [_served("P5", f"i{n}", lat, 1 + n) for n, lat in enumerate([1.0, 1.0, 2.0])]
    [stage] = orders.one_phase_stage_costs(pipe, served, {}, 4)
    assert stage["phase"] == "P5" and stage["lanes"] == 2 and stage["exact"] is True
    assert stage["bound_s"] == 2.0 and abs(stage["any_order_mean_s"] - (2 + 1 / 3)) < 1e-3
    bound = mission.analyse(pipe, served, {}, 4)["bound_s"]
    spread = orders.order_spread(pipe, served, {}, 4, bound, draws=60, seed=1)
    best, worst = 2.1 / bound, 3.1 / bound
    assert best - 1e-4 <= spread["p10"] <= spread["median"] <= spread["p90"] <= worst + 1e-4
    assert best < spread["mean"] < worst  # both kinds of order were drawn
