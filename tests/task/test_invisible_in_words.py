"""A zero-width character, a soft hyphen or a direction mark inside a word (pasted from a
chat app, a web page or a word processor, or put there to fool a reader) split the word
for the parser: "hoteles en Barce\u200dlona" was read as the city "Barce". They carry no
meaning inside a word, so a request is read as if they were not there; the terminal
controls and bidi overrides termsafe removes stay removed."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import yaml

from scout.spec.models import InputSpec
from scout.task.parser import parse_query
from scout.termsafe import plain

ROOT = Path(__file__).resolve().parents[2]
TODAY = dt.date(2026, 12, 6)


def _inputs(path: str) -> dict[str, InputSpec]:
    doc = yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))
    return {n: InputSpec(**spec) for n, spec in doc["inputs"].items()}


@pytest.mark.parametrize("query, city", [
    ("hoteles en Barce\u200dlona en septiembre de 2026 por menos de 200 EUR", "Barcelona"),
    ("hotels in Sevi\u200blla for October 2026 under 150 EUR", "Sevilla"),
    ("hotel en Va\u00adlen\u00adcia para marzo de 2027", "Valencia"),
    ("hotels in \ufeffMá\u2060laga in May 2027 under 90 euros", "Málaga"),
    ("busco hotel en Bil\u200fbao en abril de 2027", "Bilbao"),
    ("hoteles en Grana\u200cda, junio de 2027, hasta 120 €", "Granada"),
])
def test_a_city_with_an_invisible_character_inside_is_the_city(query: str,
                                                               city: str) -> None:
    got = parse_query(query, _inputs("pipelines/hotel_research.yaml"), today=TODAY)
    assert got.values["destination"] == city


def test_the_budget_reads_through_them_too() -> None:
    got = parse_query("hotels in Roma under 2\u200b00 EUR in June 2027",
                      _inputs("pipelines/hotel_research.yaml"), today=TODAY)
    assert got.values["budget"].amount == 200


@pytest.mark.parametrize("text, want", [
    ("Barce\u200dlona", "Barcelona"),
    ("Ma\u00addrid\u200e", "Madrid"),
    ("\u202eanolecrab", "anolecrab"),  # an override: removed, as before
    ("Roma\x1b]8;;http://x.example/\x07 centro\x1b]8;;\x07", "Roma centro"),
    ("Kyiv\x00hotel", "Kyiv hotel"),  # a control between words: a space, as before
])
def test_plain_takes_them_out(text: str, want: str) -> None:
    assert plain(text) == want
