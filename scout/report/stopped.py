"""The report of a mission stopped at its cost cap: what was spent, kept and left.

A stopped mission never reaches its report phase, so this page takes ``report.md``'s
place (stopped_report.md.j2: the project's templates/ or the built-in one) until a later apply renders the real report. It is
written in the request's language, read from the Task in ``task.json`` when F0 ran.
"""

from __future__ import annotations

import json
from pathlib import Path

from scout.fsutil import write_atomic
from scout.i18n import lang_of
from scout.report.context import MissionView
from scout.report.render import Citations, make_report_env, resolve_template

TEMPLATE = "stopped_report.md.j2"


def request_lang(run_dir: Path) -> str:
    """The Task's ``lang`` from ``task.json`` (English when absent or unreadable)."""
    try:
        doc = json.loads((run_dir / "task.json").read_text(encoding="utf-8"))
        task = doc.get("task") if isinstance(doc, dict) else None
        return lang_of(task.get("lang") if isinstance(task, dict) else None)
    except (OSError, ValueError):
        return "en"


def write_stopped_report(view: MissionView, run_dir: Path, templates: Path) -> Path | None:
    if resolve_template(templates, TEMPLATE) is None:
        return None
    env = make_report_env(templates, request_lang(run_dir))
    text = env.get_template(TEMPLATE).render(mission=view, citations=Citations())
    path = run_dir / "report.md"
    write_atomic(path, text)
    return path
