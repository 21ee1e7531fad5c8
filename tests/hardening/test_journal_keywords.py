"""The journal keeps what the seed allows (issue 13 §10): a request rendered from the
user's free input is journaled as keywords (the request sent is unchanged); one rendered
only from typed inputs stays readable."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.spec.loader import load_pipeline
from scout.steps.freetext import free_inputs, typed_inputs, uses_free_input
from tests.e2e.harness import run_cli
from tests.e2e.world import ROOT, World

HERE = Path(__file__).parent


@pytest.mark.parametrize("template, free", [
    ("best hotels in {{ task.destination }} {{ task.month }}", False),
    ("{{ hotel.name }} {{ task.destination }} reviews", False),
    ("{{ task.destination }}{% if task.month %} {{ task.month }}{% endif %}", False),
    ("no template at all", False),
    ("{{ task.query }}", True),
    ("{{ task.query | lower | truncate(40) }} hotels", True),
    ("{{ task['query'] }}", True),
    ("{{ task }}", True),
    ("{{ task.notes | join(' ') }}", True),
    ("{{ task.get('destination') }}", True),  # not vouched for: counts as free
    ("{{ task.values }}", True),
    ("{% set q = task.query %}{{ q }}", True),
    ("{{ task.dish }} in {{ task.city }}", True),  # a string input: the user's words
    ("{{ dish }}", True),
    ("{{ task.cuisine }} in {{ task.city }}", False),  # an enum string is typed
    ("{{ task.query ", True),  # does not parse: cannot vouch
])
def test_free_input_is_found_in_the_template(template: str, free: bool) -> None:
    typed = frozenset({"destination", "month", "budget", "city", "cuisine"})
    assert uses_free_input(template, typed, frozenset({"dish"})) is free


def test_input_kinds_from_the_pipeline() -> None:
    restaurants = load_pipeline(ROOT / "pipelines" / "restaurant_research.yaml").model
    assert "dish" in free_inputs(restaurants) and "city" in typed_inputs(restaurants)


def test_free_query_is_journaled_as_keywords_typed_query_stays_readable(
        world: World) -> None:
    query = ("quiero un hotel tranquilo en Barcelona para septiembre 2026, "
             "me llamo Lucía Pérez y viajo con mi madre")
    assert run_cli(["apply", str(HERE / "pipelines" / "free_query.yaml"), "--query", query,
                    "--mission-id", "kw", "--progress", "none"]) in (0, 1)
    lines = [e for e in world.journal() if e["mission_id"] == "kw"
             and e["phase"] in ("F1", "F2")]
    f1 = [e["request"] for e in lines if e["phase"] == "F1"]
    f2 = [e["request"] for e in lines if e["phase"] == "F2"]
    assert f1 and f2
    for req in f1:
        kws = req["query"]["keywords"]
        assert "lucía" in kws and "barcelona" in kws and "tranquilo" in kws
        assert not {"con", "para", "mi", "en", "un", "2026"} & set(kws)
        assert len(kws) == len(set(kws))
    # typed inputs only: readable (the month is there when the parser found it)
    assert all(isinstance(r["query"], str) and r["query"].startswith(
        "best hotels in Barcelona") for r in f2), f2
    journal_text = (world.root / "runtime" / "request_journal.jsonl").read_text()
    assert "me llamo" not in journal_text and "Lucía Pérez" not in journal_text
    # the request sent is the user's text, unchanged
    sent = world.providers.queries("tavily") + world.providers.queries("duckduckgo")
    assert query in sent
