"""``stated(..., of=...)``: a short ``of`` word written as its abbreviation on a page, a
full stop after it ("mín. 3 €", "max. £50", "dto. 10 %"), still names the value after it:
a fee's minimum and maximum as transfer services, couriers and shops state them. A longer
word's full stop ends its sentence, so it names nothing after it (scout/spec/statednear.py,
``_ABBREVIATED``)."""

from __future__ import annotations

import pytest

from scout.spec.stated import stated


@pytest.mark.parametrize(("text", "units", "of", "value"), [
    ("Comisión del 0,5 % (mín. 3 €, máx. 50 €).", ("€",), ["mín"], 3),
    ("Comisión del 0,5 % (mín. 3 €, máx. 50 €).", ("€",), ["máx"], 50),
    ("Fee 0.65% of the amount (min. £2, max. £40).", ("£",), ["min"], 2),
    ("Fee 0.65% of the amount (min. £2, max. £40).", ("£",), ["max"], 40),
    ("Pedido mín. 30 € para envío gratis", ("€",), ["mín"], 30),
    ("Descuento: dto. 10 % en la segunda unidad", ("%",), ["dto"], 10),
    # written out in full, as before
    ("comisión 0,5 % (mínimo 3 €, máximo 50 €)", ("€",), ["mínimo"], 3),
])
def test_an_abbreviation_names_the_value_after_it(text, units, of, value):
    assert stated(text, *units, of=of) == value


@pytest.mark.parametrize(("text", "units", "of"), [
    ("Impresión color. 18 € la encuadernación", ("€",), ["color"]),
    ("Entrega rápida. 5 € el envío", ("€",), ["rápida"]),
])
def test_a_longer_word_s_full_stop_still_ends_its_sentence(text, units, of):
    assert stated(text, *units, of=of) is None
