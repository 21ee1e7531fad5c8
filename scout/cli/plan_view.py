"""How ``scout plan`` shows a plan, Terraform style: the request as parsed, what changed
since the last run and why each phase reruns, and what this apply would cost.

Reasons come from the planner (``scout.orchestrator.planner``), which compares each
phase's recorded fingerprint part by part; here they are grouped by cause (spec,
template, config, inputs, damaged output, never ran). The cost estimate counts only
the phases that will run: a reused phase costs nothing; a tentative one (``reuse?``)
is shown as the most the apply could spend on top.

The text speaks the request's language (``plan.lang``): the frame, the actions, the
planner's reasons (English msgids, localised), each input by its label as the report's
"What you asked" labels it (the name ``--set`` takes beside it where the label reads
otherwise) and where its value came from; ``--format json`` keeps English, the input
names and the causes' and sources' codes.
"""

from __future__ import annotations

from typing import Any

from scout.api.shown import KindWords, shown_labels, shown_value, shown_values
from scout.i18n import N_, translations
from scout.i18n.numbers import console_usd, usd_number
from scout.i18n.messages import localize
from scout.text import cut_middle

#: the most of a request a plan line shows: the parser reads 2,000 characters, and a
#: pasted megabyte printed whole buried the plan
QUERY_SHOWN = 400

#: cause of a rerun, from the planner's reason text (first match wins)
CAUSES = (
    ("template", ("template ",)),
    ("config", ("config",)),
    ("spec", ("its spec changed", "step version changed")),
    ("inputs", ("input '", "the request changed", "reads a new input", "no longer reads")),
    ("damaged output", ("missing or damaged",)),
    ("forced", ("--force", "forced")),
    ("failed before", ("failed before", "interrupted", "blocked before", "skipped before")),
    ("new", ("new", "has not run yet", "no recorded fingerprint")),
)


def cause_of(reason: str) -> str:
    for cause, needles in CAUSES:
        if any(n in reason for n in needles):
            return cause
    return "other"


def _lang(plan: Any) -> str:
    return str(getattr(plan, "lang", None) or "en")


def reason_said(reason: str, lang: str) -> str:
    """A planner's reason in ``lang``: its "stale: " / "blocked: " mark, then each of its
    "; "-joined parts by its msgid (a provider's words stay as written)."""
    tr = translations(lang)
    for mark, said in (("stale: ", tr.pgettext("console", "stale: {reason}")),
                       ("blocked: ", tr.pgettext("console", "blocked: {reason}"))):
        if reason.startswith(mark):
            return said.format(reason=reason_said(reason[len(mark):], lang))
    whole = localize(reason, lang)
    if whole != reason:
        return whole
    head, sep, tail = reason.rpartition(" (after ")  # the planner's "(after F0 reruns: …)"
    if sep and tail.endswith(" reruns: decided then)"):
        return f"{reason_said(head, lang)} {localize(sep.strip() + ' ' + tail, lang)}"
    return "; ".join(localize(part, lang) for part in reason.split("; "))


#: where a value came from (``Task.sources``), in the words "What you asked" says it with
ORIGINS = {"query": N_("query"), "default": N_("default"), "mission": N_("mission"),
           "set": N_("--set")}


def _named(name: str, label: str) -> str:
    """An input's label, with the name ``--set`` takes beside it where the label is not
    that name ("precio máximo por kWh [max_energy_price]", "minimum rating [min_rating]")."""
    return label if label == name else f"{label} [{name}]"


def task_lines(plan: Any) -> list[str]:
    tr = translations(_lang(plan))
    if plan.task is None:
        error = getattr(plan, "request_error", None) or {}
        if error.get("code"):  # what apply would refuse it with, in the request's language
            lines = [tr.pgettext("console", "request: {code}: {message}").format(
                code=error["code"], message=error.get("message"))]
            return lines + (["  " + tr.pgettext("console", "hint: {hint}").format(
                hint=error["hint"])] if error.get("hint") else [])
        return [tr.pgettext("console", "request: cannot be parsed before running: {error}")
                .format(error=localize(plan.task_error, _lang(plan)))]
    task = plan.task
    query = _shown_query(task.get("query")) or tr.pgettext("console", "(no query)")
    lines = [tr.pgettext("console", "request: {query}").format(query=query)
             + (f"  [lang {task['lang']}]" if task.get("lang") else "")]
    values, sources = task.get("values") or {}, task.get("sources") or {}
    words = getattr(plan, "words", None)
    # each input by its label, as "What you asked" labels it, its name beside it where
    # that reads otherwise (`--set` takes the name); the kind's enum words as its report's
    named = {n: _named(n, label) for n, label in shown_labels(task, words).items()}
    width = max((len(v) for v in named.values()), default=4)
    shown_all = shown_values(task, words)
    for name in values:
        shown = shown_all[name]
        # where the value came from in the report's words; ``--format json`` keeps the code
        # (an input with no source was not given: nothing defaulted it, as the report says)
        origin = tr.gettext(ORIGINS.get(sources.get(name, ""), N_("not given")))
        lines.append(f"  {named[name]:<{width}}  {shown:<24} ({origin})")
    lines += ["  " + tr.pgettext("console", "note: {note}").format(note=n)
              for n in task.get("notes") or []]
    return lines


def request_changes(plan: Any) -> list[str]:
    """Inputs whose value differs from the last run's Task ("budget: 200 EUR -> 150 EUR")."""
    old, new = plan.previous_task, plan.task
    if not isinstance(old, dict) or not isinstance(new, dict):
        return []
    ov, nv = old.get("values") or {}, new.get("values") or {}
    types = {**(old.get("types") or {}), **(new.get("types") or {})}
    lang = new.get("lang") or "en"  # both sides as the request now reads
    words = getattr(plan, "words", None) or KindWords()
    out = []
    if (old.get("query") or "") != (new.get("query") or ""):
        out.append(f"query: {_shown_query(old.get('query')) or '-'!r} -> "
                   f"{_shown_query(new.get('query')) or '-'!r}")
    labels = shown_labels({**old, **new, "values": {**ov, **nv}}, words)
    for name in list(nv) + [n for n in ov if n not in nv]:
        if ov.get(name) != nv.get(name):
            t = types.get(name, "")
            enum, catalog = name in words.enums, words.catalog(lang)
            scale = new.get("rating_scale", 10)
            before, after = (shown_value(ov.get(name), t, lang, enum=enum, catalog=catalog,
                                         rating_scale=scale),
                             shown_value(nv.get(name), t, lang, enum=enum, catalog=catalog,
                                         rating_scale=scale))
            out.append(f"{_named(name, labels[name])}: {before} -> {after}")
    return out


def change_lines(plan: Any) -> list[str]:
    lang = _lang(plan)
    tr = translations(lang)
    if not plan.exists:
        return [tr.pgettext("console", "changes: none to compare (no earlier run of this "
                                       "mission)")]
    rerun = [p for p in plan.phases if p.action == "run"]
    asked = request_changes(plan)
    if not rerun and not asked:
        return [tr.pgettext("console", "changes: none since the last run")]
    out = [tr.pgettext("console", "changes since the last run:")]
    out += ["  " + tr.pgettext("console", "request: {query}").format(query=line)
            for line in asked]
    for p in rerun:
        reason = p.reason[len("stale: "):] if p.reason.startswith("stale: ") else p.reason
        causes = sorted({cause_of(r) for r in reason.split("; ")})
        out.append(f"  {p.phase}: {', '.join(tr.pgettext('rerun cause', c) for c in causes)}"
                   f" — {reason_said(reason, lang)}")
    return out


def cost_lines(plan: Any, estimate: Any) -> list[str]:
    lang = _lang(plan)
    tr = translations(lang)
    action = {p.phase: p for p in plan.phases}
    will = [e for e in estimate.phases if action.get(e.phase) and action[e.phase].action == "run"]
    maybe = [e for e in estimate.phases if action.get(e.phase)
             and action[e.phase].action == "reuse" and action[e.phase].tentative]
    lines = [tr.pgettext("console", "estimated cost of this apply (phases that will run):")]
    for e in will:
        who = e.adapter or "-"
        calls = tr.npgettext("console", "{count} call", "{count} calls", e.calls).format(
            count=e.calls)
        lines.append(f"  {e.phase:<8} {e.chain:<14} {who:<20} {calls:>9} "
                     f"x {console_usd(e.usd_per_call, lang)} = {console_usd(e.usd, lang)}"
                     + (f"  ({localize(e.note, lang)})" if e.note else ""))
    total = round(sum(e.usd for e in will), 6)
    lines.append("  " + tr.pgettext("console", "total ${usd}").format(usd=usd_number(total, lang)))
    if maybe:
        extra = round(sum(e.usd for e in maybe), 6)
        lines.append("  " + tr.pgettext("console", "up to ${usd} more if {phases} (reuse?) "
                                        "rerun").format(usd=usd_number(extra, lang),
                                                        phases=", ".join(e.phase for e in maybe)))
    skipped = [p.phase for p in plan.phases if p.action != "run"
               and not (p.action == "reuse" and p.tentative)]
    if skipped:
        lines.append("  " + tr.pgettext("console", "not counted (reused or skipped): {phases}; "
                                        "a full run would cost ${usd}").format(
            phases=", ".join(skipped), usd=usd_number(estimate.total_usd, lang)))
    lines += [tr.pgettext("console", "assumptions:")] + [
        f"  - {localize(a, lang)}" for a in estimate.assumptions]
    return lines


def phase_lines(plan: Any) -> list[str]:
    """A line per phase (its action and why), then the counts of each action."""
    lang = _lang(plan)
    tr = translations(lang)
    labels = {"run": tr.pgettext("plan action", "run"),
              "reuse": tr.pgettext("plan action", "reuse"),
              "reuse?": tr.pgettext("plan action", "reuse?"),
              "skip": tr.pgettext("plan action", "skip"),
              "skip?": tr.pgettext("plan action", "skip?")}
    width = max((len(p.phase) for p in plan.phases), default=5)
    label_width = max(6, *(len(v) for v in labels.values()))
    lines = []
    for p in plan.phases:
        label = labels.get(p.label, p.label)
        lines.append(f"  {p.phase:<{width}}  {label:<{label_width}}  "
                     f"{reason_said(p.reason, lang)}")
        if p.runs_python:
            lines.append(f"  {'':<{width}}  {'':<{label_width}}  " + tr.pgettext(
                "console", "runs Python: {code} (your own code, with your permissions)"
            ).format(code=p.runs_python))
    counts = {a: sum(1 for p in plan.phases if p.action == a) for a in ("run", "reuse", "skip")}
    lines.append(tr.pgettext("console", "{run} to run, {reuse} to reuse, {skip} to skip")
                 .format(**counts))
    return lines


def plan_json(plan: Any, estimate: Any) -> dict[str, Any]:
    action = {p.phase: p for p in plan.phases}
    will = round(sum(e.usd for e in estimate.phases
                     if action.get(e.phase) and action[e.phase].action == "run"), 6)
    doc = plan.to_dict()
    for p in doc["phases"]:
        p["cause"] = cause_of(p["reason"]) if p["action"] == "run" else None
    doc["cost_estimate"] = {**estimate.to_dict(), "this_apply_usd": will}
    return doc


def _shown_query(query: Any) -> str:
    """The request for a plan line: cut in its middle past :data:`QUERY_SHOWN`."""
    return cut_middle(str(query), QUERY_SHOWN) if query else ""
