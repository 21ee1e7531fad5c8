"""``stated(..., of=...)``: the word after a value names it across one word more ("16 GB
LPDDR5 RAM"), never across the end of a sentence: "0,25 € color. Encuadernación 18 €"
read the 0,25 € as the binding's, the cheapest the kind picked (scout/units.py,
NEXT_AFTER)."""

from __future__ import annotations

import pytest

from scout.spec.stated import stated


@pytest.mark.parametrize(("text", "units", "of", "value"), [
    ("Impresión 0,25 € color. Encuadernación tapa dura 18 €.", ("€",), ["tapa dura"], 18),
    ("Prints £0.40 colour. Binding: £6 per copy.", ("£",), ["binding"], 6),
    ("Envío 4,95 € gratis. Diseño 20 €", ("€",), ["diseño"], 20),
    ("Setup 15 EUR included. Shipping: 5 EUR", ("EUR",), ["shipping"], 5),
    # one word more, inside its sentence, still names it
    ("16 GB LPDDR5 RAM, 512 GB SSD", ("GB",), ["RAM"], 16),
    ("a 2.5 GHz v2.1 CPU", ("GHz",), ["CPU"], 2.5),
])
def test_a_value_is_named_inside_its_sentence(text: str, units: tuple[str, ...],
                                              of: list[str], value: float) -> None:
    assert stated(text, *units, of=of, pick="min") == value


def test_nothing_named_after_the_full_stop_is_none() -> None:
    assert stated("0,25 € color. Encuadernación.", "€", of=["encuadernación"]) is None
    assert stated("£12 glossy. Binding available.", "£", of=["binding"]) is None
