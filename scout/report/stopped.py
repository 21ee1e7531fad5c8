"""The report of a mission stopped at its cost cap: what was spent, kept and left.

A stopped mission never reaches its report phase, so this page takes ``report.md``'s
place (stopped_report.md.j2: the project's templates/ or the built-in one) until a later
apply renders the real report; where the report phase writes ``report.html`` too, so does
this page (the same wrapper, the DAG drawn as the finished report draws it), so a reader
who opens report.html sees why the mission stopped, not nothing. It is written in the
request's language, read from the Task in ``task.json`` when F0 ran.
"""

from __future__ import annotations

import json
from pathlib import Path

from scout.fsutil import write_atomic
from scout.i18n import lang_of
from scout.report.context import MissionView
from scout.report.files import HTML_WRAPPER_NAME
from scout.report.render import (
    Citations,
    heading,
    make_report_env,
    markdown_to_html,
    resolve_template,
)

TEMPLATE = "stopped_report.md.j2"


def request_lang(run_dir: Path) -> str:
    """The Task's ``lang`` from ``task.json`` (English when absent or unreadable)."""
    try:
        doc = json.loads((run_dir / "task.json").read_text(encoding="utf-8"))
        task = doc.get("task") if isinstance(doc, dict) else None
        return lang_of(task.get("lang") if isinstance(task, dict) else None)
    except (OSError, ValueError):
        return "en"


def write_stopped_report(view: MissionView, run_dir: Path, templates: Path, *,
                         html: bool = False, html_template: str | None = None,
                         dag_svg: str | None = None) -> Path | None:
    """``report.md`` (and ``report.html`` when ``html``: the report phase would have
    written it, with ``html_template`` as its wrapper and ``dag_svg`` as its picture)."""
    if resolve_template(templates, TEMPLATE) is None:
        return None
    lang = request_lang(run_dir)
    env = make_report_env(templates, lang)
    text = env.get_template(TEMPLATE).render(mission=view, citations=Citations())
    path = run_dir / "report.md"
    write_atomic(path, text)
    if html:
        from scout.report.htmlpost import embed_pictures, keep_amounts_whole, wrap_tables

        body = embed_pictures(markdown_to_html(text), dag_svg=dag_svg, chart_svg=None)
        page = env.get_template(html_template or HTML_WRAPPER_NAME).render(
            title=heading(text), body_html=keep_amounts_whole(wrap_tables(body)), mission=view)
        write_atomic(run_dir / "report.html", page)
    return path
