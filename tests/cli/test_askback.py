"""A request that leaves out what its kind requires is refused before any phase runs,
in the request's language, naming every missing input with an example and its --set
(scout/api/askback.py): `scout apply` (text and JSON) and `scout plan` (text and JSON),
for the shipped kinds and examples written by others. Nothing runs, so nothing is slow."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from scout.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project with the shipped pipelines, config and templates."""
    root = tmp_path_factory.mktemp("shipped")
    for name in ("config", "templates", "pipelines"):
        shutil.copytree(ROOT / name, root / name)
    return root


@pytest.fixture(scope="module")
def trips(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """examples/trips (its own catalog) with both its places required: a kind with two
    required inputs, each with aliases in both languages."""
    root = tmp_path_factory.mktemp("trips")
    shutil.copytree(ROOT / "examples" / "trips", root, dirs_exist_ok=True)
    path = root / "pipelines" / "trips.yaml"
    text = re.sub(r"^(  (?:origin|destination):\s*\{type: place,)", r"\1 required: true,",
                  path.read_text(encoding="utf-8"), flags=re.M)
    assert text.count("required: true") == 2
    path.write_text(text, encoding="utf-8")
    return root


def apply(root: Path, pipeline: str, query: str, *extra: str) -> int:
    return main(["apply", str(root / "pipelines" / pipeline), "--query", query,
                 "--config", str(root / "config" / "adapters.yaml"),
                 "--runs-dir", str(root / "runs"), "--progress", "none", *extra])


def error_json(root: Path, pipeline: str, query: str, capsys: pytest.CaptureFixture[str],
               *extra: str) -> dict:
    assert apply(root, pipeline, query, "--format", "json", *extra) == 2
    out = capsys.readouterr()
    error = json.loads(out.out)["error"]
    assert error["code"] == "USE065" and error["exit_code"] == 2
    assert f"USE065: {error['message']}" in out.err  # the text on stderr says the same
    return error


@pytest.mark.parametrize("pipeline, query, lang, label, example, setting", [
    ("hotel_research.yaml", "hoteles baratos con buenas reseñas", "es",
     "destino (ciudad o zona donde alojarte)", "en Barcelona", "destination=Barcelona"),
    ("hotel_research.yaml", "cheap hotels with good reviews", "en",
     "destination (city or area to stay in)", "in Barcelona", "destination=Barcelona"),
    ("restaurant_research.yaml", "ramen barato con buena nota", "es",
     "ciudad (ciudad donde comer)", "en Barcelona", "city=Barcelona"),
    ("restaurant_research.yaml", "cheap ramen with great reviews", "en",
     "city (city to eat in)", "in Barcelona", "city=Barcelona"),
])
def test_a_shipped_kind_says_what_to_add_in_the_requests_language(
        shipped: Path, capsys: pytest.CaptureFixture[str], pipeline: str, query: str,
        lang: str, label: str, example: str, setting: str) -> None:
    error = error_json(shipped, pipeline, query, capsys)
    assert error["lang"] == lang
    assert [(m["label"], m["example"], m["set"]) for m in error["missing"]] == \
        [(label, example, setting)]
    quoted = f"«{example}»" if lang == "es" else f"“{example}”"
    assert f"{label}, {'p. ej.' if lang == 'es' else 'e.g.'} {quoted}" in error["message"]
    assert error["hint"].endswith(f"--set {setting}")
    assert ("petición" in error["message"]) == (lang == "es")
    assert not (shipped / "runs").exists()  # refused before anything: no run dir


def test_the_text_error_is_two_lines_and_exit_2(shipped: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert apply(shipped, "hotel_research.yaml", "hoteles baratos con buenas reseñas") == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.splitlines() == [
        "error USE065: a la petición le falta lo que esta búsqueda necesita: destino "
        "(ciudad o zona donde alojarte), p. ej. «en Barcelona»",
        "  hint: añádelo a la petición, o fíjalo directamente con --set destination=Barcelona"]


@pytest.mark.parametrize("query, lang, wanted", [
    ("trenes baratos el 12 de marzo", "es",
     [("origin", "origen", "desde Barcelona"), ("destination", "destino", "hasta Lisboa")]),
    ("cheap trains next friday", "en",
     [("origin", "origin (where the trip starts)", "from Barcelona"),
      ("destination", "destination (where the trip ends)", "to Lisboa")]),
    ("trenes a Lisboa el 12 de marzo", "es", [("origin", "origen", "desde Barcelona")]),
])
def test_every_missing_input_of_a_kind_in_one_message(
        trips: Path, capsys: pytest.CaptureFixture[str], query: str, lang: str,
        wanted: list[tuple[str, str, str]]) -> None:
    """Two required places: each named in the kind's catalog's words, its example built
    from its alias in the request's language, both in one message and one hint."""
    error = error_json(trips, "trips.yaml", query, capsys)
    assert error["lang"] == lang
    assert [(m["input"], m["label"], m["example"]) for m in error["missing"]] == wanted
    for _name, label, example in wanted:
        assert label in error["message"] and example in error["message"]
    assert error["hint"].count("--set ") == len(wanted)


def test_a_required_input_with_a_default_or_a_set_is_never_missing(
        trips: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # --set fills what the query leaves out: the plan reads the request, no refusal
    assert main(["plan", str(trips / "pipelines" / "trips.yaml"), "--query",
                 "trenes a Lisboa el 12 de marzo", "--set", "origin=Madrid", "--format",
                 "json", "--runs-dir", str(tmp_path / "runs"),
                 "--config", str(trips / "config" / "adapters.yaml")]) in (0, None)
    plan = json.loads(capsys.readouterr().out)
    assert plan["request_error"] is None and plan["task"]["values"]["origin"] == "Madrid"
    # a required input with a default: the default is its value
    path = trips / "pipelines" / "defaulted.yaml"
    text = (trips / "pipelines" / "trips.yaml").read_text(encoding="utf-8")
    path.write_text(re.sub(r"(  origin:\s*\{type: place, required: true,)", r"\1 default: Madrid,",
                           text), encoding="utf-8")
    error = error_json(trips, "defaulted.yaml", "trenes baratos el 12 de marzo", capsys)
    assert [m["input"] for m in error["missing"]] == ["destination"]


def test_plan_says_the_refusal_in_the_requests_language_and_still_plans(
        shipped: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["plan", str(shipped / "pipelines" / "hotel_research.yaml"), "--query",
            "hoteles baratos con buenas reseñas", "--runs-dir", str(shipped / "runs"),
            "--config", str(shipped / "config" / "adapters.yaml")]
    main(args)
    text = capsys.readouterr().out
    lines = text.splitlines()
    # the plan's text speaks the request's language too (the JSON keeps English codes)
    assert lines[1] == ("petición: USE065: a la petición le falta lo que esta búsqueda "
                        "necesita: destino (ciudad o zona donde alojarte), p. ej. «en Barcelona»")
    assert lines[2] == ("  consejo: añádelo a la petición, o fíjalo directamente con --set "
                        "destination=Barcelona")
    assert "no se puede leer" not in text
    assert re.search(r"^  F0\s+ejecutar\s", text, re.M)  # the phases are still shown
    main(args + ["--format", "json"])
    plan = json.loads(capsys.readouterr().out)
    assert plan["task"] is None and plan["phases"]
    assert plan["request_error"]["code"] == "USE065"
    assert plan["request_error"]["missing"][0]["set"] == "destination=Barcelona"
    assert plan["task_error"] == plan["request_error"]["message"]
    assert not (shipped / "runs").exists()


def test_a_kinds_catalog_words_the_refusal_and_a_bad_translation_falls_back(
        tmp_path: Path) -> None:
    """The kind's catalog names the input (and its description) in its words; one of its
    translations that names another placeholder is not a traceback: the English stays."""
    from scout.api.askback import refusal
    from scout.spec.models import InputSpec

    po = tmp_path / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "venue"\nmsgstr "sala"\n\n'
                  'msgid "where the event is held"\nmsgstr "dónde se celebra"\n\n'
                  'msgid "in {place}"\nmsgstr "en {lugar}"\n', encoding="utf-8")
    inputs = {"venue": InputSpec(type="place", required=True,
                                 description="where the event is held"),
              "guests": InputSpec(type="integer", required=True)}
    error = refusal(inputs, ["venue", "guests"], "es", tmp_path / "locales")
    assert [(m["label"], m["example"], m["set"]) for m in error.missing] == [
        ("sala (dónde se celebra)", "in Barcelona", "venue=Barcelona"),
        ("guests", "2 guests", "guests=2")]
    assert error.message.startswith("a la petición le falta")
    assert error.hint.endswith("--set venue=Barcelona --set guests=2")


def test_a_failed_missions_phases_do_not_bury_the_failure() -> None:
    """`apply` after a failure: the phases that ran, one line each, then those that never
    ran named together on one line; `scout status` (no fold) keeps a line per phase."""
    from scout.cli.run_cmds import format_phases
    from scout.orchestrator.state import PhaseState

    phases = {"F0": PhaseState(status="succeeded", duration_s=0.01),
              "F1": PhaseState(status="failed_terminal", reason="not retryable: boom"),
              **{f"P{i}": PhaseState(status="blocked_missing_input",
                                     reason="needs 'x' from F1, which failed")
                 for i in range(9)},
              "R1": PhaseState(status="pending", reason="not started: F1 failed: boom")}
    lines = format_phases(phases, fold=True)
    assert len(lines) == 3
    assert lines[1].split()[:2] == ["F1", "failed_terminal"]
    assert lines[2] == ("  not run (10, blocked or not started): "
                        + ", ".join([f"P{i}" for i in range(9)] + ["R1"]))
    assert len(format_phases(phases)) == len(phases)
