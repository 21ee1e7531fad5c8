"""The committed demo cassette replays anywhere: no keys, no environment, no network."""

from __future__ import annotations

import shutil
import socket
from pathlib import Path

import pytest

from scout.cli import main
from tests.e2e.world import QUERY, ROOT

DEMO = ROOT / "examples" / "hotel-barcelona"


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*a, **k):
        raise OSError("network access in an offline replay")

    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setattr(socket.socket, "connect", refuse)


def test_replay_of_the_demo_cassette(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     no_network: None) -> None:
    import os

    for var in [k for k in os.environ if k.startswith("SCOUTE_") or k.endswith("_API_KEY")
                or k in ("GOOGLE_CSE_ID", "SEARXNG_URL")]:
        monkeypatch.delenv(var)
    shutil.copytree(ROOT / "config", tmp_path / "config")
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    code = main(["apply", str(ROOT / "pipelines/hotel_research.yaml"), "--query", QUERY,
                 "--mission-id", "hotel-barcelona-demo", "--progress", "none",
                 "--replay", str(DEMO / "cassette")])
    assert code == 0
    got = (tmp_path / "runs" / "hotel-barcelona-demo" / "report.md").read_text()
    assert got == (DEMO / "report.md").read_text()
    assert "| 1 | Casa Bonay |" in got


def test_replay_miss_is_clear(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                              no_network: None, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(ROOT / "config", tmp_path / "config")
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    code = main(["apply", str(ROOT / "pipelines/hotel_research.yaml"), "--query",
                 "hotels in Lisbon under 100 EUR", "--progress", "none",
                 "--replay", str(DEMO / "cassette")])
    assert code == 1
    out = capsys.readouterr()
    assert "no recorded exchange" in out.out + out.err
