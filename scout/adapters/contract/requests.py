"""The adapter contract's typed requests: one model per capability (search, videos,
transcripts, synthesize, fetch, email, images, thumbnail), what a synthesis is handed
(:class:`EvidenceItem`, :class:`SubjectBrief`), and :data:`REQUEST_TYPES` by capability.

A request's dump is the reply cache's and the replay cassettes' key, so a field added
to one is left out while unset (``omit_unset``): recorded answers still match. Import
them from :mod:`scout.adapters.contract`, the contract's one path.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from scout.config.settings import Capability
from scout.schemas.omit import omit_unset
from scout.schemas.task import Money


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
    cost_per: str | None = Field(
        default=None, description="what ``cost`` is for, a period or total ('month': a "
        "yearly estimate divided by 12), as the ranking declares it; None: not said")
    bundle: int | None = Field(
        default=None, description="how many of the kind's unit ``price`` is for (an 8-GPU "
        "instance: 8), ``price_checked`` being one's (rank's bundle)")
    extras_added: float | None = Field(
        default=None, description="what extras its page states (a collection fee asked for) "
        "added to ``price_checked``, in its currency: a rate per a measure times the "
        "quantity asked is said as that quantity plus them")
    is_video: bool = Field(
        default=False, description="a video itself (a talk, a tutorial), not a thing it shows")
    unchecked: list[str] = Field(
        default_factory=list, description="what the ranking could not check of it, as its "
        "flags say ('could not check: capacity'): kept, not known to fit")

    page_flags: list[str] = Field(
        default_factory=list, description="what its own page says a reader must know, in the "
        "request's language ('postponed, its own page says: check the new date', 'only on "
        "pre-order…'): kept, said beside it")
    offers: list[str] = Field(
        default_factory=list, description="the listings of the two or more shops that sell "
        "it, cheapest first: their prices are offers (``price`` the cheapest), not sources "
        "that disagree")
    # the request dump is the reply cache's key: a subject that is no video, sold by no
    # two shops and checked in full dumps as before, so recorded cassettes and cached answers still match
    _omit = omit_unset("cost", "cost_per", "bundle", "extras_added", "is_video", "offers", "unchecked",
                       "page_flags")


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
    money_label: str = Field(
        default="", description="what the money the prices are held to is called, where it "
        "is no budget: the label of the input it was given to when that is not the kind's "
        "first money input (a cap on a rate: 'precio máximo por kWh'); empty for a budget")
    prices_unread: bool = Field(
        default=False, description="the ranking read no price nor any amount of money a "
        "record states (rank's Shortlist.prices_unread): the request's money is no budget "
        "(a mortgage's loan amount), so no note says one could not be checked")
    # left out while empty: the requests of kinds that declare none dump as before
    _omit = omit_unset("input_aliases", "input_synonyms", "rating_scale", "kind_nouns",
                       "money_label", "prices_unread")


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
