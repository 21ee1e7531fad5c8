"""End to end through a real HTTP server on 127.0.0.1 (tests/fakes/server.py): 429 with
Retry-After, 5xx, timeouts and broken JSON; chains recover and the journal shows each step.
Record/replay round trip and replay misses on the same server."""

from __future__ import annotations

import datetime as dt
import email.utils
from pathlib import Path
from typing import Any

import pytest

from scout.errors import ChainFailed, ReplayMiss
from scout.adapters.contract import SearchRequest
from scout.providers.journal import read_journal
from scout.providers.runtime import ProviderRuntime
from tests.fakes.server import Fault, FakeServer, Reply
from tests.providers.fakes import FakeClock, make_config, settings


def answer(label: str):
    def handler(req: Any) -> Reply:
        q = req.arg("q")
        n = int(req.arg("limit", "2"))
        return Reply(200, {"results": [{"title": f"{label} {q} {i}",
                                        "url": f"https://{label}.example/{i}"}
                                       for i in range(n)]})
    return handler


def server() -> FakeServer:
    srv = FakeServer().start()
    srv.route("GET", "/a/search", answer("alpha"))
    srv.route("GET", "/b/search", answer("beta"))
    return srv


def config(srv: FakeServer, **alpha: Any):
    # 1 s: each timeout fault holds its answer until this client timeout hangs up, and
    # the answers that must come in time have ten times what they take on a loaded machine
    common = {"timeout": "1s", "retry_after_max": "10s", "cache_ttl": "0s",
              "retry": {"attempts": 3, "backoff": {"initial": "100ms", "factor": 2,
                                                   "max": "1s"}}}
    return make_config({
        "alpha": settings("fake_json", base_url=srv.url + "/a", **{**common, **alpha}),
        "beta": settings("fake_json", base_url=srv.url + "/b", **common),
    }, {"web": ["alpha", "beta"]})


def titles(value: list[Any]) -> list[str]:
    return [s.title for s in value]


def steps(entries: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(e["adapter"], e["result"], e["response_summary"].get("status"),
             (e["error"] or {}).get("kind")) for e in entries]


def test_chains_recover_from_429_5xx_timeouts_and_broken_json(tmp_path: Path) -> None:
    clock = FakeClock()
    srv = server()
    try:
        rt = ProviderRuntime(config(srv), tmp_path, "m-int", clock=clock, sleep=clock.sleep,
                             env={})
        gw = rt.gateway("F1", "web")

        # 1. 429 + Retry-After seconds, then a 503, then alpha answers
        srv.fault("/a/", Fault.status(429, headers={"Retry-After": "2"}), Fault.status(503))
        out = gw.call(SearchRequest(query="one", limit=2))
        assert out.answered_by == "alpha" and out.value[0].title == "alpha one 0"
        j = read_journal(tmp_path / "runtime").entries
        assert steps(j) == [("alpha", "retry", 429, "rate_limited"),
                            ("alpha", "retry", 503, "unavailable"), ("alpha", "ok", 200, None)]
        assert j[0]["response_summary"]["wait_ms"] == 2000  # exactly what the server asked
        assert clock.sleeps[0] == 2.0

        # 2. alpha times out three times (a real 1 s client timeout): beta answers
        srv.fault("/a/", *[Fault.timeout(30.0)] * 3)
        out = gw.call(SearchRequest(query="two", limit=2))
        assert out.answered_by == "beta"
        assert [(a.adapter, a.result, a.error, a.tries) for a in out.links] == \
            [("alpha", "error", "unavailable", 3), ("beta", "ok", None, 1)]
        j = read_journal(tmp_path / "runtime").entries[3:]
        assert steps(j) == [("alpha", "retry", None, "unavailable")] * 2 + \
            [("alpha", "error", None, "unavailable"), ("beta", "ok", 200, None)]
        assert "timed out" in j[0]["error"]["message"]

        # 3. alpha 500s, beta rate limited with an HTTP-date Retry-After, then beta answers
        when = email.utils.format_datetime(
            dt.datetime.now(dt.timezone.utc) + dt.timedelta(seconds=6), usegmt=True)
        srv.fault("/a/", *[Fault.status(500)] * 3)
        srv.fault("/b/", Fault.status(429, headers={"Retry-After": when}))
        out = gw.call(SearchRequest(query="three", limit=1))
        assert out.answered_by == "beta"
        j = read_journal(tmp_path / "runtime").entries[7:]
        assert steps(j) == [("alpha", "retry", 500, "unavailable")] * 2 + [
            ("alpha", "error", 500, "unavailable"), ("beta", "retry", 429, "rate_limited"),
            ("beta", "ok", 200, None)]
        assert 4000 <= j[3]["response_summary"]["wait_ms"] <= 6000

        # 4. alpha's JSON is cut in half: a parse error fails over at once
        srv.fault("/a/", Fault.truncate())
        out = gw.call(SearchRequest(query="four", limit=2))
        assert out.answered_by == "beta"
        j = read_journal(tmp_path / "runtime").entries[12:]
        assert steps(j) == [("alpha", "error", 200, "parse_error"), ("beta", "ok", 200, None)]

        # the journal agrees with what the server really saw
        journal_tries = [e for e in read_journal(tmp_path / "runtime").entries
                         if e["result"] in ("ok", "retry", "error")]
        assert len(journal_tries) == len(srv.log)
        assert [e["adapter"] for e in journal_tries] == \
            ["alpha" if x.path.startswith("/a/") else "beta" for x in srv.log]
        rt.close()
    finally:
        srv.stop()


def test_record_then_replay_offline_and_a_replay_miss(tmp_path: Path) -> None:
    key = "sk-RECORD-ME-NOT-8e1f77"
    rec = tmp_path / "cassette"
    srv = server()
    try:
        cfg = config(srv, credentials={"env": "ALPHA_KEY"})
        clock = FakeClock()
        with ProviderRuntime(cfg, tmp_path / "r1", "m", record_dir=rec, clock=clock,
                             sleep=clock.sleep, env={"ALPHA_KEY": key}) as rt:
            srv.fault("/a/", Fault.status(429, headers={"Retry-After": "1"}))
            first = rt.gateway("F1", "web").call(SearchRequest(query="hotels", limit=2))
            second = rt.gateway("F1", "web").call(SearchRequest(query="bars", limit=1))
        assert srv.requests_to("/a/")[0].query["key"] == [key]  # the key really was sent
    finally:
        srv.stop()
    files = [p for p in rec.rglob("*") if p.is_file()]
    assert len(files) == 4  # 429, 200, 200 and the manifest
    for p in files:
        assert key not in p.read_text(), p
    # replay: the server is gone, no key is set, the answers are the same
    clock = FakeClock()
    with ProviderRuntime(cfg, tmp_path / "r2", "m", replay_dir=rec, clock=clock,
                         sleep=clock.sleep, env={}) as rt:
        again = rt.gateway("F1", "web").call(SearchRequest(query="hotels", limit=2))
        assert titles(again.value) == titles(first.value) == ["alpha hotels 0", "alpha hotels 1"]
        assert titles(rt.gateway("F1", "web").call(SearchRequest(query="bars", limit=1)).value
                      ) == titles(second.value)
        steps_ = steps(read_journal(tmp_path / "r2" / "runtime").entries)
        assert steps_[:2] == [("alpha", "retry", 429, "rate_limited"), ("alpha", "ok", 200, None)]
        with pytest.raises(ChainFailed) as ei:
            rt.gateway("F1", "web").call(SearchRequest(query="never recorded", limit=2))
        assert isinstance(ei.value.cause, ReplayMiss)
    msg = str(ei.value)
    assert "no recorded exchange for GET" in msg and "never+recorded" in msg
    assert "key=REDACTED" in msg and ei.value.exit_code == 3


def test_base_url_env_override_points_an_adapter_at_the_server(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    srv = server()
    try:
        cfg = make_config({"alpha": settings("fake_json", base_url="http://192.0.2.1:9/nowhere",
                                             cache_ttl="0s")}, {"web": ["alpha"]})
        monkeypatch.setenv("SCOUTE_ALPHA_BASE_URL", srv.url + "/a")
        with ProviderRuntime(cfg, tmp_path, "m", env={}) as rt:
            out = rt.gateway("F1", "web").call(SearchRequest(query="env", limit=1))
        assert out.value[0].title == "alpha env 0"
        assert [e.path for e in srv.log] == ["/a/search"]
    finally:
        srv.stop()
