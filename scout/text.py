"""Text folding and number reading every layer shares: one definition of each.

Matching across Spanish and English text is accent- and case-blind everywhere in scout
("híbrido" finds "hibrido", "Café" finds "cafe"), and numbers are written with either
thousands separator ("100.000 km", "100,000 km"). These lived in four modules (the
request parser, the synthesis adapters, candidate extraction, the template filters),
each with its own copy; they sit here, at the bottom of the layers (no scout imports),
so every layer reads text the same way.

Two folds, because two different promises are needed:

* :func:`fold` — lower-case, accents and compatibility forms stripped (Unicode NFKD):
  "ﬁ" becomes "fi", "²" becomes "2". For matching words in text.
* :func:`fold_aligned` — the same idea *one character for one character*, so a span
  found in the folded text is the same span in the original (the request parser cuts
  the values it finds out of the query by position).
"""

from __future__ import annotations

import math
import re
import unicodedata

from scout.lazyre import lazy_re

__all__ = ["fold", "fold_aligned", "strip_accents", "read_number"]


def strip_accents(text: str) -> str:
    """``text`` without combining marks, compatibility forms decomposed (NFKD); case kept."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def fold(text: str) -> str:
    """Lower-case without accents, so 'Café' matches 'cafe' and 'HÍBRIDO' 'hibrido'."""
    # lower() after NFKD: compatibility forms decompose to capitals too ("ℍ" → "H", "№" →
    # "No"), which lower-casing first would leave in the folded text
    return strip_accents(text).lower()


# letters Unicode does not decompose into a base letter and an accent
_PLAIN = {"ł": "l", "ø": "o", "đ": "d", "ı": "i", "ħ": "h", "ŀ": "l"}


def fold_aligned(text: str) -> str:
    """Lower-case, accents stripped, same length as ``text`` (one character each)."""
    if text.isascii():  # no accent to strip and one character each: most words a mission folds
        return text.lower()
    out = []
    for ch in text:
        low = ch.lower()
        if len(low) != 1:
            low = ch
        if ord(low) > 127:
            base = _PLAIN.get(low) or unicodedata.normalize("NFD", low)[0]
            low = base if base.isascii() and base.isalnum() else low
        out.append(low)
    return "".join(out)


#: noon said as a time of day, after a word that places something at it: "al medio día",
#: "a mediodía", "hacia el mediodía", "antes del medio día", "at midday", "by noon". The
#: hour, never a length: the "medio día" a kind's half-day word names is one ("tour de
#: medio día", "medio día de visita", "medio día en Toledo"). Case- and accent-blind.
AT_NOON = lazy_re(r"(?<!\w)(?:al|del|a|hacia|sobre|hasta|desde|antes|despues|después|"
                  r"at|by|around|before|after|until|till)\s+(?:(?:el|de|del)\s+)?"
                  r"(?P<noon>medio\s?d[ií]a|noon|midday|midnight|medianoche)(?!\w)",
                  re.IGNORECASE)

_SPACES = lazy_re(r"[\s\u00a0\u202f\u2009]")
# no thousands group starts with a lone zero: "0.129" and "0,129" are decimals (a rate per
# kWh), never 129
_EUROPEAN = lazy_re(r"(?!0\D)\d{1,3}(\.\d{3})+(,\d+)?")   # 1.234.567,50
_ENGLISH = lazy_re(r"(?!0\D)\d{1,3}(,\d{3})+(\.\d+)?")    # 1,234,567.50


def read_number(text: str) -> float:
    """A number as people write it in either language: '100.000' and '100,000' are a
    hundred thousand, '1.234,50' and '1,234.50' the same amount, '2,5' two and a half;
    spaces (also no-break and thin ones) between digit groups are ignored. Raises
    ``ValueError`` when ``text`` is not a number, and when it is no finite one: a figure
    of hundreds of digits reads as inf, and "inf" or "nan" are words (no price, quantity
    or budget is infinite: every caller reads no value then)."""
    t = _SPACES.sub("", text)
    if _EUROPEAN.fullmatch(t):
        t = t.replace(".", "").replace(",", ".")
    elif _ENGLISH.fullmatch(t):
        t = t.replace(",", "")
    elif "," in t and "." not in t:  # a decimal comma
        t = t.replace(",", ".")
    number = float(t)
    if math.isinf(number):
        raise ValueError(f"'{cut_middle(text, 25)}' is too large a number")
    if math.isnan(number):
        raise ValueError(f"'{cut_middle(text, 25)}' is not a number")
    return number


def _one_line(text: str) -> str:
    return " ".join(text.split()) if "\n" in text else text


def is_cut(text: str, width: int) -> bool:
    """Whether :func:`cut_middle` leaves part of ``text`` out at ``width``."""
    return len(_one_line(text)) > width


def cut_middle(text: str, width: int) -> str:
    """``text`` on one line, at most ``width`` characters (the middle left out)."""
    text = _one_line(text)
    if len(text) <= width:
        return text
    half = (width - 1) // 2
    return text[:half] + "…" + text[len(text) - (width - 1 - half):]
