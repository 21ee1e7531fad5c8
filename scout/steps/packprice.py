"""A price for several units, compared per one: a pack, a bundle, a block of work.

Two callers, one count reader (:func:`units_bought`):

- **automatic** (:func:`for_pack`): a budget per a unit of work (an hour, a page, a word,
  a walk) and a price stating no unit whose sentence says how many of that unit it buys
  ("Bono de 10 horas por 300 €", "pack of 10 hours: £250", "300 € (8 horas)"): 30 € an
  hour, not a price kept unchecked as stating no unit; so is a price per a period whose
  sentence says the hours that period holds ("80 € al mes por 4 clases de 1,5 horas": 6
  hours, 13,33 € an hour; "£120 a month for 10 hours"), the same figure a report shows
  per hour, never one a report works out while the ranking calls it incomparable;
- **declared** (:func:`for_bundle`): rank's ``bundle: {unit: GPU, words: [GPUs, GPU, x]}``
  names what the kind sells and the words a page counts it with; a line counting more
  than one ("8x H100", "(8 GPUs)", "10 clases por 180 €") or saying it is a pack, case, box
  or set of N ("pack of 6", "caja de 6 botellas", "bono de 10") is divided by them, and
  ``Candidate.bundle`` keeps the count ("1,60 US$/hora por 4 GPU").

Either way the price is divided, flagged (in both languages) and compared per one. What
buys no pack is left alone: a count said as how often ("2 horas a la semana", "two hours
a week"), as one class's length ("clases de 2 horas", "lessons of 2 hours"), a count priced
at a rate of its own ("kit 280 €, mano de obra 5 horas a 40 €/h": the kit is no 5-hour
pack at 56 € an hour), a count of one, or a line saying its price is one unit's ("per GPU-hour", "$2.19/GPU/hr", "por GPU",
"each").
"""

from __future__ import annotations

import math
import re

from scout.i18n import N_
from scout.schemas.records import Candidate
from scout.schemas.task import Money
from scout.text import fold
from scout.units import PERIOD_DAYS

#: each unit of work as pages write it in the plural, a pack counting several (folded)
_UNIT_WORDS = {
    "hour": ["hours", "hrs", "horas"],
    "minute": ["minutes", "mins", "minutos"],
    "word": ["words", "palabras"],
    "page": ["pages", "paginas", "folios"],
    # a picture delivered is an item too (scout.task.moneyunits): "50 fotos por 400 €",
    # "100 photos for £800", "20 imágenes retocadas por 90 €"
    "item": ["items", "documents", "documentos", "photos", "fotos", "fotografias", "images",
             "imagenes", "pictures"],
    "visit": ["visits", "visitas"],
    "walk": ["walks", "paseos"],
}
# how often, not how many: "2 horas a la semana", "10 hours per month", "3 walks weekly"
HOW_OFTEN = re.compile(r"\s*(?:(?:a|per|por|al|a\s+la|cada|each|every)\s+(?:la\s+)?"
                        r"(?:semana|week|mes|month|dia|day)|semanales|mensuales|diarias|"
                        r"weekly|monthly|daily)\b")
# one class's length: "clases de 2 horas", "lessons of 2 hours", "sesiones de 2 horas"
_ONE_CLASS = re.compile(r"(?:clases?|lessons?|sessions?|sesion(?:es)?|classes)\s+(?:de|of)\s+$")
# hours priced at a rate of their own right after their count: "mano de obra 5 horas a
# 40 €/h", "3 hours at £85 per hour", "10 páginas a 12 € la página": no pack some other
# amount of the sentence buys (a kit's "280 €" beside them), the rate is what they cost
_PRICED_AT = re.compile(
    r"\s*(?:a|at|@|x|×|por|de|for)?\s*(?:[€$£]\s*\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s*(?:[€$£]|eur\b|"
    r"euros?\b|gbp\b|usd\b|pounds?\b|libras?\b|dolares\b|dollars?\b))\s*(?:/|per\b|por\b|la\b|"
    r"el\b|an?\b|each\b|cada\b)")
# a currency said in the sentence: the count is what that amount buys
_MONEY = re.compile(r"[€$£]|\b(?:eur|euros?|usd|dollars?|dolares|gbp|pounds?|libras)\b")
# where a sentence ends: a full stop not inside a number ("1.200 €"), ";", a line's end
SENTENCE = re.compile(r"(?<!\d)[.;!?](?!\d)|\n")
#: a pack said without the unit's word: "pack of 6", "6-pack", "caja de 6", "bono de 10",
#: "lote de 3" (folded text)
_PACK = re.compile(
    r"\b(?:pack|pk|case|box|bundle|set|bono|caja|paquete|lote|estuche)\s+(?:of|de)\s+"
    r"(\d{1,4})\b|\b(\d{1,4})\s*(?:-\s*)?pack\b")

#: classes counted with one's length, what a period's price holds: "4 clases de 1,5 horas",
#: "4 lessons of 1 hour", "8 sesiones de 90 minutos" (folded text)
_CLASSES_OF = re.compile(
    r"(?<![\d.,])(\d{1,3})\s+(?:clases?|lessons?|sessions?|sesion(?:es)?|classes)\s+(?:de|of)\s+"
    r"(\d{1,3}(?:[.,]\d{1,2})?)\s*(?:(horas?|hours?|hrs?|h)|(minutos|minutes|mins?))(?!\w)")

#: hours said per a period, what a longer period's price holds: "4 horas semanales 220 €/mes",
#: "4 hours a week, £260 a month", "2 h/semana" (folded text); the period's word is the group
_HOURS_OFTEN = re.compile(
    r"(?<![\d.,])(\d{1,3}(?:[.,]\d{1,2})?)\s*(?:horas?|hours?|hrs?|h)\s*"
    r"(?:(?:/\s*|(?:a|per|por|al|a\s+la|cada|each|every)\s+(?:la\s+)?)(semana|week|mes|month|dia|day)"
    r"|(semanales|mensuales|diarias|weekly|monthly|daily))\b")
_OFTEN_PERIOD = {"semana": "week", "week": "week", "semanales": "week", "weekly": "week",
                 "mes": "month", "month": "month", "mensuales": "month", "monthly": "month",
                 "dia": "day", "day": "day", "diarias": "day", "daily": "day"}

# "× 1 hour": the count of one unit each, as a reader says it ("4 × hour" is no phrase in
# either language); "evenly", as one placeholder is said once (scout.i18n.messages)
PACK_FLAG = N_("price for {count} × 1 {per}, divided evenly to compare it with the budget "
               "per {target}")
PEER_PACK_FLAG = N_("price for {count} × 1 {per}, divided evenly to compare it with the "
                    "others' prices per {target}")
BUNDLE_FLAG = N_("price of a bundle of {count}, divided by them to compare it per {unit}")


def _words(words: list[str], singular: bool = True) -> str:
    """``words`` as one alternation, each also in the singular a compound writes it in
    ("5-class pass" for "classes", "4-GPU node" for "GPUs") unless not ``singular``."""
    forms: set[str] = set()
    for word in words:
        w = fold(word).strip()
        if w:
            forms.add(w)
            if singular and len(w) > 3 and w.endswith("s"):  # "GPUs", "classes", "sesiones"
                forms |= {w[:-1], w[:-2] if w.endswith("es") else w[:-1]}
    return "|".join(re.escape(w) for w in sorted(forms, key=len, reverse=True))


def per_one(text: str, words: list[str]) -> bool:
    """Whether ``text`` says its price is one unit's: "per GPU-hour", "$2.19/GPU/hr",
    "0,35 $/h por GPU", "each GPU", "per-GPU" (folded, any of ``words``)."""
    alt = _words(words)
    if not alt:
        return False
    return re.search(r"(?:\bper|\bpor|\beach|\bcada|/)[\s-]*(?:" + alt + r")(?!\w)"
                     r"|(?<!\w)(?:" + alt + r")\s*-\s*(?:hour|hora|hr|h|day|dia|month|mes)\b",
                     fold(text)) is not None


def units_bought(text: str, words: list[str], priced: bool = False) -> int | None:
    """How many units one price in ``text`` buys: the first count of one of ``words``
    ("8x H100", "4 GPUs", "10 horas", "5-class pass"), or of a pack ("pack of 6", "bono de
    10"); ``priced`` (a unit the kind did not declare): only in a sentence that states an
    amount ("Bono de 10 horas por 300 €"), and never a pack that does not name the unit.
    None when the text says its price is one unit's, or counts none above one, or only
    how often or one class's length."""
    if not _words(words) or per_one(text, words):
        return None
    # a unit of work counted in the plural: "a 2-hour lesson" is one lesson's length
    alt = _words(words, singular=not priced)
    count = re.compile(r"(?<![\d.,])(\d{1,4})" + (r"\s+" if priced else r"\s*(?:-\s*)?")
                       + r"(?:" + alt + r")(?!\w)")
    folded = fold(text or "")
    for sentence in SENTENCE.split(folded) if priced else [folded]:
        if priced and not _MONEY.search(sentence):
            continue
        found = [(m.start(), int(m.group(1))) for m in count.finditer(sentence)
                 if not HOW_OFTEN.match(sentence, m.end())
                 and not _ONE_CLASS.search(sentence[:m.start()])
                 and not (priced and _PRICED_AT.match(sentence, m.end()))]
        if not priced:  # "bono de 10" against a budget per hour: ten hours or classes?
            found += [(m.start(), int(m.group(1) or m.group(2)))
                      for m in _PACK.finditer(sentence)]
        n = next((n for _, n in sorted(found) if 1 < n < 10000), None)
        if n is not None:
            return n
    return None


def pack_count(text: str, unit: str) -> int | None:
    """How many ``unit`` (hour, page...) the sentence of ``text`` that states an amount
    says one price buys ("Bono de 10 horas por 300 €": 10); None when none does."""
    words = _UNIT_WORDS.get(unit)
    return units_bought(text, words, priced=True) if words else None


def period_hours(text: str, unit: str, per: str | None = None) -> float | None:
    """How many ``unit`` (an hour or a minute) the sentence of ``text`` that states an
    amount says a period's price holds: its classes times one's length ("80 € al mes por 4
    clases de 1,5 horas": 6 hours), else a pack's count ("£120 a month for 10 hours"), else,
    for a price per ``per``, the hours it says a shorter period holds, put on ``per`` ("4
    horas semanales 220 €/mes": 4 hours a week, ~17.4 a month; a cleaner's, a tutor's); None
    when it says neither, or only one class's length."""
    if unit not in ("hour", "minute"):
        return None
    for sentence in SENTENCE.split(fold(text or "")):
        if not _MONEY.search(sentence):
            continue
        for m in _CLASSES_OF.finditer(sentence):
            length = float(m.group(2).replace(",", "."))
            hours = int(m.group(1)) * (length if m.group(3) else length / 60)
            total = hours if unit == "hour" else hours * 60
            if total > 0:
                return round(total, 4)
    packed = pack_count(text, unit)
    if packed is not None or per not in PERIOD_DAYS:
        return packed
    for sentence in SENTENCE.split(fold(text or "")):
        if not _MONEY.search(sentence):
            continue
        for m in _HOURS_OFTEN.finditer(sentence):
            often = _OFTEN_PERIOD[m.group(2) or m.group(3)]
            if PERIOD_DAYS[often] > PERIOD_DAYS[per]:
                continue  # "10 horas al mes" for a price a week says no week's hours
            hours = float(m.group(1).replace(",", ".")) * PERIOD_DAYS[per] / PERIOD_DAYS[often]
            total = hours if unit == "hour" else hours * 60
            if total > 0:
                return round(total, 2)
    return None


def divided(base: Money, count: float, fine: bool = False) -> dict[str, object] | None:
    """The update putting ``base`` per one of ``count``: its amount and low end divided
    (``fine``: an amount under 1 to 4 decimals, a rate per word); None when the quotient
    is no finite number. Shared by a pack's, a group's and a team's division."""
    amount = base.amount / count
    if not math.isfinite(amount):
        return None
    low = round(base.min / count, 2) if base.min is not None else None
    digits = 4 if fine and amount < 1 else 2
    top = round(base.max / count, digits) if base.max is not None else None
    return {"amount": round(amount, digits), "min": low, "max": top}


def _divide(c: Candidate, count: float, per: str | None = None) -> None:
    """``c``'s price compared per one of ``count``: its amount and low end divided."""
    base = c.price_converted or c.price
    assert base is not None
    update = divided(base, count, fine=True)
    if update is None:
        return
    if per is not None:
        update["per"] = per
    c.price_converted = base.model_copy(update=update)


def price_lines(c: Candidate) -> list[str]:
    """The texts of ``c``'s evidence stating its price (all of them when none does)."""
    price = c.price
    said = [e for e in c.evidence if e.price is not None and price is not None
            and e.price.amount == price.amount]
    return [f"{e.title or ''}. {e.text or ''}" for e in said or c.evidence]


def for_pack(c: Candidate, unit: str, peers: bool = False) -> None:
    """Put ``c``'s price stating no unit on the footing of a budget per ``unit`` (a unit
    of work): divided by the count of it its price's sentence says it buys, and flagged;
    so is a price per a period of time by the hours its sentence says the period holds
    (:func:`period_hours`); left as it is otherwise (a price per a unit, or for a group).
    ``peers``: the request states no money, the others' prices per ``unit`` are what it
    is compared with (the flag says so)."""
    base = c.price_converted or c.price
    if base is None or base.each is not None or not base.amount \
            or not math.isfinite(base.amount):
        return
    if base.per is None:
        count: float | None = next((n for t in price_lines(c) if (n := pack_count(t, unit))),
                                   None)
    elif base.per in PERIOD_DAYS:
        count = next((h for t in price_lines(c) if (h := period_hours(t, unit, base.per))),
                     None)
    else:
        return
    if count is None:
        return
    _divide(c, count, per=unit)
    flag = PEER_PACK_FLAG if peers else PACK_FLAG
    c.flags.append(flag.format(count=f"{count:g}", per=unit, target=unit))


#: where a clause ends in a line of prices: a sentence's end, a semicolon or a comma, not
#: inside a number ("1.200 €", "12,50 €": a digit on both sides)
_CLAUSE = re.compile(r"[.;!?,](?!\d)|(?<!\d)[.;!?,]|\n")


def price_clauses(line: str, amount: float) -> list[str]:
    """The clauses of ``line`` that state ``amount``, where the line states other amounts
    too: a count said beside another amount is what that one buys ("Teórico online 49 €.
    Bono de 10 clases 360 €": the 49 € buys no ten classes). The whole line where it
    states one amount ("8x H100 SXM, 80GB each, $23.92/hr") or none is found as stated."""
    from scout.task.amounts import find_amounts

    found = find_amounts(line)
    if len({round(m.amount, 2) for m, _ in found}) < 2:
        return [line]
    own = [part for part in _CLAUSE.split(line)
           if any(math.isclose(m.amount, amount) for m, _ in find_amounts(part))]
    return own or [line]


def bundle_count(text: str, words: list[str]) -> int | None:
    """How many of the kind's unit (named by ``words``) one price in ``text`` is for."""
    return units_bought(text, words)


def for_bundle(c: Candidate, unit: str, words: list[str]) -> None:
    """Put ``c``'s price for several units on one's footing: divided by the count the
    line stating it gives, ``c.bundle`` set and flagged; left as it is otherwise (a price
    already per one, per a user or a person: ``each`` set)."""
    base = c.price_converted or c.price
    if base is None or base.each is not None or not base.amount or c.price is None \
            or not math.isfinite(base.amount):
        return
    lines = [own for t in price_lines(c) for own in price_clauses(t, c.price.amount)]
    if any(per_one(t, words) for t in lines):
        return
    count = next((n for t in [*lines, c.name] if (n := bundle_count(t, words))), None)
    if count is None:
        return
    _divide(c, count)
    c.bundle = count
    c.flags.append(BUNDLE_FLAG.format(count=count, unit=unit))
