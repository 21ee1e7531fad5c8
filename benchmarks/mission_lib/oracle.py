"""Clairvoyant references for ``mission.py``: what a scheduler that knew every item's time
in advance could do with one stage, and lower bounds on *any* schedule that are tighter
than the floor's relaxations.

The model is the floor's and ``simulate``'s: a stage's jobs (each fan-out item, each
one-call phase) run on at most ``workers`` threads (the mission's ``max_workers``), a
fan-out phase on at most its ``max_parallel`` at once; a job holds its thread for the
sum of its requests' served latencies, each request leaving no earlier than its
adapter's token bucket allows. Item times are what the server served, so these figures
are after the fact: no scheduler can know them when it starts an item.

- :func:`oracle` — the best schedule found knowing every time: **exact** (branch and
  bound over start orders) for a stage of at most :data:`EXACT_JOBS` jobs whose jobs
  are single requests or whose adapters are uncapped; else the better of two
  clairvoyant list schedules (longest item first; most-work-left phase first, its
  longest item first). Either way a real, valid schedule: an upper bound on the optimum.
- :func:`pair_bounds` — proven lower bounds from interval packing (below).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any

#: a stage with at most this many jobs is solved exactly (9! start orders, pruned)
EXACT_JOBS = 10


@dataclass(frozen=True)
class Job:
    phase: str
    reqs: tuple[tuple[str, float], ...]  # (adapter, served latency) in the order sent

    @property
    def p(self) -> float:
        return sum(lat for _, lat in self.reqs)


Buckets = dict[str, list[float]]  # adapter -> [rate/s, cap, level, at]


def depart(buckets: Buckets, adapter: str, t: float) -> float:
    """When a request asked for at ``t`` leaves: ``mission.simulate``'s token bucket
    (full at the start, a request takes a token, a shortfall waits for the refill)."""
    b = buckets.get(adapter)
    if b is None:
        return t
    rate, cap, level, at = b
    level = min(cap, level + max(0.0, t - at) * rate) - 1.0
    b[2], b[3] = level, t
    return t if level >= 0 else t - level / rate


def run_job(job: Job, buckets: Buckets, t: float) -> float:
    finish = t
    for adapter, lat in job.reqs:  # an item's requests go one after the other
        finish = depart(buckets, adapter, finish) + lat
    return finish


def _copy(buckets: Buckets) -> Buckets:
    return {a: list(b) for a, b in buckets.items()}


def list_schedule(jobs: list[Job], limits: dict[str, int], workers: int, buckets: Buckets,
                  t: float, rule: str) -> float:
    """A clairvoyant event-driven list schedule from ``t``: each free thread starts the
    job the ``rule`` ranks first among the phases below their width. ``lpt``: longest
    job first; ``phase``: the phase with the most work left per lane first, its longest
    job first. Returns the stage's end (mutates ``buckets``)."""
    left: dict[str, list[Job]] = {}
    for j in sorted(jobs, key=lambda j: -j.p):
        left.setdefault(j.phase, []).append(j)
    work = {p: sum(j.p for j in js) for p, js in left.items()}
    inflight = dict.fromkeys(left, 0)
    heap: list[tuple[float, int, str]] = []
    free, seq, end = workers, 0, t

    def pick() -> str | None:
        ok = [p for p, js in left.items() if js and inflight[p] < limits.get(p, workers)]
        if not ok:
            return None
        if rule == "lpt":
            return max(ok, key=lambda p: left[p][0].p)
        return max(ok, key=lambda p: (work[p] / limits.get(p, workers), left[p][0].p))

    now = t
    while True:
        while free:
            p = pick()
            if p is None:
                break
            job = left[p].pop(0)
            work[p] -= job.p
            inflight[p] += 1
            free -= 1
            heapq.heappush(heap, (run_job(job, buckets, now), seq, p))
            seq += 1
        if not heap:
            return end
        now, _, p = heapq.heappop(heap)
        end = max(end, now)
        free += 1
        inflight[p] -= 1


def relaxed_end(jobs: list[Job], limits: dict[str, int], workers: int, buckets: Buckets,
                t: float) -> float:
    """The floor's relaxations for these jobs from ``t`` (longest job, work per thread,
    per phase work per lane, per capped adapter its requests in token order, the
    longest latencies given the earliest tokens) and :func:`pair_bounds`: no schedule
    ends earlier, so a schedule that does is optimal (the exact search stops there)."""
    if not jobs:
        return t
    c = [max(j.p for j in jobs), sum(j.p for j in jobs) / workers,
         *pair_bounds(jobs, limits, workers).values()]
    for p in {j.phase for j in jobs}:
        c.append(sum(j.p for j in jobs if j.phase == p) / min(limits.get(p, workers), workers))
    for a, (rate, cap, level, at) in buckets.items():
        lats = sorted((lat for j in jobs for b, lat in j.reqs if b == a), reverse=True)
        if lats:
            lvl = min(cap, level + max(0.0, t - at) * rate)
            c.append(max(max(0.0, (i + 1 - lvl) / rate) + d for i, d in enumerate(lats)))
    return t + max(c)


def exact(jobs: list[Job], limits: dict[str, int], workers: int, buckets: Buckets,
          t: float, upper: float) -> tuple[float, Buckets | None]:
    """The optimal stage end from ``t`` (branch and bound over start orders).

    Why start orders suffice: take an optimal schedule and list its jobs by start time;
    starting each in that order as early as the threads, its phase's width and (for
    single-request jobs) the token bucket allow, never before the previous one, starts
    every job no later than the optimum did (by induction: the earlier jobs then end no
    later, so no more of them hold a thread or a lane at the optimum's start time, and
    a token bucket's earliest departures only move earlier when the requests do). So
    the best over all orders is the optimum. ``upper`` is a known schedule's end (the
    search keeps only orders that beat it). Returns the end and the token buckets as
    the best order leaves them (None: nothing beat ``upper``)."""
    n = len(jobs)
    best: list[Any] = [upper, None]
    floor = relaxed_end(jobs, limits, workers, buckets, t) + 1e-9
    threads0 = [t] * workers
    lanes0 = {p: [t] * min(limits.get(p, workers), workers) for p in {j.phase for j in jobs}}

    def rec(done: int, used: list[bool], threads: list[float], lanes: dict[str, list[float]],
            bk: Buckets, last: float, mk: float, rest: float) -> None:
        if done == n:
            if mk < best[0]:
                best[0], best[1] = mk, bk
            return
        # a valid bound on any completion: the remaining work on the threads after
        # they are free (and not before the last start), and each job's own earliest end
        if best[0] <= floor:
            return  # a schedule at the relaxations' bound is optimal: stop searching
        avail = [max(x, last) for x in threads]
        lb = max(mk, (sum(avail) + rest) / workers)
        first = min(avail)
        left: dict[str, float] = {}
        for i in range(n):
            if not used[i]:
                job = jobs[i]
                lb = max(lb, max(first, min(lanes[job.phase])) + job.p)
                left[job.phase] = left.get(job.phase, 0.0) + job.p
        for p, w in left.items():  # each phase's work left on its lanes
            lane = lanes[p]
            lb = max(lb, (sum(max(x, last) for x in lane) + w) / len(lane))
        if lb >= best[0] - 1e-9:
            return
        tried: set[Job] = set()
        for i in range(n):
            job = jobs[i]
            if used[i] or job in tried:
                continue
            tried.add(job)
            lane = lanes[job.phase]
            start = max(last, min(threads), min(lane))
            b2 = _copy(bk)
            fin = run_job(job, b2, start)
            th = sorted(threads)
            th[0] = fin
            ln = sorted(lane)
            ln[0] = fin
            used[i] = True
            rec(done + 1, used, th, {**lanes, job.phase: ln}, b2, start, max(mk, fin),
                rest - job.p)
            used[i] = False

    rec(0, [False] * n, threads0, lanes0, _copy(buckets), t, t, sum(j.p for j in jobs))
    return best[0], best[1]


def can_solve_exactly(jobs: list[Job], buckets: Buckets) -> bool:
    if len(jobs) > EXACT_JOBS:
        return False
    capped = {j for j in jobs if any(a in buckets for a, _ in j.reqs)}
    return all(len(j.reqs) == 1 for j in capped)


def oracle(jobs: list[Job], limits: dict[str, int], workers: int, buckets: Buckets,
           t: float) -> tuple[float, bool]:
    """(the stage's end under the best clairvoyant schedule found, whether it is proven
    optimal: found by :func:`exact`, or a list schedule that reaches
    :func:`relaxed_end`). Leaves ``buckets`` as that schedule would."""
    key = (tuple(sorted(jobs, key=lambda j: (j.phase, j.reqs))), tuple(sorted(limits.items())),
           workers, tuple(sorted((a, tuple(b[:2]), round(min(b[1], b[2] + max(0.0, t - b[3])
                                                              * b[0]), 9))
                                 for a, b in buckets.items())))
    hit = _MEMO.get(key)  # the floor and the oracle column solve the same small stages
    if hit is not None:
        took, solved, left = hit
        buckets.clear()
        buckets.update({a: [b[0], b[1], b[2], b[3] + t] for a, b in left.items()})
        return t + took, solved
    end, solved = _oracle(jobs, limits, workers, buckets, t)
    _MEMO[key] = (end - t, solved, {a: [b[0], b[1], b[2], b[3] - t] for a, b in buckets.items()})
    return end, solved


#: (jobs, widths, workers, token levels at the start) -> (length, proven, buckets - start)
_MEMO: dict[tuple[Any, ...], tuple[float, bool, Buckets]] = {}


def _oracle(jobs: list[Job], limits: dict[str, int], workers: int, buckets: Buckets,
            t: float) -> tuple[float, bool]:
    ends = {}
    for rule in ("lpt", "phase"):
        b = _copy(buckets)
        ends[rule] = (list_schedule(jobs, limits, workers, b, t, rule), b)
    rule = min(ends, key=lambda r: ends[r][0])
    end, after = ends[rule]
    # a schedule that reaches the relaxations' bound is optimal, whatever its size
    solved = end <= relaxed_end(jobs, limits, workers, buckets, t) + 1e-9
    if not solved and jobs and can_solve_exactly(jobs, buckets):
        solved = True
        best, left = exact(jobs, limits, workers, buckets, t, end)
        if left is not None:
            end, after = best, left
    buckets.clear()
    buckets.update(after)
    return end, solved


def pair_bounds(jobs: list[Job], limits: dict[str, int], workers: int) -> dict[str, float]:
    """Lower bounds on the stage's length under any schedule, from interval packing.

    Claim: if at most ``w`` of a set of jobs run at once, then for every k >= 1 the
    stage lasts at least the sum of the k+1 shortest among its k*w+1 longest jobs.
    Proof: the jobs' run intervals form an interval graph whose largest clique is at most
    w (intervals that pairwise overlap share a point, Helly in one dimension), and an
    interval graph is perfect, so the k*w+1 longest jobs split into at most w sets of
    pairwise disjoint intervals; one set holds at least k+1 of them, which run one after
    the other. (k = 1 is the classic bound: with more jobs than lanes, two of the w+1
    longest share a lane.) Applied with w = ``workers`` to all the stage's jobs and with
    w = ``max_parallel`` to each fan-out phase's items."""
    out: dict[str, float] = {}

    def best(ps: list[float], w: int) -> float:
        ps = sorted(ps, reverse=True)
        top = 0.0
        k = 1
        while k * w + 1 <= len(ps):
            top = max(top, sum(ps[k * w - k:k * w + 1]))
            k += 1
        return top

    allp = [j.p for j in jobs if j.p > 0]
    if len(allp) > workers:
        out["threads pairs"] = best(allp, workers)
    for p in sorted({j.phase for j in jobs}):
        w = min(limits.get(p, workers), workers)
        ps = [j.p for j in jobs if j.phase == p]
        if len(ps) > w:
            out[f"{p} lanes pairs"] = best(ps, w)
    return {k: v for k, v in out.items() if v}


def describe(values: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v:g} s" for k, v in values.items())
