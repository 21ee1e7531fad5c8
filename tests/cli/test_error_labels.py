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


def test_a_caret_points_only_at_a_known_column(tmp_path: Path) -> None:
    """The source line is shown for a problem with a line; the caret only where its column
    is known (0: unknown, a CSV row or a query file's line), never under column 1 for it."""
    from scout.errors import Location

    src = tmp_path / "queries.txt"
    src.write_text("hoteles en Madrid\n  cheap hotels in Rome\n", encoding="utf-8")
    unknown = format_problem(Problem("BATCH001", "no pipeline", Location(str(src), 2, 0)))
    assert unknown.splitlines()[1:] == ["  2 |   cheap hotels in Rome"]
    known = format_problem(Problem("BATCH001", "no pipeline", Location(str(src), 2, 9)))
    assert known.splitlines()[2] == "    |         ^"
