"""A plan's cost a month over its contract: the offer's months, the price after them and
the fees charged once, averaged (rank's ``term_cost:``).

Broadband, phone, gym and software plans sell a first price for some months and a higher
one after it ("25 €/mes los 6 primeros meses, después 35 €", "£24.99 a month for 18
months, then £42"), with a fee charged once beside it ("instalación 60 €", "£29.99 set-up
fee"), for a contract of so many months ("permanencia 12 meses", "24-month contract") or
none ("sin permanencia", "rolling monthly"). Compared at the price after the offer alone
(:mod:`scout.steps.promoprice`, every kind's rule) a plan whose offer covers half its
contract looks as dear as one that has none, and a set-up fee is never counted. A kind
whose readers sign such contracts declares ``term_cost:`` and its plans are compared at
what they cost a month on average over the contract the listing states, or over the
kind's ``months`` (12: the first year) when it states none, said which; the price after
the offer and the fees are kept in ``c.term`` for the report (:class:`TermCost`).

A yearly price rise the page states ("sube 2 € al año", "price rises each April by £3",
"5% more every year") is added to the months after it, one by an index it does not state
("CPI + 3.9%") flagged and left out (:mod:`scout.steps.pricerise`).

Which amounts are fees is the kind's word (``fees: [alta, instalación, set-up,
installation]``): an amount charged once (no period) that a fee word stands right
before, in its clause, or right after; one said free or worth something ("instalación
gratis (valorada en 100 €)") is none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from scout.i18n import N_
from scout.steps.billing import billed_months
from scout.schemas.records import Candidate, TermCost
from scout.schemas.task import Money
from scout.steps.pricerise import INDEX_FLAG, RISE_FLAG, month_price, yearly_rise
from scout.steps.promoprice import first_months, promotion
from scout.task.amounts import find_amounts
from scout.text import strip_accents

# the shared words say "minimum term" / "plazo mínimo", which reads right for any kind a
# term is sold by (a broadband contract, a course's enrolment, a rental's lease); a kind
# whose readers say "contract" / "permanencia" writes these msgids in its own catalog
# (examples/broadband/locales)
TERM_FLAG = N_("compared at its average a month over the {count}-month minimum term it "
               "states, the offer's months and the fees charged once included")
YEAR_FLAG = N_("compared at its average a month over the first {count} months, as it states "
               "no minimum term, the offer's months and the fees charged once included")
ASKED_FLAG = N_("compared at its average a month over the {count} months asked, the offer's "
                "months, the price after it and the fees charged once included")
#: one month asked: "over the 1 months asked" / "en los 1 meses pedidos" read wrong, and a
#: catalog's plural agrees only with a leading {count}
ASKED_ONE_FLAG = N_("compared at its average a month over the month asked, the offer's "
                    "months, the price after it and the fees charged once included")
BLOCK_FLAG = N_("billed {block} months at a time, paid in full: {paid} months paid for the "
                "{count} compared, {upfront} up front")
NONE_FLAG = N_("compared at its average a month over the first {count} months, as it has no "
               "minimum term, the offer's months and the fees charged once included")

_WORDS = {"un": 1, "una": 1, "uno": 1, "one": 1, "dos": 2, "two": 2, "tres": 3, "three": 3,
          "cuatro": 4, "four": 4, "seis": 6, "six": 6, "nueve": 9, "nine": 9, "doce": 12,
          "twelve": 12, "dieciocho": 18, "eighteen": 18, "veinticuatro": 24,
          "twenty-four": 24}
_NUM = r"(?P<num>\d{1,3}|" + "|".join(sorted(_WORDS, key=len, reverse=True)) + r")"
_UNIT = r"(?P<unit>meses|mes|months?|anos|ano|years?)"
#: what is agreed for a term, said right before its length or right after it:
#: "permanencia 12 meses", "permanencia de 24 meses", "contract: 18 months", "minimum term
#: of 12 months", "24-month contract", "12 meses de permanencia"; a lease's or a course's
#: "duración mínima 9 meses", "minimum stay of 6 months" (a bare "duración" is the
#: thing's own length, no term)
_TERM = (r"(?:permanencia|compromiso(?:\s+de\s+permanencia)?|contrato|contract(?:\s+length)?|"
         r"minimum\s+(?:term|duration|length|period|stay|commitment)|"
         r"(?:plazo|periodo|compromiso)\s+minimo|(?:duracion|estancia)\s+minima|"
         r"tie[\s-]in|term)")
_CONTRACT = (
    re.compile(rf"\b{_TERM}\s*(?::|\s(?:de|of))?\s*(?:(?:minima|minimo|minimum)\s+)?"
               rf"(?:de\s+)?{_NUM}[\s-]+{_UNIT}\b"),
    re.compile(rf"\b{_NUM}[\s-]+{_UNIT}\s+(?:minimum\s+)?(?:de\s+)?{_TERM}\b"))
#: no contract at all: the first ``months`` are averaged over
_NONE = re.compile(r"\b(?:sin\s+(?:permanencia|compromiso)|no\s+(?:minimum\s+term|contract|"
                   r"permanencia|tie[\s-]in)|rolling\s+(?:monthly|30[\s-]day|1[\s-]month)|"
                   r"month[\s-]to[\s-]month|mes\s+a\s+mes|cancel\s+any\s*time|"
                   r"cancela\s+cuando\s+quieras|(?:1|one|30)[\s-](?:month|day)\s+contract)\b")
#: the offer's length, inside its words ("los 6 primeros meses", "for 18 months", "first
#: year", "primer mes")
_SPAN = re.compile(rf"\b{_NUM}\s+(?:primeros?\s+|first\s+)?{_UNIT}\b")
_FIRST = re.compile(r"\b(?:first|primer)\s+(?P<unit>year|ano|month|mes)\b")
#: an offer that takes a share off ("50% dto.", "half price") or all of it ("gratis")
_FREE = re.compile(r"\b(?:gratis|gratuit[oa]s?|free)\b")
_SHARE = re.compile(r"(?P<pct>\d{1,3})\s*%")
_HALF = re.compile(r"\b(?:half[\s-]price|mitad\s+de\s+precio)\b")
#: words that make an amount next to a fee no charge: "gratis (valorada en 100 €)"
_NOT_CHARGED = re.compile(r"\b(?:gratis|gratuit[oa]s?|free|valorad[oa]s?|worth|ahorras?|save)\b")
_CLAUSE = re.compile(r"[.;!?\n]")
#: what parts one thing said from the next within a clause ("primer mes gratis, matrícula
#: 30 €": the fee is no free one)
_PART = re.compile(r"[,;:()]\s|[.;!?\n]")


def _months(num: str, unit: str) -> int | None:
    value = _WORDS.get(num) or (int(num) if num.isdigit() else 0)
    if value <= 0:
        return None
    return value * 12 if unit.startswith(("ano", "year")) else value


def contract_months(text: str) -> int | None:
    """The contract's length in months that ``text`` states ("permanencia 12 meses",
    "24-month contract"), the first one said; None when it states none or says there is
    none ("sin permanencia", "rolling monthly", a "1-month contract")."""
    folded = strip_accents(text or "").lower()
    found = sorted((m for p in _CONTRACT for m in p.finditer(folded)), key=lambda m: m.start())
    for m in found:
        months = _months(m.group("num"), m.group("unit"))
        if months is not None and months > 1:
            return months
    return None


def _offer(text: str, price: Money) -> tuple[float, int] | None:
    """The offer ``text`` states before ``price`` (the price after it): its amount a month
    and its months; None when it states none this module can count."""
    words = promotion(text)
    if words:
        amounts = [m for m, _ in find_amounts(words) if m.currency == price.currency]
        if len(amounts) >= 2 and amounts[0].amount < price.amount:
            months = _offer_months(words)
            return (amounts[0].amount, months) if months else None
        return None
    words = first_months(text)
    if not words:
        return None
    months = _offer_months(words) or 0
    folded = strip_accents(words).lower()
    if not months:
        return None
    if _FREE.search(folded):
        return 0.0, months
    if _HALF.search(folded):
        return price.amount / 2, months
    share = _SHARE.search(folded)
    if share and 0 < int(share.group("pct")) <= 100:
        return price.amount * (1 - int(share.group("pct")) / 100), months
    offered = [m.amount for m, _ in find_amounts(words) if m.currency == price.currency]
    if offered and offered[0] < price.amount:
        return offered[0], months
    return None


def _offer_months(words: str) -> int | None:
    folded = strip_accents(words).lower()
    m = _SPAN.search(folded)
    if m:
        return _months(m.group("num"), m.group("unit"))
    first = _FIRST.search(folded)
    if first:
        return 12 if first.group("unit") in ("year", "ano") else 1
    return None


def fees(text: str, words: Sequence[str], price: Money) -> float:
    """What ``text`` charges once beside ``price``: each amount in its currency, with no
    period, that one of the fee ``words`` names right before it in its clause or right
    after it ("instalación 60 €", "£29.99 set-up fee", "cuota de alta: 49 €"), unless it
    is said free or what something is worth."""
    if not words:
        return 0.0
    fee = re.compile(r"\b(?:" + "|".join(re.escape(strip_accents(w).lower())
                                        for w in words if w.strip()) + r")\w*")
    total = 0.0
    found = find_amounts(text)
    for i, (m, (start, end)) in enumerate(found):
        if m.currency != price.currency or m.per is not None or m.amount <= 0:
            continue
        # the clause before it, back to the amount before or a full stop, and a few words after
        left = found[i - 1][1][1] if i else 0
        before = text[max(left, start - 40): start]
        cut = list(_CLAUSE.finditer(before))
        before = strip_accents(before[cut[-1].end():] if cut else before).lower()
        own = _PART.split(before.rstrip(": "))[-1]
        right = found[i + 1][1][0] if i + 1 < len(found) else len(text)
        after = strip_accents(text[end: min(right, end + 25)]).lower()
        after = _CLAUSE.split(after, maxsplit=1)[0]
        if not (fee.search(before) or re.match(r"\s*(?:de\s+|for\s+|of\s+)?(?:la\s+|the\s+)?"
                                               + fee.pattern, after)):
            continue
        if _NOT_CHARGED.search(own) or _NOT_CHARGED.search(_PART.split(after)[0]):
            continue
        total += m.amount
    return round(total, 2)


def _written(money: Money) -> str:
    """An amount as a flag quotes it, in the page's currency: "167.52 EUR"."""
    return f"{money.amount:.2f} {money.currency}"


def for_term(c: Candidate, fee_words: Sequence[str], default_months: int = 12,
             asked: int | None = None, start_month: int | None = None) -> None:
    """Put ``c``'s price a month on its average over the contract (or the first
    ``default_months`` when none is stated; or the ``asked`` months, the term the request
    buys for, whatever the listing states: a host's "$2.95/mo for 36 months, renews at
    $10.99/mo" over 3 years asked is its offer alone, over 4 a year at the renewal
    price too), the offer, the fees charged once and a yearly
    rise it states included (:mod:`scout.steps.pricerise`: the first in the month it names
    after ``start_month``, the request's today, else a year in); flagged, with the working
    kept in ``c.term``. A price not per month, or a source that states neither an offer, a
    fee nor a rise, is left as it is; a rise by an index it does not state is flagged, not
    added."""
    price = c.price
    if price is None or price.per != "month":
        return
    for e in c.evidence:
        if e.price is None or e.price.amount != price.amount or e.price.currency != price.currency:
            continue
        text = f"{e.title or ''}. {e.text or ''}"
        offer = _offer(text, price)
        charged = fees(text, fee_words, price)
        rise = yearly_rise(text, price)
        block = billed_months(text)
        if offer is None and not charged and rise is None and block is None:
            continue
        none = _NONE.search(strip_accents(text).lower()) is not None
        said = None if none else contract_months(text)
        months = asked or said or default_months
        # a price billed N months at a time is paid in whole blocks: the months the
        # blocks covering the term hold, never a share of one
        paid = -(-months // block) * block if block else months
        intro, intro_months = offer if offer is not None else (price.amount, 0)
        intro_months = min(intro_months, paid)
        # each month after the offer at its price then: a yearly rise stated added
        after = [month_price(price.amount, rise, k, start_month)
                 for k in range(intro_months, paid)]
        total = intro * intro_months + sum(after) + charged
        average = round(total / months, 2)
        # a range after the offer ("28-34 €/mes") averages to a range: its top at the top
        top = None if price.max is None else round(
            (total + (price.max - price.amount) * (paid - intro_months)) / months, 2)
        added = round(sum(after) - price.amount * len(after), 2)
        # the first block, what is paid on signing: its months at their prices, the fees
        first = (intro * min(intro_months, block) + sum(after[:max(0, block - intro_months)])
                 + charged) if block else None
        c.term = TermCost(
            months=months, contract=said is not None, no_contract=none, asked=bool(asked),
            billed=block or 0, paid_months=paid,
            upfront=price.model_copy(update={"amount": round(first, 2), "per": None,
                                             "max": None}) if first is not None else None,
            intro=price.model_copy(update={"amount": intro, "max": None})
            if offer is not None else None,
            intro_months=intro_months,
            after=price, fees=price.model_copy(update={"amount": charged, "per": None,
                                                         "max": None})
            if charged else None,
            average=price.model_copy(update={"amount": average, "max": top}),
            rise=rise.words if rise is not None else None,
            rise_added=price.model_copy(update={"amount": added, "per": None, "max": None})
            if added > 0 else None)
        c.price = c.term.average
        c.flags.append((ASKED_ONE_FLAG if asked and months == 1 else ASKED_FLAG if asked
                        else TERM_FLAG if said else NONE_FLAG if none
                        else YEAR_FLAG).format(count=months))
        if c.term.upfront is not None:  # said: the block paid at once, and what it costs
            c.flags.append(BLOCK_FLAG.format(block=block, paid=paid, count=months,
                                             upfront=_written(c.term.upfront)))
        if rise is not None:  # said in the report: what the average holds, or leaves out
            c.flags.append((INDEX_FLAG if rise.index else RISE_FLAG).format(words=rise.words))
        return
