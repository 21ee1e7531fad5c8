"""Scheduler behaviour: order, outputs, fan-out, partial results, retries, failures,
optional phases, if:, budget stops, gateways and preflight."""

from __future__ import annotations

import json

import pytest

from scout.errors import ConfigError
from scout.adapters.contract import ChainOutcome
from scout.stepkit.registry import register_phase_handler
from tests.orchestrator import steps


def test_runs_in_dependency_order_and_passes_artifacts(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 2}, produces: [things]}
          B: {uses: STEPS:echo, needs: [things], with: {value: "{{ things | length }}"}, produces: [b]}
          C: {uses: STEPS:echo, needs: [b, things], produces: [c]}
    """)
    r = ws.apply(p)
    assert r.exit_code == 0 and r.status == "succeeded"
    assert [c["phase"] for c in ws.calls()] == ["A", "B", "C"]
    arts = json.loads((ws.run_dir() / "artifacts" / "b.json").read_text())
    assert arts["data"] == "2" and arts["schema"] == "json" and arts["producer"] == "B"
    c = json.loads((ws.run_dir() / "artifacts" / "c.json").read_text())["data"]
    assert c == {"phase": "C", "inputs": ["b", "things"]}
    task_json = json.loads((ws.run_dir() / "task.json").read_text())
    assert task_json["query"] == "test query" and task_json["mission_id"] == "m1"


def test_outputs_convention_several_artifacts(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:two, produces: [left, right]}
          B: {uses: STEPS:echo, needs: [left, right], produces: [b]}
    """)
    r = ws.apply(p)
    assert r.exit_code == 0
    from scout import api
    arts = api.get_mission_artifacts("m1", ws.runs)
    assert arts["left"] == {"side": "l"} and arts["right"] == {"side": "r"}


def test_wrong_outputs_fail_with_clear_error(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:two, produces: [left, other]}
    """)
    r = ws.apply(p)
    assert r.exit_code == 1
    st = r.phases["A"]
    assert st.status == "failed_terminal"
    assert "missing ['other']" in st.error["message"] and "not declared ['right']" in st.error["message"]


def test_fanout_gathers_in_item_order_with_bounded_parallelism(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 12}, produces: [things]}
          B:
            uses: STEPS:per_item
            needs: [things]
            for_each: things
            as: item
            max_parallel: 3
            with: {sleep: 0.02, label: "#{{ item.n }} of {{ things | length }}"}
            produces: [squares]
    """)
    r = ws.apply(p)
    assert r.exit_code == 0
    from scout import api
    squares = api.get_mission_artifacts("m1", ws.runs)["squares"]
    assert [s["n"] for s in squares] == list(range(12))
    assert squares[5]["label"] == "#5 of 12"
    # never more than max_parallel items at once
    spans = sorted((c["start"], c["end"]) for c in ws.calls() if c["phase"] == "B")
    events = sorted([(s, 1) for s, _ in spans] + [(e, -1) for _, e in spans])
    level = peak = 0
    for _, d in events:
        level += d
        peak = max(peak, level)
    assert 2 <= peak <= 3
    st = r.phases["B"]
    assert st.items.total == 12 and st.items.ok == 12


def test_allow_partial_gives_succeeded_partial_with_item_errors(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 10}, produces: [things]}
          B:
            uses: STEPS:per_item
            needs: [things]
            for_each: things
            allow_partial: {min_success: 0.7}
            with: {fail_items: [3, 7]}
            produces: [squares]
    """)
    r = ws.apply(p)
    assert r.exit_code == 0 and r.status == "succeeded_partial"
    st = r.phases["B"]
    assert st.status == "succeeded_partial"
    assert st.items.failed == 2 and set(st.items.errors) == {"3", "7"}
    assert "item 3 is bad" in st.items.errors["3"]
    assert "2 of 10 items failed" in st.reason
    from scout import api
    assert [s["n"] for s in api.get_mission_artifacts("m1", ws.runs)["squares"]] == \
        [0, 1, 2, 4, 5, 6, 8, 9]
    assert any("partial" in w for w in r.warnings)


def test_fanout_below_min_success_fails_and_retry_reruns_only_failed_items(ws):
    p = ws.pipeline("""
        defaults:
          retry: {attempts: 3, backoff: {initial: 1s, factor: 2, max: 10s, jitter: none}}
        phases:
          A: {uses: STEPS:items, with: {n: 5}, produces: [things]}
          B:
            uses: STEPS:per_item
            needs: [things]
            for_each: things
            allow_partial: {min_success: 0.9}
            with: {fail_items: [1], retryable: true}
            produces: [squares]
          C: {uses: STEPS:echo, needs: [squares], produces: [c]}
    """)
    r = ws.apply(p)
    assert r.exit_code == 1
    assert r.phases["B"].status == "failed_terminal"
    assert r.phases["C"].status == "blocked_missing_input"
    assert "needs 'squares' from B, which failed" in r.phases["C"].reason
    # 3 attempts: item 1 ran 3 times, every other item once
    assert ws.count("B", 1) == 3
    assert all(ws.count("B", i) == 1 for i in (0, 2, 3, 4))
    assert ws.sleeps == [1.0, 2.0]  # injected sleep, exponential backoff, no jitter
    assert "failed_retryable" in ws.statuses_seen()


def test_retry_then_success_with_injected_sleep(ws):
    p = ws.pipeline("""
        phases:
          A:
            uses: STEPS:flaky
            with: {ok_on: 3}
            retry: {attempts: 4, backoff: {initial: 2s, factor: 3, max: 5s, jitter: none}}
            produces: [a]
    """)
    r = ws.apply(p)
    assert r.exit_code == 0
    assert ws.count("A") == 3
    assert ws.sleeps == [2.0, 5.0]
    assert r.phases["A"].attempts == 3
    recs = [x for x in ws.log_records() if x.get("phase") == "A"]
    assert [x["status"] for x in recs] == ["running", "failed_retryable", "running",
                                           "failed_retryable", "running", "succeeded"]
    assert recs[1]["error"]["kind"] == "rate_limited"


def test_retry_on_limits_which_errors_are_retried(ws):
    p = ws.pipeline("""
        phases:
          A:
            uses: STEPS:flaky
            retry: {attempts: 3, "on": [unavailable]}
            produces: [a]
    """)
    r = ws.apply(p)
    assert r.exit_code == 1 and ws.count("A") == 1
    assert "'rate_limited' is not in retry.on" in r.phases["A"].reason


def test_terminal_failure_stops_mission_running_ones_finish(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:echo, produces: [a]}
          B: {uses: STEPS:fail, needs: [a], parallel_group: g, produces: [b]}
          S: {uses: STEPS:echo, needs: [a], parallel_group: g, with: {sleep: 0.2}, produces: [s]}
          C: {uses: STEPS:echo, needs: [b], produces: [c]}
          D: {uses: STEPS:echo, needs: [s], produces: [d]}
    """)
    r = ws.apply(p)
    assert r.exit_code == 1 and r.status == "failed"
    assert r.phases["B"].status == "failed_terminal"
    assert r.phases["B"].reason.startswith("not retryable")
    assert r.phases["S"].status == "succeeded"  # was running: it finished
    assert r.phases["C"].status == "blocked_missing_input"
    assert r.phases["D"].status == "pending"
    assert r.phases["D"].reason == "not started: B failed: this step always fails"
    assert ws.count("D") == 0 and ws.count("C") == 0
    assert "B failed" in r.reason


def test_optional_phase_failure_and_optional_needs(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:echo, produces: [a]}
          V: {uses: STEPS:fail, needs: [a], optional: true, produces: [video]}
          R: {uses: STEPS:echo, needs: [a, "video?"], produces: [report]}
          X: {uses: STEPS:echo, needs: [video], optional: true, produces: [x]}
    """)
    r = ws.apply(p)
    assert r.exit_code == 0 and r.status == "succeeded_partial"
    assert r.phases["V"].status == "failed_terminal"
    assert r.phases["R"].status == "succeeded"
    assert r.phases["X"].status == "blocked_missing_input"
    assert r.phases["X"].reason == "needs 'video' from V, which failed"
    from scout import api
    # the missing optional need reached the step as None
    assert api.get_mission_artifacts("m1", ws.runs)["report"]["inputs"] == ["a"]
    assert any("optional" in w for w in r.warnings)


def test_required_phase_blocked_by_optional_failure_fails_mission(ws):
    p = ws.pipeline("""
        phases:
          V: {uses: STEPS:fail, optional: true, produces: [video]}
          R: {uses: STEPS:echo, needs: [video], produces: [report]}
    """)
    r = ws.apply(p)
    assert r.exit_code == 1 and r.phases["R"].status == "blocked_missing_input"


def test_if_false_skips_with_reason_and_blocks_required_consumers(ws):
    p = ws.pipeline("""
        inputs:
          videos: {type: boolean, default: false}
        phases:
          A: {uses: STEPS:echo, needs: [videos], produces: [a]}
          V: {uses: STEPS:echo, needs: [videos], if: "videos", produces: [video]}
          R: {uses: STEPS:echo, needs: [a, "video?"], produces: [report]}
    """)
    r = ws.apply(p)
    assert r.exit_code == 0
    assert r.phases["V"].status == "skipped"
    assert r.phases["V"].reason == "if: videos is false"
    assert ws.count("V") == 0 and r.phases["R"].status == "succeeded"
    r2 = ws.apply(p, sets=["videos=true"])
    assert r2.phases["V"].status == "succeeded" and ws.count("V") == 1


def test_budget_exceeded_stops_cleanly_exit_4(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:echo, produces: [a]}
          B: {uses: STEPS:budget, needs: [a], produces: [b]}
          C: {uses: STEPS:echo, needs: [b], produces: [c]}
    """)
    r = ws.apply(p)
    assert r.exit_code == 4 and r.status == "stopped_budget"
    assert r.phases["B"].status == "failed_retryable"
    assert "budget cap reached" in r.phases["B"].reason
    assert r.phases["C"].status == "pending" and ws.count("C") == 0
    assert ws.state().status == "stopped_budget"


def test_budget_exceeded_inside_fanout_keeps_finished_items(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 20}, produces: [things]}
          B:
            uses: STEPS:per_item
            needs: [things]
            for_each: things
            max_parallel: 1
            with: {budget_at: 6}
            produces: [squares]
    """)
    r = ws.apply(p)
    assert r.exit_code == 4
    assert r.phases["B"].status == "failed_retryable" and r.phases["B"].items.ok == 6
    # more budget (here: the step no longer raises): resume runs only the rest
    p.write_text(p.read_text().replace("budget_at: 6", "budget_at: null"))
    ws.reset_calls()
    r2 = ws.apply(p)
    assert r2.exit_code == 0
    ran = sorted(c["item"] for c in ws.calls() if c["phase"] == "B")
    assert ran == list(range(20))  # with: changed, so the fingerprint changed: all rerun


def test_budget_resume_with_same_spec_reruns_only_unfinished_items(ws, monkeypatch):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 10}, produces: [things]}
          B: {uses: STEPS:per_item, needs: [things], for_each: things, max_parallel: 1, produces: [squares]}
    """)
    real = steps.per_item
    state = {"budget": True}

    def capped(ctx):
        if state["budget"] and ctx.item["n"] == 4:
            from scout.errors import BudgetExceeded
            raise BudgetExceeded("cap")
        return real(ctx)

    monkeypatch.setattr(steps, "per_item", capped)
    monkeypatch.setattr(steps.per_item, "__wrapped__", real, raising=False)
    # keep the step version stable across the two runs (same function source)
    from scout.orchestrator import fingerprint as fpm
    monkeypatch.setattr(fpm, "step_version", lambda kind: "test")
    r = ws.apply(p)
    assert r.exit_code == 4 and r.phases["B"].items.ok == 4
    state["budget"] = False
    ws.reset_calls()
    r2 = ws.apply(p)
    assert r2.exit_code == 0
    assert sorted(c["item"] for c in ws.calls() if c["phase"] == "B") == [4, 5, 6, 7, 8, 9]
    assert ws.count("A") == 0


def test_provider_errors_retryable_vs_terminal(ws):
    from scout.errors import AuthError, Unavailable

    seen = []

    def provider_step(ctx):
        seen.append(ctx.attempt)
        if ctx.phase_id == "U":
            raise Unavailable("503 from fake", adapter="fake")
        raise AuthError("401 from fake", adapter="fake")

    register_phase_handler("test_provider", provider_step)
    p = ws.pipeline("""
        phases:
          U: {uses: test_provider, optional: true, retry: {attempts: 2}, produces: [u]}
          T: {uses: test_provider, optional: true, retry: {attempts: 2}, produces: [t]}
    """)
    r = ws.apply(p)
    assert r.phases["U"].status == "failed_terminal" and r.phases["U"].attempts == 2
    assert r.phases["T"].status == "failed_terminal" and r.phases["T"].attempts == 1
    assert r.phases["T"].error["kind"] == "auth_error" and r.phases["T"].error["adapter"] == "fake"
    assert len(ws.sleeps) == 1


class FakeGateway:
    def __init__(self, name):
        self.name = name
        self.requests = []

    def call(self, request):
        self.requests.append(request)
        return ChainOutcome(value=f"answer to {request['q']}", answered_by=self.name,
                            chain="web", cost_usd=0.01)


def test_gateway_factory_sets_ctx_gateway_and_records_who_answered(ws):
    gateways = {}

    def factory(pid, phase):
        if phase.uses.endswith("gateway_call"):
            gateways[pid] = FakeGateway(f"fake-{pid}")
            return gateways[pid]
        return None

    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:gateway_call, produces: [a]}
          B: {uses: STEPS:echo, needs: [a], produces: [b]}
    """)
    r = ws.apply(p, gateway_factory=factory)
    assert r.exit_code == 0
    assert set(gateways) == {"A"} and gateways["A"].requests == [{"q": "A"}]
    assert r.phases["A"].answered_by == {"fake-A": 1}
    assert r.phases["A"].cost_usd == pytest.approx(0.01)
    from scout import api
    assert api.get_mission_artifacts("m1", ws.runs)["a"] == {"value": "answer to A", "by": "fake-A"}


def test_preflight_runs_before_anything_and_can_abort(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:echo, produces: [a]}
          B: {uses: STEPS:echo, needs: [a], produces: [b]}
    """)
    seen = []

    def refuse(pipeline, config, to_run):
        seen.append((pipeline.name, list(to_run), len(ws.calls())))
        raise ConfigError("TAVILY_API_KEY is not set", hint="export it or mark the link '?'")

    with pytest.raises(ConfigError):
        ws.apply(p, preflight=refuse)
    assert seen == [("test", ["A", "B"], 0)] and ws.calls() == []

    notes = []
    r = ws.apply(p, preflight=lambda pl, cfg, to_run: ["tavily? skipped: no key"],
                 subscribers=[notes.append])
    assert r.exit_code == 0
    assert any(getattr(e, "text", "") == "tavily? skipped: no key" for e in notes)
    # only phases that will run are handed to preflight
    got = []
    ws.apply(p, preflight=lambda pl, cfg, to_run: got.append(list(to_run)))
    assert got == [[]]


def test_phase_timeout_is_retryable_then_terminal(ws):
    p = ws.pipeline("""
        phases:
          A:
            uses: STEPS:echo
            timeout: 50ms
            retry: {attempts: 2, backoff: {initial: 10ms, jitter: none}}
            with: {sleep: 0.3}
            produces: [a]
    """)
    r = ws.apply(p, sleep=None)
    assert r.exit_code == 1
    st = r.phases["A"]
    assert st.status == "failed_terminal" and st.attempts == 2
    assert st.error["kind"] == "timeout" and "timeout of 0.05s" in st.error["message"]


def test_unknown_set_and_force_are_usage_errors(ws):
    from scout.errors import UsageError
    p = ws.pipeline("""
        inputs:
          city: {type: place}
        phases:
          A: {uses: STEPS:echo, produces: [a]}
    """)
    with pytest.raises(UsageError, match="no input 'cty'") as e:
        ws.apply(p, sets=["cty=Rome"])
    assert "city" in e.value.hint
    with pytest.raises(UsageError, match="no such phase"):
        ws.apply(p, force=["B"])


def test_events_feed_subscribers_and_mission_log(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 3}, produces: [things]}
          B: {uses: STEPS:per_item, needs: [things], for_each: things, produces: [sq]}
    """)
    got = []
    ws.apply(p, subscribers=[got.append])
    kinds = [e.kind for e in got]
    assert kinds[0] == "mission_started" and kinds[-1] == "mission_finished"
    assert kinds.count("item_done") == 3 and kinds.count("phase_started") == 2
    log = (ws.run_dir() / "mission.log").read_text()
    assert "B item 2 ok" in log and "A succeeded" in log


def test_fanout_timeout_retries_keep_finished_items(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 30}, produces: [things]}
          B:
            uses: STEPS:per_item
            needs: [things]
            for_each: things
            max_parallel: 1
            timeout: 150ms
            retry: {attempts: 2, backoff: {initial: 10ms, jitter: none}}
            with: {sleep: 0.03}
            produces: [squares]
    """)
    r = ws.apply(p, sleep=None)
    assert r.exit_code == 1
    st = r.phases["B"]
    assert st.status == "failed_terminal" and st.attempts == 2
    assert st.error["kind"] == "timeout"
    ran = [c["item"] for c in ws.calls() if c["phase"] == "B"]
    assert len(ran) == len(set(ran)), "an item finished in attempt 1 ran again in attempt 2"
    assert 2 <= len(ran) < 30


def test_fanout_items_record_who_answered(ws):
    class Gw:
        def call(self, request):
            return ChainOutcome(value=request, answered_by="fake" if request % 2 else "other",
                                cost_usd=0.001)

    def step(ctx):
        return ctx.gateway.call(ctx.item["n"]).value

    register_phase_handler("test_gw_items", step)
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:items, with: {n: 6}, produces: [things]}
          B: {uses: test_gw_items, needs: [things], for_each: things, max_parallel: 3, produces: [out]}
    """)
    r = ws.apply(p, gateway_factory=lambda pid, phase: Gw() if pid == "B" else None)
    assert r.exit_code == 0
    assert r.phases["B"].answered_by == {"fake": 3, "other": 3}
    assert r.phases["B"].cost_usd == pytest.approx(0.006)
    items = [x for x in ws.log_records() if x.get("ev") == "item"]
    assert {x["i"]: x["by"] for x in items} == {i: "fake" if i % 2 else "other" for i in range(6)}


def test_providers_hook_gets_the_resolved_request(ws):
    seen = {}

    def providers(request, pipeline, config):
        seen["request"] = (request.mission_id, request.query, request.max_cost)
        gw = FakeGateway("hooked")
        return (lambda pid, phase: gw), (lambda pl, cfg, to_run: [f"{len(to_run)} to run"])

    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:gateway_call, produces: [a]}
    """)
    notes = []
    r = ws.apply(p, providers=providers, subscribers=[notes.append])
    assert r.exit_code == 0 and seen["request"] == ("m1", "test query", None)
    assert r.phases["A"].answered_by == {"hooked": 1}
    assert any(getattr(e, "text", "") == "1 to run" for e in notes)
