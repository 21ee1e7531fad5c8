"""How ``scout plan`` shows a plan, Terraform style: the request as parsed, what changed
since the last run and why each phase reruns, and what this apply would cost.

Reasons come from the planner (``scout.orchestrator.planner``), which compares each
phase's recorded fingerprint part by part; here they are grouped by cause (spec,
template, config, inputs, damaged output, never ran). The cost estimate counts only
the phases that will run: a reused phase costs nothing; a tentative one (``reuse?``)
is shown as the most the apply could spend on top.
"""

from __future__ import annotations

from typing import Any

from scout.api.shown import KindWords, shown_value, shown_values
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


def task_lines(plan: Any) -> list[str]:
    if plan.task is None:
        error = getattr(plan, "request_error", None) or {}
        if error.get("code"):  # what apply would refuse it with, in the request's language
            lines = [f"request: {error['code']}: {error.get('message')}"]
            return lines + ([f"  hint: {error['hint']}"] if error.get("hint") else [])
        return [f"request: cannot be parsed before running: {plan.task_error}"]
    task = plan.task
    lines = [f"request: {_shown_query(task.get('query')) or '(no query)'}"
             + (f"  [lang {task['lang']}]" if task.get("lang") else "")]
    values, sources = task.get("values") or {}, task.get("sources") or {}
    width = max((len(k) for k in values), default=4)
    # the names stay (`--set` takes them); the kind's enum words read as its report's do
    shown_all = shown_values(task, getattr(plan, "words", None))
    for name in values:
        shown = shown_all[name]
        lines.append(f"  {name:<{width}}  {shown:<24} ({sources.get(name, 'default')})")
    lines += [f"  note: {n}" for n in task.get("notes") or []]
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
    for name in list(nv) + [n for n in ov if n not in nv]:
        if ov.get(name) != nv.get(name):
            t = types.get(name, "")
            enum, catalog = name in words.enums, words.catalog(lang)
            before, after = (shown_value(ov.get(name), t, lang, enum=enum, catalog=catalog),
                             shown_value(nv.get(name), t, lang, enum=enum, catalog=catalog))
            out.append(f"{name}: {before} -> {after}")
    return out


def change_lines(plan: Any) -> list[str]:
    if not plan.exists:
        return ["changes: none to compare (no earlier run of this mission)"]
    rerun = [p for p in plan.phases if p.action == "run"]
    asked = request_changes(plan)
    if not rerun and not asked:
        return ["changes: none since the last run"]
    out = ["changes since the last run:"]
    out += [f"  request: {line}" for line in asked]
    for p in rerun:
        reason = p.reason[len("stale: "):] if p.reason.startswith("stale: ") else p.reason
        causes = sorted({cause_of(r) for r in reason.split("; ")})
        out.append(f"  {p.phase}: {', '.join(causes)} — {reason}")
    return out


def cost_lines(plan: Any, estimate: Any) -> list[str]:
    action = {p.phase: p for p in plan.phases}
    will = [e for e in estimate.phases if action.get(e.phase) and action[e.phase].action == "run"]
    maybe = [e for e in estimate.phases if action.get(e.phase)
             and action[e.phase].action == "reuse" and action[e.phase].tentative]
    lines = ["estimated cost of this apply (phases that will run):"]
    for e in will:
        who = e.adapter or "-"
        lines.append(f"  {e.phase:<8} {e.chain:<14} {who:<20} {e.calls:>5} call(s) "
                     f"x ${e.usd_per_call:.4f} = ${e.usd:.4f}" + (f"  ({e.note})" if e.note else ""))
    total = round(sum(e.usd for e in will), 6)
    lines.append(f"  total ${total:.4f}")
    if maybe:
        extra = round(sum(e.usd for e in maybe), 6)
        lines.append(f"  up to ${extra:.4f} more if {', '.join(e.phase for e in maybe)} "
                     "(reuse?) rerun")
    skipped = [p.phase for p in plan.phases if p.action != "run"
               and not (p.action == "reuse" and p.tentative)]
    if skipped:
        lines.append(f"  not counted (reused or skipped): {', '.join(skipped)}; a full run "
                     f"would cost ${estimate.total_usd:.4f}")
    lines += ["assumptions:"] + [f"  - {a}" for a in estimate.assumptions]
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
