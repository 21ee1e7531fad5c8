"""Whole-file validation: every problem at once, sorted, deduplicated, located."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scout.errors import SpecInvalid
from scout.spec.loader import load_pipeline, load_spec
from scout.validate import load_valid_pipeline, validate_paths

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CONFIG = HERE / "fixtures" / "adapters.yaml"

MANY = """\
apiVersion: scout/v1
name: many
inputs:
  destination: {type: place}
phases:
  F0: {uses: task, produces: [task]}
  F1:
    uses: search
    nedds: [task]
    produces: [candidates]
    chain: webb
    with: {query: "{{ task.destinaton }}"}
  F2:
    uses: search
    needs: [candidate]
    produces: [reviews]
    chain: web
    timeout: 30
    with: {query: "x", limt: 3}
  F3:
    uses: rank
    needs: [reviews, prices]
    produces: [prices2]
    with: {items: reviews}
  F4:
    uses: rank
    needs: [prices2]
    produces: [prices]
    with: {items: prices2}
"""


def test_a_file_with_many_problems_reports_all_of_them_sorted_by_line(tmp_path) -> None:
    path = tmp_path / "many.yaml"
    path.write_text(MANY)
    report = validate_paths([path], config=CONFIG).files[0]
    got = [(p.location.line, p.code) for p in report.problems]
    assert got == [
        (9, "SPEC010"),   # nedds
        (11, "SPEC040"),  # chain webb
        (12, "SPEC052"),  # task.destinaton
        (15, "SPEC021"),  # candidate
        (18, "SPEC012"),  # timeout without unit
        (19, "SPEC010"),  # limt
        (22, "SPEC022"),  # F3 -> F4 -> F3
        (24, "SPEC027"),  # ranks F2's search results (no extract: {record: candidate})
        (29, "SPEC027"),  # ranks F3's shortlist
    ]
    assert got == sorted(got)
    hints = {p.code + str(p.location.line): p.hint for p in report.problems}
    assert hints["SPEC0109"] == "did you mean 'needs'?"
    assert hints["SPEC01019"] == "did you mean 'limit'?"
    assert hints["SPEC02115"] == "did you mean 'candidates'?"
    assert "F3 -> F4 -> F3" in report.problems[-3].message
    assert hints["SPEC02724"] == "give phase 'F2' 'extract: {record: candidate}' to rank its results"
    assert "a shortlist (already ranked), from phase 'F3'" in report.problems[-1].message


def test_load_pipeline_raises_one_error_holding_every_problem(tmp_path) -> None:
    path = tmp_path / "many.yaml"
    path.write_text(MANY)
    with pytest.raises(SpecInvalid) as info:
        load_valid_pipeline(path, config=CONFIG)
    err = info.value
    assert len(err.problems) == 9 and err.code == "SPEC010"
    assert err.location.line == 9 and err.exit_code == 2
    with pytest.raises(SpecInvalid):
        load_pipeline(path)  # the model alone is invalid too (nedds, timeout)


def test_shipped_pipelines_missions_and_config_validate() -> None:
    result = validate_paths([ROOT / "pipelines", ROOT / "config"])
    assert result.ok, [f"{p.location} {p.message}" for p in result.problems]
    assert sorted(set(f.kind for f in result.files)) == ["Config", "Mission", "Pipeline"]
    spec, config = load_valid_pipeline(ROOT / "pipelines" / "hotel_research.yaml")
    assert spec.model.name == "hotel-research" and "web" in config.chains


def test_warnings_do_not_fail_validation(tmp_path) -> None:
    path = tmp_path / "w.yaml"
    path.write_text("apiVersion: scout/v1\nname: w\ninputs:\n  d: {type: place, required: true, "
                    "default: Rome}\nphases:\n  F0: {uses: task, produces: [task]}\n")
    report = validate_paths([path], config=CONFIG).files[0]
    assert report.ok
    assert [(p.code, p.severity) for p in report.problems] == [("SPEC014", "warning")]


def test_no_config_found_is_a_warning_and_chains_are_not_checked(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    path = tmp_path / "p.yaml"
    path.write_text("apiVersion: scout/v1\nname: p\nphases:\n  F0: {uses: task, produces: [task]}\n"
                    "  F1: {uses: search, needs: [task], produces: [c], chain: anything, "
                    "with: {query: q}}\n")
    report = validate_paths([path]).files[0]
    assert report.ok
    assert [p.code for p in report.problems] == ["CFG005"]


def test_config_is_found_above_the_spec(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path / "elsewhere"))
    (tmp_path / "config").mkdir()
    shutil.copy(CONFIG, tmp_path / "config" / "adapters.yaml")
    (tmp_path / "pipelines").mkdir()
    path = tmp_path / "pipelines" / "p.yaml"
    path.write_text("apiVersion: scout/v1\nname: p\nphases:\n  F0: {uses: task, produces: [task]}\n"
                    "  F1: {uses: search, needs: [task], produces: [c], chain: webb, "
                    "with: {query: q}}\n")
    report = validate_paths([path]).files[0]
    assert [p.code for p in report.problems] == ["SPEC040"]


def test_mission_and_its_broken_pipeline_in_one_run_report_each_problem_once(tmp_path) -> None:
    (tmp_path / "p.yaml").write_text(MANY)
    (tmp_path / "m.yaml").write_text("apiVersion: scout/v1\nkind: Mission\npipeline: p.yaml\n"
                                     "query: hotels\n")
    result = validate_paths([tmp_path], config=CONFIG)
    by_file = {Path(f.path).name: f for f in result.files}
    assert [p.code for p in by_file["m.yaml"].problems] == ["SPEC060"]
    assert len(by_file["p.yaml"].errors) == 9
    keys = [(p.code, p.message, p.location) for p in result.problems]
    assert len(keys) == len(set(keys))
    # validated alone, the mission still shows what is wrong with its pipeline
    alone = validate_paths([tmp_path / "m.yaml"], config=CONFIG)
    assert len(alone.files[0].errors) == 10


def test_a_mission_in_a_subfolder_locates_its_pipelines_problems_at_its_path(
        tmp_path, monkeypatch) -> None:
    # `pipeline: ../p.yaml` from missions/: the pipeline's problems are at pipelines/p.yaml
    # (not missions/../p.yaml), and said once when both files are validated
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pipelines" / "missions").mkdir(parents=True)
    (tmp_path / "pipelines" / "p.yaml").write_text(MANY)
    (tmp_path / "pipelines" / "missions" / "m.yaml").write_text(
        "apiVersion: scout/v1\nkind: Mission\npipeline: ../p.yaml\nquery: hotels\n")
    from scout.spec.loader import load_spec
    from scout.spec.mission import mission_pipeline_path

    mission, _ = load_spec("pipelines/missions/m.yaml")
    assert mission is not None  # the path the run records and the audit shows too
    assert mission_pipeline_path(mission) == Path("pipelines/p.yaml")
    alone = validate_paths(["pipelines/missions/m.yaml"], config=CONFIG)
    files = {p.location.file for p in alone.problems if p.code != "SPEC060"}
    assert files == {"pipelines/p.yaml"}
    both = validate_paths(["pipelines"], config=CONFIG)
    by_file = {Path(f.path).name: f for f in both.files}
    assert [p.code for p in by_file["m.yaml"].problems] == ["SPEC060"]
    assert "scout validate pipelines/p.yaml" in (by_file["m.yaml"].problems[0].hint or "")


def test_config_problems_are_reported_once_per_run(tmp_path) -> None:
    cfg = tmp_path / "adapters.yaml"
    cfg.write_text(CONFIG.read_text().replace("type: duckduckgo", "type: duckduckgoo"))
    for name in ("a", "b"):
        (tmp_path / f"{name}.yaml").write_text(
            f"apiVersion: scout/v1\nname: {name}\nphases:\n  F0: {{uses: task, produces: [task]}}\n")
    result = validate_paths([tmp_path / "a.yaml", tmp_path / "b.yaml", cfg], config=cfg)
    cfg_problems = [p for p in result.problems if p.code == "CFG001"]
    assert len(cfg_problems) == 1
    assert not result.ok


def test_folders_missing_paths_and_empty_folders(tmp_path) -> None:
    (tmp_path / "empty").mkdir()
    result = validate_paths([tmp_path / "empty", tmp_path / "nope.yaml"], config=CONFIG)
    codes = {(p.code, p.severity) for p in result.problems}
    assert codes == {("USE010", "warning"), ("USE010", "error")}
    assert not result.ok


def test_salvaged_spec_is_marked_partial_and_never_loads(tmp_path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("apiVersion: scout/v2\nname: p\nphases:\n  F0: {uses: task, produces: [task]}\n")
    spec, problems = load_spec(path)
    assert spec is not None and spec.partial
    assert [p.code for p in problems] == ["SPEC006"]
    with pytest.raises(SpecInvalid):
        load_pipeline(path)


def test_kind_that_is_not_a_string(tmp_path) -> None:
    path = tmp_path / "k.yaml"
    path.write_text("apiVersion: scout/v1\nkind: [Pipeline]\nname: k\n")
    (p,) = validate_paths([path], config=CONFIG).problems
    assert p.code == "SPEC007" and p.location.line == 2


def test_config_file_given_where_a_pipeline_is_expected(tmp_path) -> None:
    with pytest.raises(SpecInvalid) as info:
        load_pipeline(CONFIG)
    assert info.value.code == "SPEC007"
    assert "Config file" in info.value.problems[0].message


def test_report_template_must_exist(tmp_path) -> None:
    import shutil

    (tmp_path / "config").mkdir()
    shutil.copy(ROOT / "config" / "adapters.yaml", tmp_path / "config" / "adapters.yaml")
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "hotel_report.md.j2").write_text("# report\n")
    spec = tmp_path / "p.yaml"
    spec.write_text(
        "apiVersion: scout/v1\nname: t\nphases:\n  F0: {uses: task, produces: [task]}\n"
        "  F6:\n    uses: report\n    needs: [task]\n"
        "    with: {template: hotel_reprot.md.j2}\n    produces: [report]\n")
    result = validate_paths([spec], config=tmp_path / "config" / "adapters.yaml")
    [p] = [p for p in result.problems if p.code == "SPEC054"]
    assert (p.location.line, p.hint) == (8, "did you mean 'hotel_report.md.j2'?")
    spec.write_text(spec.read_text().replace("hotel_reprot", "nothing_like_it"))
    [p] = [p for p in validate_paths([spec], config=tmp_path / "config" / "adapters.yaml"
                                     ).problems if p.code == "SPEC054"]
    assert "next to the project's config/" in p.message  # where templates are found
    spec.write_text(spec.read_text().replace("nothing_like_it", "hotel_reprot"))
    (tmp_path / "templates" / "hotel_reprot.md.j2").write_text("# fixed\n")
    assert validate_paths([spec], config=tmp_path / "config" / "adapters.yaml").ok


def test_gettext_in_a_pipelines_own_text_is_a_warning() -> None:
    """`_()` in a query or a report title renders English for a Spanish request (found
    writing examples/courses): a warning at each, the way to write it in the hint; a rank
    phase's reasons read the catalog and are fine."""
    report = validate_paths([HERE / "fixtures" / "gettext_in_a_query.yaml"],
                            config=CONFIG).files[0]
    assert report.ok
    found = [(p.code, p.severity, p.location.line, p.message.split(":")[0])
             for p in report.problems if p.code == "SPEC077"]
    assert found == [("SPEC077", "warning", 17, "phase 'F1'"),
                     ("SPEC077", "warning", 32, "phase 'F6'")]
    assert all("task.lang == 'es'" in (p.hint or "") for p in report.problems
               if p.code == "SPEC077")
