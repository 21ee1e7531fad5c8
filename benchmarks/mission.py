"""The hotel mission at scale against the fake provider server: wall time vs the floor.

Runs the shipped hotel pipeline (``scout apply``, in process, YouTube's two adapters
injected as in tests/e2e) against a FakeServer on 127.0.0.1 that imitates Tavily,
DuckDuckGo, Google, Brave (web and image search), Perplexity and 20 hotels' own sites,
each route answering after a seeded lognormal latency (search median 400 ms, Perplexity
4 s, pages 600 ms; the same request gets the same latency in every run). F1 finds 20
candidates, so F2, F3 and F4 fan out 20 ways; P5 looks for photos of the shortlist
(Brave image search, capped at 1/s as shipped).

Every request the server saw is attributed to a phase through scout's own request
journal (the adapter and query or URL of each line it sent), so a link or phase added
to the pipeline is counted without the benchmark knowing its queries; a request no
journal line explains stops the run.

For every run it computes the **critical-path lower bound** from what the server
actually served (``served_s`` per request, logged server-side), the DAG (with scout's
group rule: a phase without a ``parallel_group`` runs alone), the fan-outs'
``max_parallel``, the mission's ``max_workers`` and the rate caps of the run's
config (token buckets simulated from full at t=0). The bound is the sum, over the
scheduler's stages, of the largest of:

- each phase's own requests in sequence (a plain phase), or max(longest item,
  total / lanes) (a fan-out);
- per adapter: its requests leave no earlier than its token bucket allows; the longest
  latencies are given the earliest slots;
- all the stage's fan-out work / max_workers;
- (since 2026-12-02) the interval-packing bounds (with more items than lanes, two of
  the lanes+1 longest run one after the other; ``mission_lib/oracle.py``,
  ``pair_bounds``) and, for a stage of at most ten jobs, its exact optimum
  (``oracle.exact``). Each is a lower bound on any schedule (proofs in their
  docstrings); ``relax`` is the floor without them, as it was before that day.

Next to it, ``oracle``: the best schedule found knowing every item's served time in
advance (exact for small stages, else the better of two clairvoyant list schedules; a
real schedule, so ``bound <= optimum <= oracle``): ``sim - oracle`` is what not knowing
item times costs, ``oracle - bound`` what packing costs any scheduler.

Where the rest goes, per run: ``sim`` (scout's work-stealing discipline replayed on the
served latencies with zero overhead), the wall split from the state log (before and
after the mission, stages without provider calls, each stage's real time against its
bound and sim), and CPU starvation as the kernel counted it (thread-seconds runnable but
waiting for a CPU, ``benchmarks/mission_lib/cpu_watch.py``): on a shared machine that
separates a scheduling loss from a starved process.

Scenarios (each on a fresh research root, so nothing is cached):

    shipped caps, pipeline max_parallel   the headline figure (target ratio <= 1.15)
    shipped caps, max_parallel 1          what concurrency buys under the shipped caps
    no caps, pipeline max_parallel        the same without rate caps ...
    no caps, max_parallel 1               ... where concurrency is what sets the pace
    keyless (--keyless)                   DuckDuckGo (20/min) + extractive: slow by design

An untimed warm-up mission runs first (``--cold``: none), so the one-time costs of a
fresh process (lazy imports, the first TLS context, compiling the report templates)
do not land on the first scenario alone; its figures are reported as ``cold_start``.

    python benchmarks/mission.py [--hotels 20] [--seed 0] [--keyless] [--quick] [--cold]
                                 [--json] [--save-served FILE]
    python benchmarks/mission.py --replay FILE [--json]   # no run: figures from FILE
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import json
import os
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from scout.config.loader import load_config  # noqa: E402
from scout.spec.models import Pipeline  # noqa: E402
from tests.e2e.harness import run_cli  # noqa: E402
from tests.e2e.world import (LATENCY_PROFILE, QUERY, build_world, latency,  # noqa: E402
                             make_hotels)
from tests.fakes.server import FakeServer, LogEntry  # noqa: E402

from benchmarks.mission_lib.cpu_watch import CpuWatch  # noqa: E402
from benchmarks.mission_lib.orders import one_phase_stage_costs, order_spread  # noqa: E402
from benchmarks.mission_lib.floor import (Served, StageBound, analyse,  # noqa: E402,F401
                                          clairvoyant, lower_bound, pick, simulate, stages)

TARGET = 1.15
#: issue 15 (work-stealing fan-out): per-scenario ratio targets
SCENARIO_TARGETS = {"shipped caps, pipeline max_parallel": 1.02,
                    "no caps, pipeline max_parallel": 1.05}
PIPELINE = ROOT / "pipelines" / "hotel_research.yaml"
#: the e2e world's latencies, plus Brave's image search (P5's photos when a hotel's own
#: page has too few): a search like the others, not an instant answer
PROFILE = {**LATENCY_PROFILE, ("GET", "/res/v1/images/search"): ("search", 0.4, 0.5)}
KEY_VARS = ("TAVILY_API_KEY", "PERPLEXITY_API_KEY", "GOOGLE_API_KEY", "GOOGLE_CSE_ID",
            "BRAVE_API_KEY", "SEARXNG_URL", "SCOUTE_CONFIG", "SCOUTE_RUNS_DIR")


# --- what the server served, by phase and adapter --------------------------------------


def route(entry: LogEntry) -> tuple[str, str]:
    """The adapter (its config name) and key (query, page path, "synthesis") of a request
    the server saw, from its route alone; ("?", path) for a route the benchmark does not
    know (it is then reported, not dropped)."""
    def arg(name: str) -> str:
        return (entry.query.get(name) or [""])[0]

    if entry.method == "POST" and entry.path == "/search":
        return "tavily", str((entry.json() or {}).get("query") or "")
    if entry.path.startswith(("/lite", "/html")):
        return "duckduckgo", arg("q")
    if entry.path.startswith("/customsearch"):
        return ("google_images" if arg("searchType") == "image" else "google"), arg("q")
    if entry.path.startswith("/res/v1/images"):
        return "brave_images", arg("q")
    if entry.path.startswith("/res/v1/"):
        return "brave", arg("q")
    if entry.method == "GET" and entry.path == "/search":
        return ("searxng_images" if arg("categories") == "images" else "searxng"), arg("q")
    if entry.path.startswith("/chat/completions"):
        return "perplexity", "synthesis"
    if entry.path.startswith("/pages/"):
        return "page", entry.path
    return "?", entry.path


def journal_key(e: dict[str, Any]) -> tuple[str, str] | None:
    """The same (adapter, key) for a request journal line that sent something."""
    req = e.get("request") or {}
    if not req:
        return None
    adapter = e.get("adapter") or "?"
    if adapter in ("perplexity", "openai"):
        return "perplexity", "synthesis"
    if "url" in req:
        return adapter, "/" + str(req["url"]).split("/", 3)[-1].split("?", 1)[0]
    return adapter, str(req.get("query") or "")


def phases_by_request(journal: list[dict[str, Any]]) -> dict[tuple[str, str], set[str]]:
    """(adapter, key) -> the phases whose journal lines sent it: scout's own record of
    which phase asked, so a link or phase added to the pipeline is attributed without the
    benchmark knowing its queries."""
    out: dict[tuple[str, str], set[str]] = defaultdict(set)
    for e in journal:
        k = journal_key(e)
        if k is not None and e.get("phase"):
            out[k].add(str(e["phase"]))
    return out


def attribute(entry: LogEntry, asked: dict[tuple[str, str], set[str]]) -> Served:
    """Which phase and adapter a served request belongs to: its route gives the adapter
    and key, scout's request journal the phase. Phase '?' when no phase or more than one
    sent it (the run then stops: the floor would be wrong)."""
    adapter, key = route(entry)
    lat = entry.served_s if entry.served_s is not None else entry.delay
    phases = asked.get((adapter, key), set())
    phase = next(iter(phases)) if len(phases) == 1 else "?"
    return Served(phase, adapter, key, lat, entry.delay, entry.fault, entry.at)


# --- one run ----------------------------------------------------------------------------


@dataclass
class Scenario:
    name: str
    caps: bool  # shipped rate caps (else raised out of the way)
    serial: bool  # max_parallel 1 on every fan-out
    keyless: bool = False


def _pipeline_file(root: Path, serial: bool) -> Path:
    data = yaml.safe_load(PIPELINE.read_text())
    if serial:
        for phase in data["phases"].values():
            if "for_each" in phase:
                phase["max_parallel"] = 1
    path = root / "pipelines" / "hotel_research.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def run_scenario(sc: Scenario, n_hotels: int, seed: int, scratch: Path) -> dict[str, Any]:
    tmp = scratch / re.sub(r"[^a-z0-9]+", "-", sc.name.lower())
    tmp.mkdir()
    saved_env = dict(os.environ)
    saved_cwd = os.getcwd()
    with FakeServer() as srv:
        world = build_world(tmp, srv, hotels=make_hotels(n_hotels),
                            root_options={"shipped_caps": sc.caps})
        latency(world, seed=seed, profile=PROFILE)
        pipeline_path = _pipeline_file(world.root, sc.serial)
        for k in KEY_VARS:
            os.environ.pop(k, None)
        env = world.env(perplexity=not sc.keyless)
        if sc.keyless:
            for k in ("TAVILY_API_KEY", "GOOGLE_API_KEY", "GOOGLE_CSE_ID", "BRAVE_API_KEY"):
                env.pop(k, None)
        os.environ.update(env)
        os.chdir(world.root)
        out, err = io.StringIO(), io.StringIO()
        try:
            t0, t0_epoch = time.perf_counter(), time.time()
            with redirect_stdout(out), redirect_stderr(err), CpuWatch() as watch:
                code = run_cli(["apply", str(pipeline_path), "--query", QUERY,
                                "--mission-id", "bench", "--progress", "none"])
            wall = time.perf_counter() - t0
        finally:
            os.chdir(saved_cwd)
            os.environ.clear()
            os.environ.update(saved_env)
        with srv.lock:
            log = list(srv.log)
    if code != 0:
        raise SystemExit(f"{sc.name}: scout apply exited {code}\n{out.getvalue()}\n"
                         f"{err.getvalue()}")
    pipeline = Pipeline.model_validate(yaml.safe_load(pipeline_path.read_text()))
    config = load_config(world.root / "config" / "adapters.yaml")
    caps = {n: (s.rate.per_minute, s.rate.burst) for n, s in config.adapters.items()
            if s.rate is not None}
    journal = world.journal()
    asked = phases_by_request(journal)
    served = [attribute(e, asked) for e in log]
    unknown = [s for s in served if s.phase == "?"]
    if unknown:
        raise SystemExit(f"{sc.name}: requests the benchmark cannot attribute: {unknown[:3]}")
    refs = analyse(pipeline, served, caps, config.max_workers)
    bound_sampled, _ = lower_bound(pipeline, served, caps, config.max_workers, use="sampled")

    rate_wait: dict[str, float] = defaultdict(float)
    answered: dict[str, Counter[str]] = defaultdict(Counter)
    for e in journal:
        summary = e.get("response_summary") or {}
        rate_wait[e["adapter"]] += (summary.get("rate_wait_ms") or 0) / 1000
        by = (e.get("chain") or {}).get("answered_by")
        if by:
            answered[(e.get("chain") or {}).get("name") or "?"][by] += 1
    skipped = sorted({f"{e['adapter']} ({(e.get('response_summary') or {}).get('reason')})"
                      for e in journal if e["result"] == "skipped"})
    # where the time goes: the adapter call as scout timed it (journal duration_ms)
    # against the time the server spent on the same request
    server_s: dict[tuple[str, str], list[float]] = defaultdict(list)
    for s in served:
        server_s[(s.adapter, s.key)].append(s.latency)
    gaps: dict[str, list[float]] = defaultdict(list)
    for e in journal:
        k = journal_key(e)
        if e["result"] != "ok" or e["adapter"] not in caps or k is None:
            continue
        took = server_s.get(k)
        if took:
            gaps[e["adapter"]].append(e["response_summary"]["duration_ms"] / 1000 - took[0])
    state = json.loads((world.run_dir("bench") / "phase.json").read_text())["state"]
    split = where_the_time_goes(world.run_dir("bench") / "state.log.jsonl", t0_epoch, wall,
                                stages(pipeline), refs["_stage_bounds"], refs["_sim_ends"],
                                refs["oracle_stages"])
    phase_s = {p: st.get("duration_s") for p, st in state["phases"].items()}
    return {
        "scenario": sc.name, "caps": "shipped" if sc.caps else "none",
        "max_parallel": "1" if sc.serial else "pipeline", "keyless": sc.keyless,
        "wall_s": round(wall, 3), "bound_s": refs["bound_s"],
        "ratio": round(wall / refs["bound_s"], 4) if refs["bound_s"] else None,
        "bound_relax_s": refs["bound_relax_s"],
        "ratio_relax": round(wall / refs["bound_relax_s"], 4) if refs["bound_relax_s"] else None,
        "bound_sampled_latency_s": round(bound_sampled, 3),
        "simulated_s": refs["simulated_s"], "oracle_s": refs["oracle_s"],
        "oracle_exact": refs["oracle_exact"],
        "requests": dict(sorted(Counter(s.adapter for s in served).items())),
        "rate_wait_s": {a: round(v, 3) for a, v in sorted(rate_wait.items()) if v},
        "answered_by": {c: dict(v) for c, v in sorted(answered.items())},
        "skipped_links": skipped,
        "stages": refs["stages"],
        "phase_s": phase_s,
        "client_overhead_ms": {a: {"mean": round(sum(v) / len(v) * 1000, 1),
                                   "max": round(max(v) * 1000, 1), "n": len(v)}
                               for a, v in sorted(gaps.items())},
        "status": state.get("status"),
        "cpu": watch.result(),
        "time_split": split,
        "_replay": {"pipeline": yaml.safe_load(pipeline_path.read_text()),
                    "caps": caps, "max_workers": config.max_workers,
                    "served": [vars(s) for s in served]},
    }


def where_the_time_goes(state_log: Path, t0: float, wall: float, plan: list[list[str]],
                        bounds: list[StageBound], sim_ends: list[float],
                        oracle_rows: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The wall time split by what the scheduler's state log says happened: before the
    mission's first line (``scout apply`` starting: config, spec, providers layer) and
    after its last (closing), the stages without provider calls (the floor counts them
    as free: F0's parse, R1, F6's report...), and per stage with calls its real duration
    against its floor and against ``sim`` (zero-overhead work stealing)."""
    first = last = None
    began: dict[str, float] = {}
    ended: dict[str, float] = {}
    for line in state_log.read_text().splitlines():
        try:
            rec = json.loads(line)
            ts = dt.datetime.fromisoformat(rec["ts"]).timestamp() - t0
        except (ValueError, KeyError, TypeError):
            continue
        first = ts if first is None else first
        last = ts
        if rec.get("ev") == "phase" and rec.get("phase"):
            pid = rec["phase"]
            if rec.get("status") == "running":
                began.setdefault(pid, ts)
            else:
                ended[pid] = ts
    if first is None or last is None:
        return {}
    by_stage = {tuple(b.phases): b for b in bounds}
    oracle_of = {r["phases"]: r["oracle_s"] for r in oracle_rows or []}
    sim_start = 0.0
    rows, free = [], 0.0
    for stage, sim_end in zip(plan, sim_ends):
        starts = [began[p] for p in stage if p in began]
        stops = [ended[p] for p in stage if p in ended]
        real = (max(stops) - min(starts)) if starts and stops else 0.0
        b = by_stage.get(tuple(stage))
        if b is None or not b.seconds:
            free += real
        else:
            rows.append({"phases": "+".join(stage), "real_s": round(real, 3),
                         "bound_s": round(b.seconds, 3),
                         "sim_s": round(sim_end - sim_start, 3),
                         "oracle_s": oracle_of.get("+".join(stage))})
        sim_start = sim_end
    staged = sum(r["real_s"] for r in rows) + free
    return {"before_mission_s": round(first, 3), "after_mission_s": round(wall - last, 3),
            "no_call_stages_s": round(free, 3),
            "between_stages_s": round((last - first) - staged, 3), "stages": rows}


# --- reporting ---------------------------------------------------------------------------


def environment() -> dict[str, Any]:
    return {"cpus": os.cpu_count(), "loadavg_1m": round(os.getloadavg()[0], 2),
            "python": sys.version.split()[0]}


def _fmt_counts(d: dict[str, Any], unit: str = "") -> str:
    return ", ".join(f"{k} {v:g}{unit}" for k, v in d.items()) or "-"


def print_table(result: dict[str, Any]) -> None:
    e = result["environment"]
    print(f"hotel mission, {result['hotels']} candidates, seed {result['seed']}; "
          f"{e['cpus']} CPUs, load {e['loadavg_1m']} before, {e['loadavg_after']} after; "
          "latencies: search median 0.4 s, Perplexity 4 s, pages 0.6 s (lognormal)")
    print(f"{'scenario':<36} {'wall':>8} {'bound':>8} {'ratio':>7} {'sim':>8} {'oracle':>8} "
          f"{'relax':>8}  requests; time waiting on rate caps (thread-seconds)")
    for r in result["scenarios"]:
        print(f"{r['scenario']:<36} {r['wall_s']:>7.2f}s {r['bound_s']:>7.2f}s "
              f"{r['ratio']:>6.3f}x {r['simulated_s']:>7.2f}s {r['oracle_s']:>7.2f}s "
              f"{r['bound_relax_s']:>7.2f}s  {_fmt_counts(r['requests'])}")
        pad = f"{'':<90}"
        print(f"{pad}wait: {_fmt_counts(r['rate_wait_s'], ' s')}")
        print(f"{pad}sim/bound {r['simulated_s'] / r['bound_s']:.3f}x, "
              f"oracle/bound {r['oracle_s'] / r['bound_s']:.3f}x, "
              f"wall/relax {r['ratio_relax']:.3f}x")
        if r.get("target") is not None:
            print(f"{pad}target <= {r['target']}: {'ok' if r['target_met'] else 'MISSED'}")
    cold = result.get("cold_start")
    if cold:
        print(f"warm-up mission (untimed, no caps): {cold['wall_s']:.2f}s against "
              f"{cold['bound_s']:.2f}s = {cold['ratio']:.3f}x, "
              f"{cold['time_split'].get('before_mission_s', 0):.2f}s before its first "
              "state-log line (the process's one-time start)")
    print("sim = scout's own work-stealing discipline with zero overhead on the served "
          "latencies: wall - sim is scout's overhead;\noracle = the best schedule found "
          "knowing every item's time in advance (exact for small stages): sim - oracle is "
          "what not knowing item times costs,\n  oracle - bound what packing costs any "
          "scheduler; relax = the floor without the pair and exact-optimum bounds (the "
          "floor before 2026-12-02 05:00)")
    head = result["scenarios"][0]
    print(f"\nheadline ({head['scenario']}): {head['wall_s']:.2f} s against a floor of "
          f"{head['bound_s']:.2f} s = {head['ratio']:.3f}x (target <= {TARGET}) "
          f"{'ok' if head['ratio'] <= TARGET else 'MISSED'}")
    if "concurrency_speedup_shipped_caps" in result:
        line = (f"concurrency (max_parallel as shipped vs 1): "
                f"{result['concurrency_speedup_shipped_caps']:.2f}x faster with the shipped caps")
        if "concurrency_speedup_no_caps" in result:
            line += f", {result['concurrency_speedup_no_caps']:.2f}x without rate caps"
        print(line)
    for r in result["scenarios"]:
        print(f"\n{r['scenario']}: status {r['status']}")
        links = "; ".join(f"{c}: " + ", ".join(f"{a} answered {n}" for a, n in v.items())
                          for c, v in r["answered_by"].items())
        print(f"  chain links: {links}")
        if r["skipped_links"]:
            print(f"  skipped: {', '.join(r['skipped_links'])}")
        for st in r["stages"]:
            exact = "exact" if st["oracle_exact"] else "list schedule"
            print(f"  bound {'+'.join(st['phases']):<14} from {st['start_s']:>6.2f}s "
                  f"{st['seconds']:>6.2f}s  set by {st['binding']}; oracle "
                  f"{st['oracle_s'] or 0:.2f}s ({exact}), relax {st['relax_s']:.2f}s  "
                  f"({_fmt_counts(st['candidates'], ' s')})")
        ph = {p: s for p, s in r["phase_s"].items() if s}
        print("  phase durations: " + ", ".join(f"{p} {s:.2f}s" for p, s in ph.items()))
        ts, cpu = r["time_split"], r["cpu"]
        if ts:
            print(f"  wall split: before the mission {ts['before_mission_s']:.2f}s, "
                  f"after {ts['after_mission_s']:.2f}s, stages without calls "
                  f"{ts['no_call_stages_s']:.2f}s, between stages {ts['between_stages_s']:.2f}s; "
                  + "; ".join(f"{x['phases']} {x['real_s']:.2f}s (bound {x['bound_s']:.2f}, "
                              f"sim {x['sim_s']:.2f}, oracle {x['oracle_s'] or 0:.2f})"
                              for x in ts["stages"]))
        wait = cpu["runqueue_wait_scout_s"]
        print(f"  CPU: process {cpu['cpu_s']:.2f}s in {r['wall_s']:.2f}s; runnable but waiting "
              f"for a CPU: {'n/a' if wait is None else f'{wait:.2f}'} thread-s scout "
              f"(scheduler/main thread {cpu['main_runqueue_wait_s']}), "
              f"{cpu['runqueue_wait_s']} all threads; {cpu['involuntary_switches']} preemptions")
        print("  adapter call as scout timed it minus server time, mean/max ms: " + ", ".join(
            f"{a} {v['mean']:g}/{v['max']:g}" for a, v in r["client_overhead_ms"].items()))


def replay(path: Path, as_json: bool) -> int:
    """``--replay``: the reference figures of saved runs, recomputed from their served
    requests alone (load-insensitive: no server, no scout run)."""
    try:
        saved = json.loads(path.read_text())
        runs = {name: (Pipeline.model_validate(r["pipeline"]),
                       [Served(**x) for x in r["served"]],
                       {a: (float(v[0]), int(v[1])) for a, v in r["caps"].items()},
                       int(r["max_workers"])) for name, r in saved.items()}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SystemExit(f"--replay {path}: not a --save-served file ({exc})") from None
    out = {}
    for name, (pipeline, served, caps, workers) in runs.items():
        refs = analyse(pipeline, served, caps, workers)
        out[name] = {k: v for k, v in refs.items() if not k.startswith("_")}
        # what knowing item times in advance would buy the same discipline: every item
        # (clairvoyant), or only the page fetches (the one latency a per-host history
        # could predict; search latencies do not repeat per query)
        out[name]["sim_longest_first_s"] = round(
            simulate(pipeline, served, caps, workers, longest_first=True), 3)
        pages = frozenset(p for p, ph in pipeline.phases.items() if ph.uses == "fetch")
        out[name]["sim_pages_longest_first_s"] = round(
            simulate(pipeline, served, caps, workers, longest_first=pages), 3)
        # what not knowing item times costs: the run's order was one of many
        out[name]["sim_orders"] = order_spread(pipeline, served, caps, workers,
                                               refs["bound_s"])
        out[name]["one_phase_stages"] = one_phase_stage_costs(pipeline, served, caps, workers)
    if as_json:
        print(json.dumps(out))
        return 0
    print(f"{'scenario':<36} {'bound':>8} {'sim':>8} {'oracle':>8} {'relax':>8} "
          f"{'sim LPT':>8} {'pages':>8}")
    for name, r in out.items():
        print(f"{name:<36} {r['bound_s']:>7.2f}s {r['simulated_s']:>7.2f}s "
              f"{r['oracle_s']:>7.2f}s {r['bound_relax_s']:>7.2f}s "
              f"{r['sim_longest_first_s']:>7.2f}s {r['sim_pages_longest_first_s']:>7.2f}s")
        for st in r["stages"]:
            print(f"  {'+'.join(st['phases']):<14} bound {st['seconds']:.3f} ({st['binding']}), "
                  f"oracle {st['oracle_s'] or 0:.3f}"
                  f"{' exact' if st['oracle_exact'] else ''}, relax {st['relax_s']:.3f}")
        o = r["sim_orders"]
        print(f"  sim/bound over {o['draws']} random item orders: mean {o['mean']:.3f}x, "
              f"p10 {o['p10']:.3f}x, median {o['median']:.3f}x, p90 {o['p90']:.3f}x "
              f"(this run's order: {r['simulated_s'] / r['bound_s']:.3f}x)")
        for st in r["one_phase_stages"]:
            print(f"  {st['phase']} alone ({st['items']} items on {st['lanes']} lanes): bound "
                  f"{st['bound_s']:.3f} s, any order on average {st['any_order_mean_s']:.3f} s"
                  f" ({'every order' if st['exact'] else 'drawn'}): "
                  f"+{st['any_order_mean_s'] - st['bound_s']:.3f} s no scheduler that cannot "
                  "tell its items apart avoids")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hotels", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--keyless", action="store_true",
                    help="also run keyless (DuckDuckGo 20/min + extractive: ~2 min more)")
    ap.add_argument("--quick", action="store_true",
                    help="only the headline and its max_parallel 1 twin")
    ap.add_argument("--cold", action="store_true",
                    help="no untimed warm-up mission: the first scenario pays the process's "
                         "one-time imports and setup")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--save-served", type=Path, metavar="FILE",
                    help="also write each scenario's served requests, pipeline, caps and "
                         "max_workers as JSON (for --replay)")
    ap.add_argument("--replay", type=Path, metavar="FILE",
                    help="run nothing: recompute bound, relax, sim and oracle from a "
                         "--save-served file (CPU only; for trying the discipline offline)")
    args = ap.parse_args(argv)
    if args.replay:
        return replay(args.replay, args.json)

    scenarios = [Scenario("shipped caps, pipeline max_parallel", True, False),
                 Scenario("shipped caps, max_parallel 1", True, True)]
    if not args.quick:
        scenarios += [Scenario("no caps, pipeline max_parallel", False, False),
                      Scenario("no caps, max_parallel 1", False, True)]
    if args.keyless:
        scenarios.append(Scenario("keyless, shipped caps", True, False, keyless=True))
    env = environment()
    # warm the imports the first scenario would otherwise pay alone (yt-dlp is heavy)
    import scout.adapters.yt_dlp  # noqa: F401
    import scout.cli  # noqa: F401
    import yt_dlp  # noqa: F401

    with tempfile.TemporaryDirectory(prefix="scout-mission-") as scratch:
        warmup = None
        if not args.cold:
            # one untimed mission first: the process's one-time costs (the providers
            # layer's and steps' lazy imports, first TLS context, compiled templates)
            # would otherwise land on the headline scenario alone; reported as cold_start
            warm = run_scenario(Scenario("warm-up (no caps)", False, False), args.hotels,
                                args.seed, Path(scratch))
            warmup = {k: warm[k] for k in ("wall_s", "bound_s", "ratio", "time_split")}
        rows = [run_scenario(sc, args.hotels, args.seed, Path(scratch)) for sc in scenarios]
    if args.save_served:
        args.save_served.write_text(json.dumps(
            {r["scenario"]: r.pop("_replay") for r in rows}, ensure_ascii=False))
    for r in rows:
        r.pop("_replay", None)
    env["loadavg_after"] = round(os.getloadavg()[0], 2)
    for r in rows:
        r["target"] = SCENARIO_TARGETS.get(r["scenario"])
        r["target_met"] = None if r["target"] is None else r["ratio"] <= r["target"]
    head = rows[0]
    result = {"wall_s": head["wall_s"], "bound_s": head["bound_s"], "ratio": head["ratio"],
              "target": TARGET, "target_met": head["ratio"] <= TARGET,
              "hotels": args.hotels, "seed": args.seed,
              "concurrency_speedup_shipped_caps": round(rows[1]["wall_s"] / head["wall_s"], 3),
              "scenarios": rows, "environment": env, "cold_start": warmup}
    if len(rows) >= 4:
        result["concurrency_speedup_no_caps"] = round(rows[3]["wall_s"] / rows[2]["wall_s"], 3)
    if args.json:
        print(json.dumps(result))
    else:
        print_table(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
