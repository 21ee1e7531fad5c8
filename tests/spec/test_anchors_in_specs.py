"""YAML anchors and aliases in a pipeline: a word list or a whole ``with:`` written once
(``&deadline_words`` / ``*deadline_words``) validates and runs as if written out, and a
problem inside reused text is located where the text is written, once per phase that
uses it (docs/authoring.md, "Writing a value once")."""

from __future__ import annotations

from pathlib import Path

from scout.spec.loader import load_spec
from scout.validate import validate_paths

CONFIG = Path(__file__).resolve().parent / "fixtures" / "adapters.yaml"

SPEC = """\
apiVersion: scout/v1
name: corpus
inputs:
  topic: {type: subject}
  deadline: {type: date, aliases: &deadline_words [deadline, plazo, cierre]}
  closing: {type: date, aliases: *deadline_words}
phases:
  F0: {uses: task, produces: [task]}
  F1:
    uses: search
    needs: [task]
    produces: [candidates]
    chain: web
    with: {query: "{{ task.topic }}", extract: {record: candidate}}
  R1:
    uses: rank
    needs: [task, candidates]
    produces: [shortlist]
    with: &ranking
      items: candidates
      as: grant
      where:
        - "task.deadline is none or grant | on_dates(task.deadline, of=['plazo']) is not false"
        - "grant.FIELD is none or grant.FIELD.amount > 0"
      reasons: ["closes before the deadline", "free"]
  R2:
    uses: rank
    needs: [task, candidates]
    produces: [others]
    with: *ranking
"""


def _problems(tmp_path: Path, field: str):
    spec = tmp_path / "p.yaml"
    spec.write_text(SPEC.replace("FIELD", field), encoding="utf-8")
    return spec, validate_paths([spec], config=CONFIG)


def test_aliases_reuse_a_list_and_a_whole_with(tmp_path: Path) -> None:
    spec, result = _problems(tmp_path, "price")
    assert result.ok, [p.message for p in result.problems]
    loaded, _ = load_spec(spec)
    assert loaded is not None
    model = loaded.model
    assert model.inputs["closing"].aliases == ["deadline", "plazo", "cierre"]
    assert model.phases["R2"].with_ == model.phases["R1"].with_


def test_a_mistake_in_reused_text_is_located_where_it_is_written(tmp_path: Path) -> None:
    _, result = _problems(tmp_path, "prise")
    found = sorted((p.code, p.location.line, p.message.split(":")[0]) for p in result.problems
                   if p.location is not None)
    assert found == [("SPEC052", 24, "phase 'R1'"), ("SPEC052", 24, "phase 'R2'")]
