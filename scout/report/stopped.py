"""The page of a mission that did not finish: what stopped it, why, what to do, what is kept.

A mission stops before its report phase when a required phase fails (``failed``), at its
cost cap (``budget``) or on Ctrl-C (``interrupted``). This page then takes
``report.md``'s place (stopped_report.md.j2: the project's templates/ or the built-in
one) until a later apply renders the real report; where the report phase writes
``report.html`` too, so does this page (the same wrapper, the DAG drawn as the finished
report draws it), so a reader who opens report.html sees why the mission stopped, not
nothing. It is written in the request's language: the Task's ``lang`` from ``task.json``
when the task phase ran, else the language the task phase would have read (``--set
lang=``, else detected from the query).

A finished report of an earlier run (its files still the ones the report phase recorded)
is not overwritten: it is moved to ``report.previous.md`` (and ``.html``) first, and the
page says where it is.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from scout.fsutil import loads_stored, read_stored, write_atomic
from scout.i18n import lang_of
from scout.report.context import MissionView
from scout.report.files import HTML_WRAPPER_NAME
from scout.report.citations import Citations
from scout.report.render import (
    heading,
    make_report_env,
    markdown_to_html,
    resolve_template,
)

TEMPLATE = "stopped_report.md.j2"
#: where a finished report of an earlier run goes before this page takes its place
PREVIOUS = {"md": "report.previous.md", "html": "report.previous.html"}


def request_lang(run_dir: Path, default: str = "en") -> str:
    """The request's language: the Task's ``lang`` from ``task.json``; before the task
    phase read the request (or when it could not), ``--set lang=`` / the Mission's
    ``inputs: {lang: ..}``, else the language of the query (``default`` when neither
    language's words win). English when ``task.json`` is absent or unreadable."""
    try:
        doc = loads_stored(read_stored(run_dir / "task.json"))
    except (OSError, ValueError):
        return "en"
    if not isinstance(doc, dict):
        return "en"
    task = doc.get("task")
    if isinstance(task, dict) and task.get("lang"):
        return lang_of(task.get("lang"))
    inputs = doc.get("inputs")
    if isinstance(inputs, dict) and inputs.get("lang"):
        return lang_of(inputs.get("lang"))
    from scout.task.lang import detect

    query = doc.get("query")
    if not isinstance(query, str) or not query.strip():
        return lang_of(default)
    return detect(query, "es" if lang_of(default) == "es" else "en")


def _sha256(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def keep_finished(run_dir: Path, finished: Mapping[str, str]) -> str | None:
    """Move the finished report of an earlier run out of this page's way.

    ``finished`` maps a format (``md``, ``html``) to the sha256 the report phase recorded
    for its file. A file whose content still has that hash is that report: it is renamed
    to ``report.previous.<ext>`` (``os.replace``: atomic, so a crash leaves it under one
    name or the other). Returns the Markdown copy's name when there is one."""
    kept: str | None = None
    for fmt, target in PREVIOUS.items():
        path = run_dir / f"report.{fmt}"
        digest = finished.get(fmt)
        if digest and _sha256(path) == digest:
            os.replace(path, run_dir / target)
            if fmt == "md":
                kept = target
    return kept


def write_stopped_report(view: MissionView, run_dir: Path, templates: Path, *,
                         html: bool = False, html_template: str | None = None,
                         dag_svg: str | None = None, lang: str | None = None,
                         finished: Mapping[str, str] | None = None) -> Path | None:
    """``report.md`` (and ``report.html`` when ``html``: the report phase would have
    written it, with ``html_template`` as its wrapper and ``dag_svg`` as its picture).
    ``finished``: the sha256 per format of an earlier run's finished report
    (:func:`keep_finished`)."""
    if resolve_template(templates, TEMPLATE) is None:
        return None
    lang = lang or request_lang(run_dir)
    env = make_report_env(templates, lang)
    previous = keep_finished(run_dir, finished or {})
    context: dict[str, Any] = {"mission": view, "citations": Citations(),
                               "previous": previous}
    text = env.get_template(TEMPLATE).render(context)
    path = run_dir / "report.md"
    write_atomic(path, text)
    if html:
        from scout.report.htmlpost import embed_pictures, keep_amounts_whole, wrap_tables

        body = embed_pictures(markdown_to_html(text), dag_svg=dag_svg, chart_svg=None)
        page = env.get_template(html_template or HTML_WRAPPER_NAME).render(
            title=heading(text), body_html=keep_amounts_whole(wrap_tables(body)), mission=view)
        write_atomic(run_dir / "report.html", page)
    return path
