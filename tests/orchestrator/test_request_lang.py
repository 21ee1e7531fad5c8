"""The request's language before any phase (``asked_lang``), and a ``--set`` value an input
refuses (USE001) said in it, naming the input in the kind's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.errors import UsageError
from scout.orchestrator.mission_request import asked_lang, coerce_inputs
from scout.spec.models import Pipeline

ROOT = Path(__file__).resolve().parents[2]


def _pipeline() -> Pipeline:
    return Pipeline.model_validate({
        "apiVersion": "scout/v1", "kind": "Pipeline", "name": "p",
        "inputs": {"budget": {"type": "money", "description": "most you want to pay"},
                   "sort": {"type": "string", "enum": ["price", "rating"]}},
        "phases": {"F0": {"uses": "task", "produces": ["task"]}}})


@pytest.mark.parametrize("query,overrides,default,lang", [
    ("busca hoteles en Barcelona para septiembre por menos de 200 EUR", {}, "en", "es"),
    ("find hotels in Barcelona under 200 EUR", {}, "es", "en"),
    ("find hotels in Barcelona", {"lang": "español"}, "en", "es"),
    ("busca hoteles en Barcelona", {"lang": "klingon"}, "en", "es"),  # refused: the words
    (None, {}, "es", "es"),  # a Mission file without a query: the config's default
    ("   ", {}, "en", "en"),
])
def test_asked_lang(query, overrides, default, lang) -> None:
    assert asked_lang(query, overrides, default) == lang


def test_a_refused_value_is_said_in_the_request_language() -> None:
    with pytest.raises(UsageError) as es:
        coerce_inputs(_pipeline(), {"budget": "barato"}, lang="es")
    assert es.value.code == "USE001"
    assert es.value.message.startswith("la entrada «")
    assert "no es un importe" in es.value.message and "'barato'" in es.value.message
    assert es.value.hint == "p. ej., --set budget=200 EUR"  # the key --set takes, untranslated
    with pytest.raises(UsageError) as en:
        coerce_inputs(_pipeline(), {"budget": "cheap"})
    assert en.value.message.startswith("input 'budget' (money): 'cheap' is not an amount")
    assert en.value.hint == "e.g. --set budget=200 EUR"


def test_an_unknown_input_and_an_off_enum_value_in_spanish() -> None:
    with pytest.raises(UsageError) as exc:
        coerce_inputs(_pipeline(), {"budgte": "200 EUR"}, lang="es")
    assert "no tiene la entrada 'budgte'" in exc.value.message
    assert exc.value.hint == "¿quizá querías decir 'budget'?"
    with pytest.raises(UsageError) as off:
        coerce_inputs(_pipeline(), {"sort": "cheap"}, lang="es")
    assert "no es ninguno de los valores admitidos" in off.value.message
    assert off.value.hint == "p. ej., --set sort=price"
    with pytest.raises(UsageError) as bad_lang:
        coerce_inputs(_pipeline(), {"lang": "fr"}, lang="es")
    assert bad_lang.value.message == \
        "la entrada «lang»: 'fr' no es un idioma en el que escriba scout; usa en o es"


def test_the_kind_words_name_the_input(tmp_path: Path) -> None:
    """A project catalog's word for the input and its description name it in Spanish."""
    po = tmp_path / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "budget"\nmsgstr "tope"\n\n'
                  'msgid "most you want to pay"\nmsgstr "lo máximo que quieres pagar"\n',
                  encoding="utf-8")
    with pytest.raises(UsageError) as exc:
        coerce_inputs(_pipeline(), {"budget": "x"}, lang="es", locales=tmp_path / "locales")
    assert exc.value.message.startswith("la entrada «tope (lo máximo que quieres pagar)»")


@pytest.mark.parametrize("value", ["Barcelona " * 100_000, ["a" * 9_000, "b" * 2_000]])
def test_a_value_longer_than_any_input_takes_is_refused_in_the_request_language(
        value: object) -> None:
    """A 1 MB value (an agent's `set`, a pasted --set) went whole into the Task, every
    search and the result: refused before it is read, in the request's language, short."""
    pipeline = Pipeline.model_validate({
        "apiVersion": "scout/v1", "kind": "Pipeline", "name": "p",
        "inputs": {"place": {"type": "string"}, "tags": {"type": "list", "items": "string"}},
        "phases": {"F0": {"uses": "task", "produces": ["task"]}}})
    name = "place" if isinstance(value, str) else "tags"
    with pytest.raises(UsageError) as es:
        coerce_inputs(pipeline, {name: value}, lang="es")
    assert es.value.code == "USE001" and "caracteres es más largo" in es.value.message
    assert "(como mucho 10" in es.value.message and len(es.value.message) < 300
    with pytest.raises(UsageError) as en:
        coerce_inputs(pipeline, {name: value})
    assert f"input '{name}'" in en.value.message and "at most 10" in en.value.message
    long_enough = " ".join(["Barcelona"] * 900)  # 9,000 characters: taken
    assert coerce_inputs(pipeline, {"place": long_enough}) == {"place": long_enough}
