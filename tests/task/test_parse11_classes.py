"""Classes of misreads found probing the newest example kinds (courses, wines, trips,
jobs) with requests as a lab member types them, both languages, and guards for what must
stay as it was. The clock is injected (today is Sunday 6 December 2026)."""

from __future__ import annotations

import datetime as dt

from pathlib import Path

import pytest

from scout.spec.loader import load_spec
from scout.spec.models import InputSpec
from scout.task.lang import detect
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 6)  # a Sunday
ROOT = Path(__file__).resolve().parents[2]


def kind_inputs(name: str) -> dict[str, InputSpec]:
    """The inputs of an example kind as its author wrote them."""
    loaded, _ = load_spec(str(ROOT / "examples" / name / "pipelines" / f"{name}.yaml"))
    assert loaded is not None
    return dict(loaded.model.inputs)


COURSES = kind_inputs("courses")
WINES = kind_inputs("wines")
TRIPS = kind_inputs("trips")
JOBS = kind_inputs("jobs")


def values(query: str, inputs: dict[str, InputSpec]) -> dict[str, object]:
    return {k: str(v) for k, v in parse_query(query, inputs, today=TODAY).values.items()}


# ------------------------------- a one-letter word after in / en: a language, not a place
@pytest.mark.parametrize("query, topic, place", [
    ("statistics in R", "statistics in R", None),
    ("programación en R", "programación en R", None),
    ("a course in C", "C", None),
    ("curso de estadística en R en Madrid", "estadística en R", "Madrid"),
    ("machine learning in R in Madrid", "machine learning in R", "Madrid"),
    ("introducción a la programación en C en Sevilla", None, "Sevilla"),
    ("statistics in R taught in Spanish", "statistics in R", None),
    ("cursos de estadística en R en español", "estadística en R", None),
])
def test_one_letter_after_in_is_no_place(query: str, topic: str | None, place: str | None) -> None:
    got = values(query, COURSES)
    assert got.get("place") == place, got
    if topic is not None:
        assert got.get("topic") == topic, got


def test_language_after_one_letter_is_the_language_input() -> None:
    got = values("statistics in R taught in Spanish", COURSES)
    assert got.get("language") == "spanish" and "place" not in got, got


# ------------------------------------ "de" / "del" outside a name marks Spanish
@pytest.mark.parametrize("query, lang", [
    ("vinos naturales de Georgia", "es"),
    ("ribera del duero crianza", "es"),
    ("crianza de 2019", "es"),
    ("vino tinto de Chile", "es"),
    ("hotels in Palma de Mallorca", "en"),
    ("playa del carmen", "en"),
    ("Playa del Carmen", "en"),
    ("rio de janeiro in march", "en"),
])
def test_de_outside_a_name_is_spanish(query: str, lang: str) -> None:
    assert detect(query) == lang
