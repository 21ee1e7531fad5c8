"""A local fake provider server for authors' offline tests: search, pages, synthesis,
YouTube videos and transcripts.

One real HTTP server on 127.0.0.1 (a free port, a thread) answering in the shapes of
real providers, so scout's own adapters, providers layer and cache run unchanged:

- ``POST /search`` — Tavily's search API (the keys of a captured real answer);
- ``POST /chat/completions`` — Perplexity's chat completions (sonar: ``citations``,
  ``search_results``, ``usage.cost``);
- ``GET /pages/<path>`` — candidates' own pages, HTML the author seeds;
- ``/youtube/...`` — YouTube for the yt_dlp and youtube_transcripts adapters (video
  search results, the watch page, the InnerTube player answer, timedtext XML;
  :mod:`scout.testing.youtube` builds them and points the adapters here).

Authors seed it with their own results::

    with FakeProviders() as fake:
        fake.search("coworking", [Result("Second Home", "https://secondhome.test/", "...")])
        fake.page("/pages/second-home", "<html>...</html>")
        fake.answer("Second Home is the best-reviewed [1].", ["https://secondhome.test/"])
        fake.videos("rust async", [VideoResult("rustAsync01", "Async Rust in 20 minutes",
                                               channel="RustConf", duration=1200)])
        fake.transcript("rustAsync01", [(0, "Welcome."), (75, "Futures are lazy.")])

A query that matches no seeded pattern gets ``fake.default_results`` (none by default:
zero results is an answer). Every call is logged in ``fake.calls``. Without a seeded
answer, synthesis answers with what each search result it served says, every sentence
cited to that result, so a pipeline runs end to end with search seeds alone. A video with
no transcript seeded has its captions disabled, as many real ones do.

The answers' shapes are :mod:`scout.testing.answers`', the HTTP side
:mod:`scout.testing.fake_http`'s; this module keeps the seeds and answers from them.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

from scout.testing import youtube
from scout.testing.answers import Answer, Result, default_answer, search_doc, synthesis_doc
from scout.testing.fake_http import FakeServer, handler_for
from scout.testing.youtube import NO_TRANSCRIPT, Track, VideoResult, check_video_id

#: what the server answers, as ``Call.kind`` and ``fail()`` name it
_KINDS = ("search", "synthesis", "page", "videos", "transcripts")


@dataclass
class Call:
    """One request the fake server answered."""

    kind: str  # search | synthesis | page | videos | transcripts
    query: str | None  # the query; a page's path; a transcript's video id
    status: int


class FakeProviders:
    """The fake server. Use as a context manager, or ``start()`` / ``stop()``."""

    def __init__(self, *, host: str = "127.0.0.1") -> None:
        self.host = host
        self.default_results: list[Result] = []
        self.calls: list[Call] = []
        self._seeds: list[tuple[re.Pattern[str], list[Result]]] = []
        self._pages: dict[str, tuple[int, str, str]] = {}
        self._answer: Answer | None = None
        self._failures: dict[str, list[int]] = {}
        self._served: list[Result] = []
        self.default_videos: list[VideoResult] = []
        self._videos: list[tuple[re.Pattern[str], list[VideoResult]]] = []
        self._tracks: dict[str, dict[str, Track]] = {}
        self._no_transcript: dict[str, str] = {}
        self._lock = threading.Lock()
        self._httpd: FakeServer | None = None
        self._thread: threading.Thread | None = None

    # --- seeding --------------------------------------------------------------------

    def search(self, pattern: str, results: Iterable[Result | tuple[str, str, str]]) -> None:
        """Queries containing ``pattern`` (case-insensitive; a regex) get ``results``.

        Later seeds win over earlier ones, so a test can refine a broad seed."""
        rows = [r if isinstance(r, Result) else Result(*r) for r in results]
        with self._lock:
            self._seeds.insert(0, (re.compile(pattern, re.IGNORECASE), rows))

    def page(self, path: str, html: str, *, status: int = 200,
             content_type: str = "text/html; charset=utf-8") -> str:
        """Serve ``html`` at ``path`` (under /pages/); returns its full URL."""
        if not path.startswith("/"):
            path = "/" + path
        if not path.startswith("/pages/"):
            path = "/pages" + path
        with self._lock:
            self._pages[path] = (status, content_type, html)
        return self.url + path

    def answer(self, text: str, citations: Iterable[str] = ()) -> None:
        """What synthesis answers; ``[n]`` in ``text`` cites ``citations[n-1]``."""
        self._answer = Answer(text, list(citations))

    def videos(self, pattern: str, videos: Iterable[VideoResult]) -> None:
        """Video searches containing ``pattern`` (case-insensitive; a regex) get ``videos``,
        in that order; later seeds win, as with :meth:`search`."""
        rows = list(videos)
        for v in rows:
            if not isinstance(v, VideoResult):
                raise TypeError(f"fake.videos takes VideoResult items, not {type(v).__name__}")
        with self._lock:
            self._videos.insert(0, (re.compile(pattern, re.IGNORECASE), rows))

    def transcript(self, video_id: str, lines: Iterable[tuple[float, str]], *,
                   lang: str = "en", generated: bool = False) -> None:
        """Video ``video_id`` has a transcript in ``lang``: ``lines`` as (second, text).
        Seed several languages for one video to let the pipeline pick; ``generated``
        marks it as YouTube's automatic captions."""
        check_video_id(video_id)
        rows = tuple((float(t), str(text)) for t, text in lines)
        if not rows:
            raise ValueError(f"transcript of {video_id}: give at least one (second, text) "
                             "line; for a video without one use fake.no_transcript")
        with self._lock:
            self._tracks.setdefault(video_id, {})[lang] = Track(lang, rows, generated)

    def no_transcript(self, video_id: str, why: str = "disabled") -> None:
        """Video ``video_id`` has no transcript, because its captions are ``disabled``,
        it is ``unavailable`` or ``age_restricted`` (what YouTube answers for each)."""
        check_video_id(video_id)
        if why not in NO_TRANSCRIPT:
            raise ValueError(f"no_transcript: why is one of {', '.join(NO_TRANSCRIPT)}, "
                             f"not {why!r}")
        with self._lock:
            self._no_transcript[video_id] = why

    def fail(self, kind: str, status: int, times: int = 1) -> None:
        """The next ``times`` calls of ``kind`` (search, synthesis, page, videos,
        transcripts) get ``status``."""
        if kind not in _KINDS:
            raise ValueError(f"fail: kind is one of {', '.join(_KINDS)}, not {kind!r}")
        with self._lock:
            self._failures.setdefault(kind, []).extend([status] * times)

    def queries(self, kind: str = "search") -> list[str | None]:
        return [c.query for c in self.calls if c.kind == kind]

    # --- lifecycle ------------------------------------------------------------------

    @property
    def url(self) -> str:
        if self._httpd is None:
            raise RuntimeError("the fake server is not started (use 'with FakeProviders()')")
        return f"http://{self.host}:{self._httpd.server_address[1]}"

    def start(self) -> "FakeProviders":
        handler = handler_for(self)
        self._httpd = FakeServer((self.host, 0), handler)  # port 0: a free port
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True,
                                        name="scout-testing-fake-providers")
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self) -> "FakeProviders":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- answers --------------------------------------------------------------------

    def _failure(self, kind: str) -> int | None:
        with self._lock:
            queue = self._failures.get(kind)
            return queue.pop(0) if queue else None

    def _log(self, kind: str, query: str | None, status: int) -> None:
        with self._lock:
            self.calls.append(Call(kind, query, status))

    def results_for(self, query: str) -> list[Result]:
        with self._lock:
            for pattern, rows in self._seeds:
                if pattern.search(query):
                    return list(rows)
            return list(self.default_results)

    def _search(self, body: Any) -> tuple[int, Any]:
        query = body.get("query") if isinstance(body, dict) else None
        if not isinstance(query, str) or not query.strip():
            return 400, {"detail": {"error": "Query is missing."}}
        limit = int(body.get("max_results") or 5)
        rows = self.results_for(query)[:limit]
        with self._lock:
            for r in rows:
                if r not in self._served:
                    self._served.append(r)
        return 200, search_doc(query, rows, bool(body.get("include_usage")))

    def videos_for(self, query: str) -> list[VideoResult]:
        with self._lock:
            for pattern, rows in self._videos:
                if pattern.search(query):
                    return list(rows)
            return list(self.default_videos)

    def _youtube(self, method: str, path: str, query: dict[str, list[str]], body: Any
                 ) -> tuple[str | None, str | None, tuple[int, bytes, str]]:
        """(the kind a call is logged and failed as, or None for the plumbing requests
        between; what it asked; the answer) for a request under ``/youtube``."""
        ask = (query.get("q") or query.get("v") or [""])[0]
        if method == "GET" and path == "/youtube/search":
            entries = [youtube.search_entry(v) for v in self.videos_for(ask)]
            doc = {"_type": "playlist", "id": ask, "title": ask, "entries": entries}
            return "videos", ask, (200, json.dumps(doc).encode(), "application/json")
        if method == "GET" and path == "/youtube/watch":
            return None, ask, (200, youtube.WATCH_HTML.encode(), "text/html; charset=utf-8")
        if method == "POST" and path == "/youtube/youtubei/v1/player":
            vid = str(body.get("videoId") or "") if isinstance(body, dict) else ""
            with self._lock:
                tracks = list(self._tracks.get(vid, {}).values())
                why = self._no_transcript.get(vid)
            doc = youtube.player_answer(vid, tracks, why)
            return "transcripts", vid, (200, json.dumps(doc).encode(), "application/json")
        if method == "GET" and path == "/youtube/api/timedtext":
            with self._lock:
                track = self._tracks.get(ask, {}).get((query.get("lang") or [""])[0])
            if track is not None:
                return None, ask, (200, youtube.timedtext(track), "text/xml; charset=UTF-8")
        return None, ask, (404, b"not found", "text/plain")

    def _answer_youtube(self, method: str, raw_path: str, body: Any
                        ) -> tuple[int, bytes, str]:
        parts = urlsplit(raw_path)
        kind, ask, answer = self._youtube(method, parts.path, parse_qs(parts.query), body)
        if kind is None:
            return answer
        failure = self._failure(kind)
        if failure is not None:
            self._log(kind, ask, failure)
            return failure, json.dumps({"error": {"message": f"injected {failure}"}}).encode(), \
                "application/json"
        self._log(kind, ask, answer[0])
        return answer

    def _synthesis(self, body: Any) -> tuple[int, Any]:
        answer = self._answer
        if answer is None:
            with self._lock:
                served = list(self._served[:8])
            answer = default_answer(served)
        return 200, synthesis_doc(answer)
