"""``mentions`` finds an enum word by any of its declared synonyms (``synonyms:`` on the
input, both languages), accent- and case-blind, in every place a template runs: rank
expressions, report templates, with:/if: scopes."""

from __future__ import annotations

from typing import Any

import pytest

from scout.orchestrator.scope import evaluate, make_scope
from scout.spec.filters import SYNONYMS_VAR, mentions, synonym_table
from scout.spec.models import InputSpec
from scout.spec.templating import make_env

INPUTS = {
    "fuel": InputSpec(type="string", enum=["diesel", "petrol", "hybrid"],
                      synonyms={"diesel": ["diésel", "gasóleo"], "hybrid": ["híbrido"]}),
    "features": InputSpec(type="list", items="string", enum=["automatic", "navigation"],
                          synonyms={"automatic": ["automático", "Automática"],
                                    "navigation": ["navegador", "GPS"]}),
    "city": InputSpec(type="string"),
}
TABLE = synonym_table(INPUTS)
SPANISH = {"name": "Toyota Corolla", "evidence": [{"text": "HÍBRIDO, cambio automático, gps"}]}


class Pipeline:
    inputs = INPUTS


def test_the_table_groups_each_enum_value_with_its_synonyms_folded() -> None:
    assert TABLE["hybrid"] == TABLE["hibrido"] == ("hibrido", "hybrid")
    assert set(TABLE["automatica"]) == {"automatic", "automatico", "automatica"}
    assert "petrol" not in TABLE and "city" not in TABLE  # no synonyms: matched as written
    assert synonym_table(None) == {} and synonym_table({}) == {}


@pytest.mark.parametrize("words,every,expected", [
    ("hybrid", True, True),                     # canonical English, Spanish text
    (["automatic", "navigation"], True, True),  # a list input's values
    (["automatic", "camera"], True, False),     # camera: not stated
    (["camera", "hybrid"], False, True),        # every=false
    ("diesel", True, False),
    ("híbrido", True, True),                    # a synonym given finds itself too
])
def test_mentions_reads_synonyms(words: Any, every: bool, expected: bool) -> None:
    assert mentions(SPANISH, words, every, synonyms=TABLE) is expected


def test_the_other_way_round_and_without_a_table() -> None:
    english = {"name": "Toyota Auris Hybrid", "evidence": [{"text": "automatic, navigation"}]}
    assert mentions(english, ["híbrido", "automático", "navegador"], synonyms=TABLE)
    assert not mentions(SPANISH, "hybrid")  # no table: the word as written only
    assert not mentions({"name": "hybridization kit"}, "hybrid", synonyms=TABLE)  # whole words


def test_rank_and_report_templates_get_the_pipelines_synonyms() -> None:
    env = make_env()
    expr = env.compile_expression("car | mentions('hybrid')", undefined_to_none=False)
    assert expr(car=SPANISH, **{SYNONYMS_VAR: TABLE}) is True   # the rank step's scope
    assert expr(car=SPANISH) is False
    report = env.from_string("{{ car | mentions(['hybrid', 'navigation']) }}")
    assert report.render(car=SPANISH, pipeline=Pipeline()) == "True"  # a report's context


def test_phase_scopes_carry_the_table() -> None:
    scope = make_scope(None, {"car": SPANISH}, pipeline=Pipeline())
    assert evaluate("car | mentions('hybrid')", scope) is True
    assert SYNONYMS_VAR not in make_scope(None, {}, pipeline=None)  # nothing to carry: unchanged


@pytest.mark.parametrize("text, word, named", [
    ("Licence: CC-BY-NC-SA 4.0", "cc-by", False),       # a longer code that extends it
    ("Licence: CC-BY 4.0, free to reuse", "cc-by", True),
    ("licensed CC BY-NC", "cc by", False),
    ("Licencia CC-BY-SA", "cc-by-sa", True),
    ("a pet-friendly flat", "pet", True),                 # a plain word still is
    ("short-term lets only", "short-term", True),
])
def test_a_code_is_not_named_by_a_longer_code(text, word, named):
    """A code of several parts ("cc-by") is not named by a longer code that extends it
    with another hyphenated part ("CC-BY-NC-SA"): a dataset under a non-commercial licence
    was kept as CC-BY."""
    assert mentions(text, word) is named


DAY_PART = {"day_part": InputSpec(type="string", enum=["half-day", "full-day"],
                                  synonyms={"half-day": ["half day", "medio día",
                                                         "media jornada"],
                                            "full-day": ["full day", "día completo"]})}


@pytest.mark.parametrize("text,named", [
    ("Tour de medio día por Triana", True),  # a length: the half day
    ("Visita guiada: medio día de visita", True),
    ("Medio día en Toledo", True),
    ("Half day tour of the old town", True),
    ("Tour por Sevilla, salida al medio día, 6 horas", False),  # the hour: noon
    ("Salida a medio día desde la plaza", False),
    ("Almuerzo hacia el medio día, regreso a las 19 h", False),
    ("Abierto hasta el medio día", False),
])
def test_noon_said_as_a_time_of_day_is_no_half_day(text: str, named: bool) -> None:
    """A kind's half-day word "medio día" is a length; after a word that places something
    at a time ("al", "a", "hacia el", "hasta el"), it is noon, as the request reader
    reads it (scout.text.AT_NOON), and a listing saying so offers no half day."""
    assert mentions(text, "half-day", synonyms=synonym_table(DAY_PART)) is named


@pytest.mark.parametrize("text,want", [
    ("tour en Roma a medio día", "tour en Roma"),
    ("sala en Lisboa desde el mediodía del 3 de marzo", "sala en Lisboa del 3 de marzo"),
    ("tour de medio día en Roma", "tour de medio día en Roma"),  # a length stays
])
def test_a_request_reads_noon_as_listings_do(text: str, want: str) -> None:
    from scout.task.noise import untimed

    assert untimed(text) == want


@pytest.mark.parametrize("text, word, named", [
    # a prefix joined by a hyphen that negates or halves the word: not named
    ("Non-refundable rate, 90 EUR", "refundable", False),
    ("non-smoking rooms only", "smoking", False),
    ("no-smoking policy", "smoking", False),
    ("Self-catered flats with shared kitchen", "catered", False),
    ("Semi-furnished flat", "furnished", False),
    ("Habitación semi-amueblada", "amueblada", False),
    ("En-suite rooms from £205", "suite", False),
    ("A pet-free building", "pets", False),
    ("Smoke-free campus", "smoke", False),
    # guards: the word itself, a one-letter prefix, a compound it opens, the word alone
    ("Non-refundable rate, 90 EUR", "non-refundable", True),
    ("Self-catered flats", "self-catered", True),
    ("En-suite rooms from £205", "en-suite", True),
    ("Refundable rate, 90 EUR", "refundable", True),
    ("e-bike rental", "bike", True),
    ("a pet-friendly flat", "pet", True),
    ("Suite with a view; en-suite rooms too", "suite", True),
])
def test_a_prefix_that_negates_or_halves_the_word(text: str, word: str, named: bool) -> None:
    assert mentions(text, word) is named


@pytest.mark.parametrize("text,word,named", [
    # a phrase that carries its own negation is named after another negated one
    ("no copayments and no waiting periods", "no waiting periods", True),
    ("Sin copago, sin carencias.", "sin carencias", True),
    ("no deposit, no contract", "no contract", True),
    # a plain word after a negation is still not named
    ("no copayments and no waiting periods", "waiting periods", False),
    ("sin copago ni carencias", "carencias", False),
])
def test_a_negated_phrase_is_not_undone_by_an_earlier_negation(text: str, word: str,
                                                                 named: bool) -> None:
    assert mentions(text, word) is named


def test_a_word_no_text_names_compiles_no_negation_patterns() -> None:
    # a mission asks every mentions word of every record: the negation patterns (six a
    # word, the costliest compile) are built only for a word some text names
    from scout.spec import evidence

    word = "zq-unlisted-feature"
    before = evidence._negations.cache_info().currsize
    assert mentions("A bright flat, no pets, lift", word) is False
    assert evidence._negations.cache_info().currsize == before
    assert mentions(f"flat with {word}", word) is True
    assert mentions(f"flat, no {word}", word) is False
    assert evidence._negations.cache_info().currsize == before + 1
