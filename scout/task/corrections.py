"""Constraints a request corrects as it goes: the value after the correction is the one meant.

People typing to an agent, and dictating to one, correct themselves without going back:
"hotel en Granada en marzo, no, mejor en abril", "máximo 100 euros... bueno, 120 si hace
falta", "Hotel en Sevilla, perdón, en Córdoba", "el 12 de enero, digo el 13", "under $150 a
night, well, $180 max", "under $60 a head, actually make that $80", "rated 9 or above, ok
8.5 is fine too". :func:`segments` finds the words of each correction (after its word, up
to the next comma or stop; or, for "... is fine too" / "también vale", the words before
it); the parser reads an input in them first, and claims the value they correct, so no
other reader takes it and no note says it was left unread.

A correction often restates only the number ("bueno, 120", "digo el 13", "ok 8.5"): it
keeps what the corrected value said around it (the currency and unit of an amount, the
month of a day, the scale of a rating), which :func:`restated` applies. A second value
with no correction word between ("entre 80 y 120 euros", "del 12 al 15") is no correction:
this module never sees it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any

from scout.schemas.task import DateRange, Money
from scout.task.lang import fold

# the words that take back what was just said (folded text): "no, mejor", "perdón",
# "digo", "mejor dicho", "bueno," / "well," (with their comma: "bueno y barato" is no
# correction), "actually (make that)", "make it", "I mean(t)", "quise decir", "or rather", "scratch that",
# "no," after a value
_BEFORE = re.compile(
    r"\bno\s*(?:,\s*)?(?:mejor|better|rather|wait)\b|\bperdon\b|\bsorry\b|\b(?:mejor\s+)?digo\b|"
    r"\bmejor\s+dicho\b|\bcorrijo\b|\bo\s+sea\b|\bbueno\s*,|\bwell\s*,|"
    r"\bactually(?:\s*(?:,\s*)?make\s+(?:that|it))?\b|\bmake\s+(?:that|it)\b|\bi\s+meant?\b|"
    r"\b(?:quise|queria)\s+decir\b|"
    r"\bor\s+rather\b|\bscratch\s+that\b|\bno\s+wait\b|"
    # "el 2 de noviembre, mejor el 4": "mejor" opening a clause after a comma, semicolon
    # or dash is a second thought ("el mejor hotel", "mejor si es céntrico" hold no
    # comma before it, or no value after it to read)
    r"(?:(?<=[,;\u2013\u2014-])|(?<=[,;\u2013\u2014-]\s))(?:o\s+)?mejor\b(?!\s+dicho)|"
    # "contrato de 24 meses no, máximo 12", "en marzo, no, en abril": the value just
    # said, then "no" and a comma, takes it back (a "no" opening the request takes back
    # nothing; "no, mejor" is read whole by the first branch, which comes first); "si no,"
    # opens a fallback, no correction: "en Burgos o, si no, en Aranda" keeps Burgos
    # (scout/task/fallbacks.py)
    r"(?<=[\w,][ \t])(?<!\bsi\s)no\s*,")
# a relaxation said after its value: "ok 8.5 is fine too", "150 también vale"
_AFTER = re.compile(
    r"\b(?:is|are|would\s+be|also)\s+(?:fine|ok|okay|good)\s+too\b|\b(?:works|would\s+do|"
    r"will\s+do)\s+too\b|\btambien\s+(?:vale|sirve|esta\s+bien|me\s+vale)\b")
# where a correction's words end: a comma, semicolon, stop (not a decimal point) or "..."
_END = re.compile(r"[,;!?]|\.(?!\d)|…")
# a person corrects a few things: the last ones are read, so a hostile request of
# hundreds of "perdón," costs a few reads, not hundreds per input
MAX_CORRECTIONS = 4
_NUMBER = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?)(?![\w.,]*\d)")


def segments(folded: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Each correction in ``folded`` → (the span of its new words, the span before it
    where the corrected value stands), in the order written; the last
    ``MAX_CORRECTIONS`` of them."""
    out: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for m in _BEFORE.finditer(folded):
        start = m.end()
        while start < len(folded) and folded[start] in " ,:":
            start += 1
        end = _END.search(folded, start)
        stop = end.start() if end else len(folded)
        if stop > start:
            out.append(((start, stop), (0, m.start())))
    for m in _AFTER.finditer(folded):
        head = folded[:m.start()]
        ends = [e.end() for e in _END.finditer(head)]
        begin = ends[-1] if ends else 0
        if m.start() > begin:
            out.append(((begin, m.start()), (0, begin)))
    return sorted(out)[-MAX_CORRECTIONS:]


def only(free: str, span: tuple[int, int], blank: str) -> str:
    """``free`` with everything outside ``span`` blanked (the same length)."""
    a, b = span
    return blank * a + free[a:b] + blank * (len(free) - b)


def merged(outside: str, inside: str, span: tuple[int, int]) -> str:
    """``outside`` with ``span`` taken from ``inside``: the claims a read made there."""
    a, b = span
    return outside[:a] + inside[a:b] + outside[b:]


def bare_number(view: str, span: tuple[int, int]) -> tuple[float, tuple[int, int]] | None:
    """The one number the correction's words restate ("120 si hace falta", "el 13") and
    where it stands, from the digits view (numbers in words written as digits), or None."""
    found = list(_NUMBER.finditer(view, span[0], span[1]))
    if len(found) != 1:
        return None
    return float(found[0].group(1).replace(",", ".")), found[0].span(1)


# a day said alone ("digo el 13", "I mean the 14th"): it keeps the corrected date's month
_DAY_ALONE = re.compile(r"(?:(?:el|the|on|on\s+the|dia|day)\s+)*\d{1,2}(?:st|nd|rd|th)?")


def restated(before: Any, said: str, number: float, today: dt.date | None = None) -> Any:
    """The corrected value ``before`` (read from the words ``said``) with ``number`` in
    place of its own: an amount keeps its currency, comparator and unit, a day its month
    (the next month's where that day is already past: "Saturday 30 October, no wait, the
    6th" is 6 November), a rating its scale, a count is the whole number. None where the
    number cannot stand for it."""
    number = float(number)
    if isinstance(before, Money):
        return before.model_copy(update={"amount": number, "min": None})
    if isinstance(before, DateRange) and before.start == before.end and number.is_integer():
        day = _day_of(before.start, int(number), today)
        return DateRange(start=day, end=day) if day else None
    if isinstance(before, dt.date) and number.is_integer():
        return _day_of(before, int(number), today)
    if isinstance(before, int) and not isinstance(before, bool):  # "24 meses no, máximo 12"
        return int(number) if number.is_integer() else None
    if isinstance(before, float):  # a rating: "rated 9, ok 8.5" / "4.5 stars, ok 4"
        first = _NUMBER.search(said)
        written = float(first.group(1).replace(",", ".")) if first else 0.0
        scale = before / written if written else 1.0
        return round(number * scale, 2) if number * scale <= 10 else None
    return None


def _day_of(date: dt.date, day: int, today: dt.date | None) -> dt.date | None:
    """Day ``day`` of ``date``'s month, or of the next month where it is before ``today``."""
    try:
        out = date.replace(day=day)
        if today is not None and out < today <= date:
            ahead = date.replace(day=1) + dt.timedelta(days=32)
            out = ahead.replace(day=day)
    except ValueError:
        return None
    return out


def _named(shown: str) -> bool:
    """Whether a place read from a correction is a name: typed with a capital, or known;
    never a day or a month ("actually make that Sunday", "no, mejor Marzo": the date is
    corrected, and its reader reads it)."""
    from scout.task.dates import find_when
    from scout.task.gazetteer import known_place_words

    folded = fold(shown)
    words = folded.split()
    when = find_when(folded, shown, dt.date.today()) if words else None
    if when is not None and not folded[:when.span[0]].strip() \
            and not folded[when.span[1]:].strip():
        return False
    return any(c.isupper() for c in shown) or (
        bool(words) and known_place_words(words) == len(words))


def kept_unit(before: Any, after: Any) -> Any:
    """An amount said again without its unit ("under $150 a night, well, $180 max")
    keeps the corrected one's."""
    if isinstance(before, Money) and isinstance(after, Money) and not after.per and before.per:
        return after.model_copy(update={"per": before.per})
    return after


# the inputs a correction is read for: one value each, read from a span. A subject is what
# is left (a correction's words alone would be read as one), quantities are read all at
# once for every input of their type (:func:`corrected_quantities` claims the size taken
# back before they read), and a list gathers words wherever they stand
CORRECTABLE = frozenset({"date", "month", "money", "rating", "place", "string", "integer",
                         "number", "year", "duration"})


def read_corrected(text: Any, values: dict[str, Any], spans: dict[str, str], name: str,
                   read: Callable[[], None],
                   fixes: list[tuple[tuple[int, int], tuple[int, int]]], *,
                   place: bool = False, today: dt.date | None = None,
                   count: bool = False) -> None:
    """Read input ``name`` in the latest correction that gives it a value, with ``read``
    (the parser's reader of that input, on ``text.free``; it sets ``values[name]`` and
    ``spans[name]``), and claim the value it corrects. Nothing is read where no correction
    speaks of the input: the parser then reads the whole request as usual. A ``place``
    is taken from a correction only when it is a name (typed with a capital, or one the
    gazetteer knows): "perdón, en Córdoba", but not "bueno, 120 si hace falta"."""
    from scout.task.readers import CLAIMED, digits_view

    for new, old in reversed(fixes):
        saved = text.free
        bare = bare_number(digits_view(saved), new)
        text.free = only(saved, new, CLAIMED)
        read()
        text.free = merged(saved, text.free, new)
        after = values.pop(name, None)
        shown = spans.pop(name, None)
        if place and after is not None and not _named(shown or ""):
            after = None
        if after is None and bare is None:
            kept = kept_count(text, new, old) if count else None
            if kept is not None:  # "500 flyers plus 200 cards - actually just the flyers"
                values[name], spans[name] = kept[0], text.original[kept[1][0]:kept[1][1]]
                text.claim(kept[1])
                return
            continue
        outside = text.free
        text.free = only(outside, old, CLAIMED)
        read()  # the value corrected, claimed so that nothing else reads it
        text.free = merged(outside, text.free, old)
        before, said = values.pop(name, None), spans.pop(name, "")
        if bare is not None and before is not None and (
                after is None or _DAY_ALONE.fullmatch(fold(shown or "").strip())):
            again = restated(before, fold(said), bare[0], today)
            if again is not None:
                after, shown = again, said
                text.claim(bare[1])  # the number said again, read
        if after is None:
            text.free = saved  # nothing the correction restates: read as usual
            continue
        values[name] = kept_unit(before, after)
        spans[name] = shown or ""
        _claim_again(text, said, new[1])
        return


# a correction that keeps one of the things said and drops the rest: "actually just the
# flyers", "perdón, solo los pósters", "only the posters for now"
_JUST = re.compile(r"(?:(?:actually|so|well|mejor|bueno)\s+)?(?:just|only|solo|solamente|"
                   r"unicamente|nada\s+mas)\s+(?:(?:the|los|las|el|la|lo\s+de\s+l[oa]s)\s+)?"
                   r"(?P<noun>[a-z]{3,})")


def kept_count(text: Any, new: tuple[int, int], old: tuple[int, int],
               ) -> tuple[int, tuple[int, int]] | None:
    """The count of the one thing a correction keeps ("500 A5 flyers, plus 200 business
    cards - actually just the flyers": 500) and where it stands: the number said before
    the correction with that thing's noun after it (a word or two between: "500 A5
    flyers"), when exactly one such is said; else None."""
    m = _JUST.match(text.folded, new[0], new[1])
    if m is None:
        return None
    noun = m.group("noun")
    stem = re.escape(noun[:-2] if noun.endswith("es") and len(noun) > 5 else noun.rstrip("s"))
    found = list(re.finditer(r"(?<![\w.,])(\d{1,6})\s+(?:[a-z0-9]+\s+){0,2}?" + stem + r"\w*",
                             text.free[old[0]:old[1]]))
    if len(found) != 1:
        return None
    a, b = found[0].span(1)
    return int(found[0].group(1)), (old[0] + a, old[0] + b)


# the words that lead a value's span and are none of it ("on Saturday", "el sábado")
_LEAD = re.compile(r"^(?:(?:on|in|for|the|el|la|los|las|en|para|por|de|del|a|al)\s+)+")


def _claim_again(text: Any, said: str, after: int) -> None:
    """The corrected value said again after its correction ("on Saturday - actually make
    that Sunday, we're not free Saturday") is the one taken back too: claimed, so no
    other input (a return date) reads it."""
    core = _LEAD.sub("", fold(said).strip())
    if not core:
        return
    for m in re.finditer(r"(?<!\w)" + re.escape(core) + r"(?!\w)", text.free[after:]):
        text.claim((after + m.start(), after + m.end()))


def corrected_places(text: Any, lang: str,
                     fixes: list[tuple[tuple[int, int], tuple[int, int]]],
                     places: list[tuple[str, list[str]]]) -> list[tuple[str, str, int, str]]:
    """For a kind with several place inputs ``places`` (name, aliases: an origin and a
    destination): each name a correction says ("from Madrid to Paris, I meant Lisbon",
    "olvida París, quise decir Lisboa"), as (name, as typed, where its correction starts,
    the input its own cue names: "no, mejor desde Toledo"), claimed so that the route
    reader reads the places it corrects, not it (:func:`put_corrected_places`)."""
    from scout.task.place import find_place
    from scout.task.readers import CLAIMED
    from scout.task.route import read_places

    out = []
    for new, _old in fixes:
        words = only(text.free, new, CLAIMED)
        hit = find_place(words, text.original, lang, [])
        typed = text.original[hit[1][0]:hit[1][1]].strip() if hit else ""
        if hit and _named(typed):
            cued = [n for n, h in read_places(words, text.original, lang, places).items()
                    if h[1] == hit[1]]
            text.claim(hit[1])
            out.append((hit[0], typed, new[0], cued[0] if len(cued) == 1 else ""))
    return out


def put_corrected_places(values: dict[str, Any], spans: dict[str, str], original: str,
                         corrected: list[tuple[str, str, int, str]], names: list[str]) -> None:
    """Each corrected name (:func:`corrected_places`) in place of the one it corrects: the
    input its own cue names, else the place input of ``names`` whose name stands last
    before the correction, else an input still empty."""
    for name, typed, at, cued in corrected:
        if cued:
            values[cued], spans[cued] = name, typed
            continue
        said = [(original.rfind(spans[n], 0, at), n) for n in names
                if values.get(n) is not None and spans.get(n)]
        last = max(said, default=(-1, ""))
        target = last[1] if last[0] >= 0 else next((n for n in names if values.get(n) is None), None)
        if target:
            values[target], spans[target] = name, typed


def corrected_quantities(text: Any, kind: str,
                         fixes: list[tuple[tuple[int, int], tuple[int, int]]],
                         counted: frozenset[str] = frozenset(),
                         ) -> tuple[float, tuple[int, int]] | None:
    """A quantity of ``kind`` ("data_size", "weight") a correction takes back ("tarifa con
    50 GB no, mejor 100 GB", "16 GB, I mean 32"): the one corrected is claimed, so the
    quantity readers (which read every input of a type at once) see only the one meant.
    A correction that restates only the number ("50 GB no, mejor 100") gives it back in
    the corrected one's unit, with the span of the number, for the caller to set; else
    None; a number before a word of ``counted`` (the count inputs' words, folded: "cajas")
    restates nothing. Nothing is claimed where the correction's words hold no size of that kind."""
    from scout.task.quantity import find_quantities
    from scout.task.readers import digits_view

    for new, old in reversed(fixes):
        view = digits_view(text.free)
        said = find_quantities(view[new[0]:new[1]], kind)
        before = find_quantities(view[old[0]:old[1]], kind)
        if not before:
            continue
        value, (a, b) = before[-1]  # the size said last before the correction
        # a bare number restates the size only when the size is what was said last, and
        # nothing marks the number as another thing ("30 GB por 20 €, no, mejor 25 €")
        bare = None if said or re.search(r"\d", view[old[0] + b:old[1]]) \
            or re.search(r"[$€£¥%]", view[new[0]:new[1]]) else bare_number(view, new)
        if bare is not None and (noun := re.match(r"\s+([a-z]+)", view[bare[1][1]:new[1]])) \
                and noun.group(1) in counted:
            bare = None  # "15 kg, no, mejor 2 cajas": a count of the boxes, no weight of 2
        if not said and bare is None:
            continue
        text.claim((old[0] + a, old[0] + b))
        if bare is None:
            return None
        written = _NUMBER.search(view, old[0] + a, old[0] + b)
        number = float(written.group(1).replace(",", ".")) if written else 0.0
        if not number:
            return None
        text.claim(bare[1])
        return value / number * bare[0], bare[1]
    return None
