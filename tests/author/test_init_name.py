"""`scout init KIND --name WORDS`: the kind's English name in words, not its slug."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.testing import Result
from tests.author.helpers import run
from tests.author.test_init import _kind_report, _searched


@pytest.fixture(autouse=True)
def _project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)


@pytest.mark.parametrize("kind, args, query, title, first", [
    # a slug written as one word titled "Carrepair" and searched "carrepair in Bristol"
    ("carrepair", ["--name", "car repair workshops"], "brake pads in Bristol",
     "# Car repair workshops: Bristol", "car repair workshops in Bristol"),
    ("drivingschools", ["--name", "Driving  schools"], "lessons in Leeds",
     "# Driving schools: Leeds", "Driving schools in Leeds"),
    # a slug's '-' part its words with no --name
    ("piano-teachers", [], "piano lessons in York", "# Piano teachers: York",
     "piano teachers in York"),
])
def test_an_english_report_and_search_say_the_kind_s_name(
        tmp_path: Path, kind: str, args: list[str], query: str, title: str,
        first: str) -> None:
    args = [*args, "--input", "city:place"]
    report = _kind_report(tmp_path, kind, args, query,
                          [Result("Kwik Fit", "https://kwik.test/", "Leeds, Bristol, York.")])
    assert report.splitlines()[0] == title
    # another work folder (its name is the query's hash): a run of its own, not a resume
    assert _searched(tmp_path, kind, args, query + " ")[0] == first


def test_the_english_and_the_spanish_names_go_together(tmp_path: Path) -> None:
    args = ["--name", "car repair workshops", "--es", "talleres mecánicos",
            "--input", "city:place"]
    results = [Result("Taller Pepe", "https://pepe.test/", "Alcobendas.")]
    assert _kind_report(tmp_path, "carrepair", args, "taller en Alcobendas",
                        results).splitlines()[0] == "# Talleres mecánicos: Alcobendas"
    # the catalog entry pairs the English words, as a request names the kind, with the Spanish
    po = (tmp_path / "locales" / "es" / "LC_MESSAGES" / "messages.po").read_text("utf-8")
    assert 'msgid "car repair workshops"\nmsgstr "talleres mecánicos"' in po
    mission = (tmp_path / "pipelines" / "missions" / "carrepair-example.yaml").read_text("utf-8")
    assert "query: car repair workshops in Lisbon" in mission


@pytest.mark.parametrize("name", ["car {repair}", "it's", "50% off", "a\x1bb"])
def test_a_name_that_would_break_the_files_is_refused(tmp_path: Path, name: str) -> None:
    code, _, err = run("init", "carrepair", "--dir", str(tmp_path), "--name", name)
    assert code == 2 and "--name" in err and "Traceback" not in err
    assert not (tmp_path / "pipelines").exists()


def test_help_says_how_to_name_the_kind() -> None:
    code, out, _ = run("init", "--help")
    assert code == 0 and "--name" in out and "drivingschools" in out
