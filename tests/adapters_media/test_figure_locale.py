"""A model's figures read as the answer's language writes them, and a rating said as a
percentage, through the real ``openai`` adapter (a real captured body, its content
replaced, tests.fakes.openai.answer_with).

"1.234 €" in a Spanish answer is one thousand two hundred and thirty-four euros: read
as a decimal too, a page's "1.2 EUR" supported it. "1,234" in an English answer is the
same number. A rating said as a percentage ("rated 90%" of a page's "9/10") states the
share the rating has of its scale, which was marked as invented.
"""

from __future__ import annotations

import pytest

from scout.adapters.contract import EvidenceItem
from tests.adapters_media.test_openai import KEY, Capture, adapter, request
from tests.fakes.openai import answer_with

EVIDENCE = [
    EvidenceItem(url="https://parking.example/centro", title="Parking Centro",
                 subject="Parking Centro",
                 text="Parking Centro: 1.5 EUR per hour, rated 9/10 by 212 drivers."),
    EvidenceItem(url="https://garaje.example/norte", title="Garaje Norte", subject="Garaje Norte",
                 text="Garaje Norte: 4.5/5 from 80 reviews, 1,250 EUR a year."),
]


def sentences(content: str, lang: str) -> list[tuple[str, bool]]:
    req = request(evidence=EVIDENCE, lang=lang, candidates=["Parking Centro", "Garaje Norte"])
    syn = adapter(Capture(body=answer_with(content))).call(req, KEY).value
    return [(s.text, s.uncited) for s in syn.sentences]


@pytest.mark.parametrize(("content", "lang"), [
    ("El Parking Centro cobra 1.500 € por hora, según su página [E1].", "es"),
    ("La plaza del Parking Centro cuesta 1.500 euros la hora [E1].", "es"),
    ("Parking Centro charges 1,500 EUR an hour [E1].", "en"),
])
def test_a_thousands_group_in_the_answers_language_is_no_decimal(content: str,
                                                                 lang: str) -> None:
    # the page says 1.5 EUR: the answer's 1.500 (es) / 1,500 (en) is a thousand times that
    assert sentences(content, lang) == [(content.replace(" [E1]", ""), True)]


@pytest.mark.parametrize(("content", "lang"), [
    ("El Garaje Norte cuesta 1.250 € al año [E2].", "es"),
    ("El Garaje Norte cuesta 1250 € al año [E2].", "es"),
    ("Garaje Norte costs 1,250 EUR a year [E2].", "en"),
    ("Parking Centro charges 1.50 EUR an hour [E1].", "en"),
    ("El Parking Centro cobra 1,5 € la hora [E1].", "es"),
])
def test_the_pages_figure_in_the_answers_own_writing_is_supported(content: str,
                                                                  lang: str) -> None:
    assert [u for _, u in sentences(content, lang)] == [False]


@pytest.mark.parametrize(("content", "lang"), [
    ("Los conductores valoran el Parking Centro con un 90 % [E1].", "es"),
    ("Parking Centro is rated 90% by drivers [E1].", "en"),
    ("Garaje Norte scores 90% in its reviews [E2].", "en"),      # 4.5/5 is 90%
    ("El Garaje Norte obtiene un 90% de valoración [E2].", "es"),
])
def test_a_rating_said_as_a_percentage_is_supported(content: str, lang: str) -> None:
    assert [u for _, u in sentences(content, lang)] == [False]


@pytest.mark.parametrize(("content", "lang"), [
    ("Parking Centro is rated 95% by drivers [E1].", "en"),      # 9/10 is 90%, not 95
    ("El Garaje Norte obtiene un 70 % de valoración [E2].", "es"),   # 4.5/5 is 90%
    ("The Garaje Norte rating is 91% [E2].", "en"),
])
def test_a_percentage_no_rating_states_is_marked(content: str, lang: str) -> None:
    assert [u for _, u in sentences(content, lang)] == [True]
