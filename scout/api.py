"""The Python API of scout: what the CLI, the seed tools and an HTTP server all call.

    from scout import api
    result = api.apply("pipelines/hotel_research.yaml", query="hotels in Barcelona")
    result.exit_code, result.status, result.report_path
    api.plan("pipelines/missions/hotel-barcelona-2026-09.yaml").phases
    api.status("hotel-barcelona-2026-09")            # MissionState
    api.get_mission_state("hotel-barcelona-2026-09")  # the same, as JSON-able dict
    api.get_mission_artifacts("hotel-barcelona-2026-09")

``apply`` builds the real providers layer (failover chains, rate caps, token pool, cache,
journal, cost) unless the caller passes its own (``providers=``, ``gateway_factory=``);
``provider_options=`` sets its ``--record``/``--replay``/``--no-cache`` choices. This
module is the one wiring point: the CLI and the seed's names
(``scout.orchestrator.mission_runner.run_mission``, ...) call it.

``FILE`` is a Mission document (everything declared in YAML) or a pipeline plus a
request (``query``, ``sets``, ``mission_id``, ``runs_dir``). Command-line values win
over the Mission document's. Errors are ScoutErrors (each with its exit code); a run
that fails returns a result with a non-zero ``exit_code`` rather than raising.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from scout.fsutil import loads_stored
from scout.config.loader import find_config
from scout.config.models import Config
from scout.errors import MissionNotFound, PhaseExecutionError, SpecInvalid, UsageError
from scout.orchestrator.artifact_store import ArtifactStore
from scout.orchestrator.events import Subscriber
from scout.orchestrator.mission import MissionRunner, Preflight
from scout.orchestrator.mission_request import MissionRequest
from scout.orchestrator.mission_result import MissionInterrupted, MissionResult
from scout.orchestrator.planner import PhasePlan
from scout.orchestrator.options import GatewayFactory
from scout.orchestrator.state import MissionState
from scout.orchestrator.state_store import LOG_NAME, SNAPSHOT_NAME, Durability, load_state
from scout.paths import derive_mission_id, mission_dir, project_root, research_root
from scout.paths import runs_dir as default_runs
from scout.paths import validate_mission_id
from scout.termsafe import plain
from scout.spec.loader import load_spec
from scout.spec.mission import mission_pipeline_path
from scout.spec.models import Mission, Pipeline
from scout.stepkit.registry import get_step_kind, register_phase_handler
from scout.validate import memo as valid_pipelines
from scout.validate import validate_file

__all__ = [
    "MissionInterrupted", "MissionPlan", "MissionRequest", "MissionResult",
    "PhaseExecutionError", "PhasePlan",
    "apply", "estimate", "plan", "status", "run_mission", "register_phase_handler",
    "get_mission_state", "get_mission_artifacts", "parse_sets", "prepare",
]


@dataclass
class MissionPlan:
    mission_id: str
    run_dir: Path
    exists: bool
    phases: list[PhasePlan]
    #: the request as F0 would parse it now (None when it cannot: ``task_error`` says why)
    task: dict[str, Any] | None = None
    task_error: str | None = None
    #: the Task of the last run (its task.json), to show what the request changed
    previous_task: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"mission_id": self.mission_id, "run_dir": str(self.run_dir),
                "exists": self.exists, "task": self.task, "task_error": self.task_error,
                "previous_task": self.previous_task,
                "phases": [p.to_dict() for p in self.phases]}


def _previous_task(run_dir: Path) -> dict[str, Any] | None:
    """The Task recorded by the last run; None when absent or unreadable (untrusted)."""

    try:
        doc = loads_stored((run_dir / "task.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    task = doc.get("task") if isinstance(doc, dict) else None
    return task if isinstance(task, dict) else None


def _preview_task(runner: MissionRunner) -> tuple[dict[str, Any] | None, str | None]:
    """The Task F0 would build from the request: parsing is local, nothing is called."""
    from scout.errors import ScoutError
    from scout.report.files import project_locales
    from scout.task.build import build_task

    req = runner.request
    try:
        task = build_task(req.query or "", runner.pipeline.inputs, overrides=runner.overrides,
                          override_sources=dict(req.input_sources), today=runner.today,
                          locales=project_locales(runner.root / "templates"),
                          kind=runner.pipeline.name)
    except ScoutError as exc:
        return None, exc.message
    return task.model_dump(mode="json"), None


def parse_sets(sets: Iterable[str] | dict[str, Any] | None) -> dict[str, Any]:
    """``["budget=200 EUR", "min_rating=8"]`` -> dict; a dict passes through."""
    if not sets:
        return {}
    if isinstance(sets, dict):
        return dict(sets)
    out: dict[str, Any] = {}
    for item in sets:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--set {item!r}: expected key=value", hint="e.g. --set budget='200 EUR'")
        out[key.strip()] = value.strip()
    return out


def check_text(value: str | None, what: str) -> None:
    """Refuse text that is not valid Unicode: bytes that are not UTF-8 reach Python from
    argv as lone surrogates (and JSON can carry them as ``\\udcff``); nothing downstream
    can print, hash or send them."""
    if value is None:
        return
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        shown = value.encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")
        raise UsageError(
            f"{what} is not valid UTF-8 text (at character {exc.start + 1}: "
            f"{shown[:60]!s}{'…' if len(shown) > 60 else ''})",
            hint="the terminal or script passed bytes in another encoding; set a UTF-8 "
                 "locale (e.g. LANG=C.UTF-8) or re-type the text",
            code="USE045") from None


def check_no_secret(texts: dict[str, Any], root: Path, config: str | Path | None) -> None:
    """Refuse a request that holds the value of a credential this deployment knows (an
    adapter's API key from the environment, a pool token): the query goes out to search
    providers as it is, and into the mission id, task.json, the state log and the report,
    none of which the journal's scrubbing reaches. The error names the variable, never
    the value."""
    from scout.audit.secrets import known_secrets

    scrubber = known_secrets(root, config)
    if not scrubber.values():
        return
    for what, text in texts.items():
        if not isinstance(text, str) or not text:
            continue
        scrubbed = scrubber.text(text)
        if scrubbed != text:
            names = sorted(set(re.findall(r"\[secret:([^\]]+)\]", scrubbed)))
            raise UsageError(f"{what} holds the value of {', '.join(names)}: scout would "
                             "send it to the providers as part of the request and write it "
                             "into the run dir and the report",
                             hint="take the key out of the request; scout reads keys from "
                                  "the environment (or the token pool) by itself")


def is_blank(text: str) -> bool:
    """Nothing but white space and invisible marks (zero-width spaces, a BOM, bidi
    controls): what a query pasted empty looks like."""
    import unicodedata

    return all(ch.isspace() or unicodedata.category(ch) in ("Cf", "Cc", "Zs", "Zl", "Zp")
               for ch in text)


def check_cap(max_cost: float | None, name: str = "--max-cost") -> float | None:
    """A cost cap as every surface takes it (``--max-cost``, MCP's and the batch's
    ``max_cost``): None (no cap) or a finite number of USD, 0 or more. NaN compares false
    with everything, so a NaN cap never stopped a run, and ``inf`` is no cap spelt oddly:
    both are refused (USE001) before anything runs."""
    if max_cost is None:
        return None
    if isinstance(max_cost, bool) or not isinstance(max_cost, (int, float)) \
            or not 0 <= max_cost < float("inf"):
        raise UsageError(f"{name}: {max_cost!r} is not an amount of USD (a finite number, 0 "
                         "or more)", hint=f"leave {name} out for no cap")
    return float(max_cost)


def prepare(
    file: str | Path,
    *,
    query: str | None = None,
    sets: Iterable[str] | dict[str, Any] | None = None,
    mission_id: str | None = None,
    runs_dir: str | Path | None = None,
    config: str | Path | None = None,
    root: str | Path | None = None,
    max_cost: float | None = None,
) -> tuple[Pipeline, Config, MissionRequest]:
    """Load and validate FILE, and resolve the request (no run dir is touched). A
    pipeline this process validated before is reused while its files are unchanged
    (``scout.validate.memo``)."""
    check_text(query, "--query")
    if isinstance(sets, dict):
        for k, v in sets.items():
            check_text(f"{k}={v}" if isinstance(v, str) else str(k), "--set")
    elif sets is not None:
        sets = list(sets)
        for item in sets:
            check_text(item, "--set")
    check_text(mission_id, "--mission-id")
    # a file name that is not UTF-8 (a Mission found in a folder, "\xe9.yaml") would go
    # into task.json and the state log, which cannot hold it
    check_text(str(file), "the file name")
    check_text(None if runs_dir is None else str(runs_dir), "--runs-dir")
    max_cost = check_cap(max_cost)
    path = Path(file)
    if not path.exists():  # a folder or a FIFO is named as such by load_spec
        raise UsageError(f"no such file: {file}")
    # a pipeline this process validated already, unchanged (a batch's missions)
    known = valid_pipelines.cached(path, config=config) if path.is_file() else None
    if known is None:
        spec, problems = load_spec(path)
        if spec is None:
            raise SpecInvalid(problems)
        kind = spec.kind
    else:
        kind = "Pipeline"
    root_path = run_root(root, path, config)
    overrides = parse_sets(sets)
    if kind == "Mission":
        report = validate_file(path)
        if not report.ok:
            raise SpecInvalid(report.problems)
        mission = spec.model
        assert isinstance(mission, Mission)
        pipeline_path = mission_pipeline_path(spec)
        pspec, cfg = valid_pipelines.load_valid_pipeline(pipeline_path, config=config)
        inputs = dict(mission.inputs)
        sources = {k: "mission" for k in inputs}
        inputs.update(overrides)
        sources.update({k: "set" for k in overrides})
        q = query if query is not None else mission.query
        mid = mission_id if mission_id is not None else mission.mission_id
        rdir = runs_dir or (root_path / mission.runs_dir if mission.runs_dir else None)
        cap = mission.max_cost
        mission_file: Path | None = path
    else:
        pspec, cfg = known or valid_pipelines.load_valid_pipeline(path, config=config)
        pipeline_path = path
        inputs, sources = overrides, {k: "set" for k in overrides}
        q, mid, rdir, cap, mission_file = query, mission_id, runs_dir, None, None
        if not q and not inputs:
            raise UsageError("nothing to research: give --query \"...\" (and/or --set key=value)",
                             hint="or apply a Mission document that declares the request")
    pipeline = pspec.model
    assert isinstance(pipeline, Pipeline)
    if q:  # as the task step reads it: the mission id and the report quote the same text
        q = plain(q)
        if is_blank(q):
            q = None  # only spaces, tabs, newlines or invisible marks: no request at all
    if not q and not inputs:
        raise UsageError("nothing to research: the query is blank; give --query \"...\" "
                         "(and/or --set key=value)",
                         hint="a query of only spaces or invisible characters says nothing")
    check_no_secret({"--query": q, **{f"--set {k}": v for k, v in inputs.items()}},
                    root_path, find_config(config, pipeline_path))
    if mid is None:
        mid = derive_mission_id(pipeline.name, q, inputs)
    validate_mission_id(mid)
    request = MissionRequest(
        pipeline_path=pipeline_path, mission_id=mid,
        runs_dir=default_runs(rdir, root=root_path), query=q, inputs=inputs,
        input_sources=sources, max_cost=max_cost if max_cost is not None else cap,
        mission_file=mission_file)
    return pipeline, cfg, request


def run_root(root: str | Path | None, file: str | Path, config: str | Path | None) -> Path:
    """The research root a run of ``file`` uses: ``root`` when given, else the project of
    the config it finds (``--config``, ``SCOUTE_CONFIG``, the current directory's, then
    the nearest above the file: scout.paths.project_root), so ``scout apply
    /abs/project/pipelines/x.yaml`` from another folder uses that project's templates
    and keeps its runs there."""
    return Path(root) if root else project_root(find_config(config, file))


def step_capability(uses: str) -> str | None:
    """What the step kind ``uses`` asks adapters for (search, fetch, ...), or None: the
    lookup the providers layer is given to pick a phase's default chain (it does not
    read the step registry itself)."""
    try:
        return get_step_kind(uses).capability
    except (LookupError, ValueError):
        return None


#: ``providers(request, pipeline, config) -> (gateway_factory, preflight)``: one hook for
#: the providers layer, called once the request is resolved (so it knows the mission id,
#: ``max_cost`` and the runs dir) and before anything runs.
ProvidersHook = Callable[[MissionRequest, Pipeline, Config],
                         "tuple[GatewayFactory | None, Preflight | None]"]


def _mission_runner(file: str | Path, *, query: str | None, sets: Any, mission_id: str | None,
                    runs_dir: str | Path | None, config: str | Path | None,
                    root: str | Path | None, providers: ProvidersHook | None = None,
                    max_cost: float | None = None, **kw: Any) -> MissionRunner:
    pipeline, cfg, request = prepare(file, query=query, sets=sets, mission_id=mission_id,
                                     runs_dir=runs_dir, config=config, root=root,
                                     max_cost=max_cost)
    from scout.orchestrator.lease import check_quota_reachable
    from scout.orchestrator.remote import check_budget_holds

    # before anything runs: a cap each Dask worker would spend apart is refused, and a
    # Redis quota backend that does not answer is CFG041
    env = getattr(getattr(providers, "options", None), "env", None)
    check_budget_holds(cfg, request.max_cost, env)
    if providers is not None:
        check_quota_reachable(cfg, env)
    if providers is not None:
        if getattr(providers, "step_capability", False) is None:  # the built-in hook, unset
            providers.step_capability = step_capability  # type: ignore[union-attr]
        factory, preflight = providers(request, pipeline, cfg)
        if kw.get("gateway_factory") is None:
            kw["gateway_factory"] = factory
        if kw.get("preflight") is None:
            kw["preflight"] = preflight
        if kw.get("gateway_factory") is factory:  # workers elsewhere build the same layer
            kw["remote_providers"] = getattr(providers, "recipe", None)
    return MissionRunner(pipeline, cfg, request, root=run_root(root, file, config), **kw)


def apply(
    file: str | Path,
    *,
    query: str | None = None,
    sets: Iterable[str] | dict[str, Any] | None = None,
    mission_id: str | None = None,
    runs_dir: str | Path | None = None,
    force: Iterable[str] = (),
    config: str | Path | None = None,
    root: str | Path | None = None,
    gateway_factory: GatewayFactory | None = None,
    preflight: Preflight | None = None,
    providers: ProvidersHook | Literal[False] | None = None,
    provider_options: Any = None,
    subscribers: Iterable[Subscriber] = (),
    durability: Durability = "batched",
    today: dt.date | None = None,
    sleep: Callable[[float], None] | None = None,
    clock: Callable[[], float] | None = None,
    max_workers: int | None = None,
    max_cost: float | None = None,
    executor: Callable[[int], Any] | None = None,
) -> MissionResult:
    """Converge the mission on FILE: run what is missing or stale, reuse the rest.

    ``max_cost`` (USD) overrides the Mission's; money spent by earlier applies counts.
    Without ``providers``/``gateway_factory``/``preflight`` the real providers layer is
    built (``provider_options``: a ``scout.providers.hook.ProviderOptions``);
    ``providers=False`` runs without one (steps that call adapters then fail).
    ``executor(max_workers)`` builds the executor the phases run on (default: the
    config's ``executor.kind``); a batch's job passes threads of its own process."""
    if providers is False:
        providers = None
    elif providers is None and gateway_factory is None and preflight is None:
        from scout.providers.hook import ProviderOptions, ProvidersHook as Hook

        providers = Hook(run_root(root, file, config),
                         provider_options or ProviderOptions(), step_capability=step_capability)
    kw: dict[str, Any] = {}
    if executor is not None:  # where the phases run (default: the config's executor)
        kw["executor"] = executor
    if sleep is not None:
        kw["sleep"] = sleep
    if clock is not None:
        kw["clock"] = clock
    today = _cassette_day(getattr(providers, "options", None) or provider_options, today)
    try:
        runner = _mission_runner(
            file, query=query, sets=sets, mission_id=mission_id, runs_dir=runs_dir,
            config=config, root=root, force=force, gateway_factory=gateway_factory,
            preflight=preflight, providers=providers, subscribers=subscribers,
            durability=durability, today=today, max_workers=max_workers, max_cost=max_cost,
            **kw)
        result = runner.run()
    finally:
        close = getattr(providers, "close", None)
        if callable(close):  # the providers hook holds HTTP clients and the cache
            close()
    # adapters that could not be reached at all (no network): said once per adapter
    result.unreachable = dict(getattr(providers, "unreachable", None) or {})
    return result


def _cassette_day(options: Any, today: dt.date | None) -> dt.date | None:
    """The mission's day under ``--record``/``--replay``: a recording stamps its day in the
    cassette; a replay runs on the recorded day (so "next weekend" and "already past"
    resolve as they did, and the report is the same any day). An explicit ``today`` wins;
    a cassette recorded before days were stamped replays on today's date."""
    record = getattr(options, "record_dir", None)
    replay = getattr(options, "replay_dir", None)
    if record is not None and replay is not None:
        return today  # the providers layer refuses both (CFG015)
    if record is not None:
        from scout.providers.record import stamp_day

        day = today or dt.date.today()
        stamp_day(record, day)
        return day
    if replay is not None and today is None:
        from scout.providers.record import recorded_day

        return recorded_day(replay)
    return today


def estimate(file: str | Path, *, query: str | None = None,
             sets: Iterable[str] | dict[str, Any] | None = None, mission_id: str | None = None,
             config: str | Path | None = None, root: str | Path | None = None,
             fanout: int = 10) -> Any:
    """``scout plan``'s cost estimate (a ``CostEstimate``); makes no external call."""
    from scout.providers.runtime import ProviderRuntime

    pipeline, cfg, request = prepare(file, query=query, sets=sets, mission_id=mission_id,
                                     config=config, root=root)
    with ProviderRuntime(cfg, run_root(root, file, config),
                         request.mission_id, step_capability=step_capability,
                         read_only=True) as rt:  # a plan creates nothing
        return rt.estimate(pipeline, fanout=fanout)


def plan(
    file: str | Path,
    *,
    query: str | None = None,
    sets: Iterable[str] | dict[str, Any] | None = None,
    mission_id: str | None = None,
    runs_dir: str | Path | None = None,
    force: Iterable[str] = (),
    config: str | Path | None = None,
    root: str | Path | None = None,
    today: dt.date | None = None,
) -> MissionPlan:
    """What ``apply`` would do to each phase (reuse / run / skip) and why."""
    runner = _mission_runner(file, query=query, sets=sets, mission_id=mission_id,
                             runs_dir=runs_dir, config=config, root=root, force=force,
                             today=today)
    task, task_error = _preview_task(runner)
    return MissionPlan(runner.request.mission_id, runner.run_dir, runner.run_dir.is_dir(),
                       runner.plan(), task, task_error, _previous_task(runner.run_dir))


def run_mission(mission_id: str, query: str, runs_dir: str | Path | None = None, *,
                pipeline: str | Path | None = None, root: str | Path | None = None,
                **kw: Any) -> Path:
    """The seed's call: research ``query`` as mission ``mission_id`` and return the path
    of its report.md. ``pipeline`` defaults to pipelines/hotel_research.yaml under the
    research root. Raises :class:`PhaseExecutionError` when a phase ended
    ``failed_terminal`` (and for any other run that leaves no report)."""
    base = Path(root) if root else research_root()
    path = Path(pipeline) if pipeline else base / "pipelines" / "hotel_research.yaml"
    result = apply(path, query=query, mission_id=mission_id, runs_dir=runs_dir, root=root,
                   **kw)
    failed = tuple(pid for pid, st in result.phases.items() if st.status == "failed_terminal")
    if failed:
        raise PhaseExecutionError(
            f"mission {mission_id}: phase(s) {', '.join(failed)} failed: {result.reason}",
            phases=failed, hint=f"see {result.stopped_report or result.run_dir / 'mission.log'}"
            "; fix and re-run")
    if result.report_path is None:
        raise PhaseExecutionError(f"mission {mission_id} ended {result.status} without a "
                                  f"report: {result.reason or 'see its run dir'}",
                                  hint=f"run dir: {result.run_dir}")
    return result.report_path


def find_run_dir(mission: str | Path, runs_dir: str | Path | None = None) -> Path:
    """The run dir of a mission id (or a run dir path given directly)."""
    if isinstance(mission, Path):
        if (mission / LOG_NAME).exists() or (mission / SNAPSHOT_NAME).exists():
            return mission
        raise MissionNotFound(f"{mission} is not a run dir (no {SNAPSHOT_NAME} or {LOG_NAME})")
    path = mission_dir(default_runs(runs_dir), str(mission))
    if not ((path / LOG_NAME).exists() or (path / SNAPSHOT_NAME).exists()):
        raise MissionNotFound(f"no mission '{mission}' in {path.parent}",
                              hint="check the id and --runs-dir (or SCOUTE_RUNS_DIR)")
    return path


def status(mission: str | Path, *, runs_dir: str | Path | None = None) -> MissionState:
    """The mission's state, consistent even while it runs."""
    return load_state(find_run_dir(mission, runs_dir))


def get_mission_state(mission: str | Path, runs_dir: str | Path | None = None) -> dict[str, Any]:
    """Seed helper: the state as a JSON-able dict (what phase.json holds, up to date)."""
    return status(mission, runs_dir=runs_dir).to_dict()


def get_mission_artifacts(mission: str | Path, runs_dir: str | Path | None = None,
                          names: Iterable[str] | None = None) -> dict[str, Any]:
    """Seed helper: artifacts by name, validated against their schemas and hashes."""
    run_dir = find_run_dir(mission, runs_dir)
    store = ArtifactStore(run_dir, create=False)
    wanted = list(names) if names is not None else store.names()
    return {name: store.read(name) for name in wanted}
