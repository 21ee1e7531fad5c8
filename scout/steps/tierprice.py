"""Prices a page lists by size or count: a cleaner's ``1 dormitorio 45 €, 2 dormitorios
60 €, 3 dormitorios 80 €``, a flat's ``Studio £70 / 2-bed £95``, a storage unit's ``hasta
50 m² 39 €, hasta 100 m² 59 €``, a printer's ``100 uds 25 €, 500 uds 55 €``. A ``rank``
phase naming an input under ``tiers:`` (an integer or number input, counted in the words
of its name and aliases, or an area input, in m² or sq ft) says the kind's pages price by
it, so that

- an amount a tier's label comes right before (or right after, in its own segment) is that
  tier's price: a bare count or size (``2 dormitorios``, ``2-bed``, ``80 m²``), one with a
  bound (``hasta 50 m²``, ``up to 100 sq ft``, ``más de 100 m²``, ``3+ beds``) or a range
  (``50-100 m²``, ``de 2 a 3 dormitorios``);
- each source listing two tiers or more states the price of the tier the request's value
  falls in (a bare label: that value exactly), else of the smallest tier above it (a
  storage unit of 5 m² holds the 3 m² asked; the 500-copy tier the 300 copies asked),
  else of the largest (a 5-bed house against tiers up to 3 beds: never the studio's, a
  studio being no count of bedrooms), and with no value asked its lowest tier's; the
  candidate is flagged so (:data:`UPWARD`, :data:`UPWARD_COUNT`, :data:`NO_TIER`,
  :data:`UNASKED`), never compared at the smallest flat's price without saying so.

A source with one labelled amount or none is left as it was: one label is what the thing
is (``oficinas hasta 150 m², 15 €/hora``), no price list.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scout.i18n import N_
from scout.schemas.records import Candidate, Evidence
from scout.schemas.task import Money
from scout.task.amounts import listed_amounts
from scout.text import fold_aligned, read_number
from scout.units import FT2, M2, SQ_FT_IN_M2

#: the flags of a candidate not compared at a tier of exactly the value asked: the next
#: one up holds it (an area's next size, a count's next tier: 300 copies are the 500
#: tier's), none holds it (the largest, which may cost less than what is asked), or the
#: request states none (the lowest)
NO_TIER = N_("its prices by size or count list none that holds the {value} asked: "
             "compared at the largest, “{words}”, so it may cost more")
UPWARD = N_("its prices by size list none for exactly the {value} asked: compared at "
             "the next size up, “{words}”")
UPWARD_COUNT = N_("its prices by count list none for exactly the {value} asked: compared "
                  "at the next one up, “{words}”")
UNASKED = N_("its prices by size or count: compared at the lowest, “{words}”, as the "
             "request does not say which")
#: a source stating one size or count, smaller than the value asked: a cake that serves 8
#: for the 16 asked is not the order's price (a size at least as large is fine)
SMALLER = N_("its price is for “{words}”, less than the {value} asked, so it may "
             "cost more")

_NUM = r"\d{1,3}(?:[.,]\d{3})+(?![.,]?\d)|\d+(?:[.,]\d+)?"
_UPTO = r"hasta|up\s+to|upto|max(?:imo|imum)?\.?|until|under|menos\s+de|<=?|≤"
_FROM = r"desde|from|mas\s+de|over|more\s+than|a\s+partir\s+de|above|>=?|≥"
#: how far before or after a price list an amount no label names is still in it, and
#: what parts its entries
_NEAR = 12
_SEPARATOR = re.compile(r"[/,;:|·•\n]|\.(?=\s|$)")
_RANGE = r"(?:(?:de|from|between|entre)\s+)?(?P<lo>" + _NUM + r")\s*(?:-|–|a|to|y|and)\s*"


@dataclass(frozen=True)
class Tier:
    """One label: the values it covers (``low`` to ``high``, both in), and its words."""

    low: float
    high: float
    start: int
    end: int
    unit: str = ""  # the unit as the page writes it ("dormitorios", "m²")

    def covers(self, value: float) -> bool:
        return self.low - 1e-9 <= value <= self.high + 1e-9


def _unit_words(words: Sequence[str]) -> str:
    folded = {fold_aligned(w).lower().strip() for w in words if w and w.strip()}
    # an alias is often the plural: "dormitorios" is said "1 dormitorio", "habitaciones"
    # "1 habitación"
    folded |= {w[:-1] for w in folded if w.endswith("s") and len(w) > 3} \
        | {w[:-2] for w in folded if w.endswith("es") and len(w) > 5}
    return "|".join(r"\s+".join(re.escape(p) for p in w.split()) + r"(?:e?s)?"
                    for w in sorted(folded, key=lambda w: (-len(w), w)))


def label_pattern(words: Sequence[str], area: bool) -> re.Pattern[str]:
    """A tier's label in folded text: a bound or a range, the number, then the unit (an
    area's m² or sq ft, else one of ``words``: the input's name and aliases), joined by a
    space or a hyphen (``2-bed``), a ``+`` after the number for "or more"."""
    unit = r"(?P<m2>" + M2 + r")|(?P<ft2>" + FT2 + r")" if area else ""
    own = _unit_words(words)
    unit = "|".join(u for u in (unit, own) if u)
    # or the word before the number, as a size is often said ("serves 12", "feeds 10",
    # "raciones: 12"), where no amount follows the number (that is a price: "personas 12 €")
    before = "" if not own else (
        r"|(?<![\w.,])(?P<pre>" + own + r")\s*:?\s*(?:(?P<upto2>" + _UPTO + r")\s*)?"
        r"(?:(?P<lo2>" + _NUM + r")\s*(?:-|–|to|a)\s*)?(?P<n2>" + _NUM + r")(?P<plus2>\+)?"
        r"(?![\w.,]?\d)(?!\s*(?:€|£|\$|eur|euros?|gbp|usd|%)(?!\w))(?![\w])")
    return re.compile(
        r"(?<![\w.,])(?:(?P<upto>" + _UPTO + r")\s*|(?P<from>" + _FROM + r")\s*|" + _RANGE
        + r")?(?P<n>" + _NUM + r")\s*(?P<plus>\+)?\s*[-\s]?\s*(?:" + unit + r")(?!\w)"
        + before)


def tiers_in(text: str, pattern: re.Pattern[str]) -> list[Tier]:
    """The tier labels ``pattern`` finds in ``text`` (spans are ``text``'s)."""
    folded = fold_aligned(text).lower()
    out = []
    for m in pattern.finditer(folded):
        pre = bool(m.groupdict().get("pre"))  # "serves 12": the unit said first
        try:
            n = read_number(m.group("n2") if pre else m.group("n"))
            lo_said = m.group("lo2") if pre else m.groupdict().get("lo")
            lo = read_number(lo_said) if lo_said else None
        except ValueError:
            continue
        scale = SQ_FT_IN_M2 if m.groupdict().get("ft2") else 1.0
        n *= scale
        if lo is not None:
            low, high = lo * scale, n
        elif m.group("upto2" if pre else "upto"):
            low, high = 0.0, n
        elif (not pre and m.group("from")) or m.group("plus2" if pre else "plus"):
            low, high = n, math.inf
        else:
            low = high = n
        if low <= high:
            unit = next((k for k in ("m2", "ft2") if m.groupdict().get(k)), None)
            # a word said before the number is a verb as often as a unit ("serves"): no
            # unit the value asked is written in
            said = {"m2": "m²", "ft2": "sq ft"}.get(unit or "") or (
                "" if pre else text[m.end("n"):m.end()].strip(" +-"))
            out.append(Tier(low, high, m.start(), m.end(), said))
    return out


def tier_prices(text: str, pattern: re.Pattern[str]) -> list[tuple[Tier | None, Money, str]]:
    """Each amount of ``text`` a tier's label names, with the label, and the label and
    amount as the page words them: the label right before the amount, with no other amount
    between (``2 dormitorios 60 €``, ``hasta 50 m²: 39 €``), else the one right after it in
    its segment (``£70 studio, £95 2-bed``: the amount's own before the next amount); an
    amount among them no label names (``Studio £70``) with no tier (None). Empty unless
    two tiers or more are priced."""
    tiers = tiers_in(text, pattern)
    if len(tiers) < 2:
        return []
    amounts = listed_amounts(text)
    # the page's way: labels before their amounts ("2 dormitorios 60 €") or after them
    # ("£95 2-bed"), whichever pairs more of its amounts (before, on a tie)
    paired = max((_pair(text, tiers, amounts, after) for after in (False, True)), key=len)
    out: list[tuple[Tier | None, Money, str]] = []
    for pick, money, (start, end) in paired:
        lo, hi = min(pick.start, start), max(pick.end, end)
        out.append((pick, money.model_copy(update={"comparator": "="}), _said(text, lo, hi)))
    if len({(t.low, t.high) for t, _m, _s in paired}) < 2:
        return []
    # an amount in the list no count labels ("Studio £70 / 2-bed £95") is a tier of its
    # own that fits no value asked: the lowest may still be its
    first = min(min(t.start, sp[0]) for t, _m, sp in paired)
    last = max(max(t.end, sp[1]) for t, _m, sp in paired)
    taken = {sp for _t, _m, sp in paired}
    for money, (start, end) in amounts:
        if (start, end) in taken or end < first - _NEAR or start > last + _NEAR:
            continue
        lo = max((m.end() for m in _SEPARATOR.finditer(text, 0, start)), default=0)
        hi = next((m.start() for m in _SEPARATOR.finditer(text, end)), len(text))
        out.append((None, money.model_copy(update={"comparator": "="}),
                    " ".join(text[lo:hi].split())))
    return out


def _pair(text: str, tiers: list[Tier], amounts: list[tuple[Money, tuple[int, int]]],
          after: bool) -> list[tuple[Tier, Money, tuple[int, int]]]:
    """Each amount with the label right before it (``after``: right after it, in its
    segment), no other amount between them; each label used once."""
    out = []
    used: set[int] = set()
    for i, (money, (start, end)) in enumerate(amounts):
        if after:
            nxt = amounts[i + 1][1][0] if i + 1 < len(amounts) else len(text)
            near = [t for t in tiers if end <= t.start and t.end <= nxt
                    and "," not in text[end:t.start] and ";" not in text[end:t.start]]
            pick = near[0] if near else None
        else:
            prev = amounts[i - 1][1][1] if i else 0
            near = [t for t in tiers if prev <= t.start and t.end <= start]
            pick = near[-1] if near else None
        if pick is not None and id(pick) not in used:
            used.add(id(pick))
            out.append((pick, money, (start, end)))
    return out


def restate_tiers(evidence: list[Evidence],
                  readers: Sequence[tuple[re.Pattern[str], float | None, bool]],
                  amount: Callable[[Money], float]
                  ) -> tuple[list[Evidence], dict[str, tuple[str, str, str | None]]]:
    """``evidence`` with each source's price, where it lists two tiers or more by one of
    ``readers`` (each: the input's label pattern, the value asked or None, and whether a
    bigger size holds it: an area's), the tier's that holds the value asked, else its
    lowest tier's; and, per source not priced at the tier asked, the flag's words (its
    message, the tier's words, the value asked as the page words its unit). A source
    listing fewer than two tiers is left as it was."""
    said: dict[str, tuple[str, str, str | None]] = {}
    out: list[Evidence] = []
    for e in evidence:
        text = f"{e.title or ''} {e.text or ''}".strip()
        found = next(((listed, asked, upward) for pattern, asked, upward in readers
                      if e.price is not None and (listed := tier_prices(text, pattern))),
                     None)
        if found is None:
            one = next((w for pattern, asked, _up in readers
                        if asked is not None and e.price is not None
                        and (w := _smaller(text, pattern, e.price, asked))), None)
            if one is not None:
                said[e.id] = (SMALLER, *one)
            out.append(e)
            continue
        listed, asked, upward = found
        labelled = [(t, m, w) for t, m, w in listed if t is not None]
        fits = [(m, w) for t, m, w in labelled if asked is not None and t.covers(asked)]
        bigger = [(t, m, w) for t, m, w in labelled if asked is not None and t.low > asked]
        smaller = [(t, m, w) for t, m, w in labelled if asked is not None and t.high < asked]
        if fits:  # of two tiers that hold it ("hasta 50 m²", "hasta 100 m²"), the least
            price = min(fits, key=lambda p: amount(p[0]))[0]
        elif bigger:  # a storage unit of 5 m² holds the 3 m² asked; 2 m² does not; the
            # 500-copy tier holds the 300 copies asked (bought as 500), the 100 one does not
            _tier, price, words = min(bigger, key=lambda p: (p[0].low, amount(p[1])))
            said[e.id] = (UPWARD if upward else UPWARD_COUNT, words, _value(asked, labelled))
        elif smaller:  # more than any tier: the largest, the nearest to what is asked (an
            # amount no count labels, a studio's, is no count of bedrooms at all)
            _tier, price, words = max(smaller, key=lambda p: (p[0].high, -amount(p[1])))
            said[e.id] = (NO_TIER, words, _value(asked, labelled))
        else:
            price, words = min(((m, w) for _t, m, w in listed), key=lambda p: amount(p[0]))
            said[e.id] = (NO_TIER if asked is not None else UNASKED, words,
                          _value(asked, labelled))  # (a tier of no count, alone, is none)
        out.append(e.model_copy(update={"price": price}))
    return out, said


def _said(text: str, lo: int, hi: int) -> str:
    """``text[lo:hi]`` as the page words it, spaces made one, a bracket it cuts in two
    closed ("(serves 20) £55", never "serves 20) £55")."""
    words = " ".join(text[lo:hi].split())
    if words.count("(") > words.count(")"):
        words += ")"
    elif words.count(")") > words.count("("):
        words = "(" + words
    return words


def _smaller(text: str, pattern: re.Pattern[str], price: Money, asked: float
             ) -> tuple[str, str] | None:
    """Where ``text`` labels its price with one size or count (``tarta para 12 personas
    35 €``, ``£25, serves 8``) smaller than the value ``asked``: the label and amount as
    the page words them, and the value asked as the page words its unit; None otherwise
    (no label, two or more: a price list, or a size that holds the value asked)."""
    tiers = tiers_in(text, pattern)
    if len(tiers) != 1:
        return None
    amounts = [(m, sp) for m, sp in listed_amounts(text) if math.isclose(m.amount, price.amount)]
    if not amounts:
        return None
    tier, (start, end) = tiers[0], amounts[0][1]
    if tier.high >= asked - 1e-9 or len(listed_amounts(text)) > 1 and not (
            _pair(text, tiers, amounts, False) or _pair(text, tiers, amounts, True)):
        return None
    lo, hi = min(tier.start, start), max(tier.end, end)
    return _said(text, lo, hi), _value(asked, [(tier, price, "")]) or f"{asked:g}"


def _value(asked: float | None, labelled: Sequence[tuple[Tier | None, Money, str]]
           ) -> str | None:
    """The value asked as the page words its unit ("4 dormitorios", "3 m²")."""
    if asked is None:
        return None
    units = [t.unit for t, _m, _w in labelled if t is not None and t.unit]
    one = [t.unit for t, _m, _w in labelled if t is not None and t.unit and t.high == 1]
    unit = (one if asked == 1 and one else [u for u in units if u not in one] or units or [""])[0]
    return f"{asked:g} {unit}".strip()


def flag_tier(c: Candidate, said: dict[str, tuple[str, str, str | None]]) -> None:
    """Flag ``c`` when the price it is compared at is a source's it was not priced at the
    tier asked by (:func:`restate_tiers`): its lowest, or the next size up."""
    if c.price is None:
        return
    for e in c.evidence:
        if e.id in said and e.price is not None and e.price.amount == c.price.amount:
            message, words, value = said[e.id]
            flag = message.format(value=value, words=words)
            if flag not in c.flags:
                c.flags.append(flag)
            return
