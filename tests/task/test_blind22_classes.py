"""Classes of phrasing blind set 22 (tests/task/corpus/blind22.yaml: requests as an agent
relays them, as Latin American users write them and as people type them tersely) found the
parser misreading, each probed beyond the corpus line with inputs written here (an outside
author's kinds), in both languages, with guards for what must stay as it was:

- an agent's opening verb "Find ..." was Spain's "finde" (a weekend): a plural in "-es"
  lost its "-es" though its singular ends in "e" ("findes" gave "find");
- the tickets to a show were the show ("boletos para conciertos de jazz", "tickets for
  comedy shows") and Latin America's "restorán" the dish ("restorán de mariscos");
- a flag said through its clause or term ("sin cláusula de permanencia", "no minimum
  period of commitment") was read as asked for;
- a month's abbreviation typed alone ("hotel lisbon jan", "5 days feb") was unread;
- a weekday's short form that is also a word before an hour or a length ("sat 2hrs",
  "sat 10am") was a place's word, and a weekday before an hour ("sat 6pm", "el sábado
  18:00") read the hour as a day of the month and lost the day;
- Latin America's "meseros", "nafta", "pasabocas" missed a kind's "camareros",
  "gasolina", "canapés".
"""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.task.readers import name_forms

TODAY = dt.date(2026, 12, 7)  # a Monday

WHEN = {"days": InputSpec(type="list", items="string",
                          enum=["saturday", "weekend"],
                          synonyms={"saturday": ["sábado", "sábados"],
                                    "weekend": ["fin de semana", "findes", "finde"]}),
        "what": InputSpec(type="subject"), "town": InputSpec(type="place")}
SHOWS = {"what": InputSpec(type="subject"), "town": InputSpec(type="place"),
         "on": InputSpec(type="date"), "cap": InputSpec(type="money", aliases=["entradas"])}
PLAN = {"country": InputSpec(type="place"),
        "lock_in": InputSpec(type="boolean", aliases=["permanencia", "commitment", "contrato"])}
STAY = {"town": InputSpec(type="place"), "when": InputSpec(type="month")}
GAME = {"town": InputSpec(type="place"), "on": InputSpec(type="date"),
        "how_long": InputSpec(type="duration", aliases=["hours", "horas"])}


def _values(query: str, inputs: dict[str, InputSpec]) -> dict:
    return build_task(query, inputs, today=TODAY).values


@pytest.mark.parametrize("query", [
    "Find a piano teacher in Dublin",
    "find me piano lessons",
    "I need to find a chess club in Leeds",
])
def test_an_agents_find_is_no_weekend(query: str) -> None:
    assert _values(query, WHEN).get("days") is None


@pytest.mark.parametrize("query", ["clases de piano los findes", "clases de piano el finde"])
def test_the_weekend_is_still_read(query: str) -> None:
    assert _values(query, WHEN)["days"] == ["weekend"]


def test_only_a_singular_that_takes_es_loses_it() -> None:
    forms = name_forms(["findes", "meses", "ciudades", "classes", "boxes"])
    import re

    said = re.compile(r"\b" + forms + r"\b")
    for word in ("find", "lot", "tard"):
        assert not said.fullmatch(word), word
    for word in ("mes", "ciudad", "class", "box", "finde", "findes"):
        assert said.fullmatch(word), word


@pytest.mark.parametrize("query, what", [
    ("boletos para conciertos de jazz en Monterrey este finde", "conciertos de jazz"),
    ("tickets for comedy shows in Austin this weekend", "comedy shows"),
    ("entradas para la obra de teatro en Madrid el sábado", "obra de teatro"),
    ("boletas para la feria del libro en Bogotá", "feria del libro"),
    ("restorán de mariscos en Valparaíso", "mariscos"),
])
def test_tickets_and_a_restaurant_are_what_is_searched(query: str, what: str) -> None:
    assert _values(query, SHOWS)["what"] == what


@pytest.mark.parametrize("query, lock_in", [
    ("plan de celular en Colombia sin cláusula de permanencia", False),
    ("tarifa sin plazo mínimo de permanencia", False),
    ("a SIM plan with no minimum period of commitment", False),
    ("tarifa con cláusula de permanencia", True),
    ("sin permanencia", False),
    ("con contrato", True),
])
def test_a_flag_said_through_its_term(query: str, lock_in: bool) -> None:
    assert _values(query, PLAN)["lock_in"] is lock_in


@pytest.mark.parametrize("query, month", [
    ("hotel lisbon jan under 100eur/night", "2027-01"),
    ("hotel porto feb", "2027-02"),
    ("hotel roma dic", "2026-12"),
])
def test_a_month_abbreviation_typed_alone(query: str, month: str) -> None:
    assert _values(query, STAY)["when"].iso == month


@pytest.mark.parametrize("query", [
    "hotel in Lisbon, send the report to jan.novak@uni.es",
    "hotel in Lisbon with Jan",
    "hotel with an oct-core server room in Lisbon",
])
def test_an_abbreviation_in_an_address_or_a_name_is_no_month(query: str) -> None:
    assert _values(query, STAY).get("when") is None


@pytest.mark.parametrize("query, hours", [
    ("tennis court in clapham sat 2hrs", 2),
    ("padel court in clapham sat 10am", None),
    ("padel court in clapham sun at 6pm", None),
    ("pista de pádel en Gràcia el sábado 18:00", None),
])
def test_a_terse_weekday_before_an_hour_or_a_length(query: str, hours: int | None) -> None:
    got = _values(query, GAME)
    assert got["on"] in (dt.date(2026, 12, 12), dt.date(2026, 12, 13))
    assert got["town"] in ("Clapham", "Gràcia")
    if hours:
        assert got["how_long"] == hours * 3600


def test_sat_after_a_pronoun_is_a_verb() -> None:
    assert _values("tennis court, I sat 2 hours waiting", GAME).get("on") is None


def test_a_weekday_and_another_day_number_read_the_day_with_a_note() -> None:
    # 12 December 2026 is a Saturday: "Friday 12th" is read as the 12th, with the note a
    # weekday its date is not gets ("viernes 12 de diciembre" alike; wt/parse42 read a
    # weekday before a bare day number, which read nothing before)
    from scout.task.parser import parse_query

    assert _values("padel court Friday 12th", GAME).get("on") == dt.date(2026, 12, 12)
    notes = parse_query("padel court Friday 12th", GAME, today=TODAY).notes
    assert any("Saturday" in n and "Friday" in n for n in notes)


PARTY = {"town": InputSpec(type="place"),
         "staff": InputSpec(type="boolean", aliases=["camareros", "waiters"]),
         "style": InputSpec(type="string", enum=["finger_food", "buffet"],
                            synonyms={"finger_food": ["canapés", "finger food"],
                                      "buffet": ["bufé"]})}
CAR = {"fuel": InputSpec(type="string", enum=["petrol", "diesel"],
                         synonyms={"petrol": ["gasolina"], "diesel": ["diésel"]})}


@pytest.mark.parametrize("query, inputs, field, value", [
    ("catering en Guadalajara con meseros", PARTY, "staff", True),
    ("un mesero para la fiesta en Puebla", PARTY, "staff", True),
    ("pasabocas para 40 personas en Medellín", PARTY, "style", "finger_food"),
    ("pasapalos para la oficina en Caracas", PARTY, "style", "finger_food"),
    ("auto usado a nafta", CAR, "fuel", "petrol"),
])
def test_latin_americas_words_for_a_kinds_things(query: str, inputs: dict, field: str,
                                                 value: object) -> None:
    assert _values(query, inputs)[field] == value


def test_a_mesero_is_still_no_place() -> None:
    # the word written back is Spain's, and read as the flag, not left for the place
    assert _values("catering con meseros", PARTY).get("town") is None
