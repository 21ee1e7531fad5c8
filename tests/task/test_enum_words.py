"""How an input's enum words are found in a request, for any kind: a synonym whose last
syllable is stressed ("francés", "inglés") is no plural whose singular names something
else ("France" is no language), and a ``list`` input's label ("en formato CSV", "CSV
format") is claimed with its value as a one-value enum's is, so it is no place or
subject. Inputs are written here, not taken from an example kind."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query
from scout.task.readers import name_forms

TODAY = dt.date(2026, 12, 6)

LANGUAGE = InputSpec(type="string", enum=["spanish", "english", "french", "portuguese"],
                     synonyms={"spanish": ["español"], "english": ["inglés"],
                               "french": ["francés"], "portuguese": ["portugués"]})
INPUTS = {"topic": InputSpec(type="subject"), "region": InputSpec(type="place"),
          "language": LANGUAGE}
FORMATS = InputSpec(type="list", items="string", enum=["csv", "json", "excel"],
                    aliases=["format", "formato"])


def read(query: str, inputs: dict[str, InputSpec]) -> dict[str, Any]:
    return dict(parse_query(query, inputs, today=TODAY).values)


@pytest.mark.parametrize("word, not_a_form", [
    ("francés", "france"), ("inglés", "ingle"), ("portugués", "portugue"), ("país", "pai"),
    ("autobús", "autobu")])
def test_a_stressed_last_syllable_is_no_plural(word, not_a_form):
    import re
    forms = name_forms([word])
    assert not re.fullmatch(forms, not_a_form)
    # the word itself and its plural still are
    plural = {"país": "paises", "autobús": "autobuses"}.get(word, word.replace("é", "e") + "es")
    assert re.fullmatch(forms, word.replace("é", "e").replace("í", "i").replace("ú", "u"))
    assert re.fullmatch(forms, plural)


def test_a_plural_synonym_still_has_its_singular():
    import re
    assert re.fullmatch(name_forms(["mascotas"]), "mascota")
    assert re.fullmatch(name_forms(["gastos"]), "gasto")


@pytest.mark.parametrize("query, region, language", [
    ("datasets of road accidents in France", "France", None),
    ("road accident data in France in French", "France", "french"),
    ("datos de accidentes en Inglaterra en inglés", "Inglaterra", "english"),
])
def test_a_country_is_no_language_word(query, region, language):
    values = read(query, INPUTS)
    assert values.get("region") == region
    assert values.get("language") == language


@pytest.mark.parametrize("query, formats, label_left", [
    ("censo de población de España en formato CSV", ["csv"], "formato"),
    ("air quality data in Madrid, CSV format", ["csv"], "format"),
    ("datos de paro en formato Excel o JSON", ["excel", "json"], "formato"),
])
def test_a_list_inputs_label_is_claimed_with_its_value(query, formats, label_left):
    values = read(query, {"topic": InputSpec(type="subject"),
                          "region": InputSpec(type="place"), "formats": FORMATS})
    assert values["formats"] == formats
    assert label_left not in str(values.get("region") or "").lower()
    assert label_left not in str(values.get("topic") or "").lower()


DESKS = {"city": InputSpec(type="place"),
         "seats": InputSpec(type="integer", aliases=["personas", "people", "puestos", "desks"]),
         "desk": InputSpec(type="string", enum=["hot_desk", "fixed_desk"],
                           synonyms={"hot_desk": ["puesto flexible", "flexible desk"],
                                     "fixed_desk": ["puesto fijo", "dedicated desk"]})}


@pytest.mark.parametrize("query, seats, desk", [
    ("2 puestos fijos en Valencia", 2, "fixed_desk"),
    ("2 puestos flexibles en Madrid", 2, "hot_desk"),
    ("un puesto flexible en Bilbao", 1, "hot_desk"),
    ("2 puestos en Valencia", 2, None),                    # no word of the desk after it
    ("puesto fijo para 3 personas en Valencia", 3, "fixed_desk"),
])
def test_a_counted_noun_is_also_the_head_of_an_enum_synonym(query, seats, desk):
    """A count reads "2 puestos"; the synonym "puesto fijo" shares its noun, so the word
    after it still names the desk: the request asked for both."""
    values = read(query, DESKS)
    assert (values.get("seats"), values.get("desk")) == (seats, desk)


PETS = {"place": InputSpec(type="place"),
        "pets": InputSpec(type="integer", aliases=["mascotas", "perros", "gatos", "dogs", "cats"]),
        "pet": InputSpec(type="string", enum=["dog", "cat"],
                         synonyms={"dog": ["perro", "perros", "dogs"], "cat": ["gato", "gatos", "cats"]})}


@pytest.mark.parametrize("query, pets, pet", [
    ("residencia para 2 perros en Madrid", 2, "dog"),
    ("cuidador para mis dos gatos en Valencia", 2, "cat"),
    ("dog boarding in Leeds for 3 dogs", 3, "dog"),
    ("sitter in Bristol for two cats", 2, "cat"),
    ("cuidador para 2 mascotas en Sevilla", 2, None),       # the count's noun names no pet
])
def test_a_counts_noun_that_is_an_enum_word_is_read_by_both(query, pets, pet):
    """"2 perros" for a count aliased "perros" beside an enum whose synonym is "perros"
    says how many and what: the count took the whole of it, and the pet was lost."""
    values = read(query, PETS)
    assert (values.get("pets"), values.get("pet")) == (pets, pet)


GPUS = {"gpus": InputSpec(type="integer", aliases=["GPUs", "H100", "A100", "RTX 4090"]),
        "gpu": InputSpec(type="string", enum=["h100", "a100", "rtx4090"],
                         synonyms={"rtx4090": ["RTX 4090"]}),
        "topic": InputSpec(type="subject")}


@pytest.mark.parametrize("query, gpus, gpu", [
    ("4x RTX 4090 para una semana", 4, "rtx4090"),
    ("8x H100 for two weeks", 8, "h100"),
    ("2× A100 in the EU", 2, "a100"),
    ("8 H100 for two weeks", 8, "h100"),
    # a spaced "x" is chat Spanish's "por", and "4x4" counts nothing asked
    ("alquiler de 4x4 con 2 A100", 2, "a100"),
])
def test_a_count_written_with_a_times_sign_is_read(query, gpus, gpu):
    """"4x RTX 4090" is how many and what, as "4 RTX 4090" is: the glued "x" hid the count."""
    values = read(query, GPUS)
    assert (values.get("gpus"), values.get("gpu")) == (gpus, gpu)
