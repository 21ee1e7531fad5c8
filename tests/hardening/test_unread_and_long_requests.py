"""Two requests a user or an agent may type that scout cannot honestly read, through the
CLI on the demo cassette (offline): one written in a script the parser does not read
(USE066; `plan` shows it on the request's line), and one far longer than the parser reads
(USE067, past 10,000 characters). Both are refused before anything is written, with the
fix; a query at the bound runs, is stored a bounded number of times, and resumes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scout.api.request import MAX_REQUEST_CHARS
from scout.cli import main
from tests.e2e.world import QUERY, ROOT

DEMO = ROOT / "examples" / "hotel-barcelona" / "cassette"
PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(ROOT / "config", tmp_path / "config")
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _apply(query: str, *extra: str) -> int:
    return main(["apply", PIPELINE, "--query", query, "--progress", "plain",
                 "--replay", str(DEMO), *extra])


def _nothing_written(root: Path) -> bool:
    return not (root / "runs").exists() or not any((root / "runs").iterdir())


@pytest.mark.parametrize("query, script, es", [
    ("хочу недорогой отель в Барселоне на сентябрь", "Cyrillic", "cirílica"),
    ("أبحث عن فندق رخيص في برشلونة لشهر سبتمبر", "Arabic", "árabe"),
    ("מלון זול בברצלונה לספטמבר", "Hebrew", "hebrea"),
    ("φτηνό ξενοδοχείο στη Βαρκελώνη τον Σεπτέμβριο", "Greek", "griega"),
    ("सितंबर में बार्सिलोना में सस्ता होटल", "Devanagari", "devanagari"),
    ("โรงแรมราคาถูกในบาร์เซโลนาเดือนกันยายน", "Thai", "tailandesa"),
    ("9月にバルセロナの安いホテル", "Japanese (kana)", "japonesa (kana)"),
    ("九月巴塞罗那便宜的酒店", "Chinese/Japanese (Han)", "china/japonesa (han)"),
])
def test_apply_refuses_a_request_in_a_script_it_does_not_read(
        root: Path, query: str, script: str, es: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert _apply(query, "--format", "json") == 2
    out = capsys.readouterr()
    error = json.loads(out.out)["error"]
    assert error["code"] == "USE066" and error["script"] == script and error["lang"] == "en"
    assert f"USE066: {error['message']}" in out.err and "Traceback" not in out.err
    assert "--set name=value" in error["hint"]
    assert _nothing_written(root)
    assert _apply(query, "--set", "lang=es") == 2  # the refusal in the language asked for
    err = capsys.readouterr().err
    assert f"escritura {es}, que scout no lee" in err and "español o en inglés" in err


def test_plan_shows_the_refusal_on_the_request_line_and_set_values_let_it_run(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["plan", PIPELINE, "--query", "отель в Барселоне"])
    out = capsys.readouterr().out
    assert "request: USE066: the request is written in Cyrillic script" in out
    code = _apply("отель в Барселоне", "--set", "destination=Barcelona", "--set",
                  "month=2026-09", "--mission-id", "cyrillic-set")
    capsys.readouterr()
    assert code == 0
    task = json.loads((root / "runs" / "cyrillic-set" / "task.json")
                      .read_text(encoding="utf-8"))["task"]
    assert task["values"]["destination"] == "Barcelona"
    assert any("not read: 'отель в Барселоне' is in Cyrillic script" in n for n in task["notes"])


def test_a_name_in_another_script_runs_the_latin_request_and_says_it_was_not_read(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    query = QUERY + ", ideally near サグラダ・ファミリア"
    assert _apply(query, "--mission-id", "mixed") == 0
    capsys.readouterr()
    task = json.loads((root / "runs" / "mixed" / "task.json")
                      .read_text(encoding="utf-8"))["task"]
    assert task["values"]["destination"] == "Barcelona"
    assert any("サグラダ・ファミリア" in n and "not read" in n for n in task["notes"])
    report = (root / "runs" / "mixed" / "report.md").read_text(encoding="utf-8")
    assert "サグラダ・ファミリア" in report  # the request is quoted whole


@pytest.mark.parametrize("query", [
    QUERY + " " + "lorem ipsum " * 100_000,
    "busco hotel en Barcelona en septiembre. " + "Detalles: " * 1_200,
])
def test_a_query_past_the_bound_is_refused_before_anything_is_written(
        root: Path, query: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(query) > MAX_REQUEST_CHARS
    assert _apply(query) == 2
    err = capsys.readouterr().err
    assert "USE067" in err and f"at most {MAX_REQUEST_CHARS}" in err or \
        f"como mucho {MAX_REQUEST_CHARS}" in err
    assert len(err) < 2000 and _nothing_written(root)
    main(["plan", PIPELINE, "--query", query])
    assert "USE067" in capsys.readouterr().err


def test_a_query_at_the_bound_runs_resumes_and_is_stored_bounded(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    query = QUERY + " " + "z" * (MAX_REQUEST_CHARS - len(QUERY) - 1)
    assert len(query) == MAX_REQUEST_CHARS
    assert _apply(query, "--mission-id", "long") == 0
    run = root / "runs" / "long"
    stored = sum(p.stat().st_size for p in run.rglob("*") if p.is_file())
    assert stored < 40 * MAX_REQUEST_CHARS  # was ~5 MB for a 1 MB query
    task = json.loads((run / "task.json").read_text(encoding="utf-8"))["task"]
    assert task["values"]["destination"] == "Barcelona" and task["query"] == query
    capsys.readouterr()
    assert _apply(query, "--mission-id", "long") == 0  # the same mission, resumed
    err = capsys.readouterr().err
    assert "[skip]" in err and "mission long succeeded" in err
