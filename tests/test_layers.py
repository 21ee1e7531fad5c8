"""The layers hold and scout/ has no import cycle.

``lint-imports`` checks the layer contract in pyproject.toml ([tool.importlinter]); the
cycle test reads the same import graph (grimp, import-linter's graph library). Imports
under ``if TYPE_CHECKING:`` are left out of both: they never run."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module, each sorted (the phase
    graph's own algorithm, scout.spec.digraph: the same Tarjan, read by both)."""
    from scout.spec.digraph import DiGraph, strongly_connected_components

    g = DiGraph()
    for node in sorted(edges):
        g.add_node(node)
        for target in sorted(edges[node]):
            g.add_edge(node, target)
    return sorted(sorted(c) for c in strongly_connected_components(g) if len(c) > 1)


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_scout_has_no_import_cycle() -> None:
    grimp = pytest.importorskip("grimp", reason="grimp comes with the dev extra")
    graph = grimp.build_graph("scout", exclude_type_checking_imports=True)
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    assert len(edges) > 150  # the whole package was read
    assert _cycles(edges) == []


@pytest.mark.timeout(300)
def test_the_layer_contracts_hold() -> None:
    tool = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or \
        shutil.which("lint-imports")
    if tool is None:
        pytest.skip("lint-imports is not installed (pip install -r requirements.lock)")
    out = subprocess.run([tool, "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                         check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 broken" in out.stdout


def test_a_task_read_back_from_json_has_its_values_typed_again() -> None:
    # the Task model re-types JSON values itself (scout.schemas), without the parser
    import datetime as dt

    from scout.schemas.task import DateRange, Money, Month, Task
    from scout.task.values import coerce

    types = {"budget": "money", "when": "month", "stay": "date", "day": "date",
             "days": "month", "stars": "rating", "city": "place"}
    written = {"budget": coerce("money", "200 EUR"), "when": coerce("month", "2026-09"),
               "stay": coerce("date", "2026-09-15..2026-09-20"),
               "day": coerce("date", "2026-09-15"), "days": coerce("month", "2026-09-03"),
               "stars": coerce("rating", "8.5"), "city": coerce("place", "Reus")}
    task = Task(query="q", values=written, types=types)
    back = Task.model_validate_json(task.model_dump_json())
    assert back.values == written
    assert isinstance(back.values["budget"], Money) and isinstance(back.values["when"], Month)
    assert isinstance(back.values["stay"], DateRange) and back.values["day"] == dt.date(2026, 9, 15)


def test_the_scheduler_stays_small_and_has_no_mixins() -> None:
    """Issue 15 §1: the runner is collaborators, not one class behind four doors: under
    400 lines, and no class anywhere in scout/ is a mixin."""
    runner = ROOT / "scout" / "orchestrator" / "runner.py"
    assert len(runner.read_text(encoding="utf-8").splitlines()) < 400
    import ast

    for path in (ROOT / "scout").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                assert "Mixin" not in node.name, f"{path}: {node.name}"
