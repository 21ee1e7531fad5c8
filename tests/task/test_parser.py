"""The deterministic query parser: the issue's phrasings, precedence, and no crashes."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scout.errors import UsageError
from scout.schemas.task import DateRange, Money, Month, Task
from scout.spec.models import InputSpec
from scout.task.build import TaskIncomplete, build_task, parse_set_options
from scout.task.parser import parse_query

TODAY = dt.date(2026, 11, 29)
HOTEL = {
    "destination": InputSpec(type="place", required=True),
    "month": InputSpec(type="month"),
    "budget": InputSpec(type="money"),
    "min_rating": InputSpec(type="rating", default=8.0),
}


def values(query: str, inputs=HOTEL) -> dict:
    return parse_query(query, inputs, today=TODAY).values


@pytest.mark.parametrize(
    "query, amount, currency, cmp_",
    [
        ("hotels in Rome under 200 EUR", 200, "EUR", "<="),
        ("hotels in Rome < €200", 200, "EUR", "<="),
        ("hotels in Rome 200€", 200, "EUR", "<="),
        ("hotels in Rome max $150", 150, "USD", "<="),
        ("hotels in Rome less than 180 euros", 180, "EUR", "<="),
        ("hotels in Rome around 90 GBP", 90, "GBP", "~"),
        ("hotels in Rome at least 300 CHF", 300, "CHF", ">="),
        ("hotels in Rome under 1,200 dollars", 1200, "USD", "<="),
    ],
)
def test_money_phrasings(query, amount, currency, cmp_) -> None:
    budget = values(query)["budget"]
    assert budget == Money(amount=amount, currency=currency, comparator=cmp_)


def test_money_per_night() -> None:
    assert values("hotels in Rome max $150 per night")["budget"].per == "night"


@pytest.mark.parametrize("query,per", [
    ("flats in Leeds under £900 pcm", "month"),          # per calendar month (UK)
    ("studio in Bath max 850€ pm", "month"),
    ("pisos en Vigo por 600 euros mensuales", "month"),
    ("flat in Cork €1,200 monthly", "month"),
    ("flat in Austin $1,500/mo", "month"),
    ("hotel in Rome 120 EUR nightly", "night"),
    ("casa en Cádiz 700 € semanales", "week"),
    ("room in Leeds £350 pw", "week"),
    # Spanish "mes" bare, as a fee is typed ("gestoria barata valencia 40 euros mes" was a
    # budget of 40 € for nothing in particular)
    ("gestoria barata en Valencia 40 euros mes", "month"),
    ("piso en Zaragoza 650€ mes", "month"),
    ("gimnasio en Gijón 30 € mes con piscina", "month"),
    ("academia de inglés en Burgos, 90 euros mes, grupos reducidos", "month"),
    # a month named after it says when, no period
    ("hotel en Sevilla 500 € mes de agosto", None),
    ("piso en Lugo 800 € mes que viene", None),
])
def test_money_per_unit_words_that_stand_alone(query, per) -> None:
    # "850€ pm" was read as 850 EUR with no unit: a rent a month looked like a total
    assert values(query)["budget"].per == per


def test_pm_as_a_time_is_not_a_unit() -> None:
    assert values("dinner at 8 pm in Rome under 50 EUR")["budget"].per is None


def test_three_letter_words_are_not_currencies() -> None:
    v = values("hotels 200 near Porto")
    assert "budget" not in v
    assert v["destination"] == "Porto"


@pytest.mark.parametrize(
    "query, expected",
    [
        ("hotels in Oslo for September 2026", Month(year=2026, month=9)),
        ("hotels in Oslo next September", Month(year=2027, month=9)),
        ("hotels in Oslo in december", Month(year=2026, month=12)),
        ("hotels in Oslo 2027-03", Month(year=2027, month=3)),
    ],
)
def test_months_relative_to_today(query, expected) -> None:
    assert values(query)["month"] == expected


def test_may_is_only_a_month_with_a_cue() -> None:
    assert "month" not in values("hotels in Oslo that may be cheap")
    assert values("hotels in Oslo in May")["month"] == Month(year=2027, month=5)


def test_date_range_and_month_from_it() -> None:
    inputs = {**HOTEL, "dates": InputSpec(type="date")}
    v = values("hotels in Rome 15-20 Sept", inputs)
    assert v["dates"] == DateRange(start=dt.date(2027, 9, 15), end=dt.date(2027, 9, 20))
    assert v["month"] == Month(year=2027, month=9)


@pytest.mark.parametrize(
    "query, place",
    [
        ("find hotels in Barcelona for September 2026", "Barcelona"),
        ("Barcelona hotels under 200 EUR", "Barcelona"),
        ("hotels in new york city under $300", "New York City"),
        ("hotel in São Paulo at most R$ 500", "São Paulo"),
        ("hotels near Porto under 90", "Porto"),
    ],
)
def test_places(query, place) -> None:
    assert values(query)["destination"] == place


@pytest.mark.parametrize(
    "query, rating",
    [
        ("hotels in Rome with good reviews", 8.0),  # the input's default
        ("hotels in Rome rated 4.5+", 9.0),
        ("hotels in Rome 8/10 or better", 8.0),
        ("hotels in Rome rated 4 out of 5", 8.0),
        ("hotels in Rome with excellent reviews", 9.0),
    ],
)
def test_ratings_normalised(query, rating) -> None:
    assert values(query)["min_rating"] == pytest.approx(rating)


def test_good_reviews_uses_the_declared_default() -> None:
    inputs = {**HOTEL, "min_rating": InputSpec(type="rating", default=7.0)}
    assert values("hotels in Rome with good reviews", inputs)["min_rating"] == 7.0


def test_the_seed_query() -> None:
    q = "find hotels in Barcelona for September 2026 under 200 EUR with good reviews"
    task = build_task(q, HOTEL, today=TODAY)
    assert task.destination == "Barcelona"
    assert task.month == Month(year=2026, month=9)
    assert task.budget == Money(amount=200, currency="EUR")
    assert task.min_rating == 8.0
    assert task.sources == {"destination": "query", "month": "query", "budget": "query",
                            "min_rating": "query"}


def test_precedence_default_query_mission_set() -> None:
    q = "hotels in Barcelona under 200 EUR"
    task = build_task(q, HOTEL, mission_inputs={"budget": "150 EUR", "min_rating": 8.5},
                      set_values={"budget": "120 EUR"}, today=TODAY)
    assert task.budget.amount == 120 and task.sources["budget"] == "set"
    assert task.min_rating == 8.5 and task.sources["min_rating"] == "mission"
    assert task.destination == "Barcelona" and task.sources["destination"] == "query"
    assert task.month is None and "month" not in task.sources


def test_required_missing_names_field_and_set_fix() -> None:
    with pytest.raises(TaskIncomplete) as err:
        build_task("cheap hotels please", HOTEL, today=TODAY)
    assert "destination" in err.value.message
    assert "--set destination=" in (err.value.hint or "")
    assert err.value.retryable is False


def test_set_unknown_key_and_bad_value_are_usage_errors() -> None:
    with pytest.raises(UsageError) as err:
        build_task("hotels in Rome", HOTEL, set_values={"budjet": "1 EUR"}, today=TODAY)
    assert "did you mean 'budget'" in (err.value.hint or "")
    with pytest.raises(UsageError):
        build_task("hotels in Rome", HOTEL, set_values={"budget": "lots"}, today=TODAY)
    with pytest.raises(UsageError):
        parse_set_options(["novalue"])
    assert parse_set_options(["budget=200 EUR", "month = 2026-09"]) == {
        "budget": "200 EUR", "month": "2026-09"}


def test_pattern_and_enum_inputs() -> None:
    inputs = {
        "city": InputSpec(type="place", required=True),
        "dish": InputSpec(type="string", pattern=r"best\s+(?P<value>[a-z ]+?)\s+in\b"),
        "style": InputSpec(type="string", enum=["casual", "fine dining"]),
        "guests": InputSpec(type="integer", aliases=["people", "persons"]),
        "terrace": InputSpec(type="boolean"),
    }
    v = parse_query("best ramen in Lyon, casual, for 4 people with a terrace", inputs,
                    today=TODAY).values
    assert v == {"dish": "ramen", "city": "Lyon", "style": "casual", "guests": 4, "terrace": True}


def test_task_round_trips_through_json_with_types() -> None:
    task = build_task("hotels in Rome for September 2026 under 200 EUR", HOTEL, today=TODAY)
    again = Task.model_validate_json(task.model_dump_json())
    assert again == task
    assert isinstance(again.budget, Money) and isinstance(again.month, Month)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_parser_never_crashes(query: str) -> None:
    inputs = {**HOTEL, "dates": InputSpec(type="date"), "n": InputSpec(type="integer"),
              "tags": InputSpec(type="list")}
    result = parse_query(query, inputs, today=TODAY)
    assert set(result.values) <= set(inputs)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(
    ["in", "Barcelona", "under", "200", "EUR", "€", "$", "rated", "4.5+", "/10", "Sept",
     "15-20", "next", "May", "2026", "good", "reviews", "max", ",", "31-2", "Feb", "0/0"]),
    max_size=12))
def test_parser_never_crashes_on_near_misses(words: list[str]) -> None:
    parse_query(" ".join(words), {**HOTEL, "dates": InputSpec(type="date")}, today=TODAY)


@pytest.mark.parametrize(
    "query, expected",
    [
        ("best ramen in Lyon under 25 EUR", {"city": "Lyon", "dish": "ramen", "budget": "25 EUR"}),
        ("find good pizza places near Naples max 15 euros",
         {"city": "Naples", "dish": "pizza", "budget": "15 EUR"}),
        ("tapas in Madrid", {"city": "Madrid", "dish": "tapas", "budget": "None"}),
        ("Find me the best vegan burgers in Berlin",
         {"city": "Berlin", "dish": "vegan burgers", "budget": "None"}),
    ],
)
def test_restaurant_kind_reads_its_inputs_from_yaml_only(query, expected) -> None:
    from pathlib import Path

    from scout.spec.loader import load_pipeline

    root = Path(__file__).resolve().parents[2]
    pipe = load_pipeline(root / "pipelines/restaurant_research.yaml").model
    task = build_task(query, pipe.inputs, today=TODAY)
    assert {k: str(task.values[k]) for k in expected} == expected


PRODUCT = {
    "max_km": InputSpec(type="integer", aliases=["km"]),
    "battery_h": InputSpec(type="number", aliases=["hours", "horas"]),
    "features": InputSpec(type="list", items="string", enum=["automatic", "navigation", "sunroof"]),
}


@pytest.mark.parametrize("query,expected", [
    ("under 100,000 km", 100000),
    ("menos de 80.000 km", 80000),
    ("1\u00a0200 km", 1200),
    ("km: 90,500", 90500),
    ("less than 45000 km", 45000),
])
def test_integers_grouped_in_thousands_are_one_number(query, expected) -> None:
    # "100,000 km" used to be read as 0 (the "000" before "km") and "100," left unread
    assert values(query, PRODUCT)["max_km"] == expected


@pytest.mark.parametrize("query,expected", [
    ("more than 7.5 hours of battery", 7.5),
    ("autonomía de más de 10,5 horas", 10.5),
    ("1,200 hours of use", 1200.0),        # English groups with a comma
    ("unas 1.200 horas de uso", 1200.0),   # Spanish with a point
])
def test_numbers_read_decimals_and_groups_by_the_request_language(query, expected) -> None:
    assert values(query, PRODUCT)["battery_h"] == expected


ROOMS = {
    "bedrooms": InputSpec(type="integer", aliases=["bed", "habitaciones", "hab", "dormitorios"]),
    "min_area": InputSpec(type="number", aliases=["m2", "metros"]),
    "max_km": InputSpec(type="integer", aliases=["km"]),
    "city": InputSpec(type="place"),
}


@pytest.mark.parametrize("query,name,expected", [
    ("2-bed flat in Lisbon", "bedrooms", 2),                      # joined by a hyphen
    ("piso de 3 habs en Zaragoza", "bedrooms", 3),                # the name in the plural
    ("2 beds near the beach", "bedrooms", 2),
    ("piso de dos habitaciones en Madrid", "bedrooms", 2),        # a count in words
    ("two-bed flat in Leeds", "bedrooms", 2),
    ("una habitacion en Barcelona", "bedrooms", 1),
    ("tres dormitorios en Sevilla", "bedrooms", 3),
    ("menos de 100 mil km", "max_km", 100000),                    # "mil": thousands
    ("under 50k km", "max_km", 50000),
    ("flat of at least 60 m2 in Dublin", "min_area", 60.0),
    ("3+ beds in Leeds", "bedrooms", 3),                         # a comparison after it
    ("3 or more beds in Leeds", "bedrooms", 3),
    ("piso de 3 o más habitaciones en Madrid", "bedrooms", 3),
])
def test_counts_and_amounts_as_people_write_them(query, name, expected) -> None:
    assert values(query, ROOMS)[name] == expected


def test_a_comparison_before_a_number_is_claimed_with_it() -> None:
    # "at least" left over was read as a place ("Least") before "in dublin"
    got = parse_query("flat of at least 60 m2 in dublin", ROOMS, today=TODAY)
    assert got.values["city"] == "Dublin" and got.spans["min_area"] == "at least 60 m2"


def test_count_words_need_the_inputs_name_next_to_them() -> None:
    got = values("un piso con dos terrazas en Madrid", ROOMS)
    assert "bedrooms" not in got and got["city"] == "Madrid"


def test_a_decimal_is_not_an_integer_input() -> None:
    assert "max_km" not in values("a 1.5 km walk", PRODUCT)


def test_a_list_input_with_enum_reads_every_word_the_query_names() -> None:
    # it used to be one string (the longest word found), so a template's loop over the
    # list walked its letters
    got = values("with navigation, a sunroof and an automatic gearbox", PRODUCT)
    assert got["features"] == ["navigation", "sunroof", "automatic"]
    assert "features" not in values("any car will do", PRODUCT)


BILINGUAL = {
    "fuel": InputSpec(type="string", enum=["hybrid", "diesel"],
                      synonyms={"hybrid": ["híbrido"], "diesel": ["diésel", "gasóleo"]}),
    "features": InputSpec(type="list", items="string", enum=["automatic", "navigation"],
                          synonyms={"automatic": ["cambio automático"], "navigation": ["navegador", "gps"]}),
}


def test_enum_synonyms_read_as_the_enum_value() -> None:
    # enum words used to be kept as the request wrote them, so a rank `where` or a report
    # had to know every language's word for each value
    got = values("coche híbrido con cambio automático, navegador y gps", BILINGUAL)
    assert got == {"fuel": "hybrid", "features": ["automatic", "navigation"]}
    assert values("diesel with navigation", BILINGUAL)["fuel"] == "diesel"


def test_a_word_is_written_once_in_an_enum() -> None:
    """One value listed twice, or one word given to two values, reads as whichever comes
    first: refused where it is written; a synonym repeating its own value is only redundant."""
    with pytest.raises(ValueError, match="enum lists 'Eppendorf' twice"):
        InputSpec(type="list", items="string", enum=["eppendorf", "gilson", "Eppendorf"])
    with pytest.raises(ValueError, match="'usado' is a word for both 'used' and 'refurbished'"):
        InputSpec(type="string", enum=["used", "refurbished"],
                  synonyms={"used": ["usado"], "refurbished": ["reacondicionado", "usado"]})
    InputSpec(type="string", enum=["catalan"], synonyms={"catalan": ["catalan", "català"]})


def test_synonyms_must_name_enum_values() -> None:
    with pytest.raises(ValueError, match="'electric', which enum does not list"):
        InputSpec(type="string", enum=["hybrid"], synonyms={"electric": ["eléctrico"]})
    with pytest.raises(ValueError, match="declare enum too"):
        InputSpec(type="string", synonyms={"hybrid": ["híbrido"]})


def test_a_list_read_from_the_query_is_noted_as_its_items() -> None:
    inputs = {**BILINGUAL, "fuel": InputSpec(type="string", enum=["hybrid"])}
    result = parse_query("with navigation, a hybrid engine and gps", inputs, today=TODAY)
    # the words between the list's items are still free for other inputs
    assert result.values == {"features": ["navigation"], "fuel": "hybrid"}
    built = build_task("automatic hybrid with navigation", inputs, today=TODAY)
    note = next(n for n in built.notes if n.startswith("features:"))
    assert note == "features: read 'automatic, navigation' from 'automatic hybrid with navigation'"


def test_a_boolean_reads_its_name_in_the_singular_or_plural() -> None:
    flags = {"pets": InputSpec(type="boolean", aliases=["mascotas"])}
    assert values("piso sin mascota en Vigo", flags)["pets"] is False
    assert values("flat in Leeds, pet ok", flags)["pets"] is True


HOMES = {"kind": InputSpec(type="string", enum=["studio", "flat"],
                           synonyms={"flat": ["piso", "apartment"]}),
         "city": InputSpec(type="place")}


@pytest.mark.parametrize("query,kind,city", [
    ("Piso Madrid 2 hab", "flat", "Madrid"),     # was the place "Piso Madrid"
    ("Flat Lisbon", "flat", "Lisbon"),           # was the place "Flat Lisbon"
    # was the place "Studio"; the only capital is the enum word's, so the request is read
    # as typed in lower case and "barcelona" is the place
    ("Studio, barcelona", "studio", "Barcelona"),
])
def test_an_enum_word_that_opens_a_request_is_not_the_place(query, kind, city) -> None:
    got = values(query, HOMES)
    assert got.get("kind") == kind and got.get("city") == city


@pytest.mark.parametrize("query,kind", [
    ("pisos en alquiler en Valencia", "flat"),
    ("studios in Barcelona", "studio"),
    ("apartments in Madrid", "flat"),
])
def test_an_enum_word_is_read_in_the_plural(query, kind) -> None:
    assert values(query, HOMES)["kind"] == kind


@pytest.mark.parametrize("query,said", [("piso amueblado en Vigo", "«sí»"),
                                        ("furnished flat in Leeds", "'yes'"),
                                        ("flat in Leeds without pets", "'no'")])
def test_a_boolean_reads_as_yes_or_no_in_the_notes(query, said) -> None:
    inputs = {"furnished": InputSpec(type="boolean", aliases=["amueblado"]),
              "pets": InputSpec(type="boolean"), "city": InputSpec(type="place")}
    notes = build_task(query, inputs, today=TODAY).notes
    assert any(said in n for n in notes), notes
    assert not any("True" in n or "False" in n for n in notes), notes


@pytest.mark.parametrize("query,said", [
    ("piso en Vigo por menos de 1.200 € al mes", "«1.200 €/mes»"),
    ("flat in Leeds under £900 pcm", "'900 GBP/month'"),
    ("hotel in Rome under 99.50 EUR", "'99.50 EUR'"),
])
def test_money_in_the_notes_keeps_its_unit(query, said) -> None:
    inputs = {"rent": InputSpec(type="money"), "city": InputSpec(type="place")}
    notes = build_task(query, inputs, today=TODAY).notes
    assert any(said in n for n in notes), notes


def test_a_boolean_negated_by_the_prefix_un_is_false() -> None:
    # "unfurnished" read nothing and was left for the place ("Edinburgh Unfurnished")
    inputs = {"furnished": InputSpec(type="boolean"), "city": InputSpec(type="place")}
    got = values("studio flat in edinburgh unfurnished", inputs)
    assert got["furnished"] is False and got["city"] == "Edinburgh"
    assert values("furnished flat in Leeds", inputs)["furnished"] is True


def test_money_per_calendar_month() -> None:
    assert values("flat in Leeds £700 per calendar month")["budget"].per == "month"
