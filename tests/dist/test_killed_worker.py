"""A worker process killed (SIGKILL) while its item's paid call is in flight: Dask
reschedules the item, the mission completes, and every call the provider received is in
the journal — answered, or *in doubt* (its ``sent`` line with no answer in the dead
worker's own journal stream)."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="the dist extra is not installed "
                    "(pip install 'scout[dist]')")

from scout import api  # noqa: E402
from scout.providers.hook import ProviderOptions  # noqa: E402
from scout.providers.in_doubt import in_doubt_of, scan_in_doubt  # noqa: E402
from scout.providers.journal import iter_journal, journal_streams  # noqa: E402
from tests.dist.cluster import apply, config, pipeline  # noqa: E402
from tests.fakes.providers import FakeProviders  # noqa: E402
from tests.fakes.server import FakeServer  # noqa: E402

TAVILY = """
adapters:
  tavily:
    type: tavily
    base_url: {url}
    credentials: {{env: TAVILY_API_KEY}}
    include_usage: true
    tariff: {{per_credit: 0.008, as_of: "2026", source: test}}
chains:
  web: [tavily]
"""

SEARCH = """
phases:
  L: {uses: STEPS:items, with: {n: 6}, produces: [things]}
  S: {uses: search, needs: [things], for_each: things, as: item, chain: web,
      with: {query: "q{{ item.n }}", limit: 3}, produces: [found]}
"""


def _hanging_worker(runtime: Path) -> int | None:
    """The pid of the one worker whose journal stream has a call sent and not answered
    (its name is request_journal@<host>-<pid>.jsonl)."""
    hanging = []
    for stream in journal_streams(runtime):
        if stream and "@" in stream[-1].name:
            entries = [json.loads(x) for f in stream for x in f.read_text().splitlines() if x]
            if in_doubt_of(entries).calls:
                hanging.append(int(stream[-1].name.rsplit("-", 1)[1].split(".")[0]))
    return hanging[0] if len(hanging) == 1 else None


def test_killed_worker_mission_completes_every_paid_call_accounted(tmp_path: Path) -> None:
    with FakeServer() as srv:
        fake = FakeProviders(srv)
        fake.slow("q2", 30.0)  # item 2's call hangs at the provider until its worker dies
        config(tmp_path, "{kind: dask, address: 'local:2'}", TAVILY.format(url=srv.url))
        p = pipeline(tmp_path, SEARCH)
        out: dict = {}

        def run() -> None:
            out["result"] = apply(tmp_path, p, provider_options=ProviderOptions(
                env={"TAVILY_API_KEY": fake.keys["tavily"]}))

        t = threading.Thread(target=run)
        t.start()
        deadline = time.monotonic() + 40
        victim = None
        while time.monotonic() < deadline and victim is None:
            # every other item answered, item 2 hangs: one worker has a call in flight
            if len(fake.queries("tavily")) == 6:
                victim = _hanging_worker(tmp_path / "runtime")
            time.sleep(0.05)
        assert victim is not None and victim != os.getpid(), "item 2 never reached the provider"
        with fake._lock:  # noqa: SLF001 - the retry on another worker answers at once
            fake.delays.clear()
        os.kill(victim, signal.SIGKILL)
        t.join(60)
        assert not t.is_alive()

    result = out["result"]
    assert result.exit_code == 0, result.reason
    state = api.status("m1", runs_dir=tmp_path / "runs")
    assert state.phases["S"].status == "succeeded"
    assert state.phases["S"].answered_by == {"tavily": 6}

    runtime = tmp_path / "runtime"
    assert len(journal_streams(runtime)) >= 2  # one stream per worker process
    entries = [e for e in iter_journal(runtime) if e.get("adapter") == "tavily"]
    answered = [e for e in entries if e.get("result") == "ok"]
    doubt = scan_in_doubt(runtime)
    received = fake.queries("tavily")
    assert len(received) == 7  # six items + the one cut off by the kill
    assert len(answered) + doubt.calls == len(received)
    assert doubt.calls == 1 and doubt.lines[0]["phase"] == "S"
    assert doubt.usd > 0  # priced as an estimate, never as free
