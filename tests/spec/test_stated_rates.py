"""``stated`` on rates as banks and tariffs write them: a value's word after it is never
across a conjunction ("TIN 2,45% y TAE 2,67%": 2,45 is the TIN's, not the TAE's), and a
value after a plus sign is the word's addition ("Euríbor + 0,60 %": the spread). Found
writing the mortgages kind, whose bonused TAE read as the TIN."""

from __future__ import annotations

import pytest

from scout.spec.stated import stated

PAGE = ("TIN 2,45% y TAE 2,67% con bonificaciones; sin bonificar TIN 2,95% (TAE 3,21%). "
        "Después Euríbor + 0,60%.")


@pytest.mark.parametrize("of,pick,want", [
    (["TAE"], "min", 2.67),
    (["TAE"], "max", 3.21),
    (["TIN"], "min", 2.45),
    (["TIN"], "max", 2.95),
    (["Euríbor"], "max", 0.6),
])
def test_each_rate_is_its_own_words(of, pick, want) -> None:
    assert stated(PAGE, "%", of=of, pick=pick) == want


@pytest.mark.parametrize("text,of,want", [
    ("16 GB RAM and 512 GB SSD", ["SSD"], 512),       # "and" starts the SSD's own words
    ("16 GB LPDDR5 RAM", ["RAM"], 16),                 # one word more still stands between
    ("tracks Bank Rate + 0.79% for 2 years", ["Bank Rate"], 0.79),
    ("SOFR+2% margin", ["SOFR"], 2),
])
def test_joining_words_between_a_value_and_its_word(text, of, want) -> None:
    unit = "GB" if "GB" in text else "%"
    assert stated(text, unit, of=of) == want


def test_a_value_joined_by_a_conjunction_is_not_the_next_words() -> None:
    assert stated("2 GB y RAM de sobra", "GB", of=["RAM"]) is None
