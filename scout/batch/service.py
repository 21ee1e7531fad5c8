"""Many missions at once: ``scout batch apply`` / ``scout batch status`` in Python.

Built on :mod:`scout.api` (one mission's wiring point), like the CLI: a batch runs each
mission through ``scout.dist.jobs.run_mission_job``, which calls ``scout.api.apply``, so
this module sits above the api and the api never imports it (no import cycle).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from scout.api.request import check_cap, parse_sets, run_root
from scout.errors import UsageError
from scout.fsutil import STALE_TMP_S, make_dirs, remove_stale_tmp
from scout.config.loader import config_root
from scout.paths import runs_dir as default_runs
from scout.paths import validate_mission_id


def batch_apply(
    source: str | Path,
    *,
    queries: str | Path | None = None,
    sets: Iterable[str] | dict[str, Any] | None = None,
    batch_id: str | None = None,
    runs_dir: str | Path | None = None,
    config: str | Path | None = None,
    root: str | Path | None = None,
    max_cost: float | None = None,
    parallel: int | None = None,
    executor: str | None = None,
    options: dict[str, Any] | None = None,
    subscriber: Any = None,
    run_job: Callable[[Any], Any] | None = None,
) -> Any:
    """Run many missions (``scout batch apply``) and return a ``BatchOutcome``.

    ``source`` is a folder of ``kind: Mission`` files, or a pipeline with ``queries`` (a
    CSV or YAML list, one mission per row; ``sets`` apply to every row). Every mission
    is checked before any runs (bad rows raise ``SpecInvalid`` naming file and line).
    They run on ``executor`` (default: the config's ``executor.kind``; ``local`` =
    threads), ``parallel`` at once (default: the executor's capacity, else 4), each
    converging like ``apply``. ``max_cost`` (USD) caps the whole batch, earlier runs
    included. ``options`` go to every mission's job (``no_cache``, ``replay_dir``, ...).
    The record is ``<runs-dir>/.batches/<batch-id>.json``; the same input names the same
    batch, so re-running resumes it."""
    from dataclasses import replace as _replace

    max_cost = check_cap(max_cost)
    from scout.batch.inputs import missions_from_queries, missions_in_folder
    from scout.batch.record import BatchRecord, batch_id_for, batches_dir, load_record
    from scout.batch.runner import BatchRunner
    from scout.dist.jobs import run_mission_job
    from scout.config.loader import load_config
    from scout.orchestrator.executor import check_option_kind, make_executor

    # the project of the config its missions use, as ``apply``
    root_path = run_root(root, source, config)
    src = Path(source)
    rdir = str(runs_dir) if runs_dir is not None else None
    cfg_path = str(config) if config is not None else None
    if src.is_dir():
        if queries is not None or sets:
            raise UsageError(f"{src} is a folder of missions: --queries and --set apply to a "
                             "pipeline", code="USE080",
                             hint="give a pipeline file with --queries, or declare each "
                                  "request in its Mission")
        entries = missions_in_folder(src, runs_dir=rdir, config=cfg_path, root=root_path)
        pipeline_path = None
    elif not src.exists():
        raise UsageError(f"no such file or folder: {src}", code="USE080")
    else:
        if queries is None:
            raise UsageError(f"{src}: a batch of one pipeline needs --queries FILE",
                             code="USE080",
                             hint="a CSV (header: query,mission_id,<inputs>) or a YAML list "
                                  "of queries; or give a folder of Mission files")
        entries = missions_from_queries(src, Path(queries), runs_dir=rdir, config=cfg_path,
                                        root=root_path, sets=parse_sets(sets))
        pipeline_path = src
    if options:
        entries = [_replace(e, job=_replace(e.job, options=dict(options))) for e in entries]
    first = Path(entries[0].job.pipeline)
    cfg = load_config(config, near=first)
    if executor is not None:  # the registry make_executor asks below, plugins' kinds included
        check_option_kind(executor)
    kind = executor or cfg.executor.kind
    if max_cost is not None:
        # the batch's cap lives in the quota backend: refused up front (CFG055) where the
        # workers would not share it (the memory backend, or other machines' SQLite)
        from scout.orchestrator.remote import check_budget_holds

        check_budget_holds(_replace(cfg, executor=cfg.executor.model_copy(
            update={"kind": kind})), max_cost)
    base_runs = default_runs(runs_dir, root=root_path)
    # an empty --batch-id is refused like an empty --mission-id, not replaced by the default
    bid = batch_id if batch_id is not None else batch_id_for(
        Path(queries) if queries is not None else src, pipeline_path)
    validate_mission_id(bid, "batch id")  # a slug: the record's file name
    path = batches_dir(base_runs) / f"{bid}.json"
    lock = _batch_lock(path)
    try:
        # what a killed batch left half-written beside the records (its record's temp
        # file): never a live batch's, which holds its writer's lock (scout.fsutil)
        remove_stale_tmp(path.parent, before=time.time() - STALE_TMP_S, deep=False)
        record = load_record(path) if path.is_file() else BatchRecord(
            bid, str(Path(queries) if queries is not None else src),
            str(pipeline_path) if pipeline_path else None, str(base_runs))
        record.max_cost, record.executor = max_cost, kind
        workers = parallel or int(cfg.executor.settings.get("workers") or 0) or 4
        pool = make_executor(kind, workers, _executor_settings(kind, workers, cfg.executor.options()))
        try:
            runner = BatchRunner(entries, record, pool, subscriber=subscriber,
                                 runtime_dir=root_path / "runtime",
                                 run_job=run_job if run_job is not None else run_mission_job)
            return runner.run()
        finally:
            pool.shutdown(wait=True, cancel=True)
    finally:
        lock.release()


def _batch_lock(record_path: Path) -> Any:
    """The batch's lock: an OS file lock beside its record (``<batch-id>.lock``), held
    while the batch runs, so a second ``scout batch apply`` of the same batch stops at
    once (RUN009) instead of launching the same missions and overwriting the record."""
    from filelock import FileLock, Timeout

    from scout.batch.record import load_record
    from scout.errors import BatchLocked

    make_dirs(record_path.parent)
    lock = FileLock(str(record_path.with_suffix(".lock")), timeout=0, thread_local=False)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        who = "another process"
        try:
            rec = load_record(record_path) if record_path.is_file() else None
        except Exception:  # noqa: BLE001 - the record is the other driver's; only a hint
            rec = None
        if rec is not None and rec.pid:
            who = f"pid {rec.pid}" + (f" on {rec.host}" if rec.host else "")
        raise BatchLocked(f"batch {record_path.stem} is being applied by {who}",
                          hint="wait for it to finish (scout batch status shows its "
                               "progress), or stop it; then re-apply: finished missions "
                               "are reused") from None
    return lock


def _executor_settings(kind: str, parallel: int, settings: dict[str, Any]) -> dict[str, Any]:
    """The batch executor's settings: the config's ``executor`` (``address``,
    ``threads_per_worker`` and ``settings``). A ``local:N`` cluster started for the batch
    gets enough threads per worker process to run ``parallel`` missions at once (a
    mission mostly waits on providers; one thread per worker would run N at a time)
    unless ``threads_per_worker`` is set."""
    out = dict(settings)
    if kind == "dask" and "threads_per_worker" not in out:
        address = str(out.get("address") or "local:2").strip()
        if address.startswith("local:") and address[6:].isdigit() and int(address[6:]) > 0:
            out["threads_per_worker"] = max(1, min(64, -(-parallel // int(address[6:]))))
    return out


def batch_status(batch: str | None = None, *, runs_dir: str | Path | None = None,
                 root: str | Path | None = None) -> Any:
    """The record of ``batch`` (an id, or its .json path; the latest when None): a
    ``BatchRecord`` with every mission's status, cost, report path, and ``totals()``."""
    from scout.batch.record import find_record

    return find_record(default_runs(runs_dir, root=Path(root) if root else config_root()),
                       batch)
