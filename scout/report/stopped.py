"""The report of a mission stopped at its cost cap: what was spent, kept and left.

A stopped mission never reaches its report phase, so this page takes ``report.md``'s
place (templates/stopped_report.md.j2) until a later apply renders the real report.
"""

from __future__ import annotations

from pathlib import Path

from scout.fsutil import write_atomic
from scout.report.context import MissionView
from scout.report.render import Citations, make_report_env

TEMPLATE = "stopped_report.md.j2"


def write_stopped_report(view: MissionView, run_dir: Path, templates: Path) -> Path | None:
    if not (templates / TEMPLATE).is_file():
        return None
    env = make_report_env(templates)
    text = env.get_template(TEMPLATE).render(mission=view, citations=Citations())
    path = run_dir / "report.md"
    write_atomic(path, text)
    return path
