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


# what is sold, named right before a length said before the amount ("Excursión de un
# día", "Trip of one day", "Campamento 1 día"): a word, then at most "de" / "of" / "del"
_NAMED_BEFORE = re.compile(r"[^\W\d_]{2,}\s+(?:(?:de|del|of)\s+)?$", re.I)
# ... or right after one said after it ("€45 for a one-day tour"): a word, no pass's
_NAMED_AFTER = re.compile(r"[\s-]+(?P<word>[^\W\d_]{2,})")


def stated_period(text: str, span: tuple[int, int]) -> str | None:
    """The period (``per``) a number of days or weeks said with the amount at ``span`` in
    ``text`` is, or None: 7 days or a week "week", 14 or 15 days or two weeks "fortnight".
    A design choice: another length ("420 € por 10 días") is left with no period, for the
    period table compares none and a price per day worked out of it would misquote the
    page. A length of several days or weeks is a stay's or a session's ("Turno de 15 días",
    "Campamento 7 días"), put on its period; one day said of what is sold ("Excursión de
    un día 45 €", "€45 for a one-day tour") names the outing, one occasion's price, and
    gives none (the rule of :func:`pass_period`: a period word is the price's when it
    belongs to a pass, a ticket, a rate or a rental for that period, never when it names
    what is sold)."""
    after = _PERIOD_AFTER.match(text, span[1])
    before = None if after else _PERIOD_BEFORE.search(text[max(0, span[0] - 40):span[0]])
    m = after or before
    if m is None:
        return None
    n = m.group("n").lower()
    count = int(n) if n.isdigit() else _WORD_COUNTS[n]
    days = count * (7 if m.group("unit").lower().startswith(("s", "w")) else 1)
    if days == 1 and _names_what_is_sold(text, span, after, before):
        return None
    return _PERIODS.get(days)


def _names_what_is_sold(text: str, span: tuple[int, int], after: re.Match[str] | None,
                        before: re.Match[str] | None) -> bool:
    """Whether the length matched ``after`` or ``before`` the amount at ``span`` qualifies
    a noun of what is sold (no pass, ticket, rate or rental): "Excursión de un día",
    "a one-day tour"."""
    if after is not None:
        word = _NAMED_AFTER.match(text, after.end())
        return word is not None and re.fullmatch(_PASS_NOUN, word.group("word"), re.I) is None
    assert before is not None
    window = text[max(0, span[0] - 40):span[0]]
    ahead = window[:before.start()]
    # "Alquiler de kayak de un día: 35 €": a rental's length in its clause is a rate's
    clause = re.split(r"[.;:!?\n(|•·]", ahead)[-1]
    if re.search(r"\b" + _PASS_NOUN + r"\b", clause, re.I):
        return False
    return _NAMED_BEFORE.search(ahead) is not None


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
_PASS_LABEL = (
    r"(?:" + "|".join(f"(?P<a_{k.replace(' ', '_')}>{v})" for k, v in _ADJ.items())
    + r")[\s-]+" + _PASS_NOUN + r"|" + _PASS_NOUN + r"(?:\s+(?:de|del|por|per|for|of|al|a|"
    r"para))?\s+(?:" + "|".join(f"(?P<n_{k.replace(' ', '_')}>{v})" for k, v in _NOUN.items())
    + r"|" + "|".join(f"(?P<j_{k.replace(' ', '_')}>{v})" for k, v in _ADJ.items()
                      if k != "half day") + r")|(?P<span>" + _SPAN + r")[\s-]+" + _PASS_NOUN
    + r"|" + _PASS_NOUN + r"\s+(?:(?:de|of|for)\s+)?(?P<span2>" + _SPAN.replace("?P<n>", "?P<n2>")
    .replace("?P<unit>", "?P<unit2>") + r")")
_PASS_PERIOD = re.compile(r"\b(?P<label>" + _PASS_LABEL + r")\b" + _TO_AMOUNT, re.I)
# the same label right after the amount ("CHF 72 day pass", "52 € forfait de día", "€25
# for an adult weekly ticket"): at most "for a" and one word of who it is for between
_PASS_AFTER = re.compile(r"\s*(?:(?:for|por|para|per)\s+)?(?:(?:an?|the|el|la|un|una)\s+)?"
                         r"(?:[^\W\d_]+\s+)?(?P<label>" + _PASS_LABEL + r")\b", re.I)
# a pass that is what someone holds, not what the amount buys: its holders pay the amount
# for something else ("Day pass holders pay 10 €", "Titulares del abono anual: 5 €",
# "Entrada con abono mensual 5 €"): a holder or "with" before it, a holder or a verb of
# paying after it
_HOLDERS = (r"holders?|owners?|users?|members?|titulares|poseedores|portadores|usuari[oa]s|"
            r"soci[oa]s")
_HELD_BEFORE = re.compile(r"\b(?:" + _HOLDERS + r"|with|con)\s+(?:(?:of|de|del|a|an|the|el|la|"
                          r"un|una|su|their|your|tu)\s+)*$", re.I)
_HELD_AFTER = re.compile(r"\b(?:" + _HOLDERS + r"|pay|pays|paid|get|gets|save|saves|receive|"
                         r"receives|enjoy|pagan|paga|pagas|pag[aá]is|obtienen|ahorran|reciben|"
                         r"disfrutan|tienen)\b", re.I)


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
    ``span`` in ``text``, before it or right after it ("Adult day pass CHF 72", "CHF 72
    day pass", "Abono semanal adulto 30 €": per day, per day, per week; "7-day pass £90":
    per week), or None. The rule for any period word beside a price: it is the price's
    when it belongs to a pass, a ticket, a fee, a rate or a rental for that period (or
    labels the amount: :func:`labelled_period`; or follows it as a rate, "15 € al día",
    read with the amount); never when it names what is sold ("Day trip £30", "Full-day
    tour €80", "Excursión de un día 45 €": an outing's price, :func:`stated_period`) nor
    a pass someone holds ("Day pass holders pay 10 €": what they pay for something else)."""
    window = text[max(0, span[0] - 60):span[0]]
    m = _PASS_PERIOD.search(window)
    if m is not None and (_HELD_BEFORE.search(window[:m.start()])
                          or _HELD_AFTER.search(window, m.end("label"))):
        return None
    if m is None:
        m = _PASS_AFTER.match(text, span[1])
        if m is None or _HELD_AFTER.match(text[m.end():].lstrip(" -")):
            return None
    for n, unit in (("n", "unit"), ("n2", "unit2")):
        if m.group(n):
            count = m.group(n).lower()
            days = (int(count) if count.isdigit() else _WORD_COUNTS[count]) \
                * (7 if m.group(unit).lower().startswith(("s", "w")) else 1)
            return _PERIODS.get(days)
    return next(k[2:].replace("_", " ") for k, v in m.groupdict().items()
                if v is not None and k[:2] in ("a_", "n_", "j_"))
