"""A model that numbers its own sources cites by its list, through the real ``openai``
adapter (a real captured body, its content replaced). The evidence is E1 Casa Bonay, E2
Praktik Rambla, E3 Generator (tests.adapters_media.test_openai.EVIDENCE); each answer
here numbers them otherwise, so a bare ``[1]`` read as evidence item 1 put Casa Bonay's
page under Praktik's price (and the figure check then marked the true claim invented).
The list's entry with that URL says which evidence item a number is.
"""

from __future__ import annotations

import pytest

from tests.adapters_media.test_citation_marks import synthesis

PRAKTIK, BONAY = "https://praktik.example/rambla", "https://casabonay.example/hotel"

BODY = {
    "es": "El Praktik Rambla cobra 120 EUR la noche [1]. La Casa Bonay tiene azotea [2].",
    "en": "Praktik Rambla charges 120 EUR a night [1]. Casa Bonay has a rooftop bar [2].",
}


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("sources", [
    "Fuentes:\n1. {p}\n2. {b}",
    "**Sources**\n1) {p}\n2) {b}",
    "[1]: {p}\n[2]: {b}",
    "[1] Praktik Rambla — {p}\n[2] Casa Bonay — {b}",
    "1. {p}\n2. {b}",
    "## Referencias\n- [Praktik Rambla]({p})\n- [Casa Bonay]({b})",
    "- [Praktik Rambla]({p})\n- [Casa Bonay]({b})",
    "Sources:\n2. [Casa Bonay]({b}/)\n1. [Praktik](HTTPS://www.praktik.example/rambla#rooms)",
])
def test_a_number_of_the_models_list_is_the_evidence_with_its_url(lang: str,
                                                                  sources: str) -> None:
    syn = synthesis(BODY[lang] + "\n\n" + sources.format(p=PRAKTIK, b=BONAY))
    assert [s.citations for s in syn.sentences] == [[2], [1]]
    assert {c.index: c.url for c in syn.citations} == {1: BONAY, 2: PRAKTIK}
    assert not any(s.uncited for s in syn.sentences)
    assert syn.notes == []
    assert "http" not in syn.text


def test_a_number_listed_on_a_site_no_evidence_is_on_reads_as_before() -> None:
    # the list says nothing the number does not: [1] is evidence item 1 (Casa Bonay), and
    # the figure check marks the Praktik price Casa Bonay's page does not state
    syn = synthesis(BODY["en"] + "\n\nSources:\n1. https://booking.example/praktik\n2. " + BONAY)
    assert [s.citations for s in syn.sentences] == [[1], [1]]
    assert [s.uncited for s in syn.sentences] == [True, False]
    assert any("(120)" in n for n in syn.notes)


@pytest.mark.parametrize("listed", ["https://praktik.example/", "http://www.praktik.example/es"])
def test_a_number_listed_by_its_site_is_the_evidence_on_that_site(listed: str) -> None:
    syn = synthesis(BODY["es"] + f"\n\nFuentes:\n1. {listed}\n2. {BONAY}")
    assert [s.citations for s in syn.sentences] == [[2], [1]]
    assert syn.notes == []


def test_evidence_labels_and_numbers_the_list_leaves_out_read_as_before() -> None:
    syn = synthesis("El Praktik Rambla cobra 120 EUR [E2]. Generator es un hostal en Gracia "
                    "[3]. La Casa Bonay tiene azotea [1].\n\nFuentes:\n1. " + BONAY)
    assert [s.citations for s in syn.sentences] == [[2], [3], [1]]


def test_a_closing_list_item_with_text_beside_its_link_is_the_answers_own() -> None:
    # no heading, and the item says something: a claim, not a list of sources
    syn = synthesis(BODY["en"] + "\n\n- Generator is a design hostel in Gracia, see "
                    "https://generator.example/bcn [3]")
    assert [s.citations for s in syn.sentences] == [[1], [2], [3]]
