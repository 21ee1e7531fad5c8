"""The run's adapters: :class:`AdapterSet` builds each one once (with its own httpx
client, through record/replay when asked), calls it, and closes them all.

An error leaves :meth:`AdapterSet.invoke` with every known secret scrubbed (in any
encoding) from its message and hint, before anything journals, cuts, stores or prints it;
so does a reply, from every text of its value (a model server that repeats the key it was
sent in its answer would put it in the cache, the artifacts and the report).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import httpx

from scout.i18n import N_
from scout.adapters.contract import Adapter, EmailAdapter, Reply, Request, Secret
from scout.adapters.contract.http import make_client
from scout.adapters.contract.headwait import bound_transport
from scout.adapters.contract.redact import SecretScrubber, without_secrets
from scout.config.models import Config
from scout.config.settings import AdapterSettings
from scout.config.adaptertypes import ADAPTER_TYPES
from scout.errors import ConfigError, ScoutError, Unreachable
from scout.providers.cost import compute_cost, typical_usage
from scout.providers.credentials import Credentials
from scout.providers.record import Exchanges, RecordingTransport, ReplayTransport, ReplyStore

AdapterFactory = Callable[[str, AdapterSettings, "httpx.Client | None"], Adapter]

#: adapter types that replay runs live instead of from recordings: local computation, and
#: side effects that decide for themselves what a replay does (smtp sends nothing unless
#: --send; a recorded "sent" must never be replayed as if it had been sent again)
LOCAL_TYPES = frozenset({"extractive", "smtp"})


class AdapterSet:
    """Adapters by name, built on first use and closed with the run."""

    def __init__(self, config: Config, credentials: Credentials, secrets: SecretScrubber, *,
                 factory: AdapterFactory | None = None,
                 transport: httpx.BaseTransport | None = None,
                 exchanges: Exchanges | None = None, replaying: bool = False,
                 send: bool = False) -> None:
        self.config = config
        self.credentials = credentials
        self.secrets = secrets
        self.factory = factory
        self.base_transport = transport
        self.exchanges = exchanges
        self.replaying = replaying
        self.recording = exchanges is not None and not replaying
        #: --send: side-effect adapters (e-mail) deliver even under --replay
        self.send = send
        self.replies = ReplyStore(exchanges) if exchanges is not None else None
        #: adapter -> the first "cannot connect" error of the run (said once, not per call)
        self.unreachable: dict[str, str] = {}
        self._lock = threading.RLock()
        self._adapters: dict[str, Adapter] = {}
        self._clients: list[httpx.Client] = []

    def _transport(self) -> httpx.BaseTransport | None:
        if self.exchanges is not None and self.replaying:
            return ReplayTransport(self.exchanges)
        if self.exchanges is not None:
            inner = self.base_transport or httpx.HTTPTransport()
            bound_transport(inner)  # its sockets honour the head's bound (headwait)
            return RecordingTransport(inner, self.exchanges)
        return self.base_transport

    def _client(self, settings: AdapterSettings) -> httpx.Client:
        client = make_client(settings, transport=self._transport())
        self._clients.append(client)
        return client

    def get(self, name: str) -> Adapter:
        """The adapter named ``name`` in config/adapters.yaml (built once)."""
        with self._lock:
            if name in self._adapters:
                return self._adapters[name]
            settings = self.config.adapters[name]
            if self.factory is not None:
                adapter = self.factory(name, settings, self._client(settings))
            else:
                try:
                    cls = ADAPTER_TYPES[settings.type].load()
                except (ImportError, AttributeError) as exc:
                    raise ConfigError(
                        f"adapter '{name}' (type {settings.type}) cannot be loaded: "
                        f"{type(exc).__name__}: {exc}", code="CFG017",
                        hint=N_("is the package that provides {impl} installed?").format(
                            impl=ADAPTER_TYPES[settings.type].impl)) from exc
                client = self._client(settings) if getattr(cls, "uses_http", True) else None
                adapter = cls(name, settings, client)
            adapter.env = self.credentials.adapter_env(name)
            adapter.offline = self.replaying
            if isinstance(adapter, EmailAdapter):
                adapter.send_allowed = not self.replaying or self.send
            self._adapters[name] = adapter
            return adapter

    def _reply_level(self, adapter: Adapter) -> bool:
        return (not getattr(adapter, "uses_http", True)
                and adapter.settings.type not in LOCAL_TYPES)

    def invoke(self, adapter: Adapter, request: Request, secret: Secret | None) -> Reply[Any]:
        """One adapter call; reply-level record/replay for adapters outside our client."""
        try:
            if self.replies is not None and self._reply_level(adapter):
                if self.replaying:
                    return self._clean(self.replies.load(adapter.name, request,
                                                          adapter.settings.type))
                reply = self._clean(adapter.call(request, secret))
                self.replies.save(adapter.name, request, reply)
                return reply
            return self._clean(adapter.call(request, secret))
        except ScoutError as exc:
            if isinstance(exc, Unreachable):
                with self._lock:
                    self.unreachable.setdefault(adapter.name, self.secrets.text(exc.message))
            exc.message = self.secrets.text(exc.message)
            exc.args = (exc.message,)
            if exc.hint:
                exc.hint = self.secrets.text(exc.hint)
            raise

    def _clean(self, reply: Reply[Any]) -> Reply[Any]:
        """``reply`` with no known secret in its value (:func:`without_secrets`)."""
        reply.value = without_secrets(reply.value, self.secrets)
        return reply

    def paid_estimate(self, adapter: str) -> float | None:
        """What one request to ``adapter`` typically costs (USD), or None when it is
        free (no tariff) or nothing leaves (a replay): paid requests get a 'sent' line."""
        if self.replaying:
            return None
        settings = self.config.adapters[adapter]
        usd = compute_cost(typical_usage(settings), settings.tariff).usd
        return usd if usd > 0 else None

    def estimate(self, adapter: str, request: Request) -> float:
        """What this request to ``adapter`` is estimated to cost at most (USD; 0: free),
        for the budget's hold before it leaves: the adapter's own estimate of the request
        (``Adapter.estimate_usage``: a chat model's prompt and ``max_tokens``, a search's
        depth), else its typical usage, priced by its tariff. A replay holds the same
        amounts as the run it replays, so it stops where that run would."""
        settings = self.config.adapters[adapter]
        built = self.get(adapter)
        try:
            usage = built.estimate_usage(request)
        except Exception:  # an estimate that cannot be made: the typical usage stands in
            usage = None
        usage = (usage or typical_usage(settings)).model_copy(update={"reported_usd": None})
        return max(0.0, compute_cost(usage, settings.tariff).usd)

    def close(self) -> None:
        with self._lock:
            for c in self._clients:
                c.close()
            self._clients.clear()
            for a in self._adapters.values():
                closer = getattr(a, "close", None)
                if callable(closer):
                    try:
                        closer()
                    except Exception:  # closing must not mask the run's own result
                        pass
            self._adapters.clear()
