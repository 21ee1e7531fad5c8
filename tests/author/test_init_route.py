"""`scout init` with a trip's two ends (``origin``/``destination``, ``pickup``/``dropoff``):
each gets the words requests name it with, in both languages, so a request that says the
destination first, or says the ends in Spanish, still gives each end its place (before,
the two places were told apart by order alone: "to Lisbon from Madrid" swapped them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from scout.scaffold import route_aliases
from tests.author.helpers import run


def _kind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *inputs: str) -> Path:
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)
    args = [a for i in inputs for a in ("--input", i)]
    code, _, err = run("init", "van-transfers", *args, "--es", "traslados en furgoneta")
    assert code == 0, err
    code, out, _ = run("validate", "pipelines/")
    assert code == 0 and "warning" not in out, out
    return tmp_path / "pipelines" / "van_transfers.yaml"


def _values(pipeline: Path, query: str) -> dict:
    code, out, err = run("plan", str(pipeline), "--query", query, "--format", "json")
    assert code == 0, err
    return json.loads(out)["task"]["values"]


@pytest.mark.parametrize("query, origin, destination", [
    ("van transfers to Lisbon from Madrid", "Madrid", "Lisbon"),
    ("van transfer from Porto to Faro under 200 EUR", "Porto", "Faro"),
    ("traslados en furgoneta desde Sevilla hasta Oporto", "Sevilla", "Oporto"),
    ("furgoneta con destino a Valencia saliendo de Alicante", "Alicante", "Valencia"),
    ("traslado de Málaga a Granada para 6", "Málaga", "Granada"),
    ("a shuttle bound for Nice, leaving from Genoa", "Genoa", "Nice"),
])
def test_a_route_kinds_ends_are_named_in_both_languages(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, query: str, origin: str,
        destination: str) -> None:
    pipeline = _kind(tmp_path, monkeypatch, "origin:place", "destination:place", "budget:money")
    values = _values(pipeline, query)
    assert (values["origin"], values["destination"]) == (origin, destination), values


def test_one_end_alone_is_that_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pipeline = _kind(tmp_path, monkeypatch, "origin:place", "destination:place")
    assert _values(pipeline, "van transfer going to Nice") == \
        {"origin": None, "destination": "Nice"}
    assert _values(pipeline, "traslado hacia Bilbao") == {"origin": None, "destination": "Bilbao"}


def test_only_a_trips_ends_get_route_words(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A place that is no end of a trip (``city``) keeps no aliases: "from"/"de" would
    claim any place a request names."""
    pipeline = _kind(tmp_path, monkeypatch, "city:place", "pickup_point:place")
    inputs = yaml.safe_load(pipeline.read_text(encoding="utf-8"))["inputs"]
    assert "aliases" not in inputs["city"]
    assert {"recogida en", "pick up in", "from", "desde"} <= set(inputs["pickup_point"]["aliases"])
    assert route_aliases("city") == () and route_aliases("home_place") == ()
    assert "entrega en" in route_aliases("dropoff") and "to" in route_aliases("dropoff")
