"""The Task artifact and the typed values its fields hold (money, month, date range).

A Task is what F0 understood of the request: the raw query, one typed value per input
the pipeline declares, and where each value came from (query, default, mission, --set).
Values render as people write them (``200 EUR``, ``September 2026``) so templates can
use ``{{ task.budget }}`` directly.
"""

from __future__ import annotations

import calendar
import datetime as dt
import math
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from scout.lazyre import lazy_re
from scout.schemas.base import ArtifactModel
from scout.schemas.omit import omit_unset

Comparator = Literal["<=", "<", ">=", ">", "=", "~"]
#: what one amount is for, beside its period (``Money.each``)
#: ("unit": one of the things a request counts how many of, "300 € cada una" for 3 pipettes;
#: "person" and "pet": one head of those a price or a cap is per beside its period, "90 € al
#: mes por persona", "20 € por perro y noche", which rank multiplies by the heads counted)
Each = Literal["user", "seat", "licence", "device", "unit", "person", "pet"]
#: the bases of ``Each`` that are heads a request counts (rank's ``people:`` and ``heads:``)
HEADS: tuple[Each, ...] = ("person", "pet")
#: whether an amount has the tax (VAT, IVA, sales tax) in it or on top (scout.task.taxbasis)
TaxBasis = Literal["included", "excluded"]


def money_is_floor(name: str, comparator: str | None) -> bool:
    """Money the reader wants more of (a salary, a grant): asked as a floor ("more than
    40,000 EUR a year": ``>=``) or held by an input named ``min_...``, as quantities are
    named for their direction. No budget: rank checks its lowest stated amount and the
    report and synthesis speak of amounts, not prices."""
    return name.startswith("min_") or comparator in (">=", ">")

#: the words of a money input's name that say prices are held to it: a cap (``budget``,
#: ``max_price``) or a floor (``min_salary``); the same words ``scout init`` reads a budget by
CAP_WORDS = frozenset({"budget", "max", "maximum", "min", "minimum", "price", "cost", "spend",
                       "afford", "cap", "loan", "payment", "rent", "salary", "pay"})


def held_to(name: str) -> bool:
    """Whether the money input ``name`` is named as what prices are held to
    (:data:`CAP_WORDS`)."""
    return bool(set(name.lower().split("_")) & CAP_WORDS)


def declared_first(types: Mapping[str, str], order: Iterable[str] = ()) -> dict[str, str]:
    """``types`` in the kind's declaration order (``order``: the pipeline's inputs), the
    names it does not declare after them: a Task read back from disk has its keys sorted
    (the artifact store writes canonical JSON), and the alphabet is no declaration."""
    return {n: types[n] for n in dict.fromkeys([*order, *types]) if n in types}


def asked_money(types: Mapping[str, str], values: Mapping[str, Any],
                order: Iterable[str] = ()) -> tuple[str, Money] | None:
    """The money a request's prices are held to, with its input's name: the first
    ``money`` input, in the kind's declaration order (``order``, the pipeline's inputs,
    where ``types`` may have been read back sorted), the request gives a value (a Money,
    or one as read back from JSON). The one rule rank and the synthesis read it by, so a
    kind declaring a budget and a cap on a rate has one answer, never the alphabet's.
    Where some of the kind's money inputs are named as caps or floors (``budget``,
    ``max_rent``, ``min_salary``: :data:`CAP_WORDS`), only those are: another one (a
    property's value a fee is a share of, a declared value to insure, a sign-up fee) is an
    amount the request states, never a budget, even when the request gives no budget."""
    money = [n for n, declared in declared_first(types, order).items() if declared == "money"]
    named = [n for n in money if held_to(n)]
    for name in named or money:
        value = values.get(name)
        if value is None:
            continue
        if isinstance(value, dict):
            try:
                value = Money.model_validate(value)
            except ValueError:
                continue  # a shape no money has: the next one is asked
        if isinstance(value, Money):
            return name, value
    return None


#: the types a pipeline input may declare (``inputs: {name: {type: ...}}``); a value
#: written by a person becomes one of them through ``scout.task.values.coerce``
INPUT_TYPES = (
    "string",
    "subject",
    "integer",
    "year",
    "number",
    "area",
    "data_size",
    "weight",
    "length",
    "volume",
    "boolean",
    "place",
    "month",
    "date",
    "money",
    "rating",
    "duration",
    "list",
)

#: the scales a ``rating`` input may declare (``scale: 100``): the one its kind's readers
#: think in (critics' points, app stars). Values stay 0-10; the scale is how they are shown
RATING_SCALES = (5, 10, 100)

#: the bases a ``money`` input may declare for a budget the request says none of
#: (``per: total``): the whole of the dates or length asked, or a period rank converts
BUDGET_BASES = ("total", "half day", "day", "night", "week", "fortnight", "month",
                "quarter", "year", "person", "group")


def _amount_text(amount: float) -> str:
    # not finite (a price of 1e308 converted per month): int() of it raised
    whole = math.isfinite(amount) and amount == int(amount)
    return f"{int(amount)}" if whole else f"{amount:g}"


class Money(BaseModel):
    """An amount with its currency. A range ("between 80 and 120 USD") is stored as its
    upper end in ``amount`` with ``comparator`` "<=" and its lower end in ``min``, so every
    ``price <= budget.amount`` check keeps working; ``min`` is left out of the JSON when
    it is not set (stored Tasks and cache keys of single amounts are unchanged). A
    listing's stated range ("28-34 €/mes", "between €80 and €120 per night") is the other
    way round: ``amount`` is its low end, what its price is "from" and what a budget is
    compared with, and ``max`` its top, so a report shows both."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    # finite: an infinite amount is written to JSON as null, and the Task, price or
    # artifact holding it could not be read back
    amount: float = Field(ge=0, allow_inf_nan=False)
    currency: str = Field(pattern=r"^[A-Z]{3}$", description="ISO 4217 code, e.g. EUR")
    comparator: Comparator = "<="
    per: str | None = Field(default=None, description="unit, e.g. 'night'")
    min: float | None = Field(default=None, ge=0, allow_inf_nan=False,
                              description="lower end of a range")
    max: float | None = Field(default=None, ge=0, allow_inf_nan=False,
                              description="a listing's price range's top, its amount the low "
                              "end it is priced from ('28-34 EUR/month': amount 28, max 34)")
    each: Each | None = Field(
        default=None, description="what one amount is for, beside its period: 'user' in "
        "'€30 per user per month' (a software plan's price per user, seat, licence or device); "
        "'unit' for one of the things asked ('300 EUR each' for 3 pipettes); 'person' or 'pet' "
        "for one head beside a period ('€45 per person per night', '20 € por perro y noche')")
    tax: TaxBasis | None = Field(
        default=None, description="whether the amount is said with the tax (VAT, IVA, sales "
        "tax) in it ('IVA incluido', 'TTC') or on top ('+ IVA', 'excl. VAT', 'HT'); unset "
        "when not said")

    @model_validator(mode="after")
    def _range(self) -> "Money":
        if self.min is not None and self.min > self.amount:
            raise ValueError(f"the range starts at {self.min:g}, above its end {self.amount:g}")
        if self.max is not None and (self.min is not None or self.max < self.amount):
            raise ValueError(f"the price range ends at {self.max:g}, below its start "
                             f"{self.amount:g} or beside a range's min")
        return self

    # left out while unset: stored Tasks and cache keys of single amounts are unchanged
    _omit = omit_unset("min", "max", "each", "tax")

    def __str__(self) -> str:
        if self.min is not None:
            return f"{_amount_text(self.min)}-{_amount_text(self.amount)} {self.currency}"
        if self.max is not None:
            return f"{_amount_text(self.amount)}-{_amount_text(self.max)} {self.currency}"
        return f"{_amount_text(self.amount)} {self.currency}"


class Month(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    year: int = Field(ge=1900, le=2200)
    month: int = Field(ge=1, le=12)

    @property
    def iso(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"

    @property
    def name(self) -> str:
        return calendar.month_name[self.month]

    def __str__(self) -> str:
        return f"{self.name} {self.year}"


#: the ends of a date range said as a bound ("closing after 15 January": from 16 January,
#: no end; "published before 1 December": no start): the first and last days a date can
#: be, so every ``start <= day <= end`` check keeps working unchanged
OPEN_START, OPEN_END = dt.date.min, dt.date.max


class DateRange(BaseModel):
    """Days from ``start`` to ``end``, both included; either may be open
    (:data:`OPEN_START`, :data:`OPEN_END`) for a date said as a bound."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    start: dt.date
    end: dt.date

    @property
    def open(self) -> bool:
        """Whether one end is open: a bound ("after 15 January", "since 1 December")."""
        return self.start == OPEN_START or self.end == OPEN_END

    def __str__(self) -> str:
        if self.start == self.end:
            return self.start.isoformat()
        if self.end == OPEN_END:
            return f"from {self.start.isoformat()}"
        if self.start == OPEN_START:
            return f"until {self.end.isoformat()}"
        return f"{self.start.isoformat()} to {self.end.isoformat()}"


def day_span(value: Any) -> tuple[dt.date, dt.date] | None:
    """The first and last day a month or a date range covers; None for anything else."""
    if isinstance(value, DateRange):
        return value.start, value.end
    if isinstance(value, Month):
        first = dt.date(value.year, value.month, 1)
        nxt = dt.date(value.year + value.month // 12, value.month % 12 + 1, 1)
        return first, nxt - dt.timedelta(days=1)
    return None


ValueSource = Literal["query", "default", "mission", "set"]


def _iso_day(text: str) -> dt.date | DateRange:
    start, sep, end = text.strip().partition("..")
    first = dt.date.fromisoformat(start.strip())
    return DateRange(start=first, end=dt.date.fromisoformat(end.strip())) if sep else first


def restore(type_name: str, value: Any) -> Any:
    """A declared value as read back from JSON, typed again: money, month and date
    values are models or dates again; everything else is stored as it was parsed.
    (Parsing what a person wrote is ``scout.task.values``; this only undoes JSON.)
    Raises ``ValueError`` (pydantic's included) for a shape the type cannot hold."""
    if type_name == "money" and isinstance(value, dict):
        return Money.model_validate(value)
    if type_name in ("month", "date") and isinstance(value, dict):
        if "start" in value or type_name == "date":
            return DateRange.model_validate(value)
        return Month.model_validate(value)
    if type_name in ("month", "date") and isinstance(value, str):
        day = _iso_day(value)
        if type_name == "month" and isinstance(day, dt.date):
            return DateRange(start=day, end=day)
        return day
    return value


# a label that looks back: an English or Spanish past participle ("published",
# "publicadas", "convocado") or "since"
_PAST_LABEL = lazy_re(r"(?<![\w])(?:\w{3,}[^e\W]ed|\w{2,}(?:ad|id)(?:o|os|as)|since)(?!\w)")


def looks_back(words: list[str]) -> bool:
    """Whether an input's name or aliases say its date is gone: a past participle
    ("published", "publicadas") or "since"."""
    return any(_PAST_LABEL.search(w.lower().replace("_", " ")) for w in words)


def declared_scale(types: Mapping[str, str], scales: Mapping[str, int]) -> int:
    """The scale of the first ``rating`` input among ``types`` (its ``scales`` entry, 10
    when it sets none or the kind declares no rating input)."""
    for name, declared in types.items():
        if declared == "rating":
            return scales.get(name, 10)
    return 10


class Task(ArtifactModel):
    """The parsed request (artifact ``task``; also written to ``task.json``)."""

    schema_name = "task"

    query: str = ""
    values: dict[str, Any] = Field(default_factory=dict)
    sources: dict[str, ValueSource] = Field(
        default_factory=dict, description="where each value came from"
    )
    types: dict[str, str] = Field(default_factory=dict, description="declared input types")
    today: dt.date | None = None
    lang: Literal["en", "es"] = Field(
        default="en", description="the request's language; the report is written in it"
    )
    notes: list[str] = Field(default_factory=list)
    scales: dict[str, int] = Field(
        default_factory=dict, description="each rating input's declared scale other than "
        "10 (5, 100): the scale its values are shown on; values stay 0-10")
    units: dict[str, str] = Field(
        default_factory=dict, description="each length, weight, area or volume input the "
        "request wrote in miles, feet, pounds, ounces, square or cubic feet: that unit "
        "(scout.units.IMPERIAL), which its values are shown in; values stay in metres / "
        "kilograms / m² / m³")
    # left out while empty: the Task of a kind on the 0-10 scale, or asked in metric
    # units, dumps as before
    _omit = omit_unset("scales", "units")

    @model_validator(mode="after")
    def _typed(self) -> "Task":
        # Values come back from JSON as plain dicts/strings: re-type them by declaration
        # (the writer parsed and validated them; here only their JSON shape is undone)
        for name, type_name in self.types.items():
            value = self.values.get(name)
            if value is not None and not isinstance(value, (BaseModel, dt.date)):
                try:
                    self.values[name] = restore(type_name, value)
                except ValueError:
                    pass  # keep what was stored; the writer validated it
        return self

    def __getattr__(self, name: str) -> Any:
        # `task.destination` in templates and expressions reads the declared input
        values = self.__dict__.get("values")
        if values is not None and name in values:
            return values[name]
        return super().__getattr__(name)  # type: ignore[misc]

    def get(self, name: str, default: Any = None) -> Any:
        return self.values.get(name, default)

    def first_of_type(self, type_name: str, order: Iterable[str] = ()) -> Any:
        """The first value the request gives an input of ``type_name`` (``money``: the
        budget prices are compared with, as rank compares them; ``rating``: the minimum),
        ``None`` when the kind declares none or the request left them empty. Shared report
        sections read the budget this way, never by the name ``budget``, which a kind
        need not have. ``order``: the kind's inputs in their declaration order (a Task
        read back from disk has its keys sorted)."""
        if type_name == "money":  # the one rule rank reads it by
            asked = asked_money(self.types, self.values, order)
            return asked[1] if asked is not None else None
        for name, declared in self.types.items():
            if declared == type_name and self.values.get(name) is not None:
                return self.values[name]
        return None

    @property
    def rating_scale(self) -> int:
        """The scale the kind's ratings are shown on: its first rating input's (the
        minimum rank checks, as :meth:`first_of_type` reads it), 10 when it declares none.
        A candidate's rating has no input of its own: it is shown on this scale too."""
        return declared_scale(self.types, self.scales)

    @property
    def shown_units(self) -> dict[str, str]:
        """Per quantity type, the unit the request wrote its first such input in ("length":
        "mi"): the one every value of that type is shown in (the ``value`` filter's
        ``units``), so a report never answers "5 miles" in km alone."""
        out: dict[str, str] = {}
        for name, unit in self.units.items():
            out.setdefault(self.types.get(name, ""), unit)
        return out

    @property
    def money_floor(self) -> bool:
        """Whether the Task's money (its first money input, as rank reads it) is a floor,
        an amount the reader wants more of (:func:`money_is_floor`): the shared shortlist
        then shows an amount "≥" the one asked, never "price vs budget"."""
        asked = asked_money(self.types, self.values)
        if asked is not None:
            return money_is_floor(asked[0], asked[1].comparator)
        first = next((n for n, declared in self.types.items() if declared == "money"), None)
        return first is not None and money_is_floor(first, None)

    @property
    def past_inputs(self) -> list[str]:
        """Inputs whose month or dates end before ``today``: kept as asked, and the report
        says so at the top (a traveller must not miss that September 2026 is gone). An
        input named for a date that is gone by nature (``published``, ``since``) is never
        one: "published in November" is asked about the past on purpose."""
        if self.today is None:
            return []
        out = []
        for name, value in self.values.items():
            end: dt.date | None = None
            if isinstance(value, Month):
                end = dt.date(value.year, value.month,
                              calendar.monthrange(value.year, value.month)[1])
            elif isinstance(value, DateRange):
                end = value.end
            elif isinstance(value, dt.date):
                end = value
            if end is not None and end < self.today and not looks_back([name]):
                out.append(name)
        return out


#: What ``task.X`` may name besides a declared input: the Task's own fields (``lang``
#: included) and properties. The validator's scope checks read this one set, so a field
#: added to Task is never refused by one check and accepted by another.
TASK_BUILTIN_ATTRS = frozenset(Task.model_fields) | frozenset({"past_inputs", "first_of_type",
                                                                 "money_floor", "rating_scale"})


def task_own_names() -> frozenset[str]:
    """What ``task.X`` reads from the Task itself before any input: its fields and
    properties (TASK_BUILTIN_ATTRS) and its methods (``get``, ``copy``, ``json``…): no input
    may take these names (validate's SPEC076, ``scout init --input``). ``lang`` is the
    request's language, which a mission may set without the pipeline declaring it."""
    public = {n for n in dir(Task) if not n.startswith("_")}
    return frozenset((public | TASK_BUILTIN_ATTRS) - {"lang"})
