"""Numbers as a voice message dictates them, beyond the cardinals :mod:`scout.task.numwords`
rewrites: a day of the month said as an ordinal word ("march fifteenth to the twentieth",
"on the fifteenth of January", "del primero al cinco de abril") and a decimal said with
its separator in words ("ocho punto cinco", "four point five", "siete coma cinco").

Both rewrite the folded text as digits in place, padded on the left to the same length,
as :func:`scout.task.numwords.rewrite` does (which calls them), so the date grammar reads
"15th" and "1ro" and the rating reader "8.5". An ordinal is a day only where a date says
so: right after a month's name, before "of <month>" / "de <month>", or after "the" / "el"
following a word that opens or closes a span of days ("from", "to", "until", "on", "del",
"al"), and never before a noun it counts ("the fifth floor", "the second half", "el
primero de la lista" has no month): "first place", "the third week of March" stay words.
"""

from __future__ import annotations

import functools
import re

_ENGLISH = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
}
# "twenty-first", "twenty first", "thirty-first"
_COMPOUND = r"(?:(?P<tens>twenty|thirty)[ -])?(?P<unit>" + "|".join(
    sorted(_ENGLISH, key=len, reverse=True)) + r")"
# what an ordinal counts when it is no day: "the fifth floor", "the second half of May",
# "the third week", "first class", "el primero de la lista"
_COUNTED = (r"(?:weeks?|weekends?|half|halves|quarters?|semesters?|terms?|times?|floors?|"
            r"rows?|places?|days?|nights?|months?|years?|editions?|rounds?|class|classes|"
            r"person|one|ones|option|choice|stop|stage|level|line|lines|semana|quincena|mitad|"
            r"trimestre|piso|planta|vez|lugar)\b")
# a span of days opens or closes with these before "the" / "el": "from the fifteenth",
# "to the twentieth", "on the first", "del primero", "al primero"
_SPAN_WORD = r"(?:from|to|until|till|through|thru|on|and|by|since|after|before|del|al|el|desde|hasta)"


@functools.lru_cache(maxsize=1)
def _month_alt() -> str:
    from scout.task.cldr import months

    return "|".join(sorted((re.escape(w) for w, (_, full) in months().items() if full or len(w) == 3),
                           key=len, reverse=True))


def _suffix(n: int) -> str:
    return "st" if n % 10 == 1 and n != 11 else "nd" if n % 10 == 2 and n != 12 \
        else "rd" if n % 10 == 3 and n != 13 else "th"


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    month = r"(?:" + _month_alt() + r")\.?"
    english = re.compile(
        r"(?:(?P<month>\b" + month + r"\s+)|(?P<the>\bthe\s+))?(?<![\w-])" + _COMPOUND
        + r"(?![\w-])(?P<of>\s+of\s+" + month + r"(?!\w))?(?!\s+" + _COUNTED + ")")
    # Latin America says the 1st "el primero": "del primero al cinco de abril", "el
    # primero de mayo"; every other day is a cardinal (numwords' own)
    spanish = re.compile(r"\b(?P<el>(?:el|del|al)\s+)primero(?=\s+(?:de\s+(?:" + _month_alt()
                         + r")\b|al\s|a\s|hasta\s|y\s))")
    return english, spanish


def ordinal_days(folded: str) -> str:
    """``folded`` with days of the month said as ordinal words written as digits with
    their suffix, same length ("march fifteenth" → "march      15th")."""
    if not re.search(r"(?:st|nd|rd|th|primero)\b", folded):
        return folded
    english, spanish = _patterns()

    def one(m: re.Match[str]) -> str:
        n = _ENGLISH[m.group("unit")] + (20 if m.group("tens") == "twenty" else
                                         30 if m.group("tens") == "thirty" else 0)
        if n > 31 or (m.group("tens") and _ENGLISH[m.group("unit")] > 9):
            return m.group(0)
        if m.group("month") is None and m.group("the") is None and m.group("of") is None:
            return m.group(0)  # "first", "the second" with no date around: no day
        if m.group("month") is None and m.group("of") is None:
            before = folded[:m.start()].rstrip()
            after = folded[m.end():].lstrip()
            # "the fifteenth" alone is a day only where a span says so ("to the twentieth")
            # or the clause ends after it ("arriving on the nineteenth.")
            if not re.search(r"\b" + _SPAN_WORD + r"$", before) and after[:1].isalpha():
                return m.group(0)
        start = m.start("tens") if m.group("tens") else m.start("unit")
        day = f"{n}{_suffix(n)}".rjust(m.end("unit") - start)
        return folded[m.start():start] + day + folded[m.end("unit"):m.end()]

    out = english.sub(one, folded)
    return spanish.sub(lambda m: m.group("el") + "1ro".rjust(len("primero")), out)


# "ocho punto cinco", "four point five", "siete coma cinco": after the cardinals are digits
_DECIMAL = re.compile(r"(?<![\w.,])(?P<a>\d{1,3})\s+(?:point|punto|coma)\s+(?P<b>\d{1,2})(?![\w.,])")


def spoken_decimals(rewritten: str) -> str:
    """``rewritten`` (number words already digits) with "8 punto 5" as "8.5", same length."""
    return _DECIMAL.sub(lambda m: f"{m.group('a')}.{m.group('b')}".rjust(len(m.group(0))),
                        rewritten)
