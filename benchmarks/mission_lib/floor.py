"""The floor of ``mission.py`` and what it is compared with: the critical-path lower
bound of a run's served requests (``lower_bound``), scout's own work-stealing discipline
replayed on them with zero overhead (``simulate``, in lock-step with
``scout.orchestrator.fanout.WorkPool``) and the clairvoyant oracle (``clairvoyant``,
``oracle.py``); ``analyse`` computes all of them for one run. CPU only: a saved run
replays here without a server or scout (``mission.py --replay``)."""

from __future__ import annotations

import heapq
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from benchmarks.mission_lib import oracle
from scout.spec.dag import PhaseGraph
from scout.spec.models import Pipeline


@dataclass
class Served:
    phase: str
    adapter: str
    key: str  # the query, URL path or "synthesis"
    latency: float  # server-side: request read -> response written
    sampled: float  # the injected latency alone
    fault: str | None
    at: float



# --- the lower bound --------------------------------------------------------------------


@dataclass
class Bucket:
    rate: float  # tokens per second
    cap: float
    level: float
    at: float = 0.0

    def level_at(self, t: float) -> float:
        return min(self.cap, self.level + max(0.0, t - self.at) * self.rate)


@dataclass
class StageBound:
    phases: list[str]
    start: float
    seconds: float
    binding: str
    detail: dict[str, float] = field(default_factory=dict)


def stages(pipeline: Pipeline) -> list[list[str]]:
    """The phases in the order scout's scheduler runs them: a ready phase without a group
    runs alone; a group runs every ready member together (earliest phase first)."""
    graph = PhaseGraph.of(pipeline)
    order = graph.order()
    done: set[str] = set()
    out: list[list[str]] = []
    while len(done) < len(order):
        ready = [p for p in order if p not in done
                 and all(q in done for q in graph.predecessors(p))]
        first = ready[0]
        group = pipeline.phases[first].parallel_group
        stage = [first] if group is None else [
            p for p in ready if pipeline.phases[p].parallel_group == group]
        out.append(stage)
        done.update(stage)
    return out


def lower_bound(pipeline: Pipeline, served: list[Served], caps: dict[str, tuple[float, int]],
                max_workers: int, *, use: str = "latency", tight: bool = False
                ) -> tuple[float, list[StageBound]]:
    """The critical-path lower bound (seconds) and its stages (see the module docstring).

    ``tight`` adds, per stage, lower bounds that the relaxations miss (the figures before
    2026-12-02 05:00 are without them; ``relax_s`` in the output keeps that figure):
    the interval-packing bounds (``oracle.pair_bounds``: e.g. with more items than
    lanes, two of the lanes+1 longest run one after the other) and, for a stage small
    enough to solve exactly (``oracle.can_solve_exactly``), its optimum from the floor's
    start with the floor's token buckets (``oracle.exact``). Both hold for any
    schedule: a pair bound is a length any run of the stage needs; a real stage starts
    no earlier than the floor's and with no more tokens than the floor leaves (which
    spends each stage's tokens at its start), and the optimum from an earlier start
    with more tokens ends no later than any schedule of the real one does."""
    by_phase: dict[str, list[Served]] = defaultdict(list)
    for s in served:
        by_phase[s.phase].append(s)
    buckets = {a: Bucket(per_minute / 60.0, float(burst), float(burst))
               for a, (per_minute, burst) in caps.items()}
    t = 0.0
    out: list[StageBound] = []
    for stage in stages(pipeline):
        reqs = [s for p in stage for s in by_phase.get(p, [])]
        if not reqs:
            out.append(StageBound(stage, t, 0.0, "no provider calls"))
            continue
        lat = (lambda s: getattr(s, use))
        cands: dict[str, float] = {}
        fan_work = 0.0
        for p in stage:
            mine = by_phase.get(p, [])
            if not mine:
                continue
            phase = pipeline.phases[p]
            if phase.for_each is None:
                cands[f"{p} in sequence"] = sum(lat(s) for s in mine)
            else:
                items: dict[str, float] = defaultdict(float)
                for s in mine:
                    items[s.key] += lat(s)
                lanes = min(phase.max_parallel or max_workers, len(items))
                fan_work += sum(items.values())
                cands[f"{p} lanes"] = max(max(items.values()), sum(items.values()) / lanes)
        if fan_work:
            cands["max_workers"] = fan_work / max_workers
        tokens = {a: [b.rate, b.cap, b.level_at(t), t] for a, b in buckets.items()}
        for adapter in sorted({s.adapter for s in reqs}):
            lats: list[float] = sorted((lat(s) for s in reqs if s.adapter == adapter),
                                       reverse=True)
            b = buckets.get(adapter)
            if b is None:
                continue
            level = b.level_at(t)
            slots = [max(0.0, (i + 1 - level) / b.rate) for i in range(len(lats))]
            cands[f"{adapter} rate cap"] = max(slot + d for slot, d in zip(slots, lats))
            b.level, b.at = level - len(lats), t  # the stage's tokens are spent from t on
        if tight:  # after the relaxations, so a tie names them
            jobs, limits = stage_jobs(pipeline, stage, by_phase, max_workers)
            cands.update(oracle.pair_bounds(jobs, limits, max_workers))
            end, solved = oracle.oracle(jobs, limits, max_workers, tokens, t)
            if solved:
                cands["exact optimum"] = end - t
        binding = max(cands, key=cands.__getitem__)
        out.append(StageBound(stage, t, cands[binding], binding,
                              {k: round(v, 3) for k, v in cands.items()}))
        t += cands[binding]
    return t, out


def _fanout_jobs(pipeline: Pipeline, stage: list[str], by_phase: dict[str, list[Served]],
                 max_workers: int) -> tuple[list[list[Served]], dict[str, list[list[Served]]],
                                            dict[str, int]]:
    """A stage's one-call phases (their requests), its fan-outs' items (each item's
    requests, items in the order the server first saw them) and each fan-out's width."""
    plain: list[list[Served]] = []
    fan: dict[str, list[list[Served]]] = {}
    limits: dict[str, int] = {}
    for p in stage:
        phase, mine = pipeline.phases[p], by_phase.get(p, [])
        if phase.for_each is None:
            plain.append(mine)
            continue
        items: dict[str, list[Served]] = {}
        for s in mine:
            items.setdefault(s.key, []).append(s)
        fan[p] = list(items.values())
        limits[p] = phase.max_parallel or max_workers
    return plain, fan, limits


def simulate(pipeline: Pipeline, served: list[Served], caps: dict[str, tuple[float, int]],
             max_workers: int, ends: list[float] | None = None, *,
             rule: str = "workpool", longest_first: bool | frozenset[str] = False) -> float:
    """What scout's own discipline would take with zero overhead: the same stages, the
    one-call phases on a thread each, then every free thread taking the next item (in
    the order the server saw them) of the phase ``fanout.WorkPool._pick`` would choose
    (``rule`` names another choice, for offline comparisons: ``replay.py``), within
    its width, every request leaving when its token bucket allows. Like the pool, it
    knows only what has finished: a phase's mean item time so far (before any of its
    items finished, the mean over the phases that have one; before any, 1 s).
    ``wall - simulated`` is then scout's overhead, and ``simulated - bound`` what the
    discipline costs against perfect packing.

    ``longest_first`` (offline only, ``mission.py --replay``) gives the discipline item
    times it cannot have: each phase's items start longest first (all phases, or those
    named), as a scheduler that predicted every item's time would start them."""

    by_phase: dict[str, list[Served]] = defaultdict(list)
    for s in sorted(served, key=lambda s: s.at):
        by_phase[s.phase].append(s)
    buckets = {a: Bucket(per_minute / 60.0, float(burst), float(burst))
               for a, (per_minute, burst) in caps.items()}

    def depart(adapter: str, t: float) -> float:
        b = buckets.get(adapter)
        if b is None:
            return t
        level = b.level_at(t) - 1.0
        b.level, b.at = level, t
        return t if level >= 0 else t - level / b.rate

    def run_item(item: list[Served], now: float) -> float:
        finish = now
        for s in item:  # an item's requests (failover, retries) go one after the other
            finish = depart(s.adapter, finish) + s.latency
        return finish

    t = 0.0
    for stage in stages(pipeline):
        plain, items, limits = _fanout_jobs(pipeline, stage, by_phase, max_workers)
        def ordered(p: str, work: list[list[Served]]) -> list[list[Served]]:
            if longest_first is True or (longest_first and p in longest_first):
                return sorted(work, key=lambda it: -sum(s.latency for s in it))
            return list(work)

        fan: dict[str, dict[str, Any]] = {
            p: {"items": ordered(p, work), "limit": limits[p], "inflight": 0, "seconds": 0.0,
                "timed": 0, "index": n} for n, (p, work) in enumerate(items.items())}
        heap: list[tuple[float, int, str | None, float]] = []
        seq = 0
        free = max_workers
        for item in plain:  # one-call phases take their thread first
            free -= 1
            heap.append((run_item(item, t) if item else t, seq, None, t))
            seq += 1
        heapq.heapify(heap)

        def fill(now: float) -> None:
            nonlocal free, seq
            while free > 0:
                p = pick(fan, max_workers, rule)
                if p is None:
                    return
                f = fan[p]
                f["inflight"] += 1
                free -= 1
                heapq.heappush(heap, (run_item(f["items"].pop(0), now), seq, p, now))
                seq += 1

        fill(t)
        end = t
        while heap:
            now, _, p, began = heapq.heappop(heap)
            end = max(end, now)
            free += 1
            if p is not None:
                f = fan[p]
                f["inflight"] -= 1
                f["seconds"] += now - began
                f["timed"] += 1
            fill(now)
        t = end
        if ends is not None:
            ends.append(t)
    return t


def pick(fan: dict[str, dict[str, Any]], capacity: int, rule: str = "workpool"
         ) -> str | None:
    """The phase a free thread takes its next item from, among those below their width
    (``fanout.WorkPool._pick``: a phase narrower than the pool's ``capacity`` first,
    then the most time left at its full width, items left x mean item time so far / its
    ``max_parallel``; ties: fewer workers, then the earlier phase). ``rule="widest"``
    is the rule before 2026-12-02 (no narrow-first), kept for offline comparison."""
    known = [f for f in fan.values() if f["timed"]]
    mean = (sum(f["seconds"] for f in known) / sum(f["timed"] for f in known)) if known \
        else 1.0
    best, score = None, None
    for p, f in fan.items():
        if not f["items"] or f["inflight"] >= f["limit"]:
            continue
        est = f["seconds"] / f["timed"] if f["timed"] else mean
        narrow = f["limit"] < capacity and rule == "workpool"
        sc = (narrow, len(f["items"]) * est / f["limit"], -f["inflight"], -f["index"])
        if score is None or sc > score:
            best, score = p, sc
    return best


def stage_jobs(pipeline: Pipeline, stage: list[str], by_phase: dict[str, list[Served]],
               max_workers: int) -> tuple[list[oracle.Job], dict[str, int]]:
    """A stage as ``mission_lib/oracle.py`` sees it: one job per fan-out item and per
    one-call phase with requests, and each fan-out's width."""
    plain, items, limits = _fanout_jobs(pipeline, stage, by_phase, max_workers)
    jobs = [oracle.Job(p, tuple((s.adapter, s.latency) for s in item))
            for p, work in items.items() for item in work]
    jobs += [oracle.Job(f"{p} (one call)", tuple((s.adapter, s.latency) for s in reqs))
             for p, reqs in zip([p for p in stage if p not in items], plain) if reqs]
    return jobs, limits


def clairvoyant(pipeline: Pipeline, served: list[Served], caps: dict[str, tuple[float, int]],
                max_workers: int) -> tuple[float, list[dict[str, Any]]]:
    """The ``oracle`` column: the mission's end when every stage runs the best schedule
    found knowing every item's served time (``oracle.oracle``: exact for small stages,
    the better of two clairvoyant list schedules otherwise), stage after stage on its own
    clock, under the same threads, widths and token buckets as ``simulate``. A real
    schedule, so no lower bound; ``simulated - oracle`` is what not knowing item times
    costs scout's discipline, ``oracle - bound`` what packing costs any scheduler (at
    most: the oracle is exact only where marked)."""
    by_phase: dict[str, list[Served]] = defaultdict(list)
    for s in sorted(served, key=lambda s: s.at):
        by_phase[s.phase].append(s)
    buckets = {a: [per_minute / 60.0, float(burst), float(burst), 0.0]
               for a, (per_minute, burst) in caps.items()}
    t = 0.0
    rows = []
    for stage in stages(pipeline):
        jobs, limits = stage_jobs(pipeline, stage, by_phase, max_workers)
        if not jobs:
            continue
        end, solved = oracle.oracle(jobs, limits, max_workers, buckets, t)
        rows.append({"phases": "+".join(stage), "oracle_s": round(end - t, 3),
                     "exact": solved})
        t = end
    return t, rows


def analyse(pipeline: Pipeline, served: list[Served], caps: dict[str, tuple[float, int]],
            max_workers: int) -> dict[str, Any]:
    """Every reference figure of one run from what the server served: the floor
    (``bound_s``, with the proven bounds of ``lower_bound(tight=True)``), the
    relaxations alone as before 2026-12-02 (``bound_relax_s``), ``sim`` and the
    clairvoyant ``oracle``; per stage, all three. Keys starting with ``_`` are for
    the wall split and are not printed."""
    relax, relax_stages = lower_bound(pipeline, served, caps, max_workers)
    bound, stage_bounds = lower_bound(pipeline, served, caps, max_workers, tight=True)
    sim_ends: list[float] = []
    simulated = simulate(pipeline, served, caps, max_workers, sim_ends)
    best, orows = clairvoyant(pipeline, served, caps, max_workers)
    by_stage = {r["phases"]: r for r in orows}
    relax_of = {"+".join(sb.phases): sb.seconds for sb in relax_stages}
    rows = []
    for sb in stage_bounds:
        if not sb.seconds:
            continue
        name = "+".join(sb.phases)
        o = by_stage.get(name, {})
        rows.append({"phases": sb.phases, "start_s": round(sb.start, 3),
                     "seconds": round(sb.seconds, 3), "binding": sb.binding,
                     "relax_s": round(relax_of.get(name, 0.0), 3),
                     "oracle_s": o.get("oracle_s"), "oracle_exact": o.get("exact"),
                     "candidates": sb.detail})
    return {"bound_s": round(bound, 3), "bound_relax_s": round(relax, 3),
            "simulated_s": round(simulated, 3), "oracle_s": round(best, 3),
            "oracle_exact": all(r["exact"] for r in orows), "stages": rows,
            "oracle_stages": orows, "_stage_bounds": stage_bounds, "_sim_ends": sim_ends}
