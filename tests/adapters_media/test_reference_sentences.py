"""A paper's listing opens with its reference ("Yu, H. et al. (2024). Evaluating RAG: A
Survey. Open access on arXiv."): the period of an initial or of "et al." ends no sentence,
and a reference's authors and year alone are no statement to quote. Generic: "e.g.",
"Fig.", "núm." in any evidence, and author lists in any answer."""

from __future__ import annotations

import pytest

from scout.adapters.hygiene import is_reference, quotable
from scout.adapters.text import split_sentences


@pytest.mark.parametrize("text, sentences", [
    ("Yu, H. et al. (2024). A survey of RAG evaluation. Open access on arXiv.",
     ["Yu, H. et al. (2024).", "A survey of RAG evaluation.", "Open access on arXiv."]),
    ("Es, S. et al. EACL 2024 demo track. Published: 12 March 2024.",
     ["Es, S. et al. EACL 2024 demo track.", "Published: 12 March 2024."]),
    ("H. Yu, J. R. Smith. A survey.", ["H. Yu, J. R. Smith.", "A survey."]),
    ("Great for families, e.g. Madrid. Quiet rooms.",
     ["Great for families, e.g. Madrid.", "Quiet rooms."]),
    ("See Fig. 3 for details. Then more.", ["See Fig. 3 for details.", "Then more."]),
    ("Calle Mayor núm. 5. Cerca del centro.", ["Calle Mayor núm. 5.", "Cerca del centro."]),
    # a capital after a word still ends a sentence; citation markers stay with theirs
    ("Stay at Plan B. It is great.", ["Stay at Plan B.", "It is great."]),
    ("I liked it [1]. Next one.", ["I liked it [1].", "Next one."]),
    ("Would I return? No. The staff was rude.",
     ["Would I return?", "No.", "The staff was rude."]),
    # an offer's or a listing's abbreviation before a figure ("dto.", "aprox.", "máx.");
    # before a word it still ends its sentence ("30 min. Then", "Precio máx. Incluye")
    ("Trasteros de 4 a 12 m², 70 €/mes, 50% dto. 2 meses. Acceso 24 horas.",
     ["Trasteros de 4 a 12 m², 70 €/mes, 50% dto. 2 meses.", "Acceso 24 horas."]),
    ("Units approx. 50 sq ft. Min. 3 months.", ["Units approx. 50 sq ft.", "Min. 3 months."]),
    ("Clase de 30 min. Then we go. Precio máx. Incluye seguro.",
     ["Clase de 30 min.", "Then we go.", "Precio máx.", "Incluye seguro."]),
    # a price's tax basis after its abbreviation ("excl. VAT", "incl. IVA", "inc. tax")
    ("Business fibre: £28 a month excl. VAT, 12-month contract. Static IP.",
     ["Business fibre: £28 a month excl. VAT, 12-month contract.", "Static IP."]),
    ("Fibra 1 Gb por 35 € al mes incl. IVA. Sin permanencia.",
     ["Fibra 1 Gb por 35 € al mes incl. IVA.", "Sin permanencia."]),
    ("Desk $200/month ex. Tax, or $240 inc. GST. Open 24/7.",
     ["Desk $200/month ex. Tax, or $240 inc. GST.", "Open 24/7."]),
    # before any other word it still ends its sentence
    ("Breakfast incl. Rooms are quiet.", ["Breakfast incl.", "Rooms are quiet."]),
])
def test_abbreviations_end_no_sentence(text, sentences):
    assert split_sentences(text) == sentences


@pytest.mark.parametrize("text", ["Yu, H. et al. (2024).", "Lewis, P. et al.",
                                  "Smith, J., Doe, A. (2020).", "Yu et al. (2024).",
                                  "García, M. y López, J. (2021)."])
def test_a_reference_alone_is_not_quoted(text):
    assert is_reference(text)
    assert quotable(text) is None


@pytest.mark.parametrize("text", ["Es, S. et al. EACL 2024 demo track.",
                                  "Madrid, A great city to stay.", "Rooms by J. Smith were great.",
                                  "Open access on arXiv."])
def test_a_statement_with_names_is_still_one(text):
    assert not is_reference(text)
    assert quotable(text) == text


@pytest.mark.parametrize(("text", "sentences"), [
    ("Fee 0.65% of the amount (min. £2, max. £40). Bank deposit in 2 days.",
     ["Fee 0.65% of the amount (min. £2, max. £40).", "Bank deposit in 2 days."]),
    ("Comisión 0,5 % (mín. 3 €, máx. 50 €). Llega en 1 día.",
     ["Comisión 0,5 % (mín. 3 €, máx. 50 €).", "Llega en 1 día."]),
    ("Pedido mín. $25 en la web. Precio máx. Incluye envío.",
     ["Pedido mín. $25 en la web.", "Precio máx.", "Incluye envío."]),
])
def test_an_abbreviation_before_a_sign_and_its_figure_ends_no_sentence(text, sentences):
    from scout.adapters.text import split_sentences

    assert split_sentences(text) == sentences
