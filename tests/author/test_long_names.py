"""A name a user wrote is repeated at most ``NAME_WIDTH`` characters long in every message
(scout.errors.base.clip_names, applied where a Problem is made and where an error is
printed): a 100,000-character attribute must not fill a terminal, a JSON report or a
SARIF upload, and the sentence around it — what is wrong, the hint — stays whole."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scout.errors import Problem, ScoutError
from scout.errors.base import NAME_WIDTH, clip_names
from tests.author.helpers import ROOT, run

LONG = "q" * 100_000


def test_a_long_name_is_cut_in_its_middle_and_the_sentence_kept() -> None:
    said = clip_names(f"'task.{LONG}' is not an input")
    name = said.split("'")[1]
    assert len(name) == NAME_WIDTH and "…" in name and name.startswith("task.q")
    assert said.endswith("' is not an input")


@pytest.mark.parametrize("text", [
    "input 'min_rating' is not declared", "/a/b/" + "c" * 70 + "/locales/es/messages.po",
    "did you mean 'candidates'?", "x " * 200,
])
def test_ordinary_text_is_left_alone(text: str) -> None:
    assert clip_names(text) == text


def test_problems_and_printed_errors_clip_their_message_and_hint(
        capsys: pytest.CaptureFixture[str]) -> None:
    from scout.cli.render import render_error

    p = Problem("SPEC052", f"'task.{LONG}' is not an input", hint=f"declare '{LONG}'")
    for text in (p.message, p.hint):
        assert text is not None and len(text) < 2 * NAME_WIDTH
    # an error keeps its text (a run's state has it in full); what is printed is clipped
    e = ScoutError(f"unknown input '{LONG}'", hint=f"add '{LONG}'")
    render_error(e, as_json=True)
    out, err = capsys.readouterr()
    assert len(out) < 500 and len(err) < 500 and LONG not in out + err
    assert json.loads(out)["error"]["message"].startswith("unknown input 'qqq")


def test_validate_repeats_a_long_attribute_cut(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "used-cars"
    shutil.copytree(ROOT / "examples" / "used-cars", project)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(project))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    tmpl = project / "templates" / "used_cars_report.md.j2"
    tmpl.write_text(tmpl.read_text() + "{{ task." + LONG + " }}\n")
    code, out, _ = run("validate", "--format", "json", str(project / "pipelines"))
    [p] = [p for f in json.loads(out)["files"] for p in f["problems"] if p["code"] == "SPEC052"]
    assert code == 2 and len(out) < 20_000
    assert p["message"].endswith("which is not an input of pipeline 'used-cars'")
    assert "…" in p["message"] and len(p["message"]) < 250
