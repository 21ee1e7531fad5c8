"""What a report template sees about the mission itself: phase states, costs, notices.

Built from two sources of truth — the phase states the orchestrator recorded and the
request journal lines of this mission — so the report can never claim a degradation
that did not happen, or hide one that did ("tavily failed: HTTP 500 — duckduckgo
answered", "perplexity skipped: PERPLEXITY_API_KEY not set").
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from scout.errors.interrupt import CTRL_C, SIGTERM
from scout.i18n import N_, N_plural
from scout.providers.in_doubt import SENT, in_doubt_of

DEGRADED = ("succeeded_partial", "failed_retryable", "failed_terminal", "skipped",
            "blocked_missing_input", "stale")


@dataclass
class PhaseRow:
    id: str
    uses: str
    status: str
    description: str = ""
    reason: str | None = None
    answered_by: str | None = None
    attempts: int = 0
    items_total: int | None = None
    items_failed: int = 0
    #: items that succeeded (None: not recorded, so total − failed); a phase the cost cap
    #: stopped has items that neither succeeded nor failed: they never ran
    items_ok: int | None = None
    errors: list[str] = field(default_factory=list)
    optional: bool = False
    #: the message of the error that ended a failed phase (a provider's reason, redacted
    #: at the adapters' boundary) and what the user can do about it (scout.report.failure)
    error: str | None = None
    what_to_do: str | None = None

    @property
    def skipped_by_condition(self) -> bool:
        """Skipped because its ``if:`` was false (the reason scout/orchestrator/facts.py
        records): the plan said so, as for photos nobody asked to download."""
        return self.status == "skipped" and (self.reason or "").startswith("if: ")

    @property
    def items_done(self) -> int:
        """Items that succeeded: never counts an item that did not run as one."""
        if self.items_ok is not None:
            return self.items_ok
        return (self.items_total or 0) - self.items_failed

    @property
    def items_not_run(self) -> int:
        return max(0, (self.items_total or 0) - self.items_done - self.items_failed)

    @property
    def degraded(self) -> bool:
        """Did not go to plan: failed, blocked, partial, stale, or skipped for any reason
        but its own condition."""
        return self.status in DEGRADED and not self.skipped_by_condition


@dataclass
class CostRow:
    adapter: str
    calls: int = 0
    cache_hits: int = 0
    errors: int = 0
    skipped: int = 0
    usd: float = 0.0


@dataclass
class SkipRow:
    """An adapter a chain passed over because it is not configured (its key, URL or
    recording is missing): ``text`` is the notice that says so, as a step's own notes
    (the synthesis's) say it too."""
    adapter: str
    reason: str
    text: str
    #: the phases whose chain passed it over
    phases: list[str] = field(default_factory=list)


@dataclass
class SkipGroup:
    """Adapters skipped for the same reason, said once: "brave, brave_images
    (BRAVE_API_KEY not set)"."""
    reason: str
    adapters: list[str]


#: a phase's state as the DAG's "[state]" label says it (the report's phase_state words)
STATE_LABELS = {"pending": N_("pending"), "running": N_("running"),
                "succeeded": N_("succeeded"), "succeeded_partial": N_("partly succeeded"),
                "failed_retryable": N_("failed (can be retried)"),
                "failed_terminal": N_("failed (final)"), "skipped": N_("skipped"),
                "blocked_missing_input": N_("blocked (missing input)"), "stale": N_("stale")}


@dataclass
class MissionView:
    mission_id: str
    pipeline: str
    phases: list[PhaseRow] = field(default_factory=list)
    costs: list[CostRow] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    mermaid: str = ""
    budget_stopped: bool = False
    max_cost: float | None = None
    #: paid requests journaled as sent with no answer recorded (a process stopped while
    #: they were in flight): they may have been billed (scout.providers.in_doubt)
    in_doubt: int = 0
    in_doubt_usd: float = 0.0
    #: the notices that are "not configured" skips, as rows (each also in ``notices``)
    skips: list[SkipRow] = field(default_factory=list)
    #: why a mission that did not finish stopped: ``budget`` (its cost cap), ``failed``
    #: (a required phase failed or was blocked), ``interrupted`` (Ctrl-C or SIGTERM); None otherwise
    stop: str | None = None
    #: the mission's own reason for stopping (the first failure, the cap's message)
    stop_reason: str | None = None
    #: an ``interrupted`` mission the system stopped (SIGTERM: docker stop, systemd, a CI
    #: cancel), not the user's Ctrl-C: its page says so
    stopped_by_system: bool = False
    #: the request as asked (the stopped page quotes it: the Task may not exist yet)
    query: str | None = None
    #: what to do about the inputs nobody gave that blocked phases wait for ("say it in
    #: the request, or set it directly with --set area=…"; scout.report.failure), None
    #: when none does: the stopped page of a mission blocked only on them says it
    input_hint: str | None = None

    def mermaid_in(self, lang: str) -> str:
        """:attr:`mermaid` in the reader's language: each phase's step as the phase table
        says it ("búsqueda"), the artifacts a phase fans out over and passes on as the
        report's sections name them ("candidatos"), its "[state]" in words ("[failed
        (final)]", never "[failed_terminal]"), the "[parallel group N]" box; the phases'
        names, an artifact the catalog does not know and mermaid's class names as written."""
        import re

        from scout.i18n import lang_of, translations
        from scout.i18n.values import artifact_word

        catalog = translations(lang_of(lang))
        text = self.mermaid
        for p in self.phases:  # '    F2["F2: search x candidates [state]"]'
            text = text.replace(f'["{p.id}: {p.uses}', f'["{p.id}: '
                                f'{catalog.pgettext("step", p.uses)}')
        # the fan-out's artifact ('x candidates [') and the edges' ('-->|candidates, pages|')
        text = re.sub(r'(?m)^(\s+\w+\["[^"\n]*? x )(\w+)(?= \[|")',
                      lambda m: m.group(1) + artifact_word(m.group(2), catalog), text)
        text = re.sub(r"(?m)^(\s+\w+ -->\|)([\w, ]+)(?=\|)", lambda m: m.group(1) + ", ".join(
            artifact_word(a, catalog) for a in m.group(2).split(", ")), text)
        for state, words in STATE_LABELS.items():
            text = text.replace(f"[{state}]", f"[{catalog.gettext(words)}]")
        text = text.replace("[parallel group ", f"[{catalog.gettext(N_('parallel group'))} ")
        # Markup: Markdown (a mermaid block) scout built, which a template writes as it is
        # (scout.report.asvalue), not text to show as written
        from markupsafe import Markup

        return Markup(text)

    def skip_groups(self, told: Any = (), only: Any = None) -> list[SkipGroup]:
        """The skips a report lists under "what did not go to plan", grouped by reason in
        order of first mention; a skip whose notice is in ``told`` (a section that already
        says it, as the synthesis's notes do) is left to that section. ``only``: just the
        skips whose notice is in it (that section's own grouped line)."""
        told = set(told or ())
        keep = None if only is None else set(only)
        groups: "OrderedDict[str, SkipGroup]" = OrderedDict()
        for s in self.skips:
            if s.text in told or (keep is not None and s.text not in keep):
                continue
            g = groups.setdefault(s.reason, SkipGroup(s.reason, []))
            if s.adapter not in g.adapters:
                g.adapters.append(s.adapter)
        return list(groups.values())

    def skip_texts(self, uses: str) -> list[str]:
        """The notices of the skips only phases of step ``uses`` made (the photos section
        says the image search's own)."""
        ids = {p.id for p in self.phases if p.uses == uses}
        return [s.text for s in self.skips if s.phases and set(s.phases) <= ids]

    @property
    def other_notices(self) -> list[str]:
        """The notices that are not skips (failovers, open circuits): each on its own."""
        skipped = {s.text for s in self.skips}
        return [n for n in self.notices if n not in skipped]

    @property
    def total_usd(self) -> float:
        return round(sum(c.usd for c in self.costs), 6)

    @property
    def degraded_phases(self) -> list[PhaseRow]:
        return [p for p in self.phases if p.degraded]

    @property
    def finished_phases(self) -> list[PhaseRow]:
        """The phases whose results are kept for the next apply."""
        return [p for p in self.phases if p.status in ("succeeded", "succeeded_partial")]

    @property
    def failed_phases(self) -> list[PhaseRow]:
        """The phases that ended failed for good and stopped the mission (not optional)."""
        return [p for p in self.phases if p.status == "failed_terminal" and not p.optional]

    def phase(self, pid: str) -> PhaseRow | None:
        return next((p for p in self.phases if p.id == pid), None)


def _error_text(entry: dict[str, Any]) -> str:
    err = entry.get("error")
    summary = entry.get("response_summary") or {}
    if isinstance(err, dict):
        what = str(err.get("kind") or err.get("code") or "error")
        status = err.get("status") or summary.get("status")
    else:
        what = str(err or entry.get("result") or "error")
        status = summary.get("status")
    return f"{what}, HTTP {status}" if status else what


def summarise_journal(entries: list[dict[str, Any]], phase_order: list[str] | None = None
                      ) -> tuple[list[CostRow], list[str]]:
    """Costs per adapter and plain-language notices (:func:`summarise_with_skips`)."""
    costs, notices, _skips = summarise_with_skips(entries, phase_order)
    return costs, notices


def summarise_with_skips(entries: list[dict[str, Any]], phase_order: list[str] | None = None
                         ) -> tuple[list[CostRow], list[str], list[SkipRow]]:
    """Costs per adapter and plain-language notices of failovers and skips.

    Journal lines (DESIGN.md §3) carry ``result``: ok, cache_hit, retry (a failed try that
    was retried), error, skipped, circuit_open, budget_exceeded (a call the cost cap
    refused: neither a call nor a failure); ``error`` is ``{kind, code, message,
    status}``; a skip's reason is in ``response_summary.reason``.

    The order does not depend on timing (lines of concurrent phases interleave
    differently in every run): rows and notices follow the first phase that used the
    adapter (in ``phase_order``, else by phase id), then the chain position, then names.
    """
    rank = {p: i for i, p in enumerate(phase_order or [])}
    costs: "OrderedDict[str, CostRow]" = OrderedDict()
    failures: "OrderedDict[tuple[str, str], list[str]]" = OrderedDict()
    answered: dict[str, set[str]] = {}
    skips: "OrderedDict[str, str]" = OrderedDict()
    skip_rows: dict[str, SkipRow] = {}  # key of ``skips`` -> the row of a "skipped" line
    first: dict[str, tuple[Any, ...]] = {}  # adapter -> its earliest (phase, position)
    # a link skipped for want of configuration is journaled by every apply's preflight:
    # count it once per phase, so a resumed mission reports what an uninterrupted one does
    skip_seen: set[tuple[str, str, str]] = set()
    refusals: dict[tuple[str, str], str] = {}  # (phase, adapter) -> what the cap refused
    for e in entries:
        adapter = str(e.get("adapter") or "?")
        phase = str(e.get("phase") or "?")
        result = str(e.get("result") or "")
        where = (rank.get(phase, len(rank)), phase,
                 int((e.get("chain") or {}).get("position") or 0))
        first[adapter] = min(first.get(adapter, where), where)
        row = costs.setdefault(adapter, CostRow(adapter))
        row.usd = round(row.usd + float(((e.get("cost") or {}).get("usd")) or 0.0), 6)
        chain = e.get("chain") or {}
        if chain.get("answered_by"):
            answered.setdefault(phase, set()).add(str(chain["answered_by"]))
        if result == "cache_hit":
            row.cache_hits += 1
        elif result in ("skipped", "circuit_open"):
            summary = e.get("response_summary") or {}
            why = summary.get("reason") or (_error_text(e) if e.get("error") else None)
            why = why or (N_("circuit open after rate limiting") if result == "circuit_open"
                          else N_("not configured"))
            if result == "circuit_open" or (adapter, phase, why) not in skip_seen:
                row.skipped += 1
                skip_seen.add((adapter, phase, why))
            text = skips.setdefault(f"{adapter}:{why}", N_("{adapter} skipped: {reason}").format(
                adapter=adapter, reason=why))
            if result == "skipped":
                found = skip_rows.setdefault(f"{adapter}:{why}", SkipRow(adapter, str(why), text))
                if phase not in found.phases:
                    found.phases.append(phase)
        elif result == "ok":
            row.calls += 1
        elif result == SENT:  # announces a paid try; the try's own line is counted
            continue
        elif result == "budget_exceeded":  # refused before it left: not the adapter's
            # failure; the first refusal of each phase's link says what it would have
            # cost and what was left (a fan-out's later ones only repeat it)
            said = (e.get("error") or {}).get("message") if isinstance(e.get("error"), dict) \
                else None
            if isinstance(said, str) and said:
                refusals.setdefault((phase, adapter), said)
            continue
        else:  # retry, error, and anything unknown counts as a failed try
            row.calls += 1
            row.errors += 1
            failures.setdefault((phase, adapter), []).append(_error_text(e))
    def order(adapter: str) -> tuple[Any, ...]:
        return (*first.get(adapter, (len(rank), "", 0)), adapter)

    keys = sorted(skips, key=lambda k: (order(k.split(":", 1)[0]), k))
    notices = [skips[k] for k in keys] + list(dict.fromkeys(
        refusals[k] for k in sorted(refusals, key=lambda k: (rank.get(k[0], len(rank)), k))))
    rows = [skip_rows[k] for k in keys if k in skip_rows]
    for (phase, adapter), errs in sorted(failures.items(), key=lambda kv: (
            rank.get(kv[0][0], len(rank)), kv[0][0], order(kv[0][1]))):
        others = sorted(a for a in answered.get(phase, set()) if a != adapter)
        n = len(errs)  # "failed 2 times", not "failed 2x"
        msgid = (N_plural("{phase}: {adapter} failed {count} time ({errors}); {others} answered "
                          "instead", "{phase}: {adapter} failed {count} times ({errors}); "
                          "{others} answered instead", n) if others else
                 N_plural("{phase}: {adapter} failed {count} time ({errors})",
                          "{phase}: {adapter} failed {count} times ({errors})", n))
        notices.append(msgid.format(phase=phase, adapter=adapter, count=len(errs),
                                    errors="; ".join(sorted(set(errs))),
                                    others=", ".join(others)))
    return sorted(costs.values(), key=lambda r: order(r.adapter)), notices, rows


#: a mission's end status -> :attr:`MissionView.stop`
STOPS = {"stopped_budget": "budget", "failed": "failed", "interrupted": "interrupted"}


def build_mission_view(*, state: Any, root: Any, pipeline: Any, mission_id: str,
                       max_cost: float | None = None, current_phase: str | None = None,
                       query: str | None = None,
                       end: tuple[str, str | None] | None = None) -> MissionView:
    """The mission as the report shows it: ``state`` is the mission's state as the
    orchestrator folded it from its log (a ``MissionState``, read by the caller: the
    state log is the orchestrator's), costs come from the journal under ``root``.

    ``current_phase`` is the phase rendering the report: it is still running while it
    renders, and is shown as succeeded (if it fails, there is no report to read).
    ``end`` is the mission's (status, reason) when its page is written before its end is
    recorded (the stopped page); else the state's.
    """
    from pathlib import Path

    from scout.providers.journal import iter_journal
    from scout.report.failure import what_to_do
    from scout.spec.dag import PhaseGraph

    rows: list[PhaseRow] = []
    states: dict[str, str] = {}
    status_now, reason_now = end if end is not None else (state.status, state.reason)
    stop = STOPS.get(status_now)
    for pid, phase in pipeline.phases.items():
        st = state.phases.get(pid)
        status = st.status if st else "pending"
        reason = st.reason if st else None
        if pid == current_phase:
            status = "succeeded"
        elif stop == "interrupted" and status == "running":
            # Ctrl-C abandoned it mid-run: it reruns on resume, as a phase the cost cap
            # stopped does (no record says so: the process stopped before writing one)
            status, reason = "failed_retryable", reason_now or CTRL_C
        states[pid] = status
        error = (st.error or {}) if st is not None and status == "failed_terminal" else None
        items = st.items if st else None
        answered = sorted((st.answered_by or {}).items(), key=lambda kv: (-kv[1], kv[0])) if st else []
        rows.append(PhaseRow(
            id=pid, uses=phase.uses, status=status, description=phase.description or "",
            reason=(reason if status != "succeeded" else None),
            answered_by=", ".join(a for a, _ in answered) or None,
            attempts=st.attempts if st else 0,
            items_total=items.total if items else None,
            items_failed=items.failed if items else 0,
            items_ok=items.ok if items else None,
            errors=list((items.errors or {}).values())[:5] if items else [],
            optional=phase.optional,
            error=(str(error.get("message") or "") or None) if error is not None else None,
            what_to_do=what_to_do(error) if error is not None else None,
        ))
    entries = [e for e in iter_journal(Path(root) / "runtime") if e.get("mission_id") == mission_id]
    costs, notices, skips = summarise_with_skips(entries, list(pipeline.phases))
    doubt = in_doubt_of(entries)
    return MissionView(
        in_doubt=doubt.calls, in_doubt_usd=doubt.usd,
        mission_id=mission_id, pipeline=pipeline.name, phases=rows, costs=costs,
        notices=notices, skips=skips, mermaid=PhaseGraph.of(pipeline).to_mermaid(states),
        budget_stopped=status_now == "stopped_budget", max_cost=max_cost,
        stop=stop, stop_reason=reason_now if stop else None, query=query,
        stopped_by_system=stop == "interrupted" and reason_now == SIGTERM,
        input_hint=_input_hint(state),
    )


def _input_hint(state: Any) -> str | None:
    """The hint for the inputs the state's blocked phases wait for, None when none do."""
    from scout.report.failure import INPUT_HINT, input_fix, missing_inputs

    names = missing_inputs(state.phases.values())
    return INPUT_HINT.format(fixes=input_fix(names)) if names else None
