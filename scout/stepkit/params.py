"""Parameter models (the ``with:`` block) of the built-in step kinds.

Strings marked ``TemplateStr`` are Jinja templates rendered per phase or per fan-out
item; ``ExpressionStr`` are bare Jinja expressions. The validator checks both
statically (syntax, names in scope) from these annotations alone.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, WithJsonSchema, field_validator, model_validator

from scout.spec.basics import StrictModel, new_dict, new_list
from scout.spec.regexcheck import check_regex
from scout.spec.templating import ArtifactName, ExpressionStr, TemplateStr


class TaskParams(StrictModel):
    """F0: turn the query into a Task using the pipeline's declared inputs."""

    strict: bool = Field(
        default=False, description="fail when the query holds words that fill no input"
    )


RecordKind = Literal["source", "candidate", "review", "price"]

#: a regex an extract rule runs over titles and URLs, checked item by item (a refused one
#: is located at its own place in the list)
Regex = Annotated[str, AfterValidator(check_regex)]

#: Aggregators and review sites: many candidates share these domains.
SHARED_DOMAINS = (
    "booking.com", "tripadvisor.com", "tripadvisor.co.uk", "tripadvisor.es", "expedia.com",
    "hotels.com", "agoda.com", "kayak.com", "trivago.com", "google.com", "yelp.com",
    "thefork.com", "lonelyplanet.com", "timeout.com", "reddit.com", "youtube.com",
    "wikipedia.org", "facebook.com", "instagram.com", "airbnb.com", "hostelworld.com",
    "travel.usnews.com", "cntraveler.com", "michelin.com", "guide.michelin.com",
    # repositories and publishers: each page is one paper, and a topic's papers share
    # most of their title words ("... Retrieval-Augmented Generation ...")
    "arxiv.org", "biorxiv.org", "medrxiv.org", "semanticscholar.org", "researchgate.net",
    "academia.edu", "aclanthology.org", "openreview.net", "acm.org", "ieee.org",
    "springer.com", "sciencedirect.com", "wiley.com", "tandfonline.com", "nature.com",
    "mdpi.com", "frontiersin.org", "plos.org", "nih.gov", "doi.org", "jstor.org",
    "ssrn.com", "zenodo.org", "neurips.cc", "scielo.org", "redalyc.org", "dialnet.unirioja.es",
)


class ExtractRules(StrictModel):
    """How Sources become typed records (candidates, reviews, prices)."""

    record: RecordKind = "source"
    name_from: Literal["title", "jsonld"] = "title"
    strip_patterns: list[Regex] = Field(
        default_factory=new_list,
        description="regexes removed from names, e.g. ' - Booking\\.com$', ' \\| Official Site$'",
    )
    strip_place: bool = Field(
        default=True,
        description="remove the request's place (its place inputs' values, with a country "
        "after them) from the end of names: 'Casa Lucio, Madrid' -> 'Casa Lucio'",
    )
    exclude_patterns: list[Regex] = Field(
        default_factory=new_list,
        description="regexes on title or url marking list/aggregator pages to drop",
    )
    listing_pages: Literal["drop", "keep", "expand"] = Field(
        default="drop",
        description="what a result that lists things rather than being one becomes ('Top 10 "
        "…', 'Los 10 mejores …', a directory, a booking site's results: "
        "scout/steps/listingpage.py): drop (the default) leaves it out as a list page, keep "
        "makes it a candidate like any result (a kind whose things are titled so: papers), "
        "expand makes it a candidate marked as a listing, which a fetch phase reads and rank "
        "leaves out, ranking the things its page lists instead",
    )
    shared_domains: list[str] = Field(
        default_factory=lambda: list(SHARED_DOMAINS),
        description="sites that list many candidates (never merged by domain)",
    )
    rating: bool = Field(default=True, description="read ratings (x/10, x/5, 'x out of 5')")
    price: bool = Field(default=True, description="read prices with currency")
    max_records: int | None = Field(default=None, ge=1, le=10000)


class SearchParams(StrictModel):
    """F1/F2/F4: render ``query`` (per item when fanned out) and call the chain."""

    query: TemplateStr
    limit: int = Field(default=10, ge=1, le=100)
    extract: ExtractRules = Field(default_factory=ExtractRules)
    dedup: Literal["none", "name_domain", "semantic"] = "name_domain"
    dedup_threshold: float = Field(default=0.85, ge=0.0, le=1.0)
    options: dict[str, str | int | float | bool] = Field(
        default_factory=new_dict, description="provider options passed through (e.g. search_depth)"
    )


PageExtract = Literal["jsonld", "opengraph", "text"]


def _every_extract() -> list[PageExtract]:
    # a function, not a lambda: mypy types a lambda's list as list[str]
    return ["jsonld", "opengraph", "text"]


class FetchParams(StrictModel):
    """Fetch a page and upgrade evidence with JSON-LD / OpenGraph facts."""

    url: TemplateStr
    extract: list[PageExtract] = Field(default_factory=_every_extract)


class VideosParams(StrictModel):
    """Y1: search videos (no media downloaded)."""

    query: TemplateStr
    limit: int = Field(default=5, ge=1, le=50)


class TranscriptsParams(StrictModel):
    """Y2: fetch transcripts and extract mentions of each candidate as evidence."""

    video: TemplateStr = "{{ video.id }}"
    languages: list[TemplateStr] | None = Field(
        default=None, description="preferred transcript languages, in order; templates, so "
        "a request's language input can choose them ('{{ task.video_lang }}')")
    mentions_of: ArtifactName | None = Field(
        default=None, description="artifact whose names are looked for, e.g. candidates"
    )
    window_s: float = Field(default=30.0, ge=0, le=600)
    passages: int = Field(
        default=8, ge=1, le=200,
        description="without mentions_of: transcript passages kept per video, spread over it")


class SynthesizeParams(StrictModel):
    """P3: ask the synthesis chain for an answer with citations."""

    question: TemplateStr | None = None
    max_sources: int = Field(default=30, ge=1, le=500)
    context_budget_chars: int | None = Field(default=None, ge=500, le=500000)


# `where: "expr"` is short for `where: ["expr"]` (see RankParams._one_or_many)
_ONE_OR_MANY = WithJsonSchema(
    {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
)


class BundleSpec(StrictModel):
    """A rank's ``bundle:``: the unit one price may be for several of, and the words a
    page counts them with ("8x H100", "8 GPUs", "10 clases")."""

    unit: str = Field(min_length=1, max_length=40,
                      description="one of what the kind sells, as the report names it "
                      "(a msgid of the kind's catalog): GPU, class, bottle")
    words: list[Annotated[str, Field(min_length=1, max_length=40)]] = Field(
        min_length=1, max_length=20,
        description="the words a page writes next to how many a price is for: [GPUs, GPU, "
        "x], [clases, classes]")


class TermCostSpec(StrictModel):
    """A rank's ``term_cost:``: a plan sold for a contract is compared at its price a month
    averaged over it, the offer's months and the fees charged once included
    (scout.steps.termcost)."""

    fees: list[Annotated[str, Field(min_length=2, max_length=40)]] = Field(
        default_factory=new_list, max_length=40,
        description="the words a page names a fee charged once with, in each language the "
        "kind's pages are in: [alta, instalación, set-up, installation, activation]; an "
        "amount with no period one of them names is spread over the months")
    months: int = Field(
        default=12, ge=2, le=120,
        description="the months averaged over when a listing states no contract (or says "
        "it has none): 12, the first year")
    term: Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")] | None = Field(
        default=None,
        description="the duration input saying how long the request buys for ('for 3 "
        "years', 'durante 24 meses'): when the request gives it, every plan is averaged "
        "over those months, the price after the offer paid for the months past it")


#: the input types rank's ``tiers`` may name: a count or a number in its own words, an area
#: (scout/steps/tierprice.py)
TIER_TYPES = frozenset({"integer", "number", "area"})


#: an identifier as rank's parameters write one: an input's name, or a value's in `values`
InputName = Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")]


class RankParams(StrictModel):
    """Filter and order records with Jinja expressions; unknowns kept but flagged."""

    items: ArtifactName = Field(description="artifact to rank, e.g. candidates")
    as_: str = Field(default="item", alias="as", pattern=r"^[A-Za-z_][A-Za-z0-9_]*$",
                     description="name of the record inside where/order_by")
    values: dict[InputName, ExpressionStr] = Field(
        default_factory=new_dict,
        description="named expressions, in order, e.g. {group_total: '<expr>'}: each sees "
        "the record, task, the needed artifacts and the values before it; their names may "
        "be used in where, order_by and reasons (an expression written once), and each "
        "ranked item keeps them for the report's templates (item.values.group_total)")
    where: Annotated[list[ExpressionStr], _ONE_OR_MANY] = Field(default_factory=new_list)
    reasons: list[TemplateStr] = Field(
        default_factory=new_list,
        description="what the report says when the where at the same position leaves a "
        "record out (templates: 'over {{ task.max_km }} km'); without one, the expression "
        "itself (scout validate warns: SPEC090)")
    order_by: Annotated[list[ExpressionStr], _ONE_OR_MANY] = Field(default_factory=new_list)
    descending: bool = True
    limit: int | None = Field(default=None, ge=1, le=10000)
    keep_unknown: bool = True
    variants: str | None = Field(
        default=None, pattern=r"^[A-Za-z_][A-Za-z0-9_]*$",
        description="an input whose enum values (and synonyms) name versions of one item "
        "sold at their own prices (a book's format): a source's amount labelled with one "
        "is that version's price; the asked version's is compared (none asked: the "
        "cheapest version's), never two versions' as sources that disagree")
    tiers: InputName | list[InputName] | None = Field(
        default=None,
        description="the input(s) a page's prices are listed by, size or count (an integer "
        "or number input, in the words of its name and aliases: bedrooms; an area input, in "
        "m² or sq ft): of '1 dormitorio 45 €, 2 dormitorios 60 €' or 'hasta 50 m² 39 €, "
        "hasta 100 m² 59 €' the tier holding the value asked is compared (an area: else the "
        "next size up); none fits or none asked, the lowest, flagged")
    people: InputName | list[InputName] | None = Field(
        default=None,
        description="an integer input counting the people the request is for (a party, "
        "the guests of an event), or a list of them that add up (adults and children): a "
        "price per person is compared as the group's (times it) with a budget that is not "
        "per person, and a budget per person with a price per day, night, week... divided "
        "by it")
    return_trip: InputName | list[InputName] | None = Field(
        default=None,
        description="the inputs saying a return trip is asked (a yes/no input, a return "
        "date): given, a price is compared at the return fare its page states ('ida y "
        "vuelta 89 €', 'open return £120') or else its single fare twice; not given, "
        "at a single fare the page states beside a return one. Flagged")
    person_prices: bool = Field(
        default=False,
        description="the kind's prices that name no head and no period (a fare's 'desde "
        "19,90 €', a ticket's '£35') are each person's: the people asked (`people`) "
        "multiply them against a budget for the party, as a price said per person; a line "
        "saying the price is the booking's ('for 2 adults', 'en total') keeps it whole")
    group_prices: bool = Field(
        default=False,
        description="the kind's prices that name no head (a boat's day, a villa's week, a "
        "charter's one price) are the whole group's: against a budget per person, with its "
        "period or none, they are divided by `people` (never compared as one person's)")
    heads: dict[Literal["pet"], InputName | list[InputName]] = Field(
        default_factory=new_dict,
        description="the integer inputs counting the heads other than people a price may be "
        "per, e.g. {pet: pets}: a price per pet (per night, per walk) is compared as all of "
        "them (times the count) with a budget that is not per pet, and a budget per pet "
        "with a price for them all divided by it, as `people` does for people")
    units: dict[str, str] = Field(
        default_factory=new_dict,
        description="the kind's units of work counted in others, e.g. {page: 250 words}: a "
        "price per page and one per word are compared on the budget's unit (or the one "
        "most listings state); an hour is 60 minutes anyway. Units: word, page, minute, "
        "hour, item")
    volume: dict[str, str] = Field(
        default_factory=new_dict,
        description="the inputs saying how much work is asked, by unit, e.g. {word: words, "
        "page: pages, minute: length, m3: volume, km: distance}: a price per word (per m³, "
        "per km) is multiplied by the words (the m³, the km) asked to compare it with a "
        "budget for the whole job (one stating no unit); an integer or number input counts "
        "the unit, a duration input is converted to minutes or hours, a length, area or "
        "volume input to the measure (units: m2, m3, km, mi)")
    hours_per: dict[str, InputName] = Field(
        default_factory=new_dict,
        description="the input counting the hours a period holds, e.g. {week: weekly_hours} "
        "(a duration, or an integer or number of hours): with them asked, a price per hour "
        "is compared with a budget per month at the hours a month holds (2 a week are ~8.7), "
        "and a price per month stating no hours with a budget per hour over them; flagged")
    days_per_week: str | None = Field(
        default=None, pattern=r"^[A-Za-z_][A-Za-z0-9_]*$",
        description="the integer or number input counting the days a week asked (a day "
        "centre's or a nursery's '3 días por semana'): a price per day is put on a week's or "
        "a month's footing at those days, not at the days the listing's week holds, and "
        "flagged")
    cost_per: str | None = Field(
        default=None,
        description="what the amount the first cost order computes is for, where the "
        "kind's arithmetic puts it on a basis of its own (a yearly estimate divided by 12: "
        "month; a unit's price times the quantity asked: total): the report says it beside "
        "the amount, '42 €/mes', '42 EUR/month'. A period, total, or a unit of work")
    bundle: BundleSpec | None = Field(
        default=None,
        description="the unit a price may be for several of (an 8-GPU instance, a pack of "
        "10 classes, a case of 6 bottles): {unit: GPU, words: [GPUs, GPU, x]}; a price "
        "whose line states a count next to one of the words (or a pack, case, box of N) "
        "and is not said to be per one is divided by it, flagged, and compared per unit")
    term_cost: TermCostSpec | None = Field(
        default=None,
        description="the kind's plans are sold for a contract (broadband, phone, gym): a "
        "price a month is compared at its average over the contract the listing states "
        "(or the first `months` when none), an introductory price's months and the fees "
        "charged once (`fees` words) included; flagged, the working in `c.term`")
    method: Literal["lexical", "embedding"] = "lexical"
    query: TemplateStr | None = None

    def extra_scope(self) -> set[str]:
        """Names the expressions may use besides task and needs (a value's own expression
        sees only the values before it: scout.validate.checks)."""
        return {self.as_, *self.values}

    def expanded_where(self) -> list[str]:
        """``where``, each value's name written out as its expression
        (:func:`scout.spec.namedvalues.expand`): what rank evaluates and reads."""
        from scout.spec.namedvalues import expand, expanded

        done = expanded(self.values)
        return [expand(w, done) for w in self.where]

    def expanded_order_by(self) -> list[str]:
        """``order_by``, each value's name written out as its expression."""
        from scout.spec.namedvalues import expand, expanded

        done = expanded(self.values)
        return [expand(o, done) for o in self.order_by]

    @model_validator(mode="after")
    def _value_names(self) -> "RankParams":
        from scout.spec.namedvalues import MAX_EXPANDED, RESERVED, expand, expanded

        for name in self.values:
            if name in RESERVED or name == self.as_:
                raise ValueError(f"values: '{name}' is a name every expression has already "
                                 f"(task, the record '{self.as_}', Jinja's words): pick "
                                 "another")
        done = expanded(self.values)  # raises past MAX_EXPANDED
        for text in (*self.where, *self.order_by):
            if len(expand(text, done)) > MAX_EXPANDED:
                raise ValueError(f"a where or order_by is over {MAX_EXPANDED} characters with "
                                 "the values it uses written out; use each value fewer times")
        return self

    @field_validator("units")
    @classmethod
    def _work_units(cls, v: dict[str, str]) -> dict[str, str]:
        from scout.units import parse_bases

        parse_bases(v)  # raises ValueError with what is wrong
        return v

    @field_validator("cost_per")
    @classmethod
    def _cost_basis(cls, v: str | None) -> str | None:
        from scout.units import PERIOD_DAYS, RATE_UNITS, TOTAL

        known = {*PERIOD_DAYS, TOTAL, *RATE_UNITS}
        if v is not None and v not in known:
            raise ValueError(f"cost_per: '{v}' is no period or unit (one of "
                             f"{', '.join(sorted(known))})")
        return v

    @field_validator("volume")
    @classmethod
    def _volume_units(cls, v: dict[str, str]) -> dict[str, str]:
        from scout.units import RATE_UNITS

        for unit in v:
            if unit not in RATE_UNITS:
                raise ValueError(f"volume: '{unit}' is no unit of work or measure (one of "
                                 f"{', '.join(sorted(RATE_UNITS))})")
        return v

    @field_validator("hours_per")
    @classmethod
    def _hours_periods(cls, v: dict[str, str]) -> dict[str, str]:
        from scout.units import PERIOD_DAYS

        for period in v:
            if period not in PERIOD_DAYS:
                raise ValueError(f"hours_per: '{period}' is no period (one of "
                                 f"{', '.join(sorted(PERIOD_DAYS))})")
        if len(v) > 1:
            raise ValueError("hours_per: one period, the one the request counts its hours "
                             "in, e.g. {week: weekly_hours}")
        return v

    @field_validator("where", "order_by", mode="before")
    @classmethod
    def _one_or_many(cls, v: object) -> object:
        return [v] if isinstance(v, str) else v

    @model_validator(mode="after")
    def _a_reason_per_where(self) -> "RankParams":
        if len(self.reasons) > len(self.where):
            raise ValueError(f"{len(self.reasons)} reasons for {len(self.where)} where "
                             "expression(s): reasons[i] names what where[i] checks")
        return self


def is_relative_name(name: str) -> bool:
    """A path that stays inside the folder it is read from: relative, without '..'."""
    from pathlib import PurePosixPath, PureWindowsPath

    if not name or "\x00" in name or "\\" in name:
        return False
    posix, win = PurePosixPath(name), PureWindowsPath(name)
    return not (posix.is_absolute() or win.is_absolute() or win.drive
                or ".." in posix.parts)


ReportFormat = Literal["md", "html", "pdf", "csv", "json"]
Attachment = Literal["md", "pdf", "csv", "json"]


def _md_only() -> list[ReportFormat]:  # typed: see _every_extract
    return ["md"]


def _md_and_pdf() -> list[Attachment]:
    return ["md", "pdf"]


class ReportParams(StrictModel):
    """F6: render the report through a Jinja template in templates/ (or the default one)."""

    template: str | None = Field(
        default=None, description="file under templates/, e.g. hotel_report.md.j2; "
        "without it, the default report of the kind (every artifact as a table)")
    html_template: str | None = Field(default=None, description="defaults to report.html.j2")
    formats: list[ReportFormat] = Field(
        default_factory=_md_only,
        description="md always; html (self-contained, with pictures), pdf (printed from "
        "the html by headless Chromium), csv (shortlist.csv, candidates.csv), json "
        "(report.json)")
    title: TemplateStr | None = None

    @field_validator("template", "html_template")
    @classmethod
    def _inside_templates(cls, value: str | None) -> str | None:
        # a report template is read from templates/ and nowhere else
        if value is not None and not is_relative_name(value):
            raise ValueError(f"template {value!r} must be a file name under templates/ "
                             "(no absolute path, no '..')")
        return value


class EmailParams(StrictModel):
    """Send the finished report by e-mail (a side effect: once per report and recipients)."""

    to: TemplateStr = Field(description="recipient address(es), comma-separated")
    cc: TemplateStr | None = Field(default=None, description="copy address(es)")
    subject: TemplateStr = Field(description="subject line")
    report: ArtifactName = Field(default="report", description="the report artifact")
    attach: list[Attachment] = Field(
        default_factory=_md_and_pdf,
        description="report files attached when the report phase produced them")


class ImagesParams(StrictModel):
    """Photos of each candidate: its own page's (og:image, JSON-LD image) and an image
    search's, each with the page it appears on and the site's name (the credit)."""

    query: TemplateStr = Field(description="image-search query (per item in a fan-out)")
    limit: int = Field(default=6, ge=1, le=30, description="photos kept per candidate")
    pages: ArtifactName | None = Field(
        default="pages", description="the fetch phase's evidence: first-party photos")
    first_party: int = Field(default=2, ge=0, le=30,
                             description="at most this many of them come first")
    options: dict[str, str | int | float | bool] = Field(
        default_factory=new_dict, description="provider options passed through (e.g. country)")


class ThumbnailsParams(StrictModel):
    """``download: true`` for photos: fetch each gallery's first photos through the
    ``thumbnails`` chain (SSRF guard, size cap, re-encoded small) into ``photos/``."""

    photos: ArtifactName = Field(default="photos", description="the images phase's artifact")
    per_subject: int = Field(default=4, ge=1, le=30, description="thumbnails per candidate")
    max_side: int = Field(default=320, ge=32, le=1024, description="longest side, pixels")
