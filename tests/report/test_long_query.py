"""A long request (the parser takes up to 10,000 characters) is quoted in the report by
its beginning, 600 characters and an ellipsis, with a line saying how long it is and
where it is kept whole (task.json, in the run's folder); a short one is quoted whole.
Both languages, the shipped restaurant kind run offline with scout.testing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scout.testing import FakeProviders, Result, run_pipeline

ROOT = Path(__file__).resolve().parents[2]
KIND = ROOT / "pipelines" / "restaurant_research.yaml"
LONG = {"en": "best ramen in Lyon under 25 EUR. "
              + "We come with two children and would like a quiet street near the metro. " * 60
              + "Finally, we would like a table by the window at the back.",
        "es": "el mejor ramen en Lyon por menos de 25 EUR. " + "Vamos con dos niños y queremos "
              "una calle tranquila cerca del metro. " * 60
              + "Por último, queremos una mesa junto a la ventana del fondo."}
SAID = {"en": "characters long: this is its beginning; the whole request is kept in task.json",
        "es": "caracteres: esto es su comienzo; la petición entera se guarda en task.json"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_long_request_is_quoted_by_its_beginning(lang: str, tmp_path: Path) -> None:
    query = LONG[lang]
    with FakeProviders() as fake:
        fake.search(r".", [Result("Ramen Kotori Lyon", "https://kotori.example/",
                                  "Ramen from 14 EUR, rated 4.6/5.")])
        run = run_pipeline(KIND, fake=fake, workdir=tmp_path, query=query)
    report = next(tmp_path.rglob("report.md")).read_text(encoding="utf-8")
    assert query[:200] in report.replace("\\", "")
    assert query[-40:] not in report and query[-40:] not in run.report_html
    assert SAID[lang] in report
    task = json.loads(next(tmp_path.rglob("task.json")).read_text(encoding="utf-8"))
    assert json.dumps(task).count("quiet street" if lang == "en" else "calle tranquila") >= 60
    assert run.exit_code == 0


def test_every_shipped_template_quotes_the_request_bounded() -> None:
    """The kinds' own templates quote the request at their top as well: each quote goes
    through shorten, so no template shows a 10,000-character request whole."""
    import re

    templates = [*ROOT.glob("examples/*/templates/*.j2"), *ROOT.glob("templates/*.j2"),
                 *ROOT.glob("scout/report/builtin/*.j2")]
    quotes = [(t.name, m.group(0)) for t in templates
              for m in re.finditer(r"\{\{[^}]*\b(?:task|mission)\.query\b[^}]*\}\}",
                                   t.read_text(encoding="utf-8"))]
    assert len(quotes) > 20
    assert [q for q in quotes if "shorten(" not in q[1]] == []


def test_a_kind_with_its_own_template_quotes_a_long_request_bounded(tmp_path: Path) -> None:
    query = ("fibra 600 Mb en Valencia por menos de 30 € al mes. " + "Teletrabajamos dos "
             "personas en casa y necesitamos una conexión estable por las tardes. " * 50
             + "Por último, que el router tenga wifi 6 y cobertura en toda la casa.")
    with FakeProviders() as fake:
        fake.search(r".", [Result("Fibra Turia 600Mb", "https://turia.example/fibra",
                                  "Fibra 600Mb: 25 €/mes. Sin permanencia.")])
        run = run_pipeline(ROOT / "examples" / "broadband" / "pipelines" / "broadband.yaml",
                           fake=fake, workdir=tmp_path, query=query)
    assert run.exit_code == 0
    assert query[:100] in run.report and query[-40:] not in run.report
    assert query[-40:] not in run.report_html
    assert SAID["es"] in run.report
