"""Record/replay: credentials stripped at the transport, reply-level recording for non-HTTP
adapters, skipped links remembered, replay misses fail clearly (never fail over)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import httpx
import pytest

from scout.errors import ChainFailed, ReplayMiss
from scout.adapters.contract import Reply, SearchRequest, Secret
from scout.providers.record import Exchanges, RecordingTransport, ReplayTransport
from scout.adapters.contract.redact import SecretScrubber
from tests.providers.fakes import ScriptedAdapter, make_config, settings, sources

KEY = "brv-SUPER-SECRET-41a9"


def test_recording_strips_credentials_everywhere_and_replays(tmp_path: Path) -> None:
    def upstream(request: httpx.Request) -> httpx.Response:
        body = gzip.compress(json.dumps({"ok": True, "echo": request.url.params["q"]}).encode())
        return httpx.Response(200, content=body, headers={"Content-Encoding": "gzip",
                                                          "Content-Type": "application/json",
                                                          "Set-Cookie": "sid=abc"})

    scrubber = SecretScrubber()
    scrubber.add(Secret("BRAVE_API_KEY", KEY))
    store = Exchanges(tmp_path, scrubber)
    with httpx.Client(transport=RecordingTransport(httpx.MockTransport(upstream), store)) as c:
        r = c.post("https://api.example/search", params={"q": "x", "api_key": KEY},
                   headers={"X-Subscription-Token": KEY, "Authorization": f"Bearer {KEY}",
                            "X-Custom": f"prefix-{KEY}"},
                   json={"query": "x", "api_key": KEY, "nested": {"token": KEY}})
        assert r.json() == {"ok": True, "echo": "x"}  # gzip handled once
    [saved] = list((tmp_path / "http").iterdir())
    text = saved.read_text()
    assert KEY not in text
    doc = json.loads(text)
    assert "authorization" not in doc["request"]["headers"]
    assert "x-subscription-token" not in doc["request"]["headers"]
    assert doc["request"]["headers"]["x-custom"] == "prefix-[secret:BRAVE_API_KEY]"
    assert "api_key=REDACTED" in doc["request"]["url"]
    assert json.loads(doc["request"]["body"])["api_key"] == "REDACTED"
    assert "set-cookie" not in doc["response"]["headers"]

    # replay: a different key value (or none) still matches, no network
    scrub2 = SecretScrubber()
    scrub2.add(Secret("BRAVE_API_KEY", "replay-placeholder-xyz"))
    with httpx.Client(transport=ReplayTransport(Exchanges(tmp_path, scrub2))) as c:
        r = c.post("https://api.example/search",
                   params={"q": "x", "api_key": "replay-placeholder-xyz"},
                   json={"query": "x", "api_key": "replay-placeholder-xyz",
                         "nested": {"token": "other"}})
        assert r.json() == {"ok": True, "echo": "x"}
        with pytest.raises(ReplayMiss, match="no recorded exchange for POST") as miss:
            c.post("https://api.example/search", params={"q": "y"}, json={"query": "y"})
    # stored in English (the journal, the state log); a Spanish reader reads it in Spanish
    from scout.i18n.messages import localize

    said = localize(miss.value.message, "es")
    assert said.startswith(f"--replay {tmp_path}: no hay ningún intercambio grabado para "
                           "POST https://api.example/search"), said
    assert said.endswith("caracteres)"), said


def test_non_http_adapters_record_and_replay_replies(tmp_path: Path, make_runtime) -> None:
    cfg = make_config({"vid": settings(cache_ttl="0s"),
                       "opt": settings(credentials={"env": "OPT_KEY"})},
                      {"web": ["opt?", "vid"]})
    live = ScriptedAdapter("vid", cfg.adapters["vid"], default=Reply(sources(3, "vid"), status=None))
    rt = make_runtime(cfg, {"vid": live, "opt": ScriptedAdapter("opt", cfg.adapters["opt"])},
                      record_dir=tmp_path / "rec", root=tmp_path / "a")
    first = rt.gateway("V1", "web").call(SearchRequest(query="barcelona hotel tour"))
    assert first.answered_by == "vid" and len(live.calls) == 1
    rt.close()
    manifest = json.loads((tmp_path / "rec" / "manifest.json").read_text())
    assert manifest["links"]["opt"] == {"ok": False, "reason": "OPT_KEY not set"}

    # replay with OPT_KEY set: opt is still skipped as it was when recording
    dead = ScriptedAdapter("vid", cfg.adapters["vid"], script=[RuntimeError("must not run")])
    opt = ScriptedAdapter("opt", cfg.adapters["opt"])
    rt2 = make_runtime(cfg, {"vid": dead, "opt": opt}, replay_dir=tmp_path / "rec",
                       root=tmp_path / "b", env={"OPT_KEY": "k-123456"})
    again = rt2.gateway("V1", "web").call(SearchRequest(query="barcelona hotel tour"))
    assert [s.title for s in again.value] == [s.title for s in first.value]
    assert not dead.calls and not opt.calls
    with pytest.raises(ChainFailed) as ei:
        rt2.gateway("V1", "web").call(SearchRequest(query="something else"))
    assert isinstance(ei.value.cause, ReplayMiss)
    assert "no recorded reply of vid" in str(ei.value)
    assert ei.value.exit_code == 3 and not dead.calls  # a miss never fails over or runs live


def test_record_and_replay_together_is_refused(tmp_path: Path, make_runtime) -> None:
    from scout.errors import ConfigError
    cfg = make_config({"a": settings()}, {"web": ["a"]})
    with pytest.raises(ConfigError, match="together"):
        make_runtime(cfg, {}, record_dir=tmp_path / "x", replay_dir=tmp_path / "y")
