"""The units a value is stated in, and converting between them: floor areas (square
metres, square feet), the period a price is for (a night, a day, a week, a month, a
year, or a person, which is no period) and the unit of work it is for (a word, a page, a
minute, an hour, an item: :data:`WORK_UNITS`).

It sits low in the layers (no scout imports) because three layers compare such values:
the query parser reads areas (:mod:`scout.task.area`), the ``stated`` filter reads a
listing's area in the unit a ``where`` asks for (:mod:`scout.spec.filters`), and ``rank``
and the keyless synthesis compare a price with a budget per the same period
(:mod:`scout.steps.rank`, :mod:`scout.adapters.structured`).

Two values are compared only when both units are known and one converts into the other;
two that cannot convert (a price per person against a budget per month) are said to be
not comparable (None here), never compared as if they were.
"""

from __future__ import annotations

import re
import unicodedata

# --- areas --------------------------------------------------------------------------------

SQ_FT_IN_M2 = 0.09290304  # one square foot in square metres (exact, by definition)

#: square metres written out or as a symbol, in folded text ("m²" folds to "m2")
M2 = (r"m\s?(?:2|²|\^2)|mts?\.?\s?(?:2|²)|sq\.?\s?m(?:etres|eters|trs)?\b\.?|sqm|"
      r"square\s+met(?:re|er)s?|metros?\s+cuadrados?|metro\s+cuadrado")
#: square feet, in English and Spanish
FT2 = (r"sq\.?\s?f(?:ee)?t\.?|sqft|ft\s?(?:2|²|\^2)|square\s+f(?:ee|oo)t|"
       r"pies?\s+cuadrados?")
#: "metros" / "mts" alone: what Spanish listings call square metres ("piso de 60 metros"),
#: never before "cúbicos" ("10 metros cúbicos" is a volume: :data:`VOLUME_UNITS`)
BARE_M2 = r"(?:metros|metro|mts)(?!\s+cubic)"

_UNIT_OF = [("m2", re.compile(rf"(?:{M2}|{BARE_M2})")), ("ft2", re.compile(FT2))]
#: the words a unit is written in, for messages
AREA_WORDS = {"m2": "square metres", "ft2": "square feet"}


def area_unit(word: str) -> str | None:
    """``"m2"`` or ``"ft2"`` when ``word`` (folded: lower case, no accents) names a unit of
    area, else None (``"km"``, ``"habitaciones"``, a bare ``"ft"`` that may be a length)."""
    text = " ".join(word.split())
    for unit, rx in _UNIT_OF:
        if rx.fullmatch(text):
            return unit
    return None


def convert_area(value: float, unit: str, target: str) -> float:
    """``value`` in ``unit`` ("m2" / "ft2") as ``target``, to one decimal (the precision a
    listing states an area in)."""
    if unit == target:
        return value
    metres = value * SQ_FT_IN_M2 if unit == "ft2" else value
    return round(metres if target == "m2" else metres / SQ_FT_IN_M2, 1)


# --- the period a price is for ----------------------------------------------------------------

#: how long each period a price can be "per" lasts, in days: a night is a day's stay, a
#: month the calendar's average (365.25 / 12), so 350 a week is ~1,522 a month; a year is
#: twelve such months exactly, so 12,000 a year is 1,000 a month, as a landlord means it (and a
#: quarter three of them: a gym's 90 a quarter is 30 a month); a
#: half day (a venue's or a guide's "media jornada") is half a day, so 400 a half day is
#: ~800 a day against a budget a day, flagged approximate as every conversion is
PERIOD_DAYS = {"half day": 0.5, "night": 1.0, "day": 1.0, "week": 7.0, "fortnight": 14.0,
               "month": 365.25 / 12, "quarter": 365.25 / 4, "year": 365.25}
#: the ``per`` of an amount for the whole of the dates asked ("600 € en total para las tres
#: noches"): a price per night is compared with it times the nights asked
TOTAL = "total"


#: the periods counted in days one by one (a day's rate): the others are calendar spans,
#: which hold only the days a week holds when it holds fewer than seven
_DAILY = frozenset({"half day", "night", "day"})


# --- the unit of work a price is for -----------------------------------------------------------

#: what a price can be per besides a period: a translator's word or page, a transcriber's
#: (audio) minute or hour, a job's item (a document, a file, a piece). An hour is also a
#: pay's period, and stays no part of a day (a day's work is no fixed number of hours)
#: An energy tariff's rate is priced the same way, per the energy metered: a kWh, a MWh
#: ("0,129 €/kWh", "24.5p per kWh", "85 €/MWh"), no period and no whole price.
#: A service sold by the occasion is priced per it too (:data:`OCCASIONS`).
#: So is an installation sold by the power it is sized in, the watt peak and the kWp
#: ("1,20 €/Wp", "£1.60 per watt", "900 €/kWp": a solar installer's): a rate, never the
#: whole installation's price.
WORK_UNITS = frozenset({"word", "page", "minute", "hour", "item", "kWh", "MWh", "visit", "walk",
                        "Wp", "kWp"})
#: the words a unit of work is written in besides its own, folded: a page's and a request's
#: "per watt" and "por vatio pico" are a price per Wp (:mod:`scout.task.moneyunits` reads a
#: money's unit by them, ``stated('€/Wp')`` a page's rate)
UNIT_SPELLINGS: dict[str, tuple[str, ...]] = {
    "Wp": ("wp", "watt", "watts", "watt peak", "watt-peak", "watts peak", "watts-peak",
           "vatio", "vatios", "vatio pico", "vatios pico"),
    "kWp": ("kwp",),
    # a liquid's litre and the US gallon, as pumps write them after a price: "1,459 €/l",
    # "139.9p per litre", "1.200 pesos el litro", "$3.89/gal", "$3.89 per gallon"
    # (``stated('€/l')``, ``stated('$/gal')`` read them all; measures: :data:`MEASURE_UNITS`)
    "l": ("l", "litre", "litres", "liter", "liters", "litro", "litros", "ltr", "lt"),
    "gal": ("gal", "gallon", "gallons", "galon", "galones"),
    # an hour of work or of hire, as pages write it after a price: "45 €/h", "£85 per
    # hour", "40 € la hora", "$95/hr" (``stated('€/h')`` reads them all)
    "hour": ("h", "hr", "hrs", "hour", "hours", "hora", "horas")}
#: the occasions a service is sold by: a sitter's or a doctor's visit, a dog walker's walk
#: ("£12 per visit", "12 € por paseo"). A listing's is its price's unit, so it is never
#: compared with a budget a night or a month as if both were one basis; a request's is
#: read with no unit (:func:`scout.task.money.iter_money`; "50p a walk" too), for the
#: listings it is compared with mostly state none ("Consulta: 60 €" for "under 60 euros a
#: visit"), and a budget per one compares such a price as it is (an occasion's)
OCCASIONS = frozenset({"visit", "walk"})
#: the measures a rate is per: a mover's or a storage unit's m³, a painter's or a flat's
#: m², a taxi's or a van's km or mile ("35 €/m³", "8 €/m²", "1,20 €/km", "£2.50 per
#: mile"). Like a unit of work, a basis with no period; unlike one, never a whole price:
#: a rate per m³ is compared only with a budget per a measure it converts to, or, times
#: the measure the request asks (rank's ``volume: {m3: volume, km: distance}``), with a
#: budget for the whole (:func:`per_factor`)
#: A rate per weight is one too: a bakery's or a butcher's "24 €/kg", "a 24 € el kilo",
#: "$12/lb" is never a whole cake's 24 € (rank's ``volume: {kg: weight}`` multiplies it
#: by a ``weight`` input's kilograms, or a kind works the weight out in ``values``)
#: A rate per litre or per gallon is one too: a fuel station's "1,459 €/l", "139.9p a
#: litre", "$3.89/gal", heating oil's or bulk wine's price per litre (rank's ``volume: {l:
#: litres}`` multiplies it by the litres asked; a gallon is the US one, as pumps that price
#: per gallon state it, 3.785411784 l)
MEASURE_UNITS = frozenset({"m2", "m3", "km", "mi", "kg", "lb", "l", "gal"})
# a rate per a measure a price may be multiplied by (:data:`MEASURE_UNITS`), right
# after the amount: of an area or a volume (metric: a rate per sq ft stays none),
# or of a distance after a connector ("1,20 €/km", "1,20 € el kilómetro", "£2.50 per
# mile", "$3 a mile"): never "120 € a 2 km de la playa"
#: the words of each measure (:data:`MEASURE_UNITS`), as a named group each: an area's
#: and a volume's, then a distance's (said after a connector only)
AREA_VOLUME_WORDS = (
    r"(?P<m2>m2|m²|mt2|mts2|sqm|sq\.?\s?m|metros? cuadrados?|square (?:metres?|meters?))|"
    r"(?P<m3>m3|m³|mt3|mts3|cbm|cu\.?\s?m|metros? c[uú]bicos?|cubic (?:metres?|meters?))")
DISTANCE_WORDS = r"(?P<km>km|kms|kil[oó]metros?|kilomet(?:re|er)s?)|(?P<mi>miles?|millas?)"
# a weight, after a connector too ("24 €/kg", "24 € el kilo", "£9 per kg", "$12/lb"): never
# "tarta de 2 kg, 40 €" (no connector) nor "per pound" (a pound is money as often as weight)
WEIGHT_WORDS = r"(?P<kg>kg|kgs|kilos?|kilogramos?|kilogrammes?|kilograms?)|(?P<lb>lbs?)"
# a liquid's volume, after a connector ("1,459 €/l", "1.200 pesos el litro", "140p a litre",
# "$3.89/gal", "$3.89 per gallon"): a bare "l" only after "/" ("€/l", "€/L"), for "a l" and
# "el l" are no unit a person writes; never "depósito de 50 litros, 75 €" (no connector)
LIQUID_WORDS = r"(?P<l>litros?|litres?|liters?|ltrs?|lts?)|(?P<gal>gallons?|galon(?:es)?|gal)"
_PER_MEASURE = re.compile(
    r"\s*(?:(?:/|\bper\b|\bpor\b|\bel\b|\ba\b|\bthe\b)?\s*(?:" + AREA_VOLUME_WORDS + r")"
    r"|(?:/|\bper\b|\bpor\b|\bel\b|\ba\b|\bthe\b)\s*(?:" + DISTANCE_WORDS + "|"
    + WEIGHT_WORDS + r"|" + LIQUID_WORDS + r")|/\s*(?P<l_>l))(?!\w)", re.I)


def measure_unit(text: str, end: int) -> str | None:
    """The measure the amount that ends at ``end`` in ``text`` is a rate per ("m2",
    "m3", "km", "mi"), or None: a listing's rate (:mod:`scout.steps.pricewords`) and a
    request's budget per one ("menos de 1,50 €/km": :mod:`scout.task.money`)."""
    said = measure_span(text, end)
    return said[0] if said is not None else None


def measure_span(text: str, end: int) -> tuple[str, int] | None:
    """The measure :func:`measure_unit` reads and where its words end, or None."""
    m = _PER_MEASURE.match(text, end)
    # "l_": the bare "/l", a litre as its words are
    return (m.lastgroup.rstrip("_"), m.end()) if m is not None and m.lastgroup else None


# a rate priced to three decimals, as fuel pumps write it ("1,459 €/l", "£1.459 per
# litre"): one separator then three digits, where the way the currency is written says that
# separator is the decimal mark: a comma before a euro sign written after the figure (a
# continental page, which groups thousands by a point: "1.459 €" stays 1459), a point after
# a pound sign (a British page groups them by a comma). A "$" says neither: a peso's
# "$1.459 el litro" is 1459 pesos, a Canadian pump's "$1.459/L" a dollar and a half
_RATE_DECIMALS = re.compile(r"(?<![\d.,])(?:(?P<comma>\d,\d{3})\s?€|(?<=£)\s?(?P<point>\d\.\d{3}))"
                            r"(?![\d.,]\d)")


def rate_decimals(said: str) -> float | None:
    """The value of the figure in ``said`` (an amount as written, with its currency) when
    it is a rate priced to three decimals (:data:`_RATE_DECIMALS`: "1,459 €" → 1.459,
    "£1.459" → 1.459), else None. Asked only of a rate, an amount per a unit of work or a
    measure (the money reader, :mod:`scout.task.money`; ``stated('€/l')``): "1,200 €" alone
    is read as the money reader reads it."""
    found = rate_decimals_at(said)
    return found[0] if found is not None else None


def rate_decimals_at(said: str) -> tuple[float, int] | None:
    """:func:`rate_decimals` of the last such figure in ``said`` (a range's top), with
    where that figure starts; None when there is none."""
    m = None
    for m in _RATE_DECIMALS.finditer(said):
        pass
    if m is None:
        return None
    group = "comma" if m.group("comma") else "point"
    return float(m.group(group).replace(",", ".")), m.start(group)


#: the bases rank compares a price on besides a period: units of work and measures
RATE_UNITS = WORK_UNITS | MEASURE_UNITS
#: how a measure input's value (metres for a ``length``, m² for an ``area``, m³ for a
#: ``volume``) counts each measure a rate may be per: 25,000 m is 25 km
MEASURE_OF_TYPE: dict[str, dict[str, float]] = {
    "length": {"km": 1000.0, "mi": 1609.344}, "area": {"m2": 1.0},
    "volume": {"m3": 1.0, "l": 0.001, "gal": 0.003785411784},
    "weight": {"kg": 1.0, "lb": 0.45359237}}
#: the conversions every kind shares: an hour is 60 minutes, a MWh 1,000 kWh, a kWp
#: 1,000 Wp, a km 1,000 m
#: and a mile 1,609.344 m. How many words a page holds is the kind's to say (rank's
#: ``units: {page: 250 words}``, docs/authoring.md)
FIXED_BASES: dict[str, tuple[str, float]] = {"hour": ("minute", 60.0), "MWh": ("kWh", 1000.0),
                                             "kWp": ("Wp", 1000.0),
                                             "km": ("m", 1000.0), "mi": ("m", 1609.344),
                                             "gal": ("l", 3.785411784)}
#: a kind's bases: a unit of work → (the smaller unit it is counted in, how many of them)
Bases = dict[str, tuple[str, float]]


#: a unit of work as an author writes it in a basis ("250 words", "60 minutes")
_BASIS = re.compile(r"\s*(\d+(?:\.\d+)?)\s+([a-z]+)\s*")
_SINGULAR = {"words": "word", "pages": "page", "minutes": "minute", "hours": "hour",
             "items": "item", "visits": "visit", "walks": "walk"}


def parse_bases(units: dict[str, str]) -> Bases:
    """A kind's ``units: {page: 250 words}`` as :data:`Bases`; ValueError saying what is
    wrong with one (a unit that is no unit of work, a count that is no positive number)."""
    bases: Bases = {}
    for unit, said in units.items():
        m = _BASIS.fullmatch(str(said).lower())
        smaller = _SINGULAR.get(m.group(2), m.group(2)) if m else ""
        if unit not in WORK_UNITS or smaller not in WORK_UNITS or smaller == unit \
                or not m or not float(m.group(1)) > 0:
            raise ValueError(
                f"units: '{unit}: {said}' is no unit of work counted in another: write it "
                f"as 'page: 250 words' (units: {', '.join(sorted(WORK_UNITS))})")
        bases[unit] = (smaller, float(m.group(1)))
    for unit in bases:  # "page: 2 items" and "item: 3 pages" count nothing in the end
        seen, at = {unit}, unit
        while at in bases:
            at = bases[at][0]
            if at in seen:
                raise ValueError(f"units: '{unit}' is counted in itself through "
                                 f"'{bases[unit][0]}': count each unit in a smaller one")
            seen.add(at)
    return bases


def _in_smallest(unit: str, bases: Bases) -> tuple[str, float]:
    """``unit`` as a count of the smallest unit ``bases`` leads it to (a page as 250
    words, an hour as 60 minutes; a word as 1 word)."""
    count = 1.0
    for _ in range(len(bases) + 1):  # a basis that loops back on itself stops here
        if unit not in bases:
            break
        count *= bases[unit][1]
        unit = bases[unit][0]
    return unit, count


def work_amount(per: str, volume: dict[str, float], bases: Bases | None = None) -> float | None:
    """How many of the unit ``per`` the work asked holds: ``volume`` is the amount asked
    by unit (8000 words; 1200 minutes), read in ``per`` (32 pages when a page is 250
    words); None when no amount asked is counted in ``per``'s unit."""
    for unit, amount in volume.items():
        factor = work_factor(unit, per, bases)
        if factor:
            return amount / factor
    return None


def work_factor(per: str, target: str, bases: Bases | None = None) -> float | None:
    """What an amount per the unit of work ``per`` is multiplied by to be an amount per
    ``target`` (0.08 a word is 20 a page when a page is 250 words: 250; 66 an hour is
    1.10 a minute: 1/60); None when neither is counted in the other (a word and a minute,
    or a page with no words per page declared)."""
    known = {**FIXED_BASES, **(bases or {})}
    (a, many_a), (b, many_b) = _in_smallest(per, known), _in_smallest(target, known)
    return many_b / many_a if a == b else None


def per_factor(per: str | None, target: str | None, week: float = 7,
               bases: Bases | None = None) -> float | None:
    """What an amount per ``per`` is multiplied by to be an amount per ``target``.

    1.0 when either side states no unit (nothing to convert: the amounts are compared as
    they are, as before units were read; but a measure's rate, per m³ or km, never is:
    :data:`MEASURE_UNITS`) or both state the same; None when they cannot be
    compared (a person against a month, or a unit this table does not know). ``week``:
    the days a week holds for what is priced (5 for a day camp "de lunes a viernes"), so
    a price a day is 5 of them a week, and a month's ~21.7 (scout.steps.weekdays).
    ``bases``: the kind's units of work counted in others (:func:`work_factor`)."""
    if per == target:
        return 1.0
    if per in MEASURE_UNITS or target in MEASURE_UNITS:
        # a rate per m³ is never a whole price, nor a budget per km one: a measure
        # compares only with one it converts to (a km with a mile)
        return work_factor(per, target, bases) if per and target else None
    if not per or not target:
        return 1.0
    if per in WORK_UNITS and target in WORK_UNITS:
        return work_factor(per, target, bases)
    if per in PERIOD_DAYS and target in PERIOD_DAYS:
        def days(p: str) -> float:
            return PERIOD_DAYS[p] * (1.0 if p in _DAILY else week / 7)
        return days(target) / days(per)
    return None


# --- data sizes, weights, lengths and volumes -------------------------------------------------------
#
# A quantity a product states in one of several units of one kind: memory and storage
# (``16 GB``, ``1 TB``, ``512 GB``), weight (``1,4 kg``, ``1.200 g``, ``3.1 lbs``). Each
# kind has a base unit (a gigabyte, a kilogram) that an input's value is in, and the
# ``stated`` filter converts a listing's other units of the same kind into the unit a
# ``where`` asks for, as it does square feet into square metres.
#
# Data sizes are decimal, as memory and storage are sold (a 1 TB disk is 1,000 GB); the
# binary units people also write (GiB, TiB) are converted exactly.

#: unit → (its regex in folded text, how many base units one of it is)
DATA_UNITS: dict[str, tuple[str, float]] = {
    "tb": (r"tb|tbs|terabytes?|teras?", 1000.0),
    "tib": (r"tib", 1024 ** 4 / 1e9),
    # "16 gigs of RAM", "20 gigs of data"; a "gig" alone is a concert, so only before what
    # it measures (or for an input about a data allowance: :mod:`scout.task.quantity`)
    "gb": (r"gb|gbs|gigabytes?|gigas?|gigs?(?=\s+(?:of\s+|de\s+)?(?:ram|memory|memoria|"
           r"ssd|storage|almacenamiento|disco|disk|hdd|data|datos|internet)\b)", 1.0),
    "gib": (r"gib", 1024 ** 3 / 1e9),
    "mb": (r"mb|mbs|megabytes?|megas?", 0.001),
    "mib": (r"mib", 1024 ** 2 / 1e9),
}
#: weights, in kilograms: a pound is 0.45359237 kg exactly, an ounce a sixteenth of it
MASS_UNITS: dict[str, tuple[str, float]] = {
    "kg": (r"kg|kgs|kilos?|kilogram(?:me)?s?|kilogramos?", 1.0),
    "g": (r"g|gr|grs|grams?|grammes?|gramos?", 0.001),
    "lb": (r"lbs?|pounds?|libras?", 0.45359237),
    "oz": (r"oz|ounces?|onzas?", 0.45359237 / 16),
}
#: lengths and distances, in metres: a trail's "15 km", a hotel's "300 m from the beach", an
#: elevation gain's "1,500 feet"; a mile is 1,609.344 m and a foot 0.3048 m exactly. Metres
#: are the base (not km) so the short distances a listing states ("a 300 metros") stay whole
#: numbers, as square metres do for areas. A unit followed by "cuadrados" / "square" / "2"
#: is an area's ("60 metros cuadrados"), never a length's (the reader's lookahead)
LENGTH_UNITS: dict[str, tuple[str, float]] = {
    "km": (r"km|kms|kilomet(?:re|er|ro)s?", 1000.0),
    "m": (r"(?:m|mts?|met(?:re|er|ro)s?)(?!\s+(?:cuadrad|square|cubic))", 1.0),
    # a frame's "54 cm", a person's "180 cm" (never "cm2" / "cm²", an area's, nor "cm³")
    "cm": (r"(?:cms?|cent[ií]met(?:re|er|ro)s?)(?![2²3³])(?!\s+(?:cuadrad|square|cubic))", 0.01),
    "mi": (r"mi|miles?|millas?", 1609.344),
    "ft": (r"(?:ft|feet|foot|pies)(?!\s+(?:cuadrad|cubic))", 0.3048),
}
#: volumes, in cubic metres: a storage unit's "10 m³", a removal's "25 metros cúbicos", a
#: self-storage locker's "50 cubic feet", a fridge's "300 litros"; a cubic foot is
#: 0.028316846592 m³ and a litre 0.001 m³ exactly. "m3" after a digit is a volume, never a
#: length of metres (the length reader's "(?![\w²])" stops at the "3"), and "metros
#: cúbicos" / "pies cúbicos" are no lengths or areas (their readers' lookaheads)
VOLUME_UNITS: dict[str, tuple[str, float]] = {
    "m3": (r"m\s?(?:3|³|\^3)|mts?\.?\s?(?:3|³)|cbm|cu\.?\s?m\b\.?|cubic\s+met(?:re|er)s?|"
           r"met(?:ro|re|er)s?\s+cubicos?", 1.0),
    "ft3": (r"cu\.?\s?f(?:ee)?t\.?|cuft|ft\s?(?:3|³|\^3)|cubic\s+f(?:ee|oo)t|pies?\s+cubicos?",
            0.028316846592),
    "l": (r"l|lts?|lit(?:re|er|ro)s?", 0.001),
}
#: the units a request may write a length or a weight in that are not the ones scout shows
#: them in (m and km, g and kg): a value asked in one is shown in the request's system, the
#: other in brackets ("5 mi (8.05 km)"), though it is kept and compared in metres / kg
IMPERIAL: dict[str, tuple[str, ...]] = {"length": ("mi", "ft"), "weight": ("lb", "oz"),
                                        "volume": ("ft3",), "area": ("ft2",)}


def said_unit(kind: str, text: str) -> str | None:
    """The unit of ``IMPERIAL[kind]`` a request's ``text`` ("under 5 miles", "3 lbs", "50
    sq ft") writes its value in, or None (a metric one, none, or a kind that has none)."""
    # an area is no QUANTITIES kind (it has its own reader), but is said in feet the same way
    # (an area's span said by its sides in feet, "5x10 ft", "5' x 10'", is square feet too)
    units = {"ft2": (FT2 + r"|ft|feet|foot|pies|'", SQ_FT_IN_M2)} if kind == "area" else \
        QUANTITIES[kind][0] if kind in IMPERIAL else {}
    # accents off ("pies cúbicos"), but not NFKD: "m³" / "ft³" keep their "³"
    folded = "".join(c for c in unicodedata.normalize("NFD", text.casefold())
                     if not unicodedata.combining(c))
    for unit in IMPERIAL.get(kind, ()):
        # "\s*(?:-\s*)?", not "\s*-?\s*": one quantifier over a run of spaces ("1" before
        # 20,000 spaces took 2 s)
        if re.search(r"\d\s*(?:-\s*)?(?:" + units[unit][0] + r")(?![\w²])", folded):
            return unit
    return None


#: the kinds of quantity: input type → its units and the unit its value is in
QUANTITIES: dict[str, tuple[dict[str, tuple[str, float]], str]] = {
    "data_size": (DATA_UNITS, "gb"),
    "weight": (MASS_UNITS, "kg"),
    "length": (LENGTH_UNITS, "m"),
    "volume": (VOLUME_UNITS, "m3"),
}


#: lengths of time a listing states ("40 hours", "90 min", "40 horas", "1,5 h"), in
#: seconds as a ``duration`` input holds them; only ``stated`` reads them (the request
#: parser reads durations its own way). Days and weeks are left out: a course's "6 weeks"
#: is a calendar span, not 1,008 hours of it; so is a bare "s" or "m" (a plural, metres)
TIME_UNITS: dict[str, tuple[str, float]] = {
    "h": (r"h|hr|hrs|hours?|horas?", 3600.0),
    "min": (r"mins?|minutes?|minutos?", 60.0),
    "sec": (r"secs?|seconds?|segundos?", 1.0),
}
#: what ``stated`` converts between: the input types' quantities and lengths of time
STATED_QUANTITIES: dict[str, tuple[dict[str, tuple[str, float]], str]] = {
    **QUANTITIES, "duration": (TIME_UNITS, "sec"),
}


#: a length's units by what a listing states in them: a route's distance in km or miles,
#: its climbs, heights and the short walks to a place in metres or feet. ``stated("km")``
#: with no ``of=`` words converts miles, not a trail's "600 m de desnivel", which would
#: be its shortest "distance" (:func:`stated_units`)
LENGTH_SCALES = ({"km", "mi"}, {"m", "cm", "ft"})


def stated_units(kind: str, target: str, worded: bool) -> dict[str, tuple[str, float]]:
    """The units of ``kind`` that ``stated`` reads for a value asked in ``target``: every
    unit of the quantity, but for a length asked with no ``of=`` words (``worded``
    False), whose units are read on ``target``'s scale only (:data:`LENGTH_SCALES`)."""
    units = STATED_QUANTITIES[kind][0]
    if kind != "length" or worded:
        return units
    scale = next((s for s in LENGTH_SCALES if target in s), set(units))
    return {u: v for u, v in units.items() if u in scale}


def quantity_unit(word: str) -> tuple[str, str] | None:
    """``(kind, unit)`` when ``word`` (folded) names a unit of a data size, a weight, a
    length (``"millas"`` → ``("length", "mi")``) or a length of time (``"GB"`` → ``("data_size", "gb")``, ``"libras"`` → ``("weight",
    "lb")``, ``"horas"`` → ``("duration", "h")``), else None."""
    text = " ".join(word.split())
    for kind, (units, _base) in STATED_QUANTITIES.items():
        for unit, (rx, _factor) in units.items():
            if re.fullmatch(rx, text):
                return kind, unit
    return None


def display_unit(kind: str, unit: str) -> str:
    """The unit a value of the type ``kind`` is shown in, for ``unit`` as a Task or a
    template writes it, by the same spellings the request parser reads ("miles",
    "millas" → "mi"; "lbs" → "lb"; "kms" → "km"; "sq ft" → "ft2"): the display knows only
    the short codes (:data:`IMPERIAL`), so a spelling it did not know showed a length
    asked in miles in metres alone. One naming another type's unit, or none, is kept."""
    import unicodedata as ud

    folded = "".join(c for c in ud.normalize("NFD", str(unit).casefold().strip().rstrip("."))
                     if not ud.combining(c))
    if kind == "area":
        return area_unit(folded) or unit
    said = quantity_unit(folded)
    return said[1] if said is not None and said[0] == kind else unit


def convert_quantity(value: float, unit: str, target: str) -> float:
    """``value`` in ``unit`` as ``target``, two units of one kind (``1 tb`` → ``1000.0``
    gb, ``3 lb`` → ``1.36`` kg), to three significant decimals at most."""
    if unit == target:
        return value
    for units, _base in STATED_QUANTITIES.values():
        if unit in units and target in units:
            return round(value * units[unit][1] / units[target][1], 3)
    raise ValueError(f"cannot convert {unit} to {target}")


#: what may stand between a value and the word saying whose it is, after the value ("16 GB
#: de RAM", "1 TB NVMe SSD": a joining word and one word more) and before it ("RAM: 16 GB",
#: "SSD de 1 TB", "storage of 512 GB"), in folded text; the query parser and the ``stated``
#: filter read "which of a product's gigabytes" the same way
#: (the one word more is never a conjunction: "TIN 2,45% y TAE 2,67%" states no TAE of 2,45,
#: the "y" starts the next value's own words, and it ends no sentence: in "0,25 € color.
#: Encuadernación 18 €" the 0,25 € is no binding's, the full stop ends its words)
NEXT_AFTER = (r"(?:\s*(?:de|del|of|of the|en)\b)?"
              r"(?:\s+(?!(?:y|e|o|u|ni|and|or|nor|but|pero)\b)[a-z0-9]+(?:\.[a-z0-9]+)*)??\s+")
NEXT_BEFORE = r"\s*(?:[:=]\s*|\s(?:de|del|of|with|con)\s+)?"
