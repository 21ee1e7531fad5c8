"""Prices of the versions of one item: a book's paperback and its ebook, a course's
online and on-site seats. A ``rank`` phase that names an input under ``variants:``
(an enum: ``format: [paperback, hardcover, ebook]``) says its values are versions sold at
their own prices, so that

- an amount a source labels with a version's word (the value or a synonym: ``Tapa
  blanda, 352 páginas: 18,90 €. Ebook: 9,99 €``) is that version's price;
- with versions asked (``task.format``), each source's price is the asked version's
  when it labels one, and a source that prices only other versions states no price for
  it (so the candidate is flagged "price unknown" rather than compared at an ebook's);
- with none asked, the price compared is the cheapest version's (the one the reader can
  buy for the least), and the other versions' prices are left out of the comparison:

either way two versions' prices are never read as sources disagreeing on one price
(scout/adapters/conflicts.py). An amount no version's word labels stays as extracted.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from scout.schemas.records import Evidence
from scout.schemas.task import Money
from scout.task.amounts import listed_amounts
from scout.text import fold_aligned

# a clause ends at a sentence mark followed by a space (so "$32.00" is one amount), a
# semicolon, a bar, a bullet or a line break; a segment of it also at ", "
_CLAUSE = re.compile(r"[.!?](?=\s|$)|[;|·•\n]")
_SEGMENT = re.compile(r",\s")


def _label_pattern(words: Iterable[str]) -> re.Pattern[str] | None:
    """One version's words, folded, whole words, singular or plural."""
    alts = sorted({fold_aligned(w).strip() for w in words if w and w.strip()},
                  key=len, reverse=True)
    if not alts:
        return None
    body = "|".join(r"\s+".join(re.escape(p) for p in a.split()) + r"(?:e?s)?" for a in alts)
    return re.compile(r"(?<!\w)(?:" + body + r")(?!\w)")


def _bounds(text: str, start: int, end: int, mark: re.Pattern[str]) -> tuple[int, int]:
    """The span of the clause (or segment) of ``text`` around ``start:end``."""
    left = max((m.end() for m in mark.finditer(text, 0, start)), default=0)
    right = next((m.start() for m in mark.finditer(text, end)), len(text))
    return left, right


def variant_prices(text: str, labels: Mapping[str, Sequence[str]]) -> dict[str, Money]:
    """Each version's price ``text`` states: an amount whose own segment names a
    version's word (the nearest before it, else the nearest after it), else whose clause
    does (the same way). A version priced twice keeps the first."""
    folded = fold_aligned(text)
    found = [(v, m.start(), m.end()) for v, words in labels.items()
             if (p := _label_pattern(words)) is not None for m in p.finditer(folded)]
    out: dict[str, Money] = {}
    for money, (start, end) in listed_amounts(text):
        clause = _bounds(text, start, end, _CLAUSE)
        segment = _bounds(text, start, end, _SEGMENT)
        for lo, hi in ((max(clause[0], segment[0]), min(clause[1], segment[1])), clause):
            before = [f for f in found if lo <= f[1] and f[2] <= start]
            after = [f for f in found if end <= f[1] and f[2] <= hi]
            pick = (max(before, key=lambda f: f[2]) if before
                    else min(after, key=lambda f: f[1]) if after else None)
            if pick is not None:
                out.setdefault(pick[0], money.model_copy(update={"comparator": "="}))
                break
    return out


def restate(evidence: list[Evidence], labels: Mapping[str, Sequence[str]],
            asked: Sequence[str], amount: Callable[[Money], float]) -> list[Evidence]:
    """``evidence`` with each source's price the one version's the check compares: of
    the ``asked`` versions the cheapest it labels, none when it labels only others; none
    asked, the version whose labelled price is the lowest of all sources'. ``amount``
    makes prices comparable (currency, period). Evidence no version's word labels is
    returned as it was."""
    per = {e.id: variant_prices(f"{e.title} {e.text}", labels) for e in evidence
           if e.price is not None}
    wanted = list(asked)
    if not wanted:
        stated = [(amount(m), v) for prices in per.values() for v, m in prices.items()]
        if not stated:
            return evidence
        wanted = [min(stated, key=lambda t: t[0])[1]]
    out = []
    for e in evidence:
        prices = per.get(e.id)
        if not prices:
            out.append(e)
            continue
        mine = [prices[v] for v in wanted if v in prices]
        out.append(e.model_copy(update={"price": min(mine, key=amount) if mine else None}))
    return out
