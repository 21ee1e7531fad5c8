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
fiver"). A rate in a currency's hundredth with its unit after it ("24.5p/kWh", "53p a day",
"6,99 céntimos/kWh"), or said before it and its cap ("kWh por debajo de 12 céntimos", "per
minute under 15p"), is read in the whole currency (0.245 GBP per kWh).

Units ("/night", "per person", "x noche", "£120 pn", "al año", "per annum", "en total") are
read around the amount by :mod:`scout.task.moneyunits`, a measure a budget is a rate per
("menos de 1,50 €/km", "max 30 € el m³") by :func:`scout.units.measure_unit`; its tax basis ("+ IVA", "IVA
incluido", "excl. VAT", "HT") by :mod:`scout.task.taxbasis`. A money input's label beside its
amount is :mod:`scout.task.pricelabel`'s; an amount said with no currency at all, for the
parser's note, :mod:`scout.task.bareamount`'s.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator

from scout.schemas.task import Comparator, Money
from scout.task.cldr import currencies
from scout.task.lang import fold
from scout.task.numwords import rewrite, widen
from scout.task.currencyword import (MARK, PAD, close_gaps, currency_token, letter_sign, mark,
                                     own_signs, short_signs)
from scout.task.figures import AMOUNT as _AMOUNT, figure
from scout.units import RATE_UNITS, measure_span, rate_decimals_at
from scout.task.moneyunits import (
    PER, TIME_PERIODS, each_of, head_after, head_past_trip, is_band, measure_before, period_late, period_of,
    rate_named_before, rate_unit_before, unit_after_cap,
    unit_before,
)
from scout.task.moneytotal import total_of
from scout.task.taxbasis import basis_at, blank_tax_words
from scout.units import OCCASIONS

# a multiplier written after the number: "30k", "80 mil", and "m" for a million as funders,
# the press and price lists write it ("€2.5M", "£1.2m", "2,5 M€"); only with a currency,
# so "100 m" stays a length
_K = r"(?P<k§>\s?(?:k|m|mil)\b)?"

# "maximum of", "cuantía mínima", "cuota máxima": the feminine and the English "of" too
CMP: list[tuple[str, Comparator]] = [
    # "cheaper than the €140 we paid", "más barato que los 140 € de ...": the price to beat
    (r"(?:cheaper|less|lower) than (?:the|what)|mas barat[oa]s? que(?: (?:el|la|los|las|lo que))?|"
     r"less than|lower than|cheaper than|under|below|max(?:imum)?(?: of)?|up to|at most|"
     r"no more than|por menos que|menos que|"  # "menos que 100 euros": a learner's "less than"
     r"not more than|within|budget(?: of)?|por menos de|menos de|por debajo de|como maximo|"
     r"maxim[oa]|hasta|no mas de|a lo sumo|inferior a|presupuesto(?: maximo)?(?: de)?|tope de|"
     r"abajo de|debajo de|"
     # a cap said with a verb: "que no pase de", "que no supere", "que no exceda de", "sin pasar de"
     r"no pasen? de|no (?:superen?|excedan?(?: de)?|sobrepasen?)(?: l[oa]s)?|sin pasar(?:se)? de|"
     r"<=|≤|<", "<="),
    (r"more than|over|above|at least|min(?:imum)?(?: of)?|starting at|from|mas de|mas que|por lo menos|"
     r"por encima de|al menos|como minimo|minim[oa]|desde|superior a|a partir de|arriba de|>=|≥|>", ">="),
    (r"around|about|approximately|approx\.?|roughly|circa|por unos|unos|alrededor de|"
     r"aproximadamente|en torno a|cerca de|sobre|mas o menos|a eso de|more or less|"
     r"give or take|something like|algo asi como|"
     # Latin America: "tipo 50 lucas" (River Plate), "como de 40 mil" (Mexico), "por ahí de"
     r"tipo|como de|como unos|por ahi de|como|~", "~"),
]
POST_CMP: list[tuple[str, Comparator]] = [
    (r"max(?:imum)?|maximo|como maximo|or less|o menos|tops|at most|como mucho|as a maximum", "<="),
    # "20k+" is a floor, but "20.000 € + IVA" / "$5,000 + tax" says the tax is on top
    (r"or more|o mas|minimum|como minimo|at least|or above|"
     r"\+(?!\s*(?:iva|i\.v\.a\.|vat|tax|taxes|impuestos|igic|gst|hst)\b)", ">="),
    # "100 euros o así", "$100-ish", "200 or so"
    (r"o asi|or so|-?ish|aprox\.?|aproximadamente|mas o menos|more or less|give or take", "~"),
]
# a cap said with an amount, before or after it ("máximo 95 €", "up to $40", "90 € como
# mucho"): the amount a request asks for, where another is said bare beside it. A label
# alone ("my budget is €500", "presupuesto 300 €") is none: beside "tickets cost €80" the
# price said first is the ticket's cap, the kind's budget (tests/task/test_parse16.py)
_CAPPED = re.compile(
    r"(?<![\w$€£¥])(?:under|below|less than|max(?:imum)?|up to|at most|no more than|"
    r"not more than|go up to|menos de|por menos de|por debajo de|debajo de|como maximo|"
    r"como mucho|maxim[oa]|hasta|no mas de|a lo sumo|tope(?: de)?|no pasen? de|"
    r"no (?:superen?|excedan?|sobrepasen?)|sin pasar(?:se)? de|tops|or less|o menos)"
    r"(?![\w])|<=|≤|<")

_CAP_REACH = 12
# a comparison right before an amount: the price to beat, the ask's ("cheaper than the
# €140 we paid", "más barato que los 140 € del año pasado")
_BEATEN = re.compile(r"\b(?:cheaper|less|lower|barat[oa]s?|menos)\s+(?:than|que)\b")


def _capped(free: str, span: tuple[int, int]) -> bool:
    """Whether the amount at ``span`` is said with a cap, in it or in the few words before
    it ("como mucho 750 €": "como" alone is an approximation's word)."""
    return _CAPPED.search(free[max(0, span[0] - _CAP_REACH):span[1]]) is not None


def said_capped(free: str, span: tuple[int, int]) -> bool:
    """Whether the amount at ``span`` is said with a cap word (:func:`_capped`): what
    :mod:`scout.task.stretch` asks of a cap before it bends it."""
    return _capped(free, span)


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



# what a country's own sign may look like in a request: a currency sign CLDR's English and
# Spanish tables lack ("₦", "GH₵"), a capital glued to a figure ("R1800") or a capitalised
# two-letter word beside one ("20000 Ft", "Rp 500000"); only then are the own signs loaded
# (CLDR's locales: ~0.3-0.8 s, too much for every request)
_MAY_OWN = re.compile(r"[^\x00-\x7f]|(?<![A-Za-z])[A-Z](?=\d)|(?<![A-Za-z])[A-Z][a-zA-Z](?=\s?\d)"
                      r"|(?<=\d)\s?[A-Z][a-zA-Z](?![A-Za-z])")


def _maybe_own(original: str) -> bool:
    known = _known_signs()
    return any(c.strip()[:1].isupper() or (unicodedata.category(c) == "Sc" and c not in known)
               or (len(c) == 1 and not c.isascii() and c.isalpha())  # "2000 Kč", "300 zł"
               for c in (m.group(0) for m in _MAY_OWN.finditer(original)))


@functools.lru_cache(maxsize=1)
def _known_signs() -> frozenset[str]:
    """Every character of a symbol CLDR's English and Spanish tables have ("€", "₹")."""
    return frozenset(c for s in currencies().symbols for c in s)


@functools.lru_cache(maxsize=2)
def _token_re(own_signs_too: bool = False) -> re.Pattern[str]:
    cur = currencies()
    syms = sorted({fold(s) for s in cur.symbols}, key=len, reverse=True)
    sym_alt = "|".join(re.escape(s) for s in syms)
    # a country's own signs ("₦", "R", "ksh") before the figure only: after it, "p" or "e"
    # would be the first letter of "per" or "each"
    own = sorted((set(own_signs()) | set(short_signs())) - set(syms), key=len, reverse=True) \
        if own_signs_too else []
    pre_alt = "|".join(re.escape(s) for s in sorted(syms + own, key=len, reverse=True))
    # after the figure, the own signs as whole words ("2000 Kč", "20000 Ft", "5000 ₽"),
    # not a Latin letter alone: there it may begin "per" or "each"
    own_post = "".join("|" + re.escape(s) + r"(?![a-z])" for s in own
                       if len(s) >= 2 or not s.isascii())
    word_alt = MARK + PAD + "*"
    iso_alt = "|".join(sorted(c.lower() for c in cur.iso))
    one = (r"(?:(?<![a-z])(?P<pre§>" + pre_alt + r"|(?:" + iso_alt + r")(?=\s?\d))\s?)?(?P<a§>" + _AMOUNT
           + r")" + _K + r"(?:\s?(?P<post§>" + word_alt + r"|(?:" + iso_alt + r")\b|"
           # a sign glued to the next figure is that one's ("Pixel 9 $799", "A100 €1.10/h"):
           # the figure before it is a model's number, no amount
           + r"(?:" + sym_alt + r")(?!\d)" + own_post + r"))?")
    first, second = one.replace("§", "1"), one.replace("§", "2")
    cmp_alt = "|".join(f"(?:{w})" for w, _ in CMP)
    post_alt = "|".join(f"(?:{w})" for w, _ in POST_CMP)
    return re.compile(
        r"(?:(?<![\w$€£¥])(?P<cmp>" + cmp_alt + r")\s*)?(?P<lead>(?:between|entre|from|de|desde)\s+)?"
        + first + r"(?:(?P<join>\s*[-–]\s*|\s+(?:and|y|to|a|hasta)\s+)" + second + r")?"
        + PER + r"?(?:\s*(?P<pcmp>" + post_alt + r")(?![\w]))?"
    )


def _scale(k: str) -> float:
    """What a multiplier after a number ("k", "m", "mil", "lucas", "palos") multiplies by."""
    k = k.strip()
    return _MULTIPLIERS.get(k) or _SCALES.get(k, 1000)


#: the largest amount read: a thousand trillion, past the world's yearly product and below
#: 2**53, so every whole amount read is stored as said ("29 nines" read as
#: 99,999,999,999,999,991,433,150,857,216 and searched for as given)
MAX_AMOUNT = 1e15


def _number(s: str, k: str | None) -> float:
    value = figure(s)
    value = value * _scale(k) if k and k.strip() else value
    if not value <= MAX_AMOUNT:  # 400 nines (inf), 29 nines: no amount, left unread
        raise ValueError(f"{s!r} is past any amount")
    return value


def find_money(free: str, original: str, territories: list[str], *,
               default_currency: str | None = None, lang: str = "en",
               ) -> tuple[Money, tuple[int, int], str | None] | None:
    """The first amount with a currency in ``free`` → (Money, span, assumed word); the
    first said as a cap when the first of all is said as none ("she paid $35/hr ...; we'd
    go up to $40", "mi compañera tiene 120 € por noche ... yo, máximo 95 €": the amount
    heard, paid or someone else's is context, the capped one the ask)."""
    from scout.task.residence import told_before

    # read on the whole text: a clause's first words may be claimed by another reader
    whole = fold(original)
    told = told_before(whole if len(whole) == len(free) else free)
    # "el año pasado pagamos 300 €", "last time it cost us £80": an earlier time's price is
    # no budget, unless said as a cap in its own clause ("last year we paid 90, so max 100")
    # or as the price to beat ("cheaper than the €140 we paid there last year")
    hits = (h for h in iter_money(free, original, territories, lang=lang)
            if _capped(free, h[1]) or _BEATEN.search(free, max(0, h[1][0] - 24), h[1][1])
            or not any(a <= h[1][0] < b for a, b in told))
    first = next(hits, None)
    if first is not None and first[0].min is None and not _capped(free, first[1]):
        for hit in hits:
            if hit[0].min is None and _capped(free, hit[1]):
                return hit
    if first is not None and first[0].min is not None and not _capped(free, first[1]):
        from scout.task.rangecap import cap_after_range

        # "nos dijeron entre 12 y 15 mil pesos, que no pase de 14 mil": the bare cap after
        # the range heard, in its currency, is the ask
        if (cap := cap_after_range(free, first, _number)) is not None:
            return cap
    if first is not None:
        return first
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



# a rate in a currency's hundredth, priced per a unit after it: "24.5p/kWh", "53p a day",
# "15 pence per minute", "12 céntimos el kWh", "9 cts/kWh" (pence are GBP, céntimos EUR);
# only with the unit, after it or a measure said before it ("precio del km por debajo de 90
# céntimos"), for "1080p" is a video's resolution and "4p" a chat's four people
# "14 cents per kWh", "9¢/kWh": a cent is the hundredth of the euro and of the dollar, so
# its currency is the request's other amounts' (:func:`iter_money`), "¢" alone the dollar's
_MINOR = re.compile(r"(?<![\w.,])(?P<a>\d{1,3}(?:[.,]\d{1,4})?)\s?(?P<cur>p|pence|centimos|"
                    r"centimos de euro|cts?|c€|cents?|¢)(?![\w€])"
                    r"(?:(?=\s*(?:/|\b(?:per|por|an?|al|el|la|x|each|cada)\b)\s*(?P<u>[a-z]+))"
                    r"|(?=\s*(?:[,.;:!?)]|$|\s(?:y|and|o|or|con|with|en|in|para|for)\b))"
                    # pence with a tenth ("151.9p"), whatever follows: no count, no resolution
                    r"|(?<=[.,]\dp)|(?<=[.,]\d\dp))")
_MINOR_CODES = {"p": "GBP", "pence": "GBP", "¢": "USD", "cent": "XXX", "cents": "XXX"}


def _minor(free: str, occasions: bool = False,
           ) -> Iterator[tuple[Money, tuple[int, int], str | None]]:
    """The amounts :data:`_MINOR` finds, as money in the whole currency (24.5p → 0.245
    GBP per kWh), with the comparator said before them ("standing charge under 53p/day");
    an occasion ("50p a walk") kept as its unit only with ``occasions``, as
    :func:`iter_money` keeps a whole amount's ("under £15 a visit")."""
    cmp_alt = "|".join(f"(?:{w})" for w, _ in CMP)
    for m in _MINOR.finditer(free):
        start = m.start()
        cmp_: Comparator = "<="
        said = re.search(r"(?<![\w$€£¥])(?P<cmp>" + cmp_alt + r")\s*$", free[:m.start()])
        if said is not None:
            start = said.start()
            cmp_ = next(sym for words, sym in CMP if re.fullmatch(words, said.group("cmp")))
        unit = re.match(r"\s*(?:/|\b(?:per|por|an?|al|el|la|x|each|cada)\b)\s*[a-z]+",
                        free[m.end():])
        per = period_of(m.group("u") or "")
        end = m.end() + unit.end() if unit is not None else None
        if per is None and not occasions and (measure := measure_span(free, m.end())):
            # a request's "under 50p per mile", "menos de 90 céntimos el km" (a listing's
            # rate is read by scout.steps.listprice)
            per, end = measure
        elif per is None and not occasions and (before := measure_before(free, start)):
            # the measure said first, as a whole amount's may be: "precio del km por
            # debajo de 90 céntimos", "the per-mile rate under 50p"
            per, end = before, m.end()
        elif per is None and (said_unit := rate_unit_before(
                free, start, cap_said=start < m.start() or free[:m.start()].rstrip().endswith(":"))):
            # the unit said first, before the cap: "kWh por debajo de 12 céntimos", "per
            # minute under 15p", "el minuto a menos de 20 céntimos"
            per, end = said_unit, m.end()
        elif per is None and end is None and start < m.start() and (
                m.group("cur") != "p" or rate_named_before(free, start)
                or re.search(r"[.,]\d", m.group("a"))):
            # a cap on a rate in words that only name money ("término de energía por debajo
            # de 12 céntimos", "standing charge under 40 pence"): the amount, no unit said
            # ("under 4p" may still be four people, "1080p" a resolution; "under 151.9p"
            # with its tenth is pence, as a litre of fuel is priced in the UK)
            end = m.end()
        elif per is None and occasions and measure_span(free, m.end()):
            # a page's "£45 plus 90p per mile", "25p a mile": the amount alone, its measure
            # read after it by the listing's reader (scout.steps.listprice,
            # scout.steps.distancerate), as a whole amount's "0,90 €/km" is
            end = m.end()
        elif per is None and end is not None:
            continue  # "15 céntimos por cada ...": a unit this reader does not know
        if end is None:
            continue
        # a request's "50p a walk" is read as its "under £15 a visit" is: no unit
        per = None if per in OCCASIONS and not occasions else per
        try:
            amount = figure(m.group("a")) / 100
        except ValueError:
            continue
        # (a cent's currency, "XXX" here, is settled by :func:`iter_money`)
        yield (Money(amount=round(amount, 6), currency=_MINOR_CODES.get(m.group("cur"), "EUR"),
                     comparator=cmp_, per=per), (start, end), None)


def iter_money(free: str, original: str, territories: list[str], *,
               lang: str = "en", occasions: bool = False,
               ) -> Iterator[tuple[Money, tuple[int, int], str | None]]:
    """Every amount with a currency in ``free`` → (Money, span, the word a currency was
    assumed from or None), in the order the text says them: a rate in pence or céntimos
    (:func:`_minor`) among them. With ``occasions`` (a listing's text), an amount per a
    visit or a walk keeps it as its unit (:data:`scout.units.OCCASIONS`); without (a
    request), the words are read with the amount and it states no unit."""
    whole = [_rate_to_decimals(free, h) for h in
             _iter_money(free, original, territories, lang=lang, occasions=occasions)]
    minor = [h for h in _minor(free, occasions)
             if not any(h[1][0] < b and a < h[1][1] for _m, (a, b), _w in whole)]
    # "0.10 euros per kW a day and 14 cents per kWh": a cent of the one currency said
    said = {m.currency for m, _s, _w in whole}
    minor = [(m.model_copy(update={"currency": next(iter(said))}), s, w)
             if m.currency == "XXX" else (m, s, w)
             for m, s, w in minor if m.currency != "XXX" or len(said) == 1]
    yield from sorted(whole + minor, key=lambda h: h[1][0]) if minor else whole


def _rate_to_decimals(free: str, hit: tuple[Money, tuple[int, int], str | None],
                      ) -> tuple[Money, tuple[int, int], str | None]:
    """``hit`` with its amount read to three decimals where it is a rate written so
    (:func:`scout.units.rate_decimals_at`: "1,459 €/l", "£1.459 per litre"): a unit of
    work or a measure said after it, the request's (its ``per``) or a listing's (read after
    its span by :func:`scout.units.measure_unit`, as :mod:`scout.steps.listprice` does)."""
    money, (start, end), word = hit
    if not (money.per in RATE_UNITS or measure_span(free, end) is not None):
        return hit
    said = free[start:end]
    # the rate's own figure and currency: a request's span may hold its cap and its unit
    found = rate_decimals_at(said)
    if found is None or found[0] == money.amount:
        return hit
    value = found[0]
    if money.min is not None:
        # a range ("1,419-1,439 €/l", "entre 1,399 y 1,459 €/l"): its low figure written
        # the same way, before the top, is a rate to three decimals too, else the range is
        # left as read
        low = (_LOW_RATE_COMMA if "€" in said else _LOW_RATE_POINT).search(said, 0, found[1])
        if low is None or float(low.group(1).replace(",", ".")) > value:
            return hit
        return (money.model_copy(update={"amount": value,
                                         "min": float(low.group(1).replace(",", "."))}),
                (start, end), word)
    return money.model_copy(update={"amount": value}), (start, end), word


# a range's low figure, priced to three decimals as its top is: "1,419" in "1,419-1,439 €"
# (no pound or dollar before it), "£1.419" in "£1.419-£1.439"
_LOW_RATE_COMMA = re.compile(r"(?<![\d.,£$])(?<![£$]\s)(\d,\d{3})(?![\d.,]\d)(?!\s?€)")
_LOW_RATE_POINT = re.compile(r"(?<![\d.,])(\d\.\d{3})(?![\d.,]\d)")


_CODE = re.compile(r"(?<![A-Za-z])[A-Z]{3}(?![A-Za-z])")


def _coded(original: str) -> list[str]:
    """The countries whose currency the request writes by its ISO code ("budget USD 150":
    the US), first among the places': a bare "$" beside it is that country's dollar
    ("Chicago to Toronto, insured up to $2,500, budget USD 150")."""
    table = currencies().territory_currencies
    return list(dict.fromkeys(code[:2] for code in _CODE.findall(original)
                              if code in table.get(code[:2], ())))


def _iter_money(free: str, original: str, territories: list[str], *,
                lang: str = "en", occasions: bool = False,
                ) -> Iterator[tuple[Money, tuple[int, int], str | None]]:
    if "$" in original and (coded := _coded(original)):
        territories = [*coded, *(t for t in territories if t not in coded)]
    # "doscientos euros" → "       200 euros"; "€1.5 million" → "    €1500000"
    folded, free = free, _halves(_notes(blank_tax_words(close_gaps(free, rewrite(free)))))
    marked, pattern, pos = mark(free, territories), _token_re(_maybe_own(original)), 0
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
            raw_per = unit_before(free, m.start())
        pcmp = g["pcmp"]
        if not raw_per and pcmp and (late := unit_after_cap(free, m.end())):
            # "250 bucks max per night", "150 € máximo por noche": the unit after the cap
            raw_per, span = late.group("per"), (span[0], late.end())
            each = each_of(late.group("each"))
        if not raw_per and (past := head_past_trip(free, span[1])):
            raw_per = past  # "60 € ida y vuelta por persona": the span stays the amount's
        per = period_of(raw_per)
        if raw_per == "pppn":
            each = "person"  # "£50pppn": per person per night, both said in one word
        if each is None and per is not None and (head := head_after(free, span[1])):
            each, span = head[0], (span[0], head[1])  # "90 € al mes por persona"
        elif per == "person" and each is None and (late := unit_after_cap(free, span[1])) \
                and not late.group("each") and period_of(late.group("per")) in TIME_PERIODS:
            # "€150 each per day", "150 € cada uno al día": one head's, and its period,
            # as "€150 per person per day" (never the period lost, nor the group's a day)
            each, per, span = "person", period_of(late.group("per")), (span[0], late.end())
        if (per is None and not raw_per or per == "person" and each is None) and (
                late_per := period_late(free, span[1])):
            # "CHF 400 each for the week", "400 € por persona para toda la semana", "£900
            # for the whole week": the period the amount is for, said apart from it (a head's
            # amount stays one head's)
            each = "person" if per == "person" else each
            per, span = late_per[0], (span[0], late_per[1])
        if per in OCCASIONS and not occasions:
            per = None  # "under 60 euros a visit": the listings say "Consulta: 60 €"
        if occasions and per == "person" and each is None and is_band(raw_per):
            # a listing's "£10 per child" beside "£35 per adult" is a child's band, no one
            # person's price; a request's "máximo 150 € por niño" is each child's budget
            per = None
        if per is None and not raw_per and not occasions and (
                measure := measure_span(free, span[1]) or (
                    (said := measure_before(free, m.start())) and (said, span[1]))):
            # a request's "menos de 1,50 €/km", "max 30 € el m³": a budget per the measure,
            # as a listing's "1,20 €/km" is priced (scout.steps.listprice; rank compares
            # rate with rate); a listing's amounts are left to that reader
            per, span = measure[0], (span[0], measure[1])
        if per is None and not raw_per and not occasions and g["cmp"] and (
                high if high is not None else low) < 1 and (
                said_unit := rate_unit_before(free, m.start(), cap_said=True)) \
                and said_unit != "item":
            # a unit of work said bare before the cap on a fraction of the currency: "kWh
            # under £0.15", "palabra por debajo de 0,08 €" (as "kWh por debajo de 12
            # céntimos" is read); a whole amount after one is no rate ("2 hours under £50"),
            # nor is a unit's bare noun ("unit rate under 0.25 GBP": a rate's name)
            per = said_unit
        if per is None:  # "600 € en total", "presupuesto total de 1.000 €": the whole span's
            per, span = total_of(free, m.start(), span)
        if high is not None:
            join = (g["join"] or "").strip()
            lead = (g["lead"] or "").strip()
            # "and"/"y" join a range only after "between"/"entre" ("rated 4 and 200 EUR")
            joined = join in ("a", "to", "-", "–", "hasta") or (
                join in ("y", "and") and lead in ("between", "entre"))
            # a measure's power is no range's low end: "80 m2 a 900 €", "5 m3 - 55 €"
            joined = joined and not _POWER_BEFORE.search(free, 0, m.start("a1"))
            code = c1[0] or c2[0]
            if joined and high >= low and code:
                yield (Money(amount=high, min=low, currency=code, comparator="<=", per=per,
                             each=each, tax=basis_at(folded, span)),
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
        for words, sym in CMP:
            if g["cmp"] and re.fullmatch(words, g["cmp"]):
                cmp_ = sym
                break
        else:
            if g["lead"] and g["lead"].strip() in ("from", "desde"):
                cmp_ = ">="
        if pcmp and (not g["cmp"] or cmp_ == "~"):  # "como 1500 pesos máximo": a cap
            cmp_ = next(sym for words, sym in POST_CMP if re.fullmatch(words, pcmp))
        if cmp_ == ">=" and g["cmp"] and _NEGATED.search(free, max(0, m.start() - 40), m.start()):
            cmp_ = "<="  # "nada por encima de 150 euros" is a cap
        if not g["cmp"] and not g["lead"] and g["pre1"] and c1[2] == "post":
            span = (m.start("a1"), span[1])  # a word before the amount that is no currency
        yield (Money(amount=low, currency=code, comparator=cmp_, per=per, each=each,
                     tax=basis_at(folded, span)),
               (widen(folded, free, span[0]), span[1]), c1[1])


# a square or cubic measure's unit right before a figure ("m2", "ft3"): the figure is its
# power, never an amount
_POWER_BEFORE = re.compile(r"(?<![a-z])(?:m|mt|mts|ft|km|cm)$")


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
    """The currency of one amount: the token before it, else the one after it; an ISO code
    after it before a sign ("$500 MXN", "$ 45.000 ARS"): a sign names a family of
    currencies ("$" dollars or pesos), the code the one meant."""
    post = (g["post" + n] or "").strip().upper()
    order = ("post", "pre") if g["pre" + n] and post in currencies().iso else ("pre", "post")
    for where in order:
        tok = g[where + n]
        if tok and len(tok.strip()) == 1 and tok.strip().isalpha() and not letter_sign(
                tok.strip(), original[m.start(where + n):m.start("a" + n)], g["a" + n] or "",
                territories):
            continue  # "E300", "r 4.3": no one-letter currency sign
        if tok:
            code, assumed = currency_token(tok, original[m.start(where + n):m.end(where + n)],
                                      territories, lang)
            if code:
                return code, assumed, where
    return None, None, ""
