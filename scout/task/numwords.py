"""Numbers written in words, English and Spanish, rewritten as digits in place.

"doscientos euros", "ciento veinte", "mil quinientos pesos", "treinta y cinco", "four and
a half" (4.5), "un millón de pesos", "1,5 millones", "2 hundred", "two hundred and fifty
pounds", "a hundred and fifty quid", "fifty bucks" → the same text with the number as
digits, padded with spaces on the left to the same length, so every position still
points at the original (the extractors claim spans of the original by position;
:func:`widen` moves a span's start back over the padding). Digits start a run only
before "hundred", "million" / "millón" or "mil" + more number words ("3 mil
quinientos"): a plain "80 mil" and "10k" are the money reader's, which also spreads the
multiplier over a range. A value too long for its words ("mil" is three letters, 1000
four digits) is written with the ``k`` the money reader already multiplies ("1k").

Only a run that holds a real number word is rewritten: an article ("a", "un", "una",
"one") counts only before a scale word ("a hundred", "un millón"); "and" / "y" only join
inside a number ("two hundred and fifty", "treinta y cinco"); "de" after "millón" /
"millones" is absorbed ("un millón de pesos"); a half after its unit is the number's
("un kilo y medio" is "1.5 kilo"). Used by :mod:`scout.task.money`, :mod:`scout.task.rating`
and the readers of counts, sizes and weights (:func:`scout.task.readers.digits_view`), whose
numbers need a currency, a cue, a unit or the input's name next to them, so "dos noches"
rewritten as "2 noches" is harmless; :func:`count_words` gives the counts of days to
:mod:`scout.task.relative`.
"""

from __future__ import annotations

import functools
import re

_UNITS = {
    # English
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90,
    # Spanish (folded: no accents)
    "cero": 0, "uno": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7,
    "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14,
    "quince": 15, "dieciseis": 16, "diecisiete": 17, "dieciocho": 18, "diecinueve": 19,
    "veinte": 20, "veintiun": 21, "veintiuno": 21, "veintiuna": 21, "veintidos": 22,
    "veintitres": 23, "veinticuatro": 24, "veinticinco": 25, "veintiseis": 26,
    "veintisiete": 27, "veintiocho": 28, "veintinueve": 29, "treinta": 30, "cuarenta": 40,
    "cincuenta": 50, "sesenta": 60, "setenta": 70, "ochenta": 80, "noventa": 90,
    "cien": 100, "ciento": 100, "quinientos": 500, "quinientas": 500,
}
for _w, _n in (("dos", 2), ("tres", 3), ("cuatro", 4), ("seis", 6), ("sete", 7), ("ocho", 8),
               ("nove", 9)):  # "doscientos"… ("siete" → "sete-", "nueve" → "nove-")
    _UNITS[_w + "cientos"] = _UNITS[_w + "cientas"] = _n * 100
# words that are a number only before a scale word ("a hundred", "un millón")
_ARTICLES = {"a": 1, "an": 1, "un": 1, "una": 1}
_SCALES = {"hundred": 100, "thousand": 1000, "mil": 1000, "million": 10**6, "millions": 10**6,
           "millon": 10**6, "millones": 10**6}
_ONE = {"uno", "una", "one"}
_EACH = {"cada", "each"}
# "half a million", "medio millón": half of the scale word after it (an article between)
_HALVES = {"half", "medio", "media"}
_TENS = {v for v in _UNITS.values() if 20 <= v <= 90 and v % 10 == 0}
_HALF = re.compile(r"\s+(?:and\s+a\s+half|y\s+medi[oa])\b")
_TOKEN = re.compile(r"\d+(?:[.,]\d+)?|[a-z]+")


def count_words(limit: int = 100) -> dict[str, int]:
    """Number words up to ``limit`` ("quince" → 15, "thirty" → 30), for counts of days."""
    return {w: n for w, n in _UNITS.items() if 0 < n <= limit}


def widen(folded: str, rewritten: str, start: int) -> int:
    """A span start moved back over the words :func:`rewrite` turned into padding, so a
    span that begins at "200" in "       200 euros" covers "doscientos" in the text."""
    def changed(i: int) -> bool:
        return i >= 0 and folded[i] != rewritten[i]

    while start > 0 and (changed(start - 1) or (folded[start - 1] == " " and changed(start - 2)
                                                 and changed(start))):
        start -= 1
    return start


# "un kilo y medio", "a pound and a half", "2 horas y media": the half after its unit
_UNIT_HALF = re.compile(r"(?<![\w.,])(?:(?P<n>un|una|a|an|\d+)\s+)?(?P<unit>[a-z]+)\s+"
                        r"(?:y\s+medi[oa]|and\s+a\s+half)\b")


def _unit_halves(folded: str) -> str:
    """"un kilo y medio" → "     1.5 kilo": N and a half of a unit, the unit kept after
    the number so the readers that want one ("1.5 kg", "1.5 euros") still find it."""
    def one(m: re.Match[str]) -> str:
        from scout.units import quantity_unit

        n = m.group("n") or ""
        if n in ("a", "an") and m.group("unit") in _SCALES:  # "a hundred and a half"? no
            return m.group(0)
        if not n and quantity_unit(m.group("unit")) is None:
            return m.group(0)  # "kilo y medio" is one and a half; "Oriente y Medio" no number
        digits = f"{int(n) if n.isdigit() else 1}.5 {m.group('unit')}"
        return digits.rjust(len(m.group(0))) if len(digits) <= len(m.group(0)) else m.group(0)

    return _UNIT_HALF.sub(one, folded)


# "media milla", "medio kilo", "half a mile": half of one unit, the number before the unit
_HALF_OF_UNIT = re.compile(r"(?<![\w.,])(?:half\s+an?|medi[oa])\s+(?P<unit>[a-z]+)\b")


def halves_of_units(folded: str) -> str:
    """``folded`` with half of one unit of a data size, a weight or a length as digits,
    same length: "media milla" → "  0.5 milla", "half a mile" → "    0.5 mile"; and one
    unit of a data size or a weight said with its article: "un tera" → "  1 tera". Only the
    quantity readers ask for it (:mod:`scout.task.quantity`): :func:`rewrite` leaves
    "medio kilo" alone for the others; a length of time ("media hora") is the duration
    reader's, which reads it itself."""
    from scout.units import quantity_unit

    def one(m: re.Match[str]) -> str:
        hit = quantity_unit(m.group("unit"))
        if hit is None or hit[0] == "duration":
            return m.group(0)
        return f"0.5 {m.group('unit')}".rjust(len(m.group(0)))

    def whole(m: re.Match[str]) -> str:
        hit = quantity_unit(m.group("unit"))
        if hit is None or hit[0] not in ("data_size", "weight"):
            return m.group(0)  # "a mile from the beach", "una hora": no size asked
        return f"1 {m.group('unit')}".rjust(len(m.group(0)))

    return _ONE_UNIT.sub(whole, _HALF_OF_UNIT.sub(one, folded))


# "un tera de disco", "a terabyte of storage", "un kilo": one unit of a size or a weight,
# its article the count (numwords reads an article only before a scale word)
_ONE_UNIT = re.compile(r"(?<![\w.,])(?:un|una|a|an|one)\s+(?P<unit>[a-z]+)\b(?!\s+(?:y|and)\s+(?:medi|a\s+half))")


@functools.lru_cache(maxsize=256)
def rewrite(folded: str) -> str:
    """``folded`` (lower case, no accents) with numbers in words as digits, same length;
    days said as ordinals and decimals said with "point" / "punto" too
    (:mod:`scout.task.spokennums`)."""
    from scout.task.spokennums import ordinal_days, spoken_decimals

    folded = ordinal_days(folded)  # before the cardinals: "twenty-first" is one day
    toks = list(_TOKEN.finditer(folded))
    out = list(folded)
    i = 0
    while i < len(toks):
        if i and toks[i - 1].group(0)[0].isdigit() and toks[i].group(0) in _SCALES \
                and _adjacent(folded, toks[i - 1], toks[i]):
            i += 1  # "80 mil": the multiplier of the digits before it, left to the reader
            continue
        if toks[i].group(0) in _ONE and i and toks[i - 1].group(0) in _EACH:
            i += 1  # "cada uno", "each one": a pronoun (a price's unit), no number
            continue
        end, value = _run(folded, toks, i)
        if end == i:
            i += 1
            continue
        a, b = toks[i].start(), toks[end - 1].end()
        digits = str(value)
        half = _HALF.match(folded, b)
        if half and value < 1000:  # "four and a half stars", "ocho y medio": N.5
            b, digits = half.end(), f"{value}.5"
        if len(digits) > b - a and value % 1000 == 0:
            digits = f"{value // 1000}k"
        if len(digits) <= b - a:
            out[a:b] = list(digits.rjust(b - a))
        i = end
    # after the words: "dos kilos y medio" is 2.5, "ocho punto cinco" 8.5; "un par de
    # baños", "a couple of bedrooms": two
    return _PAIR.sub(lambda m: "2".rjust(len(m.group(0))),
                     spoken_decimals(_unit_halves("".join(out))))


# "un par de baños", "a couple of desks": two of what follows
_PAIR = re.compile(r"\b(?:un\s+par\s+de|a\s+couple\s+of)(?=\s+[a-z])")


# "4 and a half stars", "nota de 8 y medio": a half after digits with no unit between (not
# a clock's "a las 8 y media", which is half past); a grade's only, for a count or an age
# has no halves ("mi hijo de 6 y medio" is no age of 6)
_DIGIT_HALF = re.compile(r"(?<![\w.,])(?<!\blas\s)(?<!\bat\s)(?P<n>\d{1,3})"
                         r"\s+(?:and\s+a\s+half|y\s+medi[oa])\b")


def digit_halves(folded: str) -> str:
    """``folded`` with "N and a half" / "N y medio" as "N.5", the same length: for the
    rating reader (:mod:`scout.task.rating`)."""
    return _DIGIT_HALF.sub(lambda m: f"{m.group('n')}.5".rjust(len(m.group(0))), folded)


def _adjacent(text: str, left: re.Match[str], right: re.Match[str]) -> bool:
    """Only spaces or a hyphen between two tokens ("twenty-five", "dos mil")."""
    return re.fullmatch(r"[ \t]+|-", text[left.end():right.start()]) is not None


def _run(text: str, toks: list[re.Match[str]], i: int) -> tuple[int, int]:
    """(index after the run of number words starting at ``i``, its value); (i, 0) if none."""
    total, current, j, words, last = 0, 0, i, 0, None
    factor = 1.0
    if toks[i].group(0) in _HALVES:
        k = i + 1
        if k + 1 < len(toks) and toks[k].group(0) in _ARTICLES and _adjacent(text, toks[i], toks[k]):
            k += 1
        if k >= len(toks) or _SCALES.get(toks[k].group(0), 0) < 1000 \
                or not _adjacent(text, toks[k - 1], toks[k]):
            return i, 0
        factor, j = 0.5, k
    while j < len(toks):
        w = toks[j].group(0)
        if j > i and not _adjacent(text, toks[j - 1], toks[j]):
            break
        nxt = toks[j + 1].group(0) if j + 1 < len(toks) else ""
        if w[0].isdigit():
            # digits start a run only before "hundred" / "million" / "millón" ("2 hundred",
            # "1,5 millones") or before
            # "mil" / "thousand" and more number words ("2 mil quinientos"); a plain "80 mil"
            # is the money reader's own, which also spreads it over a range
            after = toks[j + 2].group(0) if j + 2 < len(toks) else ""
            if j != i or not (_SCALES.get(nxt, 0) in (100, 10**6) or (
                    _SCALES.get(nxt, 0) == 1000 and after in _UNITS
                    and _adjacent(text, toks[j + 1], toks[j + 2]))):
                break
            current = float(w.replace(",", "."))  # type: ignore[assignment]
        elif w in _ARTICLES and j == i and nxt in _SCALES:
            current = _ARTICLES[w]
        elif w in _UNITS:
            if last is not None and last not in _TENS and last not in _SCALES.values() \
                    and not (last >= 100 and _UNITS[w] < 100):
                break  # "dos tres" is two numbers, not five
            current += _UNITS[w]
            words += 1
        elif w in _SCALES:
            scale = _SCALES[w]
            if scale == 100:
                current = (current or 1) * 100
            else:
                total += (current or 1) * scale
                current = 0
            words += 1
            last = scale
            j += 1
            if scale >= 10**6 and nxt == "de" and j < len(toks) and _adjacent(text, toks[j - 1],
                                                                             toks[j]):
                j += 1  # "un millón de pesos"
                break
            continue
        elif w in ("and", "y") and j > i and nxt in _UNITS and (
                (w == "y" and last in _TENS and _UNITS[nxt] < 10)
                or (w == "and" and last is not None and last >= 100 and _UNITS[nxt] < 100
                    and _SCALES.get(toks[j + 2].group(0) if j + 2 < len(toks) else "") != 100)):
            # "treinta y cinco", "two hundred and fifty"; never two numbers of a range:
            # "entre ciento veinte y ciento ochenta", "between one hundred and two hundred"
            j += 1
            continue
        else:
            break
        last = _UNITS.get(w, last) if not w[0].isdigit() else None
        j += 1
    value = (total + current) * factor
    if words == 0 or value != int(value):
        return i, 0
    return j, int(value)
