"""A cap the request stretches: the most the asker would pay at all, where a wished amount
or a condition's amount is said beside the first one.

People give a budget and, in the same sentence, how far it bends: "ideally under £150 a
month, £200 tops", "ideal que no pase de 0,45 €/kWh, pero hasta 0,59 lo acepto", "hasta
50 €, o 60 si la traen a casa", "cuota máxima 60 € al mes, aunque si incluye la renta puedo
llegar a 75", "under £120 a month but I'd go to £140 for EV charging". The first amount
read was the cap, and the research dropped every result the asker said they would take.
The cap a run can apply is the loosest the sentence allows (blind set 29's convention,
tests/task/corpus/blind29.yaml): :func:`stretched` gives the later, higher amount of the
same sentence, in the same currency and per the same unit, when words between say it
bends the first ("pero", "but", "aunque", "o", "si", "hasta", "max", "tops", "limit") or
the first is said as a wish ("ideally", "lo ideal", "preferiblemente"). A number said bare
after it ("o 60 si ...", ", 14.", "puedo llegar a 75") restates the amount: it keeps the
first one's currency, unit and scale ("45 lucas, o 60 si ..." is 60,000 pesos).

Only a first amount said as a cap ("hasta", "max", "no pase de") or a wish bends: "100 USD,
hasta 150" is an amount with its currency beside a bare one, which it leaves
(tests/task/test_parse38_classes.py). What it never takes: a number that counts or measures something ("hasta 30 €, somos 40",
"o 120 en total": another unit), a number in another sentence, one more than three times
the first (a year, a total), and a lower one ("hasta 180 €; si no, 150": the looser is
the first).
"""

from __future__ import annotations

import re
from scout.schemas.task import Money

# how far the stretch may be said after the first amount, in characters (one sentence)
_REACH = 160
# a sentence's end: a stop that is no decimal point, "!", "?", a line break
_STOP = re.compile(r"[!?\n]|\.(?!\d)")
# a stretch is a little more than the first cap, never another order of magnitude
_MOST = 3.0
# the first amount said as a wish, in the words before it
_WISHED = re.compile(
    r"\b(?:ideal(?:mente)?|lo\s+ideal(?:\s+seria)?|ideally|preferibl\w*|de\s+preferencia|"
    r"preferably|a\s+ser\s+posible|si\s+puede\s+ser|if\s+possible|hopefully|mejor)\b"
    r"[^.!?\n\d]{0,30}$")
# words between the two amounts that say the second bends the first
_BENDS = re.compile(
    r"\b(?:pero|but|aunque|though|although|o|or|si|if|hasta|up\s+to|llegar\s+a|subo\s+a|"
    r"subir\s+a|go\s+(?:up\s+)?to|stretch(?:\s+to)?|max(?:imum)?|maxim[oa]|tops|tope|limit|"
    r"limite|otherwise|whereas)\b")
# what may follow a bare number that restates the amount: the sentence's end, a condition,
# a firm word ("max", "tops", "lo acepto", "is my limit"); never a noun it counts
_BARE = re.compile(
    r"(?<![\w.,])(?P<n>\d+(?:[.,]\d+)*)(?P<suffix>[a-z]*)(?=\s*(?:$|[,;:.!?)]|(?:si|if|con|"
    r"with|sin|for|para|when|cuando|lo|max\w*|maxim\w*|tops|tope|como\s+mucho|is|as|y\s+si|"
    r"and\s+if|only\s+if|solo\s+si)\b))")


Hit = tuple[Money, tuple[int, int], str | None]


def stretched(hit: Hit, free: str, original: str, territories: list[str], lang: str,
              ) -> tuple[Hit, list[tuple[int, int]]]:
    """``hit`` (the cap read, its span and assumed word), or the higher amount the same
    sentence stretches it to, with the span of that amount; and the spans of the
    conditions said for the stretch ("si incluye la renta", "if it's open all night",
    "for EV charging"), which are no requirement: the caller claims them, so that no
    other input reads them."""
    from scout.task.figures import figure
    from scout.task.money import iter_money, said_capped
    from scout.task.moneyunits import periodic

    money, (a, b), word = hit
    if money.min is not None or money.comparator not in ("<=", "<") or money.amount <= 0:
        return hit, []
    stop = _STOP.search(free, b, min(len(free), b + _REACH))
    end = stop.start() if stop else min(len(free), b + _REACH)
    wished = _WISHED.search(free, max(0, a - 40), a) is not None
    if not wished and not said_capped(free, (a, b)):
        return hit, []  # "100 USD, hasta 150": an amount said bare is bent by nothing
    best: Hit | None = None
    for other in iter_money(free, original, territories, lang=lang):
        o_money, (oa, ob), o_word = other
        if oa < b or ob > end or o_money.min is not None or o_money.currency != money.currency:
            continue
        o_money = periodic(other, free)[0]
        if o_money.per not in (None, money.per):
            continue
        if _bends(free, b, oa, ob, end, wished) and _higher(money, o_money.amount):
            best = (o_money.model_copy(update={"per": money.per, "comparator": "<="}),
                    (oa, ob), o_word)
            break
    if best is None:
        written = re.search(r"(\d+(?:[.,]\d+)*)([a-z]*)", free[a:b])
        scale = money.amount / figure(written.group(1)) if written and figure(
            written.group(1)) else 1.0
        suffix = written.group(2) if written else ""
        for m in _BARE.finditer(free, b, end):
            if m.group("suffix") not in ("", suffix):
                continue
            try:
                amount = round(figure(m.group("n")) * scale, 4)
            except ValueError:
                continue
            if _bends(free, b, m.start(), m.end(), end, wished) and _higher(money, amount):
                best = (money.model_copy(update={"amount": amount}), m.span(), word)
                break
    if best is None:
        return hit, []
    return best, _conditions(free, b, best[1], end)


# a condition's first word: what the stretch is for ("si incluye", "if it's", "for EV
# charging", "con ella", "as long as"); its clause runs to the next comma, semicolon or
# the stretch itself
_CONDITION = re.compile(r"\b(?:si|if|when|cuando|siempre\s+que|as\s+long\s+as|for|con|with)\b")
_CLAUSE_END = re.compile(r"[,;:]")


def _conditions(free: str, b: int, span: tuple[int, int], end: int) -> list[tuple[int, int]]:
    """The condition clauses said between the first amount (ending at ``b``) and the
    stretch (at ``span``), and right after the stretch, up to ``end``."""
    out = []
    for lo, hi in ((b, span[0]), (span[1], end)):
        m = _CONDITION.search(free, lo, hi)
        if m is None or (lo == span[1] and free[span[1]:m.start()].strip()):
            continue  # after the stretch, only a condition said right after it
        stop = _CLAUSE_END.search(free, m.end(), hi)
        out.append((m.start(), stop.start() if stop else hi))
    return out


def _higher(money: Money, amount: float) -> bool:
    """Whether ``amount`` stretches ``money``'s cap: more, and not by another order."""
    return money.amount < amount <= money.amount * _MOST


def _bends(free: str, b: int, oa: int, ob: int, end: int, wished: bool) -> bool:
    """Whether the words between the first amount (ending at ``b``) and the second (at
    ``oa``-``ob``), or the second's own words after it, say it bends the first; a first
    amount said as a wish is bent by any amount after it."""
    between = free[b:oa]
    if re.search(r"\d", between):  # another number between: the second is no restatement
        return False
    after = free[ob:end]
    return wished or _BENDS.search(between) is not None or re.match(
        r"\s*(?:si|if|max\w*|maxim\w*|tops|tope|hard\s+limit|lo\s+acepto|como\s+mucho)\b",
        after) is not None

