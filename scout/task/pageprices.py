"""Prices as shops and listings write them and a request never does, rewritten into the
forms :mod:`scout.task.money` reads before a page's amounts are read
(:func:`scout.task.amounts.find_amounts`); spans found in the rewritten text map back to
the page's own.

What is rewritten (each class as the real price strings of scrapinghub/price-parser's test
cases show it, tests/fixtures/prices/):

- a currency's symbol as its own country writes it ("1 299 Kč", "45,00 лв.", "₽", "₴",
  "RD$"), CLDR's symbol in the country's official languages, next to a number: its ISO
  code. Only symbols that name one currency and are not a short Latin word or unit ("Ft"
  is also feet, "KM" kilometres, "kr" three crowns) are read;
- an ISO code glued to a dollar sign, or set before it ("SGD$4.90", "MXN $1,299"): the
  code (the sign alone read as US dollars);
- two prices each with its sign before ("$179.99 $119.99"): two, not the first with the
  second's sign after it;
- the Swiss apostrophe between thousands ("CHF 1'049,95", "1’299.–"): dropped;
- a dash for no cents ("1.299,-", "50,- Kč", "CHF 1'299.–"): dropped, so "1.299" reads as
  thousands as it does alone;
- one digit, a space, three digits next to a currency or before cents ("2 390 €",
  "5 833,00 €", "€ 1 299"): one number. A request's "para 4 200 euros" (four people, 200
  euros) stays two numbers: there the currency is a word, and a request is not read here;
- cents set apart by a space after a currency's figure ("$119. 95", "€ 1.837, 32"):
  joined; cents with no whole part beside a currency (".75 €", "$.75"): 0.75, not 75.
"""

from __future__ import annotations

import datetime as dt
import functools
import pickle
import re
import unicodedata
from collections.abc import Callable
from typing import Any

from scout.spec.factcache import FactStore, module_file
from scout.task.cldr import currencies

#: :func:`own_symbols` kept on disk (scout.spec.factcache, beside validate's template
#: facts): reading ~540 locales' CLDR data cost ~0.4 s of CPU in every process that read
#: a page's prices or a request's currency, a fifth of a whole ``scout apply``
#: (benchmarks/README.md, missionspeed3). Keyed by this module, scout's CLDR tables and
#: babel (its data ships inside it), and the day (a country's currency is the one in use
#: on the day).
_STORE = FactStore("currency-symbols", lambda: (
    __file__, module_file("scout.task.cldr"), module_file("babel"), module_file("babel.localedata")))

# "1 299" is one number when a currency is next to it or cents follow
_CENTS = re.compile(r"[.,]\d{2}(?!\d)")


@functools.cache
def _signs() -> str:
    """Every currency sign Unicode has in its basic plane (category Sc: €, $, ₽, ₴, ﷼ …),
    as a regex class (the stdlib re has no property classes)."""
    return "[" + "".join(re.escape(chr(c)) for c in range(0x10000)
                         if unicodedata.category(chr(c)) == "Sc") + "]"


@functools.cache
def local_symbols() -> dict[str, str]:
    """Of :func:`own_symbols`, those that are no word or unit of their own
    (:func:`_distinct`): a page's text may have them anywhere."""
    return {s: code for s, code in own_symbols().items() if _distinct(s)}


@functools.cache
def own_symbols() -> dict[str, str]:
    """Symbols CLDR gives a currency in the official languages of the countries that use
    it, that scout's English and Spanish table lacks, each to its one ISO code ("₦", "Kč",
    and the one letters "R", "Q"): read from CLDR once a day and kept on disk
    (:data:`_STORE`), then once a process from there."""
    today = dt.date.today()
    key = _STORE.key(today.isoformat())
    kept = _STORE.load(key, _symbols_read_back)
    if kept is not None:
        return kept
    found = _cldr_symbols(today)
    _STORE.save(key, found)
    return found


def _symbols_read_back(raw: Any) -> dict[str, str]:
    """A kept table of :func:`own_symbols` as it was written, else ValueError (a miss):
    the file is the user's cache, not scout's own data, and a symbol read as a code it
    does not name would misprice a page."""
    iso = currencies().iso
    if not isinstance(raw, dict) or not raw:
        raise ValueError("not a table of symbols")
    for symbol, code in raw.items():
        if not (isinstance(symbol, str) and symbol.strip() == symbol and 0 < len(symbol) <= 16
                and isinstance(code, str) and code in iso):
            raise ValueError(f"not a symbol and its code: {symbol!r}")
    return raw


def _cldr_symbols(today: dt.date) -> dict[str, str]:
    """:func:`own_symbols` read from each locale's own data, unmerged (~0.4 s, where
    babel's merged locales took ~1 s)."""
    from babel import Locale
    from babel.languages import get_official_languages
    from babel.localedata import locale_identifiers
    from babel.numbers import get_territory_currencies

    known = set(currencies().symbols)
    names = set(locale_identifiers())
    found: dict[str, set[str]] = {}
    for territory in Locale("en").territories:
        if not (isinstance(territory, str) and len(territory) == 2 and territory.isalpha()):
            continue
        codes = get_territory_currencies(territory, today)
        for lang in get_official_languages(territory, de_facto=True) if codes else ():
            for name in (f"{lang}_{territory}", lang):  # the country's own form first
                if name in names:
                    symbol = _own_data(name).get("currency_symbols", {}).get(codes[0])
                    if symbol:
                        symbol = "".join(c for c in symbol if unicodedata.category(c)[0] != "C")
                        if symbol.strip() and symbol != codes[0] and symbol not in known:
                            found.setdefault(symbol.strip(), set()).add(codes[0])
                        break
    return {s: next(iter(c)) for s, c in found.items() if len(c) == 1}


def _own_data(name: str) -> dict[str, Any]:
    """A locale's own CLDR data, without what it inherits. Read from babel's file, not
    through ``babel.localedata.load(merge_inherited=False)``: that caches the unmerged
    data under the locale's name, and every later use of the locale (a Spanish report's
    numbers) then found it incomplete."""
    from babel.localedata import resolve_locale_filename

    with open(resolve_locale_filename(name), "rb") as data:
        loaded = pickle.load(data)  # babel's own package data
    return loaded if isinstance(loaded, dict) else {}


def _distinct(symbol: str) -> bool:
    """Whether a symbol is no word or unit of its own: any character outside ASCII
    ("Kč", "лв.", "₽"), or three characters or more ("RD$", "TSh", "Gs.")."""
    return not symbol.isascii() or len(symbol) >= 3


Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]


#: after two digits set apart from a figure, what says they count something, no cents: a
#: hyphen and a word ("10-class"), or a plural noun that names no money ("10 hours")
_NO_COUNT = (r"(?![-\u2010][^\W\d_])(?!\s+(?!(?:euros?|dollars?|dolares|d\u00f3lares|pesos|pounds|"
             r"libras|cents|centimos|c\u00e9ntimos)\b)[^\W\d_]+s\b)"
             # ... or a minor unit or a share of its own: "£45, 90p per mile", "45 €, 20 %
             # nocturno" are two amounts, never 45.90 or 45.20
             r"(?!\s?(?:p|pence|peniques?|c|ct|cts|\u00a2|%|por\s+ciento|per\s*cent)(?![^\W\d_]))"
             # ... or a size or a weight, the next item of a price list by size: "£38, 10
             # inch (serves 20) £55", "28 €, 26 cm 42 €" are 38 and 28, never 38.10
             r"(?!\s?(?:inch|in|cm|mm|kg|g|gr|oz|lb|ml|cl|[\"\u201d\u2033])(?![^\W\d_]))")


@functools.cache
def _rules() -> list[Rule]:
    symbols = {s.rstrip("."): code for s, code in local_symbols().items()}
    local = "|".join(re.escape(s) for s in sorted(symbols, key=len, reverse=True))
    near = r"(?:" + _signs() + r"|\b[A-Z]{3}\b|(?<![^\W\d_])(?:" + local + r"))"
    lead = r"(?:" + _signs() + r"|\b[A-Z]{3}\b)"
    after = re.compile(r"\s?" + near)
    before = re.compile(near + r"\s?$")

    def code(m: re.Match[str]) -> str:
        text, a, b = m.string, m.start(), m.end()
        beside = re.search(r"\d\s?$", text[max(0, a - 2):a]) or re.match(r"\s?\d", text[b:b + 2])
        if not beside:
            return m.group(0)
        return (" " if text[a - 1:a].isdigit() else "") + symbols[m.group("sym")] \
            + (" " if text[b:b + 1].isdigit() else "")

    def spaced(m: re.Match[str]) -> str:
        text, b = m.string, m.end() + 3
        one = _CENTS.match(text, b) or after.match(text, b) and not re.match(r"[.,]\d", text[b:]) \
            or before.search(text[max(0, m.start() - 6):m.start()])
        return m.group("head") if one else m.group(0)

    def cents(m: re.Match[str]) -> str:
        text, a = m.string, m.start()
        beside = before.search(text[max(0, a - 6):a]) or after.match(text, m.end() + 2)
        return "0" + m.group(0) if beside else m.group(0)

    def iso_dollar(m: re.Match[str]) -> str:
        # "SGD$4.90", "MXN $1,299": the code names the dollar or peso; three capitals that
        # are no currency ("H100 SXM $4.25", "NVL $2.99": a model's letters) keep the sign
        return m.group("code") + " " if m.group("code") in currencies().iso else m.group(0)

    return [
        (re.compile(r"\b(?P<code>[A-Z]{3}) ?\$(?=\s?\d)"), iso_dollar),
        # two prices each with its sign before ("$179.99 $119.99", a shop's old and new):
        # the second's sign is not the first's written after it
        (re.compile(r"(?P<pre>" + lead + r"\s?\d[\d.,]*\d)\s+(?=" + lead + r"\s?\d)"),
         lambda m: m.group("pre") + " \n"),
        (re.compile(r"(?<=\d)['’](?=\d{3}(?!\d))"), lambda m: ""),
        (re.compile(r"(?<=\d)[.,][-–—](?![-–—\d])"), lambda m: ""),
        (re.compile(r"(?<![\d.,])(?<!\d )(?P<head>\d) (?=\d{3}(?![\d]| \d{3}))"), spaced),
        # ... but never the count a list's next item starts with: "£36, 10 hours for
        # £340", "Drop-in class £12, 10-class pass £100" (a count joined to its noun by a
        # hyphen, or a plural noun after it that is no currency's: "1.837, 32 euros" joins),
        # nor a rate in pence or a share ("£45, 90p per mile")
        (re.compile(r"(?P<pre>" + near + r"\s?\d[\d.,]*[.,]) (?=\d{2}(?!\d)" + _NO_COUNT + r")"),
         lambda m: m.group("pre")),
        # cents with no whole part: ".75 €" is 0.75 (it was read as 75)
        (re.compile(r"(?:(?<=" + _signs() + r")|(?<=" + _signs() + r" )|(?<![\w.,]))[.,]"
                    r"(?=\d{2}(?![\d.,]))"), cents),
        # a local symbol right after or right before a figure → its code
        (re.compile(r"(?<![^\W\d_])(?P<sym>" + local + r")\.?(?![^\W\d_])"), code),
    ]


def shop_text(text: str) -> tuple[str, list[int], list[int]]:
    """``text`` with prices rewritten as above, and for each of its characters where in
    ``text`` it starts and ends (the last character of a rewritten piece ends where its
    match did: an amount that ends in "CZK" ends after the page's "Kč")."""
    starts = list(range(len(text)))
    ends = list(range(1, len(text) + 1))
    for pattern, replace in _rules():
        parts: list[str] = []
        new_starts: list[int] = []
        new_ends: list[int] = []
        last = 0
        for m in pattern.finditer(text):
            new = replace(m)
            if new == m.group(0):
                continue
            a, b = m.start(), m.end()
            parts += [text[last:a], new]
            picked = [a + min(i, b - a - 1) for i in range(len(new))]
            new_starts += starts[last:a] + [starts[i] for i in picked]
            new_ends += ends[last:a] + [ends[i] for i in picked[:-1]] + ([ends[b - 1]] if new else [])
            last = b
        if parts:
            parts.append(text[last:])
            text = "".join(parts)
            starts = new_starts + starts[last:]
            ends = new_ends + ends[last:]
    return text, starts, ends


def span_back(starts: list[int], ends: list[int], span: tuple[int, int]) -> tuple[int, int]:
    """A span of :func:`shop_text`'s text as a span of the text it was given."""
    start, end = span
    return starts[start], ends[end - 1] if end > start else starts[start]
