"""How much of a mission one MCP result or resource, or one HTTP API answer, carries: an
agent reads it into its context, and a lab's thousands of missions, a mission of thousands
of phases or fan-out items, a report of megabytes or an artifact of fifty thousand
candidates would fill any context (and the server's pipe).

Each bound keeps what an agent needs first and says what it left out (a count, and the
call, resource or query parameter that gives the rest: the MCP tools and the HTTP API
each name their own):

* missions: the newest :data:`RUNS_LIMIT` (:func:`newest_runs`);
* phases (``audit``'s trail, ``status``'s state, ``apply``'s and ``plan``'s phases):
  those that did not succeed (or will run) first, in the pipeline's order, each with at
  most :data:`AUDIT_ITEM_ERRORS` item errors; the other lists that grow with a mission
  (a trail's artifacts, applies, torn journal lines, cost rows; ``validate``'s problems)
  the same way (:func:`cut_rows`), and a cost summary's rows per mission, adapter,
  token or phase (:func:`bound_groups`);
* the report: parts of :data:`REPORT_PART_CHARS`, each cut one naming the next part
  (``scout://missions/{id}/report/{part}``, ``/api/missions/{id}/report?part={part}``);
* an artifact: its lists and texts cut until it fits :data:`ARTIFACT_MAX_CHARS`, with a
  ``_left_out`` note naming the file that holds it whole.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from scout.errors import UsageError
from scout.text import cut_middle

#: the phases an audit (and a status) repeats unless asked (a generated pipeline of
#: thousands of phases made a trail past an agent's context), and the item errors it
#: repeats per phase (a fan-out of thousands of failing items did the same)
AUDIT_PHASES = 100
AUDIT_ITEM_ERRORS = 20
_FINE = {"succeeded", "skipped"}

#: the missions a listing names unless asked: a lab's years of runs are past a context
RUNS_LIMIT = 100

#: one part of a report resource (the demo's report is about 10 kB)
REPORT_PART_CHARS = 60_000
#: the most an artifact resource carries, as JSON text
ARTIFACT_MAX_CHARS = 200_000
#: (items per list, characters per text) tried in turn until an artifact fits
_CUTS = ((1000, 4000), (200, 2000), (50, 1000), (10, 300), (3, 100), (1, 40))


def newest_runs(rows: list[Any], limit: int, more: str) -> tuple[list[Any], str | None]:
    """The first ``limit`` of ``rows`` (missions, newest first) and the note saying what
    was left out (``more``: how to list more), None when nothing was."""
    if len(rows) <= limit:
        return rows, None
    return rows[:limit], f"the newest {limit} of {len(rows)} missions; {more}"


#: the ids of missions with a problem a listing names (each row says what it is)
PROBLEM_IDS = 20


def runs_note(page: Any, first: bool, more: str) -> str | None:
    """What a page of missions (:class:`scout.audit.runs.RunsPage`) left out, and which
    missions have a problem (damaged or unreadable files), named wherever they are in
    the list: one of them must not hide on a page nobody reads. None when there is
    nothing to say. ``first``: the page is the newest (no cursor); ``more``: how to
    list more."""
    said: list[str] = []
    shown = len(page.rows)
    if shown < page.total:
        said.append(f"the newest {shown} of {page.total} missions" if first else
                    f"{shown} of {page.total} missions, after the cursor")
        if page.next_cursor is not None:
            said.append(more)
    if page.problems:
        ids = ", ".join(page.problems[:PROBLEM_IDS])
        rest = len(page.problems) - PROBLEM_IDS
        said.append(f"{len(page.problems)} with a problem (damaged or unreadable files; "
                    f"the row's problem says what): {ids}"
                    + (f" and {rest} more" if rest > 0 else ""))
    return "; ".join(said) or None


def bound_groups(summary: dict[str, Any], limit: int, more: str) -> None:
    """A cost summary's ``by_*`` rows (costliest first; ``by_mission`` grows with a lab's
    missions, ``by_phase`` with its phases) cut to ``limit`` each (:func:`cut_rows`:
    ``by_{group}_left_out`` counts the rest), and ``rows_note`` saying what was left out
    (``more``: how to ask for more), None when nothing was. The total still sums them all."""
    cut: list[str] = []
    for key in [k for k in summary if k.startswith("by_") and isinstance(summary[k], list)]:
        count = len(summary[key])
        cut_rows(summary, key, limit)
        if f"{key}_left_out" in summary:
            cut.append(f"{key}: the costliest {limit} of {count}")
    summary["rows_note"] = f"{'; '.join(cut)}; {more}" if cut else None


def check_count(value: Any, name: str, low: int) -> int:
    """``value`` when it is a whole number from ``low`` to 10000, else USE001."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= 10_000:
        raise UsageError(f"{name}: expected {low} to 10000")
    return value


def _kept(statuses: list[Any], limit: int) -> list[int]:
    """The indexes of the ``limit`` phases kept: those that did not succeed first, then in
    the pipeline's order."""
    rank = sorted(range(len(statuses)), key=lambda i: (statuses[i] in _FINE, i))
    return sorted(rank[:limit])


def _cut_item_errors(phase: Any) -> None:
    items = phase.get("items") if isinstance(phase, dict) else None
    errors = items.get("errors") if isinstance(items, dict) else None
    if isinstance(items, dict) and isinstance(errors, dict) \
            and len(errors) > AUDIT_ITEM_ERRORS:
        items["errors"] = dict(list(errors.items())[:AUDIT_ITEM_ERRORS])
        items["errors_left_out"] = len(errors) - AUDIT_ITEM_ERRORS


def _note(limit: int, count: int, more: str) -> str:
    return (f"{limit} of {count} phases (those that did not succeed first); {more}")


def bound_phases(trail: dict[str, Any], limit: int) -> None:
    """An audit trail's ``phases`` (a list) cut to ``limit``, with ``phases_count`` and a
    ``phases_note`` when some were left out; each kept phase's item errors cut to
    AUDIT_ITEM_ERRORS, ``errors_left_out`` counting the rest."""
    every = trail.get("phases")
    if not isinstance(every, list):
        return
    phases: list[Any] = every
    trail["phases_count"] = len(every)
    if len(every) > limit:
        statuses = [p.get("status") if isinstance(p, dict) else None for p in every]
        phases = [every[i] for i in _kept(statuses, limit)]
        trail["phases_note"] = _note(limit, len(every), "audit's phases gives more, "
                                     "status(mission_id) every phase's state")
    for ph in phases:
        _cut_item_errors(ph)
    trail["phases"] = phases


def bound_trail(trail: dict[str, Any], limit: int) -> None:
    """An audit trail's phases cut to ``limit`` (:func:`bound_phases`), and the other lists
    that grow with a mission's phases and applies cut to as many: its artifacts (those
    that do not verify first), its applies (the newest), its torn journal lines and its
    cost rows."""
    bound_phases(trail, limit)
    cut_rows(trail, "artifacts", limit, first=lambda a: isinstance(a, dict)
             and not a.get("verified"))
    applies = trail.get("runs")
    newest = len(applies) - limit if isinstance(applies, list) else 0
    cut_rows(trail, "runs", limit,
             first=lambda r: isinstance(r, dict) and int(r.get("run") or 0) > newest)
    journal = trail.get("journal")
    if isinstance(journal, dict):
        cut_rows(journal, "torn", limit)
    cost = trail.get("cost")
    if isinstance(cost, dict):
        for key in [k for k in cost if k.startswith("by_")]:
            cut_rows(cost, key, limit)


def bound_state(state: dict[str, Any], limit: int,
                more: str = "status's phases gives more (up to 10000)") -> tuple[int, str | None]:
    """A mission state's ``phases`` (phase id to its state) cut to ``limit`` as
    :func:`bound_phases` cuts a trail's; returns how many there are and the note saying
    what was left out (None when nothing was; ``more``: how to ask for more)."""
    every = state.get("phases")
    if not isinstance(every, dict):
        return 0, None
    note = None
    if len(every) > limit:
        pids = list(every)
        statuses = [p.get("status") if isinstance(p, dict) else None for p in every.values()]
        state["phases"] = {pids[i]: every[pids[i]] for i in _kept(statuses, limit)}
        note = _note(limit, len(every), more)
    for ph in state["phases"].values():
        _cut_item_errors(ph)
    return len(every), note


def cut_rows(holder: dict[str, Any], key: str, limit: int,
             first: Callable[[Any], bool] | None = None) -> None:
    """``holder[key]`` (a list) cut to ``limit`` rows, those ``first`` picks before the
    others, each kept in its order; ``{key}_left_out`` counts the rest. A trail's
    artifacts, applies, torn journal lines and cost rows grow with a mission's phases."""
    rows = holder.get(key)
    if not isinstance(rows, list) or len(rows) <= limit:
        return
    rank = sorted(range(len(rows)), key=lambda i: (first is None or not first(rows[i]), i))
    holder[key] = [rows[i] for i in sorted(rank[:limit])]
    holder[f"{key}_left_out"] = len(rows) - limit


def cut_texts(texts: list[str], count: int = 50, width: int = 2000) -> list[str]:
    """The first ``count`` of ``texts``, each cut in its middle to ``width`` characters:
    ``apply``'s warnings, one of which names every optional phase that failed."""
    return [cut_middle(t, width) for t in texts[:count]]


def report_part(text: str, part: int, uri: str, part_uri: str | None = None) -> str:
    """Part ``part`` (1-based) of a report cut into parts of at most REPORT_PART_CHARS,
    each cut at a line's end when one is near; a part that is not the last ends naming
    the next one (``part_uri`` with its ``{part}``; by default ``uri`` + ``/N``, the MCP
    resource's). Raises USE001 for a part past the end."""
    part_uri = part_uri or uri + "/{part}"
    starts = [0]
    while len(text) - starts[-1] > REPORT_PART_CHARS:
        end = starts[-1] + REPORT_PART_CHARS
        line = text.rfind("\n", starts[-1] + REPORT_PART_CHARS // 2, end)
        starts.append(line + 1 if line != -1 else end)
    if not 1 <= part <= len(starts):
        raise UsageError(f"the report has {len(starts)} part(s), not {part}",
                         hint=f"read {uri} first: each part names the next")
    end = starts[part] if part < len(starts) else len(text)
    body = text[starts[part - 1]:end]
    if part < len(starts):
        body += (f"\n\n[… part {part} of {len(starts)} of the report; the next: "
                 f"{part_uri.replace('{part}', str(part + 1))}]\n")
    return body


def _cut(value: Any, items: int, chars: int) -> Any:
    if isinstance(value, str):
        return value if len(value) <= chars else cut_middle(value, chars)
    if isinstance(value, list):
        return [_cut(v, items, chars) for v in value[:items]]
    if isinstance(value, dict):
        return {_cut(str(k), items, chars): _cut(v, items, chars)
                for k, v in list(value.items())[:max(items, 50)]}
    return value


def _size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False))


def bound_artifact(value: Any, where: str) -> dict[str, Any]:
    """An artifact as a resource gives it: a JSON object (a list artifact under
    ``items``) of at most ARTIFACT_MAX_CHARS; one past it has its lists and texts cut
    until it fits, and says so in ``_left_out`` (``where``: the file holding it whole)."""
    out = value if isinstance(value, dict) else {"items": value}
    if _size(out) <= ARTIFACT_MAX_CHARS:
        return out
    for items, chars in _CUTS:
        cut = _cut(out, items, chars)
        if _size(cut) <= ARTIFACT_MAX_CHARS - 500:
            said = (f"every list to its first {items} items, every text to {chars} "
                    f"characters")
            break
    else:  # nested past any cut (objects of objects of objects...): nothing of it fits
        cut, said = {}, "all of it"
    cut["_left_out"] = (f"cut to fit an agent's context: {said}; the whole artifact is "
                        f"{where} under the framework root")
    return dict(cut)
