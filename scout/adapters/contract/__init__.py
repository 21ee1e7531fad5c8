"""The adapter contract: typed requests, replies, secrets and the Adapter base classes.

Every external call is ``adapter.call(request, credential) -> Reply``. The providers
layer (rate cap → cache → token pool → retry → adapter → journal + cost) wraps that one
method the same way for every adapter, so adapters themselves do no retrying, rate
limiting, caching or journaling.

Search adapters also offer the seed contract
``search(query, *, limit=10, **opts) -> list[Source]``.

The typed requests, one per capability, are :mod:`.requests` (re-exported here: this
package is the contract's one import path); ``http.py`` is the httpx client factory and
status mapping, ``redact.py`` the scrubbing, ``decoded.py`` reading a provider's body.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

import httpx
from pydantic import BaseModel, ConfigDict, Field

from scout.adapters.contract.requests import (
    REQUEST_TYPES,
    EmailRequest,
    EvidenceItem,
    FetchRequest,
    ImageSearchRequest,
    Request,
    SearchRequest,
    SubjectBrief,
    SynthesisRequest,
    ThumbnailRequest,
    TranscriptRequest,
    VideoSearchRequest,
)
from scout.config.baseurl import BAD_URL_HINT
from scout.config.settings import AdapterSettings, Capability
from scout.errors import ConfigError
from scout.schemas.sources import Page, Source, Synthesis, Transcript, Video

__all__ = [
    "CHARS_PER_TOKEN", "MESSAGE_OVERHEAD_TOKENS", "REQUEST_TYPES", "UNBOUNDED_OUTPUT_TOKENS",
    "Adapter", "ChainOutcome", "EmailAdapter", "EmailRequest", "EvidenceItem", "FetchRequest",
    "ImageSearchAdapter", "ImageSearchRequest", "LinkAttempt", "PageAdapter", "Reply",
    "Request", "SearchAdapter", "SearchRequest", "Secret", "SubjectBrief", "SynthesisAdapter",
    "SynthesisRequest", "ThumbnailAdapter", "ThumbnailRequest", "TranscriptAdapter",
    "TranscriptRequest", "Usage", "VideoAdapter", "VideoSearchRequest", "usage_bound",
]

T = TypeVar("T")


class Secret:
    """A credential value that cannot leak by accident.

    ``repr``/``str``/format show only the name; pickling and JSON encoding are refused.
    The value is read with :meth:`reveal`, only where a header or parameter is built.
    """

    __slots__ = ("name", "_value")

    def __init__(self, name: str, value: str) -> None:
        self.name = name
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return f"Secret({self.name!r})"

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return repr(self)

    def __reduce__(self) -> Any:
        raise TypeError("a Secret cannot be pickled")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other.name == self.name and other._value == self._value

    def __hash__(self) -> int:
        return hash(self.name)


class Usage(BaseModel):
    """What one call consumed, for cost: cost = usage x tariff (or what the provider reports)."""

    model_config = ConfigDict(extra="forbid")

    requests: int = 1
    credits: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    reported_usd: float | None = Field(
        default=None, description="cost the provider itself reported, when it does"
    )
    #: the part of a call of several requests whose price the provider did not report
    #: (a request refused before it was answered, a body without its cost) beside those
    #: whose price is ``reported_usd``: priced by the tariff and added to it, so a
    #: reported price never hides a request's fee
    unpriced: "Usage | None" = None


#: characters per token when a prompt's tokens are estimated before it is sent: English
#: prose averages about 4 with the current tokenizers, Spanish, numbers and URLs fewer, so
#: 3 errs high (the budget's hold is meant as an upper bound)
CHARS_PER_TOKEN = 3
#: tokens a chat request adds around its messages (roles, separators), per message
MESSAGE_OVERHEAD_TOKENS = 8
#: the output bound assumed when no ``max_tokens`` is sent (what ``scout plan`` assumes)
UNBOUNDED_OUTPUT_TOKENS = 800


def usage_bound(messages: list[str], max_tokens: int | None) -> Usage:
    """What one chat completion of these messages consumes at most, before it is sent:
    the prompt's tokens estimated from its length (:data:`CHARS_PER_TOKEN`), and the
    ``max_tokens`` the request sends as the output bound."""
    chars = sum(len(m) for m in messages)
    prompt = -(-chars // CHARS_PER_TOKEN) + MESSAGE_OVERHEAD_TOKENS * len(messages)
    return Usage(requests=1, input_tokens=prompt,
                 output_tokens=max_tokens if max_tokens is not None
                 else UNBOUNDED_OUTPUT_TOKENS)


@dataclass
class Reply(Generic[T]):
    """An adapter's answer: the typed value plus what the providers layer records."""

    value: T
    usage: Usage = field(default_factory=Usage)
    status: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)  # extra response summary fields

    @property
    def items(self) -> int:
        v = self.value
        return len(v) if isinstance(v, list) else (0 if v is None else 1)


class Adapter(ABC):
    """Base of every adapter. Subclasses set ``type_name`` and ``capability``."""

    type_name: ClassVar[str]
    capability: ClassVar[Capability]
    #: adapters that talk HTTP get an injected httpx.Client (tests use MockTransport)
    uses_http: ClassVar[bool] = True
    #: set by the providers runtime under ``--replay``: nothing will reach the network,
    #: so an adapter must not make lookups of its own (DNS for the SSRF guard)
    offline: bool = False

    def __init__(
        self, name: str, settings: AdapterSettings, client: httpx.Client | None = None
    ) -> None:
        self.name = name
        self.settings = settings
        self.client = client
        #: where the adapter reads settings-named variables other than its credential
        #: (e.g. Google's cx). The runtime sets it to its own environment, so preflight
        #: and the adapter agree, and a replay can hand out placeholders.
        self.env: Mapping[str, str] = os.environ

    @property
    def base_url(self) -> str | None:
        """The address the adapter calls; an address variable that is no provider's API
        (preflight says so first, CFG010) is refused here too, before anything is sent:
        a call made without preflight (a plug-in, a test harness) must not send the key
        to a metadata address either."""
        why = self.settings.env_url_problem(self.name, os.environ)
        if why is not None:
            raise ConfigError(f"adapter '{self.name}': {why}", code="CFG018",
                              hint=BAD_URL_HINT)
        url = self.settings.resolved_base_url(self.name)
        return url.rstrip("/") if url else None

    @abstractmethod
    def call(self, request: Request, credential: Secret | None = None) -> Reply[Any]:
        """Perform one request. Raise a ``ProviderError`` subclass on failure."""

    def estimate_usage(self, request: Request) -> Usage | None:
        """What ``request`` will consume at most, before it is sent: the budget holds its
        price against the mission's cap (scout.providers.cost.BudgetTracker). None: the
        adapter's typical usage (``scout.providers.cost.typical_usage``) stands in. An
        adapter whose price depends on the request (a chat model's prompt, a search's
        depth) says so here; nothing may leave the process."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"


class SearchAdapter(Adapter):
    capability: ClassVar[Capability] = "search"

    def search(
        self, query: str, *, limit: int = 10, credential: Secret | None = None, **opts: Any
    ) -> list[Source]:
        """Seed contract: one search, normalised Sources."""
        reply = self.call(SearchRequest(query=query, limit=limit, options=opts), credential)
        return reply.value

    def search_request(self, request: Request) -> SearchRequest:
        """``request`` as the SearchRequest a search adapter's ``call`` reads (``call``
        takes any Request, as the base class says); a TypeError for another kind."""
        if not isinstance(request, SearchRequest):
            raise TypeError(f"{self.name} handles SearchRequest, not {type(request).__name__}")
        return request


class VideoAdapter(Adapter):
    capability: ClassVar[Capability] = "videos"

    def videos(self, query: str, *, limit: int = 5) -> list[Video]:
        return self.call(VideoSearchRequest(query=query, limit=limit)).value


class TranscriptAdapter(Adapter):
    capability: ClassVar[Capability] = "transcripts"

    def transcript(self, video_id: str, *, languages: list[str] | None = None) -> Transcript:
        return self.call(TranscriptRequest(video_id=video_id, languages=languages)).value


class SynthesisAdapter(Adapter):
    capability: ClassVar[Capability] = "synthesize"

    def synthesize(self, request: SynthesisRequest, credential: Secret | None = None) -> Synthesis:
        return self.call(request, credential).value


class EmailAdapter(Adapter):
    capability: ClassVar[Capability] = "email"
    #: set by the providers runtime: False under --replay without --send, so the adapter
    #: answers "not sent" instead of delivering anything
    send_allowed: bool = True


class PageAdapter(Adapter):
    capability: ClassVar[Capability] = "fetch"


class ImageSearchAdapter(Adapter):
    capability: ClassVar[Capability] = "images"


class ThumbnailAdapter(Adapter):
    capability: ClassVar[Capability] = "thumbnail"

    def fetch(self, url: str) -> Page:
        return self.call(FetchRequest(url=url)).value


# --- what a failover chain returns (the providers layer fills these) ---------------


@dataclass
class LinkAttempt:
    """One chain link's part in a call: answered, failed, skipped or served from cache."""

    adapter: str
    result: str  # "ok" | "cache_hit" | "error" | "skipped" | "circuit_open" | "budget_exceeded"
    error: str | None = None  # ProviderError.kind when result == "error"
    message: str | None = None  # never contains a secret
    tries: int = 0
    token_name: str | None = None


@dataclass
class ChainOutcome(Generic[T]):
    """The answer of a chain: value, who answered, and every link's attempt record."""

    value: T
    answered_by: str
    chain: str | None = None
    links: list[LinkAttempt] = field(default_factory=list)
    cost_usd: float = 0.0
    from_cache: bool = False
    meta: dict[str, Any] = field(default_factory=dict)
