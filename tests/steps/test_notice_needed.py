"""The notice a listing needs against the date asked (scout/steps/noticeneeded.py): a page's
"48 h de antelación" for a date a day away is flagged in both languages with its own
words; enough notice left, no date asked or no notice said is not."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Evidence
from scout.schemas.task import OPEN_START, DateRange
from scout.steps.noticeneeded import flag_notice, notice_needed

TODAY = dt.date(2026, 12, 7)


def _shop(text: str) -> Candidate:
    ev = Evidence(id="e1", kind="page", url="https://shop.example/encargos", title="Encargos",
                  text=text, subject="c")
    return Candidate(key="c", name="Shop", url="https://shop.example/encargos", evidence=[ev])


@pytest.mark.parametrize("text, hours", [
    ("Pedidos con 48 h de antelación", 48),
    ("Encargos con 3 días de antelación, recogida en tienda", 72),
    ("Tartas personalizadas: una semana de antelación", 168),
    ("Antelación mínima de 72 horas", 72),
    ("Please order 3 days ahead", 72),
    ("We need 48 hours' notice for platters", 48),
    ("Minimum notice: 2 weeks", 336),
    ("order two days in advance", 48),
])
def test_the_notice_a_page_needs(text: str, hours: float) -> None:
    said = notice_needed(text)
    assert said is not None and said[0] == hours


@pytest.mark.parametrize("text", ["Abierto 24 h", "Recogida en 2 horas", "Tarta 35 €",
                                  "Delivery within 3 days"])
def test_no_notice_said(text: str) -> None:
    assert notice_needed(text) is None


@pytest.mark.parametrize("text, day, flagged", [
    ("Pedidos con 48 h de antelación", TODAY + dt.timedelta(days=1), True),
    ("Pedidos con 48 h de antelación", TODAY + dt.timedelta(days=2), False),
    ("Please order 3 days ahead", DateRange(start=TODAY + dt.timedelta(days=2),
                                            end=TODAY + dt.timedelta(days=3)), True),
    ("Please order 3 days ahead", TODAY + dt.timedelta(days=10), False),
    ("Please order 3 days ahead", None, False),
    ("Please order 3 days ahead", DateRange(start=OPEN_START, end=TODAY), False),
    ("Tarta 35 €", TODAY, False),
])
def test_the_date_asked_against_the_notice(text, day, flagged) -> None:
    c = _shop(text)
    flag_notice(c, day, TODAY)
    assert bool(c.flags) == flagged


def test_the_flag_quotes_the_page_in_both_languages() -> None:
    c = _shop("Encargos con 3 días de antelación.")
    flag_notice(c, TODAY + dt.timedelta(days=1), TODAY)
    flag_notice(c, TODAY + dt.timedelta(days=1), TODAY)  # a second rank says it once
    assert c.flags == ["needs more notice than the date asked leaves: “3 días de antelación”"]
    assert localize(c.flags[0], "es") == ("pide más antelación de la que deja la fecha "
                                          "pedida: «3 días de antelación»")
