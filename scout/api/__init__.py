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
request (``query``, ``sets``, ``mission_id``, ``runs_dir``), resolved by
:mod:`scout.api.request` (``prepare``). Command-line values win over the Mission
document's. Errors are ScoutErrors (each with its exit code); a run that fails returns a
result with a non-zero ``exit_code`` rather than raising.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from scout.api.request import parse_sets, prepare, run_root
from scout.api.shown import KindWords
from scout.config.models import Config
from scout.errors import MissionNotFound, PhaseExecutionError, ScoutError
from scout.fsutil import loads_stored, read_stored
from scout.i18n import N_, lang_of
from scout.i18n.messages import localize
from scout.orchestrator.artifact_store import ArtifactStore
from scout.orchestrator.events import Subscriber
from scout.orchestrator.mission import MissionRunner, Preflight
from scout.orchestrator.mission_request import MissionRequest, apply_args, replayed_from
from scout.orchestrator.mission_result import MissionInterrupted, MissionResult
from scout.orchestrator.planner import PhasePlan
from scout.orchestrator.options import GatewayFactory
from scout.orchestrator.state import MissionState
from scout.orchestrator.state_store import LOG_NAME, SNAPSHOT_NAME, Durability, load_state
from scout.paths import mission_dir, research_root
from scout.paths import runs_dir as default_runs
from scout.spec.models import Pipeline
from scout.stepkit.registry import get_step_kind, register_phase_handler

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
    #: the error itself (code, message, hint; for a request that leaves out a required
    #: input also ``lang`` and ``missing``): what ``apply`` would refuse the request with
    request_error: dict[str, Any] | None = None
    #: the Task of the last run (its task.json), to show what the request changed
    previous_task: dict[str, Any] | None = None
    #: the kind's own words its values are shown with (its enum inputs, its catalogs)
    words: KindWords | None = None
    #: the request's language (the Task's, else as read before any phase): the text
    #: ``scout plan`` prints speaks it; the JSON keeps English
    lang: str = "en"

    def to_dict(self) -> dict[str, Any]:
        return {"mission_id": self.mission_id, "run_dir": str(self.run_dir),
                "exists": self.exists, "task": self.task, "task_error": self.task_error,
                "request_error": self.request_error, "previous_task": self.previous_task,
                "phases": [p.to_dict() for p in self.phases]}


def _previous_task(run_dir: Path) -> dict[str, Any] | None:
    """The Task recorded by the last run; None when absent or unreadable (untrusted)."""

    try:
        doc = loads_stored(read_stored(run_dir / "task.json"))
    except (OSError, ValueError):
        return None
    task = doc.get("task") if isinstance(doc, dict) else None
    return task if isinstance(task, dict) else None


def _preview_task(runner: MissionRunner) -> tuple[dict[str, Any] | None, ScoutError | None]:
    """The Task F0 would build from the request, or the error that stops it (a request
    that leaves out a required input: in the request's language). Parsing is local,
    nothing is called."""
    from scout.api.askback import check_request

    try:
        task = check_request(runner.pipeline, runner.request, root=runner.root,
                             today=runner.today, default_lang=runner.config.default_lang)
    except ScoutError as exc:
        return None, exc
    return task, None


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
                    max_cost: float | None = None, ask_back: bool = False,
                    **kw: Any) -> MissionRunner:
    pipeline, cfg, request = prepare(file, query=query, sets=sets, mission_id=mission_id,
                                     runs_dir=runs_dir, config=config, root=root,
                                     max_cost=max_cost)
    if ask_back:  # a request that leaves out a required input: refused before anything
        from scout.api.askback import check_request

        check_request(pipeline, request, root=run_root(root, file, config),
                      today=kw.get("today"), default_lang=cfg.default_lang)
    from scout.orchestrator.lease import check_quota_reachable
    from scout.orchestrator.remote import check_budget_holds

    # before anything runs: a cap each Dask worker would spend apart is refused, and a
    # Redis quota backend that does not answer is CFG041
    env = getattr(getattr(providers, "options", None), "env", None)
    check_budget_holds(cfg, request.max_cost, env)
    if providers is not None:
        check_quota_reachable(cfg, env)
    if providers is not None:
        from scout.providers.hook import ProvidersHook as Hook

        # the built-in hook, unset
        if isinstance(providers, Hook) and providers.step_capability is None:
            providers.step_capability = step_capability
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
            ask_back=True, **kw)
        # how it was started, for the resume hint (task.json): a replay resumes replayed
        runner.request.apply_args = apply_args(
            runner.request, query_given=query is not None, mission_id_given=mission_id is not None,
            runs_dir=runs_dir, config=config, max_cost=max_cost, durability=durability,
            options=getattr(providers, "options", None) or provider_options)
        _rerun_what_a_cassette_answered(runner)
        result = runner.run()
    finally:
        close = getattr(providers, "close", None)
        if callable(close):  # the providers hook holds HTTP clients and the cache
            close()
    # adapters that could not be reached at all (no network): said once per adapter
    result.unreachable = dict(getattr(providers, "unreachable", None) or {})
    return result


def _rerun_what_a_cassette_answered(runner: MissionRunner) -> None:
    """A mission last applied with ``--replay DIR`` and now without it (or from another
    cassette) runs every phase again: its finished phases hold the recording's answers,
    read on the recording's day, and the user dropped ``--replay`` to ask the providers
    (the same request gives the same mission id, so the quick start's replay and the live
    run that follows are one mission). A live mission replayed later reuses as before.
    ``plan`` says the same, as the plan of an apply without ``--replay``."""
    try:
        doc = loads_stored(read_stored(runner.run_dir / "task.json"))
    except (OSError, ValueError):
        return
    was = replayed_from(doc.get("apply_args") if isinstance(doc, dict) else None)
    if was is None or was == replayed_from(runner.request.apply_args):
        return
    why = N_("answered from the recording {path} before, and this apply does not replay "
             "it").format(path=was)
    runner.force = {**{pid: why for pid in runner.graph.order()}, **runner.force}


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
    _rerun_what_a_cassette_answered(runner)  # a plan is a live apply's (it has no --replay)
    task, error = _preview_task(runner)
    if task is not None and runner.request.notes:  # said with the request's own notes
        task["notes"] = [*(task.get("notes") or []),
                         *(localize(n, task.get("lang") or "en") for n in runner.request.notes)]
    refused = error.to_dict() if error else None
    # the language the plan's text speaks: the Task's, the refusal's, else as read before
    lang = (task or {}).get("lang") or (refused or {}).get("lang") or runner.lang
    return MissionPlan(runner.request.mission_id, runner.run_dir, runner.run_dir.is_dir(),
                       runner.plan(), task, error.message if error else None, refused,
                       _previous_task(runner.run_dir), KindWords.of(runner.pipeline, runner.root),
                       lang_of(lang))


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


def find_run_dir(mission: str | Path, runs_dir: str | Path | None = None, *,
                 listed_by: str | None = None) -> Path:
    """The run dir of a mission id (or a run dir path given directly).

    An unknown id names the runs folder it was looked for in, for the operator who set
    it (``--runs-dir``). A front door whose user is not the operator (the HTTP API, the
    MCP tools) passes ``listed_by``, how that user lists the missions: the error then
    names the mission only, never a folder of the machine."""
    if isinstance(mission, Path):
        if (mission / LOG_NAME).exists() or (mission / SNAPSHOT_NAME).exists():
            return mission
        raise MissionNotFound(f"{mission} is not a run dir (no {SNAPSHOT_NAME} or {LOG_NAME})")
    path = mission_dir(default_runs(runs_dir), str(mission))
    if not ((path / LOG_NAME).exists() or (path / SNAPSHOT_NAME).exists()):
        if listed_by is not None:
            raise MissionNotFound(f"no mission '{mission}'",
                                  hint=f"check the id; {listed_by} lists the missions")
        raise MissionNotFound(f"no mission '{mission}' in {path.parent}",
                              hint="check the id and --runs-dir (or SCOUTE_RUNS_DIR)")
    return path


def status(mission: str | Path, *, runs_dir: str | Path | None = None) -> MissionState:
    """The mission's state, consistent even while it runs, as a person reads it: a run
    whose apply is gone (Ctrl-C, a kill, a crash) and the phases it left ``running`` read
    ``interrupted`` (:func:`scout.audit.runs.shown_state`)."""
    from scout.audit.runs import shown_state

    run_dir = find_run_dir(mission, runs_dir)
    return shown_state(load_state(run_dir), run_dir)


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
