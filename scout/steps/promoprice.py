"""A promotional price that rises: the price a listing is compared at is the later one.

Operators, gyms and streaming services sell a first price for some months and a higher
one after it ("9 €/mes durante 6 meses, luego 14 €/mes", "£12 a month for 6 months then
£22 a month"). What a reader pays from then
on is the later price, so a budget check reading the first one passes a plan that goes
over the budget in month seven. :func:`regular_index` says which of a text's amounts is
the regular price (the one ``find_price`` reads); :func:`promotion` quotes the words that
state it, which rank flags on the candidate so the report shows the promotion. An offer
for the first month(s) only with no later price beside it ("Primer mes gratis", "50% dto.
2 meses", "First month free, then £42.50") is quoted by :func:`first_months`: the price
stated is the one after it, and rank flags the offer the same way.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Sequence

from scout.task.amounts import listed_amounts

# the promotion's length between the two prices: "durante 6 meses", "for the first 6
# months", "6 months", then a word saying what comes after it
# ("for the first year", "el primer año": a host's introductory term, said with no number)
_SPAN = (r"(?:(?:\d{1,2}|un|una|uno|dos|tres|cuatro|seis|doce|one|two|three|four|six|twelve)"
         r"\s+(?:primeros?\s+|primeras?\s+|first\s+)?"
         r"(?:mes(?:es)?|months?|semanas?|weeks?|años?|years?)|"
         r"(?:first|primer)\s+(?:año|year|mes|month))")
# what the price after it is called: "luego", "then", and a renewal, as hosts and
# registrars write it ("renews at $10.99/mo", "se renueva a 8,99 €", "renovación 12 €")
_RISE = (r"(?:luego|despu[eé]s|a partir de(?:l| entonces| ah[ií])?|pasa(?:ndo)? a|sube a|"
         r"then|after(?:wards| that)?|thereafter|rising to|goes up to|and|"
         r"renews?(?:\s+at)?|renewal(?:\s+(?:price|rate))?|renewing\s+at|"
         r"(?:se\s+)?renueva(?:\s+a)?|renovaci[oó]n|precio\s+de\s+renovaci[oó]n)")
# (one full stop may end the offer's sentence before a renewal is said: "$2.95/mo for 36
# months. Renews at $10.99/mo")
_PROMO = re.compile(
    r"^[^.;!?]{0,30}?\b" + _SPAN + r"\b(?:[^.;!?\d]{0,25}?[.;]\s*)?[^.;!?\d]{0,25}?\b" + _RISE
    + r"\b[^.;!?\d]{0,20}$", re.I)


# the occasions a first time may be offered free or cheaper (:data:`_FIRST_TIME`): a
# remittance's transfer, a shop's order, a school's lesson, a clinic's visit, a ride
_OCCASION_WORDS = (r"(?:env[ií]os?|transferencias?|giros?|remesas?|pedidos?|compras?|clases?|"
             r"lecciones|lecci[oó]n|sesi[oó]n(?:es)?|consultas?|visitas?|viajes?|trayectos?|"
             r"carreras?|reservas?|entregas?|servicios?|transfers?|orders?|purchases?|"
             r"lessons?|class(?:es)?|sessions?|consultations?|visits?|rides?|trips?|"
             r"bookings?|deliver(?:y|ies)|shipments?|payments?|pagos?)")


# ... or the promotion said before its price ("primeros 6 meses a 9,99 €, después 20 €",
# "50% off the first year: $15/mo, then $30/mo"): months or years (a stay's weeks or
# nights are no promotion), then the price, then only a word saying what comes after it
_LEAD = re.compile(
    r"\b(?:(?:\d{1,2}|un|una|uno|dos|tres|cuatro|seis|doce|one|two|three|four|six|twelve)"
    r"\s+(?:primeros?\s+|first\s+)?(?:mes(?:es)?|months?|años?|years?)|"
    r"first\s+(?:year|month)|primer\s+(?:año|mes)|"
    # a first time's price before the one every time after it ("Primera clase por 10 €,
    # después 35 €", "First lesson £5, then £30"): :data:`_FIRST_TIME_SAID`
    r"(?:primer(?:os|as|a)?|first|1st|1er|1ª)\s+(?:(?:money|bank|international|online)\s+)?"
    + _OCCASION_WORDS + r")\b[^.;!?\d]{0,25}$", re.I)
# (a sentence may end before the later price: "First month £1. Then £42.50 a month.")
_THEN = re.compile(r"^(?:[^.;!?\d]{0,20}?[.;!]\s*)?[^.;!?\d]{0,20}?\b" + _RISE
                   + r"\b[^.;!?\d]{0,20}$", re.I)


# what may stand between an offer's amount and the price after it: "First month £1, £42.50
# per month after", "£1 for the first month, then £42.50", "30 €/mes los primeros 3 meses
# y después 45 €/mes" (the offer's months may be said between; no other amount is)
_NEXT = re.compile(r"^[^!?\n]{0,40}$")


def _offer_at(text: str, span: tuple[int, int]) -> bool:
    """Whether the amount at ``span`` is an offer's for the first month(s) only
    (:data:`_FIRST_OFFER`): the price paid after it is the next one the text states."""
    starts, ends = _offers(text)
    # the offers never overlap and come in order: one overlaps the span exactly when
    # the last to start before the span's end ends after its start
    last = bisect.bisect_left(starts, span[1]) - 1
    return last >= 0 and ends[last] > span[0]


@functools.lru_cache(maxsize=16)
def _offers(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where ``text``'s offers (:data:`_FIRST_OFFER`) start and end, read once a text:
    :func:`regular_index` asks at each of its amounts, and reading the whole text each
    time made a page of thousands of amounts take minutes."""
    spans = [m.span() for m in _FIRST_OFFER.finditer(text)]
    return tuple(s for s, _ in spans), tuple(e for _, e in spans)


def regular_index(text: str, spans: Sequence[tuple[int, int]], index: int) -> int:
    """The index in ``spans`` (the amounts of ``text``, in order) of the price paid after
    any promotion that starts at ``index``: the next amount while the words between say
    the one before lasts some months and then changes ("… durante 6 meses, luego …"), or
    the words before it said so and those between only say what follows ("primeros 6
    meses a 9,99 €, después 20 €")."""
    while index + 1 < len(spans):
        between = text[spans[index][1]: spans[index + 1][0]]
        if not (_PROMO.search(between) or _THEN.search(between) and _LEAD.search(
                text[spans[index - 1][1] if index else 0: spans[index][0]][-60:])
                or _offer_at(text, spans[index]) and _NEXT.match(between)):
            break
        index += 1
    return index


def promotion(text: str) -> str | None:
    """The words of ``text`` that state a promotion and the price after it ("9 €/mes
    durante 6 meses, luego 14 €/mes"), for the reader to see; None when it states none."""
    spans = [span for _, span in listed_amounts(text)]
    for i in range(len(spans)):
        j = regular_index(text, spans, i)
        if j > i:
            lead = _LEAD.search(text[spans[i - 1][1] if i else 0: spans[i][0]][-60:])
            start = spans[i][0] - (len(lead.group(0)) if lead and not _PROMO.search(
                text[spans[i][1]: spans[i + 1][0]]) else 0)
            return text[start: spans[j][1]]
    return None


# an offer for the first month(s) or week(s) only, said beside the price with no later
# price after it: "Primer mes gratis", "First month free", "50% dto. 2 meses", "50% off the
# first 8 weeks", "los 2 primeros meses a mitad de precio", "first month £1"
_NUMBER = r"(?:\d{1,2}|un|una|uno|dos|tres|cuatro|seis|one|two|three|four|six|eight|ocho)"
_PERIODS = r"(?:mes(?:es)?|months?|semanas?|weeks?)\b"
_FIRST_SAID = r"(?:primer(?:os|as|a)?|first)\s+(?:" + _NUMBER + r"\s+)?" + _PERIODS
_FIRST = r"(?:" + _FIRST_SAID + r"|" + _NUMBER + r"\s+(?:primer(?:os|as)\s+)?" + _PERIODS + ")"
_OFF = (r"(?:gratis|gratuit[oa]s?|free|half[\s-]price|(?:a\s+)?mitad\s+de\s+precio|"
        r"\d{1,3}\s*%\s*(?:off|de\s+descuento|descuento|dto\.?|dcto\.?)|(?:al|a)\s+\d{1,3}\s*%)")
_JOIN_BEFORE = r"\s*(?:(?:for|during|durante|por|en|in|on|los|las|el|la|the|your|tus|sus)\s+)*"
_JOIN_AFTER = r"\s*(?:(?:is|are|es|son|for|por|at|a|al)\s+|[:,]\s*)?"
_AMOUNT = r"(?:[€$£]\s*\d|\d[\d.,]*\s*(?:€|\$|£|eur\b|euros?\b|gbp\b|usd\b))"
# the first months named as the first, after an amount ("£1 for the first month", "30 €/mes
# los primeros 3 meses", "9 € los 3 primeros meses"), with the amount's period between
_FIRST_NAMED = r"(?:" + _FIRST_SAID + r"|" + _NUMBER + r"\s+primer(?:os|as)\s+" + _PERIODS + r")"
_WHOLE = r"(?:[€$£]\s*\d[\d.,]*|\d[\d.,]*\s*(?:€|\$|£|eur\b|euros?\b|gbp\b|usd\b))"
_ITS_PERIOD = r"(?:\s*(?:/\s*|\b(?:al|a|per|por|an?)\s+)(?:mes|month|mo|semana|week)\b)?"
_FIRST_OFFER = re.compile(
    r"\b(?:" + _OFF + _JOIN_BEFORE + _FIRST + r"|" + _FIRST + _JOIN_AFTER + _OFF
    # an amount for the first month said so ("first month £1"), never a contract's
    # "12 meses, 30 €" or a minimum stay's "1 mes a 40 €"
    + r"|" + _FIRST_SAID + _JOIN_AFTER + _AMOUNT + r")|"
    + r"(?<![\w.,])" + _WHOLE + _ITS_PERIOD + _JOIN_BEFORE + _FIRST_NAMED, re.I)


# an offer for a first time only, not for a first period: a remittance's first transfer, a
# shop's first order, a school's first lesson, a clinic's first visit ("Primer envío gratis",
# "first transfer fee-free", "1st lesson free", "envío gratis en tu primer pedido"): what is
# paid every time after it is the price, and no contract's months are averaged over it (:mod:`scout.steps.termcost` reads :func:`first_months` alone)
_OCCASION = _OCCASION_WORDS + r"\b"
_FIRST_TIME_SAID = (r"(?:primer(?:os|as|a)?|first|1st|1er|1ª)\s+(?:" + _NUMBER + r"\s+)?"
                    + r"(?:(?:money|bank|international|online|internacional(?:es)?)\s+)?"
                    + _OCCASION)
_FREE_OF_FEES = (r"(?:fee[\s-]free|no[\s-]fee|sin\s+comisi[oó]n(?:es)?|without\s+(?:any\s+)?fees?|"
                 r"commission[\s-]free)")
# what joins the offer to its first time: "gratis en tu primer pedido", "free delivery on
# your first order" (a word or two may name what is free)
_JOIN_FIRST = (r"(?:\s+[^\W\d_]+){0,2}?\s*(?:(?:for|on|in|with|en|con|de|del|por|the|your|"
               r"tu|tus|su|sus|la|el|mi|my)\s+)*")
# a first time offered free or cheaper, never a first time's own price: a clinic's "Primera
# consulta: 60 €" is what a new patient pays (one that rises says so: :data:`_LEAD`)
_FIRST_TIME = re.compile(
    r"\b(?:(?:" + _OFF + r"|" + _FREE_OF_FEES + r")" + _JOIN_FIRST + _FIRST_TIME_SAID
    + r"|" + _FIRST_TIME_SAID + _JOIN_AFTER + r"(?:" + _OFF + r"|" + _FREE_OF_FEES + r"))",
    re.I)


def first_time(text: str) -> str | None:
    """The words of ``text`` that offer a first time only free or cheaper ("Primer envío
    gratis", "50% off your first order"), for the reader to see that the price compared is the one
    paid every time after it; None when it offers none."""
    m = _FIRST_TIME.search(text or "")
    return m.group(0).strip(" :,!") if m else None


def first_months(text: str) -> str | None:
    """The words of ``text`` that offer its first month(s) or week(s) free or cheaper
    ("Primer mes gratis", "50% off the first 8 weeks"), for the reader to see that the
    price compared is the one paid after them; None when it offers none."""
    m = _FIRST_OFFER.search(text or "")
    return m.group(0).strip(" :,") if m else None


def offer_amounts(words: str) -> set[float]:
    """The amounts an offer's words (:func:`first_months`) state: "Primer mes por 1 €" is
    1, the first month's price, never the price paid after it."""
    return {m.amount for m, _ in listed_amounts(words)}
