"""The ``stated`` filter: the number a record (its name, aliases and evidence texts) or a
text states next to a unit (``16 GB``, ``100.000 km``, ``10 horas``, ``60 m²``), read in
the unit asked (areas, data sizes, weights, lengths and lengths of time are converted),
optionally only next to (``of``) or away from (``not_of``) some words. Registered with
the other filters in :mod:`scout.spec.filters`; the record's texts and the argument rules
it shares with the other record readers are :mod:`scout.spec.evidence`'s, which value an
``of`` word names :mod:`scout.spec.statednear`'s. Pure, no I/O.
"""

from __future__ import annotations

import math
import re
from typing import Any

from scout import i18n
from scout.lazyre import lazy_re
from scout.spec.datesaid import month_follows
from scout.spec.evidence import of_problem, pick_problem, record_texts
from scout.spec.filtercall import EXPR, arg_rule
from scout.spec.statednear import blank_acronyms, is_near, near_re, none_of
from scout.spec.statedwhose import PersonFigures, is_spec_line, review_texts
from scout.text import fold, read_number
from scout.units import (
    BARE_M2,
    FT2,
    M2,
    UNIT_SPELLINGS,
    area_unit,
    convert_area,
    convert_quantity,
    measure_unit,
    rate_decimals,
    quantity_unit,
    stated_units,
)

# a product's specs (``16 GB``, ``100.000 km``, ``10 horas``) are in its
# titles and evidence, not in typed fields; this reads them for ``rank.where`` and reports.
# between a number and its unit, or a unit and its number: ``\s*(?:-\s*)?``, never
# ``\s*-?\s*`` (two quantifiers over the same spaces try every split of a run of them: a
# page's "1" and 100,000 spaces took minutes)
_NUM = r"(\d{1,3}(?:[.,\u00a0\u202f]\d{3})+(?![.,]?\d)|\d+(?:[.,]\d+)?)"

_NO_UNIT = 'name at least one unit, e.g. stated("km")'


def _area_asked(units: Any) -> tuple[str | None, str | None]:
    """(the area unit ``units`` ask for — "m2", "ft2" or None —, what is wrong). Square
    metres and square feet in one call would mix two scales in one max: refused."""
    asked: dict[str, str] = {}
    for u in units:
        if u is EXPR:
            continue
        unit = area_unit(fold(str(u)).strip())
        if unit is not None:
            asked.setdefault(unit, str(u))
    if len(asked) > 1:
        return None, (f"{asked['m2']!r} is square metres and {asked['ft2']!r} square feet: "
                      "name the unit you compare in, and a listing stating the other is "
                      "converted to it")
    return next(iter(asked), None), None


#: a unit of bits a second ("Mbps", "Mb/s", "Gbit/s", "megabits"): a call that asks for one
#: reads a speed, whose "Mb" is a megabit, no data size a "50 GB" converts to
_SPEED = re.compile(r"^(?:[kmgt]b(?:it)?(?:ps|/s)|[kmgt]bits?(?:/s)?|(?:kilo|mega|giga)bits?"
                    r"(?:\s*(?:/s|per second|por segundo))?)$")


def _quantity_asked(units: Any) -> tuple[tuple[str, str] | None, str | None]:
    """(the data-size or weight unit ``units`` ask for — ``("data_size", "gb")`` —, what
    is wrong). Two units of one kind ("GB" and "TB") would mix scales in one max: refused.
    Units of a speed ("Mb", "Mbps", "megas") ask for no data size: read as written."""
    if any(u is not EXPR and _SPEED.match(fold(str(u)).strip()) for u in units):
        return None, None
    asked: dict[str, tuple[str, str, str]] = {}
    for u in units:
        if u is EXPR:
            continue
        word = fold(str(u)).strip()
        # "metros" beside "m2" is square metres ("piso de 60 metros"), no length: a
        # listing's "500 ft from the station" is no area
        hit = None if area_unit(word) is not None else quantity_unit(word)
        if hit is not None:
            asked.setdefault(hit[1], (hit[0], hit[1], str(u)))
    if len(asked) > 1:
        a, b = list(asked.values())[:2]
        if a[0] == b[0]:
            return None, (f"{a[2]!r} and {b[2]!r} are two units of one quantity: name the "
                          "unit you compare in, and a listing stating another is converted "
                          "to it")
        return None, f"{a[2]!r} and {b[2]!r} are not one quantity: ask for one at a time"
    got = next(iter(asked.values()), None)
    return (got[0], got[1]) if got else None, None


def _stated_args(args: list[Any], kwargs: dict[str, Any]) -> str | None:
    if not args:
        return _NO_UNIT
    if any(a is not EXPR and not str(a).strip() for a in args):
        return "a unit cannot be empty"
    wrong = _area_asked(args)[1] or _quantity_asked(args)[1] or of_problem(kwargs.get("of")) \
        or of_problem(kwargs.get("not_of"), "not_of")
    if wrong:
        return wrong
    pick = kwargs.get("pick", "max")
    return None if pick is EXPR else pick_problem(pick)


# what joins a range's two ends: "8-12", "8 – 12", "de 8 a 12", "6 to 12", "5 y 9", "2 and 3"
_RANGE_JOIN = r"\s*(?:-|–|—|a|al|to|y|and|hasta)\s*"
# a range said after the unit ends where a clock's or a power's unit of its own follows
# it: "0,39 €/kWh de 0 a 8 h" is a tariff's hours, "0,35 €/kWh entre 50 y 150 kW" a
# charger's power, never a price from 0 to 8 (a currency after it is the range's own:
# "precio: 40-60 €")
_OWN_UNIT = (r"(?!\s*(?:h|hs|hrs?|horas?|hours?|am|pm|a\.\s?m|p\.\s?m|min|mins|minutos?|"
             r"minutes?|kw|kwh|w|wh)(?![^\W\d_]))(?!\s*:\d)")
# the other unit of area, read where the asked one is square metres or square feet: a
# listing's "650 sq ft" (or "Area (sq ft): 650") is 60.4 m²; "piso de 60 metros" is
# square metres unless it is a distance ("a 500 metros de la playa", "60 metros del mar")
_OTHER_AREA = {
    "m2": ("ft2", lazy_re(r"(?<![\d.,])" + _NUM + r"\s*(?:" + FT2 + r")(?![\w²])"
                             r"|(?<!\w)(?:" + FT2 + r")\)?\s*(?:[:=]\s*)?" + _NUM + r"(?![.,]?\d)")),
    "ft2": ("m2", lazy_re(r"(?<![\d.,])(?<!\ba )" + _NUM + r"\s*(?:" + M2 + r"|(?:" + BARE_M2
                             + r")(?!\s+(?:de|del|from|to)\b))(?![\w²])"
                             r"|(?<!\w)(?:" + M2 + r")\)?\s*(?:[:=]\s*)?" + _NUM + r"(?![.,]?\d)")),
}


# a minus sign on the digits, after a space, a bracket or the start: "-86 °C", "(−20 ºC)";
# not a joining dash ("10-20 L", "DW-86L")
_MINUS = lazy_re(r"(?:^|(?<=[\s(:=/]))[-−]$")


def _figure(numeral: str) -> float:
    """``numeral`` read as a number, NaN when it is none: a figure of hundreds of digits is
    no finite number (:func:`scout.text.read_number`), and a NaN compares false and is
    dropped with every other value that is not finite before one is picked."""
    try:
        return read_number(numeral)
    except ValueError:
        return math.nan


def _signed(folded: str, start: int, number: float) -> float:
    """``number``, read at ``start`` in ``folded``, below zero when a minus sign is on it."""
    return -number if _MINUS.search(folded[max(0, start - 2):start]) else number


#: what :func:`stated` read lately, by the texts it read and how it was asked: rank's
#: named values (scout.spec.namedvalues) are written out wherever they are used, so one
#: ``stated(...)`` is asked of the same record once per use (~50 times for a group's
#: tickets, ~13 ms each on a long page); bounded, and cleared whole when full
_READ: dict[tuple[Any, ...], tuple[Any, float | int | None]] = {}
_READ_MOST = 2048


def _read_key(value: Any, units: tuple[str, ...], pick: str, of: Any, not_of: Any,
              synonyms: Any, tax: Any = None) -> tuple[Any, ...] | None:
    """What decides :func:`stated`'s answer, hashable; None when an argument is not a
    plain word or list of words (then it is read afresh)."""
    def words(w: Any) -> Any:
        if w is None or isinstance(w, str):
            return w
        if isinstance(w, (list, tuple)) and all(isinstance(x, str) for x in w):
            return tuple(w)
        raise TypeError
    try:
        key = (tuple(record_texts(value)), frozenset(review_texts(value)), units, pick,
               words(of), words(not_of), id(synonyms), tax)
        hash(key)
    except TypeError:
        return None
    return key


@arg_rule(_stated_args)
def stated(value: Any, *units: str, pick: str = "max", of: Any = None,
           not_of: Any = None, synonyms: dict[str, tuple[str, ...]] | None = None,
           tax: tuple[Any, ...] | None = None) -> float | int | None:
    """The number a record (a candidate: its name, aliases and evidence) or a text states
    next to one of ``units``: ``c | stated("km")`` reads '85.000 km' and 'km: 85,000' as
    85000. Sources that disagree: ``pick`` the ``max`` (default), ``min`` or ``first``,
    among the thing's own figures: a person's weight or height ("un ciclista de 80 kg") is
    left out unless ``of`` asks for it, and a review's prose counts only where nothing else states one
    (:mod:`scout.spec.statedwhose`).
    ``none`` when nothing states it, so ``where`` can keep the record flagged.

    Areas are read in the unit asked: with ``stated("m2", "metros")`` a listing's
    "650 sq ft" counts as 60.4, with ``stated("sq ft")`` a "60 m²" as 645.8; asking for
    both units at once is an error (two scales in one comparison). So are data sizes and
    weights: with ``stated("GB")`` a "1 TB" counts as 1000, with ``stated("kg")`` a
    "3.3 lbs" as 1.497; lengths: with ``stated("km")`` a "5 miles" as 8.047 (with no
    ``of`` words, km and miles only: a trail's "600 m" of climb is no distance of 0.6
    km; ``stated("m")`` reads metres, centimetres and feet); and lengths of time: with ``stated("hours", "horas")`` a "90 min"
    counts as 1.5 (hours, minutes and seconds; not days or weeks). A unit written as a price
    per something ("£/kWh", "EUR/kWh") also reads its sign first ("£0.245/kWh", "£0.245
    per kWh") and a word before the unit ("0,13 € por kWh").

    ``of``: a word (or a list of words) the value must stand next to, for a product that
    states several values in one unit: ``stated("GB", of=["RAM", "memoria"])`` reads "16 GB
    RAM", "16 GB de RAM" and "RAM: 16 GB" but not "512 GB SSD". ``not_of``: words the
    value must not stand next to, for a part a record states beside itself:
    ``stated("m2", not_of=["terraza", "terrace"])`` reads "95 m²" but not "terraza de
    40 m²" or "a 40 m² terrace". An ``of`` / ``not_of`` word is also any word of its
    synonym group (``synonyms``: the pipeline's, as :func:`mentions` reads them), so
    ``of=[task.layout]`` with ``theatre: [teatro]`` reads "Teatro: 120 personas", and across
    the ages a price list's band covers: ``of=["niño"]`` reads "niño de 6 a 11 años 42 €",
    ``of=["child"]`` "child (6-15) CHF 45". An ``of``
    thing said to be absent, with no amount after it ("sin matrícula", "no joining fee",
    "without a deposit", "sin permanencia"), states 0 of it.

    ``tax``: the basis amounts of money are compared on, the tax rate (percent) of the
    units' currency and what reads a basis said, ``("included", 21.0, said)``, as rank
    passes it (:func:`on_basis_said`): an amount its page says
    on the other basis ("mano de obra 45 €/h + IVA", "parts £60 excl. VAT", or the page's
    "precios sin IVA" for an amount that says none) is put on it at that rate, as rank
    puts a price (:mod:`scout.steps.taxprice`), so ``rate * hours`` is no figure before tax
    compared with a budget with it."""
    key = _read_key(value, units, pick, of, not_of, synonyms, tax)
    kept = _READ.get(key) if key is not None else None
    if kept is not None and kept[0] is synonyms:  # the same table, not one at its address
        return kept[1]
    found = _stated(value, units, pick, of, not_of, synonyms, tax)
    if key is not None:
        if len(_READ) >= _READ_MOST:
            _READ.clear()
        _READ[key] = (synonyms, found)
    return found


def _stated(value: Any, units: tuple[str, ...], pick: str, of: Any, not_of: Any,
            synonyms: dict[str, tuple[str, ...]] | None,
            tax: tuple[Any, ...] | None = None) -> float | int | None:
    """:func:`stated`, read afresh."""
    wrong = pick_problem(pick) or _area_asked(units)[1] or _quantity_asked(units)[1] \
        or of_problem(of) or of_problem(not_of, "not_of")
    if wrong:
        raise ValueError(f"stated: {wrong}")
    words = [_number_too(fold(str(u)).strip()) for u in units if str(u).strip()]
    if not words:
        raise ValueError(f"stated: {_NO_UNIT}")
    alt = "|".join(words)
    # "2-bed", "3-bedroom": a hyphen joins the number to its unit as a space does; a
    # count may be a word ("dos habitaciones", "two bedrooms")
    count = "|".join(i18n.COUNT_WORDS)
    # "10 metros cúbicos", "100 pies cúbicos": a volume, never the metres or feet of an
    # area or a length asked with those words
    cubic = "" if (_quantity_asked(units)[0] or ("",))[0] == "volume" else r"(?!\s+cubic)"
    # a currency written before its amount ("child 6-12 CHF 48", "niños 6-11 € 42") is that
    # amount's, never the number's before it (an age, a count)
    ahead = r"(?!\s*(?:[:=]\s*)?\d)" if any(_CURRENCY.match(str(u).strip()) for u in units) else ""
    found_re = re.compile(r"(?<![\d.,])" + _NUM + r"\s*(?:-\s*)?(?:" + alt + r")(?!\w)" + ahead + cubic
                          + r"|(?<!\w)(?:" + alt + r")\s*(?:[:=]\s*)?" + _NUM + r"(?![.,]?\d)"
                          r"|(?<!\w)(" + count + r")[\s-]+(?:" + alt + r")(?!\w)")
    # a range next to the unit ("de 8 a 12 años", "ages 6-12", "2-3 bedrooms", "entre 5 y
    # 9 años"): both ends are stated, so pick='min' reads its low end, 'max' its top
    range_re = re.compile(r"(?<![\d.,])" + _NUM + _RANGE_JOIN + _NUM + r"\s*(?:-\s*)?(?:" + alt
                          + r")(?!\w)" + ahead + r"|(?<!\w)(?:" + alt + r")\s*(?:[:=]\s*)?(?:de\s+|from\s+|"
                          r"entre\s+|between\s+)?" + _NUM + _RANGE_JOIN + _NUM + r"(?![.,]?\d)"
                          + _OWN_UNIT)
    # a range written with a slash, as couriers and shops write a delivery time ("entrega
    # en 24/48 h", "48/72 horas", "2/3 días"): whole numbers, the first below the second;
    # never a fraction of one ("1/2 kg" is half a kilo: its first end is 1) nor a date
    slash_re = re.compile(r"(?<![\d.,/])([2-9]|\d{2,4})\s*/\s*(\d{1,4})(?![\d/])\s*(?:-\s*)?(?:"
                          + alt + r")(?!\w)" + ahead)
    priced = _priced_per(units)
    hundredths = _priced_in_hundredths(units)
    # an amount of money asked: "recogida gratis" states 0 of it (statednear.none_of)
    money = any(_CURRENCY.match(str(u).strip()) for u in units)
    area = _area_asked(units)[0]
    other, other_re = _OTHER_AREA[area] if area else (None, None)
    quantity = _quantity_asked(units)[0]
    near, away = near_re(of, synonyms), near_re(not_of, synonyms)

    aged = any(fold(str(u)).strip() in _AGE_WORDS for u in units)
    person: PersonFigures | None = None
    # a body's measures only: "chicos de 8 a 14 años", "adultos de hasta 65 años" are a
    # camp's or a plan's ages, its own spec, where "un ciclista de 80 kg" is no bike's weight
    body = quantity is not None and quantity[0] in ("weight", "length")

    blanked: str | None = None  # the text being read with its acronyms blanked, folded

    def kept(folded: str, span: tuple[int, int]) -> bool:
        # with no of= words, a person's figure ("ciclista de 80 kg") is not the thing's
        return (near is None or is_near(folded, span, near, blanked, packs=money)) and \
            (away is None or not is_near(folded, span, away)) and \
            (near is not None or person is None or not person.said(span))

    # the thing's own statements first: a review's prose only where nothing else states it
    reviews = review_texts(value)
    numbers: list[float] = []
    heard: list[float] = []  # what reviews' prose states
    for text in record_texts(value):
        folded = fold(text)
        # "Tasas DGT 94,05 €": the word names the value across an acronym; blanked in
        # place (an acronym is ASCII, so the folded texts keep one length and offsets)
        plain = blank_acronyms(text) if near is not None else None
        blanked = fold(plain) if plain is not None else None
        if blanked is not None and len(blanked) != len(folded):
            blanked = None
        person = PersonFigures(folded) if near is None and body else None
        found: dict[int, float] = {}  # by where the value starts: read once, in text order
        ends: dict[int, int] = {}  # where each amount of money ends, for its tax basis
        for m in found_re.finditer(folded):
            if m.group(2) and month_follows(folded, m.end()):
                continue  # "Published: 12 March 2024": a day, not a quantity of the unit
            if money and not priced and measure_unit(folded, m.end()):
                # "desplazamiento 0,30 €/km", "travel £0.45 per mile": a rate per a
                # distance or a measure, no fixed amount (stated('€/km') reads it)
                continue
            if kept(folded, m.span()):
                ends[m.start()] = m.end()
                said = None if m.group(3) or not priced else rate_decimals(m.group(0))
                found[m.start()] = (float(i18n.COUNT_WORDS[m.group(3)]) if m.group(3)
                                    else said if said is not None
                                    # "1,459 €/l", "£1.459 per litre": a rate to three
                                    # decimals, as a page's price is read (scout.units)
                                    else _signed(folded, m.start(1) if m.group(1) else m.start(2),
                                                 _figure(m.group(1) or m.group(2))))
        for m in range_re.finditer(folded):
            lo, hi = (1, 2) if m.group(1) else (3, 4)
            if kept(folded, m.span()) and _figure(m.group(lo)) < _figure(m.group(hi)):
                found.setdefault(m.start(lo), _figure(m.group(lo)))
                found.setdefault(m.start(hi), _figure(m.group(hi)))
        for m in slash_re.finditer(folded):
            if kept(folded, m.span()) and int(m.group(1)) < int(m.group(2)):
                found.setdefault(m.start(1), float(m.group(1)))
                found.setdefault(m.start(2), float(m.group(2)))
        if area and other and other_re is not None:
            for m in other_re.finditer(folded):
                if kept(folded, m.span()):
                    found.setdefault(m.start(), convert_area(
                        _figure(m.group(1) or m.group(2)), other, area))
        if quantity is not None:
            for start, span, amount in _quantities(folded, *quantity, worded=near is not None):
                if kept(folded, span):
                    found.setdefault(start, amount)
        for m in (hit for r in priced for hit in r.finditer(folded)):
            if kept(folded, m.span()):  # "£0.245/kWh", "0,13 € por kWh"
                ends.setdefault(m.start(), m.end())
                found.setdefault(m.start(), _figure(m.group(1)))
        for m in (hit for r in hundredths for hit in r.finditer(folded)):
            if kept(folded, m.span()):  # "59p/kWh", "35 céntimos el kWh": 0.59, 0.35
                ends.setdefault(m.start(), m.end())
                found.setdefault(m.start(), round(_figure(m.group(1)) / 100, 6))
        if near is not None and aged:
            for m in _AGE_CAP.finditer(folded):  # "under 3 free", "menores de 4 gratis"
                if kept(folded, m.span()):
                    found.setdefault(m.start(1), _figure(m.group(1)))
        for start in none_of(folded, of, synonyms, money=money):  # "sin matrícula": 0 of it
            found.setdefault(start, 0.0)
        if tax is not None and (money or priced):
            on_basis_said(found, ends, folded, tax)
        for k in sorted(k for k in found if math.isfinite(found[k])):
            (heard if text in reviews and not is_spec_line(folded, k) else numbers).append(
                found[k])
    numbers = numbers or heard
    if not numbers:
        return None
    got = numbers[0] if pick == "first" else (max(numbers) if pick == "max" else min(numbers))
    return int(got) if got.is_integer() else got


def on_basis_said(found: dict[int, float], ends: dict[int, int], folded: str,
                  tax: tuple[Any, ...]) -> None:
    """Put each amount of money in ``found`` (by where it starts; ``ends``: where it ends)
    that ``folded`` says on another tax basis than ``tax``'s on it, at ``tax``'s rate.
    ``tax``: (the basis compared, the rate in percent, and what reads the basis ``folded``
    says of the amount at a span, ``said(folded, span)``: the words right after it or
    before it, else the page's for its prices as a whole; rank hands scout.task's in, as
    a spec reads no request grammar of its own)."""
    basis, rate, said = tax
    for start, end in ends.items():
        on = said(folded, (start, end))
        if start in found and on is not None and on != basis and found[start]:
            factor = 1 + rate / 100
            found[start] = round(found[start] * factor if basis == "included"
                                 else found[start] / factor, 4)


#: an age asked for (``stated("años", "years", of=["gratis", "free"])``) is also said as a cap
#: with no unit, right beside the ``of`` word: "under 3 free", "under-3s go free", "menores
#: de 4 gratis" (an amount, a length or a count after the number is none of it)
_AGE_WORDS = frozenset({"anos", "ano", "years", "year", "yrs", "edad", "ages", "age"})
_AGE_CAP = re.compile(r"(?<!\w)(?:under|below|menores\s+de|menos\s+de)[\s-]*" + _NUM
                      + r"s?(?![.,]?\d|\s*[%€$£]|\s*(?:eur|usd|gbp|chf|kg|km|cm|m|h|hours?|"
                      r"horas?|mins?|meses|months?|semanas|weeks?|dias|days?|anos|ano|years?|"
                      r"yrs?|personas|people)\b)")


#: a unit that is a currency as an author writes it: a sign, or an ISO code in capitals
_CURRENCY = lazy_re(r"^(?:[$€£¥₹]|[A-Z]{3})$")


# a unit priced in a currency, as a rule writes it ("£/kWh", "€/kWh", "EUR/kWh", "$/GPU-hr"):
# its sign (a symbol or an ISO code) and what the amount is per
_PRICED = lazy_re(r"^(?P<sign>[$€£¥]|[a-z]{3})\s*/\s*(?P<per>\S.*)$")
# what joins an amount to the unit it is per in a page's words ("£0.245 per kWh", "0,13 €
# por kWh", "£0.245 a kWh")
_PER_WORD = r"\s*(?:/|\s(?:per|por|an?|al|el|la|the|each|cada)\s)\s*"


def _priced_per(units: tuple[str, ...]) -> list[re.Pattern[str]]:
    """For units written as a price per something ("£/kWh"), regexes reading the amount
    (group 1) as pages write it besides the unit's own form: the sign first ("£0.245/kWh",
    "£0.245 per kWh", "EUR 0.13/kWh") or a word before the unit ("0,13 € por kWh"). None
    for a unit not written so."""
    out = []
    for unit in units:
        m = _PRICED.match(fold(str(unit)).strip())
        if m is None:
            continue
        sign, per = re.escape(m.group("sign")), _spelled(m.group("per").strip())
        edge = r"(?<!\w)" if sign[-1:].isalpha() else ""
        out.append(re.compile(edge + sign + r"\s*" + _NUM + _PER_WORD + "(?:" + per
                              + r")(?!\w)"))
        out.append(re.compile(r"(?<![\d.,])" + _NUM + r"\s*" + sign + r"\s(?:per|por|an?|"
                              r"al|el|la|the|each|cada)\s+(?:" + per + r")(?!\w)"))
        # the unit's other spellings after a slash: "45 €/hora", "90 £/hour"
        out.append(re.compile(r"(?<![\d.,])" + _NUM + r"\s*" + sign + r"\s*/\s*(?:" + per
                              + r")(?!\w)"))
    return out


#: a currency's hundredth as pages write a rate in it, by the sign of the currency a
#: ``stated`` unit names ("£/kWh" reads "59p/kWh"; "€/kWh" "35 céntimos/kWh", "39 cts el
#: kWh"; "$/kWh" "45¢/kWh", "45 cents per kWh"): folded, so without accents
_HUNDREDTHS = {
    "£": r"p|pence|peniques?", "gbp": r"p|pence|peniques?",
    "€": r"centimos(?:\s+de\s+euro)?|centimo|cts?|c€|cents?|eurocents?",
    "eur": r"centimos(?:\s+de\s+euro)?|centimo|cts?|c€|cents?|eurocents?",
    "$": r"¢|cents?|centavos?", "usd": r"¢|cents?|centavos?",
}


def _priced_in_hundredths(units: tuple[str, ...]) -> list[re.Pattern[str]]:
    """For units written as a price per something in a currency with a hundredth
    (:data:`_HUNDREDTHS`), a regex reading a rate written in that hundredth (group 1, in
    hundredths): "59p/kWh", "59p per kWh", "35 céntimos el kWh" for ``stated('£/kWh')``,
    ``stated('€/kWh')``, as a request's "under 59p/kWh" is read (scout.task.money), so an
    author asks for the pound's rate and a page's pence are read with it."""
    out = []
    for unit in units:
        m = _PRICED.match(fold(str(unit)).strip())
        minor = _HUNDREDTHS.get(m.group("sign")) if m is not None else None
        if m is None or minor is None:
            continue
        per = _spelled(m.group("per").strip())
        out.append(re.compile(r"(?<![\w.,])(\d{1,3}(?:[.,]\d{1,4})?)\s?(?:" + minor + r")"
                              + _PER_WORD + "(?:" + per + r")(?!\w)"))
    return out


def _spelled(per: str) -> str:
    """What a rate is per (folded) as a regex: its own form, and the other words its unit
    of work is written in (:data:`scout.units.UNIT_SPELLINGS`: ``stated('€/Wp')`` reads
    "£1.60 per watt" and "1,30 € por vatio pico"), longest first."""
    said = next((words for words in UNIT_SPELLINGS.values() if per in words), ())
    return "|".join(_number_too(w) for w in sorted({per, *said}, key=len, reverse=True))


def _number_too(unit: str) -> str:
    """A unit word (folded) as a regex that reads it in the singular and the plural, as
    pages write either ("1 día", "5-day turnaround" for ``stated('days', 'días')``); a
    short unit or one not ending in a letter ("km", "m2", "GB") as written."""
    if len(unit) < 3 or not unit[-1].isalpha() or " " in unit:
        return re.escape(unit)
    if len(unit) > 4 and unit.endswith(("ies", "ces")):
        # "batteries" / "battery"; "luces" / "luz", "pieces" / "piece"
        one = "y" if unit.endswith("ies") else "z|ce"
        return re.escape(unit[:-3]) + f"(?:{re.escape(unit[-3:-1])}s|{one})"
    stem = unit[:-2] if unit.endswith("es") and len(unit) >= 5 and unit[-3] not in "aeiou" \
        else unit[:-1] if unit.endswith("s") and len(unit) >= 4 else unit
    # a plural in "-es" after a consonant is a singular's "-s" ("noches": "noche", "clases":
    # "clase") as often as its "-es" ("meses": "mes"): both singulars are read
    return re.escape(stem) + r"(?:e?s|e)?"


def _quantities(folded: str, kind: str, target: str, worded: bool = False,
                ) -> list[tuple[int, tuple[int, int], float]]:
    """Every data size, weight, length or length of time ``folded`` states, in ``target``
    units (a listing's "1 TB" as 1000 GB, "90 min" as 1.5 h, "5 miles" as 8.047 km), with
    where each starts and its span; ``worded``: ``of=`` words say whose value it is, so a
    length's every unit is read (:func:`scout.units.stated_units`)."""
    units = stated_units(kind, target, worded)
    alt = "|".join(f"(?P<u_{u}>{rx})" for u, (rx, _f) in units.items())
    out = []
    for m in re.finditer(r"(?<![\d.,])" + _NUM + r"\s*(?:-\s*)?(?:" + alt + r")(?![\w²])", folded):
        unit = next(k[2:] for k, v in m.groupdict().items() if k.startswith("u_") and v)
        if unit == "g" and len(m.group(1)) == 1 and m.end(1) == m.start("u_g"):
            continue  # "4G", "5G": a mobile network, not grams
        out.append((m.start(), m.span(), convert_quantity(_figure(m.group(1)), unit, target)))
    return out
