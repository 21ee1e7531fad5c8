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


@pytest.mark.parametrize("inputs, labels", [
    (("origin:place", "destination:place"), {"origin": "origen", "destination": "destino"}),
    (("pickup:place", "dropoff:place", "start:date"),
     {"pickup": "recogida", "dropoff": "devolución", "start": "inicio"}),
    (("from_city:place", "to_city:place", "departure_date:date", "return_date:date"),
     {"from_city": "ciudad de origen", "to_city": "ciudad de destino",
      "departure_date": "fecha de salida", "return_date": "return date"}),
])
def test_init_es_writes_the_spanish_labels_it_knows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, inputs: tuple[str, ...],
        labels: dict[str, str]) -> None:
    """A Spanish report's "What you asked" labels a trip's end in Spanish (`| origen |`,
    not `| origin |`), and validate has no SPEC078 note for it; a name init knows no
    word for stays a note, not a warning (init's labels are not the author's start at
    translating the kind)."""
    from scout.i18n import translations
    from scout.spec.filters import input_labels

    pipeline = _kind(tmp_path, monkeypatch, *inputs)
    code, out, _ = run("validate", "pipelines/")
    known = [n for n, label in labels.items() if label != n.replace("_", " ")]
    for name in known:
        assert f"input '{name}' has no name" not in out, out
    for name in set(labels) - set(known):
        assert f"note SPEC078: input '{name}' has no name in 'es'" in out, out
    catalog = translations("es", tmp_path / "locales")
    names = [i.split(":")[0] for i in inputs]
    from scout.spec.loader import load_pipeline

    spec = load_pipeline(pipeline).model
    shown = input_labels(names, spec.inputs, lang="es", catalog=catalog)
    assert {n: shown[n] for n in names} == labels


def test_init_never_writes_over_the_authors_label(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    po = tmp_path / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "origin"\nmsgstr "punto de partida"\n', encoding="utf-8")
    _kind(tmp_path, monkeypatch, "origin:place", "arrival_airport:place")
    text = po.read_text(encoding="utf-8")
    assert text.count('msgid "origin"') == 1 and 'msgstr "punto de partida"' in text
    assert 'msgid "arrival_airport"\nmsgstr "aeropuerto de llegada"' in text


@pytest.mark.parametrize("name, label", [
    ("origin", "origen"), ("Destination", "destino"), ("city_from", "ciudad de origen"),
    ("pickup_address", "dirección de recogida"), ("end_month", "mes de fin"),
    ("origin_city_name", None), ("city", None), ("hotel_date", None), ("_", None),
])
def test_the_labels_init_knows(name: str, label: str | None) -> None:
    from scout.scaffold.labels import spanish_label

    assert spanish_label(name) == label
