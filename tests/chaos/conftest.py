"""Chaos suite fixtures: the fast variant runs in CI; ``--chaos-full`` (or
``SCOUT_CHAOS_FULL=1``) runs the long one (100 kills, many more generated inputs).

Helpers shared by the tests: a world of N hotels with (scaled) provider latencies, the
server log attributed to adapters and request keys, the journal read strictly, and the
run-directory invariants checked after every kill.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.world import World, build_world, latency, make_hotels
from tests.fakes.server import FakeServer, LogEntry

KEY_VARS = ("TAVILY_API_KEY", "PERPLEXITY_API_KEY", "GOOGLE_API_KEY", "GOOGLE_CSE_ID",
            "BRAVE_API_KEY", "SEARXNG_URL", "SCOUTE_CONFIG", "SCOUTE_RUNS_DIR")


@pytest.fixture(scope="session")
def chaos_full(pytestconfig: pytest.Config) -> bool:
    return bool(pytestconfig.getoption("--chaos-full")) or \
        os.environ.get("SCOUT_CHAOS_FULL") == "1"


@pytest.fixture
def make_world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``make_world(hotels=8, latency_scale=0.1, **root_options)``: a fake world on a
    running server, the environment pointed at it (keys, base URLs, the root)."""
    servers: list[FakeServer] = []

    def make(hotels: int = 8, latency_scale: float | None = 0.1, seed: int = 0,
             **root_options: Any) -> World:
        srv = FakeServer().start()
        servers.append(srv)
        world = build_world(tmp_path / f"w{len(servers)}", srv, hotels=make_hotels(hotels),
                            root_options=root_options)
        if latency_scale:
            latency(world, seed=seed, scale=latency_scale)
        for key in KEY_VARS:
            monkeypatch.delenv(key, raising=False)
        for k, v in world.env().items():
            monkeypatch.setenv(k, v)
        monkeypatch.chdir(world.root)
        return world

    yield make
    for srv in servers:
        srv.stop()


# --- the server log, attributed --------------------------------------------------------


@dataclass
class Hit:
    adapter: str
    key: str  # the query (search), the page path, or "synthesis"
    entry: LogEntry

    @property
    def outcome(self) -> str:
        """ok | timeout | reset | truncate | challenge | <status code>."""
        e = self.entry
        if e.fault is None:
            return "ok" if e.status == 200 else str(e.status)
        if e.fault == "status":
            return str(e.status)
        if e.fault == "body":
            return "challenge"
        return e.fault


def attribute(entry: LogEntry) -> Hit | None:
    if entry.method == "POST" and entry.path == "/search":
        return Hit("tavily", str((entry.json() or {}).get("query")), entry)
    if entry.path.startswith(("/lite", "/html")):
        return Hit("duckduckgo", (entry.query.get("q") or [""])[0], entry)
    if entry.path.startswith("/customsearch"):
        if entry.query.get("searchType") == ["image"]:
            return None  # google_images (the optional photos phase), not a storm subject
        return Hit("google", (entry.query.get("q") or [""])[0], entry)
    if entry.path.startswith("/chat/completions"):
        return Hit("perplexity", "synthesis", entry)
    if entry.path.startswith("/pages/"):
        return Hit("page", entry.path, entry)
    return None


def server_hits(server: FakeServer, since: float = 0.0) -> list[Hit]:
    with server.lock:
        log = [e for e in server.log if e.at >= since]
    return [h for h in (attribute(e) for e in log) if h is not None]


def journal_key(entry: dict[str, Any]) -> str:
    """The request key of a journal line, as :func:`attribute` keys the server's."""
    req = entry.get("request") or {}
    if entry["adapter"] == "perplexity":
        return "synthesis"
    if entry["adapter"] == "page":
        return "/" + str(req.get("url", "")).split("/", 3)[-1]
    return str(req.get("query"))


# --- strict readers --------------------------------------------------------------------


def journal_strict(root: Path) -> list[dict[str, Any]]:
    """Every journal line; fails on a line that does not parse (a kill cannot tear one:
    each line is one write(2))."""
    from scout.providers.journal import read_journal

    read = read_journal(root / "runtime")
    assert not read.torn, f"torn journal lines: {read.torn}"
    return read.entries


def check_run_dir(run_dir: Path) -> dict[str, int]:
    """After a kill: every artifact, phase.json, task.json, lock.json and state-log line
    parses; returns counts for the caller's messages."""
    counts = {"artifacts": 0, "log_lines": 0}
    if not run_dir.exists():
        return counts
    for f in sorted((run_dir / "artifacts").glob("*.json")) if \
            (run_dir / "artifacts").exists() else []:
        doc = json.loads(f.read_text())
        assert {"schema", "hash", "data"} <= set(doc), f"{f.name}: not an artifact envelope"
        counts["artifacts"] += 1
    for name in ("phase.json", "task.json", "lock.json"):
        if (run_dir / name).exists():
            json.loads((run_dir / name).read_text())
    log = run_dir / "state.log.jsonl"
    if log.exists():
        data = log.read_bytes()
        assert not data or data.endswith(b"\n"), "the state log ends in a torn line"
        for n, line in enumerate(data.splitlines(), 1):
            json.loads(line)
            counts["log_lines"] = n
    return counts


def pytest_configure(config: pytest.Config) -> None:
    # module-level Hypothesis settings read the env var: make --chaos-full set it
    if config.getoption("--chaos-full", default=False):
        os.environ["SCOUT_CHAOS_FULL"] = "1"
