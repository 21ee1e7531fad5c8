"""A cassette's stored reply edited to another shape than its adapter answers with.

Reply-level replay (yt-dlp, youtube-transcript-api) served whatever the file held: a video
search's list edited to text failed the phase that read it with a pydantic error, the
cassette unnamed ("ValidationError: 5 validation errors for VideoList ... input_value='j'").
Now the replay refuses the cassette up front naming the file (USE060), and a file that
escapes the up-front check (its ``adapter`` field edited too) is refused when served, the
phase failing on a message that names the file.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scout.errors import CassetteInvalid
from tests.e2e.world import QUERY, ROOT

DEMO = ROOT / "examples" / "hotel-barcelona" / "cassette"
PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")
QUERY_ES = "busco hoteles en Barcelona para septiembre de 2026, menos de 200 EUR, bien valorados"

_VIDEO = {"__model__": "scout.schemas.sources:Video",
          "data": {"id": "x1", "url": "https://www.youtube.com/watch?v=x1", "title": "t",
                   "adapter": "yt_dlp"}}
_TRANSCRIPT = {"__model__": "scout.schemas.sources:Transcript",
               "data": {"video_id": "x1", "status": "ok", "segments": []}}


def _copy(tmp: Path) -> Path:
    cassette = tmp / "cassette"
    shutil.copytree(DEMO, cassette)
    shutil.copytree(ROOT / "config", tmp / "config")
    shutil.copytree(ROOT / "templates", tmp / "templates")
    return cassette


def _tamper(cassette: Path, adapter: str, value: Any, rename: str | None = None) -> Path:
    for path in sorted((cassette / "replies").glob("*.json")):
        doc = json.loads(path.read_text())
        if doc["adapter"] == adapter:
            doc["reply"]["value"] = value
            if rename is not None:
                doc["adapter"] = rename
            path.write_text(json.dumps(doc))
            return path
    raise AssertionError(f"the demo cassette holds no reply of {adapter}")


def _apply(tmp: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
           query: str = QUERY) -> tuple[int, str]:
    from scout.cli import main

    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp))
    monkeypatch.chdir(tmp)
    capsys.readouterr()
    code = main(["apply", PIPELINE, "--query", query, "--progress", "none",
                 "--replay", str(tmp / "cassette")])
    out = capsys.readouterr()
    return code, out.out + out.err


def test_the_demo_cassettes_replies_fit_their_adapters() -> None:
    # the check refuses no real recording
    from scout.config.loader import load_config
    from scout.providers.record import Exchanges

    config = load_config(ROOT / "config" / "adapters.yaml")
    Exchanges(DEMO).check({n: s.type for n, s in config.adapters.items()})


@pytest.mark.parametrize("adapter, value, shape", [
    ("yt_dlp", "\x1b[31mnothing to see", "str"),
    ("yt_dlp", 12, "int"),
    ("yt_dlp", None, "NoneType"),
    ("yt_dlp", [{"id": "x1", "url": "https://www.youtube.com/watch?v=x1"}], "list"),
    ("yt_dlp", _TRANSCRIPT, "Transcript"),
    ("yt_dlp", [_VIDEO, "and a word"], "list"),
    ("youtube_transcripts", [_VIDEO], "list"),
    ("youtube_transcripts", {"video_id": "x1", "segments": []}, "dict"),
], ids=["text", "number", "null", "bare-mappings", "a-transcript-for-a-list",
        "mixed-list", "videos-for-a-transcript", "bare-transcript"])
def test_a_reply_edited_to_another_shape_stops_the_replay_naming_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], adapter: str, value: Any, shape: str) -> None:
    victim = _tamper(_copy(tmp_path), adapter, value)
    code, said = _apply(tmp_path, monkeypatch, capsys)
    assert code == 2, said[-3000:]
    assert "USE060" in said and victim.name in said, said[-3000:]
    assert f"another shape than {adapter} answers with ({shape})" in said
    assert "Traceback" not in said and "ValidationError" not in said
    assert "\x1b" not in said
    assert not any((tmp_path / "runs").rglob("report.md")) if (tmp_path / "runs").exists() \
        else True


def test_a_real_scout_apply_of_a_tampered_cassette_is_a_clear_error(tmp_path: Path) -> None:
    # the command as a user runs it, a Spanish request
    victim = _tamper(_copy(tmp_path), "yt_dlp", {"videos": "none"})
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOUTE_")}
    env.update(SCOUTE_RESEARCH_ROOT=str(tmp_path), PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-m", "scout", "apply", PIPELINE, "--query", QUERY_ES,
         "--progress", "none", "--replay", "cassette"], cwd=tmp_path, env=env,
        capture_output=True, text=True, timeout=180)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 2, out[-3000:]
    assert "USE060" in out and f"replies/{victim.name}" in out and "yt_dlp" in out
    assert "Traceback" not in out and "internal error" not in out.lower()


def test_a_reply_whose_adapter_was_renamed_is_refused_when_served(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # the up-front check goes by the adapter the file names; the file is still found by
    # its key (the asking adapter's), so the one who asks holds it to its own shape
    victim = _tamper(_copy(tmp_path), "yt_dlp", "plain words", rename="not_an_adapter")
    code, said = _apply(tmp_path, monkeypatch, capsys)
    assert code == 0, said[-3000:]  # the video phases are optional: the report stands
    report = next((tmp_path / "runs").rglob("report.md")).read_text()
    assert victim.name in report and "another shape than yt_dlp answers with" in report
    assert "ValidationError" not in report and "AttributeError" not in report


def test_the_reply_store_holds_a_served_reply_to_the_askers_type(tmp_path: Path) -> None:
    from scout.adapters.contract import Reply
    from scout.providers.record import Exchanges, ReplyStore
    from scout.adapters.contract.requests import VideoSearchRequest
    from scout.schemas.sources import Video

    store = ReplyStore(Exchanges(tmp_path))
    request = VideoSearchRequest(query="barcelona hotels")
    store.save("yt_dlp", request, Reply(value=[Video(id="a", url="https://y/a", title="A",
                                                     adapter="yt_dlp")]))
    assert store.load("yt_dlp", request, "yt_dlp").value[0].id == "a"
    with pytest.raises(CassetteInvalid, match="another shape than youtube_transcripts"):
        ReplyStore(Exchanges(tmp_path)).load("yt_dlp", request, "youtube_transcripts")
    # no type known (a plug-in's, a test's): served as recorded
    assert ReplyStore(Exchanges(tmp_path)).load("yt_dlp", request).value[0].id == "a"
