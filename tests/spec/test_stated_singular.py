"""``stated(text, 'noches')``: a kind lists its unit in the plural and a page says one of it
in the singular ("1 noche", "1 clase", "1 mes", "1 battery", "1 luz"): the singular of the
kind's own word is read, in both languages, whatever plural ending it has (scout/spec/
stated.py, ``_number_too``)."""

from __future__ import annotations

import pytest

from scout.spec.stated import stated


@pytest.mark.parametrize(("text", "unit", "value"), [
    ("Oferta: 1 noche con desayuno por 89 €", "noches", 1),
    ("estancia mínima 3 noches", "noches", 3),
    ("bono de 1 clase de prueba gratis", "clases", 1),
    ("permanencia de 1 mes", "meses", 1),
    ("contrato mínimo 12 meses", "meses", 12),
    ("includes 1 battery and a charger", "batteries", 1),
    ("kit con 1 luz trasera", "luces", 1),
    ("sold as 1 piece", "pieces", 1),
    ("1 night minimum stay", "nights", 1),
    ("a 2-night package", "nights", 2),
    ("1 hora de clase", "horas", 1),
])
def test_the_singular_of_a_plural_unit_is_read(text: str, unit: str, value: int) -> None:
    assert stated(text, unit) == value


@pytest.mark.parametrize(("text", "unit"), [
    ("3 nochebuenas en familia", "noches"),     # another word that starts alike
    ("nightly rate 90", "nights"),
])
def test_a_longer_word_is_no_unit(text: str, unit: str) -> None:
    assert stated(text, unit) is None
