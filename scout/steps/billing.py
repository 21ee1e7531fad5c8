"""How many months a plan's price a month is billed at a time: "€3.49/mo billed every 48
months", "billed annually", "pago anual", "facturado cada 24 meses", "pagando 36 meses por
adelantado" (rank's ``term_cost:``, :mod:`scout.steps.termcost`).

Hosts, registrars and software vendors quote a low price a month that holds only when a
block of months is paid at once. A reader who needs one year of a plan billed every 48
months pays for 48: the block is paid in full, never pro rata (as rank pays a month's price
in full for shorter dates, :mod:`scout.steps.rank_periods`), so the term's cost counts
every month the blocks covering it hold, and the report says what is paid up front.
"""

from __future__ import annotations

import re

from scout.text import strip_accents

_NUM = r"(?P<num>\d{1,3})"
#: the block said in months or years after a billing word: "billed every 48 months",
#: "billed every 2 years", "facturado cada 24 meses", "pago cada 12 meses"
_EVERY = re.compile(
    r"\b(?:billed|charged|paid|invoiced|facturad[oa]s?|cobrad[oa]s?|pago|pagos|facturacion)"
    r"\s+(?:every|each|cada|por|in\s+advance\s+for|por\s+adelantado\s+(?:de|por))\s+"
    + _NUM + r"\s*(?P<unit>months?|meses|mes|years?|anos?)\b")
#: a block said up front: "paying 36 months upfront", "36 months paid up front",
#: "pagando 24 meses por adelantado", "24 meses por adelantado", "when you pay 12 months"
_UPFRONT = re.compile(
    r"\b" + _NUM + r"[\s-]*(?P<unit>months?|meses|years?|anos?)\s+(?:paid\s+|pagad[oa]s\s+)?"
    r"(?:up[\s-]?front|in\s+advance|por\s+adelantado|de\s+una\s+vez|por\s+anticipado)\b"
    r"|\b(?:when\s+you\s+pay|paying|pagando|al\s+pagar)\s+(?P<num2>\d{1,3})"
    r"\s*(?P<unit2>months?|meses|years?|anos?)\b")
#: a block named by a word: "billed annually", "pago anual", "facturación anual"
_NAMED = re.compile(
    r"\b(?:billed|paid|charged|invoiced|pago|facturacion|facturad[oa]|cobro|pagadero)\s+"
    r"(?P<word>annually|yearly|biennially|triennially|anual(?:mente)?|bienal|trienal|"
    r"cada\s+ano|every\s+year|once\s+a\s+year|una\s+vez\s+al\s+ano)\b"
    r"|\b(?P<word2>annual|yearly)\s+(?:billing|payment|plan\s+paid\s+up[\s-]?front)\b")
_WORDS = {"annually": 12, "yearly": 12, "annual": 12, "anual": 12, "anualmente": 12,
          "cada ano": 12, "every year": 12, "once a year": 12, "una vez al ano": 12,
          "biennially": 24, "bienal": 24, "triennially": 36, "trienal": 36}


def _months(num: str, unit: str) -> int | None:
    value = int(num)
    months = value * 12 if unit.startswith(("year", "ano")) else value
    return months if 1 < months <= 120 else None


def billed_months(text: str) -> int | None:
    """The months ``text`` says its price a month is billed at a time (48 for "billed every
    48 months", 12 for "billed annually" or "pago anual"); None when it says none, or one
    month ("billed monthly")."""
    folded = strip_accents(text or "").lower()
    found: list[tuple[int, int]] = []
    for m in _EVERY.finditer(folded):
        if (months := _months(m.group("num"), m.group("unit"))) is not None:
            found.append((m.start(), months))
    for m in _UPFRONT.finditer(folded):
        unit = m.group("unit") or m.group("unit2")
        num = m.group("num") or m.group("num2")
        if (months := _months(num, unit)) is not None:
            found.append((m.start(), months))
    for m in _NAMED.finditer(folded):
        word = re.sub(r"\s+", " ", m.group("word") or m.group("word2"))
        if word in _WORDS:
            found.append((m.start(), _WORDS[word]))
    return min(found)[1] if found else None
