"""A pipeline's text (a title, a query) may bind a name with a set block, ``{% set parts
%}...{% endset %}``, as report templates do: ``scout validate`` reads the name as bound,
never as one "not in scope" (SPEC051), and a name the block itself reads is still checked."""

from __future__ import annotations

from pathlib import Path

from scout.validate import validate_paths

PIPELINE = """apiVersion: scout/v1
name: set-block
inputs:
  place: {type: place}
  services: {type: list, items: string, enum: [cut, colour]}
phases:
  F0: {uses: task, produces: [task]}
  F1:
    uses: search
    needs: [task]
    produces: [candidates]
    chain: web
    with:
      query: "%s"
      extract: {record: candidate}
"""


def _codes(tmp_path: Path, query: str) -> list[str]:
    path = tmp_path / "p.yaml"
    path.write_text(PIPELINE % query, encoding="utf-8")
    return [p.code for p in validate_paths([path]).problems]


def test_a_set_block_binds_its_name(tmp_path):
    query = ("{% set sv %}{% for s in (task.services or []) %} {{ s }}{% endfor %}{% endset %}"
             "salons{{ sv }} in {{ task.place }}")
    assert "SPEC051" not in _codes(tmp_path, query)


def test_what_the_block_reads_is_still_checked(tmp_path):
    assert "SPEC051" in _codes(tmp_path, "{% set sv %}{{ nowhere }}{% endset %}{{ sv }}")
