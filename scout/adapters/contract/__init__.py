"""The adapter contract: typed requests, replies, secrets and the Adapter base classes.

Every external call is ``adapter.call(request, credential) -> Reply``. The providers
layer (rate cap → cache → token pool → retry → adapter → journal + cost) wraps that one
method the same way for every adapter, so adapters themselves do no retrying, rate
limiting, caching or journaling.

Search adapters also offer the seed contract
``search(query, *, limit=10, **opts) -> list[Source]``.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

import httpx
from pydantic import BaseModel, ConfigDict, Field

from scout.config.settings import AdapterSettings, Capability
from scout.schemas.omit import omit_unset
from scout.schemas.sources import Page, Source, Synthesis, Transcript, Video
from scout.schemas.task import Money

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


class Request(BaseModel):
    """Base of typed requests. ``redact`` lists free-text fields journaled as keywords only."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    action: ClassVar[Capability]
    redact: ClassVar[frozenset[str]] = frozenset()
    #: fields of THIS request that carry the user's free input (decided where the text
    #: was rendered, ``scout.steps.freetext``): journaled as keywords like ``redact``.
    #: Not part of the request's identity (excluded from dumps: cache and replay keys).
    free_fields: frozenset[str] = Field(default=frozenset(), exclude=True)


class SearchRequest(Request):
    action: ClassVar[Capability] = "search"

    query: str
    limit: int = Field(default=10, ge=1, le=100)
    options: dict[str, str | int | float | bool] = Field(default_factory=dict)


class VideoSearchRequest(Request):
    action: ClassVar[Capability] = "videos"

    query: str
    limit: int = Field(default=5, ge=1, le=100)


class TranscriptRequest(Request):
    action: ClassVar[Capability] = "transcripts"

    video_id: str
    languages: list[str] | None = None


class EvidenceItem(BaseModel):
    """A piece of evidence handed to a synthesis adapter."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    url: str
    title: str = ""
    text: str = ""
    subject: str | None = Field(default=None, description="candidate it is about, if any")
    # typed facts the evidence stated (the keyless synthesis reasons with them)
    kind: str | None = None
    rating: float | None = Field(default=None, description="0-10")
    rating_scale: float | None = Field(default=None, description="the scale the source used")
    rating_count: int | None = None
    price: Money | None = None
    published: str | None = None
    retrieved_at: str | None = Field(default=None, description="ISO 8601")
    _omit = omit_unset("rating_scale")  # cassettes and cache keys of 0-10 ratings unchanged


class SubjectBrief(BaseModel):
    """A candidate as the synthesis sees it: the values the constraint check used."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str
    name: str
    rank: int | None = Field(default=None, description="shortlist position; None: excluded")
    excluded: list[str] = Field(default_factory=list, description="why it was left out")
    rating: float | None = None
    rating_count: int | None = None
    price: Money | None = Field(default=None, description="as stated")
    price_checked: Money | None = Field(
        default=None, description="in the budget's currency, when it was converted")
    cost: float | None = Field(
        default=None, description="the amount the ranking compared it by, in price_checked's "
        "currency (a set's price for the quantity asked, a group's shared by the people): "
        "what 'cheapest' means; set only where the kind's arithmetic changed some amount")
    is_video: bool = Field(
        default=False, description="a video itself (a talk, a tutorial), not a thing it shows")
    unchecked: list[str] = Field(
        default_factory=list, description="what the ranking could not check of it, as its "
        "flags say ('could not check: capacity'): kept, not known to fit")

    offers: list[str] = Field(
        default_factory=list, description="the listings of the two or more shops that sell "
        "it, cheapest first: their prices are offers (``price`` the cheapest), not sources "
        "that disagree")
    # the request dump is the reply cache's key: a subject that is no video, sold by no
    # two shops and checked in full dumps as before, so recorded cassettes and cached answers still match
    _omit = omit_unset("cost", "is_video", "offers", "unchecked")


class SynthesisRequest(Request):
    action: ClassVar[Capability] = "synthesize"
    redact: ClassVar[frozenset[str]] = frozenset({"question", "evidence", "task", "subjects"})

    question: str
    task: dict[str, Any] = Field(default_factory=dict)
    candidates: list[str] = Field(default_factory=list)
    evidence: list[EvidenceItem] = Field(default_factory=list)
    context_budget_chars: int | None = None
    lang: str = Field(default="en", description="language to answer in (Task.lang)")
    task_types: dict[str, str] = Field(default_factory=dict, description="Task input types")
    subjects: list[SubjectBrief] = Field(
        default_factory=list, description="shortlisted candidates first, then excluded")
    input_aliases: dict[str, list[str]] = Field(
        default_factory=dict, description="other words naming each input, as the pipeline "
        "declares them (its aliases: online → remote, virtual)")
    input_synonyms: dict[str, dict[str, list[str]]] = Field(
        default_factory=dict, description="per input, other words for each enum value "
        "(language: {english: [inglés]})")
    rating_scale: int = Field(
        default=10, description="the scale the kind's ratings are shown on (Task."
        "rating_scale: 5, 10, 100); ratings stay 0-10")
    kind_nouns: list[str] = Field(
        default_factory=list, description="what the kind calls what it finds (its nouns: "
        "trail, walk, ruta): the thing itself, never an aspect of it")
    # left out while empty: the requests of kinds that declare none dump as before
    _omit = omit_unset("input_aliases", "input_synonyms", "rating_scale", "kind_nouns")


class FetchRequest(Request):
    action: ClassVar[Capability] = "fetch"

    url: str


class EmailRequest(Request):
    """Deliver one prepared message (an RFC 5322 file the email step wrote in the run
    dir). The request carries no address: the journal sees the file, the delivery key
    and the recipients' domains only."""

    action: ClassVar[Capability] = "email"

    message: str = Field(description="path of the .eml file to send")
    key: str = Field(description="delivery key: the same report to the same people")
    recipient_domains: list[str] = Field(default_factory=list)


class ImageSearchRequest(Request):
    """Photos for a query: each answer names the image, the page it appears on and the
    site (``uses: images``)."""

    action: ClassVar[Capability] = "images"

    query: str
    limit: int = Field(default=6, ge=1, le=50)
    options: dict[str, str | int | float | bool] = Field(default_factory=dict)


class ThumbnailRequest(Request):
    """Fetch one image through the SSRF guard and re-encode it small (``uses: images``
    with ``download: true``)."""

    action: ClassVar[Capability] = "thumbnail"

    url: str
    max_side: int = Field(default=320, ge=32, le=1024)


REQUEST_TYPES: dict[str, type[Request]] = {
    "search": SearchRequest,
    "videos": VideoSearchRequest,
    "transcripts": TranscriptRequest,
    "synthesize": SynthesisRequest,
    "fetch": FetchRequest,
    "email": EmailRequest,
    "images": ImageSearchRequest,
    "thumbnail": ThumbnailRequest,
}


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
