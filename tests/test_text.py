"""scout.text: the one accent fold and number reader every layer uses.

They replaced four folds and two number readers; the copies below are those originals,
kept here as the oracle that the move changed nothing (every code point, every number
form the callers can hand over)."""

from __future__ import annotations

import itertools
import re
import sys
import unicodedata

import pytest

from scout.text import fold, fold_aligned, read_number, strip_accents


# ---- the definitions as they were before the move (oracles) ------------------------

def _adapters_fold(text: str) -> str:  # scout.adapters.text.fold
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _filters_fold(text: str) -> str:  # scout.spec.filters._fold
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


def _extract_strip(text: str) -> str:  # scout.steps.extract.strip_accents
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


_PLAIN = {"ł": "l", "ø": "o", "đ": "d", "ı": "i", "ħ": "h", "ŀ": "l"}


def _lang_fold(text: str) -> str:  # scout.task.lang.fold
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


def _spec_number(raw: str) -> float:  # scout.spec.filters._spec_number
    raw = raw.replace("\u00a0", "").replace("\u202f", "")
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", raw):
        return float(re.sub(r"[.,]", "", raw))
    return float(raw.replace(",", "."))


def _values_number(text: str) -> float:  # scout.task.values._number
    t = text.strip().replace("\u202f", "").replace(" ", "")
    if re.fullmatch(r"\d{1,3}(\.\d{3})+(,\d+)?", t):
        t = t.replace(".", "").replace(",", ".")
    elif re.fullmatch(r"\d{1,3}(,\d{3})+(\.\d+)?", t):
        t = t.replace(",", "")
    elif re.fullmatch(r"\d+,\d{1,2}", t):
        t = t.replace(",", ".")
    return float(t)


_EVERY_CHAR = "".join(chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF)


def test_fold_is_each_old_fold_on_every_code_point() -> None:
    for ch in _EVERY_CHAR:
        assert fold(ch) == _filters_fold(ch) == _extract_strip(ch).lower(), hex(ord(ch))
        # the adapters lower-cased before NFKD, which left the capitals of compatibility
        # forms ("ℍ" → "H", "№" → "No") in their "lower-case" text: only those differ
        if fold(ch) != _adapters_fold(ch):
            assert unicodedata.normalize("NFKD", ch) != unicodedata.normalize("NFD", ch), hex(ord(ch))
        assert strip_accents(ch) == _extract_strip(ch), hex(ord(ch))
        assert fold_aligned(ch) == _lang_fold(ch), hex(ord(ch))


def test_folds_on_text_both_languages() -> None:
    text = "Híbrido AUTOMÁTICO, cámara ﬁ² Ñandú São Paulo Łódź"
    assert fold(text) == _adapters_fold(text) == _filters_fold(text)
    assert fold("ℍotel №5") == "hotel no5" != _adapters_fold("ℍotel №5")
    assert fold(text).startswith("hibrido automatico, camara fi2 nandu")
    assert len(fold_aligned(text)) == len(text) and fold_aligned(text) == _lang_fold(text)


def test_the_old_names_are_the_shared_functions() -> None:
    from scout.adapters import text as adapters_text
    from scout.spec import filters
    from scout.steps import extract
    from scout.task import lang, values

    assert adapters_text.fold is fold and extract.strip_accents is strip_accents
    assert lang.fold is fold_aligned and values._number is read_number
    assert not hasattr(filters, "_fold") and not hasattr(filters, "_spec_number")


# every number form the ``stated`` filter's regex can hand over
_NUM = re.compile(r"(\d{1,3}(?:[.,\u00a0\u202f]\d{3})+(?![.,]?\d)|\d+(?:[.,]\d+)?)")


def _stated_forms() -> list[str]:
    heads, groups = ["1", "12", "123", "7"], ["000", "500", "999"]
    out = []
    for head, n in itertools.product(heads, range(1, 4)):
        for seps in itertools.product([".", ",", "\u00a0", "\u202f"], repeat=n):
            if len(set(seps)) == 1:  # one separator kind: how numbers are written
                out.append(head + "".join(s + g for s, g in zip(seps, groups)))
    out += ["0", "5", "85", "1234", "100000", "1.5", "1,5", "2,25", "12.75", "1234,567",
            "1,2345", "2019"]
    return [s for s in out if _NUM.fullmatch(s)]


@pytest.mark.parametrize("raw", _stated_forms())
def test_read_number_reads_what_stated_read(raw: str) -> None:
    assert read_number(raw) == _spec_number(raw)


@pytest.mark.parametrize("raw", ["200", "1.234", "1,234", "1.234,50", "1,234.50", "12,5",
                                 "12,50", "1 234", "1\u202f234,5", "99.99", "3.000.000",
                                 "3,000,000.25"])
def test_read_number_reads_what_money_read(raw: str) -> None:
    assert read_number(raw) == _values_number(raw)


def test_read_number_refuses_what_is_not_a_number() -> None:
    for raw in ["", "abc", "1.2.3", "1,2,3", "--1"]:
        with pytest.raises(ValueError):
            read_number(raw)


@pytest.mark.parametrize("raw", ["9" * 400, "9" * 400 + ",5", "inf", "nan", "Infinity"])
def test_read_number_refuses_what_is_no_finite_number(raw: str) -> None:
    # a figure of hundreds of digits read as inf: "inf €" in a report, a budget no price passes
    with pytest.raises(ValueError):
        read_number(raw)
