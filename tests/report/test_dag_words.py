"""The appendix's flowchart in the reader's language: a fan-out's artifact and the
artifacts an edge passes read "candidatos" in a Spanish report (it read "F2: búsqueda x
candidates"), as the report's sections name them; a name the catalog does not know (a
project's own artifact, a python: step) stays as the pipeline writes it
(scout/report/context.py MissionView.mermaid_in, scout/i18n/values.py artifact_word)."""

from __future__ import annotations

from scout.report.context import MissionView, PhaseRow

DAG = ('flowchart TD\n    F1["F1: search [succeeded]"]\n'
       '    F2["F2: search x candidates [succeeded]"]\n'
       '    F3["F3: python:lab.steps:score x my_rooms"]\n'
       '    F1 -->|candidates| F2\n    F2 -->|candidates, my_rooms| F3\n')


def _view() -> MissionView:
    return MissionView(mission_id="m", pipeline="p", mermaid=DAG,
                       phases=[PhaseRow(id="F1", uses="search", status="succeeded"),
                               PhaseRow(id="F2", uses="search", status="succeeded")])


def test_a_spanish_flowchart_names_the_artifacts_in_spanish() -> None:
    said = str(_view().mermaid_in("es"))
    assert 'F2["F2: búsqueda x candidatos [completada]"]' in said
    assert "F1 -->|candidatos| F2" in said and "F2 -->|candidatos, my_rooms| F3" in said
    assert 'F3["F3: python:lab.steps:score x my_rooms"]' in said  # a project's own, as written
    assert "candidates" not in said


def test_an_english_flowchart_is_as_written() -> None:
    said = str(_view().mermaid_in("en"))
    assert 'F2["F2: search x candidates [succeeded]"]' in said
    assert "F2 -->|candidates, my_rooms| F3" in said
