"""Fake adapters, a fake clock and config builders for the providers tests."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from scout.config.settings import AdapterSettings
from scout.config.adaptertypes import AdapterType
from scout.config.models import ChainLink, Config
from scout.adapters.contract import Adapter, Reply, Request, Secret
from scout.schemas.sources import Source

Outcome = BaseException | Reply[Any] | Callable[[Request, Secret | None], Reply[Any]]


class FakeClock:
    """Wall and monotonic time in one; ``sleep`` advances it and records the wait."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.t = start
        self.sleeps: list[float] = []
        self.lock = threading.Lock()

    def __call__(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        with self.lock:
            self.sleeps.append(seconds)
            self.t += seconds

    def advance(self, seconds: float) -> None:
        self.t += seconds


def sources(n: int, adapter: str = "fake") -> list[Source]:
    return [Source(title=f"r{i}", url=f"https://example.org/{i}", rank=i + 1, adapter=adapter)
            for i in range(n)]


class ScriptedAdapter(Adapter):
    """Plays a script of outcomes (exception to raise, Reply to return, or a callable);
    when the script runs out it answers ``default``."""

    type_name: ClassVar[str] = "fake_search"
    capability: ClassVar[str] = "search"  # type: ignore[assignment]
    uses_http: ClassVar[bool] = False

    def __init__(self, name: str, settings: AdapterSettings, client: Any = None,
                 script: Iterable[Outcome] = (), default: Outcome | None = None) -> None:
        super().__init__(name, settings, client)
        self.script = list(script)
        self.default = default if default is not None else Reply(sources(2, name), status=200)
        self.calls: list[tuple[Request, str | None]] = []
        self.lock = threading.Lock()

    def call(self, request: Request, credential: Secret | None = None) -> Reply[Any]:
        with self.lock:
            self.calls.append((request, credential.name if credential else None))
            outcome = self.script.pop(0) if self.script else self.default
        if isinstance(outcome, BaseException):
            raise outcome
        if callable(outcome):
            return outcome(request, credential)
        return outcome


FAKE_TYPES = [
    AdapterType("fake_search", "search", AdapterSettings, "tests.providers.fakes:ScriptedAdapter",
                False, "test adapter"),
    AdapterType("fake_json", "search", AdapterSettings,
                "tests.providers.json_adapter:JsonSearchAdapter", True, "HTTP test adapter"),
    AdapterType("fake_synth", "synthesize", AdapterSettings,
                "tests.providers.fakes:ScriptedAdapter", False, "test adapter"),
]


def settings(type_: str = "fake_search", **kw: Any) -> AdapterSettings:
    data: dict[str, Any] = {"type": type_, "retry": {"attempts": 3,
                            "backoff": {"initial": "1s", "factor": 2, "max": "30s"}}}
    data.update(kw)
    return AdapterSettings.model_validate(data)


def make_config(adapters: dict[str, AdapterSettings], chains: dict[str, list[str]],
                path: str = "config/adapters.yaml") -> Config:
    return Config(path, 8, adapters,
                  {n: tuple(ChainLink.parse(x) for x in links) for n, links in chains.items()})
