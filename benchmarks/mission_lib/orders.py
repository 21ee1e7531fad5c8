"""What not knowing item times costs, measured over the orders items could come in
(``mission.py --replay``; CPU only).

A scheduler that cannot predict an item's time cannot tell a phase's items apart: for it
the served latencies arrive in some order it did not choose. The run gives one such order;
``order_spread`` replays scout's discipline (``floor.simulate``) on many orders, each
phase's items shuffled (seeded), and gives the spread of ``sim / bound``: whether the run
was typical, and what scout's discipline gets on average with zero overhead.

``one_phase_stage_costs`` is the part of that no scheduler avoids: in a stage with a
single fan-out phase and no rate caps binding, a scheduler that cannot tell the items
apart only picks when to start the next one, and starting it as soon as a lane is free is
best, so every order equally likely, its expected end is the mean over all orders of the
greedy list schedule (every order for up to 9 items, else 20,000 draws), against that
stage's bound (the optimum knowing every time).
"""

from __future__ import annotations

import heapq
import itertools
import random
import statistics
from collections import defaultdict
from typing import Any

from benchmarks.mission_lib.floor import Served, lower_bound, simulate, stages
from scout.spec.models import Pipeline

#: items up to which every order is enumerated (9! = 362,880 list schedules: ~2 s)
EXACT_ITEMS = 9
DRAWS = 20_000


def _shuffled(served: list[Served], rng: random.Random) -> list[Served]:
    """The same requests with each fan-out phase's items in a random order (``simulate``
    takes items in the order of their first request's ``at``)."""
    keys: dict[str, list[str]] = defaultdict(list)
    for s in sorted(served, key=lambda s: s.at):
        if s.key not in keys[s.phase]:
            keys[s.phase].append(s.key)
    rank: dict[tuple[str, str], int] = {}
    for phase, ks in keys.items():
        order = ks[:]
        rng.shuffle(order)
        rank.update({(phase, k): i for i, k in enumerate(order)})
    # the phase's rank first; the original time only breaks ties within an item
    return [Served(**{**s.__dict__, "at": rank[(s.phase, s.key)] + s.at * 1e-6})
            for s in served]


def order_spread(pipeline: Pipeline, served: list[Served], caps: dict[str, tuple[float, int]],
                 workers: int, bound: float, draws: int = 200, seed: int = 0
                 ) -> dict[str, float]:
    """``sim / bound`` over ``draws`` random item orders: mean, p10, median, p90."""
    rng = random.Random(seed)
    ratios = sorted(simulate(pipeline, _shuffled(served, rng), caps, workers) / bound
                    for _ in range(draws))
    return {"draws": draws, "mean": round(statistics.fmean(ratios), 4),
            "p10": round(ratios[len(ratios) // 10], 4),
            "median": round(statistics.median(ratios), 4),
            "p90": round(ratios[(9 * len(ratios)) // 10], 4)}


def _list_schedule(times: tuple[float, ...], lanes: int) -> float:
    ends = [0.0] * lanes
    for d in times:
        heapq.heappush(ends, heapq.heappop(ends) + d)
    return max(ends)


def _expected_end(times: list[float], lanes: int, seed: int) -> tuple[float, bool]:
    if len(times) <= lanes:
        return max(times), True
    if lanes == 1:
        return sum(times), True
    if len(times) <= EXACT_ITEMS:
        ends = [_list_schedule(o, lanes) for o in itertools.permutations(times)]
        return statistics.fmean(ends), True
    rng = random.Random(seed)
    ends = []
    for _ in range(DRAWS):
        order = times[:]
        rng.shuffle(order)
        ends.append(_list_schedule(tuple(order), lanes))
    return statistics.fmean(ends), False


def one_phase_stage_costs(pipeline: Pipeline, served: list[Served],
                          caps: dict[str, tuple[float, int]], workers: int, seed: int = 0
                          ) -> list[dict[str, Any]]:
    """Per stage made of one fan-out phase alone whose bound is not a rate cap: its
    bound, the expected end of a scheduler that cannot tell its items apart, and whether
    that mean is exact (every order) or drawn."""
    _, bounds = lower_bound(pipeline, served, caps, workers, tight=True)
    by_stage = {tuple(b.phases): b for b in bounds}
    out = []
    for stage in stages(pipeline):
        b = by_stage.get(tuple(stage))
        if len(stage) != 1 or b is None or not b.seconds or "rate cap" in b.binding:
            continue
        phase = pipeline.phases[stage[0]]
        if phase.for_each is None:
            continue
        items: dict[str, float] = defaultdict(float)
        for s in served:
            if s.phase == stage[0]:
                items[s.key] += s.latency
        lanes = min(phase.max_parallel or workers, workers)
        mean, exact = _expected_end(list(items.values()), lanes, seed)
        out.append({"phase": stage[0], "items": len(items), "lanes": lanes,
                    "bound_s": round(b.seconds, 3), "any_order_mean_s": round(mean, 3),
                    "exact": exact})
    return out
