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


@pytest.mark.parametrize("inputs, said, not_said", [
    (["nights:integer", "guests:integer"], ["{{ task.nights }} nights",
                                           "{{ task.guests }} guests"], []),
    (["min_speed:number"], ["{{ task.min_speed }} speed"], ["min speed"]),
    (["origin:place", "destination:place"], [" from {{ task.origin }}",
                                             " to {{ task.destination }}"], [" in "]),
    (["city:place", "area:place"], [" in {{ task.city }}", " {{ task.area }}"],
     [" in {{ task.area }}"]),
])
def test_a_query_says_what_a_number_counts_and_one_in(tmp_path: Path, inputs: list[str],
                                                      said: list[str],
                                                      not_said: list[str]) -> None:
    init_kind("sailing-trips", tmp_path, inputs=inputs)
    query = _pipeline(tmp_path, "sailing-trips")["phases"]["F1"]["with"]["query"]
    assert all(s in query for s in said) and not any(s in query for s in not_said), query


def test_the_title_says_what_a_number_counts(tmp_path: Path) -> None:
    init_kind("cabins", tmp_path, inputs=["place:place", "nights:integer", "beds:integer"])
    title = next(p["with"]["title"] for p in _pipeline(tmp_path, "cabins")["phases"].values()
                 if "title" in p.get("with", {}))
    assert "task.nights ~ ' ' ~ ('nights'" in title and "task.beds ~ ' ' ~ ('beds'" in title


def test_init_writes_a_reason_for_each_where_and_validates_without_spec090(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    init_kind("clinics", tmp_path, inputs=["place:place", "fee:money", "deposit:money",
                                           "min_rating:rating"])
    rank = _pipeline(tmp_path, "clinics")["phases"]["R1"]["with"]
    assert len(rank["reasons"]) == len(rank["where"]) == 3
    code, out, _ = run("validate", str(tmp_path / "pipelines"))
    assert code == 0 and "SPEC090" not in out and "SPEC089" not in out, out
