"""A word a kind labels in its English catalog only (an enum value ``h100`` written "H100",
an input ``gpu_model`` written "GPU model") reads the same wherever a Spanish reader
meets it: the report, a plan's request, the refusal of a request that leaves it out and
the refusal of a value it does not take all show the English label
(scout.i18n.reader_translations), never the identifier."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.api.askback import refusal
from scout.api.shown import KindWords, shown_value
from scout.errors import UsageError
from scout.orchestrator.mission_request import coerce_inputs
from scout.spec.models import InputSpec, Pipeline

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
INPUTS = {"gpu_model": {"type": "string", "enum": ["h100", "a100"]},
          "gpu_count": {"type": "integer"}}


@pytest.fixture
def locales(tmp_path: Path) -> Path:
    # the Spanish catalog names one value only; the English one labels the rest
    for lang, po in (("es", 'msgid "a100"\nmsgstr "A100 (80 GB)"\n'),
                     ("en", 'msgid "h100"\nmsgstr "H100"\n\nmsgid "gpu_model"\n'
                            'msgstr "GPU model"\n')):
        path = tmp_path / "locales" / lang / "LC_MESSAGES" / "messages.po"
        path.parent.mkdir(parents=True)
        path.write_text(HEADER + po, encoding="utf-8")
    return tmp_path / "locales"


def test_a_plan_shows_the_english_label(locales: Path) -> None:
    catalog = KindWords(frozenset({"gpu_model"}), locales).catalog("es")
    assert shown_value("h100", "string", "es", enum=True, catalog=catalog) == "H100"
    assert shown_value("a100", "string", "es", enum=True, catalog=catalog) == "A100 (80 GB)"


def test_a_request_leaving_it_out_names_it_by_the_english_label(locales: Path) -> None:
    inputs = {n: InputSpec.model_validate(s) for n, s in INPUTS.items()}
    error = refusal(inputs, ["gpu_model"], "es", locales)
    entry = error.to_dict()["missing"][0]
    assert (entry["label"], entry["example"]) == ("GPU model", "H100"), entry
    assert error.message.endswith("GPU model, p. ej. «H100»"), error.message


def test_a_refused_value_names_the_input_by_the_english_label(locales: Path) -> None:
    pipeline = Pipeline.model_validate({
        "apiVersion": "scout/v1", "kind": "Pipeline", "name": "p", "inputs": INPUTS,
        "phases": {"F0": {"uses": "task", "produces": ["task"]}}})
    with pytest.raises(UsageError) as exc:
        coerce_inputs(pipeline, {"gpu_model": "b200"}, lang="es", locales=locales)
    assert "«GPU model»" in exc.value.message, exc.value.message
