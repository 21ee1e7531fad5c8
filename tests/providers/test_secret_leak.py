"""Secret-leak scan: distinctive token values go through the pool, a real HTTP server,
failures, record mode and `scout doctor`; no file under runtime/, the run dir or the
recording, and nothing printed, contains any of them."""

from __future__ import annotations

import json
import subprocess
import sys
import traceback
from pathlib import Path
from typing import Any

import pytest

from scout.errors import ScoutError
from scout.adapters.contract import Secret, SearchRequest
from scout.providers.runtime import ProviderRuntime
from scout.spec.models import Pipeline
from tests.fakes.server import FakeServer, Reply
from tests.providers.fakes import FakeClock, ScriptedAdapter, make_config, settings

TOKENS = {"t-dead": "TOKEN-SENTINEL-AAAA-91d2e7", "t-live": "TOKEN-SENTINEL-BBBB-3c77f0",
          "t-flaky": "TOKEN-SENTINEL-CCCC-5a0b19"}
ENV_KEY = "ENVKEY-SENTINEL-DDDD-77aa01"


def leaks(text: str | bytes) -> list[str]:
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return [v for v in [*TOKENS.values(), ENV_KEY] if v in text]


def test_no_token_value_anywhere(tmp_path: Path, capfd: pytest.CaptureFixture[str],
                                 subprocess_env: dict[str, str]) -> None:
    root = tmp_path / "root"
    (root / "config").mkdir(parents=True)
    pool_file = root / "config" / "token_pool_config.json"
    pool_file.write_text(json.dumps({"pools": {"search": {"strategy": "failover", "tokens": [
        {"name": n, "value": v} for n, v in TOKENS.items()]}}}))
    pool_file.chmod(0o600)
    (root / "config" / "adapters.yaml").write_text(
        "apiVersion: scout/v1\nkind: Config\nadapters:\n"
        "  tavily: {type: tavily, credentials: {pool: search}}\nchains:\n  web: [tavily]\n")
    seen_auth: list[str] = []

    def handler(req: Any) -> Reply:
        auth = req.headers.get("Authorization", "")
        seen_auth.append(auth)
        if TOKENS["t-dead"] in auth:
            return Reply(401, {"error": f"invalid key {auth}"})  # servers do echo keys
        if TOKENS["t-flaky"] in auth:
            return Reply(503, {"error": "busy"})
        return Reply(200, {"results": [{"title": "Hotel Arts", "url": "https://arts.example"}],
                           "credits": 1})

    srv = FakeServer().start()
    srv.route("GET", "/s/search", handler)
    run_dir = tmp_path / "runs" / "leak-mission"
    run_dir.mkdir(parents=True)
    try:
        cfg = make_config({
            "pooled": settings("fake_json", base_url=srv.url + "/s", cache_ttl="1h",
                               credentials={"pool": "search"}, tariff={"per_credit": 0.008}),
            "buggy": settings(credentials={"env": "BUGGY_KEY"}, cache_ttl="0s"),
        }, {"web": ["buggy", "pooled"]}, path=str(root / "config" / "adapters.yaml"))

        def explode(request: Any, credential: Secret | None) -> Any:
            # an adapter bug whose message carries the key, as a URL would
            raise RuntimeError(f"GET https://x.example/?key={credential.reveal()} failed")

        buggy = ScriptedAdapter("buggy", cfg.adapters["buggy"], default=explode)

        def factory(name: str, s: Any, client: Any) -> Any:
            if name == "buggy":
                return buggy
            from tests.providers.json_adapter import JsonSearchAdapter
            return JsonSearchAdapter(name, s, client)

        clock = FakeClock()
        rt = ProviderRuntime(cfg, root, "leak-mission", record_dir=tmp_path / "rec",
                             clock=clock, sleep=clock.sleep, env={"BUGGY_KEY": ENV_KEY},
                             adapter_factory=factory)
        pipe = Pipeline.model_validate({"apiVersion": "scout/v1", "name": "p", "phases": {
            "F1": {"uses": "search", "chain": "web", "produces": ["c"], "with": {"query": "x"}}}})
        print("\n".join(rt.preflight(pipe).lines()))
        gw = rt.gateway_for_phase("F1", pipe.phases["F1"])
        artifacts = []
        for q in ["hotels barcelona", "hotels barcelona", "cheap hotels"]:
            out = gw.call(SearchRequest(query=q))
            artifacts.append({"value": [s.model_dump(mode="json") for s in out.value],
                              "answered_by": out.answered_by,
                              "links": [a.__dict__ for a in out.links]})
        (run_dir / "artifacts").mkdir()
        (run_dir / "artifacts" / "candidates.json").write_text(json.dumps(artifacts))
        # exhaust the pool too, and keep the error the way a run would
        for name in ("t-live",):
            rt.token_pool().failed(rt.token_pool().pick("search", exclude={"t-dead", "t-flaky"}),
                                   "auth_error", "HTTP 401", "quota_exhausted")
        try:
            gw.call(SearchRequest(query="after exhaustion"))
        except ScoutError as exc:
            (run_dir / "phase.json").write_text(json.dumps({"F1": {
                "error": exc.to_dict(), "links": [a.__dict__ for a in exc.links]}}))  # type: ignore[attr-defined]
            print(str(exc), repr(exc), exc.hint, file=sys.stderr)
            traceback.print_exception(exc)
        else:
            pytest.fail("the pool should be exhausted")
        print(json.dumps(rt.summary()), repr(rt.token_pool().pools), rt.token_pool().secrets())
        rt.close()
    finally:
        srv.stop()

    # the tokens really were used (the scan is not vacuous)
    assert any(TOKENS["t-dead"] in a for a in seen_auth)
    assert any(TOKENS["t-live"] in a for a in seen_auth)
    assert buggy.calls

    doctor = subprocess.run([sys.executable, "-m", "scout", "doctor"], capture_output=True,
                            text=True, timeout=60,
                            env={**subprocess_env, "SCOUTE_RESEARCH_ROOT": str(root)})
    assert "search (3 tokens" in doctor.stdout

    captured = capfd.readouterr()
    hits = {"stdout": leaks(captured.out), "stderr": leaks(captured.err),
            "doctor": leaks(doctor.stdout + doctor.stderr)}
    scanned = 0
    for folder in (root / "runtime", run_dir, tmp_path / "rec"):
        for path in folder.rglob("*"):
            if path.is_file():
                scanned += 1
                found = leaks(path.read_bytes())
                if found:
                    hits[str(path)] = found
    assert scanned >= 8
    assert {k: v for k, v in hits.items() if v} == {}
