"""Classes of phrasing the parser misread (parse12), each probed on the example kinds'
inputs as their authors wrote them, in both languages, with guards for what must stay.
The clock is injected (today is Sunday 6 December 2026)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.schemas.task import Money
from scout.spec.loader import load_spec
from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 6)  # a Sunday
ROOT = Path(__file__).resolve().parents[2]


def kind_inputs(name: str) -> dict[str, InputSpec]:
    """The inputs of an example kind as its author wrote them."""
    loaded, _ = load_spec(str(ROOT / "examples" / name / "pipelines" / f"{name}.yaml"))
    assert loaded is not None
    return dict(loaded.model.inputs)


RENTALS = kind_inputs("rentals")
PHONEPLANS = kind_inputs("phoneplans")
JOBS = kind_inputs("jobs")
COURSES = kind_inputs("courses")


# ------------------------------------------------ a number in e-notation is no amount
@pytest.mark.parametrize("query, number", [
    ("flat in Rome under 1e308 euros", "1e308"),
    ("piso en Madrid por menos de 2.5E+3 euros", "2.5E+3"),
    ("piso en Madrid, 1e3€ al mes", "1e3"),
])
def test_e_notation_reads_no_amount(query: str, number: str) -> None:
    got = parse_query(query, RENTALS, today=TODAY)
    assert not any(isinstance(v, Money) for v in got.values.values()), got.values
    assert any(number in n for n in got.notes), got.notes  # said whole as not read


@pytest.mark.parametrize("query, amount", [
    ("flat in Rome under 1500 euros", 1500),
    ("piso en Madrid por menos de 1.200 euros", 1200),
    ("flat in Rome under 2k euros", 2000),
])
def test_ordinary_amounts_still_read(query: str, amount: float) -> None:
    got = parse_query(query, RENTALS, today=TODAY).values
    assert any(isinstance(v, Money) and v.amount == amount for v in got.values()), got


# ------------------------------------- a yes/no said not to matter is left unset
@pytest.mark.parametrize("query", [
    "tarifa móvil, no me importa la permanencia",
    "tarifa, me da igual la permanencia",
    "tarifa con datos ilimitados, no nos importa el contrato",
    "mobile plan, I don't mind a contract",
    "SIM plan, we don't care about the contract",
    "plan with unlimited data, I do not mind a commitment",
])
def test_a_flag_said_not_to_matter_is_unset(query: str) -> None:
    assert "commitment" not in parse_query(query, PHONEPLANS, today=TODAY).values


@pytest.mark.parametrize("query, want", [
    ("tarifa sin permanencia", False),
    ("plan with a contract", True),
    ("tarifa con permanencia, no me importa el precio", True),
    ("plan without contract, I don't mind the price", False),
])
def test_a_flag_said_still_reads(query: str, want: bool) -> None:
    assert parse_query(query, PHONEPLANS, today=TODAY).values.get("commitment") is want


# ---------------------------------- an approximation or a number word is no place
@pytest.mark.parametrize("inputs, place, query", [
    (RENTALS, "city", "piso por ahí de 150 mil"),
    (JOBS, "city", "cocinero por ahí de 150 mil"),
    (COURSES, "place", "curso de python por ahí de 150 mil"),
    (RENTALS, "city", "piso por allá de 900 euros"),
])
def test_an_approximation_names_no_place(inputs: dict[str, InputSpec], place: str,
                                         query: str) -> None:
    assert place not in parse_query(query, inputs, today=TODAY).values


@pytest.mark.parametrize("inputs, subject, query, want", [
    (JOBS, "role", "cocinero por ahí de 150 mil", "cocinero"),
    (COURSES, "topic", "curso de python por ahí de 150 mil", "python"),
    (COURSES, "topic", "por ahí de 150 mil", None),
])
def test_an_approximation_is_no_subject(inputs: dict[str, InputSpec], subject: str,
                                        query: str, want: str | None) -> None:
    assert parse_query(query, inputs, today=TODAY).values.get(subject) == want


def test_a_place_with_the_approximation_stays() -> None:
    got = parse_query("piso en sevilla por ahí de 900 euros", RENTALS, today=TODAY).values
    assert got.get("city") == "Sevilla"


# ------------------------------ two place inputs: the city input holds the known city
CLINICS = kind_inputs("clinics")


@pytest.mark.parametrize("query", [
    "dentista en Chamberí, Madrid",
    "dentist in Chamberí, Madrid",
    "pediatra en Madrid, Chamberí",
    "physio in Madrid, barrio de Chamberí",
])
def test_the_city_input_gets_the_known_city(query: str) -> None:
    got = parse_query(query, CLINICS, today=TODAY).values
    assert (got.get("city"), got.get("area")) == ("Madrid", "Chamberí"), got


@pytest.mark.parametrize("query, want", [
    ("dentista en Getafe", ("Getafe", None)),  # one name: no other to give it
    # a country is no city, nor a neighbourhood (parse14)
    ("dentista en Getafe, España", ("Getafe", None)),
    # a neighbourhood alone gives the city input the city it lies in (parse23)
    ("dentista en Chamberí", ("Madrid", "Chamberí")),
    ("dentista en Chamberí, España", ("Madrid", "Chamberí")),
])
def test_no_city_to_give_leaves_the_order(query: str, want: tuple) -> None:
    got = parse_query(query, CLINICS, today=TODAY).values
    assert (got.get("city"), got.get("area")) == want, got


# ------------------ a lower-case word that describes, with no cue, is no place
@pytest.mark.parametrize("query", [
    "cocinero, equipo pequeño, en remoto",
    "data analyst job, friendly team",
    "programador junior, empresa innovadora",
    "nurse job, helpful team",
])
def test_an_adjective_names_no_place(query: str) -> None:
    assert "city" not in parse_query(query, JOBS, today=TODAY).values


@pytest.mark.parametrize("query, city", [
    ("cocinero sevilla, equipo pequeño", "Sevilla"),
    ("data analyst job in italy, friendly team", "Italy"),
    ("camarero en Valencia, equipo pequeño", "Valencia"),
])
def test_a_place_beside_the_adjective_stays(query: str, city: str) -> None:
    assert parse_query(query, JOBS, today=TODAY).values.get("city") == city


# -------------------- a nationality adjective names the country for a country's input
WINES = kind_inputs("wines")
EVENTS = kind_inputs("events")


@pytest.mark.parametrize("query, country", [
    ("champán francés", "Francia"),
    ("Malbec argentino", "Argentina"),
    ("vino blanco gallego", "Galicia"),  # a region
    ("vinos tintos italianos de menos de 20 euros", "Italia"),
    ("unos espumosos españoles", "España"),
    ("French cheese", "France"),
    ("a South African Chenin Blanc", "South Africa"),
    ("riojas andaluces", "Andalucía"),
])
def test_a_nationality_adjective_names_the_country(query: str, country: str) -> None:
    assert parse_query(query, WINES, today=TODAY).values.get("country") == country


def test_the_adjective_is_not_also_the_thing_asked() -> None:
    got = parse_query("Malbec argentino", WINES, today=TODAY).values
    assert got.get("variety") == "Malbec"


@pytest.mark.parametrize("query, country", [
    ("vino francés de Burdeos", "Burdeos"),  # the place named wins over the adjective
    ("Italian red from Tuscany", "Tuscany"),
])
def test_a_named_place_wins(query: str, country: str) -> None:
    assert parse_query(query, WINES, today=TODAY).values.get("country") == country


@pytest.mark.parametrize("query", [
    "cocina francesa",  # a city input is not guessed from an adjective
    "French film festival",
])
def test_no_city_from_an_adjective(query: str) -> None:
    assert "city" not in parse_query(query, EVENTS, today=TODAY).values
