"""``stated(..., of=[word])`` across an acronym typed in capitals between the word and its
value: the body a charge is paid to or what it is for ("Tasas DGT 94,05 €", "Test fee DVSA
£62"). Found writing the driving schools kind, whose exam fees read as none, so a school
that passes them on looked cheaper than its total for a request asking everything in."""

from __future__ import annotations

import pytest

from scout.spec.stated import stated


@pytest.mark.parametrize("text,units,of,want", [
    ("Matrícula 150 €. Tasas DGT 94,05 €. Pack 20 prácticas 690 €.", ("€",), ["tasas"], 94.05),
    ("Theory test fee DVSA £23, practical test £62.", ("£",), ["theory test fee"], 23),
    ("Derechos de examen SEP $1.200 MXN, curso 4.500 pesos", ("$",), ["derechos de examen"], 1200),
    ("Cuota IBI 320 € al año, comunidad 60 €/mes", ("€",), ["cuota"], 320),
    ("Examen teórico: tasa DGT 94,05 €", ("€",), ["tasa"], 94.05),
])
def test_a_word_names_its_value_across_an_acronym(text, units, of, want) -> None:
    assert stated(text, *units, of=of) == want


@pytest.mark.parametrize("text,units,of", [
    # a lower-case word between is the page's own: "tasas no incluidas" names no amount
    ("Tasas no incluidas. Pack 10 clases 360 €", ("€",), ["tasas"]),
    # an acronym alone does not join two clauses: the full stop still ends the word's
    ("Tasas. DGT 94,05 €", ("€",), ["tasas"]),
    # nor a word typed with its capital only (a name, no acronym), where the word opens no
    # price list's line (there "Tasas Getafe 94,05 €" labels the amount: statednear's
    # _QUALIFIED)
    ("Incluye tasas Getafe 94,05 €", ("€",), ["tasas"]),
])
def test_only_an_acronym_stands_between(text, units, of) -> None:
    assert stated(text, *units, of=of) is None


def test_an_acronym_after_the_value_is_read_as_before() -> None:
    assert stated("16 GB LPDDR5 RAM", "GB", of=["RAM"]) == 16
    assert stated("Clases prácticas 38 € (IVA incluido)", "€", of=["prácticas"]) == 38
