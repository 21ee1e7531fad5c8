"""The stopped page's pieces: what to do about a failed phase, the request's language
before a Task exists, and a finished report kept out of the page's way."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from scout.errors import Unreachable
from scout.i18n.messages import localize
from scout.report.failure import BY_KIND, DEFAULT, KNOWN_HINTS, what_to_do
from scout.report.stopped import keep_finished, request_lang

ROOT = Path(__file__).resolve().parents[2]


def test_the_errors_hint_wins_over_the_advice_for_its_kind() -> None:
    assert what_to_do({"kind": "unavailable", "hint": "set TAVILY_API_KEY"}) == "set TAVILY_API_KEY"
    assert what_to_do({"kind": "unavailable"}) == BY_KIND["unavailable"]
    assert what_to_do({"kind": "rate_limited", "hint": "  "}) == BY_KIND["rate_limited"]
    assert what_to_do({"kind": "bug"}) == DEFAULT
    assert what_to_do(None) == DEFAULT


def test_every_advice_reads_in_spanish() -> None:
    for text in [*BY_KIND.values(), DEFAULT, *KNOWN_HINTS]:
        assert localize(text, "es") != text, text


def test_known_hints_are_the_ones_the_errors_carry() -> None:
    """The hints raised below the catalog's layer are marked in scout.report.failure; a
    reworded hint there must be reworded here too, or its translation silently stops."""
    assert Unreachable.HINT in KNOWN_HINTS
    chain = (ROOT / "scout" / "providers" / "chain.py").read_text()
    for hint in KNOWN_HINTS[1:]:
        assert f'"{hint}"' in chain, hint


def _task_json(run_dir: Path, **doc: object) -> Path:
    run_dir.mkdir(exist_ok=True)
    (run_dir / "task.json").write_text(json.dumps(doc))
    return run_dir


@pytest.mark.parametrize("doc, default, lang", [
    ({"task": {"lang": "es"}, "query": "hotels in Rome"}, "en", "es"),  # the Task decides
    ({"task": None, "query": "hoteles baratos con buenas reseñas"}, "en", "es"),
    ({"task": None, "query": "cheap hotels with good reviews"}, "es", "en"),
    ({"task": None, "query": "Barcelona"}, "es", "es"),  # neither language: the default
    ({"task": None, "query": "cheap hotels", "inputs": {"lang": "es"}}, "en", "es"),
    ({"task": None, "query": None}, "en", "en"),
])
def test_the_request_language_before_the_task_exists(tmp_path: Path, doc: dict, default: str,
                                                     lang: str) -> None:
    assert request_lang(_task_json(tmp_path / "run", **doc), default) == lang


def test_no_task_json_is_english(tmp_path: Path) -> None:
    assert request_lang(tmp_path, "es") == "en"


def test_only_the_finished_report_is_kept(tmp_path: Path) -> None:
    (tmp_path / "report.md").write_text("# Hotels in Barcelona\n")
    (tmp_path / "report.html").write_text("<h1>an older stopped page</h1>")
    digests = {"md": hashlib.sha256(b"# Hotels in Barcelona\n").hexdigest(),
               "html": hashlib.sha256(b"<h1>Hotels in Barcelona</h1>").hexdigest()}
    assert keep_finished(tmp_path, digests) == "report.previous.md"
    assert (tmp_path / "report.previous.md").read_text() == "# Hotels in Barcelona\n"
    assert not (tmp_path / "report.md").exists()
    # an HTML file that is not the recorded one stays (the page overwrites it)
    assert (tmp_path / "report.html").exists() and not (tmp_path / "report.previous.html").exists()
    # nothing recorded, nothing moved
    (tmp_path / "report.md").write_text("# a stopped page\n")
    assert keep_finished(tmp_path, {}) is None and (tmp_path / "report.md").exists()


def test_a_replay_miss_says_what_to_do_in_spanish(tmp_path: Path) -> None:
    """A replay whose request the cassette does not hold (another query, another limit)
    stops the mission; its hint is what the Spanish page says to do, in Spanish."""
    import httpx

    from scout.errors import ReplayMiss
    from scout.providers.record import Exchanges, ReplayTransport, _bad

    (tmp_path / "cassette").mkdir()
    with pytest.raises(ReplayMiss) as miss:
        ReplayTransport(Exchanges(tmp_path / "cassette")).handle_request(
            httpx.Request("GET", "https://x.test/?q=a"))
    hint = miss.value.hint
    assert hint and localize(hint, "es") != hint
    assert localize(what_to_do({"kind": "replay_miss", "hint": hint}), "es").startswith(
        "vuelve a grabarla con --record DIR")
    damaged = _bad(tmp_path / "x.json", "not JSON").hint
    assert damaged and localize(damaged, "es").startswith("la grabación se editó")
