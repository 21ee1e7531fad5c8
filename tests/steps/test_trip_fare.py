"""A fare for the trip asked and the party (scout.steps.tripfare): rank's ``return_trip``
compares a return at the page's return fare ("ida y vuelta 89 €", "open return £120") or
its single fare twice, a single trip never at a return fare beside a single one; rank's
``person_prices`` takes a fare naming no passenger as one person's; a bare "$" on a page
read for a request in pesos is pesos (scout.steps.listprice.local_dollar). Tested on a
ferry and an airport-transfer kind, in both languages, with flags in both."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Candidates, Evidence
from scout.spec.models import InputSpec
from scout.stepkit.params import RankParams
from scout.steps import rank
from scout.steps.listprice import find_price
from scout.steps.tripfare import DOUBLED_FLAG, ONE_PERSON_FLAG, RETURN_FLAG, is_return
from scout.task.amounts import listed_amounts
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx

INPUTS = {"origin": InputSpec(type="place", aliases=["from", "desde", "de"]),
          "destination": InputSpec(type="place", aliases=["to", "a", "hasta"]),
          "round_trip": InputSpec(type="boolean", aliases=["return", "ida y vuelta",
                                                           "round trip"]),
          "back": InputSpec(type="date", aliases=["vuelta", "returning"]),
          "passengers": InputSpec(type="integer", aliases=["passengers", "pasajeros",
                                                           "personas", "people"]),
          "budget": InputSpec(type="money")}
WHERE = ["task.budget is none or f.price is none or f.price.amount <= task.budget.amount"]
TODAY = dt.date(2026, 12, 7)


@pytest.mark.parametrize("text, returns", [
    ("Ida y vuelta desde 89,90 €", True),
    ("Barcelona - Palma: 89 € ida y vuelta por persona", True),
    ("Open return £120, off-peak", True),
    ("Return: £45 with a Railcard", True),
    ("round trip from $80", True),
    ("billete de ida y vuelta 39 €", True),
    ("Básico desde 45 €", False),
    ("£19.90 one way, return on Sunday at 18:00", False),
    ("Single £22. Wifi on board", False),
])
def test_a_return_fare_is_told_by_its_words(text: str, returns: bool) -> None:
    (_, span), *_ = listed_amounts(text)
    assert is_return(text, span) is returns


def _ferry(key: str, text: str, currency: str = "EUR") -> Candidate:
    price = find_price(text, currency)
    return Candidate(key=key, name=key, url=f"https://{key}.test/", evidence=[
        Evidence(id=f"{key}0", kind="snippet", subject=key, url=f"https://{key}.test/",
                 title=key, text=text, price=price)])


def _rank(query: str, *ferries: Candidate, **kw):
    task = build_task(query, INPUTS, today=TODAY)
    params = RankParams(items="candidates", as_="f", where=WHERE, people="passengers",
                        return_trip=["round_trip", "back"], **kw)
    return task, rank.run(_ctx(params, {"candidates": Candidates(items=list(ferries))}, task))


@pytest.mark.parametrize("query", [
    "ferry from Barcelona to Palma on Friday, return trip, under 80 EUR",
    "ferry de Barcelona a Palma el viernes y vuelta el domingo, máximo 80 €",
])
def test_a_return_is_the_return_fare_else_the_single_twice(query: str) -> None:
    task, short = _rank(query,
                        _ferry("baleária", "Barcelona - Palma desde 45 €. Ida y vuelta desde 85 €."),
                        _ferry("trasmed", "Barcelona - Palma desde 35 € ida."),
                        _ferry("gnv", "Barcelona Palma: 79 € ida y vuelta."))
    kept = {i.candidate.key: i.candidate for i in short.items}
    # baleária's single 45 € fits 80 €; its return, 85 €, does not
    assert [c.key for c, _ in short.excluded] == ["baleária"]
    assert kept["trasmed"].price.amount == 70 and kept["trasmed"].flags == [DOUBLED_FLAG]
    assert kept["gnv"].price.amount == 79 and kept["gnv"].flags == [RETURN_FLAG]
    assert not kept["trasmed"].unchecked_flags  # how it was compared, nothing unchecked
    assert localize(DOUBLED_FLAG, "es").startswith("tarifa de ida multiplicada por 2")


def test_one_way_is_never_compared_at_a_return_fare_beside_a_single() -> None:
    _, short = _rank("ferry Barcelona to Palma on Friday, one way, under 50 EUR",
                     _ferry("baleária", "Ida y vuelta desde 85 €. Solo ida 45 €."))
    (item,) = short.items
    assert item.candidate.price.amount == 45 and not item.candidate.flags


def test_a_kind_that_declares_no_return_trip_is_compared_as_before() -> None:
    task = build_task("ferry Barcelona to Palma, return trip, under 80 EUR", INPUTS,
                      today=TODAY)
    params = RankParams(items="candidates", as_="f", where=WHERE)
    short = rank.run(_ctx(params, {"candidates": Candidates(items=[
        _ferry("trasmed", "Barcelona - Palma desde 45 € ida.")])}, task))
    assert short.items[0].candidate.price.amount == 45


@pytest.mark.parametrize("query", ["airport transfer from Heathrow to Oxford, 3 people, "
                                   "under £90",
                                   "traslado de Barajas a Toledo, 3 personas, menos de 90 €"])
def test_a_fare_naming_no_passenger_is_each_persons(query: str) -> None:
    cur = "GBP" if "£" in query else "EUR"
    sign = "£" if cur == "GBP" else "€"
    _, short = _rank(query, _ferry("coach", f"Shuttle coach from {sign}25, hourly.", cur),
                     _ferry("car", f"Private car {sign}80 for 3 people, door to door.", cur),
                     person_prices=True)
    kept = {i.candidate.key: i.candidate for i in short.items}
    # the coach's 25 is each passenger's: 75 for three; the car's is the party's
    assert kept["coach"].price_converted.amount == 75
    assert ONE_PERSON_FLAG in kept["coach"].flags
    assert kept["car"].price.amount == 80 and not kept["car"].flags


@pytest.mark.parametrize("text, currency, want", [
    ("Pasajes Santiago - Valparaíso: semi cama $4.500", "CLP", ("CLP", 4500)),
    ("Tour Xcaret desde $1,299 por persona", "MXN", ("MXN", 1299)),
    ("Entrada general $12.000", "ARS", ("ARS", 12000)),
    ("Traslado US$ 30 por persona", "MXN", ("USD", 30)),       # said to be US dollars
    ("Shuttle from $30, prices in USD", "CLP", ("USD", 30)),
    ("Shuttle from $30", "EUR", ("USD", 30)),                  # a request in euros
])
def test_a_bare_dollar_sign_is_the_requests_pesos(text: str, currency: str, want) -> None:
    price = find_price(text, currency)
    assert (price.currency, price.amount) == want


def test_return_trip_and_person_prices_name_the_kinds_inputs(tmp_path) -> None:
    """SPEC080: ``return_trip`` names inputs; ``person_prices`` needs ``people`` and says
    the opposite of ``group_prices``."""
    from scout.validate import validate_paths
    from tests.spec.test_rank_items import CONFIG, HEAD

    head = HEAD.replace("phases:\n", "inputs:\n  round_trip: {type: boolean}\n"
                        "  adults: {type: integer}\nphases:\n")
    path = tmp_path / "p.yaml"
    rank_ = ("  R1: {uses: rank, needs: [candidates], produces: [shortlist], "
             "with: {items: candidates, %s}}\n")
    path.write_text(head + rank_ % "return_trip: round_trip, people: adults, person_prices: true")
    assert [p.code for p in validate_paths([path], config=CONFIG).files[0].errors] == []
    path.write_text(head + rank_ % "return_trip: [round_trips]")
    [p] = validate_paths([path], config=CONFIG).files[0].errors
    assert p.code == "SPEC080" and "'return_trip: round_trips'" in p.message
    assert "round_trip" in (p.hint or "")
    path.write_text(head + rank_ % "person_prices: true, return_trip: round_trip")
    [p] = validate_paths([path], config=CONFIG).files[0].errors
    assert p.code == "SPEC080" and "needs 'people'" in p.message
    path.write_text(head + rank_ % "people: adults, person_prices: true, group_prices: true, "
                    "return_trip: round_trip")
    [p] = validate_paths([path], config=CONFIG).files[0].errors
    assert p.code == "SPEC080" and "opposite" in p.message


@pytest.mark.parametrize("text, returns", [
    # the return's words after a comma lead the next amount: they are its label, never
    # the amount's before them (a transfer's, a ferry's, a coach's price list)
    ("Traslados Sol: ida 40 €, ida y vuelta 70 €", [False, True]),
    ("Heathrow to Oxford £40 single, return £70", [False, True]),
    ("Coach £18 one way, round trip from £30", [False, True]),
    ("Lanzadera 12 €, ida y vuelta desde 20 € por persona", [False, True]),
    ("Return: £45, single £25", [True, False]),
    ("Transfer £120, return", [True]),          # said after it, with nothing after: its own
    ("Transfer 89 € (ida y vuelta)", [True]),
])
def test_a_return_label_before_the_next_amount_is_that_ones(text: str,
                                                            returns: list[bool]) -> None:
    assert [is_return(text, span) for _, span in listed_amounts(text)] == returns


@pytest.mark.parametrize("query", [
    "traslado de Málaga a Marbella, ida y vuelta, máximo 75 €",
    "transfer from Faro to Lagos, return trip, under €75",
])
def test_a_return_asked_is_the_return_fare_after_a_single_one(query: str) -> None:
    """"ida 40 €, ida y vuelta 70 €" asked as a return is 70 €, never its 40 € read as
    the return fare because the return's words follow it."""
    _, short = _rank(query, _ferry("sol", "Traslados Sol: ida 40 €, ida y vuelta 70 €, "
                                          "suplemento nocturno 20 %."))
    (item,) = short.items
    assert item.candidate.price.amount == 70 and item.candidate.flags == [RETURN_FLAG]


def test_a_rate_per_km_is_the_same_rate_for_a_return() -> None:
    """A taxi's "1,20 €/km" asked as a return stays 1,20 €/km (the km double, not the
    rate), never "2,40 €/km"."""
    _, short = _rank("taxi de Barajas a Chamartín, ida y vuelta, máximo 100 €",
                     _ferry("taxi", "Radio Taxi: bajada de bandera 2,50 € + 1,20 €/km. "
                                    "Suplemento aeropuerto 5,50 €."))
    (item,) = short.items
    price = item.candidate.price
    assert (price.amount, price.per) == (1.2, "km") and DOUBLED_FLAG not in item.candidate.flags


@pytest.mark.parametrize("query", [
    "ferry Barcelona to Palma on Saturday, one-way, max 50 EUR",
    "ferry de Barcelona a Palma el sábado, solo ida, máximo 50 €",
])
def test_a_one_way_said_wins_over_a_day_read_as_the_return(query: str) -> None:
    """"One way" / "solo ida" sets the yes/no to no: the day said beside it, read into the
    only date input (the return's here), makes no return of it."""
    task, short = _rank(query, _ferry("baleária", "Ida y vuelta desde 85 €. Solo ida 45 €."))
    assert task.values["round_trip"] is False
    (item,) = short.items
    assert item.candidate.price.amount == 45 and not item.candidate.flags
