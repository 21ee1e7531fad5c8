"""Model errors become located problems in spec language (scout.spec.located)."""

from __future__ import annotations

from scout.spec.located import model_at, validate_located
from scout.spec.basics import Backoff
from scout.spec.models import Phase, Pipeline
from scout.spec.yamlload import load_yaml_text
from scout.stepkit.params import ExtractRules, SearchParams


def _problems(text: str, model=Pipeline, prefix=()):
    loaded, problems = load_yaml_text(text, "x.yaml")
    assert not problems
    data = loaded.data
    for k in prefix:
        data = data[k]
    return validate_located(model, data, loaded.source_map, prefix)[1]


HEAD = "apiVersion: scout/v1\nname: x\nphases:\n"


def test_misspelled_required_key_is_one_problem() -> None:
    ps = _problems(HEAD + "  F1: {usse: task}\n")
    assert [(p.code, p.location.line, p.hint) for p in ps] == [
        ("SPEC010", 4, "did you mean 'uses'?")]
    # a missing key with an unrelated unknown key is still two problems
    ps = _problems(HEAD + "  F1: {zzz: task}\n")
    assert sorted(p.code for p in ps) == ["SPEC010", "SPEC011"]


def test_messages_are_in_spec_language_with_the_value_got() -> None:
    text = HEAD + ("  F1:\n    uses: task\n    max_parallel: 0\n    optional: maybe\n"
                   "    needs: task\n    retry: {attempts: 2.5}\n")
    msgs = {p.location.line: p.message for p in _problems(text)}
    assert msgs[6] == "phases.F1.max_parallel: must be at least 1 (got 0)"
    assert msgs[7] == "phases.F1.optional: must be true or false (got 'maybe')"
    assert msgs[8] == "phases.F1.needs: must be a list, e.g. [a, b] (got 'task')"
    assert msgs[9] == "phases.F1.retry.attempts: must be a whole number (got 2.5)"
    for m in msgs.values():
        assert "Input should" not in m and "pydantic" not in m


def test_cross_key_rule_points_at_the_key() -> None:
    text = HEAD + "  F1:\n    uses: search\n    chain: web\n    adapters: [duckduckgo]\n"
    (p,) = _problems(text)
    assert (p.code, p.location.line, p.location.col) == ("SPEC013", 7, 5)


def test_problems_inside_with_are_located_with_the_prefix() -> None:
    text = HEAD + "  F1:\n    uses: search\n    with:\n      query: q\n      limit: 500\n"
    ps = _problems(text, SearchParams, ("phases", "F1", "with"))
    (p,) = ps
    assert p.location.line == 8 and p.message.startswith("phases.F1.with.limit: must be at most")


def test_model_at_follows_fields_dicts_and_lists() -> None:
    assert model_at(Pipeline, ("phases", "F1")) is Phase
    assert model_at(Pipeline, ("phases", "F1", "retry", "backoff")) is Backoff
    assert model_at(SearchParams, ("extract",)) is ExtractRules
    assert model_at(Pipeline, ("nothing",)) is None


def test_a_word_yaml_read_as_true_false_null_or_a_number_says_to_quote_it() -> None:
    # the docs' own `aliases: [on]` ("tutorials on X") is YAML 1.1's true
    text = HEAD.replace("phases:\n", "inputs:\n") + (
        "  topic: {type: subject, aliases: [on]}\n"
        "  answer: {type: string, enum: [no, \"maybe\"]}\n"
        "  code: {type: string, enum: [\"a\", 7]}\n"
        "  word: {type: string, synonyms: {}, aliases: [~]}\n"
        "phases:\n  F0: {uses: task, produces: [task]}\n")
    ps = {p.location.line: p for p in _problems(text)}
    assert ps[4].message == "inputs.topic.aliases.0: must be text (got True)"
    assert "quotes" in ps[4].hint and "as true" in ps[4].hint
    assert "as false" in ps[5].hint
    assert "as a number" in ps[6].hint
    assert "as nothing" in ps[7].hint
