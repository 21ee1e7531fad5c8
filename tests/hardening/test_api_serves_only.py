"""The HTTP API serves only what it should (issue 13 §3): no planted symlink or FIFO, no
rebinding Host in loopback mode, out-of-range values are 422, unknown paths 404."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from scout.cli import main
from scout.adapters.contract import Secret
from scout.server.app import ServerSettings, create_app
from scout.server.security import loopback_host
from tests.ops.conftest import OpsWorld

TOKEN = "api-HARDEN-TOKEN-3f9a8c1d2e7b6a50"


def _client(root: Path, *, host: str = "127.0.0.1:8077", token: str | None = None
            ) -> TestClient:
    settings = ServerSettings(root=root, runs_dir=root / "runs",
                              token=Secret("SCOUTE_API_TOKEN", token) if token else None)
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return TestClient(create_app(settings), base_url=f"http://{host}", headers=headers)


@pytest.fixture
def root(ops_world: OpsWorld, tmp_path: Path) -> Path:
    root = tmp_path / "root"
    shutil.copytree(ops_world.root, root, symlinks=True)
    return root


def test_a_planted_report_symlink_is_not_served(root: Path, tmp_path: Path) -> None:
    secret = tmp_path / "outside.txt"
    secret.write_text("root:x:0:0:SECRET-OUTSIDE-FILE\n")
    run = root / "runs" / "bcn"
    (run / "report.html").unlink(missing_ok=True)
    (run / "report.html").symlink_to(secret)
    (run / "report.md").unlink()
    (run / "report.md").symlink_to("/etc/passwd")
    c = _client(root)
    for fmt in ("html", "md"):
        r = c.get(f"/api/missions/bcn/report?format={fmt}")
        assert r.status_code == 404, r.text
        assert "SECRET-OUTSIDE" not in r.text and "root:" not in r.text
        assert r.json()["error"]["code"] == "USE062"


def test_a_symlink_inside_the_runs_dir_is_followed(root: Path) -> None:
    run = root / "runs" / "bcn"
    (run / "report.md").rename(run / "real.md")
    (run / "report.md").symlink_to("real.md")
    r = _client(root).get("/api/missions/bcn/report")
    assert r.status_code == 200 and "Casa Bonay" in r.text


def test_a_run_dir_that_is_a_symlink_out_is_not_served(root: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(root / "runs" / "bcn", elsewhere)
    (root / "runs" / "planted").symlink_to(elsewhere)
    c = _client(root)
    for url in ("/api/missions/planted", "/api/missions/planted/report",
                "/api/missions/planted/journal"):
        r = c.get(url)
        assert r.status_code in (400, 404), (url, r.text)
        assert "Casa Bonay" not in r.text


def test_a_fifo_report_does_not_hang_the_server(root: Path) -> None:
    run = root / "runs" / "bcn"
    (run / "report.md").unlink()
    os.mkfifo(run / "report.md")
    r = _client(root).get("/api/missions/bcn/report")
    assert r.status_code == 404 and r.json()["error"]["code"] == "USE062"


@pytest.mark.parametrize("host", ["evil.example:8077", "attacker.test", "127.0.0.1.nip.io",
                                  "192.168.1.20:8077", "localhost.evil.com", "[::2]:80",
                                  "0.0.0.0:8077", "::1", "[::1]x", "localhost:80x"])
def test_loopback_mode_refuses_a_rebinding_host(root: Path, host: str) -> None:
    for url in ("/healthz", "/api/missions", "/api/missions/bcn/report"):
        r = _client(root).get(url, headers={"Host": host})
        assert r.status_code == 421, (host, url, r.status_code)
        assert r.json()["error"]["code"] == "USE063"
        assert "Casa Bonay" not in r.text


@pytest.mark.parametrize("host", ["127.0.0.1:8077", "localhost:8077", "localhost",
                                  "[::1]:8077", "127.0.0.2", "LOCALHOST:1", "app.localhost"])
def test_loopback_names_are_served(root: Path, host: str) -> None:
    assert _client(root, host=host).get("/api/missions").status_code == 200


def test_with_a_token_any_host_is_served(root: Path) -> None:
    c = _client(root, host="scout.lab.internal:8077", token=TOKEN)
    assert c.get("/api/missions").status_code == 200


def test_loopback_host_parser() -> None:
    assert loopback_host("[::1]") and not loopback_host("[::1]x") and not loopback_host("")
    assert not loopback_host("localhost:abc") and not loopback_host("127.0.0.1:80:80")


@pytest.mark.parametrize("since", ["100000000000d", "9" * 30 + "d", "0001-01-01T00:00+23:59"])
def test_out_of_range_since_is_422(root: Path, since: str) -> None:
    c = _client(root)
    for url in ("/api/missions/bcn/journal", "/api/cost-summary"):
        r = c.get(url, params={"since": since})
        assert r.status_code == 422, (url, since, r.text)
        assert r.json()["error"]["code"] == "USE061"


def test_years_below_1000_are_refused_not_misread(root: Path) -> None:
    """A year below 1000 once compared as text ("0999" after "2026"?): since wt/hostile25 a
    since before 1970, older than any journal line, is a clear USE061, never a filter
    that silently lists the wrong lines; a year the journal can hold still filters."""
    c = _client(root)
    everything = c.get("/api/missions/bcn/journal", params={"limit": 10000}).json()
    assert everything["entries"]
    for since in ("0999-01-01", "0100-06-01T00:00Z"):
        got = c.get("/api/missions/bcn/journal", params={"since": since, "limit": 10000})
        assert got.status_code == 422 and got.json()["error"]["code"] == "USE061", since
    got = c.get("/api/missions/bcn/journal", params={"since": "1970-01-01", "limit": 10000})
    assert got.status_code == 200
    assert len(got.json()["entries"]) == len(everything["entries"])


@pytest.mark.parametrize("path", ["/api/missions/bcn/nope", "/api/missions/bcn/journal/x",
                                  "/api/missions/bcn/report/extra", "/api/nope",
                                  "/api/missions/a/b/c"])
def test_unknown_paths_are_404(root: Path, path: str) -> None:
    r = _client(root).get(path)
    assert r.status_code == 404, (path, r.status_code, r.text)


def test_an_encoded_traversal_is_still_refused(root: Path) -> None:
    r = _client(root).get("/api/missions/..%2F..%2Fetc")
    assert r.status_code in (400, 404)
    assert "root:" not in r.text


def test_journal_since_out_of_range_is_a_usage_error(ops_env: OpsWorld,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    for since in ("3000000d", "100000000000d"):
        code = main(["journal", "--since", since])
        out = capsys.readouterr()
        assert code == 2, out
        assert "USE061" in out.out + out.err and "Traceback" not in out.err
