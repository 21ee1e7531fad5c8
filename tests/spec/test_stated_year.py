"""``stated_year``: the year a record states it came out, as listings and references write
it, for a ``year`` input to compare with. ``stated('published')`` reads the number next to
its label, which for "Published: 12 March 2024" is the day and for "published in 2021"
nothing; a reference's "(2020)" has no label at all."""

from __future__ import annotations

import pytest

from scout.spec.evidence import stated_year
from scout.spec.filters import FILTERS
from scout.spec.templating import make_env


@pytest.mark.parametrize("text, year", [
    ("Published 2023", 2023),
    ("Published: 12 March 2024", 2024),
    ("Published online 3 May 2024; 12 citations", 2024),
    ("Published: Sept. 2024", 2024),
    ("published in 2021 by ACM", 2021),
    ("Artículo publicado en 2022 en Procesamiento del Lenguaje Natural", 2022),
    ("publicado el 3 de mayo de 2024", 2024),
    ("Año de publicación: 2021", 2021),
    ("Lewis, P. et al. (2020). NeurIPS.", 2020),
    ("as shown before (Smith et al., 2019a)", 2019),
    ("© 2020 Elsevier", 2020),
])
def test_the_year_as_written(text, year):
    assert stated_year(text) == year


@pytest.mark.parametrize("text", [
    "Cited by 2021 papers", "1,234 citations since the start", "Price 1999 EUR",
    "A survey of retrieval. 2024 was a big year for it",   # no label in its clause
    "",
])
def test_no_year_is_stated(text):
    assert stated_year(text) is None


def test_a_record_and_its_sources_that_disagree():
    paper = {"name": "RAGAS", "evidence": [{"text": "Preprint published 2023."},
                                           {"text": "Published: 12 March 2024, EACL."}]}
    assert stated_year(paper) == 2024
    assert stated_year(paper, pick="min") == 2023
    assert stated_year(paper, pick="first") == 2023


def test_the_words_of_the_author():
    text = "Proceedings of EMNLP 2023, pages 1-12. Published 2024"
    assert stated_year(text, of=["proceedings"]) == 2023
    assert stated_year(text, of="proceedings", pick="max") == 2023


def test_in_a_rank_expression():
    assert "stated_year" in FILTERS
    env = make_env()
    keep = env.compile_expression("paper | stated_year is none or paper | stated_year >= 2023")
    assert keep(paper="Published: 12 March 2024") is True
    assert keep(paper="Publicado en 2022") is False
    assert keep(paper="no year here") is True


@pytest.mark.parametrize("kwargs", [{"pick": "median"}, {"of": []}, {"of": [""]}])
def test_wrong_arguments_are_refused(kwargs):
    with pytest.raises(ValueError, match="stated_year"):
        stated_year("Published 2023", **kwargs)


@pytest.mark.parametrize("text, units, want", [
    ("Published: 12 March 2024", ("published",), None),   # a day, not 12 of anything
    ("Plazo: 3 de mayo", ("plazo",), None),
    ("Mileage: 12 mar 2024", ("mileage",), None),
    ("km: 85.000", ("km",), 85000),
    ("rooms: 3 may apply", ("rooms",), 3),                  # "may" the modal: no date
    ("Published 2023", ("published",), 2023),
])
def test_stated_does_not_read_a_days_number_as_a_quantity(text, units, want):
    from scout.spec.stated import stated

    assert stated(text, *units) == want


COVERAGE = ["coverage", "cobertura", "periodo", "years"]


@pytest.mark.parametrize("text, first, last", [
    ("Coverage: 2001-2024. CSV.", 2001, 2024),
    ("Cobertura: 2001–2024", 2001, 2024),
    ("Periodo: de 2010 a 2023, mensual", 2010, 2023),
    ("years 2015 to 2022", 2015, 2022),
    ("Cobertura temporal entre 2001 y 2024", 2001, 2024),
    ("Coverage: 2019.", 2019, 2019),
    # a second year that is no end of the span stays out: a count, an earlier year
    ("Coverage: 2019 - 2500 rows", 2019, 2019),
    ("Coverage: 2019-2015", 2019, 2019),
])
def test_a_labelled_span_of_years_states_both_ends(text, first, last):
    """A dataset or a series states the years it covers as a span after its label: the
    last year it covers is the span's end, not its start."""
    assert stated_year(text, of=COVERAGE, pick="min") == first
    assert stated_year(text, of=COVERAGE, pick="max") == last
