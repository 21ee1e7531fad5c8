"""A cassette is data from someone else: it never runs code and a bad one is a clear error.

The attack from issue 13 §1: a cassette that ships ``evil.py`` and names
``cassette.evil:X`` as the model of a stored reply. Replaying it must not import the file
(no marker written) and must stop with a usage error that names the file.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scout.errors import CassetteInvalid
from scout.providers import codec
from tests.e2e.world import QUERY, ROOT

DEMO = ROOT / "examples" / "hotel-barcelona" / "cassette"

EVIL = """
import pathlib
pathlib.Path({marker!r}).write_text("pwned")
from pydantic import BaseModel
class X(BaseModel):
    video_id: str = ""
"""


def _plant(tmp: Path) -> tuple[Path, Path, Path]:
    cassette = tmp / "cassette"
    shutil.copytree(DEMO, cassette)
    marker = tmp / "MARKER"
    (cassette / "__init__.py").write_text("")
    (cassette / "evil.py").write_text(EVIL.format(marker=str(marker)))
    victim = sorted((cassette / "replies").glob("*.json"))[0]
    doc = json.loads(victim.read_text())
    doc["reply"]["value"]["__model__"] = "cassette.evil:X"
    victim.write_text(json.dumps(doc))
    return cassette, marker, victim


def _root(tmp: Path) -> None:
    shutil.copytree(ROOT / "config", tmp / "config")
    shutil.copytree(ROOT / "templates", tmp / "templates")


def test_decode_refuses_a_foreign_model_and_imports_nothing(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    marker = tmp_path / "MARKER"
    (tmp_path / "evilmod.py").write_text(EVIL.format(marker=str(marker)))
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("evilmod:X", "os:system", "scout.schemas.sources:Path", 42,
                 "scout.providers.codec:CassetteInvalid"):
        with pytest.raises(CassetteInvalid) as ei:
            codec.decode({"__model__": name, "data": {}}, "replies/abc-0.json")
        assert "replies/abc-0.json" in str(ei.value)
    assert not marker.exists()
    assert "evilmod" not in sys.modules


def test_decode_still_rebuilds_scouts_own_models() -> None:
    from scout.schemas.sources import Source

    value = [Source(title="Casa Bonay", url="https://casabonay.com/", snippet="x",
                    adapter="duckduckgo")]
    assert codec.decode(codec.encode(value)) == value
    reg = codec.registry()
    assert "scout.schemas.sources:Transcript" in reg and "scout.schemas.task:Task" in reg
    assert all(k.startswith(("scout.schemas.", "scout.adapters.contract")) for k in reg)


def test_replaying_a_cassette_that_ships_code_runs_none_of_it(tmp_path: Path) -> None:
    cassette, marker, victim = _plant(tmp_path)
    _root(tmp_path)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOUTE_")}
    env.update(SCOUTE_RESEARCH_ROOT=str(tmp_path),
               PYTHONPATH=str(tmp_path) + os.pathsep + str(ROOT))
    # cwd = the folder holding the cassette: `python -m` puts it on sys.path, as an
    # attacker who says "cd there and replay my cassette" would want
    proc = subprocess.run(
        [sys.executable, "-m", "scout", "apply", str(ROOT / "pipelines/hotel_research.yaml"),
         "--query", QUERY, "--mission-id", "tampered", "--progress", "none",
         "--replay", "cassette"], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=120)
    out = proc.stdout + proc.stderr
    assert not marker.exists(), "the cassette's code ran"
    assert proc.returncode == 2, out
    assert "USE060" in out and victim.name in out and "cassette.evil:X" in out
    assert "Traceback" not in out and "internal error" not in out.lower()


@pytest.mark.parametrize("manifest, what", [
    ({"links": "x"}, "'links' must be an object"),
    ([1, 2], "must be a JSON object"),
    ({"links": {"duckduckgo": {"ok": "yes"}}}, "links.duckduckgo"),
    ("{not json", "not valid JSON"),
])
def test_a_malformed_manifest_is_a_clear_usage_error(tmp_path: Path, manifest: object,
                                                     what: str,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    from scout.cli import main

    cassette = tmp_path / "cassette"
    shutil.copytree(DEMO, cassette)
    (cassette / "manifest.json").write_text(
        manifest if isinstance(manifest, str) else json.dumps(manifest))
    _root(tmp_path)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    code = main(["apply", str(ROOT / "pipelines/hotel_research.yaml"), "--query", QUERY,
                 "--progress", "none", "--replay", str(cassette)])
    out = capsys.readouterr()
    assert code == 2, out
    text = out.out + out.err
    assert what in text and "manifest.json" in text and "USE060" in text


@pytest.mark.parametrize("mutate", [
    lambda d: d["response"].__setitem__("status", "200"),
    lambda d: d["response"].__setitem__("headers", ["a"]),
    lambda d: d.__setitem__("response", None),
    lambda d: d["response"].pop("body", None) or d["response"].pop("body_b64", None),
])
def test_a_malformed_http_exchange_is_refused_up_front(tmp_path: Path, mutate: object,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    from scout.cli import main

    cassette = tmp_path / "cassette"
    shutil.copytree(DEMO, cassette)
    victim = sorted((cassette / "http").glob("*.json"))[3]
    doc = json.loads(victim.read_text())
    mutate(doc)  # type: ignore[operator]
    victim.write_text(json.dumps(doc))
    _root(tmp_path)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    code = main(["apply", str(ROOT / "pipelines/hotel_research.yaml"), "--query", QUERY,
                 "--progress", "none", "--replay", str(cassette)])
    out = capsys.readouterr()
    assert code == 2, out
    assert victim.name in out.out + out.err
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").rglob("report.md"))


@pytest.mark.parametrize("kind", ["http", "replies"])
def test_a_cassette_folder_that_is_a_link_out_of_it_is_refused_up_front(
        tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # the shared cassette's http/ (or replies/) points elsewhere: a replay read its
    # answers from there, whatever folder it named, and no file there was scout's
    from scout.cli import main

    cassette = tmp_path / "cassette"
    shutil.copytree(DEMO, cassette)
    elsewhere = tmp_path / "elsewhere"
    (cassette / kind).rename(elsewhere)
    (cassette / kind).symlink_to(elsewhere, target_is_directory=True)
    _root(tmp_path)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    code = main(["apply", str(ROOT / "pipelines/hotel_research.yaml"), "--query", QUERY,
                 "--progress", "none", "--replay", str(cassette)])
    out = capsys.readouterr()
    text = out.out + out.err
    assert code == 2, text
    assert "USE060" in text and "a symbolic link" in text and f"{kind}/" in text
    assert "Traceback" not in text


def test_recording_into_a_folder_whose_http_is_a_link_writes_nothing_there(
        tmp_path: Path) -> None:
    from scout.providers.record import Exchanges

    outside = tmp_path / "outside"
    outside.mkdir()
    cassette = tmp_path / "rec"
    cassette.mkdir()
    (cassette / "http").symlink_to(outside, target_is_directory=True)
    store = Exchanges(cassette)
    with pytest.raises(CassetteInvalid, match="a symbolic link"):
        store.check_folders()
    with pytest.raises(CassetteInvalid):
        store.path("http", "k", 0)
    (cassette / "replies").write_text("not a folder")
    with pytest.raises(CassetteInvalid, match="not a folder"):
        Exchanges(tmp_path / "rec").folder("replies")
    assert list(outside.iterdir()) == []
