"""Record the web chain against the fake server, then replay it with no server and no keys.

``web: [tavily, duckduckgo, google]`` through the real runtime and adapters: Tavily's key
travels in a header, Google's key and engine id (cx) in the query string. The recording
must hold no key (nor the engine id), and a replay — server stopped, every key variable unset — must take the
same path through the chain and give the same answers (DESIGN: "replay needs no keys").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.adapters.contract import SearchRequest
from scout.providers.runtime import ProviderRuntime
from tests.fakes.providers import FakeProviders
from tests.fakes.server import FakeServer
from tests.integration.helpers import KEY_VARS, find_leaks, journal, steps, write_config
from tests.providers.fakes import FakeClock

ROWS = [("Hotel Arts Barcelona", "https://www.hotelartsbarcelona.com/", "On the beach."),
        ("Casa Fuster", "https://www.hotelcasafuster.com/en/", "Modernista landmark.")]
GOOGLE_ROWS = [("Hotel Brummell", "https://www.hotelbrummell.com/", "Poble Sec boutique.")]
QUERIES = ["hotels in Barcelona", "hotels in Girona"]


def run_chain(root: Path, **kw: object) -> list[tuple[str, list[str]]]:
    clock = FakeClock()
    config = write_config(root, {"web": ["tavily", "duckduckgo", "google"]})
    out = []
    with ProviderRuntime(config, root, "m-rec", clock=clock, sleep=clock.sleep,
                         **kw) as rt:  # type: ignore[arg-type]
        gw = rt.gateway("F1", "web")
        for q in QUERIES:
            outcome = gw.call(SearchRequest(query=q, limit=5))
            out.append((outcome.answered_by, [s.url for s in outcome.value]))
    return out


@pytest.mark.parametrize("replay_cx", [None, "another-engine-id-42"])
def test_record_then_replay_without_server_or_keys(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   replay_cx: str | None) -> None:
    rec = tmp_path / "rec"
    with FakeServer() as srv:
        fake = FakeProviders(srv)
        for name, value in fake.env().items():
            monkeypatch.setenv(name, value)
        fake.fail("tavily", 500, times=100)
        fake.set_results("hotels in Barcelona", ROWS)
        fake.set_results("hotels in Girona", GOOGLE_ROWS, provider="google")
        fake.challenge("hotels in Girona")
        recorded = run_chain(tmp_path / "r1", record_dir=rec)
        secrets = [fake.keys["tavily"], fake.keys["google"], fake.cx]
        assert [e.query["cx"] for e in srv.requests_to("/customsearch/")] == [[fake.cx]]
    assert recorded == [
        ("duckduckgo", ["https://www.hotelartsbarcelona.com/",
                        "https://www.hotelcasafuster.com/en"]),
        ("google", ["https://www.hotelbrummell.com/"])]
    assert find_leaks(secrets, [rec, tmp_path / "r1" / "runtime"]) == {}

    # replay: the server is gone and no key, engine id or pool is set
    for var in KEY_VARS:
        monkeypatch.delenv(var, raising=False)
    if replay_cx is not None:  # a different engine id at replay time matches as well
        monkeypatch.setenv("GOOGLE_CSE_ID", replay_cx)
    replayed = run_chain(tmp_path / "r2", replay_dir=rec)
    assert replayed == recorded
    assert steps(journal(tmp_path / "r2")) == steps(journal(tmp_path / "r1"))
