"""One value of a JSON-LD (or microdata) node read as scout needs it.

Pages write values loosely: a list where one value is meant, ``{"@id": …}`` references to
another node, numbers as text in the page's own format ("1.234,50", "1 234,50", "4,5",
"1,234.50"), prices in words ("7 triệu"). :mod:`scout.adapters.jsonld` picks the page's
entity; this module reads its values: text, numbers, amounts, the price range of its
offers (in the currency a figure writes when no ``priceCurrency`` says it) or a job
posting's pay, its address on one line, an event's status, whether its offers can still
be had, and the day a value names.
"""

from __future__ import annotations

import datetime as dt
import html
import math
import re
from typing import Any

from babel.core import get_global

from scout.task.currencyword import currency_of
from scout.text import fold, read_number

#: what a price is per, as a UnitPriceSpecification's ``unitCode`` (UN/CEFACT: DAY, WEE,
#: MON, ANN, HUR) or a ``unitText`` writes it (a salary's "MONTH", a hotel's "night" or
#: "noche"), folded → the period :mod:`scout.units` compares prices per
_PERIODS = {"day": "day", "days": "day", "dia": "day", "dias": "day", "wee": "week",
            "week": "week", "semana": "week", "mon": "month", "month": "month", "mes": "month",
            "ann": "year", "year": "year", "ano": "year", "hur": "hour", "hour": "hour",
            "hora": "hour", "night": "night", "nights": "night", "noche": "night",
            "noches": "night", "person": "person", "persona": "person"}
#: words around the unit in a ``unitText`` ("per night", "por noche", "/night")
_PER_WORDS = frozenset({"per", "por", "a", "each", "cada"})


def period_of(*values: Any) -> str | None:
    """The period the first of ``values`` that names one says a price is per (a unitCode
    or a unitText: "DAY", "per night", "MONTH"); None when none does."""
    for value in values:
        words = [w for w in fold(text_of(value) or "").replace("/", " ").split()
                 if w not in _PER_WORDS]
        if len(words) == 1 and words[0] in _PERIODS:
            return _PERIODS[words[0]]
    return None


def deref(value: Any, ids: dict[str, dict[str, Any]]) -> Any:
    """The node a bare ``{"@id": …}`` reference names (``ids``: nodes by @id), else ``value``."""
    if isinstance(value, dict) and set(value) == {"@id"}:
        return ids.get(value["@id"], value)
    return value


def first_of(value: Any) -> Any:
    """A list's first value (a property given several times), else ``value``."""
    return value[0] if isinstance(value, list) and value else value


_TAG = re.compile(r"</?[A-Za-z][^<>]*>")


def text_of(value: Any) -> str | None:
    """The value as one line of text (a node's ``@value`` or ``name``); None when empty."""
    value = first_of(value)
    if isinstance(value, dict):
        value = value.get("@value") or value.get("name")
    if value is None or isinstance(value, (dict, list)):
        return None
    text = str(value)
    if "&" in text or "<" in text:
        # CMSs write HTML into JSON-LD strings: "Fast &amp; Easy", "Mom&#8217;s", once
        # even "&amp;amp;", a name in <strong>; the value is the text a reader sees
        for _ in range(2):
            text = html.unescape(_TAG.sub("", text))
    text = " ".join(text.split())
    return text or None


#: a number as a page writes it: digit groups joined by "." or ",", or by a space (also a
#: no-break or thin one) before exactly three digits ("1 234,50", never "12 15")
_NUMERAL = re.compile(r"-?\d+(?:(?:[.,]|[ \u00a0\u202f\u2009](?=\d{3}(?!\d)))\d+)*")
#: the rest of a range after its first figure ("-20" of "7-20 triệu")
_RANGE_REST = re.compile(r"^\s*[-\u2013\u2014]\s*\d[\d.,]*")


_EXPONENT = re.compile(r"[eE][-+]?\d+")
#: an apostrophe (straight or typographic) between digit groups: "1'049,95"
_APOSTROPHE_GROUPS = re.compile(r"(?<=\d)['\u2019](?=\d{3}(?!\d))")


def _finite(value: float) -> float | None:
    """``value`` as a float when it is a finite one: pages write ``1e999`` (which ``json``
    reads as inf), ``NaN`` or an int of hundreds of digits as easily as ``120``, and such a
    value is no price, rating or count."""
    try:
        out = float(value)
    except OverflowError:  # an int past a float's range
        return None
    return out if math.isfinite(out) else None


def paid_whole(code: str | None) -> bool:
    """Whether a currency is paid in whole units (CLDR's cash digits 0: COP, CLP, IDR, VND,
    JPY, HUF…): its prices never have three decimals, so "118.000" is a hundred and
    eighteen thousand."""
    if not code:
        return False
    fractions = get_global("currency_fractions")
    return bool(fractions.get(code.strip().upper(), fractions["DEFAULT"])[2] == 0)


def number_of(value: Any, whole: bool = False) -> float | None:
    """The first number in the value, in whichever format the page wrote it (``whole``:
    an amount of a currency paid in whole units, :func:`paid_whole`)."""
    value = first_of(value)
    if isinstance(value, dict):
        value = value.get("@value")
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return _finite(value)
    # Swiss thousands are apostrophes ("CHF 1'049.95"): read as 1 it passes any budget
    text = _APOSTROPHE_GROUPS.sub("", str(value))
    match = _NUMERAL.search(text)
    if match is None:
        return None
    numeral = match.group()
    exponent = _EXPONENT.match(text, match.end())
    if exponent:  # "1e999", "1.5E3": the whole figure or none ("1e999" is not 1)
        try:
            return _finite(float(numeral.replace(",", "") + exponent.group()))
        except ValueError:
            return None
    if not whole and re.fullmatch(r"-?\d{1,3}\.\d{3}", numeral):
        # one dot before three digits: schema.org's decimal point ("4.500" is 4.5), not
        # the thousands of "1.234,50" or "1.144.000", read below; but "COP 118.000" is
        # thousands (a currency with no cents)
        return float(numeral)
    try:
        # shops write the page's own format: "1.234,50", "1 234,50", "2,5", "1,234.50";
        # a figure of hundreds of digits reads as inf ("EUR inf"): no amount either
        return _finite(read_number(numeral))
    except ValueError:  # "1.2.3,4": no number either way; read its first part
        first = re.match(r"-?\d+(?:\.\d+)?", numeral)
        return _finite(float(first.group())) if first else None


#: words that multiply the figure before them ("7 triệu", "1,2 millones", "30 mil", "2 lakh",
#: "1.5 Mio", "3 juta", "5 тыс", "1万"), folded: a price so written read as its figure would
#: pass any budget. Any other word after a price leaves it a price ("419 руб.", "184,35
#: lei", "35 per night", "99,00 inkl. MwSt.": a currency CLDR's English and Spanish names
#: miss, a unit, a tax note)
_MAGNITUDES = frozenset({
    "k", "m", "mn", "bn", "thousand", "thousands", "million", "millions", "billion",
    "billions", "grand", "lakh", "lakhs", "lac", "lacs", "crore", "crores",
    "mil", "miles", "millon", "millones", "milhao", "milhoes", "bilhao", "bilhoes", "palo",
    "palos", "luca", "lucas", "luka", "lukas", "millier", "milliers", "milliard",
    "milliards", "mille", "mila", "milione", "milioni", "miliardo", "miliardi", "tausend",
    "tsd", "mio", "mrd", "millionen", "milliarde", "milliarden", "trieu", "tr", "ty",
    "nghin", "ngan", "juta", "jt", "ribu", "rb", "miliar", "bin", "milyon", "milyar", "tys",
    "mln", "mld", "тыс", "тысяч", "тис", "млн", "млрд",
})
#: CJK magnitudes, written against the figure ("1万円", "3億")
_CJK_MAGNITUDES = frozenset("万萬億亿千만억천")


def amount_of(value: Any, whole: bool = False) -> float | None:
    """A price or salary: :func:`number_of`, but none when the word right after the
    figures multiplies them (``_MAGNITUDES``: "7 triệu", "7-20 triệu", "30 mil"; read as 7
    or 30 it would pass any budget). "1.234,50 € IVA incluido" is still 1234.5, and so is
    "1.234,50 lei". ``whole``: as :func:`number_of`'s."""
    value = first_of(value)
    if isinstance(value, str):
        match = _NUMERAL.search(value)
        if match:
            exponent = _EXPONENT.match(value, match.end())  # "1.2e2": one figure
            end = exponent.end() if exponent else match.end()
            after = _RANGE_REST.sub("", value[end:], count=1)
            word = re.match(r"\s*([^\W\d_]+)", after)
            if word and (fold(word.group(1)) in _MAGNITUDES
                         or word.group(1)[0] in _CJK_MAGNITUDES):
                return None
    return number_of(value, whole)


def currency_in(value: Any) -> str | None:
    """The currency a price's own text writes beside its figure ("$35", "35 €", "EUR 12,50",
    "R$ 99,90"): what an offer without ``priceCurrency`` states (a "$" read as a snippet's
    is, :func:`~scout.task.currencyword.currency_of`)."""
    value = first_of(value)
    if not isinstance(value, str):
        return None
    value = _APOSTROPHE_GROUPS.sub("", value)
    match = _NUMERAL.search(value)
    if match is None:
        return None
    # the sign or word right before the figure ("S/", "US$") and right after it, where a
    # per-unit slash ends it ("€/noche")
    before = value[:match.start()].split()[-1:]
    rest = _RANGE_REST.sub("", value[match.end():], count=1)  # "35 - 50 EUR"
    after = [w.split("/", 1)[0] for w in rest.split()[:1]]
    return next((code for code in map(currency_of, before + after) if code), None)


def format_price(value: float | None) -> str | None:
    if value is None:
        return None
    # never "{:g}": six significant digits made 118000.5 "118000" and 1234567.5 "1.23457e+06"
    return f"{value:.6f}".rstrip("0").rstrip(".")


def price_from_offers(offers: Any, ids: dict[str, dict[str, Any]]) -> str | None:
    """'COP 118000 - 165470' / 'EUR 120' from Offer, AggregateOffer or priceSpecification."""
    lows: list[float] = []
    highs: list[float] = []
    currency: str | None = None
    written: str | None = None
    periods: set[str | None] = set()
    for raw in offers if isinstance(offers, list) else [offers]:
        offer = deref(raw, ids)
        if not isinstance(offer, dict):
            continue
        spec = deref(first_of(offer.get("priceSpecification")), ids)
        spec = spec if isinstance(spec, dict) else {}
        currency = currency or text_of(offer.get("priceCurrency")) \
            or text_of(spec.get("priceCurrency"))
        # no priceCurrency: the figure's own text may say it ("Priced from: $35")
        here = next(filter(None, map(currency_in, (
            offer.get("lowPrice"), offer.get("price"), spec.get("minPrice"),
            spec.get("price")))), None)
        written = written or here
        # a figure that writes its own currency is shown text, written as people write
        # it ("$ 118.000", "4.500 €": thousands), not schema.org's decimal point
        whole = paid_whole(currency or here) or (currency is None and here is not None)
        # a price of 0 is no price (a free extra beside paid offers, a shop's placeholder
        # for "ask us"): read as the page's price it would pass any budget
        low = (amount_of(offer.get("lowPrice"), whole) or amount_of(spec.get("minPrice"), whole)
               or amount_of(offer.get("price"), whole) or amount_of(spec.get("price"), whole))
        high = (amount_of(offer.get("highPrice"), whole)
                or amount_of(spec.get("maxPrice"), whole) or low)
        if low is not None and low >= 0:  # a price below 0 is no price
            lows.append(low)
            periods.add(period_of(spec.get("unitCode"), spec.get("unitText"),
                                  offer.get("unitCode"), offer.get("unitText")))
        if high is not None and high >= 0:
            highs.append(high)
    if not lows:
        return None
    low, high = min(lows), max(highs or lows)
    amount = format_price(low) if low == high else f"{format_price(low)} - {format_price(high)}"
    currency = currency or written
    # a price per night (a UnitPriceSpecification's unitCode DAY, unitText "night") when
    # every offer is per the same period
    period = periods.pop() if len(periods) == 1 else None
    return " ".join(p for p in (currency, amount, f"per {period}" if period else "") if p)


def salary_range(salary: Any, ids: dict[str, dict[str, Any]]) -> str | None:
    """'EUR 4200 - 5200 per month' from a JobPosting's ``baseSalary`` (a MonetaryAmount
    whose ``value`` is a number or a QuantitativeValue with ``unitText``)."""
    salary = deref(first_of(salary), ids)
    if not isinstance(salary, dict):
        return None
    value = deref(first_of(salary.get("value")), ids)
    spec = value if isinstance(value, dict) else {"value": value}
    low = amount_of(spec.get("minValue")) or amount_of(spec.get("value"))
    high = amount_of(spec.get("maxValue")) or low
    if low is None or high is None:
        return None
    amount = format_price(low) if low == high else \
        f"{format_price(min(low, high))} - {format_price(max(low, high))}"
    currency = text_of(salary.get("currency")) or text_of(spec.get("currency"))
    period = period_of(spec.get("unitText"), salary.get("unitText"))
    return " ".join(p for p in (currency, amount, f"per {period}" if period else "") if p)


def format_address(value: Any, ids: dict[str, dict[str, Any]]) -> str | None:
    value = deref(first_of(value), ids)
    if isinstance(value, str):
        return text_of(value)
    if not isinstance(value, dict):
        return None
    parts = [
        text_of(value.get(key))
        for key in ("streetAddress", "addressLocality", "addressRegion", "postalCode",
                    "addressCountry")
    ]
    # a part said twice (a street field holding the town) is said once
    joined = ", ".join(dict.fromkeys(p for p in parts if p))
    return joined or text_of(value.get("name"))


def _member(value: Any) -> str:
    """A schema.org enumeration member however a page writes it ("https://schema.org/
    SoldOut", "http://schema.org/EventCancelled", "schema:PreOrder", "SoldOut", a
    microdata ``<link href>``) as its folded name ("soldout", "eventcancelled")."""
    word = (text_of(first_of(value)) or "").strip().rstrip("/").rsplit("/", 1)[-1]
    return re.sub(r"[\W_]", "", word.rsplit(":", 1)[-1].casefold())


#: schema.org's EventStatusType members other than EventScheduled, by their folded name
#: (with or without the "Event" prefix, US or UK spelling) → what the report says
_STATUSES = {"cancelled": "cancelled", "canceled": "cancelled", "postponed": "postponed",
             "rescheduled": "rescheduled", "movedonline": "moved online"}


def event_status(value: Any) -> str | None:
    """An ``eventStatus`` ("https://schema.org/EventCancelled", "EventPostponed", a
    microdata ``<link href>``) as "cancelled", "postponed", "rescheduled" or "moved
    online"; None when scheduled, unsaid or unknown."""
    return _STATUSES.get(_member(value).removeprefix("event"))


#: schema.org's ItemAvailability members, by their folded name, that say an offer cannot
#: be had (→ what the report says; rank leaves the thing out: sold out, out of stock,
#: discontinued, or Reserved, "reserved and therefore not available", a flat or a used car
#: someone has put a hold on) or can be had only later, in part or not as usual (flagged:
#: pre-order; back order; limited availability; MadeToOrder, custom made, so it takes the
#: making's time; PreSale, sold "before general availability", as a ticket presale often
#: is to some buyers only); InStock, OnlineOnly, InStoreOnly are had as usual
_UNAVAILABLE = {"soldout": "sold out", "outofstock": "out of stock",
                "discontinued": "discontinued", "reserved": "reserved"}
_LATER = {"preorder": "pre-order", "backorder": "back order",
          "limitedavailability": "limited availability", "madetoorder": "made to order",
          "presale": "presale"}


def availability_said(value: Any) -> str | None:
    """One availability value as :func:`availability` says it ("out of stock" for
    "https://schema.org/OutOfStock" or a product tag's "out of stock", "pre-order" for
    "preorder"); None when it is had as usual, unsaid or unknown."""
    word = _member(value)
    return _UNAVAILABLE.get(word) or _LATER.get(word)


def availability(offers: Any, ids: dict[str, dict[str, Any]], nested: bool = False
                 ) -> str | None:
    """What a thing's offers say of whether it can be had, when not as usual: "sold
    out", "out of stock", "discontinued", "reserved" when every offer says it cannot (one
    offer saying nothing, or in stock, may still be had: nothing is said), else
    "pre-order", "back order", "limited availability", "made to order" or "presale" when
    none is had as usual; None otherwise.
    An AggregateOffer's own availability and its listed ``offers`` count alike (one level
    down: ``nested``, so offers that list themselves by ``@id`` end)."""
    said: list[str] = []
    for raw in offers if isinstance(offers, list) else [offers]:
        offer = deref(raw, ids)
        if not isinstance(offer, dict):
            continue
        inner = offer.get("offers")
        if inner is not None and offer.get("availability") is None and not nested:
            said.append(availability(inner, ids, nested=True) or "")
            continue
        # "": had as usual, unsaid, or a value schema.org does not know: says nothing
        said.append(availability_said(offer.get("availability")) or "")
    if not said or "" in said:
        return None
    later = [s for s in said if s in _LATER.values()]
    return (later or said)[0]


def day_of(value: Any) -> str | None:
    """The day a date or date-time value names ("2019-11-30T23:59:59+07:00" →
    "2019-11-30"); None when it names none."""
    text = (text_of(first_of(value)) or "").strip()
    try:
        return dt.date.fromisoformat(text[:10]).isoformat()
    except ValueError:
        return None
