"""The config's ``default_lang``: the language of a request that shows neither language
(a bare "Málaga", "hotel lisboa"); a request with English or Spanish words keeps its own.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest
import yaml

from scout import api
from scout.config.loader import load_config
from scout.errors import SpecInvalid
from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.task.lang import detect

TODAY = dt.date(2027, 3, 10)
ROOT = Path(__file__).resolve().parents[2]
INPUTS = {"destination": InputSpec(type="place", required=False)}


@pytest.mark.parametrize("text", ["Málaga", "hotel lisboa", "Barcelona 2027", ""])
def test_a_request_that_shows_neither_language_takes_the_default(text: str) -> None:
    assert detect(text) == "en"
    assert detect(text, "es") == "es"
    assert build_task(text, INPUTS, today=TODAY, default_lang="es").lang == "es"


@pytest.mark.parametrize("text, lang", [
    ("find hotels in Madrid for next month", "en"),
    ("hoteles en Madrid para el mes que viene", "es"),
])
def test_a_request_with_words_of_one_language_keeps_it(text: str, lang: str) -> None:
    for default in ("en", "es"):
        assert build_task(text, INPUTS, today=TODAY, default_lang=default).lang == lang


def test_set_lang_still_wins() -> None:
    task = build_task("Málaga", INPUTS, today=TODAY, default_lang="es",
                      set_values={"lang": "en"})
    assert task.lang == "en"


def _project(tmp_path: Path, default_lang: str | None) -> Path:
    root = tmp_path / "root"
    for sub in ("config", "templates", "pipelines"):
        shutil.copytree(ROOT / sub, root / sub)
    cfg = root / "config" / "adapters.yaml"
    doc = yaml.safe_load(cfg.read_text())
    if default_lang is not None:
        doc["default_lang"] = default_lang
    cfg.write_text(yaml.safe_dump(doc, allow_unicode=True))
    return root


def _f0_lang(root: Path, tmp_path: Path) -> str:
    """Apply the hotel pipeline to "Málaga" offline (replaying a cassette that has none
    of its requests: the search phases fail, F0 needs no provider) and read the Task."""
    from scout.providers.hook import ProviderOptions

    result = api.apply(root / "pipelines" / "hotel_research.yaml", query="Málaga",
                       root=root, config=root / "config" / "adapters.yaml",
                       runs_dir=tmp_path / "runs", max_workers=2,
                       provider_options=ProviderOptions(
                           replay_dir=ROOT / "examples" / "hotel-barcelona" / "cassette"))
    task = json.loads((result.run_dir / "artifacts" / "task.json").read_text())
    return str(task["data"]["lang"])


def test_the_config_setting_reaches_the_task(tmp_path: Path) -> None:
    es_root, en_root = _project(tmp_path / "es", "es"), _project(tmp_path / "en", None)
    assert load_config(es_root / "config" / "adapters.yaml").default_lang == "es"
    assert _f0_lang(es_root, tmp_path / "es") == "es"
    assert _f0_lang(en_root, tmp_path / "en") == "en"


def test_an_unknown_default_lang_is_a_located_config_problem(tmp_path: Path) -> None:
    root = _project(tmp_path, "fr")
    with pytest.raises(SpecInvalid) as err:
        load_config(root / "config" / "adapters.yaml")
    assert "default_lang" in str(err.value) and "'en' or 'es'" in str(err.value)


@pytest.mark.parametrize("query,lang", [
    # a language pair in codes names no function word: "EN" is no Spanish "en"
    ("EN>PT-BR proofreading, 40 pages", "en"),
    ("DE-EN proofreading of a paper", "en"),
    ("traducción ES>EN de un artículo", "es"),
    ("hotel en Madrid barato", "es"),
])
def test_a_language_pair_in_codes_is_no_marker(query, lang):
    assert detect(query, "en") == lang
