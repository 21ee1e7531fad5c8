"""scout batch: input files (CSV, YAML, errors with lines) and bad input on the command
line. The runner on real missions (budget, converging re-run, Ctrl-C, status --json):
test_batch_missions.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.batch.inputs import missions_from_queries
from scout.cli import main
from scout.errors import SpecInvalid

ROOT = Path(__file__).resolve().parents[2]
PIPELINE = ROOT / "pipelines" / "hotel_research.yaml"


def test_csv_rows_become_missions_with_inputs_and_stable_ids(tmp_path: Path) -> None:
    q = tmp_path / "q.csv"
    q.write_text("query,mission_id,budget\nhotels in Barcelona,bcn,200 EUR\n"
                 "hotels in Porto,,\n")
    a = missions_from_queries(PIPELINE, q, runs_dir=None, config=None, root=ROOT)
    b = missions_from_queries(PIPELINE, q, runs_dir=None, config=None, root=ROOT)
    assert [e.mission_id for e in a] == [e.mission_id for e in b]
    assert a[0].mission_id == "bcn" and a[0].job.inputs == {"budget": "200 EUR"}
    assert a[1].mission_id.startswith("hotel-research-hotels-in-porto-")
    assert a[1].source.endswith("q.csv:3")


def test_yaml_list_and_bad_rows_name_their_lines(tmp_path: Path) -> None:
    q = tmp_path / "q.yaml"
    q.write_text("- hotels in Lyon\n- {query: hotels in Rome, inputs: {budgett: 1}}\n"
                 "- {query: hotels in Oslo, colour: red}\n- hotels in Lyon\n")
    with pytest.raises(SpecInvalid) as err:
        missions_from_queries(PIPELINE, q, runs_dir=None, config=None, root=ROOT)
    where = {(p.location.line, p.code) for p in err.value.problems}
    assert where == {(2, "USE081"), (3, "USE081"), (4, "USE082")}
    assert any("budget" in (p.hint or "") for p in err.value.problems)
    # printed `file:line` as docs/running.md says: a row has no column (not `q.yaml:2:0`)
    assert sorted(str(p.location) for p in err.value.problems) == [
        f"{q}:{n}" for n in (2, 3, 4)]


def test_a_location_names_its_column_only_when_known() -> None:
    from scout.cli.render import format_problem, github_annotation
    from scout.errors import Location, Problem

    assert str(Location("q.csv", 5)) == "q.csv:5" and str(Location("p.yaml", 5, 3)) == "p.yaml:5:3"
    assert str(Location("q.csv")) == "q.csv"
    row = Problem("USE081", "bad row", Location("q.csv", 5))
    assert format_problem(row, snippet=False).startswith("q.csv:5: ")
    assert "col=" not in github_annotation(row)
    assert "col=3" in github_annotation(Problem("X", "m", Location("p.yaml", 5, 3)))


def test_bad_csv_is_a_usage_error_not_a_traceback(tmp_path: Path, capsys) -> None:
    q = tmp_path / "q.csv"
    q.write_text("query,budget\nhotels in Lyon,1,2\n")
    code = main(["batch", "apply", str(PIPELINE), "--queries", str(q),
                 "--runs-dir", str(tmp_path / "runs")])
    err = capsys.readouterr().err
    assert code == 2 and "q.csv:2" in err and "Traceback" not in err
