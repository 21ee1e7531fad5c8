"""A ``duration`` input: lengths of time read from requests in English and Spanish
("de menos de 20 minutos", "under an hour", "1h30", "90 min", "hora y media") and from
written values ("20m", "1:30:00"), as whole seconds; a bare number is no length."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.task.values import coerce

TODAY = dt.date(2026, 11, 29)
INPUTS = {"max_duration": InputSpec(type="duration"),
          "since_year": InputSpec(type="integer", aliases=["desde", "from", "since"]),
          "guests": InputSpec(type="integer", aliases=["people", "personas"])}


@pytest.mark.parametrize("query,seconds", [
    ("tutoriales en español sobre regresión logística de menos de 20 minutos", 1200),
    ("best lectures on transformers, in English, under an hour", 3600),
    ("charlas sobre Rust async de 1h30 como mucho", 5400),
    ("python tutorials for beginners, 90 min max", 5400),
    ("clases de guitarra de hora y media", 5400),
    ("una clase de media hora", 1800),
    ("a talk of an hour and a half", 5400),
    ("documentales de dos horas y media", 9000),
    ("a walking tour of 1 hour and 15 minutes", 4500),
    ("una ruta de 1 hora y 30 minutos", 5400),
    ("recetas de 1,5 horas", 5400),
    ("a 1.5 hours class", 5400),
    ("un repaso de un cuarto de hora", 900),
    ("less than 45 mins", 2700),
    ("a 20m talk", 1200),
])
def test_a_length_of_time_is_read_as_seconds(query, seconds) -> None:
    task = build_task(query, INPUTS, today=TODAY)
    assert task.values["max_duration"] == seconds, task.notes


@pytest.mark.parametrize("query", [
    "charlas sobre Rust desde 2024",              # a year is no length
    "hotel a 100 m de la playa",                  # metres
    "tours for 5 s people",
    "conference talks about Rust async from 2024 or later",
])
def test_no_unit_no_length(query) -> None:
    task = build_task(query, INPUTS, today=TODAY)
    assert task.values["max_duration"] is None


def test_the_length_leaves_other_numbers_to_their_inputs() -> None:
    task = build_task("tours de 2 horas para 4 personas desde 2025", INPUTS, today=TODAY)
    assert task.values == {"max_duration": 7200, "guests": 4, "since_year": 2025}
    # "in 2 hours, 30 people": the 30 after the comma is no minutes
    task = build_task("a tour in 2 hours, 30 people", INPUTS, today=TODAY)
    assert task.values["max_duration"] == 7200 and task.values["guests"] == 30


def test_the_note_says_the_length_as_people_write_it() -> None:
    es = build_task("charlas de 1h30 como mucho", INPUTS, today=TODAY)
    assert "duración máx.: se ha leído «1 h 30 min» de «1h30»" in es.notes
    en = build_task("talks under an hour", INPUTS, today=TODAY)
    assert "maximum duration: read '1 h' from 'an hour'" in en.notes


@pytest.mark.parametrize("written,seconds", [
    ("20m", 1200), ("1h30m", 5400), ("90s", 90), ("90 min", 5400), ("1:30:00", 5400),
    ("15:12", 912), ("una hora", 3600), ("1.5h", 5400), ("hora y media", 5400),
])
def test_written_values(written, seconds) -> None:
    assert coerce("duration", written) == seconds


@pytest.mark.parametrize("written,message", [
    (20, "write durations with a unit, e.g. '20 min'"),
    ("20", "write durations with a unit"),
    ("soon", "'soon' is not a duration"),
    ("20 min and more", "is not a duration"),
])
def test_a_bare_number_or_other_text_is_refused_with_what_to_write(written, message) -> None:
    with pytest.raises(ValueError, match=message):
        coerce("duration", written)


def test_a_duration_default_and_set_value() -> None:
    spec = {"max_duration": InputSpec(type="duration", default="1h")}
    assert build_task("talks", spec, today=TODAY).values["max_duration"] == 3600
    task = build_task("talks", spec, today=TODAY, set_values={"max_duration": "45m"})
    assert task.values["max_duration"] == 2700
    from scout.errors import UsageError

    with pytest.raises(UsageError, match="write durations with a unit") as err:
        build_task("talks", spec, today=TODAY, set_values={"max_duration": "45"})
    assert err.value.hint == "e.g. max_duration=20m"


def test_plan_and_report_write_the_length_not_its_seconds() -> None:
    from types import SimpleNamespace

    from scout.cli.plan_view import task_lines
    from scout.spec.filters import FILTERS

    task = build_task("charlas de 1h30 como mucho", INPUTS, today=TODAY)
    plan = SimpleNamespace(task=task.model_dump(mode="json"), task_error=None)
    line = next(ln for ln in task_lines(plan) if "[max_duration]" in ln)
    assert "1 h 30 min" in line and "5400" not in line
    assert FILTERS["value"](5400, "duration", lang="es") == "1 h 30 min"


# a warranty, a delivery time, a contract: said in the calendar's units (a year is 365.25
# days, a month a twelfth of it), in both languages; an age or a rate is no length
YEAR, WEEK, DAY = 31557600, 604800, 86400


@pytest.mark.parametrize("query,seconds", [
    ("centrífuga con garantía de 2 años", 2 * YEAR),
    ("a freezer with a 3-year warranty", 3 * YEAR),
    ("balanza, entrega en menos de 2 semanas", 2 * WEEK),
    ("delivered within 10 days", 10 * DAY),
    ("un contrato de 6 meses", YEAR // 2),
    ("garantía de un año", YEAR),
    ("entrega de 2 a 3 semanas", 2 * WEEK),
])
def test_the_calendar_s_units_are_lengths(query, seconds) -> None:
    task = build_task(query, {"length": InputSpec(type="duration")}, today=TODAY)
    assert task.values["length"] == seconds, task.notes


@pytest.mark.parametrize("query", [
    "libros para una niña de 12 años de edad",      # an age
    "a book for a 12-year-old",
    "apoyo escolar para un niño de 9 años",          # whose age: a person right before it
    "clases de refuerzo para mi hija de 12 años",
    "clases para alumnos de 14 años",
    "tarifa de 30 € a month",                        # a rate's period, no count
    "hotel next week",
    "piso para el mes que viene",
])
def test_an_age_a_rate_or_a_when_is_no_length(query) -> None:
    task = build_task(query, {"length": InputSpec(type="duration")}, today=TODAY)
    assert task.values["length"] is None, task.notes


def test_a_child_s_age_leaves_the_length_to_the_words_that_say_it() -> None:
    """"un niño de 9 años, dos horas a la semana": the years are the child's age, which an
    integer input that counts years reads; the length asked is the two hours."""
    spec = {"weekly": InputSpec(type="duration", aliases=["a la semana", "a week"]),
            "age": InputSpec(type="integer", aliases=["años", "years old"])}
    task = build_task("apoyo escolar para un niño de 9 años, dos horas a la semana", spec,
                      today=TODAY)
    assert (task.values["weekly"], task.values["age"]) == (2 * 3600, 9), task.notes
    task = build_task("un contrato de 2 años para un niño", {"length": InputSpec(type="duration")},
                      today=TODAY)
    assert task.values["length"] == 2 * YEAR, task.notes


def test_two_lengths_are_told_apart_by_their_words() -> None:
    """A warranty's and a delivery's lengths in one kind are read as memory and storage
    are: each next to its name or an alias; one with neither's words is not guessed."""
    spec = {"min_warranty": InputSpec(type="duration", aliases=["garantía", "warranty"]),
            "max_delivery": InputSpec(type="duration", aliases=["entrega", "delivery"])}
    task = build_task("entrega en 3 semanas, 2 años de garantía", spec, today=TODAY)
    assert (task.values["min_warranty"], task.values["max_delivery"]) == (2 * YEAR, 3 * WEEK)
    task = build_task("a 2-year warranty", spec, today=TODAY)
    assert (task.values["min_warranty"], task.values["max_delivery"]) == (2 * YEAR, None)
    task = build_task("balanza, 2 semanas", spec, today=TODAY)
    assert task.values["min_warranty"] is None and task.values["max_delivery"] is None
    assert any(n.startswith("«2 semanas» podría ser") for n in task.notes), task.notes


def test_calendar_lengths_are_written_in_their_unit() -> None:
    from scout.spec.filters import FILTERS

    assert FILTERS["duration"](2 * YEAR, lang="es") == "2 años"
    assert FILTERS["duration"](YEAR) == "1 year"
    assert FILTERS["duration"](3 * WEEK) == "3 weeks"
    assert FILTERS["value"](10 * DAY, "duration", lang="es") == "10 días"
    assert FILTERS["duration"](5400) == "1 h 30 min"            # as before
    assert coerce("duration", "2 years") == 2 * YEAR            # a default, --set


@pytest.mark.parametrize("query", [
    "talks from the last 2 years", "artículos de los últimos 3 años", "hace 2 años",
    "papers from 2 years ago", "mantenimiento cada 2 semanas", "in the past 5 years",
])
def test_a_recent_window_or_a_frequency_is_no_length(query) -> None:
    task = build_task(query, {"length": InputSpec(type="duration")}, today=TODAY)
    assert task.values["length"] is None, task.notes


# days and weeks: a turnaround or a delivery time ("entrega en 3 días"), whole days of 24
# hours; "a day" / "a week" after an amount is a rate, never a length
TURNAROUND = {"max_turnaround": InputSpec(type="duration", aliases=["entrega", "delivery"]),
              "budget": InputSpec(type="money")}


@pytest.mark.parametrize("query,seconds", [
    ("traductor jurado, entrega en 3 días", 3 * 86400),
    ("proofreading within 5 business days", 5 * 86400),
    ("transcripción en un plazo de 10 días laborables", 10 * 86400),
    ("subtitulado en 2 semanas", 14 * 86400),
    ("delivery in two days, under 500 EUR", 2 * 86400),
    ("translation in 48 hours", 48 * 3600),
])
def test_days_and_weeks_are_lengths(query, seconds) -> None:
    task = build_task(query, TURNAROUND, today=TODAY)
    assert task.values["max_turnaround"] == seconds, task.notes


@pytest.mark.parametrize("query", ["subtitling under 20 EUR a day", "un día de visita",
                                   "la semana que viene"])
def test_a_day_said_as_a_rate_or_a_date_is_no_length(query) -> None:
    task = build_task(query, TURNAROUND, today=TODAY)
    assert task.values.get("max_turnaround") in (None, 86400 if "un día" in query else None)


def test_a_written_length_takes_days_and_shows_them() -> None:
    from scout.i18n.numbers import format_duration

    assert coerce("duration", "3 days") == 3 * 86400
    assert coerce("duration", "2 semanas") == 14 * 86400
    assert format_duration(3 * 86400, "es") == "3 días"
    assert format_duration(86400, "en") == "1 day"
    assert format_duration(90000, "en") == "25 h"  # not whole days: hours, as before


# two lengths in one kind (the audio to transcribe and the turnaround): each input takes
# the one its own words stand next to, and never one the other's words name, whichever is
# declared first
TWO = {"length": InputSpec(type="duration", aliases=["audio", "grabación"]),
       "max_turnaround": InputSpec(type="duration", aliases=["entrega", "delivery", "plazo"])}


@pytest.mark.parametrize("query,length,turnaround", [
    ("traductor jurado, entrega en 3 días", None, 3 * 86400),
    ("transcription of 20 hours of audio, delivery within 5 business days", 72000, 5 * 86400),
    ("transcription of 20 hours of audio in 10 days", 72000, 10 * 86400),
    ("subtitulado de 5 vídeos de 10 minutos, entrega en una semana", 600, 7 * 86400),
    ("transcripción, 2 semanas de plazo, 3 horas de grabación", 3 * 3600, 14 * 86400),
    # no words name it: a limit (max_...) is asked with its words, a bare length says what
    # the thing is
    ("subtitulado de 5 vídeos de 10 minutos al catalán", 600, None),
])
def test_two_lengths_go_by_their_words(query, length, turnaround) -> None:
    for inputs in (TWO, dict(reversed(list(TWO.items())))):
        task = build_task(query, inputs, today=TODAY)
        assert (task.values.get("length"), task.values.get("max_turnaround")) == \
            (length, turnaround), (list(inputs), task.notes)


def test_an_alias_that_takes_in_the_unit_labels_its_length() -> None:
    """An author's alias may hold the unit ("hours of", "horas de"): it names the length
    it runs on from, so two limits are still told apart."""
    spec = {"max_length": InputSpec(type="duration", aliases=["hours of", "horas de"]),
            "max_turnaround": InputSpec(type="duration", aliases=["entrega", "delivery"])}
    task = build_task("transcripción de 20 horas de entrevistas", spec, today=TODAY)
    assert (task.values["max_length"], task.values["max_turnaround"]) == (72000, None), task.notes
    task = build_task("transcripción, 20 horas", spec, today=TODAY)  # neither's words
    assert (task.values["max_length"], task.values["max_turnaround"]) == (None, None)


@pytest.mark.parametrize("query, seconds", [
    # a unit letter that opens a code is a model's name, no length: eight GPUs, not 8 h
    ("8 H100 for two weeks", 1209600),
    ("necesito 8 H100 de 80 GB durante 2 semanas", 1209600),
    ("2 A100s, 4 M60 cards", None),
    ("piso de 60m2, visita de 2 horas", 7200),
    # "1h30" still writes its minutes right after the hours
    ("un tutorial de 1h30", 5400),
])
def test_a_unit_letter_that_opens_a_code_is_no_length(query, seconds) -> None:
    task = build_task(query, INPUTS, today=TODAY)
    assert task.values["max_duration"] == seconds, task.notes


@pytest.mark.parametrize("query", [
    "una GPU por horas sueltas, menos de 1 dólar la hora",
    "a GPU we rent by the hours we use",
])
def test_a_bare_plural_unit_is_no_length(query) -> None:
    # "horas" with no number counts none: "por horas" says how it is rented, not for 1 h
    # (the price's "la hora" is the budget's unit)
    task = build_task(query, {**INPUTS, "budget": InputSpec(type="money")}, today=TODAY)
    assert task.values["max_duration"] is None, task.notes


def test_a_bare_singular_hour_is_still_one() -> None:
    assert build_task("clases de hora y media", INPUTS, today=TODAY).values["max_duration"] == 5400
    assert build_task("a tutorial under an hour", INPUTS, today=TODAY).values["max_duration"] == 3600


STAY = {"place": InputSpec(type="place"), "length": InputSpec(type="duration"),
        "dates": InputSpec(type="date"), "budget": InputSpec(type="money")}


@pytest.mark.parametrize("query,seconds", [
    # "for a week" is one week, as "una semana" and "one week" are (found writing
    # examples/boats: "a sailboat in Mallorca for a week in July" read no length)
    ("sailboat in Mallorca for a week in July", WEEK),
    ("boat hire in Ibiza for a day, 6 people", DAY),
    ("storage in Leeds for a month", 2629800),
])
def test_for_a_unit_is_one_of_it(query: str, seconds: int) -> None:
    task = build_task(query, STAY, today=TODAY)
    assert task.values["length"] == seconds, task.notes


@pytest.mark.parametrize("query", [
    "flat in Lisbon, €300 a week",          # a rate's period, no length
    "gym in Leeds, £30 a month",
    "boat in Mallorca for a few days",      # no count said
    "tours in Madrid for a day trip to Toledo",  # the unit names a thing
    "gym in Leeds for a day pass under £15",
])
def test_a_unit_after_an_amount_or_with_no_count_is_no_length(query: str) -> None:
    assert build_task(query, STAY, today=TODAY).values.get("length") is None
