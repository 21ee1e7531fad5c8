"""The HTTP API against a real uvicorn on 127.0.0.1, with httpx, on the runs dir and
journal of two real missions (see conftest): every endpoint, path traversal, bearer
auth, bind rules, and a scan of every response for secret values."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from scout.errors import ConfigError
from scout.server.security import is_loopback
from scout.server.serve import build_server
from tests.ops.conftest import API_TOKEN, PIPELINE, ROOT, SECRETS, OpsWorld, apply_env
from tests.ops.live import LiveServer
from tests.ports import start_process

ENDPOINTS = ["/healthz", "/api/missions", "/api/missions/bcn", "/api/missions/bcn/journal",
             "/api/missions/bcn/report", "/api/pool", "/api/cost-summary", "/openapi.json",
             "/docs",
             # the dashboard's pages and the offline docs' assets
             "/", "/missions/bcn", "/cost", "/redoc", "/static/dashboard.js",
             "/static/docs/redoc.standalone.js"]
SEEN: list[httpx.Response] = []  # every response of this module, for the leak scan


@pytest.fixture(scope="module")
def servers(ops_world: OpsWorld) -> Iterator[dict[str, Any]]:
    with pytest.MonkeyPatch.context() as mp:
        apply_env(mp, ops_world.env, ops_world.root)
        with LiveServer(ops_world.root, {}) as open_, \
                LiveServer(ops_world.root, {"SCOUTE_API_TOKEN": API_TOKEN}) as authed:
            with httpx.Client(base_url=open_.url, timeout=30, event_hooks={
                    "response": [lambda r: SEEN.append(r)]}) as c1, \
                    httpx.Client(base_url=authed.url, timeout=30, event_hooks={
                        "response": [lambda r: SEEN.append(r)]}) as c2:
                yield {"open": c1, "authed": c2, "world": ops_world}


def get(client: httpx.Client, url: str, **kw: Any) -> httpx.Response:
    r = client.get(url, **kw)
    r.read()
    return r


def test_health_and_openapi(servers) -> None:
    c = servers["open"]
    assert get(c, "/healthz").json() == {"status": "ok", "version": "0.1.0"}
    spec = get(c, "/openapi.json").json()
    assert set(spec["paths"]) == {"/healthz", "/api/missions", "/api/missions/{mission_id}",
                                  "/api/missions/{mission_id}/journal",
                                  "/api/missions/{mission_id}/report", "/api/pool",
                                  "/api/cost-summary"}
    assert "securitySchemes" not in spec.get("components", {})
    assert get(c, "/docs").status_code == 200


def test_missions_and_state(servers) -> None:
    c = servers["open"]
    runs = get(c, "/api/missions").json()["runs"]
    assert [r["mission_id"] for r in runs] == ["bcn-degraded", "bcn"]
    # 9 Tavily credits + Perplexity's fee + a Brave image search per shortlisted hotel (P5)
    assert runs[1]["cost_usd"] == pytest.approx(0.087) and runs[1]["pipeline"] == "hotel-research"
    state = get(c, "/api/missions/bcn").json()
    assert state["mission_id"] == "bcn" and state["status"] == "succeeded"
    assert list(state["phases"]) == ["F0", "F1", "F2", "F3", "F4", "Y1", "Y2", "R1", "P5", "P6",
                                     "P3", "F6", "E7"]
    assert all(p["status"] == "succeeded" for k, p in state["phases"].items()
               if k not in ("E7", "P6"))
    assert state["phases"]["E7"]["status"] == "skipped"  # no notify_email in the request
    assert state["phases"]["P6"]["status"] == "skipped"  # no download_photos
    assert state["phases"]["F1"]["answered_by"] == {"tavily": 1}
    degraded = get(c, "/api/missions/bcn-degraded").json()
    assert degraded["phases"]["F1"]["answered_by"] == {"duckduckgo": 1}


def test_paths_are_said_relative_to_the_served_root(ops_copy) -> None:
    """A run's pipeline_path and a state's pipeline under the root are said relative to
    it (as the MCP tools say them); the server's own folders are not in the answer."""
    import shutil
    from pathlib import Path

    (ops_copy / "pipelines").mkdir()
    inside = ops_copy / "pipelines" / Path(PIPELINE).name
    shutil.copy(PIPELINE, inside)
    for f in (ops_copy / "runs" / "bcn").rglob("*.json*"):  # the run now names the copy
        f.write_text(f.read_text().replace(PIPELINE, str(inside)))
    with LiveServer(ops_copy, {}) as live, httpx.Client(base_url=live.url, timeout=30) as c:
        runs = {r["mission_id"]: r for r in get(c, "/api/missions").json()["runs"]}
        state = get(c, "/api/missions/bcn").json()
    assert runs["bcn"]["pipeline_path"] == "pipelines/hotel_research.yaml"
    assert runs["bcn"]["pipeline"] == "hotel-research"  # still read from the file
    assert state["pipeline"] == "pipelines/hotel_research.yaml"
    assert str(ops_copy) not in str(runs) + str(state)


def test_journal(servers) -> None:
    c, w = servers["open"], servers["world"]
    mine = [e for e in w.entries() if e["mission_id"] == "bcn-degraded"]
    page = get(c, "/api/missions/bcn-degraded/journal", params={"limit": 5}).json()
    assert [e["id"] for e in page["entries"]] == [e["id"] for e in mine[-5:]]
    assert page["mission_id"] == "bcn-degraded" and page["count"] == 5
    failed = get(c, "/api/missions/bcn-degraded/journal",
                 params={"failed": "true", "token": "TAVILY_API_KEY", "limit": 100}).json()
    assert failed["count"] == 18 and {e["result"] for e in failed["entries"]} == {"retry", "error"}
    spare = get(c, "/api/missions/bcn/journal", params={"token": "pplx-spare"}).json()
    # a paid call: its 'sent' line, then the answer
    assert sorted((e["adapter"], e["result"]) for e in spare["entries"]) == [
        ("perplexity", "ok"), ("perplexity", "sent")]
    assert get(c, "/api/missions/bcn/journal", params={"since": "2999-01-01"}).json()[
        "count"] == 0
    bad = get(c, "/api/missions/bcn/journal", params={"since": "someday"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "USE001"
    # digits alone are no date (Python's fromisoformat read 50 ones as 1111-11-11), and a
    # year before any journal is out of range
    for since, status, code in [("1" * 50, 400, "USE001"), ("20260901", 400, "USE001"),
                                ("1111-11-11", 422, "USE061"), ("0999-01-01T00:00Z", 422,
                                                                "USE061")]:
        for url in ("/api/missions/bcn/journal", "/api/cost-summary"):
            bad = get(c, url, params={"since": since})
            assert bad.status_code == status, (url, since, bad.text)
            assert bad.json()["error"]["code"] == code and "since" in bad.json()["error"][
                "message"], bad.text
    assert get(c, "/api/missions/bcn/journal", params={"limit": 0}).status_code == 422


def test_report(servers) -> None:
    c, w = servers["open"], servers["world"]
    md = get(c, "/api/missions/bcn/report")
    assert md.status_code == 200 and md.headers["content-type"].startswith("text/markdown")
    assert md.text == (w.world.run_dir("bcn") / "report.md").read_text()
    html = get(c, "/api/missions/bcn/report", params={"format": "html"})
    assert html.headers["content-type"].startswith("text/html") and "<h1>" in html.text
    # the page is whole: a part of it is refused, not answered with the whole page
    paged = get(c, "/api/missions/bcn/report", params={"format": "html", "part": 2})
    assert paged.status_code == 400 and paged.json()["error"]["code"] == "USE001"
    assert "format=html" in paged.json()["error"]["hint"]
    assert get(c, "/api/missions/bcn/report", params={"part": 1}).text == md.text


def test_report_missing(servers, tmp_path) -> None:
    c, w = servers["open"], servers["world"]
    report = w.world.run_dir("bcn-degraded") / "report.html"
    hidden = tmp_path / "report.html"
    report.rename(hidden)
    try:
        r = get(c, "/api/missions/bcn-degraded/report", params={"format": "html"})
    finally:
        hidden.rename(report)
    assert r.status_code == 404 and r.json()["error"]["code"] == "USE022"


def test_pool_and_cost(servers) -> None:
    c, w = servers["open"], servers["world"]
    pool = get(c, "/api/pool").json()
    toks = {t["name"]: t for t in pool["tokens"]}
    assert toks["pplx-main"]["status"] == "quota_exhausted"
    assert toks["pplx-spare"]["requests"] == 2 and toks["pplx-spare"]["value_set"] is True
    cost = get(c, "/api/cost-summary").json()
    assert {r["key"] for r in cost["by_mission"]} == {"bcn", "bcn-degraded"}
    by_adapter = {r["key"]: r["usd"] for r in cost["by_adapter"]}
    assert by_adapter["tavily"] == pytest.approx(0.072)
    assert by_adapter["perplexity"] == pytest.approx(0.010)
    by_token = {r["key"]: r for r in cost["by_token"]}
    assert by_token["pplx-main"]["failed"] == 1 and by_token["pplx-main"]["usd"] == 0
    # 'sent' lines announce paid calls; the try's own line is the one counted
    assert cost["total"]["calls"] == len([e for e in w.entries() if e["result"] != "sent"])
    assert cost["by_phase"] is None and cost["in_doubt"]["calls"] == 0
    one = get(c, "/api/cost-summary", params={"mission": "bcn", "by": ["phase"]}).json()
    assert one["by_mission"] is None and one["total"]["usd"] == pytest.approx(0.087)
    assert {r["key"]: r["usd"] for r in one["by_phase"]}["F2"] == pytest.approx(0.032)
    assert get(c, "/api/cost-summary", params={"by": "planet"}).status_code == 422
    assert cost["rows_note"] is None and cost["by_mission_left_out"] is None
    # a lab's thousands of missions: the costliest rows per grouping, the total of all
    top = get(c, "/api/cost-summary", params={"limit": 1, "by": ["mission", "adapter"]}).json()
    assert [r["key"] for r in top["by_mission"]] == [cost["by_mission"][0]["key"]]
    assert top["by_mission_left_out"] == 1 and top["total"] == cost["total"]
    assert len(top["by_adapter"]) == 1
    assert top["by_adapter_left_out"] == len(cost["by_adapter"]) - 1
    assert "by_mission: the costliest 1 of 2" in top["rows_note"]
    assert "?limit=" in top["rows_note"]
    for bad in ("0", "10001"):
        refused = get(c, "/api/cost-summary", params={"limit": bad})
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "USE001"


@pytest.mark.parametrize("path", [
    "/api/missions/..%2F..%2Fetc", "/api/missions/..%2F..%2Fetc/journal",
    "/api/missions/..%2F..%2Fetc/report", "/api/missions/..%2F..%2Fetc%2Fpasswd",
    "/api/missions/%2Fetc%2Fpasswd", "/api/missions/%2e%2e", "/api/missions/bcn%2F..%2F..",
    "/api/missions/BCN", "/api/missions/a%00b"])
def test_path_traversal_is_rejected(servers, path: str) -> None:
    r = get(servers["open"], path)
    assert r.status_code == 400, (path, r.status_code, r.text)
    assert r.json()["error"]["code"] == "USE002"


def test_unknown_mission_is_404(servers) -> None:
    """Named by its id only: the server's runs folder is the operator's detail."""
    root = str(servers["world"].root.resolve())
    for path in ("/api/missions/nope", "/api/missions/nope/journal", "/api/missions/nope/report"):
        r = get(servers["open"], path)
        assert r.status_code == 404 and r.json()["error"]["code"] == "USE003"
        error = r.json()["error"]
        assert error["message"] == "no mission 'nope'" and "/api/missions" in error["hint"]
        assert root not in r.text and "/runs" not in r.text, r.text


def test_token_is_required_on_every_endpoint(servers) -> None:
    c = servers["authed"]
    wrong_same_length = "x" * len(API_TOKEN)
    for url in ENDPOINTS:
        for headers in ({}, {"Authorization": f"Bearer {wrong_same_length}"},
                        {"Authorization": "Bearer short"}, {"Authorization": API_TOKEN},
                        {"Authorization": f"Basic {API_TOKEN}"}):
            r = get(c, url, headers=headers)
            assert r.status_code == 401, (url, headers)
            assert r.json()["error"]["code"] == "USE030"
            assert r.headers["www-authenticate"].startswith("Bearer")
        ok = get(c, url, headers={"Authorization": f"Bearer {API_TOKEN}"})
        assert ok.status_code == 200, url
    spec = get(c, "/openapi.json", headers={"Authorization": f"Bearer {API_TOKEN}"}).json()
    assert spec["components"]["securitySchemes"]["bearerAuth"]["scheme"] == "bearer"


def test_bind_rules() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("127.8.0.1") and is_loopback("::1")
    assert is_loopback("localhost") and is_loopback("[::1]")
    for host in ("0.0.0.0", "::", "192.168.1.10", "example.com", "10.0.0.1"):
        assert not is_loopback(host)
        with pytest.raises(ConfigError) as err:
            build_server(host, 0, root=ROOT, env={})
        assert err.value.code == "CFG020" and "SCOUTE_API_TOKEN" in err.value.message
    with pytest.raises(ConfigError) as err:
        build_server("127.0.0.1", 0, root=ROOT, env={"SCOUTE_API_TOKEN": "k3y-v4l"})
    assert err.value.code == "CFG020" and "k3y-v4l" not in str(err.value)
    assert build_server("0.0.0.0", 0, root=ROOT, env={"SCOUTE_API_TOKEN": API_TOKEN}).scout_auth


def test_serve_refuses_to_start_on_a_public_address(subprocess_env, tmp_path) -> None:
    env = {**subprocess_env, "SCOUTE_RESEARCH_ROOT": str(tmp_path)}
    env.pop("SCOUTE_API_TOKEN", None)
    out = subprocess.run([sys.executable, "-m", "scout", "serve", "--host", "0.0.0.0"],
                         env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 3 and "CFG020" in out.stderr


def test_scout_serve_subprocess(ops_world: OpsWorld, subprocess_env) -> None:
    env = {**subprocess_env, **ops_world.env, "SCOUTE_API_TOKEN": API_TOKEN}
    auth = {"Authorization": f"Bearer {API_TOKEN}"}
    proc, port = start_process(  # on a port it binds itself: no race with other workers
        lambda port: [sys.executable, "-m", "scout", "serve", "--port", str(port),
                      "--log-level", "warning"],
        ready=lambda port: httpx.get(f"http://127.0.0.1:{port}/healthz",
                                     timeout=5).status_code == 401,
        env=env, cwd=ops_world.root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        r = httpx.get(f"http://127.0.0.1:{port}/api/missions", headers=auth, timeout=5)
        SEEN.append(r)
        assert r.status_code == 200 and len(r.json()["runs"]) == 2
        assert httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5).status_code == 401
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=20)
    assert "bearer token required" in err
    for value in SECRETS:
        assert value not in out + err


def test_no_secret_in_any_response(servers) -> None:
    # every endpoint, on both servers, with and without the token, plus error answers
    auth = {"Authorization": f"Bearer {API_TOKEN}"}
    for c in (servers["open"], servers["authed"]):
        for url in ENDPOINTS + ["/api/missions/bcn-degraded/journal?failed=true&limit=1000",
                                "/api/missions/bcn/journal?limit=1000",
                                "/api/missions/bcn/report?format=html",
                                "/api/cost-summary?by=token&by=phase",
                                "/api/missions/nope", "/api/missions/..%2Fx"]:
            get(c, url)
            get(c, url, headers=auth)
    assert len(SEEN) > 40
    blob = "\n".join(r.text + "\n" + "\n".join(f"{k}: {v}" for k, v in r.headers.items())
                     for r in SEEN)
    assert "pplx-main" in blob and "TAVILY_API_KEY" in blob and "quota_exhausted" in blob
    for value in SECRETS:
        assert value not in blob, "a secret value leaked into an HTTP response"


def test_serve_on_a_taken_port_says_so(subprocess_env, tmp_path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {**subprocess_env, "SCOUTE_RESEARCH_ROOT": str(tmp_path)}
        out = subprocess.run([sys.executable, "-m", "scout", "serve", "--port", str(port)],
                             env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "USE001" in out.stderr and "--port" in out.stderr
