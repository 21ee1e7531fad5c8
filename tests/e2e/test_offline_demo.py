"""The committed demo cassette replays anywhere: no keys, no environment, no network."""

from __future__ import annotations

import json
import re
import shutil
import socket
from pathlib import Path
from typing import Any

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


@pytest.fixture
def demo_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project like the quick start's: the shipped config and templates, run from it."""
    shutil.copytree(ROOT / "config", tmp_path / "config")
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_replay_of_the_demo_cassette(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     no_network: None, demo_root: Path) -> None:
    import os

    # no environment at all but the project root demo_root points at
    for var in [k for k in os.environ if (k.startswith("SCOUTE_") or k.endswith("_API_KEY")
                or k in ("GOOGLE_CSE_ID", "SEARXNG_URL")) and k != "SCOUTE_RESEARCH_ROOT"]:
        monkeypatch.delenv(var)
    code = main(["apply", str(ROOT / "pipelines/hotel_research.yaml"), "--query", QUERY,
                 "--mission-id", "hotel-barcelona-demo", "--progress", "none",
                 "--replay", str(DEMO / "cassette")])
    assert code == 0
    run_dir = tmp_path / "runs" / "hotel-barcelona-demo"
    got = (run_dir / "report.md").read_text()
    # the cassette's manifest stamps its day (2026-12-01): the replay runs on that day, so
    # "already past (today is December 1, 2026)" reads the same whatever day this runs
    assert got == (DEMO / "report.md").read_text()
    assert json.loads((run_dir / "task.json").read_text())["task"]["today"] == "2026-12-01"
    assert "| 1 | Casa Bonay |" in got
    assert_true_provenance(got, run_dir)


def holders(run_dir: Path) -> dict[str, set[tuple[str, str]]]:
    """url → every (adapter, phase) an artifact record holding it names.

    A record without its own adapter or phase takes its enclosing record's adapter and
    the phase that produced the artifact (``producer`` in the artifact file)."""
    out: dict[str, set[tuple[str, str]]] = {}

    def walk(value: Any, adapter: str, phase: str) -> None:
        if isinstance(value, dict):
            adapter = value.get("adapter") if isinstance(value.get("adapter"), str) \
                and value.get("adapter") else adapter
            phase = value.get("phase") if isinstance(value.get("phase"), str) \
                and value.get("phase") else phase
            if isinstance(value.get("url"), str):
                out.setdefault(value["url"], set()).add((adapter, phase))
            for v in value.values():
                walk(v, adapter, phase)
        elif isinstance(value, list):
            for v in value:
                walk(v, adapter, phase)

    for path in sorted((run_dir / "artifacts").glob("*.json")):
        doc = json.loads(path.read_text())
        walk(doc["data"], "", doc.get("producer", ""))
    return out


def assert_true_provenance(md: str, run_dir: Path) -> None:
    """Each source is credited to an adapter and phase that an artifact holding it names,
    and to the synthesis phase only when no other artifact holds it."""
    rows = re.findall(r"^\d+\. \[.*?\]\((\S+?)\) — via (\S+), phase (\S+)$", md, re.M)
    assert rows
    found = holders(run_dir)
    synth = {p for p in json.loads((run_dir / "phase.json").read_text())["state"]["phases"]
             if (run_dir / "artifacts" / "synthesis.json").is_file()
             and json.loads((run_dir / "artifacts" / "synthesis.json").read_text())["producer"] == p}
    for url, adapter, phase in rows:
        assert (adapter, phase) in found.get(url, set()), (url, adapter, phase, found.get(url))
        others = {h for h in found[url] if h[1] not in synth}
        if others:
            assert phase not in synth, (url, adapter, phase, others)


def test_replay_miss_is_clear(demo_root: Path, no_network: None,
                              capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["apply", str(ROOT / "pipelines/hotel_research.yaml"), "--query",
                 "hotels in Lisbon under 100 EUR", "--progress", "none",
                 "--replay", str(DEMO / "cassette")])
    assert code == 1
    out = capsys.readouterr()
    assert "no recorded exchange" in out.out + out.err


def test_a_request_without_its_required_place_says_what_to_add(
        demo_root: Path, no_network: None, capsys: pytest.CaptureFixture[str]) -> None:
    """A request the kind cannot run without (no place) is refused before any phase
    runs, in its language, saying what to add and how: not a list of blocked phases."""
    code = main(["apply", str(ROOT / "pipelines/hotel_research.yaml"), "--query",
                 "hoteles baratos con buenas reseñas", "--progress", "none",
                 "--replay", str(DEMO / "cassette")])
    out = capsys.readouterr()
    assert code == 2 and out.out == ""
    lines = out.err.splitlines()
    assert lines[0].endswith("USE065: a la petición le falta lo que esta búsqueda necesita: "
                             "destino (ciudad o zona donde alojarte), p. ej. «en "
                             "Barcelona»"), lines
    assert lines[1] == ("  hint: añádelo a la petición, o fíjalo directamente con --set "
                        "destination=Barcelona")
    assert len(lines) == 2
