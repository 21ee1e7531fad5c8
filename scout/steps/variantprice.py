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

import bisect
import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from scout.schemas.records import Evidence
from scout.schemas.task import Money
from scout.task.amounts import listed_amounts
from scout.text import fold_aligned
from scout.units import measure_unit

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


class _Marks:
    """Where ``text``'s clauses (or segments) end, read once: an amount's clause is found
    by bisecting them, not by reading the text up to it (a page of thousands of amounts
    took minutes)."""

    def __init__(self, text: str, mark: re.Pattern[str], closing: str = "") -> None:
        self.text, self.closing = text, closing
        found = [m.span() for m in mark.finditer(text)]
        self.starts = [a for a, _ in found]
        self.ends = [b for _, b in found]

    def around(self, start: int, end: int) -> tuple[int, int]:
        """The span of the clause (or segment) around ``start:end``."""
        # ``closing``: the marks that end a clause at the text's end ([.!?] before
        # nothing): one right before the amount ends the clause there ("Ebook.9,99 €")
        at = bisect.bisect_right(self.ends, start)
        left = start if start and self.text[start - 1] in self.closing else \
            self.ends[at - 1] if at else 0
        after = bisect.bisect_left(self.starts, end)
        right = self.starts[after] if after < len(self.starts) else len(self.text)
        return left, right


class _Labels:
    """The versions' words found in a text: (version, start, end) in the versions' order,
    then the text's, with an index by start, so an amount's nearest label is a bisect."""

    def __init__(self, found: list[tuple[str, int, int]]) -> None:
        self.found = found
        self.order = sorted(range(len(found)), key=lambda i: (found[i][1], i))
        self.starts = [found[i][1] for i in self.order]
        self.longest = max((e - s for _, s, e in found), default=0)

    def before(self, lo: int, start: int) -> tuple[str, int, int] | None:
        """The label inside ``lo:start`` that ends last (the first version's on a tie)."""
        best: tuple[int, int] | None = None  # (end, -index)
        k = bisect.bisect_left(self.starts, start) - 1
        # a label starts at most ``longest`` before its end: once the starts are that far
        # behind the best end found, no label further back ends later
        while k >= 0 and self.starts[k] >= lo and (
                best is None or self.starts[k] + self.longest >= best[0]):
            i = self.order[k]
            f_end = self.found[i][2]
            if f_end <= start and (best is None or (f_end, -i) > best):
                best = (f_end, -i)
            k -= 1
        return None if best is None else self.found[-best[1]]

    def after(self, end: int, hi: int) -> tuple[str, int, int] | None:
        """The label inside ``end:hi`` that starts first (the first version's on a tie)."""
        k = bisect.bisect_left(self.starts, end)
        while k < len(self.order) and self.starts[k] < hi:
            i = self.order[k]
            if self.found[i][2] <= hi:  # the first to fit; a tie is the next in order
                return self.found[i]
            k += 1
        return None


def variant_prices(text: str, labels: Mapping[str, Sequence[str]]) -> dict[str, Money]:
    """Each version's price ``text`` states: an amount whose own segment names a
    version's word (the nearest before it, else the nearest after it), else whose clause
    does (the same way). A version priced twice keeps the first."""
    folded = fold_aligned(text)
    found = _Labels([(v, m.start(), m.end()) for v, words in labels.items()
                     if (p := _label_pattern(words)) is not None for m in p.finditer(folded)])
    if not found.found:
        return {}
    clauses, segments = _Marks(text, _CLAUSE, ".!?"), _Marks(text, _SEGMENT)
    out: dict[str, Money] = {}
    for money, (start, end) in listed_amounts(text):
        clause = clauses.around(start, end)
        segment = segments.around(start, end)
        for lo, hi in ((max(clause[0], segment[0]), min(clause[1], segment[1])), clause):
            pick = found.before(lo, start) or found.after(end, hi)
            if pick is not None:
                price = money.model_copy(update={"comparator": "="})
                if price.per is None and (measure := measure_unit(text, end)) is not None:
                    # "Gasóleo A 1,459 €/l", "Tarta de chocolate 24 €/kg": the version's
                    # rate per its measure, as a listing's one price is read
                    # (scout.steps.listprice), never a whole price of 1,459 €
                    price = price.model_copy(update={"per": measure})
                out.setdefault(pick[0], price)
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
