"""A kind written by someone else declares the words a request uses for what it finds
(``nouns:``): the parser claims them as it does the kind's name, so "podcasts",
"coworkings" or "guarderías" are neither the subject nor the place; a noun the parser
could never claim is a warning (SPEC079)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.validate import validate_paths

INPUTS = {"topic": InputSpec(type="subject"), "city": InputSpec(type="place")}
TODAY = dt.date(2026, 12, 6)


@pytest.mark.parametrize(("nouns", "query", "topic", "city"), [
    # ("podcasts about ..." reads its topic without the declaration too: tests/task/test_topic_cue.py)
    (["podcast", "pódcast"], "podcasts on medieval history", "medieval history", None),
    (["podcast", "pódcast"], "pódcasts de historia medieval", "historia medieval", None),
    (["coworking"], "coworkings en Madrid", None, "Madrid"),
    (["guardería", "nursery"], "guarderías bilingües en Valencia", "bilingües", "Valencia"),
    (["guardería", "nursery"], "guarderias Sevilla", None, "Sevilla"),
    (["coworking space"], "coworking spaces in Berlin", None, "Berlin"),
    # the words before a declared noun are the subject's, as before "courses": no place
    # "History" (the chat reading of "ramen barcelona")
    (["dataset"], "medieval history datasets", "medieval history", None),
    (["dataset"], "election tweets datasets", "election tweets", None),
    # after a declared noun and its "de" the topic starts, as after "sobre": its own "de"
    # leads to no place
    (["dataset"], "datasets de calidad del aire", "calidad del aire", None),
    (["dataset"], "datasets de accidentes de tráfico gratis", "accidentes de tráfico", None),
    (["dataset"], "datasets de paro de Madrid", "paro", "Madrid"),
])
def test_a_declared_noun_is_neither_subject_nor_place(nouns, query, topic, city):
    task = build_task(query, INPUTS, today=TODAY, kind="corpus", nouns=nouns)
    assert (task.values["topic"], task.values["city"]) == (topic, city)
    # the same request without the declaration reads the noun as what it is about
    bare = build_task(query, INPUTS, today=TODAY, kind="corpus")
    assert bare.values["topic"] != topic or bare.values["city"] != city


def test_an_input_keeps_its_own_word():
    inputs = {**INPUTS, "kind": InputSpec(type="string", enum=["nursery", "school"])}
    task = build_task("nursery in Valencia", inputs, today=TODAY, nouns=["nursery"])
    assert (task.values["kind"], task.values["city"]) == ("nursery", "Valencia")


PIPELINE = """apiVersion: scout/v1
name: corpus
inputs:
  topic: {type: subject}
  mode: {type: string, enum: [online, onsite]}
nouns: [podcast, pódcast, the, Madrid, online]
phases:
  F0: {uses: task, produces: [task]}
"""


def test_a_noun_the_parser_cannot_claim_is_a_located_warning(tmp_path: Path):
    spec = tmp_path / "p.yaml"
    spec.write_text(PIPELINE, encoding="utf-8")
    result = validate_paths([spec])
    assert result.ok
    found = {(p.code, p.location.line, p.location.col, p.message.split("'")[1])
             for p in result.problems if p.location is not None}
    assert found == {("SPEC079", 6, 27, "the"), ("SPEC079", 6, 32, "Madrid"),
                     ("SPEC079", 6, 40, "online")}


def test_the_check_before_running_reads_the_declared_nouns(tmp_path: Path):
    """`scout plan`, MCP `plan` and the refusal before any phase build the Task through
    scout.api.askback; it must read what the task phase reads (the nouns too), or the plan
    shows a subject the run will not have."""
    from scout.api.askback import check_request
    from scout.orchestrator.mission_request import MissionRequest
    from scout.spec.loader import load_pipeline

    spec = tmp_path / "p.yaml"
    spec.write_text(PIPELINE.replace(", the, Madrid, online]", "]"), encoding="utf-8")
    pipeline = load_pipeline(spec).model
    request = MissionRequest(pipeline_path=spec, mission_id="m", runs_dir=tmp_path,
                             query="pódcasts de historia medieval")
    task = check_request(pipeline, request, root=tmp_path, today=TODAY)
    assert task is not None and task["values"]["topic"] == "historia medieval"


def test_a_noun_that_is_a_synonym_of_several_words_is_the_inputs():
    """A noun of two words that an input's synonym reads whole ("hot desk" for desk's
    hot_desk) is never claimed by the parser: it is a warning too, as a one-word one is;
    a noun that merely holds such a word ("coworking space") is not."""
    from scout.task.kindnames import unclaimable

    inputs = {"desk": InputSpec(type="string", enum=["hot_desk", "private_office"],
                                synonyms={"hot_desk": ["hot desk", "day pass"],
                                          "private_office": ["despacho privado"]})}
    assert [unclaimable(n, inputs) for n in ["hot desk", "hot desks", "day passes",
                                             "despachos privados"]] == ["input"] * 4
    assert unclaimable("coworking space", inputs) is None
    task = build_task("hot desk in Lisbon", {**INPUTS, **inputs}, today=TODAY,
                      nouns=["hot desk"])
    assert task.values["desk"] == "hot_desk"
