"""benchmarks/mission.py's bookkeeping: every request the fake server saw is attributed to
the phase whose journal line sent it (or stops the run), and the CPU watch counts."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import mission  # noqa: E402

from benchmarks.mission_lib.cpu_watch import CpuWatch  # noqa: E402
from tests.fakes.server import LogEntry  # noqa: E402


def _get(path: str, **query: str) -> LogEntry:
    return LogEntry("GET", path, {k: [v] for k, v in query.items()}, 200, None, 0.0,
                    served_s=0.25)


def _line(phase: str, adapter: str, **request: object) -> dict[str, object]:
    return {"phase": phase, "adapter": adapter, "request": request, "result": "sent"}


JOURNAL = [
    _line("F2", "tavily", query="Hotel Sol Madrid reseñas", limit=5),
    _line("P5", "brave_images", query="Hotel Sol Madrid hotel", limit=6),
    _line("P5", "google_images", query="Hotel Luna Madrid hotel"),
    _line("F1", "brave", query="mejores hoteles en Madrid"),
    _line("F3", "page", url="http://127.0.0.1:5123/pages/hotel-sol?x=1"),
    _line("P3", "perplexity", question="¿Cuál?"),
    {"phase": "P5", "adapter": "searxng_images", "request": None, "result": "skipped"},
]


def test_requests_are_attributed_by_the_journal_not_by_known_queries() -> None:
    asked = mission.phases_by_request(JOURNAL)
    tavily = LogEntry("POST", "/search", {}, 200, None, 0.0,
                      body='{"query": "Hotel Sol Madrid reseñas"}'.encode(), served_s=0.4)
    got = [mission.attribute(e, asked) for e in [
        tavily,
        _get("/res/v1/images/search", q="Hotel Sol Madrid hotel"),
        _get("/customsearch/v1", q="Hotel Luna Madrid hotel", searchType="image"),
        _get("/res/v1/web/search", q="mejores hoteles en Madrid"),
        _get("/pages/hotel-sol"),
        LogEntry("POST", "/chat/completions", {}, 200, None, 0.0, served_s=3.9),
    ]]
    assert [(s.phase, s.adapter) for s in got] == [
        ("F2", "tavily"), ("P5", "brave_images"), ("P5", "google_images"), ("F1", "brave"),
        ("F3", "page"), ("P3", "perplexity")]
    assert got[0].latency == 0.4


def test_a_request_no_journal_line_sent_is_not_dropped() -> None:
    asked = mission.phases_by_request(JOURNAL)
    unknown = [mission.attribute(e, asked) for e in [
        _get("/res/v1/web/search", q="Hotel Sol Madrid hotel"),  # same words, other adapter
        _get("/favicon.ico"),
    ]]
    assert [(s.phase, s.adapter) for s in unknown] == [("?", "brave"), ("?", "?")]


def test_a_request_two_phases_sent_is_ambiguous() -> None:
    asked = mission.phases_by_request(JOURNAL + [_line("F4", "tavily",
                                                       query="Hotel Sol Madrid reseñas")])
    tavily = LogEntry("POST", "/search", {}, 200, None, 0.0,
                      body=b'{"query": "Hotel Sol Madrid rese\\u00f1as"}')
    assert mission.attribute(tavily, asked).phase == "?"


def test_cpu_watch_sees_cpu_spent_by_another_thread() -> None:
    def spin() -> None:  # 0.2 s of this thread's own CPU, however busy the machine is
        while time.thread_time() < 0.2:
            pass

    with CpuWatch(interval=0.02) as w:
        t = threading.Thread(target=spin, name="scout-spin")
        t.start()
        t.join()
    r = w.result()
    assert r["cpu_s"] >= 0.2
    if w.available:  # Linux
        assert r["runqueue_wait_scout_s"] is not None and r["runqueue_wait_scout_s"] >= 0
        assert r["runqueue_wait_s"] >= r["runqueue_wait_scout_s"]
