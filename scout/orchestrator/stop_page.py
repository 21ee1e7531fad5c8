"""When a mission that stopped before its report writes the stopped page, and how.

A mission that fails, stops at its cost cap or is interrupted never reaches its report
phase; :func:`write_stop_page` then writes the page that says what stopped it, why and
what to do (the page itself: scout/report/stopped.py) in ``report.md``'s place, in the
formats the report phase would have written (``report.html`` too when its ``formats:``
ask for it). It writes nothing while the real report is current (every report phase
succeeded, e.g. a run stopped before it reached a report it had already made), and it
moves a finished report of an earlier run aside rather than overwrite it.

The page is secondary to the mission's outcome: a failure to write it is a warning
(the exit code and the state stay the mission's), and a second Ctrl-C skips it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from scout.errors import ScoutError
from scout.orchestrator.artifact_store import ArtifactStore
from scout.orchestrator.state import DONE_OK, MissionState
from scout.spec.models import Pipeline


def report_makers(pipeline: Pipeline) -> list[str]:
    """The phases that produce the mission's ``report``."""
    return [pid for pid, ph in pipeline.phases.items() if "report" in ph.produces]


def report_current(pipeline: Pipeline, state: MissionState) -> bool:
    """Whether ``report.md`` is the report of ``state``: every report phase succeeded
    (trivially true for a pipeline without one)."""
    return all(state.phases.get(p) and state.phases[p].status in DONE_OK
               for p in report_makers(pipeline))


def finished_report(run_dir: Path) -> dict[str, str]:
    """The sha256 per format of the report files an earlier run's report phase recorded
    (its ``report`` artifact), so the page can tell that report from an older page."""
    try:
        value = ArtifactStore(run_dir, create=False).read("report")
    except ScoutError:  # no report yet, or a damaged record: nothing to keep
        return {}
    digests = getattr(value, "sha256", None)
    return {str(k): str(v) for k, v in digests.items()} if isinstance(digests, dict) else {}


def write_stop_page(pipeline: Pipeline, state: MissionState, *, run_dir: Path, root: Path,
                    view: Callable[[], Any], default_lang: str,
                    warn: Callable[[str], None]) -> Path | None:
    """Write the stopped page of a mission in ``state``; its path, or None when none
    was written. ``view()`` builds the mission view the page shows (read when called,
    after the mission's end is recorded); ``warn`` says why a page could not be written."""
    makers = report_makers(pipeline)
    if makers and report_current(pipeline, state):
        return None
    from scout.report.stopped import request_lang, write_stopped_report
    from scout.steps.report_outputs import dag_picture_of

    try:
        mission = view()
        lang = request_lang(run_dir, default_lang)
        # report.html too where the report phase would write one (its `formats:`)
        made = [pipeline.phases[p].with_ for p in makers]
        html = any("html" in (w.get("formats") or ["md"]) for w in made)
        return write_stopped_report(
            mission, run_dir, root / "templates", html=html, lang=lang,
            html_template=next((w.get("html_template") for w in made
                                if w.get("html_template")), None),
            dag_svg=dag_picture_of(pipeline, mission, lang) if html else None,
            finished=finished_report(run_dir))
    except KeyboardInterrupt:  # a second Ctrl-C: the user wants out now
        return None
    except Exception as exc:  # noqa: BLE001 - a page that cannot be written is a warning
        warn(f"could not write the stopped report: {exc}")
        return None
