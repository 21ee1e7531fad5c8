"""Which of the amounts a listing states is its price, told by the words next to them.

A listing states more amounts than its price: a home for sale its price per m²
(``3.632 €/m² · 345.000 €``, ``£6,750 per sq ft``), a mover or a storage unit its rate per
m³ (``35 €/m³``, ``£4 per cubic foot``), and its running costs (``Comunidad: 60 €/mes.
Precio: 210.000 €``). An amount per unit of area or volume is a rate, never the price,
and a fee charged once beside a rate (a taxi's flag-fall, a call-out fee) is no price either;
an amount the text labels as the price (``Precio:``, ``Asking price``, ``se vende por``)
is the price even after another one. A camp's or a course's price is often for a stated
number of days or weeks ("Turno de 15 días: 690 €", "€900 for the 2-week session"): that is
its period when the period table knows it (:func:`stated_period`).
:func:`scout.steps.listprice.find_price` asks these.
"""

from __future__ import annotations

import re

# right after the amount: "/m²", " el m2", " per sq ft", "/sqm", " por metro cuadrado"; and
# of a volume, what a mover or a storage unit charges by: "/m³", " el m3", " per cubic
# foot", " por metro cúbico", "/cbm"
_PER_SIZE = re.compile(
    r"\s*(?:/|\bper\b|\bpor\b|\bel\b|\ba\b|\bthe\b)?\s*(?:m2|m²|mt2|mts2|sqm|sq\.?\s?m|sq\.?\s?ft|"
    r"sqft|ft2|ft²|metros? cuadrados?|square (?:metres?|meters?|foot|feet)|"
    r"m3|m³|mt3|mts3|cbm|cu\.?\s?m|cu\.?\s?ft|cuft|ft3|ft³|metros? c[uú]bicos?|"
    r"cubic (?:metres?|meters?|foot|feet))(?!\w)", re.I)

# right before the amount, in its clause: "Precio: ", "Precio de venta ", "Asking price ",
# "Price: from ", "se vende por ", "offers over "
_PRICE_LABEL = re.compile(
    r"\b(?:precio|price|se vende por|vendo por|a la venta por|for sale at|offers over|"
    r"offers in excess of)\b[^\d.;!?\n]{0,14}$", re.I)


def per_size(text: str, end: int) -> bool:
    """Whether the amount that ends at ``end`` in ``text`` is a rate per unit of area or
    of volume."""
    return _PER_SIZE.match(text, end) is not None


def labelled_price(text: str, start: int) -> bool:
    """Whether the amount that starts at ``start`` in ``text`` is labelled as the price."""
    return _PRICE_LABEL.search(text[max(0, start - 40): start]) is not None


# a fee charged once beside a rate or a job's price: a taxi's flag-fall, a booking or a
# call-out fee, a start fee ("bajada de bandera 2,50 €, 1,20 €/km", "£3 booking fee, £2
# per mile", "desplazamiento 30 € + 25 €/m²", a tradesperson's "salida 30 € + 35 €/hora",
# "£60 call-out, then £45/hour"): what a trip or a job costs is mostly its rate, so such a
# fee is no price beside one (as a deposit is none beside a rent). "salida" alone is a
# call-out only where no price word owns it ("precio de salida" is an auction's price)
_FEE = (r"(?:bajada\s+de\s+bandera|banderazo|flag[\s-]?fall|flag\s+drop|"
        r"(?:booking|call[\s-]?out|start(?:ing)?|pick[\s-]?up|dispatch|reservation|set[\s-]?up)"
        r"\s+(?:fee|charge)s?|call[\s-]?out(?!s)|"
        r"(?:tarifa|cargo|tasa|gastos?|coste|costo|suplemento)\s+(?:de\s+|por\s+)?(?:la\s+)?"
        r"(?:reserva|salida|inicio|arranque|desplazamiento|llamada|recogida)|desplazamiento|"
        r"(?<!precio de )(?<!precio )(?<!puja de )(?<!valor de )salida)")
# (the label right before the amount: "bajada de bandera: 2,50 €", "booking fee of £3")
_FEE_BEFORE = re.compile(r"\b" + _FEE + r"(?:\s*[:=–-]|\s+(?:de|of|is|es|desde|from))*\s*$",
                         re.I)
_FEE_AFTER = re.compile(r"\s*(?:de\s+|for\s+(?:the\s+)?|as\s+(?:a\s+)?)?(?:" + _FEE + r")\b", re.I)


def fixed_fee(text: str, span: tuple[int, int]) -> bool:
    """Whether the amount at ``span`` in ``text`` is labelled as a fee charged once
    (a flag-fall, a booking, start or call-out fee), before it or right after it."""
    start, end = span
    return _FEE_BEFORE.search(text[max(0, start - 40): start]) is not None \
        or _FEE_AFTER.match(text, end) is not None


# a price a shop strikes through, said in words before it ("Was $120.00 Now $60.00",
# "Antes: 120 €", "RRP £49.99", "Precio anterior 1.299 €", "instead of", "en lugar de")
_FORMER_BEFORE = re.compile(
    r"\b(?:was|were|before|previously|originally|regular(?: price)?|reg\.|usual price|"
    r"old price|original price|list price|rrp|msrp|instead of|compare at|"
    r"antes|precio (?:anterior|original|habitual|de lista|recomendado)|pvpr|"
    r"en (?:lugar|vez) de)\b[^\w.;!?\n]{0,4}$", re.I)  # ": " or a sign between, no word
# ... or after it, right before the price now: "£120 now £99", "120 € ahora 99 €",
# "120 € → 99 €" (not "120 € now available": the next figure must follow)
_FORMER_AFTER = re.compile(r"[\s:,;*)\]-]*(?:now|ahora|→|->|⇒)(?:\s+(?:only|just|solo|sólo))?"
                           r"[\s:]*(?=[^\w\s]|\d)", re.I)


def former_price(text: str, span: tuple[int, int]) -> bool:
    """Whether the amount at ``span`` in ``text`` is a price struck through: the one a
    shop had before, stated beside the one it asks now."""
    start, end = span
    return _FORMER_BEFORE.search(text[max(0, start - 40): start]) is not None \
        or _FORMER_AFTER.match(text, end) is not None


# a number of days or weeks said with an amount: before it in its clause ("Turno de 15
# días: 690 €", "2 weeks: €900") or right after it ("€900 for the 2-week session", "420 €
# por 10 días", "650 € la quincena" is read by the amount reader itself)
_COUNT = r"(?P<n>\d{1,2}|one|two|una?|dos)"
_SPAN = _COUNT + r"[\s-]*(?P<unit>d[ií]as?|days?|semanas?|weeks?)\b"
# (only a colon, a dash or "por" / "for" between: "7 días antes: 120 €" is a deadline)
_PERIOD_BEFORE = re.compile(_SPAN + r"\s*(?:[:=–-]|\b(?:por|for|at|desde|from)\b)?\s*$", re.I)
_PERIOD_AFTER = re.compile(r"\s*(?:for|por|per|durante|x|/)\s+(?:(?:the|a|an|el|la|los|las|un|una)\s+)?"
                           + _SPAN, re.I)
_WORD_COUNTS = {"one": 1, "un": 1, "una": 1, "two": 2, "dos": 2}
# a stay's length in days as the period table knows it (scout.units.PERIOD_DAYS): a
# "quincena" is 15 days and two weeks 14, one period; other lengths are none it compares
_PERIODS = {1: "day", 7: "week", 14: "fortnight", 15: "fortnight"}


def stated_period(text: str, span: tuple[int, int]) -> str | None:
    """The period (``per``) a number of days or weeks said with the amount at ``span`` in
    ``text`` is, or None: 7 days or a week "week", 14 or 15 days or two weeks "fortnight".
    A design choice: another length ("420 € por 10 días") is left with no period, for the
    period table compares none and a price per day worked out of it would misquote the
    page."""
    m = _PERIOD_AFTER.match(text, span[1]) or _PERIOD_BEFORE.search(text[max(0, span[0] - 40):span[0]])
    if m is None:
        return None
    n = m.group("n").lower()
    count = int(n) if n.isdigit() else _WORD_COUNTS[n]
    days = count * (7 if m.group("unit").lower().startswith(("s", "w")) else 1)
    return _PERIODS.get(days)


# a period written as the amount's label, at the start of its clause, right before a colon:
# "Semana: 3.500 €", "Precio por semana: 3.500 €", "Weekly: €3,500", "Half day: €600",
# "Día completo: 290 €" (a charter's or a rental's price list); never a word inside a
# clause ("Fianza semana 1: 500 €" has no clause start before "semana")
_LABEL_WORDS = {
    "half day": r"medio d[ií]a|media jornada|half[\s-]day",
    "day": r"d[ií]a(?:\s+completo)?|por\s+d[ií]a|al\s+d[ií]a|jornada(?:\s+completa)?|diari[oa]|"
           r"(?:full[\s-])?day|daily|per\s+day",
    "night": r"noche|por\s+noche|night|nightly|per\s+night",
    "week": r"semana|por\s+semana|semanal|week|weekly|per\s+week",
    "fortnight": r"quincena|fortnight",
    "month": r"mes|por\s+mes|al\s+mes|mensual|month|monthly|per\s+month",
    "year": r"a[nñ]o|por\s+a[nñ]o|al\s+a[nñ]o|anual|year|yearly|annual|per\s+year",
}
_LABEL_PERIOD = re.compile(
    r"(?:^|[.;!?\n(|•·]\s*|,\s+)(?:(?:precio|tarifa|alquiler|price|rate|rental)\s+)?(?:"
    + "|".join(f"(?P<{k.replace(' ', '_')}>{v})" for k, v in _LABEL_WORDS.items())
    + r")\s*[:=]\s*$", re.I)


# a period said inside the label of a pass, a ticket or a fee, anywhere in the amount's
# clause: "Adult day pass CHF 72", "Forfait de día adulto 52 €", "Weekly ticket for adults
# £90", "Abono semanal adulto 30 €", "7-day pass £90", "Monthly fee: 40 €", "Bike rental
# per day €15". The period word must qualify such a noun, for a tour's or a trip's length
# is no period its price is for ("Day trip £30", "Excursión de un día 45 €" are one
# outing's); a named day or year is none either ("Día del espectador", "New Year ticket")
_PASS_NOUN = (r"(?:(?:ski|lift|season)[\s-]?)?(?:pass(?:es)?|tickets?|cards?|forfaits?|"
              r"skipass(?:es)?|abonos?|pases?|bonos?|entradas?|billetes?|tarjetas?|"
              r"memberships?|subscriptions?|suscripci[oó]n(?:es)?|cuotas?|fees?|rates?|"
              r"prices?|precios?|tarifas?|rentals?|alquiler(?:es)?|rent|renta)")
_ADJ = {"half day": r"half[\s-]day|medio\s+d[ií]a|media\s+jornada",
        "day": r"(?:full[\s-]|one[\s-]|1[\s-]?)?day|daily|diari[oa]s?",
        "week": r"(?:one[\s-]|1[\s-]?)?week|weekly|semanal(?:es)?",
        "fortnight": r"fortnight(?:ly)?|quincenal(?:es)?",
        "month": r"(?:one[\s-]|1[\s-]?)?month|monthly|mensual(?:es)?",
        "year": r"(?<!new\s)(?:one[\s-]|1[\s-]?)?year|yearly|annual|anual(?:es)?"}
_NOUN = {"half day": r"medio\s+d[ií]a|media\s+jornada|(?:a\s+)?half[\s-]day",
         "day": r"(?:un\s+|una\s+|one\s+|1\s+|a\s+)?(?:d[ií]a|jornada|day)(?!\s+del?\s)",
         "week": r"(?:una\s+|one\s+|1\s+|a\s+)?(?:semana|week)",
         "fortnight": r"(?:una\s+|a\s+)?(?:quincena|fortnight)",
         "month": r"(?:un\s+|one\s+|1\s+|a\s+)?(?:mes|month)",
         "year": r"(?:un\s+|one\s+|1\s+|a\s+)?(?:a[nñ]o|year)(?!\s+nuevo)"}
# (between the label and the amount: a few words of who it is for or "from", no figure and
# no clause's end: "for adults", "adulto", "(niño)", "desde")
_TO_AMOUNT = r"(?:[\s:=()–-]*\b[^\W\d_]+\b){0,3}[\s:=()–-]*$"
_PASS_PERIOD = re.compile(
    r"\b(?:(?:" + "|".join(f"(?P<a_{k.replace(' ', '_')}>{v})" for k, v in _ADJ.items())
    + r")[\s-]+" + _PASS_NOUN + r"|" + _PASS_NOUN + r"(?:\s+(?:de|del|por|per|for|of|al|a|"
    r"para))?\s+(?:" + "|".join(f"(?P<n_{k.replace(' ', '_')}>{v})" for k, v in _NOUN.items())
    + r"|" + "|".join(f"(?P<j_{k.replace(' ', '_')}>{v})" for k, v in _ADJ.items()
                      if k != "half day") + r")|(?P<span>" + _SPAN + r")[\s-]+" + _PASS_NOUN
    + r"|" + _PASS_NOUN + r"\s+(?:(?:de|of|for)\s+)?(?P<span2>" + _SPAN.replace("?P<n>", "?P<n2>")
    .replace("?P<unit>", "?P<unit2>") + r"))\b" + _TO_AMOUNT, re.I)


def labelled_period(text: str, span: tuple[int, int]) -> str | None:
    """The period (``per``) the amount at ``span`` in ``text`` is labelled with, a period
    word at the start of its clause before a colon ("Semana: 3.500 €", "Weekly: €3,500",
    "Half day: €600" are per week, per week, per half day), or None."""
    m = _LABEL_PERIOD.search(text[max(0, span[0] - 40):span[0]])
    if m is None:
        return None
    return next(k.replace("_", " ") for k, v in m.groupdict().items() if v is not None)


def pass_period(text: str, span: tuple[int, int]) -> str | None:
    """The period a pass, a ticket or a fee is for, said in the label of the amount at
    ``span`` in ``text`` ("Adult day pass CHF 72", "Abono semanal adulto 30 €": per day,
    per week; "7-day pass £90": per week), or None."""
    m = _PASS_PERIOD.search(text[max(0, span[0] - 60):span[0]])
    if m is None:
        return None
    for n, unit in (("n", "unit"), ("n2", "unit2")):
        if m.group(n):
            count = m.group(n).lower()
            days = (int(count) if count.isdigit() else _WORD_COUNTS[count]) \
                * (7 if m.group(unit).lower().startswith(("s", "w")) else 1)
            return _PERIODS.get(days)
    return next(k[2:].replace("_", " ") for k, v in m.groupdict().items()
                if v is not None and k[:2] in ("a_", "n_", "j_"))
