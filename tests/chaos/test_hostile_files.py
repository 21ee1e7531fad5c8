"""Hostile files and requests (issue 13, chaos additions): a tampered cassette, planted
symlinks in a run dir served by the HTTP API, and rebinding ``Host`` headers.

Fast variant in CI (a few generated cases each); ``--chaos-full`` generates many more.
"""

from __future__ import annotations

import io
import json
import contextlib
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scout.cli import main
from scout.server.app import ServerSettings, create_app
from tests.chaos.test_bad_input import FULL
from tests.e2e.world import QUERY, ROOT

DEMO = ROOT / "examples" / "hotel-barcelona" / "cassette"
FILES = sorted(p.relative_to(DEMO).as_posix() for p in DEMO.rglob("*.json"))


def _settings(fast: int, full: int) -> Any:
    return settings(max_examples=full if FULL else fast, deadline=None,
                    derandomize=not FULL, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                    | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=8)
EVIL = {"__model__": "os:system", "data": {"command": "touch MARKER"}}


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, prefix + (i,))
    return out


def _set(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    doc[path[0]] = _set(doc[path[0]], path[1:], value)
    return doc


@pytest.mark.timeout(1800 if FULL else 300)
@_settings(fast=6, full=80)
@given(data=st.data())
def test_a_tampered_cassette_is_replayed_or_refused_never_a_crash(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory(prefix="scout-tamper-") as tmp:
        root = Path(tmp)
        shutil.copytree(ROOT / "config", root / "config")
        shutil.copytree(ROOT / "templates", root / "templates")
        cassette = root / "cassette"
        shutil.copytree(DEMO, cassette)
        name = data.draw(st.sampled_from(FILES), label="file")
        target = cassette / name
        how = data.draw(st.sampled_from(["value", "model", "bytes", "truncate"]), label="how")
        if how == "bytes":
            target.write_bytes(data.draw(st.binary(max_size=200), label="bytes"))
        elif how == "truncate":
            raw = target.read_bytes()
            target.write_bytes(raw[: data.draw(st.integers(0, max(0, len(raw) - 1)))])
        else:
            doc = json.loads(target.read_text())
            path = data.draw(st.sampled_from(_paths(doc)), label="path")
            doc = _set(doc, path, EVIL if how == "model" else data.draw(JSON, label="value"))
            target.write_text(json.dumps(doc))
        out, err = io.StringIO(), io.StringIO()
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("SCOUTE_RESEARCH_ROOT", str(root))
            mp.chdir(root)
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(["apply", str(ROOT / "pipelines/hotel_research.yaml"), "--query",
                             QUERY, "--mission-id", "tampered", "--progress", "none",
                             "--replay", str(cassette)])
        text = out.getvalue() + err.getvalue()
        assert not (root / "MARKER").exists()
        assert code in (0, 1, 2), text
        assert "Traceback" not in text and "internal error" not in text, text
        if code == 2:
            assert "USE060" in text and target.name in text, text


# --- planted symlinks, served by the API ----------------------------------------------


@pytest.fixture(scope="module")
def served_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real mission's root (the demo replay), made once."""
    root = tmp_path_factory.mktemp("served")
    shutil.copytree(ROOT / "config", root / "config")
    shutil.copytree(ROOT / "templates", root / "templates")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SCOUTE_RESEARCH_ROOT", str(root))
        mp.chdir(root)
        assert main(["apply", str(ROOT / "pipelines/hotel_research.yaml"), "--query", QUERY,
                     "--mission-id", "demo", "--progress", "none",
                     "--replay", str(DEMO)]) == 0
    return root


SECRET_TEXT = "OUTSIDE-THE-RUNS-DIR-6f1c9e"
URLS = ["/api/missions", "/api/missions/demo", "/api/missions/demo/journal",
        "/api/missions/demo/report", "/api/missions/demo/report?format=html"]


@pytest.mark.timeout(1800 if FULL else 300)
@_settings(fast=6, full=60)
@given(victim=st.sampled_from(["report.md", "report.html", "phase.json", "state.log.jsonl",
                               "task.json", "artifacts/candidates.json", "."]),
       target=st.sampled_from(["file", "dir", "fifo", "dangling", "etc"]))
def test_planted_symlinks_are_never_followed_out(served_root: Path, victim: str,
                                                 target: str) -> None:
    from starlette.testclient import TestClient

    with tempfile.TemporaryDirectory(prefix="scout-planted-") as tmp:
        root = Path(tmp) / "root"
        shutil.copytree(served_root, root, symlinks=True)
        outside = Path(tmp) / "outside"
        outside.mkdir()
        (outside / "secret.txt").write_text(SECRET_TEXT)
        import os

        if target == "fifo":
            os.mkfifo(outside / "pipe")
        dest = {"file": outside / "secret.txt", "dir": outside, "fifo": outside / "pipe",
                "dangling": outside / "missing", "etc": Path("/etc/passwd")}[target]
        run = root / "runs" / "demo"
        path = run if victim == "." else run / victim
        if victim == ".":
            shutil.copytree(run, outside / "demo")
            (outside / "demo" / "report.md").write_text(SECRET_TEXT)
            shutil.rmtree(run)
            path.symlink_to(outside / "demo")
        else:
            path.unlink(missing_ok=True)
            path.symlink_to(dest)
        client = TestClient(create_app(ServerSettings(root=root, runs_dir=root / "runs")),
                            base_url="http://127.0.0.1:8077")
        for url in URLS:
            r = client.get(url)
            assert r.status_code < 500, (victim, target, url, r.text)
            assert SECRET_TEXT not in r.text and "root:x:" not in r.text, (victim, url)


# --- rebinding Host headers -------------------------------------------------------------

LABEL = st.from_regex(r"[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?", fullmatch=True)
NAMES = st.lists(LABEL, min_size=1, max_size=4).map(".".join).filter(
    lambda h: h != "localhost" and not h.endswith(".localhost"))
PUBLIC_V4 = st.ip_addresses(v=4).filter(lambda a: not a.is_loopback).map(str)
PUBLIC_V6 = st.ip_addresses(v=6).filter(lambda a: not a.is_loopback).map(lambda a: f"[{a}]")
PORT = st.none() | st.integers(1, 65535)


@_settings(fast=25, full=400)
@given(host=NAMES | PUBLIC_V4 | PUBLIC_V6, port=PORT)
def test_rebinding_hosts_get_421(served_root: Path, host: str, port: int | None) -> None:
    from starlette.testclient import TestClient

    client = TestClient(create_app(ServerSettings(root=served_root,
                                                  runs_dir=served_root / "runs")),
                        base_url="http://127.0.0.1:8077")
    value = host if port is None else f"{host}:{port}"
    r = client.get("/api/missions/demo/report", headers={"Host": value})
    assert r.status_code == 421, (value, r.status_code)
    assert "Casa Bonay" not in r.text


@_settings(fast=10, full=100)
@given(host=st.sampled_from(["localhost", "LocalHost", "app.localhost", "[::1]"])
       | st.ip_addresses(v=4, network="127.0.0.0/8").map(str), port=PORT)
def test_loopback_hosts_are_served(served_root: Path, host: str, port: int | None) -> None:
    from starlette.testclient import TestClient

    client = TestClient(create_app(ServerSettings(root=served_root,
                                                  runs_dir=served_root / "runs")),
                        base_url="http://127.0.0.1:8077")
    value = host if port is None else f"{host}:{port}"
    assert client.get("/api/missions/demo", headers={"Host": value}).status_code == 200
