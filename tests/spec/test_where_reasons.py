"""SPEC090: a rank ``where`` with no ``reasons`` entry makes the report give a record it
leaves out the raw expression as the reason, in a Spanish report too: a warning, located
at the first such ``where``."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.validate import validate_paths
from tests.spec.test_rank_items import CONFIG, HEAD

RANK = ("  R1: {uses: rank, needs: [candidates], produces: [shortlist], "
        "with: {items: candidates, as: h, %s}}\n")


def _problems(tmp_path: Path, with_: str) -> list:
    path = tmp_path / "p.yaml"
    path.write_text(HEAD + RANK % with_)
    return validate_paths([path], config=CONFIG).files[0].problems


@pytest.mark.parametrize("with_, first, more", [
    ("where: 'h.rating is none or h.rating >= 7'", "h.rating is none", False),
    ("where: ['h.rating >= 7', 'h.price is none or h.price.amount < 90']", "h.rating >= 7",
     True),
    ("where: ['h.rating >= 7', 'h.name != \"x\"'], reasons: ['{{ _(\"over budget\") }}']",
     "h.name", False),
])
def test_a_where_without_its_reason_is_a_warning(tmp_path: Path, with_: str, first: str,
                                                 more: bool) -> None:
    [p] = [p for p in _problems(tmp_path, with_) if p.code == "SPEC090"]
    assert p.severity == "warning" and first in p.message and p.location is not None
    assert ("more after it" in p.message) == more and "reasons" in (p.hint or "")


@pytest.mark.parametrize("with_", [
    "where: ['h.rating >= 7'], reasons: ['{{ _(\"rating below the minimum\") }}']",
    "order_by: 'h.rating'",                                  # no where at all
])
def test_every_where_explained_is_no_warning(tmp_path: Path, with_: str) -> None:
    assert [p.code for p in _problems(tmp_path, with_) if p.code == "SPEC090"] == []
