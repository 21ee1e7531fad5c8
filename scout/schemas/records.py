"""Typed records the generic steps produce: candidates, evidence, videos, shortlists.

Every record keeps its provenance — the URL it came from, the adapter that answered and
the phase that asked — so a report can cite each claim. Evidence about a candidate
carries the candidate's ``key`` in ``subject``; that is how reviews, prices, pages and
video mentions find their candidate without any research-kind-specific code.
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from scout.schemas.base import ArtifactModel
from scout.schemas.omit import omit_unset
from scout.schemas.sources import Source, Transcript, Video
from scout.schemas.task import Money

EvidenceKind = Literal["snippet", "review", "price", "rating", "page", "video", "synthesis"]


class Listed(BaseModel):
    """One thing a listing page names (scout.adapters.itemlist), and its own address
    where the page gives one."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    name: str
    url: str | None = None
    #: what the list says of it (an item's ``offers`` / ``priceRange``, its
    #: ``aggregateRating`` on 0-10): cited to the listing page
    price_range: str | None = None
    rating: float | None = None
    rating_count: int | None = None
    # a list that says only names hashes as before
    _omit = omit_unset("price_range", "rating", "rating_count")


class Evidence(BaseModel):
    """One cited fact or quote, with where it came from."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    id: str = Field(description="stable id (hash of url + text)")
    kind: EvidenceKind
    subject: str | None = Field(default=None, description="candidate key it is about")
    text: str = ""
    url: str
    title: str = ""
    adapter: str = ""
    phase: str = ""
    rating: float | None = Field(default=None, description="0-10 when the text states one")
    rating_scale: float | None = Field(
        default=None, description="the scale the source stated the rating on (5 for '4.2/5'); "
                                  "none: not said, or 10")
    rating_count: int | None = None
    price: Money | None = None
    timestamp: float | None = Field(default=None, description="seconds into a video")
    published: str | None = None
    retrieved_at: dt.datetime | None = None
    relevance: float | None = Field(
        default=None, description="cosine similarity to the Task (rank method: embedding)"
    )
    images: list[str] = Field(
        default_factory=list, description="a page's own photos (og:image, JSON-LD image)")
    event_status: str | None = Field(
        default=None, description="a page's event status other than scheduled: cancelled, "
        "postponed, rescheduled, moved online (scout.steps.pagestatus)")
    valid_through: str | None = Field(
        default=None, description="YYYY-MM-DD: the last day a page says it is offered")
    availability: str | None = Field(
        default=None, description="what a page's offers say when it cannot be had as usual: "
        "sold out, out of stock, discontinued, pre-order, back order, limited availability")
    event_end: str | None = Field(
        default=None, description="YYYY-MM-DD: the last day a page's event takes place")
    listed: list[Listed] = Field(
        default_factory=list, description="the things a page lists when it is a listing, "
        "not one thing's page (scout.adapters.itemlist), at most 100")
    # artifacts of 0-10 ratings, and of pages saying no status, hash as before
    _omit = omit_unset("rating_scale", "event_status", "valid_through", "availability",
                       "event_end", "listed")


class Offer(BaseModel):
    """One shop's price for a candidate that two or more shops list for sale."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    url: str = Field(description="the shop's listing (the price's citation)")
    shop: str = Field(description="the shop's site")
    price: Money


#: words of rank's flags that say how a value it checked was compared or worked out
#: (rank_enrich.py, rank_periods.py, extracharge.py, distancerate.py, nounprice.py,
#: pricerise.py, seasonprice.py: "price converted from USD (approximate)", "divided by 4
#: people, to compare it", "compared at the price after it", "extra added to the price
#: compared: 45 EUR + 20 % (…) = 54 EUR", "0.3 EUR per km added for the 100 km asked",
#: "8 × 45 EUR per headshot, the number asked"): the working, not a doubt
_COMPARED = ("converted", "to compare", "compared at", "added to the price compared:",
             "added for the", "the number asked", "price rise is included:",
             "as the request says it is", "as the request is for", "as the page dates")
#: words that make any such flag a doubt: a value that was not compared, an extra or a
#: rise left out, a price that may be more ("an extra applies that could not be added to
#: the price compared", "compared at the largest, …, so it may cost more")
_DOUBT = ("cannot be compared", "could not", "not added", "not included", "may cost more")


def _how_compared(flag: str) -> bool:
    return not any(w in flag for w in _DOUBT) and any(w in flag for w in _COMPARED)


class TermCost(BaseModel):
    """A plan's price a month averaged over its contract, as rank's ``term_cost:`` worked
    it out (scout.steps.termcost): the offer's price and months, the price after the offer,
    the fees charged once, and the average the plan was compared at."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    months: int = Field(description="the months averaged over: the contract's, or the "
                        "kind's first months when the listing states none")
    contract: bool = Field(description="whether the months are a contract the listing "
                           "states (else the first months, as it states none)")
    no_contract: bool = Field(default=False, description="whether the listing says it has "
                              "no contract ('sin permanencia', 'rolling monthly')")
    asked: bool = Field(default=False, description="whether the months are the term the "
                        "request buys for (rank's term_cost 'term': 'for 3 years')")
    billed: int = Field(default=0, description="the months the price is billed at a time "
                        "('billed every 48 months', 'pago anual': 12); 0 when not said")
    paid_months: int = Field(default=0, description="the months paid for the months "
                             "compared: whole billing blocks (48 for a year of a plan billed "
                             "every 48 months), else the months compared")
    upfront: Money | None = Field(default=None, description="what the first billing block "
                                  "costs, paid up front, the fees charged once included")
    intro: Money | None = Field(default=None, description="the offer's price a month")
    intro_months: int = Field(default=0, description="the months the offer lasts")
    after: Money = Field(description="the price a month after the offer")
    fees: Money | None = Field(default=None, description="the fees charged once, added up")
    average: Money = Field(description="the average a month over ``months``")
    rise: str | None = Field(default=None, description="the yearly price rise the listing "
                             "states, as it says it ('sube 2 € al año', 'CPI + 3.9%')")
    rise_added: Money | None = Field(default=None, description="what the yearly rise adds "
                                     "over the months averaged (none: not added, an index "
                                     "the listing does not state)")


class Candidate(BaseModel):
    """A thing being researched (a hotel, a restaurant...), merged across sources."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    key: str = Field(description="normalised name; joins evidence to the candidate")
    name: str
    url: str = ""
    domain: str = ""
    adapter: str = ""
    aliases: list[str] = Field(default_factory=list, description="other titles seen")
    sources: list[str] = Field(default_factory=list, description="every URL that named it")
    rating: float | None = Field(default=None, description="0-10")
    rating_count: int | None = None
    price: Money | None = None
    price_converted: Money | None = Field(
        default=None, description="price in the budget's currency (approximate)"
    )
    evidence: list[Evidence] = Field(default_factory=list)
    flags: list[str] = Field(default_factory=list, description="e.g. 'price unknown'")
    relevance: float | None = Field(
        default=None,
        description="mean of its best evidence's relevance to the Task (rank method: embedding)",
    )
    video: Video | None = Field(
        default=None, description="the video it is, when a videos artifact was ranked")
    offers: list[Offer] = Field(
        default_factory=list, description="each shop's price, cheapest first, when two or "
        "more shops list it (``price`` is then the cheapest): scout.adapters.facts.shop_offers")
    bundle: int | None = Field(
        default=None, description="how many of the kind's unit its price is for (an 8-GPU "
        "instance: 8), as rank's bundle read it; price_converted is then one unit's")
    intro_offer: str | None = Field(
        default=None, description="the words of an offer for the first months only that a "
        "source states (“Primer mes gratis”), as rank flags it: the price is what is paid "
        "after it (scout.steps.rank_enrich); a template asks `c.intro_offer`, never a flag's text")
    term: TermCost | None = Field(
        default=None, description="its price a month averaged over its contract, as rank's "
        "term_cost: worked it out; price is then the average (scout.steps.termcost)")
    extras_added: float | None = Field(
        default=None, description="what the extras its page states beside its price added to "
        "price_converted, in that one's currency (a collection fee asked for: "
        "scout.steps.extracharge), so a report shows a rate per a measure times the quantity "
        "asked as that quantity, never the total over the rate")

    @property
    def evidence_count(self) -> int:
        return len(self.evidence)

    @property
    def unchecked_flags(self) -> list[str]:
        """The flags that say something went unchecked (unknown, could not check, cannot
        be compared, no rate): not those that only say how a value that was checked was
        compared (converted to the budget's currency or period, shared by the people,
        compared at the price after a promotion), which the report shows beside it but
        never lists as "not everything could be checked"."""
        return [f for f in self.flags if not _how_compared(f)]

    # a candidate that is no video, sold by no two shops, serialises as before, so the
    # artifacts (and the content hashes runs reuse phases by) of every other kind stay
    # byte-identical
    _omit = omit_unset("video", "offers", "bundle", "intro_offer", "term", "extras_added")


class Candidates(ArtifactModel):
    schema_name = "candidates"

    items: list[Candidate] = Field(default_factory=list)
    excluded: list[str] = Field(default_factory=list, description="titles dropped as lists")
    listings: list[str] = Field(
        default_factory=list, description="those of them dropped as listing pages "
        "(extract.listing_pages: drop): the report counts them")
    # a phase that dropped no listing page hashes as before
    _omit = omit_unset("listings")
    notes: list[str] = Field(default_factory=list)


class EvidenceSet(ArtifactModel):
    """Evidence gathered by a phase (reviews, prices, video mentions...)."""

    schema_name = "evidence"

    items: list[Evidence] = Field(default_factory=list)
    sources: list[Source] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


class SourceList(ArtifactModel):
    schema_name = "sources"

    items: list[Source] = Field(default_factory=list)


class VideoList(ArtifactModel):
    schema_name = "videos"

    items: list[Video] = Field(default_factory=list)


class TranscriptList(ArtifactModel):
    schema_name = "transcripts"

    items: list[Transcript] = Field(default_factory=list)


class RankedItem(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    candidate: Candidate
    rank: int = Field(ge=1)
    score: list[float | str | None] = Field(default_factory=list)
    unknown: list[str] = Field(default_factory=list, description="criteria not checkable")
    cost: float | None = Field(
        default=None, description="the amount order_by compared it by: its price on the "
        "request's basis, with the kind's arithmetic (a set's price for the quantity asked)")
    cost_per: str | None = Field(
        default=None, description="what that amount is for, as rank's cost_per says "
        "(month, total): said beside it")
    values: dict[str, float | int | bool | str | None] = Field(
        default_factory=dict, description="the rank phase's named values worked out for it "
        "(with.values: {group_total: ...}): a template reads item.values.group_total")
    _omit = omit_unset("cost", "cost_per", "values")  # left out where unused


class Shortlist(ArtifactModel):
    """Candidates that passed ``where:``, in ``order_by`` order; the rest with reasons."""

    schema_name = "shortlist"

    items: list[RankedItem] = Field(default_factory=list)
    excluded: list[tuple[Candidate, list[str]]] = Field(default_factory=list)
    criteria: list[str] = Field(default_factory=list)
    approximate_currency: bool = False
    rates_as_of: str | None = None
    notes: list[str] = Field(default_factory=list)
    prices_unread: bool = Field(
        default=False, description="no where and no order_by read a price or an amount of "
        "money a record states: the request's money was no budget the records were held "
        "to (a mortgage's loan amount), so nothing may say a budget went unchecked")
    excluded_costs: dict[str, float] = Field(
        default_factory=dict, description="the amount the ranking's cost order worked out "
        "for each left-out record that has one, by its key: the synthesis holds a near miss "
        "to it, as the reason that left the record out did (a call-out fee added to a rate)")
    excluded_cost_per: str | None = Field(
        default=None, description="what the excluded_costs are for (rank's cost_per)")
    budget_input: str | None = Field(
        default=None, description="the money input the prices were held to: the one a "
        "where reading the price compares (task.budget), else the first given in the "
        "kind's declaration order; the report's \"price vs budget\" column reads it")
    _omit = omit_unset("prices_unread", "excluded_costs", "excluded_cost_per",
                       "budget_input")  # as before where unused


class Report(ArtifactModel):
    """The rendered report files (paths relative to the run dir) and their hashes."""

    schema_name = "report"

    title: str = ""
    files: dict[str, str] = Field(default_factory=dict, description="format → file name")
    sha256: dict[str, str] = Field(default_factory=dict)
    citations: int = 0

    def output_files(self) -> dict[str, str | None]:
        return {name: self.sha256.get(fmt) for fmt, name in self.files.items()}
