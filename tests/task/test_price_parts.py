"""A price a page states as its parts joined by a plus is their sum (scout.task.priceparts):
"montura desde 49 € + cristales desde 190 €" is a pair of glasses at 239 €, never its
frame's 49 €. Any kind: an optician's frame and lenses, a framer's print and its mounting,
a bike and its fitting; both languages. A tax, a fee charged once, a toll, the delivery,
an add-on the kind's yes/no inputs name, a rate beside a whole price and a bare amount
are no parts."""

from __future__ import annotations

import pytest

from scout.task.amounts import listed_amounts


def _amounts(text: str, items: tuple[str, ...] = ()) -> list[float]:
    return [m.amount for m, _ in listed_amounts(text, items)]


@pytest.mark.parametrize("text, total", [
    ("Visión Genil: montura desde 49 € + cristales progresivos desde 190 €.", 239.0),
    ("Frames from £39 plus single vision lenses from £45. Open Saturdays.", 84.0),
    ("Lámina enmarcada: impresión 35 € + marco de roble 60 €", 95.0),
    ("Bicicleta urbana 420 € más montaje y ajuste 35 €", 455.0),
    ("Print A2 £28 + oak frame £55, ready in a week", 83.0),
    ("Gafas de sol graduadas: montura 89 € + lentes polarizadas 120 €", 209.0),
])
def test_parts_joined_by_a_plus_are_one_price(text: str, total: float) -> None:
    assert _amounts(text) == [total]


@pytest.mark.parametrize("text, want", [
    ("Centrífuga 4.600 € + IVA", [4600.0]),                    # a tax basis
    ("salida 30 € + 35 €/hora", [30.0, 35.0]),                 # a fee beside a rate
    ("Desplazamiento 15 € + mano de obra 40 €", [15.0, 40.0]),  # a call-out, then the job
    ("Traslado 45 € + peaje 5 €", [45.0, 5.0]),                # a toll on top
    ("Lentillas 25 € + envío 3,95 €", [25.0, 3.95]),           # the delivery
    ("Room £95 + breakfast £12", [95.0, 12.0]),                # an extra, as before
    ("49 € + 20 €", [49.0, 20.0]),                             # nothing named
    ("Menu 25 €. Plus drinks 3 €", [25.0, 3.0]),               # two sentences
])
def test_what_is_no_part_of_the_price(text: str, want: list[float]) -> None:
    assert _amounts(text) == want


def test_an_add_on_the_kind_asks_by_a_flag_is_no_part() -> None:
    """"+ antirreflejo 30 €" is an add-on a request asks for or not (the kind's yes/no
    input): scout.steps.extracharge adds it when asked, never the price's own part."""
    assert 99.0 in _amounts("Gafas 99 € + antirreflejo 30 €", ("antirreflejo",))
    assert _amounts("Glasses £69 + anti-glare coating £25", ("anti-glare",))[0] == 69.0
    # the same words with no flag naming them: the parts of one price
    assert _amounts("Gafas 99 € + antirreflejo 30 €") == [129.0]
