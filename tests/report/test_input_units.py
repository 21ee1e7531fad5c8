"""A plain number input shows the unit its declaration says in "What you asked": the
broadband kind's least speed read "velocidad mínima | 600", a number with no unit. The
rule (scout/spec/inputunit.py) reads the description's "in X" and the aliases, for any
kind; both languages; the shipped broadband kind run offline, and kinds written here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scout.spec.filters import input_unit
from scout.spec.inputunit import declared_unit
from scout.testing import FakeProviders, Result, run_pipeline

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("spec, unit", [
    # the description names an alias
    ({"type": "number", "aliases": ["GHz", "gigahercios"],
      "description": "the least clock speed, in GHz"}, "GHz"),
    # a word unit gives way to the symbol its aliases write ("litres" → "L")
    ({"type": "number", "aliases": ["litros", "litres", "L"],
      "description": "the tank's size, in litres"}, "L"),
    # no description unit: the first alias written as a symbol, not a label
    ({"type": "number", "aliases": ["potencia", "kVA"], "description": "the power"}, "kVA"),
    ({"type": "number", "aliases": ["dB", "decibelios"]}, "dB"),
    ({"type": "number", "aliases": ["m²", "metros"], "description": "la superficie"}, "m²"),
    # a symbol the description writes that no alias does
    ({"type": "number", "aliases": ["humedad"], "description": "humidity, in %"}, "%"),
    # capitals alone are labels (an APR, a TAE), and an integer is a count
    ({"type": "number", "aliases": ["APR", "TAE"], "description": "the rate"}, None),
    ({"type": "integer", "aliases": ["GPUs", "tarjetas"], "description": "how many"}, None),
    ({"type": "integer", "aliases": ["semanas", "weeks"],
      "description": "delivered within this many weeks"}, None),
    # the description's "in" names no unit
    ({"type": "number", "aliases": ["plazas"], "description": "seats in the room"}, None),
    # another type shows its own unit already
    ({"type": "money", "aliases": ["EUR"], "description": "the budget, in EUR"}, None),
])
def test_a_number_inputs_unit_is_what_its_declaration_says(spec: dict, unit: str | None
                                                            ) -> None:
    assert declared_unit(spec) == unit


def test_the_unit_is_written_as_each_language_writes_it() -> None:
    speed = {"type": "number", "aliases": ["Mbps"], "description": "speed, in Mbps"}
    assert input_unit("1.000", speed, lang="es") == "1.000 Mbps"
    share = {"type": "number", "description": "the deposit, in % of the price"}
    assert input_unit("20", share, lang="en") == "20%"
    assert input_unit("20", share, lang="es") == "20 %"  # Spanish spaces its percent
    age = {"type": "integer", "aliases": ["meses", "months"],
           "description": "the baby's age, in months"}
    assert input_unit("9", age, lang="en") == "9 months"
    assert input_unit("9", age, lang="es") == "9 meses"
    # a word the catalog does not give in Spanish is not shown in English there
    odd = {"type": "number", "aliases": ["fathoms"], "description": "depth, in fathoms"}
    assert input_unit("3", odd, lang="es") == "3"
    assert input_unit("—", speed, lang="en") == "—"
    # a label that says the unit already is not said twice
    assert input_unit("-80", {"type": "number", "aliases": ["°C"]}, "temperature (°C)") == "-80"
    assert input_unit("18", age, "edad en meses", lang="es") == "18"
    assert input_unit("18", age, "edad", lang="es") == "18 meses"


@pytest.mark.parametrize("query, shown", [
    ("fibra de 600 megas en Valencia por menos de 30 € al mes", "600 Mbps"),
    ("fibre broadband in Manchester, at least 500 Mbps, under 35 GBP a month", "500 Mbps"),
])
def test_broadbands_speed_shows_its_unit_in_what_you_asked(query: str, shown: str,
                                                           tmp_path: Path) -> None:
    with FakeProviders() as fake:
        fake.search(r".", [Result("Fibra Turia 600Mb", "https://turia.example/fibra",
                                  "Fibra 600Mb: 25 €/mes. Sin permanencia.")])
        run = run_pipeline(ROOT / "examples" / "broadband" / "pipelines" / "broadband.yaml",
                           fake=fake, workdir=tmp_path, query=query)
    assert run.exit_code == 0
    # the "What you asked" row: label | understood as | taken from (the query)
    rows = re.findall(r"^\| ([^|]+) \| ([^|]+) \| ([^|]+) \|$", run.report, re.M)
    assert any(value == shown and source in ("query", "petición", "consulta")
               for _, value, source in rows), rows


@pytest.mark.parametrize("spec, text, lang, shown", [
    # a unit everyone writes as a word, named by the description though no alias says it,
    # in the report's language, singular for one
    ({"type": "number", "description": "the longest walk, in kilómetros"}, "1", "en",
     "1 kilometre"),
    ({"type": "number", "description": "the longest walk, in kilómetros"}, "12,5", "es",
     "12,5 kilómetros"),
    ({"type": "number", "aliases": ["duración"], "description": "how long, in hours"}, "1",
     "es", "1 hora"),
    ({"type": "number", "aliases": ["duración"], "description": "how long, en horas"}, "2",
     "en", "2 hours"),
    # "how many nights" / "cuántas noches" says the unit of a count
    ({"type": "integer", "aliases": ["estancia"], "description": "how many nights"}, "1", "es",
     "1 noche"),
    ({"type": "integer", "description": "cuántas noches"}, "7", "en", "7 nights"),
    ({"type": "integer", "description": "cuántos días dura"}, "1", "en", "1 day"),
    # a month count named by an alias, one month in the singular in both languages
    ({"type": "integer", "aliases": ["meses", "months"],
      "description": "the longest term, in months"}, "1", "es", "1 mes"),
    ({"type": "integer", "aliases": ["meses", "months"],
      "description": "the longest term, in months"}, "1", "en", "1 month"),
    # a count the description names no unit of stays bare
    ({"type": "integer", "description": "how many people"}, "4", "es", "4 personas"),
    ({"type": "integer", "description": "how many lines"}, "2", "es", "2"),
])
def test_a_word_unit_is_said_in_the_reports_language_and_number(
        spec: dict, text: str, lang: str, shown: str) -> None:
    assert input_unit(text, spec, lang=lang) == shown


def test_a_label_that_names_the_unit_in_another_number_is_not_said_twice() -> None:
    nights = {"type": "integer", "aliases": ["noches"], "description": "how many nights"}
    assert input_unit("1", nights, "noches", lang="es") == "1"
    assert input_unit("3", nights, "nights", lang="en") == "3"


@pytest.mark.parametrize("value, word, lang, shown", [
    (40, "hours", "es", "40 horas"), (1, "horas", "en", "1 hour"), (1.0, "noches", "es", "1 noche"),
    (2.5, "kilometres", "es", "2,5 kilómetros"), (1500, "pages", "en", "1,500 pages"),
    (3, "fathoms", "es", "3 fathoms"), (None, "hours", "en", "—"),
])
def test_the_unit_filter_says_a_number_with_its_unit_word(value: object, word: str, lang: str,
                                                         shown: str) -> None:
    from scout.spec.filters import unit

    assert unit(value, word, lang=lang) == shown
