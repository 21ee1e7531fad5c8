"""A yearly price rise a plan's page states, for its cost over the contract (rank's
``term_cost``, :mod:`scout.steps.termcost`): UK broadband and phone contracts rise each
April ("price rises each April by £3", "£3.50 a month more every April"), Spanish ones
"sube 2 € al año", others by an index ("CPI + 3.9%", "IPC + 2 %") or a share ("rises 5% a
year").

A fixed amount or a share the page states is added to the months after each rise; a rise
by an index the page does not state (CPI, RPI, IPC) is not invented: the plan is flagged
that its rise is not included, so it may cost more than compared.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scout.i18n import N_
from scout.schemas.task import Money
from scout.task.amounts import find_amounts
from scout.text import fold_aligned

RISE_FLAG = N_("its yearly price rise is included: “{words}”")
INDEX_FLAG = N_("its yearly price rise by an index it does not state is not included, so it "
                "may cost more: “{words}”")

_RISE = re.compile(r"\b(?:sub(?:e|en|ira|iran|ida)|aument(?:a|an|ara|o)|incrementa(?:n|ra)?|"
                   r"increment(?:o|os)|rises?|rising|increases?|goes\s+up|go\s+up|"
                   r"price\s+rise|revisi[oó]n|revalori[sz]a\w*|uplift|actualiza(?:n|ra)?|"
                   r"actualizaci[oó]n|(?:more|mas)(?=\s+(?:each|every|cada)\b))\b")
_YEARLY = re.compile(r"\b(?:al\s+ano|cada\s+ano|por\s+ano|anual(?:mente|es)?|a\s+year|each\s+year|"
                     r"every\s+year|per\s+year|yearly|annual(?:ly)?|per\s+annum|"
                     r"(?:each|every|cada|en)\s+(?:" + r"|".join((
                         "january", "february", "march", "april", "may", "june", "july",
                         "august", "september", "october", "november", "december",
                         "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio",
                         "agosto", "septiembre", "octubre", "noviembre", "diciembre"))
                     + r"))\b")
_MONTHS = {name: i % 12 + 1 for i, name in enumerate((
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "enero", "febrero", "marzo", "abril", "mayo", "junio",
    "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"))}
_MONTH = re.compile(r"\b(?:each|every|cada|en)\s+(?P<m>" + "|".join(_MONTHS) + r")\b")
_INDEX = re.compile(r"\b(?:cpi|rpi|ipc|cpih|inflation|inflacion)\b")
_SHARE = re.compile(r"(?P<pct>\d{1,2}(?:[.,]\d{1,2})?)\s*%")
_CLAUSE = re.compile(r"[.;!?\n](?=\s|$)|[;\n]")


@dataclass(frozen=True)
class Rise:
    """A yearly rise: a fixed ``amount`` added to the month's price, or a ``share`` of it
    (0.05), each year (in ``month``, 1-12, when the page names one); ``index``: it is by
    an index the page does not state (not added); ``words`` as the page says it."""

    words: str
    amount: float = 0.0
    share: float = 0.0
    month: int | None = None
    index: bool = False


def yearly_rise(text: str, price: Money) -> Rise | None:
    """The yearly rise ``text`` states for ``price`` (a price a month), or None: a clause
    with a rise word and a yearly one ("each April", "al año"), and in it an amount in the
    price's currency below it, a share, or an index."""
    folded = fold_aligned(text).lower()
    cuts = [0, *(m.end() for m in _CLAUSE.finditer(folded)), len(folded)]
    amounts = find_amounts(text)
    for lo, hi in zip(cuts, cuts[1:]):
        clause = folded[lo:hi]
        if not _RISE.search(clause) or not (_YEARLY.search(clause) or _INDEX.search(clause)):
            continue
        words = " ".join(text[lo:hi].split()).strip(" .,;")
        said = _MONTH.search(clause)
        month = _MONTHS[said.group("m")] if said else None
        if _INDEX.search(clause):
            return Rise(words=words, month=month, index=True)
        fixed = [m for m, (s, _e) in amounts if lo <= s < hi and m.currency == price.currency
                 and 0 < m.amount < price.amount and m.per in (None, "month", "year")]
        if fixed:  # a rise is less than the price it is added to: the least stated
            return Rise(words=words, amount=min(m.amount for m in fixed), month=month)
        share = _SHARE.search(clause)
        if share:
            pct = float(share.group("pct").replace(",", "."))
            if 0 < pct < 100:
                return Rise(words=words, share=pct / 100, month=month)
    return None


def rises_by(rise: Rise, month_index: int, start_month: int | None) -> int:
    """How many yearly rises have come by the contract's month ``month_index`` (0 the
    first): one a year, the first in the month the page names after the start month
    (``start_month``: the request's today), else a year after the start."""
    if rise.month is not None and start_month is not None:
        first = (rise.month - start_month) % 12 or 12  # months from the start to the first
    else:
        first = 12
    return 0 if month_index < first else 1 + (month_index - first) // 12


def month_price(base: float, rise: Rise | None, month_index: int,
                start_month: int | None) -> float:
    """``base`` in the contract's month ``month_index``, after the rises by then."""
    if rise is None or rise.index:
        return base
    n = rises_by(rise, month_index, start_month)
    return base * (1 + rise.share) ** n + rise.amount * n
