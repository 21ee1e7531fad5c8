"""Every one of the nine PhaseStatus values is reached, each with its reason where the
design asks for one (skipped, blocked, pending after a stop, stale)."""

from __future__ import annotations

from scout.orchestrator.state import PhaseStatus

PIPE = """
    phases:
      A: {uses: STEPS:echo, with: {value: one}, produces: [a]}
      L: {uses: STEPS:items, needs: [a], with: {n: 4}, produces: [things]}
      P:
        uses: STEPS:per_item
        needs: [things]
        for_each: things
        allow_partial: true
        with: {fail_items: [2]}
        produces: [squares]
      R:
        uses: STEPS:flaky
        needs: [a]
        with: {ok_on: 2}
        retry: {attempts: 2, backoff: {initial: 1s, jitter: none}}
        produces: [r]
      K: {uses: STEPS:echo, needs: [a], if: "a == 'never'", produces: [k]}
      X: {uses: STEPS:fail, needs: [a], optional: true, produces: [x]}
      Y: {uses: STEPS:echo, needs: [x], optional: true, produces: [y]}
      Z: {uses: STEPS:fail, needs: [squares, r], produces: [z]}
      W: {uses: STEPS:echo, needs: [a], produces: [w]}
"""


def test_all_nine_statuses_are_reached(ws):
    p = ws.pipeline(PIPE)
    r = ws.apply(p)
    assert r.exit_code == 1
    final = {pid: st.status for pid, st in r.phases.items()}
    assert final == {
        "A": "succeeded", "L": "succeeded", "P": "succeeded_partial", "R": "succeeded",
        "K": "skipped", "X": "failed_terminal", "Y": "blocked_missing_input",
        "Z": "failed_terminal", "W": "pending",
    }
    assert r.phases["K"].reason == "if: a == 'never' is false"
    assert r.phases["Y"].reason == "needs 'x' from X, which failed"
    assert r.phases["W"].reason == "not started: Z failed: this step always fails"
    # `scout status` in Spanish: scout's words are, the step's error stays as it came
    from scout.cli.run_view import format_phases
    said = {line.split()[0]: line for line in format_phases(r.phases, lang="es")}
    assert said["W"].endswith("no iniciada: Z falló: this step always fails"), said["W"]
    seen = ws.statuses_seen()
    assert {"running", "failed_retryable"} <= seen

    # a spec change makes A stale on the next apply
    p.write_text(p.read_text().replace("value: one", "value: two"))
    ws.apply(p)
    stale = [x for x in ws.log_records() if x.get("status") == "stale"]
    assert stale[0]["phase"] == "A" and stale[0]["reason"] == "its spec changed"
    assert ws.statuses_seen() == {s.value for s in PhaseStatus}


def test_a_missions_reason_says_its_phases_states_in_words(ws):
    """The mission's reason and warnings name each phase's state in words ("X failed
    (final)", "B blocked (missing input)"), as the report's DAG does, never the state's
    name ("failed_terminal"), which stays in the status fields."""
    p = ws.pipeline("""
    phases:
      A: {uses: STEPS:echo, with: {value: one}, produces: [a]}
      X: {uses: STEPS:fail, needs: [a], optional: true, produces: [x]}
      Y: {uses: STEPS:echo, needs: [x], optional: true, produces: [y]}
    """)
    r = ws.apply(p)
    assert r.exit_code == 0
    assert r.warnings == ["optional phase(s) did not succeed: X failed (final); "
                          "Y blocked (missing input)"]
    assert r.phases["Y"].status == "blocked_missing_input"
    assert r.phases["Y"].reason == "needs 'x' from X, which failed"
