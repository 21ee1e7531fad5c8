"""With no network, a live run says so once per adapter, with what to do (issue 13 §9),
instead of repeating the same connection error for every retry and waiting phase."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from scout.cli import main
from tests.e2e.world import ROOT, make_root


@pytest.fixture
def offline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    def refuse(*a: object, **k: object) -> None:
        raise OSError(101, "Network is unreachable")

    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setattr(socket.socket, "connect", refuse)
    for var in [k for k in os.environ if k.startswith("SCOUTE_") or k.endswith("_API_KEY")
                or k in ("GOOGLE_CSE_ID", "SEARXNG_URL")]:
        monkeypatch.delenv(var)
    make_root(tmp_path / "root")
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path / "root"))
    monkeypatch.chdir(tmp_path / "root")
    return tmp_path / "root"


def test_offline_run_says_it_once_per_adapter_with_a_hint(
        offline: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["apply", str(ROOT / "pipelines/hotel_research.yaml"), "--query",
                 "hotels in Lisbon for October 2026 under 150 EUR", "--progress", "plain"])
    out = capsys.readouterr()
    assert code == 1
    said = [line for line in out.err.splitlines() if "could not be reached" in line]
    assert len(said) == 1 and said[0].startswith("error: duckduckgo"), out.err
    assert "check the network connection" in said[0] and "--replay DIR" in said[0]
    # the connection error itself: in the failing phase's progress line, in the reason
    # the mission stops, and in the message above — not for every retry and every phase
    # waiting on it
    assert out.err.count("connection failed") <= 3, out.err
    assert "Traceback" not in out.err and "internal error" not in out.err
