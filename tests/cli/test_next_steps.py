"""What ``scout apply`` and ``scout status`` say to do about a mission that did not
succeed, through the CLI itself (click's runner), in text and in ``--format json``, in
both languages: the cost cap's advice (the text once printed no ``hint:`` line while the
JSON carried it), the inputs a phase waits for (a null hint once), and the note that a
request's control characters were read as spaces. The missions run the orchestrator
tests' steps (``python:tests.orchestrator.steps``); nothing reaches the network."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scout.cli import cli
from tests.orchestrator.conftest import STEPS

PIPE = """apiVersion: scout/v1
kind: Pipeline
name: hints
inputs:
  topic: {type: string}
  area: {type: place}
  season: {type: string}
phases:
%s
"""
#: a phase waiting for an input the request did not give (none is ``required``)
ONE_INPUT = """  A: {uses: STEPS:echo, with: {value: one}, produces: [a]}
  B: {uses: STEPS:echo, needs: [a, area], produces: [b]}"""
#: two phases, each waiting for its own input, and one that waits on the first
TWO_INPUTS = """  A: {uses: STEPS:echo, with: {value: one}, produces: [a]}
  B: {uses: STEPS:echo, needs: [a, season], produces: [b]}
  C: {uses: STEPS:echo, needs: [b], produces: [c]}
  D: {uses: STEPS:echo, needs: [a, area, season], produces: [d]}"""
CAP = """  A: {uses: STEPS:echo, with: {value: one}, produces: [a]}
  B: {uses: STEPS:budget, needs: [a], produces: [b]}"""
EASY = """  A: {uses: STEPS:echo, with: {value: one}, produces: [a]}"""


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "adapters.yaml").write_text(
        "apiVersion: scout/v1\nkind: Config\nmax_workers: 4\n")
    (tmp_path / "templates").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.setenv("SCOUT_TEST_CALLS", str(tmp_path / "calls.jsonl"))
    for name in ("SCOUTE_RUNS_DIR", "SCOUTE_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def _pipeline(root: Path, phases: str) -> Path:
    path = root / "p.yaml"
    path.write_text(PIPE % phases.replace("STEPS", STEPS))
    return path


def _scout(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _apply(root: Path, phases: str, *args: str) -> tuple[Any, Any]:
    """``scout apply`` in text, then the same request again in JSON (a second mission id,
    so the first run's reuse does not change what is said)."""
    p = str(_pipeline(root, phases))
    text = _scout("apply", p, *args)
    data = _scout("apply", p, *args, "--mission-id", "again", "--format", "json")
    return text, json.loads(data.output)


def _hints(output: str, word: str = "hint") -> list[str]:
    return [line.strip()[len(word) + 2:] for line in output.splitlines()
            if line.strip().startswith(f"{word}: ")]


def test_a_mission_stopped_at_its_cap_says_what_to_do_in_text_as_in_json(root: Path) -> None:
    text, data = _apply(root, CAP, "--query", "a test request")
    assert text.exit_code == 4 and data["exit_code"] == 4
    assert data["hint"] and "max_cost" in data["hint"]
    assert _hints(text.output) == [data["hint"]]
    es, data_es = _apply(root, CAP, "--query", "una petición de prueba", "--set", "lang=es")
    assert es.exit_code == 4
    assert _hints(es.output, "consejo") == [data_es["hint"]]
    assert "max_cost" in data_es["hint"] and data_es["hint"] != data["hint"]


def test_a_mission_blocked_on_an_input_nobody_gave_says_which_and_how(root: Path) -> None:
    text, data = _apply(root, ONE_INPUT, "--query", "something to research")
    assert text.exit_code == 1 and data["exit_code"] == 1
    assert data["phases"]["B"]["status"] == "blocked_missing_input"
    assert data["hint"] == "say it in the request, or set it directly with --set area=…"
    assert _hints(text.output) == [data["hint"]]
    # given as the hint says, the same mission runs to its end
    again = _scout("apply", str(root / "p.yaml"), "--query", "something to research",
                   "--mission-id", "again", "--set", "area=Lisboa")
    assert again.exit_code == 0, again.output


def test_two_inputs_blocking_two_phases_are_named_once_in_one_hint_in_spanish(
        root: Path) -> None:
    text, data = _apply(root, TWO_INPUTS, "--query", "busca algo, por favor",
                        "--set", "lang=es")
    assert data["phases"]["C"]["status"] == "blocked_missing_input"  # waits on B, no input
    assert data["hint"] == ("añádelo a la petición, o fíjalo directamente con "
                            "--set season=… --set area=…")
    assert _hints(text.output, "consejo") == [data["hint"]]
    # the mission's reason in the request's language too, and the stopped page says it
    said = "; ".join(f"{p} bloqueada por falta de entrada" for p in "BCD")
    assert f"  {said}\n" in text.output and data["reason"] == "; ".join(
        f"{p} blocked (missing input)" for p in "BCD")  # the JSON's words stay English
    page = Path(data["stopped_report"]).read_text(encoding="utf-8")
    assert f"- **Qué puedes hacer:** {data['hint']}" in page
    assert "- **Por qué:** B bloqueada por falta de entrada" in page


def test_the_stopped_page_of_a_blocked_mission_says_what_to_do(root: Path) -> None:
    _, data = _apply(root, ONE_INPUT, "--query", "what to research next")
    page = Path(data["stopped_report"]).read_text(encoding="utf-8")
    assert "- **Why:** B blocked (missing input)" in page
    assert "- **What you can do:** say it in the request, or set it directly with " \
           "--set area=…" in page
    # a failure of its own (no input waited for) says no such line
    _, failed = _apply(root, "  A: {uses: STEPS:fail, produces: [a]}", "--query", "x y z")
    assert "set it directly" not in Path(failed["stopped_report"]).read_text(encoding="utf-8")


def test_status_says_the_same_hint_in_text_and_json(root: Path) -> None:
    _apply(root, ONE_INPUT, "--query", "otra petición de prueba", "--set", "lang=es",
           "--mission-id", "blocked")
    state = json.loads(_scout("status", "blocked", "--format", "json").output)
    assert state["status"] == "failed"
    assert state["hint"] == "añádelo a la petición, o fíjalo directamente con --set area=…"
    assert _hints(_scout("status", "blocked").output, "consejo") == [state["hint"]]
    _apply(root, EASY, "--query", "nothing missing here", "--mission-id", "fine")
    assert json.loads(_scout("status", "fine", "--format", "json").output)["hint"] is None
    assert not _hints(_scout("status", "fine").output)


@pytest.mark.parametrize(("query", "codes"), [
    ("hotels\x00in\x00Porto", "U+0000"),
    ("cheap flights\x07 to Rome\x7f please", "U+0007, U+007F"),
    # NEL is a line break of its own: not said; C0 and C1 controls are
    ("museos en\x85Madrid con\x01entrada libre\x80", "U+0001, U+0080"),
])
def test_control_characters_in_a_request_are_read_as_spaces_and_said(
        root: Path, query: str, codes: str) -> None:
    text, data = _apply(root, EASY, "--query", query)
    assert text.exit_code == 0 and data["exit_code"] == 0
    said = [w for w in data["warnings"] if "control characters" in w
            or "caracteres de control" in w]
    assert len(said) == 1 and f"({codes})" in said[0], data["warnings"]
    assert said[0].split("(")[1].split(")")[0] in text.output


def test_white_space_a_paste_holds_is_no_control_character_to_report(root: Path) -> None:
    # a tab, a Windows line end, a form feed or a vertical tab (Word's soft break) are
    # spaces of their own: nothing was changed that the person would not expect
    _, data = _apply(root, EASY, "--query", "hotels\tin Porto\r\nnear\x0bthe\x0criver")
    assert data["warnings"] == []
