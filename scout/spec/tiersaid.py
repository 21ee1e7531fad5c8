"""``tier_price``: the amount a record states for a quantity, read from a price list by
quantity as shops write one ("100 uds 25 €, 250 uds 39 €, 500 uds 55 €", "250 flyers:
£29", "pack 500 tarjetas 19,90 €", "25 € (100 uds)", "£45 for 500 flyers").

A print shop, a caterer's trays, a maker of badges or mugs sells by tiers: the price of
200 is the price of the smallest tier that holds 200 (the 250 tier), never the dearest
or the cheapest amount on the page, and never the 100 tier's price doubled (a tier is
not a unit price). ``stated('€', of=[...])`` cannot read it: its count stands before the
amount with no colon, and several counts share one line. Each tier is a count next to
one of the ``words`` the kind counts what it sells with (``uds``, ``copias``, ``flyers``,
``copies``), and an amount in one of the ``units`` (a currency's sign or code, as
``stated`` takes them) right after it in its clause, across a few words ("250 uds a color:
39 €", "100 flyers for £19"), or right before it, the count in brackets or after
``por`` / ``for`` / an article ("25 € (100 uds)", "39 € las 250 uds"). An amount said per
one ("0,25 €/ud", "£0.20 each") is no tier's price. A tier's count is the most it holds,
or, said as a floor ("96+ muestras 65 €", "a partir de 96 muestras", "500 or more
flyers", "over 1,000 copies"), the least: an open tier holds every count from it on, so a
lab's "1-23 muestras 95 €, 24-95 muestras 80 €, 96+ 65 €" prices 100 samples at 65 €,
where the count above every capped tier once found none. Pure, no I/O; registered with
the other record readers in :mod:`scout.spec.filters`.
"""

from __future__ import annotations

import bisect
import math
import re
from typing import Any

from scout.spec.evidence import of_problem, pick_problem, record_texts
from scout.spec.filtercall import EXPR, arg_rule
from scout.text import fold, read_number

#: a figure as pages write one: thousands grouped ("1.000", "1,000") or a decimal
_NUM = r"(\d{1,3}(?:[.,\u00a0\u202f]\d{3})+(?![.,]?\d)|\d{1,12}(?:[.,]\d{1,2})?)"
#: a currency's other spellings, beside its sign (folded)
_SPELLINGS = {"€": ("eur", "euros", "euro"), "£": ("gbp",), "$": ("usd",),
              "eur": ("€", "euros", "euro"), "gbp": ("£",), "usd": ("$",)}
#: what ends a clause: a full stop not inside a number, a semicolon, a line, a bar
_CLAUSE_END = re.compile(r"(?<!\d)[.;!?](?!\d)|\n|\|")
#: an amount said per one of what is sold, no tier's price: "0,25 €/ud", "£0.20 each"
#: ("45 € por 100 chapas" is a tier's: a count follows its "por")
#: ("22 € por bulto" after "hasta 20 kg" is that tier's price, a parcel's at the weight
#: counted: only "per" one of what the tiers count, or a unit's word, says per one)
_PER_ONE = r"\s*(?:/(?!\s*\d)|each\b|cada\b|c/u\b|la\s+ud|el\s+ud|(?:per|por)\s+(?:(?:un[ao]?|one|a|an|el|la)\s+)?(?:uds?\b|unidad(?:es)?\b|units?\b|items?\b|piezas?\b|pieces?\b|{words}))"
#: the most words between a tier's count and its amount ("250 uds a color: 39 €")
_GAP_WORDS = 3
#: a count after its amount: in brackets, or after a joining word or an article ("25 €
#: (100 uds)", "£12 for 100 cards", "39 € las 250 uds"); never after a dash, which as
#: often starts the next tier ("12 tazas 59,90 € - 24 tazas 99 €")
_COUNT_AFTER_AMOUNT = re.compile(
    r"^\s*(?:\(\s*|(?:por|for|para|las|los|the|el|la)\s+(?:(?:las|los|the|pack|lote|de|of)\s+)*)$")

_NO_WORDS = "name the words a page counts what it sells with, e.g. words=['uds', 'copies']"


def _units_re(units: tuple[str, ...]) -> str:
    said: set[str] = set()
    for u in units:
        f = fold(str(u)).strip()
        said.add(f)
        said.update(_SPELLINGS.get(f, ()))
    alt = "|".join(sorted((re.escape(s) for s in said if s), key=len, reverse=True))
    # a figure starts where no digit stands before it: tried inside a run of digits, the
    # figure after the sign would be tried from every one of them (quadratic on "1111…")
    return (r"(?:(?P<pre>" + alt + r")\s*" + _NUM + r"|(?<!\d)" + _NUM + r"\s*(?P<post>" + alt
            + r")(?![a-z]))")


def _words_re(words: list[str]) -> str:
    parts = []
    for w in words:
        f = re.escape(fold(str(w)).strip())
        parts.append(f + (r"(?:e?s)?" if len(f) >= 3 and f[-1].isalpha() else ""))
    return r"(?:" + "|".join(sorted(parts, key=len, reverse=True)) + r")"


#: a count said as a floor before it, folded: "a partir de 96", "más de 500", "over 1,000",
#: "from 96", "desde 96", "≥ 96" ("más de" / "over" / ">": above it, so from the next one)
_FLOOR_BEFORE = (r"(?:(?P<above>mas\s+de|more\s+than|over|above|>(?!=))|(?P<from>a\s+partir\s+de|"
                 r"from|desde|>=|≥))\s*")
#: ... or after it: "96+", "96 o más", "96 or more"
_FLOOR_AFTER = r"\s*(?P<plus>\+)?"
_OR_MORE = r"(?P<more>o\s+mas|or\s+more)"


def _low(c: re.Match[str]) -> int | None:
    """The least count the tier a ``counted`` match labels holds when it is said as a
    floor, else None (the count is the most it holds)."""
    n = int(re.sub(r"[.,\u00a0\u202f]", "", c.group("n")))
    if c.group("above"):
        return n + 1
    if c.group("from") or c.group("plus") or c.group("more") or c.group("more2"):
        return n
    return None


def _tiers(text: str, counted: re.Pattern[str], amount: re.Pattern[str],
           per_one: re.Pattern[str]) -> list[tuple[int, float, bool]]:
    """Every (count, amount) tier ``text`` (folded) states: first the amounts whose count
    follows them ("£12 for 100 cards", "25 € (100 uds)"), then the counts whose amount
    follows them ("100 uds 25 €"), so "£12 for 100 cards, £18 for 250 cards" never pairs
    the 100 cards with the £18 that the 250 cards are for. Each tier is (its count, its
    amount, whether the count is a floor: :func:`_low`)."""
    ends = [m.start() for m in _CLAUSE_END.finditer(text)] + [len(text)]
    counts = list(counted.finditer(text))
    amounts = [a for a in amount.finditer(text) if not per_one.match(text, a.end())]
    # amounts never overlap, so their starts and their ends are in the same order: each
    # count finds its neighbours by bisection (a page of 200,000 characters of tiers was
    # seconds of CPU scanning every clause end and every amount for each count)
    a_starts = [a.start() for a in amounts]
    a_ends = [a.end() for a in amounts]
    paired: dict[int, re.Match[str]] = {}  # a count's start: its amount
    used: set[int] = set()
    for i, c in enumerate(counts):
        k = bisect.bisect_left(ends, c.start())
        start = max((ends[k - 1] + 1) if k else 0, counts[i - 1].end() if i else 0)
        # only the nearest amount before the count can have nothing but a joining word
        # or a bracket between them: a farther one has the nearer one between
        j = bisect.bisect_right(a_ends, c.start()) - 1
        if j < 0 or a_starts[j] < start or a_starts[j] in used:
            continue
        before = amounts[j]
        if _COUNT_AFTER_AMOUNT.match(text[before.end():c.start()]):
            paired[c.start()] = before
            used.add(before.start())
    for i, c in enumerate(counts):
        if c.start() in paired:
            continue
        stop = ends[bisect.bisect_left(ends, c.end())]
        if i + 1 < len(counts):
            stop = min(stop, counts[i + 1].start())
        for j in range(bisect.bisect_left(a_starts, c.end()), len(amounts)):
            a = amounts[j]
            if a.start() >= stop:
                break
            if len(re.findall(r"[a-z]+", text[c.end():a.start()])) > _GAP_WORDS:
                break  # the words between only grow
            if a.start() not in used:
                paired[c.start()] = a
                used.add(a.start())
                break
    out: list[tuple[int, float, bool]] = []
    for c in counts:
        hit = paired.get(c.start())
        if hit is None:
            continue
        raw = next(g for g in hit.groups()[1:] if g and re.fullmatch(_NUM, g))
        try:
            n, value = int(re.sub(r"[.,\u00a0\u202f]", "", c.group("n"))), read_number(raw)
        except ValueError:
            continue
        low = _low(c)
        if n >= 1:
            out.append((n, value, False) if low is None else (low, value, True))
    return out


def _held(tiers: list[tuple[int, float, bool]], asked: float) -> float | None:
    """The amount of the tier that holds ``asked``: the smallest capped tier at or above
    it, else the highest floor at or below it ("96+" for 100); None when none holds."""
    capped = [(n, v) for n, v, floor in tiers if not floor and n >= asked]
    if capped:
        least = min(n for n, _ in capped)
        return min(v for n, v in capped if n == least)
    floors = [(n, v) for n, v, floor in tiers if floor and n <= asked]
    if floors:
        most = max(n for n, _ in floors)
        return min(v for n, v in floors if n == most)
    return None


def _tier_args(args: list[Any], kwargs: dict[str, Any]) -> str | None:
    units = args[1:]
    if not units:
        return "name the currency a tier's amount is in, e.g. tier_price(task.copies, '€', '£', words=[...])"
    words = kwargs.get("words")
    if words is None:
        return _NO_WORDS
    pick = kwargs.get("pick", "max")
    return of_problem(words, "words") or (None if pick is EXPR else pick_problem(pick))


@arg_rule(_tier_args)
def tier_price(value: Any, count: Any, *units: str, words: Any = None,
               pick: str = "max") -> float | None:
    """The amount a record (its name, aliases and evidence) states for ``count`` of what
    it sells: the tier of the smallest quantity its price list gives that holds ``count``
    (``shop | tier_price(task.copies, '€', '£', words=['uds', 'copias', 'copies'])`` is
    39 for 200 copies of "100 uds 25 €, 250 uds 39 €, 500 uds 55 €"), in the currency the
    page writes it in (in a rank's scope, units in two currencies are each read apart and
    converted to the one compared: :func:`scout.spec.scopefilters._tier_price_in_scope`). Sources that disagree: ``pick`` the ``max`` (default), ``min`` or
    ``first``. ``none`` when no count is asked, when the record states no tier, or when
    every tier it states is smaller than ``count`` (a shop may not sell that many at
    those prices), so ``where`` keeps the record and the kind falls back on its price."""
    wrong = _tier_args([value, count, *units], {"words": words, "pick": pick})
    if wrong:
        raise ValueError(f"tier_price: {wrong}")
    try:
        asked = float(count)
    except (TypeError, ValueError):
        return None
    if not math.isfinite(asked) or asked <= 0:
        return None
    word_list = [words] if isinstance(words, str) else [str(w) for w in words]
    counted = re.compile(r"(?:" + _FLOOR_BEFORE + r")?(?<![\w.,])(?P<n>\d{1,3}(?:[.,\u00a0\u202f]\d{3})+|\d{1,7})"
                         + _FLOOR_AFTER + r"\s*(?:-\s*)?(?:" + _OR_MORE + r"\s+)?"
                         + _words_re(word_list) + r"(?!\w)(?:\s+(?P<more2>o\s+mas|or\s+more)(?!\w))?")
    amount = re.compile(_units_re(units))
    # per one of them, said in the singular too ("0,25 € por copia" for words=['copias'])
    singular = [w[:-k] for w in word_list for k in (1, 2)
                if len(w) > 3 and w.endswith("es"[2 - k:])]
    per_one = re.compile(_PER_ONE.format(words=_words_re(word_list + singular) + r"(?!\w)"))
    found: list[float] = []
    for text in record_texts(value):
        held = _held(_tiers(fold(text), counted, amount, per_one), asked)
        if held is not None:
            found.append(held)
    if not found:
        return None
    picked = found[0] if pick == "first" else (max(found) if pick == "max" else min(found))
    return int(picked) if picked == int(picked) else picked
