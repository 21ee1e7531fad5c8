"""A thread that wakes in the rate limiter after the run closed its HTTP clients sends
nothing and journals nothing (issue 13 §9): no bogus ``parse_error`` lines from a
"client has been closed" RuntimeError."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from scout.errors import Cancelled
from scout.adapters.contract import SearchRequest
from scout.providers.runtime import ProviderRuntime
from tests.fakes.providers import FakeProviders
from tests.integration.helpers import KEY_VARS, journal, write_config


def test_a_call_woken_after_close_is_not_journaled(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    for var in KEY_VARS:
        monkeypatch.delenv(var, raising=False)
    fake = FakeProviders()
    for k, v in fake.env().items():
        monkeypatch.setenv(k, v)
    config = write_config(tmp_path, {"web": ["duckduckgo"]},
                          {"duckduckgo": {"rate": {"per_minute": 1, "burst": 1}}})
    waiting, release = threading.Event(), threading.Event()

    def sleep(seconds: float) -> None:  # the limiter's wait: held until the test says
        waiting.set()
        release.wait(10)

    rt = ProviderRuntime(config, tmp_path, "m-close", sleep=sleep,
                         transport=fake.transport())
    gw = rt.gateway("F1", "web")
    gw.call(SearchRequest(query="hotels in Girona", limit=5))  # takes the only token
    errors: list[BaseException] = []

    def second() -> None:
        try:
            gw.call(SearchRequest(query="hotels in Lleida", limit=5))
        except BaseException as exc:  # noqa: BLE001 - inspected below
            errors.append(exc)

    t = threading.Thread(target=second)
    t.start()
    assert waiting.wait(10), "the second call never waited in the limiter"
    rt.close()  # Ctrl-C / end of run: clients closed while the thread sleeps
    release.set()
    t.join(10)
    lines = journal(tmp_path)
    assert [e["result"] for e in lines] == ["ok"], [
        (e["result"], (e["error"] or {}).get("kind")) for e in lines]
    assert len(errors) == 1 and isinstance(errors[0], Cancelled)
    assert len(fake.calls) == 1
