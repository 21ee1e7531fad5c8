"""``stated(..., of=[...])`` reads a price list as shops write one (scout/spec/statednear.py):
a line the word opens, the version between it and the price ("Corte mujer desde 28 €",
"Lavado completo 25 €"), the versions a colon or a slash lists after it ("Corte: corto 18
€, medio 22 €, largo 26 €", "Tinte raíz 35 € / completo 45-60 €"); and a pack is no one
thing's price: the last of things priced together ("Corte + barba 22 €", "cut & blow-dry
£40") or a count of the word ("Bono 5 cortes 90 €", "10 clases 180 €")."""

from __future__ import annotations

import pytest

from scout.spec.stated import stated


@pytest.mark.parametrize("text, of, pick, want", [
    # a version said between the word and its price, in either language
    ("Corte mujer desde 28 €. Tinte raíz 35 €.", ["corte"], "max", 28),
    ("Men's haircut £20. Kids cut £12.", ["haircut"], "max", 20),
    ("Consulta primera visita 60 €. Revisión 40 €.", ["consulta"], "max", 60),
    ("Lavado completo: 25 €. Aspirado 8 €.", ["lavado"], "max", 25),
    ("Full valet from £65. Wash only £12.", ["valet"], "max", 65),
    ("Suplemento pelo largo +10 €. Corte 20 €.", ["suplemento"], "max", 10),
    # the versions a list gives the word: after a colon, or joined by slashes
    ("Corte: corto 18 €, medio 22 €, largo 26 €. Tinte: corto 30 €.", ["corte"], "max", 26),
    ("Corte: corto 18 €, medio 22 €, largo 26 €. Tinte: corto 30 €.", ["tinte"], "min", 30),
    ("Tinte raíz 35 € / completo 45-60 € según largo.", ["tinte"], "max", 60),
    ("Colour: roots £35 / full head £55. Cut £30.", ["colour"], "max", 55),
])
def test_a_price_list_line_names_its_word(text, of, pick, want):
    assert stated(text, "€", "£", of=of, pick=pick) == want


@pytest.mark.parametrize("text, of, want", [
    # the last of things priced together: the pack's, no one's
    ("Corte 15 €. Corte + barba 22 €. Barba 10 €.", ["barba"], 10),
    ("Skin fade £18. Fade & beard £24. Beard trim £10.", ["beard"], 10),
    ("Corte y tinte 95 €.", ["tinte"], None),
    ("Wash and blow-dry £30.", ["blow-dry"], None),
    # a count of the word: a pack's price, no one's
    ("Corte 15 €. Bono 5 cortes 60 €.", ["corte"], 15),
    ("Clase suelta 20 €. 10 clases 180 €.", ["clase"], 20),
    # two charges listed, each with its amount, are no pack
    ("Electricista: desplazamiento 0,35 €/km y salida 25 €", ["salida"], 25),
])
def test_a_pack_is_no_one_things_price(text, of, want):
    assert stated(text, "€", "£", of=of) == want


@pytest.mark.parametrize("text, of", [
    # prose, where the word opens no line: never its price
    ("Un corte moderno y barato, tinte incluido por 35 €", ["tinte"]),
    ("Vuelos desde Madrid: 45 €", ["vuelos"]),
    # labels of their own, joined by a comma, are no list of the word's versions
    ("Comisión 0,5 % (mínimo 3 €, máximo 50 €)", ["comisión"]),
])
def test_what_is_no_price_list_line_is_not_read(text, of):
    assert stated(text, "€", of=of) is None


# a version named by a pair joined with "y" / "and" is still the word's own version, while
# a thing the kind names after the "y" makes a pack (statednear._PAIR)
SERVICES = {"cut": ("corte", "haircut"), "colour": ("tinte", "dye"), "beard": ("barba",),
            "wash": ("lavado",)}


@pytest.mark.parametrize("text, of, synonyms, want", [
    ("Lavado completo interior y exterior 25 €. Aspirado 8 €.", ["lavado"], None, 25),
    ("Lavado completo interior y exterior 25 €. Aspirado 8 €.", ["lavado"], SERVICES, 25),
    ("Limpieza cocina y baño 40 €. Plancha 12 €.", ["limpieza"], None, 40),
    ("Valet inside and out £40. Wax £15.", ["valet"], None, 40),
    ("Encerado carrocería e interior: 30 €.", ["encerado"], None, 30),
    # a thing the kind names, or the word itself, after the join: a pack, no one's price
    ("Corte mujer y tinte 60 €. Corte caballero 15 €.", ["corte"], SERVICES, 15),
    ("Haircut short and beard £25. Haircut long £30.", ["haircut"], SERVICES, 30),
    ("Corte y tinte 95 €.", ["corte"], None, None),
])
def test_a_version_named_by_a_pair_is_the_word_own(text: str, of: list[str], synonyms: dict | None,
                                                  want: float | None) -> None:
    assert stated(text, "€", "£", of=of, pick="max", synonyms=synonyms) == want
