"""A candidate whose name mixes look-alike alphabets in one word ("Hotel Аrts" with a
Cyrillic А) is noted first in the keyless synthesis, in the reader's language; names in
one alphabet, other scripts and Greek units are left alone."""

from __future__ import annotations

import pytest

from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.adapters.extractive import ExtractiveAdapter
from scout.adapters.lookalike import described, foreign_letters
from scout.config.settings import ExtractiveSettings

CYR_A, CYR_O, GRK_ALPHA = "\u0410", "\u043e", "\u0391"


@pytest.mark.parametrize(("name", "letters"), [
    (f"Hotel {CYR_A}rts", [CYR_A]),
    (f"H{CYR_O}tel Arts", [CYR_O]),
    (f"HOTEL {GRK_ALPHA}RTS", [GRK_ALPHA]),
    ("Москв" + "a", ["a"]),                           # a Latin a in a Cyrillic word
    ("Hotel Arts", []), ("Гостиница Москва", []), ("Ξενοδοχείο Αθήνα", []),
    ("Mixed Россия Hotel", []),                       # two alphabets, each its own word
    ("東京ホテル", []), ("Café São Paulo straße", []),
    ("Pipeta 5 μmol 10 kΩ", []), ("10μm", []),        # Greek units are no disguise
])
def test_disguised_letters_are_found(name: str, letters: list[str]) -> None:
    assert foreign_letters(name) == letters


def test_letters_are_described_by_code_point() -> None:
    assert described([CYR_A, CYR_O]) == "\u0410 U+0410, \u043e U+043E"


def _facts(name: str, lang: str) -> list[str]:
    key = "hotel-arts"
    req = SynthesisRequest(
        question="q", task={}, task_types={}, lang=lang, candidates=[name],
        evidence=[EvidenceItem(url="https://h.example/", title=name, subject=key,
                               kind="snippet", text=f"{name} está junto a la playa.")],
        subjects=[SubjectBrief(key=key, name=name, rank=1)])
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    return [f.text for f in syn.candidates[0].facts]


@pytest.mark.parametrize(("lang", "says"), [("en", "letters of another alphabet"),
                                            ("es", "letras de otro alfabeto")])
def test_the_reader_is_told_first(lang: str, says: str) -> None:
    name = f"Hotel {CYR_A}rts"
    facts = _facts(name, lang)
    assert says in facts[0] and "U+0410" in facts[0] and facts[0].startswith(name)
    assert not any(says in f for f in _facts("Hotel Arts", lang))
