"""What a request opens with right before a topic's cue ("tweets sobre elecciones",
"podcasts about history") is what the topic is of, never a place, for any kind with a
subject and a place: it was read as the place "Tweets Sobre". A place the gazetteer knows
there, or one named after its own cue, is still the place. Inputs are written here."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 6)
INPUTS = {"topic": InputSpec(type="subject"), "place": InputSpec(type="place")}
LANGUAGE = InputSpec(type="string", enum=["spanish", "catalan"],
                     synonyms={"spanish": ["en español"], "catalan": ["en catalán"]})


def read(query: str, inputs: dict[str, InputSpec] = INPUTS) -> tuple[object, object]:
    values = parse_query(query, inputs, today=TODAY).values
    return values.get("topic"), values.get("place")


@pytest.mark.parametrize("query, topic", [
    ("tweets sobre elecciones", "elecciones"),
    ("tweets about elections", "elections"),
    ("podcasts sobre historia medieval", "historia medieval"),
    ("noticias acerca de la inflación", "inflación"),
])
def test_what_opens_before_a_topic_cue_is_no_place(query, topic):
    assert read(query) == (topic, None)


def test_nor_with_another_inputs_words_between():
    inputs = {**INPUTS, "language": LANGUAGE}
    assert read("tweets en español sobre elecciones", inputs) == ("elecciones", None)
    assert read("noticias en catalán sobre política", inputs) == ("política", None)


@pytest.mark.parametrize("query, topic, place", [
    ("tweets sobre elecciones en Madrid", "elecciones", "Madrid"),
    ("Madrid sobre todo barato", None, "Madrid"),
    ("sevilla tapas", "tapas", "Sevilla"),
])
def test_a_place_is_still_read(query, topic, place):
    assert read(query) == (topic, place)


@pytest.mark.parametrize("query, topic", [
    ("imágenes de plantas etiquetadas, menos de 10 GB", "imágenes de plantas etiquetadas"),
    ("fotos de aves clasificadas, menos de 2 GB", "fotos de aves clasificadas"),
])
def test_a_plural_participle_typed_last_is_no_place(query, topic):
    """Typed in lower case with no cue, a plural participle describes what is asked, as
    an adjective does ("equipo pequeño"): it was read as the place "Etiquetadas"."""
    inputs = {**INPUTS, "max_size": InputSpec(type="data_size")}
    assert read(query, inputs) == (topic, None)


@pytest.mark.parametrize("query, topic", [
    ("bike sharing trips in Barcelona", "bike sharing trips"),
    ("labelled plant image collections in Madrid", "labelled plant image collections"),
])
def test_a_word_inside_a_noun_phrase_is_no_slip(query, topic):
    """A real word one letter from a frame word ("sharing" / "starting", "plant" /
    "plans") between two of the subject's words is itself, not a slip that ends the
    subject: it read "bike" and "labelled"."""
    assert read(query)[0] == topic


@pytest.mark.parametrize("query, topic, place", [
    ("encuestas de hogares de América Latina", "encuestas de hogares", "América Latina"),
    ("mapas de ríos de América del Sur", "mapas de ríos", "América del Sur"),
    # a lower-case town after the only "de" is still the place, read the chat way
    ("el mejor ramen de lyon", "ramen", "Lyon"),
])
def test_a_named_place_after_a_later_de_leaves_the_first_de_to_the_topic(query, topic, place):
    """Typed with capitals after a later "de", a name is the place: the first "de" and
    its lower-case word are the topic's ("de hogares"), not the start of a place
    "Hogares de America Latina" that left the topic "encuestas"."""
    assert read(query) == (topic, place)
