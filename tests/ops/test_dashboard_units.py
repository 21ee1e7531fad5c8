"""The dashboard's request view says a plain number's unit, as the report's "What you
asked" does: the broadband kind's least speed read "600" on the mission page where the
report reads "600 Mbps", and a cruise's nights a bare "1". Both languages; the kind's
labels and enum words come from its own catalog; a pipeline that no longer loads still
shows the values."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scout.server.dashboard_data import request_view
from scout.testing import FakeProviders, Result, run_pipeline

ROOT = Path(__file__).resolve().parents[2]
BROADBAND = ROOT / "examples" / "broadband" / "pipelines" / "broadband.yaml"
CRUISES = ROOT / "examples" / "cruises" / "pipelines" / "cruises.yaml"


def _task(pipeline: Path, query: str, tmp_path: Path) -> dict:
    with FakeProviders() as fake:
        fake.search(r".", [Result("Fibra Turia 600Mb", "https://turia.example/fibra",
                                  "Fibra 600Mb: 25 €/mes. Sin permanencia.")])
        run = run_pipeline(pipeline, fake=fake, workdir=tmp_path, query=query)
    doc = json.loads((run.run_dir / "task.json").read_text(encoding="utf-8"))
    return doc["task"]


@pytest.mark.parametrize("query, lang, shown", [
    ("fibra de 600 megas en Valencia por menos de 30 € al mes", "es", "600 Mbps"),
    ("fibre broadband in Leeds with at least 300 Mbps under 40 GBP a month", "en", "300 Mbps"),
])
def test_a_speed_shows_its_unit_on_the_mission_page(query: str, lang: str, shown: str,
                                                    tmp_path: Path) -> None:
    parsed = _task(BROADBAND, query, tmp_path)
    view = request_view(parsed, lang, str(BROADBAND))
    assert any(value == shown for _label, value, _src in view.rows), view.rows
    # the page and the report say it alike
    report = next(tmp_path.rglob("report.md")).read_text(encoding="utf-8")
    assert re.search(rf"\| {re.escape(shown)} \|", report)


@pytest.mark.parametrize("lang, one, many", [("es", "1 noche", "4 noches"),
                                             ("en", "1 night", "4 nights")])
def test_a_count_of_nights_says_night_or_nights(lang: str, one: str, many: str) -> None:
    spec = {"type": "integer", "aliases": ["estancia"], "description": "how many nights"}
    pipeline_free = {"values": {"stay": 1}, "types": {"stay": "integer"}, "lang": lang}
    from scout.spec.filters import input_unit

    assert input_unit("1", spec, "stay", lang=lang) == one
    assert input_unit("4", spec, "stay", lang=lang) == many
    # without its pipeline (gone, moved), the page still shows the value, bare
    view = request_view(pipeline_free, lang, None)
    assert [v for _label, v, _src in view.rows] == ["1"]


def test_a_pipeline_that_no_longer_loads_shows_bare_values(tmp_path: Path) -> None:
    parsed = _task(BROADBAND, "fibra de 600 megas en Valencia por menos de 30 € al mes",
                   tmp_path / "run")
    broken = tmp_path / "broken.yaml"
    broken.write_text("inputs: [unclosed\n", encoding="utf-8")
    for pipeline in (str(broken), str(tmp_path / "gone.yaml")):
        view = request_view(parsed, "es", pipeline)
        assert any(value == "600" for _label, value, _src in view.rows), view.rows


def test_a_torn_catalog_still_shows_the_unit(tmp_path: Path) -> None:
    """A project whose catalog no longer reads (an invalid byte) still shows the page,
    with scout's own words and the unit its pipeline declares."""
    project = tmp_path / "proj"
    (project / "pipelines").mkdir(parents=True)
    (project / "locales" / "es" / "LC_MESSAGES").mkdir(parents=True)
    pipeline = project / "pipelines" / "broadband.yaml"
    pipeline.write_text(BROADBAND.read_text(encoding="utf-8"), encoding="utf-8")
    (project / "locales" / "es" / "LC_MESSAGES" / "messages.po").write_bytes(
        b'msgid "x\nmsgstr broken\n\xff\xfe')
    parsed = {"values": {"min_speed": 600.0}, "types": {"min_speed": "number"}, "lang": "es"}
    view = request_view(parsed, "es", str(pipeline))
    assert [v for _label, v, _src in view.rows] == ["600 Mbps"]
