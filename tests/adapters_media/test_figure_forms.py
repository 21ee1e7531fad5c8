"""A model's figures written otherwise than its evidence writes them: in the other
locale's form (``1.234,56 €`` of a page's ``1234.56 EUR``), in words (``doscientos
euros``, ``one hundred and forty-five euros``), with a multiplier (``€1.2k``, ``12 mil``,
``1,2 millones``) or on another rating scale (``4,5/5`` of ``9/10``). A true figure must
not be marked unsupported, and a false one written so must not slip through: both
readings are checked, through the real adapter in both languages and on the reader
alone (scout/adapters/figures.py)."""

from __future__ import annotations

import time

import pytest

from scout.adapters.figures import Known, unsupported
from tests.adapters_media.test_figures import synthesis

#: what the evidence of tests.adapters_media.test_openai states: Casa Bonay from 145 EUR,
#: rated 8.9/10 [E1]; Praktik Rambla from 120 EUR, 8.6/10 [E2]


@pytest.mark.parametrize(("lang", "content"), [
    ("es", "La Casa Bonay tiene un 4,5/5 en opiniones [E1]. El Praktik Rambla cuesta ciento "
           "veinte euros la noche [E2]."),
    ("en", "Casa Bonay scores 89/100 and costs one hundred and forty-five euros [E1]. "
           "Praktik Rambla is rated 4.3 out of 5 [E2]."),
    ("es", "La Casa Bonay cuesta 145,00 € y tiene un 8,9 sobre 10 [E1]. Praktik: 4,3/5 [E2]."),
])
def test_a_true_figure_written_otherwise_is_not_marked(lang: str, content: str) -> None:
    syn = synthesis(content, lang)
    assert [s.uncited for s in syn.sentences] == [False, False], syn.notes
    assert not any("figur" in n or "cifra" in n for n in syn.notes)


@pytest.mark.parametrize(("lang", "content", "figure"), [
    ("es", "La Casa Bonay cuesta trescientos euros la noche [E1].", "300"),
    ("en", "Praktik Rambla costs a hundred and ninety euros [E2].", "190"),
    ("en", "A week at Casa Bonay is about €1.2k [E1].", "1.2k"),
    ("es", "La Casa Bonay tiene un 4,7/5 [E1].", "4,7"),
    ("en", "Praktik Rambla is rated 96 out of 100 [E2].", "96"),
])
def test_a_false_figure_written_otherwise_is_marked(lang: str, content: str,
                                                    figure: str) -> None:
    syn = synthesis(content, lang)
    assert syn.sentences[0].uncited
    assert any(f"({figure})" in n for n in syn.notes), syn.notes


@pytest.mark.parametrize(("text", "page"), [
    ("Cuesta 1.234,56 € la semana.", "Weekly rate 1234.56 EUR"),
    ("Costs €1,234.56 a week.", "Precio semanal: 1.234,56 €"),
    ("Cuesta 1 234,56 € la semana.", "Weekly rate 1234.56 EUR"),
    ("A week costs about €1.2k.", "1,200 EUR per week"),
    ("Un mes sale por 12 mil euros.", "12.000 €/mes"),
    ("Cuesta 1,2 millones de euros.", "Precio: 1.200.000 €"),
    ("It sold for €2.5M.", "2,500,000 EUR"),
    ("Cuesta ciento cincuenta euros.", "150 EUR por noche"),
    ("Costs 150 EUR a night.", "ciento cincuenta euros por noche"),
    ("Guests give it 4,5/5.", "Guest score 9/10"),
    ("Valoración de 9,2 sobre 10.", "Rated 4.6 out of 5"),
])
def test_the_reader_takes_a_figure_in_any_form_its_page_states(text: str, page: str) -> None:
    assert unsupported(text, Known([page])) == []


@pytest.mark.parametrize(("text", "page", "figure"), [
    ("Cuesta 13 mil euros al mes.", "12.000 €/mes", "13 mil"),
    ("A week costs about €1.9k.", "1,200 EUR per week", "1.9k"),
    ("Cuesta trescientos euros.", "Desde 200 EUR", "300"),
    ("Rated 4.6/5.", "9/10 guest score", "4.6"),
    ("Tiene un 8,2 sobre 10.", "Rated 4.5/5", "8,2"),
])
def test_a_figure_in_another_form_its_page_does_not_state_is_found(
        text: str, page: str, figure: str) -> None:
    assert unsupported(text, Known([page])) == [figure]


@pytest.mark.parametrize("text", ["The 3M building is next door.", "A 2M-wide corridor."])
def test_a_capital_m_that_is_no_money_multiplies_nothing(text: str) -> None:
    assert unsupported(text, Known(["nothing"])) == []


@pytest.mark.parametrize("text", ["€1.2k " * 10_000, "4,5/5 " * 10_000,
                                  "doscientos " * 5_000 + "euros", "12 mil " * 8_000])
def test_the_new_forms_are_read_in_linear_time(text: str) -> None:
    # a figure per few characters, as a misbehaving model's answer may hold: each one
    # was checked against every multiplied one before (20 s for 50 KB)
    known = Known(["145 EUR " * 5_000])
    start = time.process_time()
    unsupported(text, known)
    assert time.process_time() - start < 3.0
