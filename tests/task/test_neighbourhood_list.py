"""One list of neighbourhoods (scout/task/neighbourhoods.py's ``_BY_CITY``) serves both its
readers: the city a neighbourhood named alone lies in, and, for those it marks, the
gazetteer's known places ("physio in Triana" is no Tirana), which no list of the
gazetteer's own repeats."""

from __future__ import annotations

import pytest

from scout.task import neighbourhoods
from scout.task.gazetteer import known_place_words, neighbourhood


def test_the_marked_neighbourhoods_are_known_places_that_lie_in_a_city() -> None:
    assert len(neighbourhoods.KNOWN_PLACES) >= 10
    for name in sorted(neighbourhoods.KNOWN_PLACES):
        assert neighbourhood(name), name
        assert known_place_words(name.split()) == len(name.split()), name
        assert neighbourhoods.city_of(name) is not None, name


def test_an_unmarked_neighbourhood_is_no_gazetteer_neighbourhood() -> None:
    unmarked = [n for n in neighbourhoods._CITY if n not in neighbourhoods.KNOWN_PLACES]
    assert len(unmarked) > 20
    assert [n for n in unmarked if neighbourhood(n)] == []


@pytest.mark.parametrize(("written", "lang", "city"), [
    ("Triana", "en", "Seville"), ("Triana", "es", "Sevilla"), ("Malasaña", "es", "Madrid"),
    ("Chamberí", "es", "Madrid"), ("Bairro Alto", "en", "Lisbon"),
])
def test_the_marker_is_no_part_of_a_name(written: str, lang: str, city: str) -> None:
    # marked ("Triana") or not ("Chamberí"), a neighbourhood reads its city the same way
    assert neighbourhoods.city_of(written, lang) == city
    assert not any("*" in n for n in neighbourhoods._CITY)
