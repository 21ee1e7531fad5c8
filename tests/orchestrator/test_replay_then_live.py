"""A mission answered from a cassette (``--replay``) and applied again without it asks
the providers: its phases run again instead of being reused. The quick start replays the
demo and the README's next command is the same request live, which is the same mission
id; without this the "live" run reused every replayed phase and asked no one."""

from __future__ import annotations

from scout.i18n.messages import localize
from scout.orchestrator.mission_request import replayed_from
from scout.providers.hook import ProviderOptions

PIPE = """
    phases:
      A: {uses: STEPS:echo, produces: [a]}
      B: {uses: STEPS:echo, needs: [a], produces: [b]}
"""


def test_dropping_replay_runs_every_phase_again_and_then_resumes_as_usual(ws):
    p = ws.pipeline(PIPE)
    cassette = ws.root / "cassette"
    cassette.mkdir()
    replay = ProviderOptions(replay_dir=cassette)
    assert ws.apply(p, provider_options=replay).exit_code == 0
    assert (ws.count("A"), ws.count("B")) == (1, 1)
    assert ws.apply(p, provider_options=ProviderOptions(replay_dir=cassette)).exit_code == 0
    assert (ws.count("A"), ws.count("B")) == (1, 1)  # the same cassette: reused
    # scout plan (an apply without --replay) says so, each phase with why
    planned = ws.plan(p).phases
    assert [x.action for x in planned] == ["run", "run"]
    assert all(str(cassette) in x.reason for x in planned), [x.reason for x in planned]
    said = localize(planned[0].reason, "es")  # a Spanish request's plan says it in Spanish
    assert said.startswith("antes la respondió la grabación ") and str(cassette) in said
    live = ws.apply(p, provider_options=ProviderOptions())
    assert live.exit_code == 0
    assert (ws.count("A"), ws.count("B")) == (2, 2)  # live now: every phase ran again
    assert ws.apply(p, provider_options=ProviderOptions()).exit_code == 0
    assert (ws.count("A"), ws.count("B")) == (2, 2)  # and a live resume reuses the live run
    assert [x.action for x in ws.plan(p).phases] == ["reuse", "reuse"]
    # a live mission replayed later keeps its answers
    assert ws.apply(p, provider_options=ProviderOptions(replay_dir=cassette)).exit_code == 0
    assert (ws.count("A"), ws.count("B")) == (2, 2)


def test_another_cassette_is_another_source() -> None:
    assert replayed_from(["--config", "/c.yaml", "--replay", "/a"]) == "/a"
    assert replayed_from(["--record", "/a"]) is None
    # task.json is read back untrusted: anything but a list of strings says nothing
    assert replayed_from({"--replay": "/a"}) is None and replayed_from(["--replay", 3]) is None
    assert replayed_from(["--replay"]) is None
