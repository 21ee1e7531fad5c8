"""The ``year`` input type: a calendar year, read from values and from requests.

A year is a whole number shown as written ("2019", never "2,019" or "2.019": the report's
locale filters know the type, scout.i18n.values.format_value). Values given by a person (a
default, a mission, ``--set``) are checked to be a four-digit year (:func:`parse_year`).

In a request (:func:`find_year`, over the parser's folded text: lower case, no accents)
a year is read when the words around it say it is one, in either language:

* the input's own name or aliases next to it ("min year 2019", "año: 2019");
* a year word before it: "year 2019", "model year", "año 2019", "modelo 2019",
  "registered / built / made in 2019", "matriculado / fabricado en 2019", and how a video
  or a book came out: "published / released / uploaded / recorded in 2019",
  "publicado / subido / grabado / emitido / estrenado en 2019";
* a "this year or later" phrase after it: "2019 or newer", "2019 or later", "2019
  onwards", "2019 and newer", "2019+", "2019 en adelante", "2019 o posterior",
  "2019 o más nuevo / reciente", "2019 o después / o más tarde", "2019 y posteriores";
* what it may not be before: "no older than 2020", "not before 2019", "no anterior a 2018";
* a year said relative to today ("from last year onwards", "desde el año pasado", "de este
  año en adelante", and after a publication verb with no "in": "publicados este año") as
  that year's digits;
* "from / since / desde / a partir de / del / de 2019" when nothing but the end
  of the request, punctuation, a joining word ("from 2019 with navigation", "after 2020
  about climate models") or the other end of a span ("desde 2019 hasta 2021", "from 2019
  to 2021", "de 2019 a 2021") follows, so "from 2000 EUR" and "de 2000 euros" are not
  years; a year the request is past ("after 2020", "newer than 2020", "después de
  2020", "posteriores a 2020", with the same words after it) is the next one: 2021, the
  first year it allows, as a first year's input reads it inclusively;
* with none of these, a year typed bare right after a name's word (one another reader
  read too: a kind's pattern's "Seat León" in "un Seat León 2018"), and then nothing, a
  comma, a joining word, a place's cue or what another reader claimed ("Barolo 2015 from
  Piedmont", "rioja 2018 under 20 euros", "un Versa 2019 en Monterrey"), or, as English
  writes it, between an article or a possessive and a name ("a 2015 Ford Focus", "my 2012
  honda civic"; not before what it counts: "a 2000 word essay"), from 1900 to next year.

A range of years ("2018-2020", "entre 2017 y 2019", "del 2019 al 2021") is its first year,
or its last for an input named ``max_...``. An age instead of a year ("de menos de 3 años", "less than 3 years old", "no older than
5 years", "from the last 2 years", "de los últimos tres años") is this year less the age (the clock is the parser's ``today``).

The number itself must be a year (1000-2999) that is not part of a longer number
("20.190 km"). What the year means (a first year, a last one) is the pipeline's: the
value is the year the request names.

A window back from today names its first year: "de los últimos tres años", "in the last 5
years", "over the past two years", "de los dos últimos años" → today's year less the count
(the part of that year inside the window counts: read on 6 December 2026, "the last three
years" is 2023 onwards: lenient, for a filter that leaves out what is older). It is read
only when nothing else names a year for the input, and, as any year, by the first year
input that reads it: a kind with a first and a last year declares the first one first.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING, Any

from scout.i18n import COUNT_WORDS
from scout.task.readers import CLAIMED

if TYPE_CHECKING:
    from scout.spec.models import InputSpec


YEAR_MIN, YEAR_MAX = 1000, 2999

_YEAR = r"(?<![\d.,])(?P<y>[12]\d{3})(?![.,]?\d)"
_VERBS = (r"(?:registered|built|made|manufactured|published|released|uploaded|recorded|posted|"
          r"(?:matriculad|fabricad|publicad|subid|grabad|emitid|estrenad)[oa]s?)")
_BEFORE = (r"(?:model\s+year|year|ano|modelo|" + _VERBS + r"\s+(?:in|en))\s*(?::|=|de(?:l)?)?\s*")
# "publicados este año", "released last year": a relative year needs no "in" / "en"
_VERB_REL = re.compile(r"\b" + _VERBS + r"\s+" + _YEAR)
# ("or more modern", "o más moderno": a learner's "newer", said of a car or a building)
_AFTER = (r"\s*(?:\+|(?:or\s+(?:newer|later|after|more\s+(?:recent|modern))|and\s+(?:newer|later|up)|"
          # ("pa'lante", "para adelante": "onwards" as Spain and Latin America say it)
          r"onwards?|en\s+adelante|pa(?:ra)?\s*(?:['’]\s*)?(?:a?delante|lante|arriba)|hacia\s+arriba|o\s+(?:posterior(?:es)?|mas\s+nuev[oa]s?|mas\s+recientes?|mas\s+modern[oa]s?|superior(?:es)?|"
          r"despues|mas\s+tarde)|y\s+(?:posterior(?:es)?|despues)|"
          # a span open to today: "2019 to present", "2010-date", "de 2000 a la fecha"
          r"(?:to|until|till|through|thru|-|–|a|al|hasta)\s*(?:the\s+)?"
          r"(?:present|now|today|date|la\s+fecha|hoy|(?:el\s+)?presente|la\s+actualidad|"
          r"ahora))\b)")
_FROM = r"(?:from|since|desde|a\s+partir\s+del?|del?)\s+(?:(?:el|the|ano|year)\s+)?"
# a year the request is past: "after 2020", "newer than 2020", "después de 2020",
# "posteriores a 2020": the first year it allows is the next one
_PAST = (r"(?:after|later\s+than|newer\s+than|more\s+(?:recent|modern)\s+than|despues\s+del?|"
         r"posterior(?:es)?\s+al?|mas\s+(?:nuev[oa]s?|recientes?|modern[oa]s?)\s+que)\s+"
         r"(?:(?:el|the|ano|year)\s+)?")
_JOIN = (r"(?=\s*(?:$|[,.;:)!?]|\b(?:and|or|with|without|in|for|about|on|y|o|con|sin|en|para|que|"
         r"sobre|acerca)\b))")

# "no older than 2020", "not before 2019", "no anterior a 2018", "no antes del 2019": the
# year is the first one asked for, said by what it may not be
# ("nothing older than 2018", "nada anterior a 2018": an exclusion says it too)
_NOT_BEFORE = (r"(?:(?:no|not|nothing|none|nada|ninguno|ninguna)\s+(?:older|earlier)\s+than|"
               r"(?:no|not|nothing|nada)\s+(?:from\s+)?before|"
               r"(?:no|nada|ninguno|ninguna)\s+(?:anterior(?:es)?\s+al?|antes\s+del?|"
               r"mas\s+antigu[oa]s?\s+que(?:\s+el)?))\s+")

# each pattern with what it adds to the year it reads
_PATTERNS = (
    (re.compile(r"\b" + _BEFORE + _YEAR), 0),
    (re.compile(_YEAR + _AFTER), 0),
    (re.compile(r"\b" + _PAST + _YEAR + _JOIN), 1),
    (re.compile(r"\b" + _FROM + _YEAR + _JOIN), 0),
    (re.compile(r"\b" + _NOT_BEFORE + _YEAR), 0),
)

# a year said relative to today: "last year", "el año pasado", "this year", "este año",
# "next year", "el año que viene" ("the last year" is a window, read by _AGE)
# ("de este año o el pasado", "this year or last": the earlier of the two)
_RELATIVE = re.compile(r"(?<!\bthe\s)\b(?:(?P<last>(?:este\s+ano|this\s+year)\s+(?:o|or)\s+"
                       r"(?:(?:el\s+)?(?:ano\s+)?pasado|last(?:\s+year)?)|last\s+year|(?:el\s+)?ano\s+pasado)|"
                       r"(?P<this>this\s+year|este\s+ano)|"
                       r"(?P<next>next\s+year|(?:el\s+)?ano\s+(?:que\s+viene|proximo)))\b")


def _relative_years(free: str, today: dt.date) -> str:
    """``free`` with each year said relative to ``today`` written as its digits, padded
    to the same length, so the year patterns read "from last year onwards" as they read
    "from 2025 onwards", and spans still point at the request's text."""
    def one(m: re.Match[str]) -> str:
        year = today.year - 1 if m.group("last") else today.year + (1 if m.group("next") else 0)
        return str(year).rjust(len(m.group(0)))

    return _RELATIVE.sub(one, free)


def parse_year(value: Any) -> int:
    """A year written by a person: 2019, "2019"; raises ``ValueError`` otherwise."""
    if isinstance(value, bool):
        raise ValueError("a year is a whole number such as 2019, not a boolean")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        value = int(value)
    if not isinstance(value, int):
        raise ValueError(f"'{value}' is not a year; write it with four digits, e.g. 2019")
    if not YEAR_MIN <= value <= YEAR_MAX:
        raise ValueError(f"{value} is not a year between {YEAR_MIN} and {YEAR_MAX}")
    return value


_AGE_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "un": 1, "uno": 1, "dos": 2, "tres": 3,
            "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10}
_N = r"(?P<n>\d{1,2}|" + "|".join(_AGE_NUM) + r")"
# an age cap: "de menos de 3 años", "con 5 años como mucho", "less than 3 years old", "no
# older than 5 years": the first year is this year less the age
_AGE = re.compile(
    r"\b(?:(?:less\s+than|under|no\s+more\s+than|at\s+most|max(?:imum)?|up\s+to)\s+" + _N
    + r"\s+years?\s+old|no\s+older\s+than\s+" + _N.replace("<n>", "<m>")
    + r"\s+years?(?:\s+old)?|(?:menos\s+de|no\s+mas\s+de|maximo|max\.?|como\s+mucho|hasta)\s+"
    + _N.replace("<n>", "<e>") + r"\s+anos(?:\s+de\s+antig[u]?edad)?"
    + r"|(?:hace\s+)?(?:menos\s+de)\s+" + _N.replace("<n>", "<h>") + r"\s+anos"
    # recency: "from the last 2 years", "de los últimos tres años"
    + r"|(?:from|in|of|over)\s+the\s+(?:last|past)\s+" + _N.replace("<n>", "<l>") + r"\s+years"
    + r"|(?:de|en|durante)\s+los\s+ultimos\s+" + _N.replace("<n>", "<u>") + r"\s+anos)\b")


_End = tuple[int, tuple[int, int]]  # a year read and its span

# a range of years: "2018-2020", "entre 2017 y 2019", "del 2019 al 2021", "2016 to 2018",
# "2015 through 2022" (American English)
_RANGE = re.compile(r"\b(?:(?:between|entre|from|desde|del?)\s+(?:(?:el|the|ano|year)\s+)?)?"
                    + _YEAR.replace("<y>", "<lo>") + r"\s*(?:-|–|to|a|al|y|and|hasta|through|thru|till|until)\s*"
                    + r"(?:(?:el|the)\s+)?" + _YEAR
                    # not amounts or distances: "entre 2000 y 3000 euros", "2000-2500 km"
                    + r"(?!\s*(?:[€$£]|(?:eur|euros?|usd|dolares|dollars|pesos|libras|pounds|"
                    r"quid|bucks|km|kms|kilometros|kilometres|kilometers|miles|millas|m2|"
                    r"metros|gb|kg|k)\b))")


# a window back from the day the request is read, in the words _AGE does not take: "en los
# 5 últimos años", "the last couple of years", counts in words (scout.i18n.COUNT_WORDS)
_COUNT = r"(?P<n>\d{1,2}|" + "|".join(sorted(COUNT_WORDS, key=len, reverse=True)) + r")"
_WINDOW = re.compile(
    r"\b(?:(?:de|en|durante)\s+)?los\s+(?:" + _COUNT + r"\s+ultimos|ultimos\s+"
    + _COUNT.replace("?P<n>", "?P<m>") + r")\s+anos\b"
    r"|\b(?:(?:in|from|over|during|within)\s+)?the\s+(?:last|past)\s+"
    + _COUNT.replace("?P<n>", "?P<k>") + r"\s+years\b")


def find_window(free: str, today: dt.date) -> tuple[int, tuple[int, int]] | None:
    """The first year of a window back from ``today`` ("los últimos tres años") and its
    span in ``free``."""
    m = _WINDOW.search(free)
    if m is None:
        return None
    count = next(g for g in (m.group("n"), m.group("m"), m.group("k")) if g)
    n = int(count) if count.isdigit() else COUNT_WORDS.get(count)
    if not n or n > 50:
        return None
    return today.year - n, m.span()


# a quarter or half said before a year ("from Q1 2020 to Q4 2024", "H2 2019"): the year's
_QUARTER = re.compile(r"\b[qh][1-4]\s+(?=[12]\d{3}\b)")


_A_YEAR = re.compile(r"(?<![\d.,])(?:19|20)\d{2}(?![\d.,])")


def _years_in_words(free: str) -> str | None:
    """``free`` with its numbers in words as digits when a year is said only in words
    ("subidos desde dos mil veintitrés", "since two thousand and twenty"), else None."""
    from scout.task.numwords import rewrite

    if _A_YEAR.search(free):
        return None
    spoken = rewrite(free)
    return spoken if _A_YEAR.search(spoken) else None


def find_year(free: str, words: list[str], today: dt.date | None = None, high: bool = False,
              folded: str | None = None, original: str | None = None,
              ) -> tuple[int, tuple[int, int]] | None:
    """The year a request names and its span in ``free`` (the folded, unclaimed text);
    ``words``: the input's name and aliases, folded; ``today``: for an age ("less than 3
    years old" is this year less 3), read when no year is written; ``original``: the
    request as typed, whose capitals tell a name's word before a bare year. Of a range of years
    the first, or with ``high`` (an input for the last year, ``max_year``) the last."""
    free = _QUARTER.sub(lambda m: " " * len(m.group(0)), free)  # "from Q1 2020": 2020
    spoken = _years_in_words(free)
    if spoken is not None:  # "desde dos mil veintitrés", dictated: read as its digits
        from scout.task.numwords import widen

        hit = find_year(spoken, words, today, high)
        return None if hit is None else (hit[0], (widen(free, spoken, hit[1][0]), hit[1][1]))
    if today is not None:
        from scout.task.numwords import widen

        view = _relative_years(free, today)
        hit = find_year(view, words, None, high) if view != free else None
        said = _VERB_REL.search(view) if view != free and hit is None else None
        if said is not None and view[said.start("y")] != free[said.start("y")]:
            hit = int(said.group("y")), said.span()
        if hit is not None:  # the span moved back over the words ("last year")
            return hit[0], (widen(free, view, hit[1][0]), hit[1][1])
    ends = find_year_range(free)
    if ends is not None:
        # only the end it reads is claimed: "desde 2019 hasta 2021" leaves "hasta 2021"
        # to an input aliased "hasta" / "until" (a kind's until year)
        return ends[1] if high else ends[0]
    hit = _find_written(free, words)
    if hit is not None or today is None:
        return hit
    m = _AGE.search(free)
    if m is None:
        return find_window(free, today) or _bare_year(free, today, folded, original)
    raw = next(g for g in (m.group(k) for k in "nmehlu") if g)
    age = int(raw) if raw.isdigit() else _AGE_NUM[raw]
    return today.year - age, m.span()


# a model's number or code between the name and its year ("Peugeot 208 2020", "iPhone 13
# 2021", "Audi A4 2019", "Mazda CX-5 2018"): at most four digits, none a year itself, and
# no amount ("1.6", "2,5": a decimal is an engine's size or a price, no model's number)
_MODEL = (r"(?:(?![12]\d{3}\b)(?P<m>(?=[^\W\d_]{0,3}-?\d)[^\W_]{1,4}(?:-[^\W_]{1,4})?)"
          r"(?![\w.,-]?\d)\s+)?"
          # and an engine's size after them ("Ford Focus 1.6 2015", "Golf 2,0 TDI 2019"):
          # one digit, a decimal mark, one digit, a litre's "l" or an engine's code; a
          # price has two decimals or more than one digit before its mark
          r"(?P<e>(?<![\w.,])[1-9][.,]\d(?!\d|[.,]\d)(?:\s*l\b)?(?:\s+[^\W\d_]{2,4})?\s+)?")
# a year typed right after a name's word (or its model's number), and before the end, a comma, a joining word, a
# place's cue or what another reader claimed: "Barolo 2015 from Piedmont", "rioja 2018 under
# 20 euros" (claimed), "toyota corolla 2015", "un Versa 2019 en Monterrey"; the name's word
# may be one another reader claimed (a kind's own pattern read "Seat León" in "un Seat León
# 2018,"); after a word of time or order it is no year of the thing ("before 2015", "hasta
# 2015", "in 2015": read above when it is one); after an engine's size the year is the
# car's whatever follows ("Seat Ibiza 1.4 2012 cambio de embrague")
_BARE = re.compile(r"(?<![\w])(?P<w>[^\W\d_]{2,}|\x00{2,})\s+" + _MODEL + _YEAR
                   + r"(?!\s*(?:y|and|or|o|to|a|-)\s*\d)(?(e)|(?=\s*(?:$|\x00|[,.;:)!?]|\b(?:and|or|with|without|from|for|y|o|con|sin|"
                   r"de|del|para|in|en|at|near|cerca)\b)|\s+(?P<at>[^\W\d_][\w-]*)))")
# English puts a thing's year before its name, after an article or a possessive: "a 2015
# Ford Focus", "my 2012 honda civic", "our 2019 Versa"; not before what a number counts
# or measures ("a 2000 word essay", "a 1500 km trip", "the 2000 euros")
# (an opening parenthesis too, as a reminder describes the car: "KX19 ABC (2019 Ford Focus")
_YEAR_FIRST = re.compile(r"(?:(?<![\w])(?:a|an|my|our|his|her|their|the)\s+|\(\s*)" + _YEAR
                     + r"\s+(?P<n>[^\W\d_]{2,}\b|\x00{2,})")
_COUNTED = frozenset("""word words page pages km kms kilometre kilometres kilometer kilometers
mile miles metre metres meter meters m2 sq ft feet foot euro euros eur usd gbp dollar dollars
pound pounds peso pesos quid bucks hour hours hr hrs minute minutes min mins second seconds
day days night nights week weeks month months year years people person persons guests
calorie calories kg kilo kilos lb lbs gb tb mb mah watt watts kw kwh wp kwp unit units piece
pieces copy copies sample samples and or to tonnes tons litre litres liter liters cc""".split())
_NOT_NAME = frozenset("""in en of de del the el la los las a al to for para por by from desde
before after until hasta antes despues since than que year ano years anos about entre
between around unos unas over under menos mas max min top""".split())


# a year after a name another reader read (a kind's pattern's "Seat León") and "de" /
# "del", whatever follows: "mi Seat León de 2014 diésel", "un Golf del 2016 con 90.000 km"
_OF_NAME = re.compile(r"\x00{2,}\s+(?:de|del)\s+" + _YEAR)


# where a sentence starts: its first word's capital is the sentence's, no name's
_SENTENCE_START = re.compile(r"(?:^|[.!?:;\n])[\s¿¡\"'“‘«(*>-]*$")


def _typed_as_name(original: str | None, at: int, coded: bool) -> bool:
    """Whether the word at ``at`` of ``original`` (the request as typed, or None) is typed
    as a name: capitalised in a request with capitals where they belong, and not the
    sentence's first word ("Toyota 2015 service" may be the sentence's capital) unless a
    model's code follows it ("Peugeot 208 2020"); a make's capital before it makes it
    no first word ("Seat León 2018")."""
    from scout.task.placename import is_cased

    if original is None or not original[at:at + 1].isupper() or not is_cased(original):
        return False
    return coded or not _SENTENCE_START.search(original, 0, at)


def _a_town(word: str) -> bool:
    from scout.task.placecase import known_name

    return known_name(word)


def _bare_year(free: str, today: dt.date, folded: str | None = None,
               original: str | None = None) -> tuple[int, tuple[int, int]] | None:
    """A year typed bare after a name's word (:data:`_BARE`), or before one after an
    article (:data:`_YEAR_FIRST`), no later than next year. A claimed name's word is one only
    where ``folded`` (the request's text, nothing blanked) has a name's letters there."""
    found = []
    for m in _BARE.finditer(free):
        w, at = m.group("w"), m.start("w")
        if w.startswith(CLAIMED):
            said = folded[m.start("w"):m.end("w")] if folded is not None else ""
            w = said.split()[-1] if said.split() else ""
            at += said.rfind(w)
            if not re.fullmatch(r"[^\W\d_]{2,}", w):
                continue
        if m.group("at") is not None and not _a_town(m.group("at")) \
                and not (m.group("at") not in _COUNTED
                         and _typed_as_name(original, at, m.group("m") is not None)):
            # "Audi A4 2019 Leeds": before a town with no cue; "Seat León 2018 diésel",
            # "my Honda 2012 petrol": after a name typed with its capital, before any word
            # but what a number counts ("posted 2019 reviews", "Barcelona 2000 euros")
            continue
        if w not in _NOT_NAME and not re.fullmatch(_VERBS, w) \
                and 1900 <= int(m.group("y")) <= today.year + 1:  # ("posted 2019 reviews")
            found.append((int(m.group("y")), m.span("y")))
            break
    for m in _OF_NAME.finditer(free):
        before = folded[m.start():m.start("y")].split() if folded is not None else []
        if len(before) >= 2 and re.fullmatch(r"[^\W\d_]{2,}", before[-2]) \
                and 1900 <= int(m.group("y")) <= today.year + 1:
            found.append((int(m.group("y")), m.span("y")))
            break
    for m in _YEAR_FIRST.finditer(free):
        n = m.group("n")
        if n.startswith(CLAIMED):  # "a 2015 Ford Focus" with "Ford Focus" a pattern's
            first = (folded[m.start("n"):m.end("n")] if folded is not None else "").split()
            n = first[0] if first else ""
            if not re.fullmatch(r"[^\W\d_]{2,}", n):
                continue
        if n not in _COUNTED and not re.fullmatch(_VERBS, n) \
                and 1900 <= int(m.group("y")) <= today.year + 1:
            found.append((int(m.group("y")), m.span("y")))
            break
    return min(found, key=lambda hit: hit[1]) if found else None


def find_year_range(free: str) -> tuple[_End, _End] | None:
    """The first range of years in ``free`` ("entre 2020 y 2024", "from 2019 to 2021",
    "2018-2020"), as (first year, its span with the words before it), (last year, its
    span with the joining word): each end claimable alone. None when there is none or
    the years do not go up ("2024-2020" is no range)."""
    for m in _RANGE.finditer(free):
        lo, hi = int(m.group("lo")), int(m.group("y"))
        if lo < hi:
            return (lo, (m.start(), m.end("lo"))), (hi, (m.start("y"), m.end()))
    return None


def year_range_inputs(free: str, inputs: dict[str, InputSpec],
                      ) -> list[tuple[str, int, tuple[int, int]]]:
    """Both ends of a range of years ("entre 2020 y 2024", "between 2019 and 2022") when
    the kind declares a first and a last year: the first year for the first, the last for
    the last (the input named ``max_...``, else the one declared last), read at once and
    before an author's pattern can take one end alone. One year input reads one end in
    its own turn (:func:`scout.task.year.find_year`)."""
    years = [n for n, s in inputs.items() if s.type == "year"]
    ends = find_year_range(free) if len(years) >= 2 else None
    if ends is None:
        return []
    last = next((n for n in years if n.startswith("max")), years[-1])
    first = next(n for n in years if n != last)
    return [(first, *ends[0]), (last, *ends[1])]


def _find_written(free: str, words: list[str]) -> tuple[int, tuple[int, int]] | None:
    patterns = list(_PATTERNS)
    named = "|".join(re.escape(w) for w in words if w.strip())
    if named:  # the input's own words first: "min year 2019", "2019 (año)"
        patterns.insert(0, (re.compile(r"\b(?:" + named + r")\s*(?::|=|of|de(?:l)?)?\s*"
                                       + _YEAR), 0))
        patterns.insert(1, (re.compile(_YEAR + r"\s*(?:" + named + r")\b"), 0))
    for pattern, past in patterns:
        m = pattern.search(free)
        if m is not None:
            return int(m.group("y")) + past, m.span()
    return None
