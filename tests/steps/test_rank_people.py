"""``rank``'s ``people``: a request for a number of people (a party, an event's guests)
puts a price per person on the group's footing. "Catering desde 35 €/persona" for 40 is
1.400 € against a budget a day (it was left uncompared), and a budget per person ("máximo
50 € por persona") is checked against a room's price a day divided by the people asked;
a price stating no period is left as it is. Flags and notes say so, in both languages."""

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
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from scout.spec.loader import load_pipeline
from scout.validate import validate_paths
from scout.validate.unused import unused_problems
from tests.spec.test_rank_items import CONFIG, HEAD
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_rank_periods import _flat

INPUTS = {"city": InputSpec(type="place"), "guests": InputSpec(type="integer",
                                                                aliases=["personas", "people"]),
          "budget": InputSpec(type="money")}
WHERE = ["task.budget is none or v.price is none or v.price.amount <= task.budget.amount"]


def _eur(amount: float, per: str | None) -> Money:
    return Money(amount=amount, currency="EUR", comparator="=", per=per)


def _rank(query: str, people: str | None = "guests"):
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 6))
    venues = [_flat("catering", ("https://a.test/", _eur(35, "person"))),
              _flat("dear", ("https://b.test/", _eur(45, "person"))),
              _flat("room", ("https://c.test/", _eur(2400, "day"))),
              _flat("flat", ("https://d.test/", _eur(1300, None)))]
    params = RankParams(items="candidates", as_="v", where=WHERE, people=people,
                        order_by=["v.price.amount if v.price else none"], descending=False)
    return rank.run(_ctx(params, {"candidates": Candidates(items=venues)}, task))


@pytest.mark.parametrize("query", ["sala para 40 personas en Madrid, menos de 1.500 € el día",
                                   "a room for 40 people in Madrid under 1,500 EUR a day"])
def test_a_price_per_person_is_the_groups_against_a_budget_a_day(query: str) -> None:
    short = _rank(query)
    kept = {i.candidate.key: i.candidate for i in short.items}
    # 35 × 40 = 1.400 fits; 45 × 40 = 1.800 does not; 2.400 a day does not
    assert list(kept) == ["flat", "catering"]
    assert sorted(c.key for c, _ in short.excluded) == ["dear", "room"]
    assert kept["catering"].price_converted == _eur(1400, None)
    flag = "price per person times 40 people, to compare it as the group's"
    assert flag in kept["catering"].flags
    assert localize(flag, "es") == ("precio por persona multiplicado por 40 personas, para "
                                    "compararlo como el del grupo")
    assert any("2 prices per person were multiplied by the number of people asked" in n
               for n in short.notes)


def test_a_budget_per_person_is_checked_against_a_price_a_day_shared() -> None:
    short = _rank("cena para 60 personas en Sevilla, máximo 50 € por persona")
    kept = {i.candidate.key: i.candidate for i in short.items}
    # 2.400 a day for 60 is 40 a head; 35 and 45 a head are compared as they are; a
    # price stating no period (a menu's? the room's?) is not divided: compared as it is,
    # as any amount stating no period is
    # (one head's share a day: its period kept beside the head)
    assert kept["room"].price_converted == _eur(40, "day").model_copy(update={"each": "person"})
    assert "price per day divided by 60 people, to compare it with the budget per person" \
        in kept["room"].flags
    assert kept["catering"].price_converted is None and kept["dear"].price_converted is None
    assert [c.key for c, _ in short.excluded] == ["flat"]
    assert short.excluded[0][0].price_converted is None
    assert localize("1 price per day was divided by the number of people asked, to compare "
                    "it with the budget per person", "es").startswith(
        "1 precio por día se ha dividido entre el número de personas pedido")


@pytest.mark.parametrize("query", ["barco para 2 personas, máximo 100 € por persona",
                                   "a boat for 2 people, at most 100 EUR per person"])
def test_a_share_keeps_its_period(query: str) -> None:
    """A half day's price and a day's shared by the people asked are one head's per half
    day and per day: put "per person" alone, 75 € a head for a half day read as cheaper
    than 90 € a head for a whole day, and the synthesis named it the cheapest."""
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 6))
    boats = [_flat("half", ("https://a.test/", _eur(150, "half day"))),
             _flat("day", ("https://b.test/", _eur(180, "day")))]
    params = RankParams(items="candidates", as_="v", where=WHERE, people="guests",
                        order_by=["v.price.amount if v.price else none"], descending=False)
    short = rank.run(_ctx(params, {"candidates": Candidates(items=boats)}, task))
    kept = {i.candidate.key: i.candidate.price_converted for i in short.items}
    assert kept == {"half": _eur(75, "half day").model_copy(update={"each": "person"}),
                    "day": _eur(90, "day").model_copy(update={"each": "person"})}
    assert [format_money(kept["half"], lang) for lang in ("en", "es")] == [
        "75 EUR/person/half day", "75 €/persona/media jornada"]


def test_without_people_a_price_per_person_is_not_compared_as_before() -> None:
    for people, query in ((None, "sala para 40 personas, menos de 1.500 € el día"),
                          ("guests", "sala en Madrid, menos de 1.500 € el día")):
        short = _rank(query, people)
        catering = next(i.candidate for i in short.items if i.candidate.key == "catering")
        assert catering.price_converted is None
        assert "price per person cannot be compared with a budget per day" in catering.flags


HEADCOUNT = """\
inputs:
  guests: {type: integer}
  layout: {type: string, enum: [theatre, banquet]}
"""


@pytest.mark.parametrize(("name", "hint"), [
    ("guest", "did you mean 'guests'?"),
    ("layout", "name the integer input that counts the people"),
])
def test_people_names_an_integer_input(tmp_path: Path, name: str, hint: str) -> None:
    """SPEC080: the count a price per person is multiplied by is an integer input's."""
    head = HEAD.replace("phases:\n", HEADCOUNT + "phases:\n")
    path = tmp_path / "p.yaml"
    rank_ = ("  R1: {uses: rank, needs: [candidates], produces: [shortlist], "
             "with: {items: candidates, people: %s}}\n")
    path.write_text(head + rank_ % "guests")
    assert [p.code for p in validate_paths([path], config=CONFIG).files[0].errors] == []
    path.write_text(head + rank_ % name)
    [p] = validate_paths([path], config=CONFIG).files[0].errors
    assert p.code == "SPEC080" and f"'people: {name}'" in p.message
    assert p.hint is not None and p.hint.startswith(hint)


@pytest.mark.parametrize("text", ["Tour privado: 240 € por grupo (hasta 6 personas)",
                                  "Private walking tour, €240 per group",
                                  "Visita guiada 240 € el grupo"])
def test_a_price_for_the_group_is_read_per_group(text: str) -> None:
    from scout.i18n.values import format_money
    from scout.steps.extract import find_price

    price = find_price(text)
    assert price is not None and (price.amount, price.per) == (240, "group")
    assert format_money(price, "es").endswith("/grupo")


@pytest.mark.parametrize("query", ["tour para 4 personas, menos de 70 € por persona",
                                   "a tour for 4 people under 70 EUR per person"])
def test_a_price_for_the_group_is_shared_by_the_people_asked(query: str) -> None:
    # "240 € por grupo" was compared whole (240 against 70 a person) unless the kind's own
    # where divided it by hand
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 6))
    tours = [_flat("private", ("https://a.test/", _eur(240, "group"))),   # 60 each
             _flat("big", ("https://b.test/", _eur(400, "group")))]       # 100 each
    params = RankParams(items="candidates", as_="v", where=WHERE, people="guests")
    short = rank.run(_ctx(params, {"candidates": Candidates(items=tours)}, task))
    assert [i.candidate.key for i in short.items] == ["private"]
    kept = short.items[0].candidate
    assert kept.price_converted == _eur(60, "person")
    flag = "price per group divided by 4 people, to compare it with the budget per person"
    assert flag in kept.flags and flag not in kept.unchecked_flags
    assert localize(flag, "es").startswith("precio por grupo dividido entre 4 personas")


@pytest.mark.parametrize("rank_with", [
    "people: guests", "people: [guests]", "volume: {word: guests}", "variants: layout",
    # a price list by count ("hasta 30 facturas 45 €") read at the count asked: the
    # accountants kind's `tiers: invoices` was warned unread
    "tiers: guests", "tiers: [guests]"])
def test_an_input_rank_names_is_one_something_reads(tmp_path: Path, rank_with: str) -> None:
    """SPEC055 says nothing of an input rank's ``people``, ``volume``, ``variants`` or
    ``tiers`` names: rank reads it (a price per person times the people asked), as a
    ``where`` does; an input nothing names is still a warning."""
    head = HEAD.replace("phases:\n", HEADCOUNT + "phases:\n")
    path = tmp_path / "p.yaml"
    path.write_text(head + "  R1: {uses: rank, needs: [candidates], produces: [shortlist], "
                    "with: {items: candidates, %s}}\n" % rank_with
                    + "  F6: {uses: report, needs: [task, shortlist], produces: [report]}\n")
    # a report whose template reads no input (the default report reads every one)
    unread = {p.message for p in unused_problems(load_pipeline(path), set())}
    named = rank_with.split(":")[-1].strip(" []}")
    assert f"input '{named}' is declared but nothing reads it" not in unread
    other = ({"guests", "layout"} - {named}).pop()
    assert f"input '{other}' is declared but nothing reads it" in unread


PARTY = {"city": InputSpec(type="place"),
         "adults": InputSpec(type="integer", aliases=["adultos", "adults"]),
         "children": InputSpec(type="integer", aliases=["niños", "niño", "children", "child"]),
         "budget": InputSpec(type="money")}


@pytest.mark.parametrize(("query", "kept"), [
    # 2 + 1 = 3 people: 35 × 3 = 105 fits, 45 × 3 = 135 does not
    ("2 adultos y un niño en Madrid, máximo 120 € en total", ["catering"]),
    ("2 adults and 1 child in Madrid, under 120 EUR in total", ["catering"]),
    # one of them left unsaid counts nothing: 2 × 45 = 90 fits
    ("2 adults in Madrid, under 120 EUR in total", ["catering", "dear"]),
])
def test_people_that_add_up(query: str, kept: list[str]) -> None:
    """``people: [adults, children]``: the listed counts the request gives add up."""
    task = build_task(query, PARTY, today=dt.date(2026, 12, 6))
    venues = [_flat("catering", ("https://a.test/", _eur(35, "person"))),
              _flat("dear", ("https://b.test/", _eur(45, "person")))]
    params = RankParams(items="candidates", as_="v", where=WHERE, people=["adults", "children"],
                        order_by=["v.price.amount if v.price else none"], descending=False)
    short = rank.run(_ctx(params, {"candidates": Candidates(items=venues)}, task))
    assert [i.candidate.key for i in short.items] == kept
    people = 2 + ("child" in query or "niño" in query)
    assert f"price per person times {people} people, to compare it as the group's" in \
        short.items[0].candidate.flags


def test_each_listed_people_input_is_an_integer_one(tmp_path: Path) -> None:
    """SPEC080 for the one of a list that is no integer input, located at it."""
    head = HEAD.replace("phases:\n", HEADCOUNT + "phases:\n")
    path = tmp_path / "p.yaml"
    path.write_text(head + "  R1: {uses: rank, needs: [candidates], produces: [shortlist], "
                    "with: {items: candidates, people: [guests, layout]}}\n")
    [p] = validate_paths([path], config=CONFIG).files[0].errors
    assert p.code == "SPEC080" and "'people: layout'" in p.message


@pytest.mark.parametrize("query", ["barco para 6 personas, máximo 120 € por persona y día",
                                   "a boat for 6 people, under 120 EUR per person per day"])
def test_a_kind_s_group_prices_are_shared_against_a_budget_per_person_and_day(
        query: str) -> None:
    """rank's ``group_prices``: a boat's "600 € al día" is the boat's, 100 € a head a day
    for 6, never one person's 600 € against "120 € por persona y día"; the flag says both
    the price as stated and the people it is divided by."""
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 6))
    assert (task.values["budget"].per, task.values["budget"].each) == ("day", "person")
    boats = [_flat("boat", ("https://a.test/", _eur(600, "day"))),
             _flat("yacht", ("https://b.test/", _eur(900, "day"))),
             _flat("charter", ("https://c.test/", _eur(660, None)))]

    def kept(group: bool) -> dict:
        params = RankParams(items="candidates", as_="v", where=WHERE, people="guests",
                            group_prices=group)
        short = rank.run(_ctx(params, {"candidates": Candidates(items=boats)}, task))
        return {i.candidate.key: i.candidate for i in short.items}

    shared = kept(True)
    # 600 / 6 = 100 and a charter's one 660 € / 6 = 110 fit; 900 / 6 = 150 does not
    assert sorted(shared) == ["boat", "charter"]
    assert shared["charter"].price_converted.amount == 110
    boat = shared["boat"]
    assert boat.price_converted == Money(amount=100, currency="EUR", comparator="=",
                                         per="day", each="person")
    flag = "price per day divided by 6 people, to compare it with the budget per person"
    assert flag in boat.flags
    assert localize(flag, "es").startswith("precio por día dividido entre 6 personas")
    # without it a price naming no head is one person's, as before
    assert kept(False) == {}


def test_group_prices_need_the_people_they_are_shared_by(tmp_path: Path) -> None:
    """SPEC080: ``group_prices`` with no ``people`` would never divide anything."""
    head = HEAD.replace("phases:\n", HEADCOUNT + "phases:\n")
    path = tmp_path / "p.yaml"
    rank_ = ("  R1: {uses: rank, needs: [candidates], produces: [shortlist], "
             "with: {items: candidates, group_prices: true%s}}\n")
    path.write_text(head + rank_ % ", people: guests")
    assert [p.code for p in validate_paths([path], config=CONFIG).files[0].errors] == []
    path.write_text(head + rank_ % "")
    [p] = validate_paths([path], config=CONFIG).files[0].errors
    assert p.code == "SPEC080" and "'group_prices: true' needs 'people'" in p.message
