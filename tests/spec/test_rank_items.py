"""``rank.items`` must name candidates or videos (SPEC027, scout/validate/rankable.py):
what passes, what does not, and what is not judged. The invalid corpus
(tests/spec/invalid/rank_items_*.yaml) holds the located errors and their hints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scout.errors import Problem
from scout.validate import validate_paths

CONFIG = Path(__file__).resolve().parent / "fixtures" / "adapters.yaml"
ROOT = Path(__file__).resolve().parents[2]

HEAD = """\
apiVersion: scout/v1
name: ranked
phases:
  F0: {uses: task, produces: [task]}
  F1:
    uses: search
    needs: [task]
    produces: [candidates]
    chain: web
    with: {query: "hotels", extract: {record: candidate}}
"""


def _problems(tmp_path: Path, phases: str) -> list[Problem]:
    path = tmp_path / "p.yaml"
    path.write_text(HEAD + phases)
    return [p for p in validate_paths([path], config=CONFIG).files[0].problems
            if p.severity == "error"]


VALID = {
    "a search's candidates": """
  R1: {uses: rank, needs: [candidates], produces: [shortlist], with: {items: candidates}}
""",
    "a fan-out search's candidates (gathered into one artifact)": """
  F2:
    uses: search
    needs: [candidates]
    for_each: candidates
    as: hotel
    chain: web
    produces: [similar]
    with: {query: "like {{ hotel.name }}", extract: {record: candidate}}
  R1: {uses: rank, needs: [similar], produces: [shortlist], with: {items: similar}}
""",
    "videos": """
  V1: {uses: videos, needs: [task], chain: video, produces: [videos], with: {query: talks}}
  R1: {uses: rank, needs: [videos], produces: [shortlist], with: {items: videos}}
""",
    "a python step's output (it could be anything: not judged)": """
  P1: {uses: "python:mykind.steps:merge", needs: [candidates], produces: [merged]}
  R1: {uses: rank, needs: [merged], produces: [shortlist], with: {items: merged}}
""",
}


@pytest.mark.parametrize("phases", VALID.values(), ids=list(VALID))
def test_rankable_items_pass(tmp_path: Path, phases: str) -> None:
    assert _problems(tmp_path, phases) == []


INVALID = {
    "a shortlist": ("""
  R1: {uses: rank, needs: [candidates], produces: [shortlist], with: {items: candidates}}
  R2: {uses: rank, needs: [shortlist], produces: [top], with: {items: shortlist}}
""", "a shortlist (already ranked), from phase 'R1' (rank)",
        "did you mean 'candidates'? (and add it to needs)"),
    "fetched pages": ("""
  G1:
    uses: fetch
    needs: [candidates]
    for_each: candidates
    as: hotel
    chain: pages
    produces: [pages]
    with: {url: "{{ hotel.url }}"}
  R1: {uses: rank, needs: [candidates, pages], produces: [shortlist], with: {items: pages}}
""", "fetched pages, from phase 'G1' (fetch)", "did you mean 'candidates'?"),
    "the task": ("""
  R1: {uses: rank, needs: [task], produces: [shortlist], with: {items: task}}
""", "the parsed request (a Task), from phase 'F0' (task)",
        "did you mean 'candidates'? (and add it to needs)"),
}


@pytest.mark.parametrize(("phases", "what", "hint"), INVALID.values(), ids=list(INVALID))
def test_unrankable_items_are_located_with_a_hint(tmp_path: Path, phases: str, what: str,
                                                  hint: str) -> None:
    problems = _problems(tmp_path, phases)
    assert [p.code for p in problems] == ["SPEC027"], problems
    p = problems[0]
    assert what in p.message and "rank needs candidates or videos" in p.message
    assert p.hint == hint
    # located at the value of items: in R1's (or R2's) line
    name = re.search(r"'items: (\w+)'", p.message).group(1)  # type: ignore[union-attr]
    line = (HEAD + phases).splitlines()[p.location.line - 1]
    assert line.lstrip().startswith(("R1:", "R2:"))
    assert line[p.location.col - 1:].startswith(name + "}")


def test_without_a_rankable_artifact_the_hint_says_what_rank_ranks(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("apiVersion: scout/v1\nname: r\nphases:\n"
                    "  F0: {uses: task, produces: [task]}\n"
                    "  R1: {uses: rank, needs: [task], produces: [s], with: {items: task}}\n")
    [p] = validate_paths([path], config=CONFIG).files[0].errors
    assert p.code == "SPEC027" and p.location.line == 5
    assert p.hint is not None and "extract: {record: candidate}" in p.hint and "videos" in p.hint


def test_items_not_in_needs_is_said_once_as_spec026(tmp_path: Path) -> None:
    problems = _problems(tmp_path, """
  R1: {uses: rank, needs: [task], produces: [shortlist], with: {items: candidates}}
""")
    assert [p.code for p in problems] == ["SPEC026"]


def test_shipped_kinds_and_examples_rank_what_they_can() -> None:
    for project in (ROOT, *(ROOT / "examples").glob("*/")):
        if not (project / "pipelines").is_dir():
            continue
        result = validate_paths([project / "pipelines"],
                                config=project / "config" / "adapters.yaml")
        assert not [p for p in result.problems if p.code == "SPEC027"], project


VARIANT_INPUTS = """\
inputs:
  format: {type: string, enum: [paperback, ebook]}
  topic: {type: subject}
"""


@pytest.mark.parametrize(("name", "hint"), [
    ("formt", "did you mean 'format'?"),                 # a misspelling: the input meant
    ("topic", "name an input whose enum lists the versions"),   # an input with no enum
])
def test_variants_names_an_input_with_an_enum(tmp_path: Path, name: str, hint: str) -> None:
    """SPEC080: the versions a price is labelled with are an enum's values; a name that
    is none would read no price per version, silently."""
    head = HEAD.replace("phases:\n", VARIANT_INPUTS + "phases:\n")
    path = tmp_path / "p.yaml"
    rank = ("  R1: {uses: rank, needs: [candidates], produces: [shortlist], "
            "with: {items: candidates, variants: %s}}\n")
    path.write_text(head + rank % "format")
    assert [p.code for p in validate_paths([path], config=CONFIG).files[0].errors] == []
    path.write_text(head + rank % name)
    [p] = validate_paths([path], config=CONFIG).files[0].errors
    assert p.code == "SPEC080" and f"'variants: {name}'" in p.message
    assert p.hint is not None and p.hint.startswith(hint)
    line = (head + rank % name).splitlines()[p.location.line - 1]
    assert line[p.location.col - 1:].startswith(name + "}")
