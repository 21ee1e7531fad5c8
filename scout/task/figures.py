"""How the digits of an amount are written, for the money reader (:mod:`scout.task.money`).

"1.200,50" and "1,200.50" are both 1200.5; a single separator followed by three digits
is a thousands separator ("2.500 pesos", "3,000 pesos"); otherwise it is a decimal ("12,5
€"). Thousands are grouped by a no-break or narrow space as CLDR writes them, and by a
plain space as European funders and SI style do ("EUR 1 500 000", "150 000 €", and "1 500
€" / "€ 1 200" with a currency sign touching the figure). :data:`AMOUNT` is the pattern of
such a figure (with "30k" / "2,5 M" before their multiplier), :func:`figure` its value.
A figure led by a lone zero is a decimal however many digits follow ("0,129 €/kWh",
"0.1295 EUR/kWh": an energy tariff's rate), for no thousands group starts with a zero.
"""

from __future__ import annotations

import re

# a number in e-notation ("1e308", "2.5E+3") is no amount a person types: neither its
# mantissa nor its exponent is read (the request's leftover note names it whole). The
# look-ahead reads at most RUN_CHARS digits and separators: read to the end of the run
# from every figure's start, "1,1,1,…" took time quadratic in its length (0.16 s at the
# request's 10,000 characters); a figure that starts further than that from the end of its
# run ("1,1,1,…" past 64 characters) is no amount a person types either, and is not read
RUN_CHARS = 64
NOT_ENOTATION = (r"(?<!\d)(?<![\d.,]e)(?<![\d.,]e[+-])"
                 r"(?![\d.,]{0,%d}+(?:e[+-]?\d|[\d.,]))" % RUN_CHARS)
# thousands grouped by a plain space too, as European funders and SI style write them
# ("EUR 1 500 000", "150 000 €"): two groups or more, or one after two or three digits, so
# "para 4 200 euros" (four people, 200 euros) stays two numbers; a single digit before one
# group is one figure when a currency sign touches it ("1 500 €", "€ 1 200", "€1 200":
# typography puts the sign next to the whole figure)
SPACED = (r"(?:\d{1,3}(?: \d{3}){2,}|\d{2,3} \d{3}"
          r"|(?:(?<=[$€£¥])|(?<=[$€£¥] ))\d \d{3}(?!\d)|\d \d{3}(?=(?:[.,]\d{1,2})? ?[$€£¥]))"
          r"(?:[.,]\d{1,2})?(?![.,]?\d)")
# "0,129", "0.1295": a rate under one unit, however many decimals it is priced to
_UNDER_ONE = r"(?<!\d)0[.,]\d+(?!\d)"
# "(?=\d)" first: every figure starts with a digit, and the e-notation look-ahead scanned
# the run of separators after each position ("," 10,000 times took 0.45 s)
AMOUNT = (r"(?=\d)" + NOT_ENOTATION
          + r"(?:" + _UNDER_ONE + r"|" + SPACED + r"|"
          r"\d{1,3}(?:[.,\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d{1,2})?(?!\d)"
          r"|\d+(?:[.,]\d+)?(?=\s?[km]\b))")

def figure(s: str) -> float:
    """The value of a figure :data:`AMOUNT` matched ("1.200,50" → 1200.5)."""
    s = s.replace("\u00a0", "").replace("\u202f", "")
    if re.fullmatch(r"\d{1,3}(?: \d{3})+(?:[.,]\d{1,2})?", s):  # "1 500 000": by spaces
        s = s.replace(" ", "")
    if re.fullmatch(_UNDER_ONE, s):  # "0,129": no thousands group starts with a zero
        return float(s.replace(",", "."))
    if re.fullmatch(r"\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?", s):
        return float(s.replace(".", "").replace(",", "."))
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?", s):
        return float(s.replace(",", ""))
    return float(s.replace(",", "."))
