"""Fan-out: run a phase once per item of an artifact, in bounded lanes, checkpointing
every item in the state log, and gather the results in item order. Part of the
scheduler (``runner.py``)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from scout.errors import ArtifactInvalid, PhaseTimeout
from scout.orchestrator import events as E
from scout.orchestrator.artifact_store import Encoded, decode, encode
from scout.orchestrator.outcomes import Failure, classify, normalize_outputs
from scout.orchestrator.phase_run import PhaseRun, Recorder
from scout.orchestrator.state import PhaseStatus
from scout.orchestrator.state_store import StoreClosed
from scout.spec.models import MinSuccess
from scout.steps.context import ItemOutcome

if TYPE_CHECKING:
    from scout.orchestrator.runner import Runner

S = PhaseStatus


class FanoutMixin:
    """Mixed into :class:`~scout.orchestrator.runner.Runner`."""

    def _prepare_fanout(self: Runner, run: PhaseRun) -> None:
        src = run.inputs.get(run.phase.for_each or "")
        if src is None:
            items: list[Any] = []
        elif isinstance(src, (list, tuple)):
            items = list(src)
        elif isinstance(src, dict):
            items = list(src.values())
        else:
            raise_items = getattr(src, "items", None)
            items = list(raise_items) if isinstance(raise_items, list) else [src]
        run.items = items
        assert run.fp is not None
        produces = run.phase.produces
        for i, rec in self.store.done_items(run.pid, run.fp.value).items():
            if i >= len(items):
                continue
            try:
                schemas = rec.get("schema") or {}
                vals = {n: decode(schemas.get(n, "json"), d, n) for n, d in
                        (rec.get("v") or {}).items()}
            except ArtifactInvalid:
                continue  # rerun the item
            value = vals.get(produces[0]) if len(produces) == 1 else vals
            run.results[i] = ItemOutcome(i, items[i], True, value)
            if rec.get("by"):
                run.answered[rec["by"]] += 1
            run.cost += float(rec.get("cost") or 0.0)

    def _lane(self: Runner, run: PhaseRun, token: int) -> None:
        try:
            runner = run.kind.load_runner() if run.kind else None
            while not run.cancelled and not self._stop_flag.is_set() \
                    and token == run.token:
                with run.lock:
                    if not run.pending:
                        break
                    i = run.pending.popleft()
                self._item(run, runner, i)
        except StoreClosed:
            pass  # the mission was interrupted and closed; this item reruns on resume
        finally:
            self._q.put(("lane", run.pid, token))

    def _item(self: Runner, run: PhaseRun, runner: Any, i: int) -> None:
        assert run.items is not None and run.fp is not None
        item = run.items[i]
        sink: dict[str, Any] = {}
        gateway = None
        if run.gateway is not None:
            def record(by: str, cost: float) -> None:
                sink["by"] = by
                sink["cost"] = sink.get("cost", 0.0) + cost
                self._answered(run, by, cost)
            gateway = Recorder(run.gateway._inner, record)  # type: ignore[attr-defined]
        rec: dict[str, Any] = {"ev": "item", "phase": run.pid, "fp": run.fp.value, "i": i}
        try:
            result = runner(self._ctx(run, item, i, gateway))
            outs = normalize_outputs(result, run.phase.produces, f"phase '{run.pid}' item {i}")
            encoded = {n: encode(v, n) for n, v in outs.items()}
            rec["ok"] = True
            rec["schema"] = {n: e[0] for n, e in encoded.items()}
            raw = "{" + ",".join(f"{json.dumps(n)}:{e[2]}" for n, e in encoded.items()) + "}"
            values = {n: e[3] for n, e in encoded.items()}
            value = values.get(run.phase.produces[0]) if len(run.phase.produces) == 1 else values
            outcome = ItemOutcome(i, item, True, value)
            failure = None
        except BaseException as exc:  # noqa: BLE001 - an item's failure is its outcome
            failure = classify(exc)
            if failure.budget:
                self._q.put(("budget", run.pid, -1, failure))
                with run.lock:
                    run.pending.appendleft(i)
                self._stop_flag.set()
                return
            rec["ok"] = False
            rec["e"] = failure.error
            raw = None
            outcome = ItemOutcome(i, item, False, None, failure.message)
        if sink.get("by"):
            rec["by"] = sink["by"]
        if sink.get("cost"):
            rec["cost"] = round(sink["cost"], 6)
        self.store.append(rec, raw={"v": raw} if raw else None)
        with run.lock:
            run.results[i] = outcome
            if failure is not None:
                run.failures[i] = failure
            else:
                run.failures.pop(i, None)
            done = len(run.results)
        self.bus.emit(E.ItemDone(run.pid, i, outcome.ok, done, len(run.items),
                                 outcome.error, sink.get("by")))

    def _finish_fanout(self: Runner, run: PhaseRun) -> None:
        assert run.items is not None
        if self._stop in ("budget", "interrupted"):
            self._record_stopped(run)
            return
        if run.timed_out:
            limit = run.phase.timeout or self.pipeline.defaults.timeout
            self._failed(run, classify(PhaseTimeout(
                f"phase '{run.pid}' ran past its timeout of {limit:g}s")))
            return
        n = len(run.items)
        ok = [run.results[i] for i in range(n) if i in run.results and run.results[i].ok]
        n_failed = n - len(ok)
        allow = run.phase.allow_partial or self.pipeline.defaults.allow_partial or \
            MinSuccess(min_success=1.0)
        ratio = len(ok) / n if n else 1.0
        if n_failed and (allow.min_success >= 1.0 or ratio < allow.min_success):
            fails = [run.failures[i] for i in sorted(run.failures)]
            retryable = [f for f in fails if f.retryable]
            first = fails[0] if fails else None
            message = (f"{n_failed} of {n} items failed (needs {allow.min_success:.0%} to "
                       f"succeed)" + (f"; first: {first.message}" if first else ""))
            self._failed(run, Failure(
                retryable[0].kind if retryable else (first.kind if first else "step_error"),
                bool(retryable),
                {"code": "RUN001", "message": message, "kind": "items_failed",
                 "items_failed": n_failed, "items_total": n}))
            return
        try:
            outs = self._gather(run)
            encoded = {name: Encoded.of(value, name) for name, value in outs.items()}
        except BaseException as exc:  # noqa: BLE001
            self._failed(run, classify(exc))
            return
        if n_failed:
            allowed = (f"at least {allow.min_success:.0%} must succeed" if allow.min_success
                       else "allow_partial accepts any number of failures")
            self._succeeded(run, encoded, S.SUCCEEDED_PARTIAL.value,
                            f"{n_failed} of {n} items failed ({allowed})")
        else:
            self._succeeded(run, encoded, S.SUCCEEDED.value, None)

    def _gather(self: Runner, run: PhaseRun) -> dict[str, Any]:
        assert run.items is not None and run.kind is not None
        outcomes = [run.results.get(i) or ItemOutcome(i, run.items[i], False, None, "not run")
                    for i in range(len(run.items))]
        produces = run.phase.produces
        if run.kind.gather is not None:
            return normalize_outputs(run.kind.gather(outcomes, run.phase), produces,
                                     f"phase '{run.pid}' gather")
        if len(produces) == 1:
            return {produces[0]: [o.value for o in outcomes if o.ok]}
        return {name: [o.value[name] for o in outcomes if o.ok] for name in produces}
