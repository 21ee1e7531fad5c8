"""SPEC086: an enum value or synonym that is a grammar word alone ("with", "con", "a",
"for") is read from nearly every request ("with a pool", "a hotel"), so `scout validate`
warns at the word, unless the input is `labelled` (read only next to its name). Found by
an outside author's health-insurance kind whose copayment enum said `with`."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query
from scout.validate import validate_paths

CONFIG = Path(__file__).resolve().parent / "fixtures" / "adapters.yaml"
KIND = """apiVersion: scout/v1
kind: Pipeline
name: plans
inputs:
  place: {type: place}
  copayment: {type: string, enum: [VALUES], synonyms: {SYNONYMS}LABELLED}
phases:
  F0: {uses: task, produces: [task]}
  F1:
    uses: search
    needs: [task]
    produces: [candidates]
    chain: web
    with: {query: "plans {{ task.place }} {{ task.copayment }}", extract: {record: candidate}}
"""


def _grammar(tmp_path: Path, values: str, synonyms: str = "", labelled: bool = False) -> list:
    spec = tmp_path / "plans.yaml"
    spec.write_text(KIND.replace("VALUES", values).replace("SYNONYMS", synonyms)
                    .replace("LABELLED", ", labelled: true" if labelled else ""))
    return [p for p in validate_paths([spec], config=CONFIG).files[0].problems
            if p.code == "SPEC086"]


def test_a_grammar_word_as_an_enum_value_is_a_located_warning(tmp_path) -> None:
    found = _grammar(tmp_path, "none, with, partial", "partial: [con, copago parcial]")
    line = (tmp_path / "plans.yaml").read_text().splitlines()[5]
    assert [(p.severity, p.location.line, p.location.col) for p in found] == [
        ("warning", 6, line.index("with") + 1), ("warning", 6, line.index("con,") + 1)]
    assert "'with'" in found[0].message and "labelled" in found[0].hint
    # what the warning is about: requests say the word about anything, so the enum reader
    # takes it only typed as a code or beside the input's name (scout/task/enums.py), and a
    # request that means the value in words is missed
    inputs = {"place": InputSpec(type="place"),
              "copayment": InputSpec(type="string", enum=["none", "with", "partial"])}
    said = parse_query("health insurance in Madrid with dental", inputs,
                       today=dt.date(2026, 12, 6))
    assert said.values.get("copayment") is None


@pytest.mark.parametrize(("values", "synonyms", "labelled"), [
    ("none, copay, partial", "copay: [con copago, with copayment]", False),  # phrases
    ("none, with, partial", "", True),                        # read next to its name only
    ("online, in-person", "in-person: [presencial]", False),
])
def test_words_of_their_own_or_a_labelled_input_are_not_reported(
        tmp_path, values: str, synonyms: str, labelled: bool) -> None:
    assert _grammar(tmp_path, values, synonyms, labelled) == []
