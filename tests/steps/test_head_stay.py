"""A price per head and per night ("45 €/persona y noche", "£25 per dog per night") keeps
both units against a budget per head stating no period: with dates asked it is that head's
whole stay (3 nights: 135 €), as a room's night shared by the people asked is; against a
budget per night it is the group's night. It was made a plain price per person, so 110 €
a head a night passed "menos de 300 € por persona" for 3 nights (330 €). Found in
scout/steps/rank_heads.py; the rule is scout/steps/rank_periods.py's put_on_period."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidates
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_rank_periods import _flat

INPUTS = {"city": InputSpec(type="place"), "dates": InputSpec(type="date"),
          "guests": InputSpec(type="integer", aliases=["personas", "people"]),
          "pets": InputSpec(type="integer", aliases=["perros", "dogs", "mascotas", "pets"]),
          "budget": InputSpec(type="money")}
WHERE = ["task.budget is none or v.price is none or v.price.amount <= task.budget.amount"]


def _eur(amount: float, per: str | None, each: str | None = None) -> Money:
    return Money.model_validate({"amount": amount, "currency": "EUR", "comparator": "=",
                                 "per": per, **({"each": each} if each else {})})


def _rank(query: str, *cands, **params):
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 6))
    rp = RankParams(items="candidates", as_="v", where=WHERE, **{"people": "guests", **params})
    short = rank.run(_ctx(rp, {"candidates": Candidates(items=list(cands))}, task))
    return ({i.candidate.key: i.candidate for i in short.items},
            {c.key: c for c, _ in short.excluded}, short.notes)


HOTELS = (_flat("cheap", ("https://a.test/", _eur(45, "night", "person"))),
          _flat("dear", ("https://b.test/", _eur(110, "night", "person"))),
          _flat("room", ("https://c.test/", _eur(120, "night"))))


@pytest.mark.parametrize("query", [
    "hotel en Sevilla del 3 al 6 de mayo de 2027 para 2 personas, menos de 300 € por persona",
    "a hotel in Seville, 3-6 May 2027, 2 people, at most €300 per person",
])
def test_a_price_per_head_per_night_is_the_heads_stay_against_a_budget_per_head(
        query: str) -> None:
    kept, out, notes = _rank(query, *HOTELS)
    # 45 × 3 = 135 fits; 110 × 3 = 330 does not (it passed as 110 per person); the room's
    # 120 a night shared by 2 is 60 a head a night, 180 for the stay
    assert sorted(kept) == ["cheap", "room"] and list(out) == ["dear"]
    assert kept["cheap"].price_converted == _eur(135, "total", "person")
    assert out["dear"].price_converted == _eur(330, "total", "person")
    assert kept["room"].price_converted == _eur(180, "total", "person")
    flag = "price per night times 3 for the dates asked, to compare it with the budget per person"
    assert flag in kept["cheap"].flags
    assert localize(flag, "es") == ("precio por noche multiplicado por 3 para las fechas "
                                    "pedidas, para compararlo con el presupuesto por persona")
    assert any(n.startswith("3 prices per night were multiplied by the length of the dates "
                            "asked") for n in notes)


@pytest.mark.parametrize("query", [
    "hotel en Sevilla del 3 al 6 de mayo de 2027 para 2 personas, menos de 100 € la noche",
    "hotel in Seville from 3 to 6 May 2027 for two people under 100 EUR a night",
])
def test_against_a_budget_a_night_it_is_the_groups_night(query: str) -> None:
    kept, out, _ = _rank(query, *HOTELS)
    assert kept["cheap"].price_converted == _eur(90, "night")      # 45 × 2 people
    assert out["dear"].price_converted == _eur(220, "night")
    assert "room" in out                                            # 120 a night


def test_without_dates_a_heads_night_is_compared_as_it_is() -> None:
    # no stay asked: one head's night against the budget per head, its period kept (the
    # design rank_periods.to_period states), never a bare "per person" price
    kept, out, _ = _rank("hotel in Seville for 2 people, under 100 € per person", *HOTELS)
    assert sorted(kept) == ["cheap", "room"] and list(out) == ["dear"]
    assert kept["cheap"].price_converted is None                    # 45 a head a night
    assert out["dear"].price_converted is None


@pytest.mark.parametrize("query", [
    "camping en la Costa Brava del 1 al 8 de agosto de 2027 para 4 personas, máximo 150 € "
    "por persona",
    "campsite on the Costa Brava, 1-8 August 2027, for 4 people, no more than 150 EUR per "
    "person",
])
def test_a_pitch_per_head_per_night_is_the_heads_nights(query: str) -> None:
    # another kind: a campsite's "18 € por persona y noche" for the 7 nights is 126 €, one
    # at 25 € a head a night 175 €
    kept, out, _ = _rank(query, _flat("pitch", ("https://k.test/", _eur(18, "night", "person"))),
                         _flat("glamping", ("https://l.test/", _eur(25, "night", "person"))))
    assert list(kept) == ["pitch"] and list(out) == ["glamping"]
    assert kept["pitch"].price_converted == _eur(126, "total", "person")
    assert "price per night times 7 for the dates asked, to compare it with the budget per " \
        "person" in kept["pitch"].flags


def test_a_days_price_per_head_in_a_window_of_dates_is_compared_as_it_is() -> None:
    # a day's price is as often for one day of the dates asked (an event "in June"): a
    # venue's day shared by 60 is one head's day, never times the 30 days of June
    kept, _, _ = _rank("sala en Madrid en junio de 2027 para 60 personas, máximo 50 € por "
                       "persona", _flat("room", ("https://c.test/", _eur(2400, "day"))))
    assert kept["room"].price_converted == _eur(40, "day", "person")
