"""A mission that stops writes its stopped page in report.md's place; in a pipeline with
no report phase that page must not be taken for the mission's answer (``report_path``,
what MCP's ``answer`` and ``scout runs`` read): it is ``stopped_report``."""

from __future__ import annotations


def test_a_stopped_page_is_never_the_report_path(ws) -> None:
    path = ws.pipeline("""
        phases:
          A: {uses: STEPS:echo, with: {value: "ok"}, produces: [a]}
          B: {uses: STEPS:fail, needs: [a], produces: [b]}
    """)
    result = ws.apply(path)
    assert result.status == "failed"
    assert result.stopped_report is not None and result.stopped_report.is_file()
    assert result.stopped_report == ws.run_dir() / "report.md"
    assert result.report_path is None


def test_a_pipeline_without_a_report_phase_that_writes_one_keeps_it(ws) -> None:
    """The guard is the stop page itself: a finished mission's report.md, written by its
    own step, is still its report."""
    path = ws.pipeline("""
        phases:
          A: {uses: STEPS:echo, with: {value: "ok"}, produces: [a]}
    """)
    result = ws.apply(path)
    assert result.status == "succeeded" and result.stopped_report is None
    (ws.run_dir() / "report.md").write_text("# written by the kind\n")
    again = ws.apply(path)
    assert again.report_path == ws.run_dir() / "report.md"
