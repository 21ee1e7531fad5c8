"""What ``scout init`` wrote that a newcomer tripped on: a catalog header ``msgfmt -c``
warns about, ``schemas/`` copies and ``$schema=../schemas`` paths inside a project that
has its schemas higher up (scout's repository: ``examples/<kind>/``), bare numbers in the
queries and the title ("… 7 2"), "in" before every place, and ``where``s without
``reasons`` (SPEC090: the report printed the expression)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from scout.scaffold import init_kind
from tests.author.helpers import run


def _pipeline(root: Path, kind: str) -> dict:
    return yaml.safe_load((root / "pipelines" / f"{kind.replace('-', '_')}.yaml").read_text())


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="needs gettext's msgfmt")
def test_the_catalog_init_writes_passes_msgfmt_check(tmp_path: Path) -> None:
    init_kind("escape-rooms", tmp_path, spanish="salas de escape")
    po = tmp_path / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    done = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(po)],
                          capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert 'msgid "escape rooms"\nmsgstr "salas de escape"' in po.read_text()


def test_inside_a_project_with_schemas_init_names_them_and_copies_none(tmp_path: Path) -> None:
    outer = tmp_path / "repo"
    init_kind("folding-bikes", outer)        # a project of its own: writes its schemas
    assert (outer / "schemas" / "pipeline.schema.json").is_file()
    inner = outer / "examples" / "bike-rental"
    written = [w.path for w in init_kind("bike-rental", inner)]
    assert not (inner / "schemas").exists()
    named = 0
    for path in written:
        if path.suffix == ".yaml":
            found = re.search(r"\$schema=(\S+)", path.read_text(encoding="utf-8"))
            assert found and (path.parent / found.group(1)).resolve() == (
                outer / "schemas" / Path(found.group(1)).name).resolve(), path
            named += 1
    assert named >= 3   # the pipeline, the Mission, the config


@pytest.mark.parametrize("inputs, values, said, not_said", [
    (["nights:integer", "guests:integer"], {"nights": 7, "guests": 2},
     ["7 nights 2 guests"], []),
    (["min_speed:number"], {"min_speed": 12}, ["12 speed"], ["min speed"]),
    (["origin:place", "destination:place"], {"origin": "Bilbao", "destination": "Oporto"},
     [" from Bilbao to Oporto"], [" in "]),
    (["city:place", "area:place"], {"city": "Madrid", "area": "Lavapiés"},
     [" in Madrid Lavapiés"], [" in Lavapiés"]),
])
def test_a_query_says_what_a_number_counts_and_one_in(
        tmp_path: Path, inputs: list[str], values: dict[str, object], said: list[str],
        not_said: list[str]) -> None:
    from types import SimpleNamespace

    from scout.spec.templating import make_env

    init_kind("sailing-trips", tmp_path, inputs=inputs)
    query = _pipeline(tmp_path, "sailing-trips")["phases"]["F1"]["with"]["query"]
    names = {spec.split(":")[0]: None for spec in inputs}
    task = SimpleNamespace(lang="en", query="q", **{**names, **values})
    shown = make_env().from_string(query).render(task=task)
    assert shown.startswith("sailing trips"), shown
    assert all(s in shown for s in said) and not any(s in shown for s in not_said), shown


def test_the_title_says_what_a_number_counts(tmp_path: Path) -> None:
    init_kind("cabins", tmp_path, inputs=["place:place", "nights:integer", "beds:integer"])
    title = next(p["with"]["title"] for p in _pipeline(tmp_path, "cabins")["phases"].values()
                 if "title" in p.get("with", {}))
    # each with a Spanish slot of its own, `none` (the number alone) until it is written
    assert "[task.nights, ('nights' if task.lang != 'es' else none)]" in title
    assert "[task.beds, ('beds' if task.lang != 'es' else none)]" in title


def test_init_writes_a_reason_for_each_where_and_validates_without_spec090(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    init_kind("clinics", tmp_path, inputs=["place:place", "fee:money", "deposit:money",
                                           "min_rating:rating"])
    rank = _pipeline(tmp_path, "clinics")["phases"]["R1"]["with"]
    # the fee caps the price, the rating is a minimum; a deposit is no cap
    assert len(rank["reasons"]) == len(rank["where"]) == 2
    assert not any("deposit" in w for w in rank["where"])
    code, out, _ = run("validate", str(tmp_path / "pipelines"))
    assert code == 0 and "SPEC090" not in out and "SPEC089" not in out, out
