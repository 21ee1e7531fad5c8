"""What adapters return: search results, videos, transcripts, pages and syntheses.

Adapters never return raw provider JSON: they map it to these models here, so every
step and template sees one shape whatever provider answered.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from scout.schemas.base import ArtifactModel
from scout.schemas.omit import omit_unset


def _now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


class Source(BaseModel):
    """One search result, normalised. ``url`` is the final target, canonicalised."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    title: str
    url: str
    snippet: str = ""
    rank: int = Field(default=0, ge=0, description="1-based position in the answer")
    adapter: str = ""
    published: str | None = Field(default=None, description="date as the provider gave it")
    retrieved_at: dt.datetime = Field(default_factory=_now)
    score: float | None = None
    meta: dict[str, Any] = Field(default_factory=dict)


class Video(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    id: str
    url: str
    title: str = ""
    channel: str | None = None
    duration: float | None = Field(default=None, description="seconds")
    view_count: int | None = None
    upload_date: str | None = Field(default=None, description="YYYY-MM-DD when known")
    adapter: str = ""


class Segment(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    text: str
    start: float
    duration: float = 0.0


TranscriptStatus = Literal["ok", "disabled", "not_found", "unavailable", "error"]


class Transcript(BaseModel):
    """A video's transcript, or the per-item reason it has none (not a crash)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    video_id: str
    status: TranscriptStatus = "ok"
    reason: str | None = None
    language: str | None = None
    language_code: str | None = None
    is_generated: bool | None = None
    translated_from: str | None = None
    segments: list[Segment] = Field(default_factory=list)
    adapter: str = ""


class Page(BaseModel):
    """What the page adapter extracted from one fetched page."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    url: str
    final_url: str
    status: int = 200
    content_type: str = ""
    title: str | None = None
    jsonld: list[dict[str, Any]] = Field(default_factory=list)
    microdata: list[dict[str, Any]] = Field(
        default_factory=list, description="schema.org microdata items, shaped like JSON-LD")
    opengraph: dict[str, str] = Field(default_factory=dict)
    text: str = ""
    # Normalised facts pulled out of JSON-LD (kept separate so templates need no digging)
    name: str | None = None
    rating: float | None = Field(default=None, description="normalised to 0-10")
    rating_count: int | None = None
    price_range: str | None = None
    address: str | None = None
    event_status: str | None = Field(
        default=None, description="an event's status other than scheduled: cancelled, "
        "postponed, rescheduled, moved online")
    valid_through: str | None = Field(
        default=None, description="YYYY-MM-DD: the last day it is offered (a job posting)")
    availability: str | None = Field(
        default=None, description="what its offers say when it cannot be had as usual: sold "
        "out, out of stock, discontinued, pre-order, back order, limited availability")
    event_end: str | None = Field(
        default=None, description="YYYY-MM-DD: the last day its event takes place")
    truncated: bool = Field(default=False, description="the body was cut at max_bytes")
    adapter: str = ""
    # a page saying neither dumps as before: stored replies and cassettes stay byte-identical
    _omit = omit_unset("event_status", "valid_through", "availability", "event_end")


class Citation(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    index: int = Field(ge=1)
    url: str
    title: str = ""


class SynthesisSentence(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    text: str
    citations: list[int] = Field(default_factory=list, description="Citation.index values")
    uncited: bool = Field(default=False, description="a model's sentence that cites nothing "
                          "it was given: the report can mark it as unsupported")


class SynthesisRow(BaseModel):
    """One row of a table in a model's answer: its cells and what the row cites."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    cells: list[str] = Field(default_factory=list)
    citations: list[int] = Field(default_factory=list, description="Citation.index values")
    uncited: bool = False


class SynthesisBlock(BaseModel):
    """The structure of a model's answer, in order: a heading, a paragraph (its
    sentences), a list (its items) or a table (header and rows), each part cited."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    kind: Literal["heading", "paragraph", "list", "table"]
    text: str = Field(default="", description="the heading's text")
    ordered: bool = Field(default=False, description="a numbered list")
    items: list[SynthesisSentence] = Field(
        default_factory=list, description="a paragraph's sentences or a list's items")
    header: list[str] = Field(default_factory=list, description="a table's column names")
    rows: list[SynthesisRow] = Field(default_factory=list, description="a table's rows")


class AspectNote(BaseModel):
    """A pro or a con: an evidence sentence quoted for one aspect (staff, noise, value...)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    aspect: str = Field(description="aspect id, e.g. 'staff', 'noise', 'value', 'overall'")
    label: str = Field(default="", description="the aspect in the synthesis language")
    quote: str
    citations: list[int] = Field(default_factory=list)


class Moment(BaseModel):
    """What a video says at one moment: a quote from its transcript and when it starts."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    at: float = Field(description="seconds into the video")
    quote: str
    citations: list[int] = Field(default_factory=list)


class CandidateNotes(BaseModel):
    """What the evidence says about one shortlisted candidate."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    key: str
    name: str
    rank: int | None = None
    pros: list[AspectNote] = Field(default_factory=list)
    cons: list[AspectNote] = Field(default_factory=list)
    review_count: int | None = None
    published: str | None = Field(default=None, description="newest dated evidence, ISO date")
    retrieved: str | None = Field(default=None, description="newest retrieval, ISO date")
    facts: list[SynthesisSentence] = Field(
        default_factory=list, description="review count, freshness, unknown values")
    moments: list[Moment] = Field(
        default_factory=list, description="a video subject: what it covers, and when")

    # notes about anything but a video serialise as before (artifact hashes unchanged)
    _omit = omit_unset("moments")


class ConflictValue(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    value: str = Field(description="as written in the synthesis language")
    citations: list[int] = Field(default_factory=list)


class Conflict(BaseModel):
    """Sources that disagree on one candidate's price or rating, and the value checked."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    key: str
    name: str
    field: Literal["price", "rating"]
    values: list[ConflictValue] = Field(default_factory=list)
    used: str = Field(description="the conservative value the constraint check uses")
    sentence: SynthesisSentence


class NearMiss(BaseModel):
    """An excluded candidate that missed one constraint narrowly (never a recommendation)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    key: str
    name: str
    field: Literal["price", "rating"]
    value: str
    limit: str
    sentence: SynthesisSentence


class Synthesis(ArtifactModel):
    """The P3 answer: text, sentences with citations, and who produced it.

    ``text`` and ``sentences`` always hold the whole answer as flat prose. The keyless
    synthesis also fills the structured fields (``recommendation``, ``candidates``,
    ``conflicts``, ``near_misses``, ``caveats``), written in ``lang``; a model's answer
    leaves them empty.
    """

    schema_name = "synthesis"

    text: str = ""
    sentences: list[SynthesisSentence] = Field(default_factory=list)
    lang: str = Field(default="en", description="language the synthesis is written in")
    recommendation: list[SynthesisSentence] = Field(default_factory=list)
    candidates: list[CandidateNotes] = Field(default_factory=list)
    conflicts: list[Conflict] = Field(default_factory=list)
    near_misses: list[NearMiss] = Field(default_factory=list)
    caveats: list[SynthesisSentence] = Field(default_factory=list)
    citations: list[Citation] = Field(default_factory=list)
    sources: list[Source] = Field(default_factory=list)
    adapter: str = ""
    model: str | None = None
    notes: list[str] = Field(default_factory=list)
    blocks: list[SynthesisBlock] = Field(
        default_factory=list, description="the answer's structure (headings, paragraphs, "
        "lists, tables) with per-item citations; empty for the extractive summary")


#: the ``model`` a keyless (extractive) synthesis names: its answer is written from the
#: ranking itself, so it never recommends a left-out candidate (scout/steps/synthcheck.py)
KEYLESS_MODEL = "extractive"


class EmailDelivery(ArtifactModel):
    """What ``uses: email`` did with the report: sent, not sent (and why), or in doubt.

    Recipients are kept as domains only (like the journal); the message itself is
    ``outbox/<key>.eml`` in the run dir."""

    schema_name = "delivery"

    status: Literal["sent", "not_sent", "in_doubt"]
    key: str = Field(description="hash of the report files, recipients and subject")
    message_id: str | None = None
    recipients: int = 0
    recipient_domains: list[str] = Field(default_factory=list)
    refused_domains: list[str] = Field(default_factory=list)
    subject: str = ""
    attachments: list[str] = Field(default_factory=list)
    sent_at: str | None = None
    reason: str | None = None
    adapter: str = ""


class Photo(BaseModel):
    """One photo of a candidate, with what a reader needs to check and credit it."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    image_url: str = Field(description="the image itself")
    page_url: str = Field(description="the page it appears on (the credit's link)")
    source: str = Field(default="", description="the site's name or host (the credit)")
    title: str = ""
    width: int | None = Field(default=None, description="pixels, as the provider stated")
    height: int | None = None
    first_party: bool = Field(default=False,
                              description="from the candidate's own page (og:image, JSON-LD)"
                              " and served by its own site")
    shown_on: str = Field(default="", description="the candidate whose own page shows it when "
                          "another site serves it (``source`` is then that site)")
    adapter: str = ""
    thumbnail: str | None = Field(default=None,
                                  description="run-dir path of the downloaded thumbnail")
    thumbnail_sha256: str | None = None


class Thumbnail(BaseModel):
    """What the ``thumbnail`` adapter made of one image: re-encoded by scout, small."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    url: str
    final_url: str
    media_type: Literal["image/jpeg", "image/png"]
    width: int
    height: int
    data_b64: str = Field(description="the re-encoded image, base64")
    original_bytes: int = 0
    adapter: str = ""


class Gallery(BaseModel):
    """The photos found for one candidate."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    subject: str = Field(description="candidate key")
    name: str = ""
    photos: list[Photo] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


class PhotoSet(ArtifactModel):
    """``uses: images``: a gallery per candidate (and, after a thumbnails phase, the
    thumbnails it stored under ``photos/`` in the run dir)."""

    schema_name = "photos"

    galleries: list[Gallery] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    skipped: str | None = Field(default=None,
                                description="why no image search ran (no link configured)")

    def for_subject(self, key: str) -> Gallery | None:
        return next((g for g in self.galleries if g.subject == key), None)

    def output_files(self) -> dict[str, str | None]:
        return {p.thumbnail: p.thumbnail_sha256 for g in self.galleries for p in g.photos
                if p.thumbnail}
