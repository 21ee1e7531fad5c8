"""A template bomb that depends on data fails its phase cleanly (RUN020, not RUN000, no
hang), and a python: step is named as running Python in plan and validate (issue 13 §4)."""

from __future__ import annotations

import time

from scout.validate import validate_paths


def test_data_dependent_bomb_fails_the_phase_with_its_code(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 2}, produces: [things]}
          B:
            uses: STEPS:echo
            needs: [things]
            with: {value: "{{ (things | length) ** 99999999 }}"}
            produces: [b]
    """)
    start = time.monotonic()
    r = ws.apply(p)
    assert time.monotonic() - start < 30
    assert r.exit_code == 1
    err = ws.state().phases["B"].error
    assert err["code"] == "RUN020" and err.get("kind") == "step_error", err
    assert "too big" in err["message"]
    assert ws.count("B") == 0  # failed before the step ran, and was not retried


def test_python_steps_are_named_in_plan_and_validate(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 1}, produces: [things]}
    """)
    plan = ws.plan(p)
    assert [ph.runs_python for ph in plan.phases] == ["tests.orchestrator.steps:items"]
    notes = [x for x in validate_paths([p], config=ws.config).problems if x.code == "SPEC075"]
    assert len(notes) == 1 and notes[0].severity == "note"
    assert "runs Python: tests.orchestrator.steps:items" in notes[0].message
    assert notes[0].location.line == 6  # the phase line (the body starts with a newline)


def test_plan_text_says_runs_python(ws, sub_env):
    import subprocess
    import sys

    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 1}, produces: [things]}
    """)
    out = subprocess.run([sys.executable, "-m", "scout", "plan", str(p), "--query", "x",
                          "--mission-id", "m1", "--config", str(ws.config)],
                         capture_output=True, text=True, env=sub_env, cwd=ws.root, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "runs Python: tests.orchestrator.steps:items" in out.stdout
    v = subprocess.run([sys.executable, "-m", "scout", "validate", str(p), "--config",
                        str(ws.config)], capture_output=True, text=True, env=sub_env,
                       cwd=ws.root, timeout=60)
    assert v.returncode == 0 and "SPEC075" in v.stdout and "runs Python" in v.stdout


def exhausted(ctx):
    """A step whose every call finds the token pool exhausted (as a gateway raises it)."""
    from scout.errors import PoolExhausted

    from tests.orchestrator.steps import record

    record(ctx)
    raise PoolExhausted("pool 'tavily': every token is exhausted (alpha: quota_exhausted)",
                        adapter="tavily")


def test_an_exhausted_pool_is_retryable_then_terminal(ws):
    """Issue 13 §8: each attempt is recorded failed_retryable; when the phase has no retry
    left it ends failed_terminal (exit 1), with the pool's message."""
    p = ws.pipeline("""
        phases:
          A:
            uses: python:tests.orchestrator.test_template_limits:exhausted
            retry: {attempts: 3, backoff: {initial: 1s, factor: 1, max: 1s, jitter: none}}
            produces: [a]
    """)
    r = ws.apply(p)
    assert r.exit_code == 1 and ws.count("A") == 3
    statuses = [x["status"] for x in ws.log_records() if x.get("ev") == "phase"
                and x.get("phase") == "A"]
    assert statuses.count("failed_retryable") == 2 and statuses[-1] == "failed_terminal"
    st = ws.state().phases["A"]
    assert st.status == "failed_terminal" and st.error["code"] == "PRV006"
    assert "every token is exhausted" in st.error["message"]
