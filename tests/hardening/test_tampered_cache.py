"""A provider cache someone edited (``runtime/cache.sqlite3`` is a file anyone may open):
an entry's time that is not a number (text, NULL), or one dated far in the future, and an
answer of another shape than the adapter gives. The next mission that asks the same
requests runs as on a clean cache: the damaged entries are misses (asked again, and
replaced), a time in the future is no licence to serve an answer for ever, and nothing
fails with an internal error. Before, a text time stopped every phase that read it with
``TypeError`` (unsupported operand type(s) for -: 'float' and 'str')."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from scout.adapters.contract import Reply
from scout.providers.cache import CACHE_NAME, ReplyCache
from tests.e2e.harness import run_cli
from tests.e2e.world import QUERY, ROOT, World

PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")


def _apply(mission: str) -> int:
    return run_cli(["apply", PIPELINE, "--query", QUERY, "--mission-id", mission,
                    "--progress", "none"])


@pytest.mark.parametrize("stored_at", ["yesterday", None, b"\x00\x01", 1e300])
def test_a_cache_entry_whose_time_was_edited_is_a_miss(tmp_path: Path, stored_at: object) -> None:
    cache = ReplyCache(tmp_path)
    cache.put("k", "tavily", Reply(value=[{"url": "https://a.example/", "title": "A"}]))
    assert cache.lookup("k", 3600) is not None
    with sqlite3.connect(tmp_path / CACHE_NAME) as db:
        db.execute("UPDATE replies SET stored_at = ?", (stored_at,))
    assert cache.lookup("k", 3600) is None
    cache.put("k", "tavily", Reply(value=[]))  # the next answer replaces it
    hit = cache.lookup("k", 3600)
    assert hit is not None and hit[0].value == []
    cache.close()


def test_a_mission_on_an_edited_cache_runs_as_on_a_clean_one(
        world: World, capsys: pytest.CaptureFixture[str]) -> None:
    assert _apply("first") == 0
    path = world.root / "runtime" / CACHE_NAME
    with sqlite3.connect(path) as db:
        keys = [k for (k,) in db.execute("SELECT key FROM replies ORDER BY key")]
        assert len(keys) >= 3, keys
        for i, key in enumerate(keys):
            db.execute("UPDATE replies SET stored_at = ? WHERE key = ?",
                       (("not a time", None, 1e300)[i % 3], key))
    capsys.readouterr()
    calls = len(world.journal())
    assert _apply("second") == 0
    out = capsys.readouterr()
    said = out.out + out.err
    assert "Traceback" not in said and "internal error" not in said.lower(), said[-3000:]
    assert "TypeError" not in said
    # every damaged entry was a miss: asked again (journal lines added), and replaced
    assert len(world.journal()) > calls
    with sqlite3.connect(path) as db:
        times = [(a, t) for (a, t) in db.execute("SELECT adapter, stored_at FROM replies")]
    # each damaged entry the second mission asked for again was replaced; the synthesis's
    # (perplexity) request is not the first mission's, so its entry is not read
    left = {a for a, t in times if not (isinstance(t, float) and t < 1e12)}
    assert left <= {"perplexity"}, times
    assert sum(isinstance(t, float) and t < 1e12 for _, t in times) >= len(keys) - 1


@pytest.mark.parametrize("value", [7, "\x1b[2Jsee https://evil.example", {"url": "x"},
                                   [1, "x", None], [{"url": 5, "title": ["x"]}],
                                   [{"url": "https://a.example/", "title": "A",
                                     "snippet": "s", "adapter": "tavily"}]],
                         ids=["number", "text", "mapping", "mixed-list", "bare-mappings",
                              "well-formed-mappings"])
def test_an_answer_edited_to_another_shape_is_asked_again(
        world: World, capsys: pytest.CaptureFixture[str], value: object) -> None:
    """Before: the phase that read it failed with a Python error, not retryable
    ("AttributeError: 'str' object has no attribute 'url'"), and the mission with it."""
    from scout.config.loader import load_config
    from scout.providers.answershape import fits
    from scout.providers.codec import decode_reply

    assert _apply("first") == 0
    path = world.root / "runtime" / CACHE_NAME
    config = load_config(world.root / "config" / "adapters.yaml")
    with sqlite3.connect(path) as db:
        rows = list(db.execute("SELECT key, adapter, body FROM replies"))
        # what scout stored fits what each adapter declares (the check refuses no real answer)
        for _, adapter, body in rows:
            assert fits(config.adapters[adapter].type, decode_reply(json.loads(body)).value)
        for key, _, body in rows:
            doc = json.loads(body)
            doc["value"] = value
            db.execute("UPDATE replies SET body = ? WHERE key = ?", (json.dumps(doc), key))
    capsys.readouterr()
    calls = len(world.journal())
    assert _apply("second") == 0
    out = capsys.readouterr()
    said = out.out + out.err
    assert "Error:" not in said and "Traceback" not in said, said[-3000:]
    assert "\x1b" not in said
    assert len(world.journal()) > calls  # asked again
