"""Amounts of money in free text, English and Spanish: "menos de 1.200,50 €", "$1,200.50",
"entre 80 y 120 euros", "15k pesos", "15000 yen max", "150 € la noche".

Currencies are read from CLDR (:mod:`scout.task.cldr`): symbols, ISO 4217 codes in use
today (so "20 DAY" or "16 GB" are not money), and currency names in both languages,
singular and plural ("dólares australianos", "pesos", "coronas", "yen"). Ambiguous names
resolve by the place (see :func:`scout.task.cldr.pick`).

Numbers are written as :mod:`scout.task.figures` reads them ("1.200,50", "1,200.50", "1
500 €"). "10k" / "1.5k" / "10 mil" multiply by a thousand, and so does "lucas" (the
Southern Cone's and Colombia's word for a thousand pesos: "80 lucas"; "15 grand" is
fifteen thousand dollars, or pounds in Britain). Numbers in words
("doscientos euros", "two hundred and fifty pounds", "un millón de pesos") are read by
:mod:`scout.task.numwords`.

Comparators: "under / menos de / hasta / máximo / as a budget" → "<=", "over / at least /
más de / desde" → ">=", "around / about / unos / alrededor de" → "~"; a range is stored
as ``Money(amount=high, min=low, comparator="<=")``. A floor that is negated is a cap:
"nada por encima de 150", "no quiero gastar más de 180", "nothing over £180", "shouldn't
cost more than 200" are all "<=".

British notes named for their value are amounts in pounds ("about a tenner a head", "under a
fiver").

Units ("/night", "per person", "x noche", "£120 pn", "al año", "per annum") follow the amount, or
its cap word ("250 bucks max per night", "150 € máximo por noche"), or come just before its
comparator ("x semana por menos de 500 mil pesos").
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterator

from scout.schemas.task import Comparator, Each, Money
from scout.task.cldr import currencies
from scout.task.lang import fold
from scout.units import TOTAL
from scout.task.numwords import rewrite, widen
from scout.task.currencyword import MARK, PAD, close_gaps, currency_token, mark
from scout.task.figures import AMOUNT as _AMOUNT, figure

# a multiplier written after the number: "30k", "80 mil", and "m" for a million as funders,
# the press and price lists write it ("€2.5M", "£1.2m", "2,5 M€"); only with a currency,
# so "100 m" stays a length
_K = r"(?P<k§>\s?(?:k|m|mil)\b)?"

# "maximum of", "cuantía mínima", "cuota máxima": the feminine and the English "of" too
_CMP: list[tuple[str, Comparator]] = [
    (r"less than|lower than|cheaper than|under|below|max(?:imum)?(?: of)?|up to|at most|"
     r"no more than|"
     r"not more than|within|budget(?: of)?|por menos de|menos de|por debajo de|como maximo|"
     r"maxim[oa]|hasta|no mas de|a lo sumo|inferior a|presupuesto(?: maximo)?(?: de)?|tope de|"
     r"abajo de|debajo de|"
     # a cap said with a verb: "que no pase de", "que no supere", "que no exceda de", "sin pasar de"
     r"no pasen? de|no (?:superen?|excedan?(?: de)?|sobrepasen?)(?: l[oa]s)?|sin pasar(?:se)? de|"
     r"<=|≤|<", "<="),
    (r"more than|over|above|at least|min(?:imum)?(?: of)?|starting at|from|mas de|"
     r"por encima de|al menos|como minimo|minim[oa]|desde|superior a|a partir de|arriba de|>=|≥|>", ">="),
    (r"around|about|approximately|approx\.?|roughly|circa|por unos|unos|alrededor de|"
     r"aproximadamente|en torno a|cerca de|sobre|mas o menos|a eso de|more or less|"
     r"give or take|something like|algo asi como|"
     # Latin America: "tipo 50 lucas" (River Plate), "como de 40 mil" (Mexico), "por ahí de"
     r"tipo|como de|como unos|por ahi de|como|~", "~"),
]
_POST_CMP: list[tuple[str, Comparator]] = [
    (r"max(?:imum)?|maximo|como maximo|or less|o menos|tops|at most|como mucho|as a maximum", "<="),
    (r"or more|o mas|minimum|como minimo|at least|or above|\+", ">="),
    # "100 euros o así", "$100-ish", "200 or so"
    (r"o asi|or so|-?ish|aprox\.?|aproximadamente|mas o menos|more or less|give or take", "~"),
]
# the unit after an amount: "/night", "per person", "a head", "por cabeza", "/mo"; "noche"/
# "night", "pp" (itself "per person") and the words that are a unit on their own
# ("monthly", "mensuales", "pcm" and "pm" for per (calendar) month, "nightly", "weekly",
# "pw", "semanal") also bare ("250€ noche", "15€ pp", "850€ pm"), the other units only after a
# connector ("200 € semana santa")
# ("yearly", "annually", "anual(es)", "p.a." per year: "12.000 € anuales", "£30k p.a.");
# the British "pa" is not read bare, for chat Spanish writes "pa" for "para" ("200 € pa dos")
_BARE_PER = (r"noche|night|pp|each|cada un[oa]|diari[oa]s?|daily|monthly|mensual(?:es)?|pcm|pm|nightly|weekly|pw|semanal(?:es)?|"
             r"fortnightly|quincenal(?:es)?|"
             r"yearly|annually|anual(?:es)?|p\.\s?a(?=\.|\b)")
_UNIT_WORDS = (r"nights?|noches?|days?|dias?|persons?|personas?|people|pp|pax|heads?|cabezas?|"
               r"comensal(?:es)?|(?:calendar )?months?|mes|mo|week|semana|years?|yrs?|anos?|annum|"
               # two weeks: a camp's session, a fortnightly pay ("650 € la quincena",
               # "£1,450 per fortnight", "por dos semanas", "per two weeks")
               r"fortnights?|quincenas?|(?:2|dos|two)[\s-](?:semanas|weeks)|"
               # a venue's or a guide's half day and full day ("400 € la media jornada",
               # "€250 per half day", "1.200 € la jornada completa"): a half day is no day
               r"media jornada|medias jornadas|half[\s-]days?|half a day|"
               # a private tour's or a room's price for the whole group ("240 € por grupo",
               # "€240 per group"): shared by the people asked when rank names them
               r"grupos?|groups?|"
               r"jornadas? completas?|full[\s-]days?|jornadas?|"
               r"hours?|hrs?|horas?|"  # a pay: "£14 an hour", "$25/hr", "10 € la hora"
               r"tickets?|entradas?|"  # "10 € por entrada", "$25 a ticket": one's price, no period
               + _BARE_PER)
# "x" is how chat Spanish writes "por" ("x noche"); "pn" is British for "per night", and
# "pppn" for "per person per night": the night is the period a hotel's price is for
# "per room per night", "per user per month", "por usuario al mes", "/seat/mo": the room,
# the user, the seat or the licence is what the price is for (a hotel's, a software plan's),
# the night or the month the unit
# a pay's "gross" / "net" ("38.000 € brutos al año", "£38,000 gross per annum") stands
# between an amount and its period: it says which figure, not what the period is
_GROSS = r"(?:\s*(?:gross|net|brut[oa]s?|net[oa]s?)(?=\s))?"
SOLD_PER = (r"rooms?|habitacion(?:es)?|users?|usuari[oa]s?|seats?|puestos?|licen[cs]es?|"
             r"licencias?|members?|miembros?|agents?|agentes?|devices?|dispositivos?")
# ("por usuario y mes": the "y" joins the two, and stands in for the period's connector;
# "per seat monthly", "por usuario mensuales": a bare period word needs none)
_PER = (_GROSS + r"(?:(?:\s*(?:per|por|an?|each|x|/)\s*(?<![a-z])(?P<each>" + SOLD_PER + r")\b"
        r"(?:\s+(?:y|and)(?=\s+(?:mes|month|ano|year|dia|day|semana|week|noche|night)\b)|"
        r"(?=\s*(?:/|per|por|an?|al|x|la|el|each|cada)\b|\s*/|\s(?:" + _BARE_PER + r")\b)))?"
        r"\s*(?:(?:/|per|an?|(?:a|por)\s+la|por|x|la|el|al|each|cada)\s*|(?<= y)\s+|(?<= and)\s+|"
        r"\s?(?=(?:pppn|pp|pn)\b)|\s(?=(?:" + _BARE_PER + r")\b))"  # "£150pn", "15€pp" glued too
        r"(?P<per>pppn|" + _UNIT_WORDS + r"|pn)\b)")
# what one amount is for, beside its period: a software plan's user, seat, licence or
# device ("€8 per user per month"); a hotel's room is what its price is for anyway (None)
_EACH: dict[str, Each] = {
    "user": "user", "usuario": "user", "usuaria": "user", "member": "user", "miembro": "user",
    "agent": "user", "agente": "user", "seat": "seat", "puesto": "seat", "licence": "licence",
    "license": "licence", "licencia": "licence", "device": "device", "dispositivo": "device"}


def each_of(word: str | None) -> Each | None:
    """The canonical unit of sale of ``word`` ("usuarios" → "user"), None for a room."""
    if not word:
        return None
    word = word.lower()
    return _EACH.get(word) or _EACH.get(word[:-1]) or _EACH.get(word[:-2])


# a unit written before the amount's comparator: "x semana por menos de 500 mil pesos"
_PER_AFTER_CMP = re.compile(_PER)
_PER_BEFORE = re.compile(r"(?:\b(?:per|por|x|each|cada)\s+|/\s*)(?P<per>" + _UNIT_WORDS
                         + r")\b\s*[,:]?\s*$")
# a period said of the price's own noun before the amount: "cuota mensual 220 €", "monthly
# fee: £500", "annual tuition of $9,000", "precio anual: 5.400 €" (a school's, a club's,
# a plan's fee: the period is the noun's, not written after the amount), and so of a
# request's budget ("presupuesto mensual de 1.200 €", "monthly budget of £1,500")
_PERIOD_ADJ = r"monthly|mensual(?:es)?|annual|yearly|anual(?:es)?|weekly|semanal(?:es)?|nightly"
_PRICE_NOUN = (r"fees?|prices?|costs?|rent|tuition|payments?|subscriptions?|cuotas?|precios?|"
               r"costes?|costos?|renta|alquiler|matricula|pagos?|tarifas?|budget|presupuesto")
_PER_NOUN_BEFORE = re.compile(
    r"\b(?:(?P<adj>" + _PERIOD_ADJ + r")\s+(?:" + _PRICE_NOUN + r")|(?:" + _PRICE_NOUN
    + r")\s+(?P<adj2>" + _PERIOD_ADJ + r")|(?P<adj3>mensual|anual)idad(?:es)?)\b"  # "mensualidad"
    r"(?:\s+(?:maxim[ao]|minim[ao]|max|min))?"
    r"(?:\s+(?:de|of|is|es))?\s*[,:]?\s*$")
_PRICE_NOUN_AT = re.compile(r"(?:" + _PRICE_NOUN + r")\b")
# a negation before a floor makes it a cap: "nada por encima de", "nothing over", "no
# quiero gastar más de", "shouldn't cost more than" (up to three words between, one clause)
_NEGATED = re.compile(r"(?:\b(?:no|not|nada|nothing|never|nunca|ni|sin)|n['’]t)"
                      r"(?:\s+[a-z'’]+){0,3}\s*$")
# what a currency word after an amount multiplies it by: "80 lucas" (thousands of pesos in
# Argentina, Chile, Colombia), "15 grand" (thousands of dollars, of pounds in Britain),
# "6 palos" (millions of pesos), "1.5 lakh" / "2 crore" (of rupees); "medio palo" is half
# of one, "un palo" / "a grand" one
_SCALES = {"luca": 1e3, "lucas": 1e3, "luka": 1e3, "lukas": 1e3, "grand": 1e3, "palo": 1e6,
           "palos": 1e6, "lakh": 1e5, "lakhs": 1e5, "lac": 1e5, "lacs": 1e5, "crore": 1e7,
           "crores": 1e7}
# ("a palo santo" is a wood: "a" only before the words English says it with)
# "palos" of something are sticks ("3 palos de golf"); "6 palos al mes" are millions
_STICKS = frozenset({"palo", "palos"})
_OF_THING = re.compile(r"\s+de\s+(?!(?:pesos|sueldo|salario|presupuesto)\b)[a-z]")
# what "k" / "m" / "mil" multiply by, with the currency words that multiply
_MULTIPLIERS = {"k": 1e3, "mil": 1e3, "m": 1e6}
_HALF = re.compile(r"\b(?:(?P<half>medio|media|half\s+an?)|un|una|one|an?(?=\s+(?:grand|lakh|"
                   r"crore)\b))\s+(?=(?:"
                   + "|".join(_SCALES) + r")\b)")
_PER_UNITS = {"night": "night", "noche": "night", "day": "day", "dia": "day", "person": "person",
              "persona": "person", "people": "person", "pp": "person", "pax": "person",
              "head": "person", "cabeza": "person", "each": "person", "cada uno": "person",
              "cada una": "person", "diario": "day", "diaria": "day", "daily": "day", "comensal": "person", "comensale": "person",
              "pn": "night", "pppn": "night", "month": "month", "mes": "month", "mo": "month", "monthly": "month",
              "mensual": "month", "mensuales": "month", "pcm": "month", "pm": "month",
              "nightly": "night", "week": "week", "semana": "week", "weekly": "week", "pw": "week",
              "semanal": "week", "semanales": "week",
              "fortnight": "fortnight", "fortnightly": "fortnight", "quincena": "fortnight",
              "quincenal": "fortnight", "quincenale": "fortnight", "2 semanas": "fortnight",
              "dos semanas": "fortnight", "2 weeks": "fortnight", "two weeks": "fortnight",
              "2-semanas": "fortnight", "2-weeks": "fortnight", "year": "year", "ano": "year",
              "annum": "year", "yearly": "year", "yr": "year", "hour": "hour",
              "hr": "hour", "hora": "hour", "annually": "year", "annual": "year", "anual": "year",
              "anuales": "year", "p.a": "year", "p. a": "year",
              "media jornada": "half day", "medias jornada": "half day", "half day": "half day",
              "half-day": "half day", "half a day": "half day", "jornada completa": "day",
              "jornadas completa": "day", "full day": "day", "full-day": "day", "jornada": "day",
              "group": "group", "grupo": "group"}



@functools.lru_cache(maxsize=1)
def _token_re() -> re.Pattern[str]:
    cur = currencies()
    syms = sorted({fold(s) for s in cur.symbols}, key=len, reverse=True)
    sym_alt = "|".join(re.escape(s) for s in syms)
    word_alt = MARK + PAD + "*"
    iso_alt = "|".join(sorted(c.lower() for c in cur.iso))
    one = (r"(?:(?<![a-z])(?P<pre§>" + sym_alt + r"|(?:" + iso_alt + r")(?=\s?\d))\s?)?(?P<a§>" + _AMOUNT
           + r")" + _K + r"(?:\s?(?P<post§>" + word_alt + r"|(?:" + iso_alt + r")\b|"
           + sym_alt + r"))?")
    first, second = one.replace("§", "1"), one.replace("§", "2")
    cmp_alt = "|".join(f"(?:{w})" for w, _ in _CMP)
    post_alt = "|".join(f"(?:{w})" for w, _ in _POST_CMP)
    return re.compile(
        r"(?:(?<![\w$€£¥])(?P<cmp>" + cmp_alt + r")\s*)?(?P<lead>(?:between|entre|from|de|desde)\s+)?"
        + first + r"(?:(?P<join>\s*[-–]\s*|\s+(?:and|y|to|a|hasta)\s+)" + second + r")?"
        + _PER + r"?(?:\s*(?P<pcmp>" + post_alt + r")(?![\w]))?"
    )


def _scale(k: str) -> float:
    """What a multiplier after a number ("k", "m", "mil", "lucas", "palos") multiplies by."""
    k = k.strip()
    return _MULTIPLIERS.get(k) or _SCALES.get(k, 1000)


def _number(s: str, k: str | None) -> float:
    value = figure(s)
    value = value * _scale(k) if k and k.strip() else value
    if not math.isfinite(value):  # 400 nines: no amount (a budget of "inf EUR" stored as null)
        raise ValueError(f"{s!r} is past any amount")
    return value


def find_money(free: str, original: str, territories: list[str], *,
               default_currency: str | None = None, lang: str = "en",
               ) -> tuple[Money, tuple[int, int], str | None] | None:
    """The first amount with a currency in ``free`` → (Money, span, assumed word)."""
    for hit in iter_money(free, original, territories, lang=lang):
        return hit
    if default_currency:  # "under 200" with the input's default currency
        m = re.search(r"\b(?:under|below|less than|max(?:imum)?|up to|at most|menos de|hasta|"
                      r"maximo)\s+(?P<a>" + _AMOUNT + r")(?!\s*(?:/|out of|sobre|stars?|"
                      r"estrellas?|\+|\d))", free)
        try:
            amount = _number(m.group("a"), None) if m else None
        except ValueError:
            amount = None
        if m and amount is not None:
            return Money(amount=amount, currency=default_currency), m.span(), None
    return None


# "at least 30k a year", "alrededor de 150 mil": a thousands "k" / "mil" is part of the
# amount, not a word after it; of the words of approximation, those that are as often
# something else before a number ("nota sobre 5", "tipo 2", "como 3") are left out
_BARE = re.compile(r"\b(?:" + "|".join(w for w, _ in _CMP[:2]) + "|" + re.sub(
    r"\|(?:sobre|tipo|como)(?=\||$)", "", _CMP[2][0]) + r"|sobre(?=\s+[\d.,]+\s?(?:k|mil)\b))\s+(?P<a>" + _AMOUNT
                   + r"(?:\s?(?:k|mil)\b)?)(?![\d.,]*\s*(?:/|out\s+of|sobre|stars?|estrellas?|"
                   r"\+|%|\d|(?!(?:an?|per|al|por)\b)[a-z]))")


# words between a price's label and its amount: "sesión de 60 euros", "sessions under 70
# euros", "consulta: máximo 50 €" (never a name: a place between stays the place's)
_LABEL_GAP = (r"(?:\s*:|\s+(?:de|del|of|under|below|over|por|a|at|menos|max|maximo|maxima|hasta|"
              r"para|less|than|no|mas|more|up|to|around|unos|unas|about|sobre|of|is|es|costs?|"
              r"cuesta|cuestan|tops|at\s+most|como\s+mucho))*\s*$")


def labelled(free: str, span: tuple[int, int], labels: list[str]) -> tuple[int, int]:
    """``span`` (an amount in ``free``, folded) widened over the money input's own label
    said just before it ("sesión de 60 euros", "sessions under 70 euros"): the label names
    what the amount is for, and left alone it was read as the place ("Sesión")."""
    words = sorted({fold(w).strip() for w in labels if fold(w).strip()}, key=len, reverse=True)
    if not words:
        return span
    label = r"(?<![\w])(?:" + "|".join(map(re.escape, words)) + r")(?:e?s)?(?![\w])"
    m = re.search(label + _LABEL_GAP, free[max(0, span[0] - 40):span[0]])
    return (span[0] - (min(40, span[0]) - m.start()), span[1]) if m else span


# an amount in thousands standing alone, no word of what it counts after it: "piso en
# Madrid 3 hab 400k", "ático 450 mil en Valencia" (a "5k run", "50k km" count something
# else)
_BARE_SCALED = re.compile(r"(?<![\w.,])(?P<a>\d{1,3}(?:[.,]\d{1,3})?\s?(?:k|mil))(?![\w.,])"
                          r"(?!\s*(?:/|%|\+|(?!(?:en|in|para|for|con|with|y|and|o|or)\b)[^\W\d_]))")


def find_bare_amount(free: str) -> tuple[str, tuple[int, int]] | None:
    """An amount after a money comparator or a word of approximation with no currency at
    all ("nada por encima de 150", "under 300", "around 40k"), or one in thousands alone
    ("3 hab 400k"), as written, and the span of the whole phrase, for a note that it was
    not read: the phrase is no subject's and no place's ("cocinero alrededor de 150 mil")."""
    m = _BARE.search(free) or _BARE_SCALED.search(free)
    return (m.group("a"), m.span()) if m else None


def iter_money(free: str, original: str, territories: list[str], *,
               lang: str = "en") -> Iterator[tuple[Money, tuple[int, int], str | None]]:
    """Every amount with a currency in ``free`` → (Money, span, the word a currency was
    assumed from or None)."""
    # "doscientos euros" → "       200 euros"; "€1.5 million" → "    €1500000"
    folded, free = free, _halves(_notes(close_gaps(free, rewrite(free))))
    marked, pattern, pos = mark(free), _token_re(), 0
    while True:
        m = pattern.search(marked, pos)
        if m is None:
            return
        pos = max(m.end(), pos + 1)
        g = {k: (free[m.start(k):m.end(k)] if v is not None else None)
             for k, v in m.groupdict().items()}
        span = (m.start(), m.end())
        c1 = _side(g, original, m, "1", territories, lang)
        c2 = _side(g, original, m, "2", territories, lang) if g["a2"] else (None, None, "")
        try:
            low = _number(g["a1"] or "", g["k1"] or _thousands(g["post1"]))
            high = _number(g["a2"], g["k2"] or g["k1"] or _thousands(g["post2"] or g["post1"])) \
                if g["a2"] else None
        except ValueError:
            continue
        if high is not None and not (g["k1"] or g["post1"]) and (
                g["k2"] or _thousands(g["post2"])) and low * 1000 <= high:
            low *= _scale(g["k2"] or _thousands(g["post2"]) or "k")  # "entre 50 y 70 mil pesos", "50 y 70 lucas": one multiplier for both
        raw_per = (g["per"] or "").removeprefix("calendar ")
        each = each_of(g["each"])
        if not raw_per:
            before = _PER_BEFORE.search(free, max(0, m.start() - 30), m.start())
            raw_per = before.group("per") if before else ""
            # the amount's own lead may hold the noun ("budget of 300 EUR"): read up to it
            noun = _PRICE_NOUN_AT.match(free, m.start())
            end = noun.end() if noun else m.start()
            if not raw_per and (said := _PER_NOUN_BEFORE.search(free, max(0, m.start() - 40), end)):
                raw_per = said.group("adj") or said.group("adj2") or said.group("adj3")
        pcmp = g["pcmp"]
        if not raw_per and pcmp and (late := _PER_AFTER_CMP.match(free, m.end())):
            # "250 bucks max per night", "150 € máximo por noche": the unit after the cap
            raw_per, span = late.group("per"), (span[0], late.end())
            each = each_of(late.group("each"))
        per = _PER_UNITS.get(raw_per) or _PER_UNITS.get(raw_per[:-1]) if raw_per else None
        if per is None:  # "600 € en total", "presupuesto total de 1.000 €": the whole span's
            per, span = _total(free, m.start(), span)
        if high is not None:
            join = (g["join"] or "").strip()
            lead = (g["lead"] or "").strip()
            # "and"/"y" join a range only after "between"/"entre" ("rated 4 and 200 EUR")
            joined = join in ("a", "to", "-", "–", "hasta") or (
                join in ("y", "and") and lead in ("between", "entre"))
            code = c1[0] or c2[0]
            if joined and high >= low and code:
                yield (Money(amount=high, min=low, currency=code, comparator="<=", per=per,
                             each=each),
                       (widen(folded, free, span[0]), span[1]), c1[1] or c2[1])
                continue
            # not a range ("80 EUR and 4 stars", "4 and 200 EUR"): the first amount stands
            # alone, and the second is read again on its own
            pos = m.start("a2") - (len(g["pre2"]) + 1 if g["pre2"] else 0)
            span = (m.start(), m.end("post1") if g["post1"] else m.end("a1"))
            per, pcmp, each = None, None, None
        code = c1[0]
        if code is None or (g["post1"] or "").strip() in _STICKS and _OF_THING.match(free, m.end()):
            continue  # "3 palos de golf", "2 palos de trekking": sticks, not millions
        cmp_: Comparator = "<="
        for words, sym in _CMP:
            if g["cmp"] and re.fullmatch(words, g["cmp"]):
                cmp_ = sym
                break
        else:
            if g["lead"] and g["lead"].strip() in ("from", "desde"):
                cmp_ = ">="
        if pcmp and (not g["cmp"] or cmp_ == "~"):  # "como 1500 pesos máximo": a cap
            cmp_ = next(sym for words, sym in _POST_CMP if re.fullmatch(words, pcmp))
        if cmp_ == ">=" and g["cmp"] and _NEGATED.search(free, max(0, m.start() - 40), m.start()):
            cmp_ = "<="  # "nada por encima de 150 euros" is a cap
        if not g["cmp"] and not g["lead"] and g["pre1"] and c1[2] == "post":
            span = (m.start("a1"), span[1])  # a word before the amount that is no currency
        yield (Money(amount=low, currency=code, comparator=cmp_, per=per, each=each),
               (widen(folded, free, span[0]), span[1]), c1[1])


# an amount for the whole stay or rental, not per night or day: "200 euros total", "600 € en
# total", "£500 all-in", "1.000 € in all" after it; "presupuesto total de", "total budget
# of", "en total" before it (``Money.per`` "total": rank compares it with a price per
# night times the nights asked)
_TOTAL_AFTER = re.compile(r"\s*(?:en total|in total|in all|all[- ]in(?:clusive)?|total)\b")
_ALL_IN = re.compile(r"all[- ]in(?:clusive)?\b")
_TOTAL_BEFORE = re.compile(
    r"\b(?:total\s+(?:budget|price|cost|spend)|(?:presupuesto|precio|coste|costo|gasto)\s+"
    r"total|en total|in total|all[- ]in)\b(?:\s+(?:de|of|is|es|was))?\s*[,:]?\s*"
    r"(?:(?:under|below|up to|max(?:imo)?|menos de|hasta|de|of)\s+)?$")


def _total(free: str, start: int, span: tuple[int, int]) -> tuple[str | None, tuple[int, int]]:
    """``"total"`` when the amount at ``start`` (read up to ``span``'s end) is said to be
    for the whole span, with the span taking in the words after it; else no period."""
    # "£500 all-in": "all" reads as a currency's code (the Albanian lek's), so the amount's
    # span may end after it
    after = _TOTAL_AFTER.match(free, span[1]) or _ALL_IN.match(free, max(0, span[1] - 3))
    if after is not None:
        return TOTAL, (span[0], after.end())
    if _TOTAL_BEFORE.search(free, max(0, start - 40), start):
        return TOTAL, span
    return None, span


# British notes named for their value: an amount and its currency in one word
_NOTES = re.compile(r"\b(?:an?\s+)?(?P<n>tenner|fiver)\b")
_NOTE_VALUES = {"tenner": "10 gbp", "fiver": "5 gbp"}


def _notes(free: str) -> str:
    """``free`` with "a tenner" / "a fiver" written as "10 gbp" / "5 gbp", the same length."""
    return _NOTES.sub(lambda m: _NOTE_VALUES[m.group("n")].rjust(len(m.group(0))), free)


def _thousands(post: str | None) -> str | None:
    """The currency word after an amount that multiplies it ("lucas", "grand", "palos",
    "lakh": see ``_SCALES``), as "k" does."""
    return post.strip() if post and post.strip() in _SCALES else None


def _halves(free: str) -> str:
    """``free`` with "medio palo" / "media luca" / "half a lakh" written "0.5 palo" and
    "un palo" / "a grand" "1 palo", the same length: the word's scale, or half of it."""
    return _HALF.sub(lambda m: ("0.5 " if m.group("half") else "1 ").rjust(len(m.group(0))), free)


def _side(g: dict[str, str | None], original: str, m: re.Match[str], n: str,
          territories: list[str], lang: str) -> tuple[str | None, str | None, str]:
    """The currency of one amount: the token before it, else the one after it."""
    for where in ("pre", "post"):
        tok = g[where + n]
        if tok:
            code, assumed = currency_token(tok, original[m.start(where + n):m.end(where + n)],
                                      territories, lang)
            if code:
                return code, assumed, where
    return None, None, ""
