"""What ``scout apply`` and ``scout status`` print around the report: the mission's end, a
line per phase, what to do, in the request's language.

The person who asked reads these lines: they are said in the request's language (the
Task's ``lang``: :attr:`MissionResult.lang`, or ``task.json`` for ``scout status``),
English where nothing says otherwise. The operator's ``LANG`` / ``LC_MESSAGES`` do not
change them (a lab server's locale says nothing of who asked); ``--set lang=en`` asks in
English, report included. What machines read stays English: ``--format json``, the status
codes, ``mission.log``, the state log. Stored English (a reason, a hint, a warning) is
localised by its msgid (:func:`scout.i18n.messages.localize`); a provider's own words
stay as it wrote them.
"""

from __future__ import annotations

from typing import Any

from scout.errors.interrupt import interrupt_reason
from scout.i18n import translations
from scout.i18n.numbers import console_usd
from scout.i18n.messages import localize
from scout.orchestrator.events import elapsed, word
from scout.orchestrator.state import PhaseState
from scout.text import cut_middle, is_cut

#: the most characters of a reason or error ``scout status`` / ``apply`` print per phase:
#: a provider's error page pasted into a reason ran to screens of text and buried the
#: table; the middle goes (its start says what failed, its end often the status)
REASON_WIDTH = 240

#: states of a phase that never ran because an earlier one failed or the mission stopped
NOT_RUN = frozenset({"blocked_missing_input", "pending"})


def _phase_line(pid: str, st: PhaseState, width: int, lang: str) -> str:
    tr = translations(lang)
    status = word(st.status, lang)
    bits = [f"  {pid:<{width}}  {status:<21}"]
    if st.items is not None:
        bits.append(tr.pgettext("console", "items {ok}/{total}").format(ok=st.items.ok,
                                                                         total=st.items.total))
    if st.duration_s is not None:
        bits.append(elapsed(st.duration_s, lang))
    if st.answered_by:
        bits.append(tr.pgettext("console", "answered by {names}").format(
            names=", ".join(st.answered_by)))
    if st.cost_usd:
        bits.append(console_usd(st.cost_usd, lang))
    if st.reason:
        bits.append(f"- {cut_middle(localize(st.reason, lang), REASON_WIDTH)}")
    message = str(st.error.get("message") or "") if st.error else ""
    if message and message not in (st.reason or ""):
        bits.append(f"[{st.error.get('code') if st.error else ''}: "
                    f"{cut_middle(localize(message, lang), REASON_WIDTH)}]")
    return "  ".join(bits)


def was_cut(reason: str | None, phases: dict[str, PhaseState]) -> bool:
    """Whether the mission's ``reason`` or a phase's reason or error is longer than the
    text lines show (:data:`REASON_WIDTH`)."""
    texts = [reason or ""] + [t for st in phases.values()
                              for t in (st.reason or "", str((st.error or {}).get("message") or ""))]
    return any(is_cut(t, REASON_WIDTH) for t in texts)


def cut_note(mission: str, lang: str = "en") -> str:
    """Said once under the table when a reason was cut: the full text is one command away."""
    tr = translations(lang)
    return tr.pgettext("console", 
        "(long reasons are cut here; `scout status {mission} --format json` has them in "
        "full)").format(mission=mission)


def format_phases(phases: dict[str, PhaseState], *, fold: bool = False,
                  lang: str = "en") -> list[str]:
    """One line per phase; with ``fold`` (a mission that failed), the phases that never
    ran because of it are named on one line after the others, so the failure is not
    buried under a line per waiting phase (``scout status`` keeps every line)."""
    shown = {pid: st for pid, st in phases.items() if not (fold and st.status in NOT_RUN)}
    width = max((len(p) for p in shown), default=5)
    lines = [_phase_line(pid, st, width, lang) for pid, st in shown.items()]
    left = [pid for pid in phases if pid not in shown]
    if left:
        tr = translations(lang)
        lines.append("  " + tr.pgettext("console", 
            "not run ({count}, blocked or not started): {phases}").format(
                count=len(left), phases=", ".join(left)))
    return lines


def failure_hints(phases: dict[str, PhaseState]) -> list[str]:
    """What to do about the failed phases, each once (:func:`scout.report.failure.
    failure_hints`), in English: :func:`end_lines` says them in the request's language."""
    from scout.report.failure import failure_hints as hints

    return hints(phases.values())


def next_steps(result: Any) -> list[str]:
    """What to do about a mission that ended without success, as ``--format json``'s
    ``hint`` says it (:func:`scout.report.failure.next_steps`: the cost cap's advice
    included), in English: :func:`end_lines` says them in the request's language."""
    from scout.report.failure import next_steps as steps

    return steps(result)


def end_lines(result: Any, hints: list[str]) -> list[str]:
    """What ``scout apply`` prints when a mission ends without its report (or with an exit
    code other than 0): its status, why, what to do, where, and a line per phase."""
    lang = getattr(result, "lang", "en")
    tr = translations(lang)
    lines = [tr.pgettext("console", "mission {mission}: {status} (exit {code})").format(
        mission=result.mission_id, status=word(result.status, lang), code=result.exit_code)]
    if result.reason:
        lines.append(f"  {cut_middle(localize(result.reason, lang), REASON_WIDTH)}")
    for hint in hints:  # what to do, said once under the reason
        said = tr.pgettext("console", "hint: {hint}")
        lines.append("  " + said.format(hint=localize(hint, lang)))
    lines.append("  " + tr.pgettext("console", "run dir: {path}").format(path=result.run_dir))
    if result.stopped_report is not None:
        what = (tr.pgettext("console", "what was spent and kept")
                if result.status == "stopped_budget"
                else tr.pgettext("console", "what failed, why, and what to do"))
        lines.append("  " + tr.pgettext("console", "report: {path} ({said})").format(
            path=result.stopped_report, said=what))
    lines += format_phases(result.phases, fold=result.exit_code != 0, lang=lang)
    if was_cut(result.reason, result.phases):
        lines.append("  " + cut_note(result.mission_id, lang))
    return lines


def notice_lines(result: Any, unreachable_hint: str) -> list[str]:
    """The adapters that could not be reached (once each) and the warnings, for stderr."""
    lang = getattr(result, "lang", "en")
    tr = translations(lang)
    unreachable = tr.pgettext("console", "error: {name} could not be reached ({message}); "
                                         "{hint}")
    warning = tr.pgettext("console", "warning: {text}")
    return [unreachable.format(name=name, message=message,
                               hint=localize(unreachable_hint, lang))
            for name, message in sorted(result.unreachable.items())] + [
        warning.format(text=localize(w, lang)) for w in result.warnings]


def interrupted_lines(exc: Any) -> list[str]:
    """What ``scout apply`` says on Ctrl-C: the state is saved, how to resume, where."""
    tr = translations(getattr(exc, "lang", "en"))
    resume = tr.pgettext("console", "what finished is kept: run the same command again to "
                                    "resume (finished phases are reused, the rest run)")
    lines = [tr.pgettext("console", "mission {mission}: interrupted (exit 130)").format(
                 mission=exc.mission_id),
             "  " + localize(interrupt_reason(exc), getattr(exc, "lang", "en")),
             "  " + resume,
             "  " + tr.pgettext("console", "run dir: {path}").format(path=exc.run_dir)]
    if exc.report is not None:
        lines.append("  " + tr.pgettext("console", "report: {path} ({said})").format(
            path=exc.report, said=tr.pgettext("console", "what ran and what is left")))
    return lines


def state_lines(state: Any, lang: str = "en") -> list[str]:
    """``scout status``'s text: the mission, its runs, a line per phase."""
    tr = translations(lang)
    code = (" " + tr.pgettext("console", "(exit {code})").format(code=state.exit_code)
            if state.exit_code is not None else "")
    lines = [tr.pgettext("console", "mission {mission}: {status}").format(
        mission=state.mission_id, status=word(state.status, lang)) + code]
    if state.reason:
        lines.append(f"  {cut_middle(localize(state.reason, lang), REASON_WIDTH)}")
    runs = tr.pgettext("console", "runs: {runs}, started {started}, finished {finished}")
    lines.append("  " + runs.format(runs=state.runs, started=state.started_at or "-",
                                    finished=state.finished_at or "-"))
    lines += format_phases(state.phases, lang=lang)
    if was_cut(state.reason, state.phases):
        lines.append("  " + cut_note(state.mission_id, lang))
    return lines
