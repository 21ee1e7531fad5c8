"""Whose figure ``stated`` reads (scout/spec/statedwhose.py): a person's weight or height
in a review is not the thing's measure, and a review's prose counts only where no spec
line or other source states the value, so the docs' plain ``laptop | stated('kg')`` with
``pick='max'`` reads the product's weight, not its tester's."""

from __future__ import annotations

import pytest

from scout.spec.stated import stated
from scout.spec.statedwhose import is_spec_line
from scout.text import fold

# a tester's review page, as tests/kinds/test_ebikes.py's fake search serves it
TESTER = ("En nuestra prueba recorrimos 62 km de autonomía real en modo medio, con un "
          "ciclista de 80 kg.")


@pytest.mark.parametrize("text, kg", [
    (TESTER + " La bici pesa 22,5 kg.", 22.5),
    ("Soy un ciclista de 95 kg y la Vibe sube bien; pesa 15,4 kg.", 15.4),
    ("Yo peso unos 90 kg y no noté flexión. Peso total: 23 kg.", 23),
    ("Con mis 95 kg la bici va sobrada, y pesa 21,5 kg.", 21.5),
    ("I weigh 95 kg and it handles me fine; the bike itself is 23.5 kg.", 23.5),
    ("As a 90 kg rider I found it stiff. 21 kg all in.", 21),
    ("I'm 102 kg. The frame is solid and the whole bike is 19.9 kg.", 19.9),
    ("I'm 1.85 m and 102 kg; the bike is 19.9 kg.", 19.9),
    ("Yo mido 1,80 m y peso 90 kg, y la bici pesa 23 kg.", 23),
    ("Max rider weight 130 kg, bike weight 22 kg.", 22),
    ("Peso máximo del ciclista: 120 kg. Peso: 24,6 kg", 24.6),
    ("Para ciclistas de hasta 120 kg; 17,4 kg con batería.", 17.4),
    # nothing but a person's figure: none of the thing's
    (TESTER, None),
    ("Yo peso 85 kg y mido 1,80 m.", None),
])
def test_a_person_s_figure_is_not_the_thing_s(text: str, kg: float | None) -> None:
    assert stated(text, "kg") == kg


@pytest.mark.parametrize("text, kg", [
    # what the thing carries or takes is no person's own figure
    ("Acepto perros de hasta 25 kg en casa con jardín.", 25),
    ("My 30 kg labrador loved her garden.", 30),
    ("A bike weighing 22 kg.", 22),
    ("Peso 22 kg", 22),
])
def test_the_thing_s_figure_is_still_read(text: str, kg: float) -> None:
    assert stated(text, "kg") == kg


def test_of_words_read_the_person_s_figure_when_asked() -> None:
    # the most a bike carries, asked for by the kind
    assert stated("Peso máximo del ciclista: 120 kg. Peso: 24,6 kg", "kg",
                  of=["ciclista", "rider"]) == 120


def _bike(*evidence: tuple[str, str]) -> dict:
    return {"name": "Orbea Vibe H30",
            "evidence": [{"kind": kind, "text": text} for kind, text in evidence]}


def test_a_review_s_prose_counts_only_where_nothing_else_states_it() -> None:
    listing = ("snippet", "Orbea Vibe H30 urbana: 1.899 €, batería 250 Wh, autonomía 90 km, "
                          "15,4 kg.")
    review = ("review", "Lo cargamos con las alforjas y unos 18 kg en total; en nuestra "
                        "prueba recorrimos 62 km.")
    # the listing states it: the review's prose is no spec
    assert stated(_bike(listing, review), "kg") == 15.4
    assert stated(_bike(listing, review), "km", pick="min") == 90
    # only the review states it: read there
    assert stated(_bike(review), "km") == 62
    # a review's own spec line is a spec
    spec = ("review", "Ficha técnica\nPeso: 16,1 kg\nBatería: 250 Wh")
    assert stated(_bike(listing, spec), "kg") == 16.1


def test_an_english_review_s_impression_is_no_spec() -> None:
    listing = ("page", "Dell XPS 13 (9340): 13.4-inch, 16 GB RAM, 1.19 kg.")
    review = ("review", "Carrying it all day with a 2 kg charger brick felt like 3 kg in "
                        "my bag.")
    assert stated(_bike(listing, review), "kg") == 1.19


@pytest.mark.parametrize("text, spec", [
    ("Peso: 22,5 kg", True),
    ("Weight (kg) = 1.19", True),
    ("Ficha\n22,5 kg", True),
    ("| Peso | 22,5 kg |", True),
    ("La bici pesa 22,5 kg", False),
    ("It weighs about 1.2 kg", False),
])
def test_a_spec_line(text: str, spec: bool) -> None:
    folded = fold(text)
    at = next(i for i, ch in enumerate(folded) if ch.isdigit())
    assert is_spec_line(folded, at) is spec


@pytest.mark.parametrize("text, units, pick, value", [
    # a person's age or a group's size is what the thing is for: its own spec
    ("Campamento para chicos y chicas de 8 a 14 años.", ("años", "years"), "max", 14),
    ("Cubre a adultos de hasta 65 años.", ("años", "years"), "max", 65),
    ("Sala para personas: hasta 120 personas en teatro.", ("personas",), "max", 120),
    # a height is a body's measure: the rider's is no frame's
    ("Soy un ciclista de 1,85 m y el cuadro de 0,56 m me va bien.", ("m",), "max", 0.56),
])
def test_only_a_body_s_measure_is_a_person_s(text: str, units: tuple[str, ...], pick: str,
                                             value: float) -> None:
    assert stated(text, *units, pick=pick) == value
