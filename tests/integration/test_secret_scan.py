"""No token value in any output: Perplexity through the token pool, recorded, end to end.

The secret-leak scan of tests/providers/test_secret_leak.py, extended to the real
Perplexity adapter: two distinctive pool tokens go through a refused key (whose 401 body
echoes the key, as real servers do), 429s with Retry-After, a token rotation, an
exhausted pool, record mode and ``scout doctor``. Every file under runtime/, the run dir
and the recording, and everything printed, is scanned for the values: zero hits.
"""

from __future__ import annotations

import json
import subprocess
import sys
import traceback
from pathlib import Path
from typing import Any

import pytest

from scout.errors import ChainFailed, PoolExhausted
from tests.fakes.media import RATE_LIMIT_BODY, perplexity_route
from tests.fakes.server import Fault, FakeServer, Reply, Req
from tests.integration.helpers import find_leaks, journal
from tests.integration.test_perplexity_pool import (MAIN, PATH, SPARE, TOKEN_VALUES,
                                                     make_runtime, request)
from tests.providers.fakes import FakeClock


def echoing_perplexity(srv: FakeServer, accepted: dict[str, str]) -> list[str]:
    """perplexity_route, but its 401 body quotes the refused key; returns every Authorization
    header value the server saw (to prove the scan is not vacuous)."""
    seen: list[str] = []
    perplexity_route(srv, accepted)
    index = next(i for i, r in enumerate(srv.routes) if r[:2] == ("POST", PATH))
    inner = srv.routes[index][2]

    def handler(req: Req) -> Reply:
        auth = {k.lower(): v for k, v in req.headers.items()}.get("authorization", "")
        seen.append(auth)
        reply = inner(req)
        if reply.status == 401:
            return Reply(401, {"error": {"message": f"Invalid API key provided: {auth}",
                                         "type": "invalid_api_key", "code": 401}})
        return reply

    srv.routes[index] = ("POST", PATH, handler)
    return seen


def test_no_pool_token_value_in_any_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capfd: pytest.CaptureFixture[str],
                                           subprocess_env: dict[str, str]) -> None:
    root, rec, run_dir = tmp_path / "root", tmp_path / "rec", tmp_path / "runs" / "m-pplx"
    run_dir.mkdir(parents=True)
    accepted: dict[str, str] = {SPARE: "pplx-spare"}  # the main key is refused
    clock = FakeClock()
    srv = FakeServer().start()
    try:
        seen = echoing_perplexity(srv, accepted)
        monkeypatch.setenv("SCOUTE_PERPLEXITY_BASE_URL", srv.url)
        monkeypatch.setenv("PPLX_SPARE_KEY", SPARE)
        monkeypatch.delenv("PERPLEXITY_API_KEY", raising=False)
        monkeypatch.delenv("SCOUTE_TOKEN_POOL_CONFIG", raising=False)
        artifacts: list[dict[str, Any]] = []
        with make_runtime(root, clock, ["perplexity", "extractive"], record_dir=rec) as rt:
            gw = rt.gateway("P3", "synthesis")
            # 1. main: 429 twice (Retry-After), then refused (401, key echoed in the body)
            #    → rotated; spare answers.  2. spare answers.  3. spare 429 past its
            #    retries → quota_exhausted → the pool is exhausted → extractive answers
            srv.fault(PATH, *[Fault.status(429, RATE_LIMIT_BODY, headers={"Retry-After": "3"})]
                      * 2)
            for question in ("Which hotels are good value?", "Which are near the beach?"):
                out = gw.call(request(question))
                artifacts.append({"value": out.value.model_dump(mode="json"),
                                  "answered_by": out.answered_by,
                                  "links": [a.__dict__ for a in out.links]})
            srv.fault(PATH, *[Fault.status(429, RATE_LIMIT_BODY)] * 3)
            out = gw.call(request("Which are quiet?"))
            assert out.answered_by == "extractive"
            artifacts.append({"answered_by": out.answered_by,
                              "links": [a.__dict__ for a in out.links]})
            assert [(e["adapter"], e["result"], e["token_name"]) for e in journal(root)] == [
                ("perplexity", "retry", "pplx-main"), ("perplexity", "retry", "pplx-main"),
                ("perplexity", "token_rotated", "pplx-main"), ("perplexity", "ok", "pplx-spare"),
                ("perplexity", "ok", "pplx-spare"), ("perplexity", "retry", "pplx-spare"),
                ("perplexity", "retry", "pplx-spare"),
                ("perplexity", "token_rotated", "pplx-spare"), ("perplexity", "error", None),
                ("extractive", "ok", None)]
            # and the pool alone, exhausted: the error as a phase would keep and print it
            with pytest.raises(ChainFailed) as info:
                rt.gateway("P3b", links=["perplexity"]).call(request("again"))
            assert isinstance(info.value.cause, PoolExhausted)
            exc = info.value
            (run_dir / "phase.json").write_text(json.dumps({"P3b": {
                "error": exc.to_dict(),
                "links": [a.__dict__ for a in exc.links]}}))
            print(str(exc), repr(exc), exc.hint, file=sys.stderr)
            traceback.print_exception(exc)
            pool = rt.credentials.token_pool()
            print(json.dumps(rt.summary()), repr(pool.pools), pool.secrets(), pool.state())
            print("\n".join(rt.book.skip_notes()))
        (run_dir / "artifacts").mkdir()
        (run_dir / "artifacts" / "synthesis.json").write_text(json.dumps(artifacts))
    finally:
        srv.stop()

    # the scan is not vacuous: both values really went over the wire, were echoed back,
    # and the recording holds the exchanges
    assert any(MAIN in s for s in seen) and any(SPARE in s for s in seen)
    assert len(list((rec / "http").glob("*.json"))) >= 6

    doctor = subprocess.run([sys.executable, "-m", "scout", "doctor"], capture_output=True,
                            text=True, timeout=60,
                            env={**subprocess_env, "SCOUTE_RESEARCH_ROOT": str(root),
                                 "PPLX_SPARE_KEY": SPARE})
    assert "perplexity (2 tokens" in doctor.stdout, doctor.stdout

    captured = capfd.readouterr()
    hits = find_leaks(TOKEN_VALUES, [root / "runtime", run_dir, rec],
                      stdout=captured.out, stderr=captured.err,
                      doctor=doctor.stdout + doctor.stderr)
    assert hits == {}
    # and the names are what the outputs do carry
    assert "pplx-main" in (root / "runtime" / "request_journal.jsonl").read_text()
