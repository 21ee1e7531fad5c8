"""A price or a cap per head beside its period (``Money.each`` "person" / "pet"): "90 €
al mes por persona", "€45 per person per night", "20 € por perro y noche" keep both units
when read, and ``rank`` compares them on one basis with the heads the request counts
(``people:`` for people, ``heads: {pet: pets}`` for pets): a family's cap and one person's
no longer read alike."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.i18n.messages import localize
from scout.i18n.values import format_money
from scout.schemas.records import Candidates
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.steps.extract import find_price
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from scout.validate import validate_paths
from tests.spec.test_rank_items import CONFIG, HEAD
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_rank_periods import _flat

INPUTS = {"city": InputSpec(type="place"),
          "guests": InputSpec(type="integer", aliases=["personas", "people"]),
          "pets": InputSpec(type="integer", aliases=["perros", "dogs", "mascotas", "pets"]),
          "budget": InputSpec(type="money")}
WHERE = ["task.budget is none or v.price is none or v.price.amount <= task.budget.amount"]


def _eur(amount: float, per: str | None, each: str | None = None) -> Money:
    return Money.model_validate({"amount": amount, "currency": "EUR", "comparator": "=",
                                 "per": per, **({"each": each} if each else {})})


@pytest.mark.parametrize("query, per, each", [
    ("piso en Madrid, 90 € al mes por persona, para 3 personas", "month", "person"),
    ("a hotel in Madrid, €45 per person per night, for 2 people", "night", "person"),
    ("hotel en Madrid por menos de 45 € por persona y noche", "night", "person"),
    ("hotel in Madrid under £50pppn", "night", "person"),
    ("residencia en Madrid, 20 € por perro y noche, 2 perros", "night", "pet"),
    ("dog sitter in Madrid, £40 a night per dog", "night", "pet"),
    ("hotel en Madrid por menos de 45 € por persona", "person", None),  # no period: as before
    ("hotel en Madrid por menos de 80 € la noche", "night", None),
])
def test_a_cap_per_head_keeps_its_period_and_its_head(query: str, per: str,
                                                      each: str | None) -> None:
    budget = build_task(query, INPUTS, today=dt.date(2026, 12, 6)).values["budget"]
    assert (budget.per, budget.each) == (per, each)
    # unset, it stays out of the JSON: stored Tasks and cache keys are unchanged
    assert ("each" in budget.model_dump(mode="json", exclude_unset=True)) == (each is not None)


@pytest.mark.parametrize("text, per, each, shown", [
    ("Habitación doble: 45 € por persona y noche", "night", "person", "45 €/persona/noche"),
    ("Boarding £25 per dog per night", "night", "pet", "25 GBP/mascota/noche"),
])
def test_a_listing_per_head_and_period_is_read_and_shown_with_both(
        text: str, per: str, each: str, shown: str) -> None:
    price = find_price(text)
    assert price is not None and (price.per, price.each) == (per, each)
    assert format_money(price, "es").replace("\u00a0", " ") == shown


def _rank(query: str, *cands, inputs=INPUTS, **heads):
    task = build_task(query, inputs, today=dt.date(2026, 12, 6))
    params = RankParams(items="candidates", as_="v", where=WHERE, people="guests", **heads)
    return rank.run(_ctx(params, {"candidates": Candidates(items=list(cands))}, task))


@pytest.mark.parametrize("query", ["hotel en Madrid para 3 personas, menos de 150 € la noche",
                                   "hotel in Madrid for 3 people under 150 EUR a night"])
def test_a_price_per_person_per_night_is_the_groups_per_night(query: str) -> None:
    short = _rank(query, _flat("cheap", ("https://a.test/", _eur(45, "night", "person"))),
                  _flat("dear", ("https://b.test/", _eur(60, "night", "person"))))
    # 45 × 3 = 135 a night fits, 60 × 3 = 180 does not: compared as 45 and 60 both fitted
    assert [i.candidate.key for i in short.items] == ["cheap"]
    kept = short.items[0].candidate
    assert kept.price_converted == _eur(135, "night")
    assert "price per person times 3 people, to compare it as the group's" in kept.flags


def test_a_cap_per_person_per_month_against_prices_with_and_without_a_head() -> None:
    # "90 € al mes por persona" for 3: a plan's "80 €/mes" states no head and is one
    # person's (compared as it is: a design choice, dividing it would let dearer plans
    # through); a price for the group is shared; one per person per month as it is
    short = _rank("seguro en Madrid para 3 personas, 90 € al mes por persona",
                  _flat("plan", ("https://a.test/", _eur(80, "month"))),
                  _flat("dear", ("https://b.test/", _eur(120, "month"))),
                  _flat("group", ("https://c.test/", _eur(240, "group"))),
                  _flat("head", ("https://d.test/", _eur(85, "month", "person"))))
    assert sorted(i.candidate.key for i in short.items) == ["group", "head", "plan"]
    kept = {i.candidate.key: i.candidate for i in short.items}
    assert kept["group"].price_converted is not None
    assert kept["group"].price_converted.amount == 80
    assert kept["plan"].price_converted is None and kept["head"].price_converted is None


@pytest.mark.parametrize("query", ["residencia en Madrid para 2 perros, menos de 35 € la noche",
                                   "boarding in Madrid for 2 dogs under 35 EUR a night"])
def test_a_price_per_pet_is_all_the_pets(query: str) -> None:
    short = _rank(query, _flat("one", ("https://a.test/", _eur(15, "night", "pet"))),
                  _flat("two", ("https://b.test/", _eur(20, "night", "pet"))),
                  heads={"pet": "pets"},
                  inputs={k: v for k, v in INPUTS.items() if k != "guests"})
    assert [i.candidate.key for i in short.items] == ["one"]
    kept = short.items[0].candidate
    assert kept.price_converted == _eur(30, "night")
    flag = "price per pet times 2 pets, to compare it as all of them"
    assert flag in kept.flags and localize(flag, "es").startswith("precio por mascota")
    assert any("2 prices per pet were multiplied by the number of pets asked" in n
               for n in short.notes)


def test_heads_names_an_integer_input(tmp_path: Path) -> None:
    """SPEC080: the count a price per pet is multiplied by is an integer input's."""
    head = HEAD.replace("phases:\n", "inputs:\n  pets: {type: integer}\n  pet: {type: string}\n"
                        "phases:\n")
    path = tmp_path / "p.yaml"
    rank_ = ("  R1: {uses: rank, needs: [candidates], produces: [shortlist], "
             "with: {items: candidates, heads: {pet: %s}}}\n")
    path.write_text(head + rank_ % "pets")
    assert [p.code for p in validate_paths([path], config=CONFIG).files[0].errors] == []
    path.write_text(head + rank_ % "pet")
    [p] = validate_paths([path], config=CONFIG).files[0].errors
    assert p.code == "SPEC080" and "'heads: {pet: pet}'" in p.message


def test_without_a_count_a_price_per_head_per_night_is_not_compared_as_the_rooms() -> None:
    # no people asked: "45 € por persona y noche" is no room's 45 € a night (flagged, not
    # compared, as a price per person was before a head was kept beside its period)
    short = _rank("hotel en Madrid, menos de 150 € la noche",
                  _flat("head", ("https://a.test/", _eur(45, "night", "person"))),
                  _flat("room", ("https://b.test/", _eur(120, "night"))))
    kept = {i.candidate.key: i.candidate for i in short.items}
    assert "price per person cannot be compared with a budget per night" in kept["head"].flags
    assert kept["room"].price_converted is None
