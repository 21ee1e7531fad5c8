"""An error's labels are stable words whatever the request's language: ``error CODE:`` and
``hint:`` stay as a compiler writes them (problem matchers and CI logs find them), while
the message and the hint after them speak the request's language."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scout.cli import main
from scout.cli.render import format_problem
from scout.errors import Problem

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("query, said", [
    ("hoteles baratos con buenas reseñas", "a la petición le falta"),
    ("cheap hotels with good reviews", "the request leaves out"),
])
def test_a_refused_request_keeps_its_labels_in_either_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], query: str, said: str) -> None:
    for name in ("config", "templates", "pipelines"):
        shutil.copytree(ROOT / name, tmp_path / name)
    code = main(["apply", str(tmp_path / "pipelines" / "hotel_research.yaml"), "--query", query,
                 "--config", str(tmp_path / "config" / "adapters.yaml"),
                 "--runs-dir", str(tmp_path / "runs"), "--progress", "none"])
    err = capsys.readouterr().err.splitlines()
    assert code == 2
    assert err[0].startswith(f"error USE065: {said}"), err
    assert err[1].startswith("  hint: ") and "--set destination=" in err[1], err


def test_a_problems_labels_are_not_translated() -> None:
    p = Problem("SPEC021", "la fase 'F2' necesita 'candidate'", None, "¿querías decir 'candidates'?")
    assert format_problem(p).splitlines() == [
        "error SPEC021: la fase 'F2' necesita 'candidate'",
        "  hint: ¿querías decir 'candidates'?"]
