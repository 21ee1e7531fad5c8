"""Every reader of a page's text is bounded in CPU: a hostile page cannot stall a run.

A fetched page is untrusted, and scout reads its words with many readers: the filters a
template calls on a record (``stated``, ``mentions``, ``on_dates``… :data:`RECORD_READERS`)
and the readers the steps call on evidence (prices, promotions, versions, ratings,
periods, the synthesis's sentences). Each is run here on a small set of pathological texts
of ~100 KB (thousands of amounts, weekday names, dates, digits, brackets, marks, mixed
scripts) and on a million spaces, and must finish in a loose bound of CPU time (a loaded
CI machine passes; a reader quadratic in its text took minutes: ``stated(of=...)`` on
20,000 amounts, ``promotion`` and ``variant_prices`` on a page of thousands of amounts).
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from typing import Any

import pytest

from scout.adapters.aspects import find_aspects
from scout.adapters.extract import META_CHARS, extract
from scout.adapters.lookalike import foreign_letters
from scout.adapters.text import clean, split_sentences, terms
from scout.schemas.task import DateRange, Money
from scout.spec.closeddays import closed_weekdays
from scout.spec.evidence import READ_CHARS, record_texts
from scout.spec.filters import FILTERS, RECORD_READERS
from scout.steps.freeprice import says_free
from scout.steps.groupsize import group_size
from scout.steps.listprice import find_price
from scout.steps.mentions import names_candidate
from scout.steps.namewords import name_words
from scout.steps.packprice import pack_count, units_bought
from scout.steps.promoprice import first_months, promotion
from scout.steps.ratings import stated_rating
from scout.steps.seasonprice import season_amounts
from scout.steps.seatprice import seats_covered
from scout.steps.slotprice import slot_minutes
from scout.steps.statedlength import stated_days
from scout.steps.taxprice import stated_on_basis
from scout.steps.variantprice import variant_prices
from scout.steps.weekdays import week_days
from scout.task.amounts import find_amounts, listed_amounts
from scout.task.memberprice import members_amount

#: CPU seconds one reader may take on one text: the readers take well under a tenth of
#: this on these texts; a super-linear one takes minutes
BOUND = 2.0
SIZE = 100_000


def _repeat(piece: str) -> str:
    return piece * (SIZE // len(piece))


TEXTS = {
    "amounts": _repeat("1 € "),
    "prices": _repeat("Adulto 12,50 €, niño $1,200; 1 299 Kč CHF 1'299.– "),
    "promotions": _repeat("9 €/mes durante 6 meses, luego 14 €/mes. Primer mes gratis "),
    "weekdays": _repeat("lunes, Monday, martes y miércoles "),
    "dates": _repeat("15/09/2026 del 3 al 7 de junio, 12 March 2027 "),
    "digits": "1" * SIZE,
    "brackets": "(" * (SIZE // 2) + "[" * 10 + ")" * (SIZE // 2),
    "scripts": _repeat("aя中α"),
    "percents": _repeat("%") + _repeat("50% dto. "),
    "signs": _repeat("€$£¥₹"),
    "units": _repeat("4.5/5 80 kg 2 h 3 días 10 m² "),
    "spaces": " " * 1_000_000,
}

SPAN = DateRange(start=dt.date(2026, 9, 1), end=dt.date(2026, 9, 30))

#: how a template calls each record reader (scout.spec.filters.RECORD_READERS)
TEMPLATE_CALLS: dict[str, Callable[[Any], Any]] = {
    "stated": lambda t: (FILTERS["stated"](t, "€"), FILTERS["stated"](t, "kg"),
                         FILTERS["stated"](t, "€", of=["adulto", "child"]),
                         FILTERS["stated"](t, "m2", not_of=["terraza"])),
    "mentions": lambda t: FILTERS["mentions"](t, ["wifi", "piscina"]),
    "on_dates": lambda t: FILTERS["on_dates"](t, SPAN),
    "stated_date": lambda t: (FILTERS["stated_date"](t),
                              FILTERS["stated_date"](t, of=["deadline", "plazo"])),
    "stated_year": lambda t: FILTERS["stated_year"](t),
    "tier_price": lambda t: (FILTERS["tier_price"](t, 200, "€", words=["uds", "copias"]),
                             FILTERS["tier_price"](t, 3, "€", "£", words=["units"])),
}

EUR = Money(amount=12.5, currency="EUR")
#: the readers the steps call on a source's or a page's words
STEP_CALLS: dict[str, Callable[[str], Any]] = {
    "find_price": lambda t: find_price(t, "EUR"),
    "listed_amounts": listed_amounts,
    "stated_on_basis": lambda t: stated_on_basis(EUR, t, "excluded"),
    "promotion": promotion,
    "first_months": first_months,
    "variant_prices": lambda t: variant_prices(t, {"adult": ["adulto"], "child": ["niño"]}),
    "members_amount": lambda t: members_amount(t, find_amounts(t), EUR),
    "season_amounts": season_amounts,
    "stated_rating": stated_rating,
    "says_free": says_free,
    "week_days": week_days,
    "closed_weekdays": closed_weekdays,
    "stated_days": stated_days,
    "group_size": lambda t: group_size(t, 12.5),
    "slot_minutes": lambda t: slot_minutes(t, 12.5),
    "seats_covered": lambda t: seats_covered(t, "user"),
    "units_bought": lambda t: units_bought(t, ["bottle", "botella"]),
    "pack_count": lambda t: pack_count(t, "bottle"),
    "names_candidate": lambda t: names_candidate("Hotel Arts Barcelona", t),
    "name_words": name_words,
    "split_sentences": split_sentences,
    "clean": clean,
    "terms": terms,
    "find_aspects": find_aspects,
    "foreign_letters": foreign_letters,
}


def test_every_record_reader_is_swept() -> None:
    # a reader added to the filters a template calls on a record is timed here too
    assert {fn.__name__ for fn in RECORD_READERS} == set(TEMPLATE_CALLS)


def _cpu(call: Callable[[str], Any], text: str) -> float:
    start = time.process_time()
    call(text)
    return time.process_time() - start


@pytest.mark.parametrize("name", sorted(TEMPLATE_CALLS) + sorted(STEP_CALLS))
def test_a_reader_reads_a_hostile_page_in_bounded_cpu(name: str) -> None:
    call = TEMPLATE_CALLS.get(name) or STEP_CALLS[name]
    slow = {kind: round(spent, 2) for kind, text in TEXTS.items()
            if (spent := _cpu(call, text)) > BOUND}
    assert not slow, f"{name} took over {BOUND} s of CPU on: {slow}"


def test_a_record_reader_reads_each_text_up_to_its_bound() -> None:
    page = {"name": "Hotel", "evidence": [{"text": "x" * (READ_CHARS + 10)}, {"text": "ok"}]}
    assert [len(t) for t in record_texts(page)] == [5, READ_CHARS, 2]
    assert record_texts("y" * (READ_CHARS * 2)) == ["y" * READ_CHARS]


def test_a_page_tag_reaches_the_readers_bounded() -> None:
    # a description tag of half a megabyte becomes evidence text: kept to META_CHARS
    html = ('<html><head><meta property="og:description" content="' + "1 € " * 125_000
            + '"><meta property="og:title" content="Hotel Arts"></head><body>x</body></html>')
    tags = extract(html).opengraph
    assert len(tags["og:description"]) == META_CHARS
    assert tags["og:description"].startswith("1 € 1 €")
    assert tags["og:title"] == "Hotel Arts"


def test_spaces_before_a_mark_still_go() -> None:
    # clean() reads a run of spaces once from its start; before a mark it still drops it
    assert clean("Buen hotel   , cerca   .  Sí [2]") == "Buen hotel, cerca. Sí"
