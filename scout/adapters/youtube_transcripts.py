"""YouTube transcripts (Y2) through youtube-transcript-api 1.x.

``YouTubeTranscriptApi(http_client=..., proxy_config=...).list(video_id)`` gives the
video's transcript list; scout picks, in order:

1. a transcript in one of the preferred languages (the request's, else config
   ``languages``), manually created ones before generated ones for each language, as
   ``TranscriptList.find_transcript`` does;
2. else, when config sets ``translate_to``, a transcript YouTube offers to translate
   into that language (manual before generated), translated;
3. else nothing: the outcome ``not_found``, with the languages that do exist.

Per-video outcomes are recorded in the :class:`~scout.schemas.sources.Transcript`, not
raised — the fan-out's ``allow_partial`` decides what a missing transcript means:

    TranscriptsDisabled                              → status "disabled"
    NoTranscriptFound / nothing translatable         → status "not_found"
    VideoUnavailable, InvalidVideoId, VideoUnplayable,
    AgeRestricted                                    → status "unavailable"
    PoTokenRequired (track needs a proof-of-origin)  → status "error"

Failures of the provider itself are raised as ProviderErrors so that the providers layer
retries or fails over: RequestBlocked/IpBlocked → RateLimited; HTTP failures by status;
connection errors/timeouts → Unavailable; unreadable YouTube data → ParseError.

The library's ``requests.Session`` comes from an injectable factory (tests mount a fake
transport on it; nothing reaches YouTube). The configured ``proxy`` is passed to the
library as a ``GenericProxyConfig``. A session is made per call because the library's
API object is not thread-safe and fan-out calls run in parallel.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, ClassVar
from xml.etree import ElementTree

import httpx
import requests
from youtube_transcript_api import (
    AgeRestricted,
    CouldNotRetrieveTranscript,
    FailedToCreateConsentCookie,
    FetchedTranscript,
    InvalidVideoId,
    NoTranscriptFound,
    NotTranslatable,
    PoTokenRequired,
    RequestBlocked,
    TranscriptList,
    TranscriptsDisabled,
    TranslationLanguageNotAvailable,
    VideoUnavailable,
    VideoUnplayable,
    YouTubeDataUnparsable,
    YouTubeRequestFailed,
    YouTubeTranscriptApi,
)
from youtube_transcript_api import Transcript as LibTranscript
from youtube_transcript_api.proxies import GenericProxyConfig

from scout.config.settings import AdapterSettings, TranscriptSettings
from scout.errors import ParseError, ProviderError, RateLimited, Rejected, Unavailable
from scout.adapters.contract.sockdeadline import ExchangeDeadline
from scout.adapters.contract import Reply, Request, Secret, TranscriptAdapter, \
    TranscriptRequest
from scout.i18n import N_
from scout.schemas.sources import Segment, Transcript

SessionFactory = Callable[[], requests.Session]


#: the largest answer read (a watch page is about 1 MB, a caption track far less)
MAX_BODY_BYTES = 16 * 1024 * 1024


class TimeoutSession(requests.Session):
    """A Session with a default timeout (the library sets none on its requests), whose
    bodies are read for at most that long in all and to at most :data:`MAX_BODY_BYTES`:
    requests' timeout is per read, so an answer dripping a byte a second, or never
    ending, held the call (and a mission's fan-out) forever. The whole exchange —
    connecting, the head (http.client reads header lines of up to 64 KB, a byte per
    read if the server likes), the body — ends within :meth:`exchange_seconds`
    (:class:`~scout.adapters.contract.sockdeadline.ExchangeDeadline`)."""

    def __init__(self, timeout: float, adapter: str = "youtube_transcripts") -> None:
        super().__init__()
        self._timeout = timeout
        self._adapter = adapter

    def exchange_seconds(self) -> float:
        """The longest one request takes in all: the timeout to connect, again for the
        head, again for the body."""
        return 3 * self._timeout

    def request(self, method: str, url: str | bytes, *args: Any, **kwargs: Any) -> requests.Response:
        kwargs.setdefault("timeout", self._timeout)
        kwargs["stream"] = True
        late = requests.exceptions.ReadTimeout(
            f"the answer did not arrive whole within {self.exchange_seconds():g}s")
        with ExchangeDeadline(self.exchange_seconds()) as deadline:
            try:
                response = self._request(method, url, *args, **kwargs)
            except requests.RequestException as exc:
                if deadline.expired:
                    raise late from exc
                raise
        if deadline.expired:
            # a socket shut down mid-head reads as its end: http.client then gives the
            # head and body cut short as if whole
            raise late
        return response

    def _request(self, method: str, url: str | bytes, *args: Any, **kwargs: Any
                 ) -> requests.Response:
        response = super().request(method, url, *args, **kwargs)
        deadline = time.monotonic() + self._timeout
        body = bytearray()
        try:
            # read1: what has arrived (up to 64 KB), not a wait for 64 KB as iter_content's
            # read does, so the clock is read between any two pieces of a drip
            for chunk in iter(lambda: _read1(response), b""):
                if time.monotonic() > deadline and chunk:
                    raise requests.exceptions.ReadTimeout(
                        f"the answer was still arriving after {self._timeout:g}s")
                body.extend(chunk)
                if len(body) > MAX_BODY_BYTES:
                    raise ParseError(N_("YouTube's answer is larger than {limit} bytes; not "
                                        "read further").format(limit=f"{MAX_BODY_BYTES:,}"),
                                     adapter=self._adapter)
        finally:
            response.close()
        response._content = bytes(body)  # what reading it whole would have kept  # noqa: SLF001
        return response


def _read1(response: requests.Response) -> bytes:
    """Up to 64 KB of what has arrived of ``response``'s body, decoded, with urllib3's
    errors raised as requests' (as ``iter_content`` raises them), so the adapter's
    ``except requests.RequestException`` maps them."""
    from urllib3 import exceptions as u3

    try:
        return bytes(response.raw.read1(64 * 1024, decode_content=True))
    except u3.ReadTimeoutError as exc:
        raise requests.exceptions.ReadTimeout(exc) from exc
    except u3.DecodeError as exc:
        raise requests.exceptions.ContentDecodingError(exc) from exc
    except (u3.ProtocolError, u3.IncompleteRead) as exc:
        raise requests.exceptions.ChunkedEncodingError(exc) from exc
    except (u3.HTTPError, OSError) as exc:
        raise requests.exceptions.ConnectionError(exc) from exc


def _short(text: str, limit: int = 300) -> str:
    return " ".join(text.split())[:limit]


def _languages(tlist: TranscriptList) -> str:
    found = [f"{t.language_code}{' (generated)' if t.is_generated else ''}" for t in tlist]
    return ", ".join(found) or "none"


def _moment(value: Any) -> bool:
    """Whether a caption's start or length is a number of seconds into a video."""
    try:
        return 0 <= float(value) < 1e9
    except (TypeError, ValueError, OverflowError):
        return False


class YouTubeTranscriptAdapter(TranscriptAdapter):
    type_name: ClassVar[str] = "youtube_transcripts"
    uses_http: ClassVar[bool] = False

    def __init__(self, name: str, settings: AdapterSettings,
                 client: httpx.Client | None = None, *,
                 session_factory: SessionFactory | None = None) -> None:
        if not isinstance(settings, TranscriptSettings):
            settings = TranscriptSettings.model_validate(settings.model_dump())
        super().__init__(name, settings, client)
        self.tx: TranscriptSettings = settings
        self.session_factory: SessionFactory = session_factory or \
            (lambda: TimeoutSession(settings.timeout, name))

    def api(self) -> YouTubeTranscriptApi:
        proxy = GenericProxyConfig(http_url=self.tx.proxy, https_url=self.tx.proxy) \
            if self.tx.proxy else None
        return YouTubeTranscriptApi(proxy_config=proxy, http_client=self.session_factory())

    # --- one call -------------------------------------------------------------------

    def call(self, request: Request, credential: Secret | None = None) -> Reply[Transcript]:
        if not isinstance(request, TranscriptRequest):
            raise TypeError(f"{self.name} handles TranscriptRequest, "
                            f"not {type(request).__name__}")
        video_id = request.video_id
        languages = list(request.languages or self.tx.languages)
        try:
            transcript = self._fetch(video_id, languages)
        except CouldNotRetrieveTranscript as exc:
            transcript = self._outcome(video_id, exc)
        except (ValueError, ElementTree.ParseError) as exc:
            # broken JSON (requests' JSONDecodeError is a ValueError AND a RequestException,
            # hence first), broken XML, or XML the library's defusedxml parser refused
            raise ParseError(f"{self.name}: YouTube's answer could not be read "
                             f"({type(exc).__name__})", adapter=self.name) from exc
        except requests.RequestException as exc:
            raise self._network(exc) from exc
        meta = {"status": transcript.status, "segments": len(transcript.segments),
                "language_code": transcript.language_code,
                "translated_from": transcript.translated_from}
        return Reply(value=transcript, meta=meta)

    def _fetch(self, video_id: str, languages: list[str]) -> Transcript:
        tlist = self.api().list(video_id)
        translated_from: str | None = None
        chosen: LibTranscript | None
        try:
            chosen = tlist.find_transcript(languages)
        except NoTranscriptFound:
            chosen = None
        if chosen is None and self.tx.translate_to:
            source = self._translatable(tlist, self.tx.translate_to)
            if source is not None:
                translated_from = source.language_code
                chosen = source.translate(self.tx.translate_to)
        if chosen is None:
            wanted = ", ".join(languages)
            extra = f" (or translatable to {self.tx.translate_to})" if self.tx.translate_to \
                else ""
            return Transcript(video_id=video_id, status="not_found", adapter=self.name,
                              reason=f"no transcript in {wanted}{extra}; the video has: "
                                     f"{_languages(tlist)}")
        fetched = chosen.fetch()
        return self._transcript(fetched, translated_from)

    @staticmethod
    def _translatable(tlist: TranscriptList, target: str) -> LibTranscript | None:
        """The first transcript YouTube will translate into ``target`` (manual first)."""
        ordered = sorted(tlist, key=lambda t: t.is_generated)  # stable: keeps list order
        for t in ordered:
            if t.is_translatable and any(tl.language_code == target
                                         for tl in t.translation_languages):
                return t
        return None

    def _transcript(self, fetched: FetchedTranscript, translated_from: str | None) -> Transcript:
        # a start that is no moment of the video (NaN, inf, below 0: the timedtext XML is
        # YouTube's to write) is no segment: the transcripts step links to int(start)
        segments = [Segment(text=s.text, start=float(s.start),
                            duration=float(s.duration) if _moment(s.duration) else 0.0)
                    for s in fetched.snippets if s.text.strip() and _moment(s.start)]
        return Transcript(
            video_id=fetched.video_id, status="ok", language=fetched.language,
            language_code=fetched.language_code, is_generated=fetched.is_generated,
            translated_from=translated_from, segments=segments, adapter=self.name,
        )

    # --- outcomes and errors --------------------------------------------------------

    def _outcome(self, video_id: str, exc: CouldNotRetrieveTranscript) -> Transcript:
        """A per-video outcome, or raise the ProviderError a provider failure means."""
        def item(status: Any, reason: str) -> Transcript:
            return Transcript(video_id=video_id, status=status, reason=reason,
                              adapter=self.name)

        if isinstance(exc, TranscriptsDisabled):
            return item("disabled", N_("subtitles are disabled for this video"))
        if isinstance(exc, (NoTranscriptFound, NotTranslatable,
                            TranslationLanguageNotAvailable)):
            return item("not_found", _short(exc.cause))
        if isinstance(exc, InvalidVideoId):
            return item("unavailable", N_("not a video id (pass the id, not the URL)"))
        if isinstance(exc, VideoUnavailable):
            return item("unavailable", N_("the video is no longer available"))
        if isinstance(exc, AgeRestricted):
            return item("unavailable", N_("the video is age-restricted"))
        if isinstance(exc, VideoUnplayable):
            reason = exc.reason or "no reason given"
            return item("unavailable", _short(f"the video is unplayable: {reason}"))
        if isinstance(exc, PoTokenRequired):
            return item("error", N_("YouTube requires a proof-of-origin token for this track"))
        raise self._provider_error(exc) from exc

    def _provider_error(self, exc: CouldNotRetrieveTranscript) -> ProviderError:
        name = self.name
        if isinstance(exc, RequestBlocked):  # IpBlocked included
            return RateLimited(f"{name}: YouTube is blocking requests from this IP",
                               adapter=name, hint=N_("wait, or set adapters.<name>.proxy"))
        if isinstance(exc, YouTubeRequestFailed):
            http = exc.__context__
            response = getattr(http, "response", None)
            status = getattr(response, "status_code", None)
            where = f"{name}: " + N_("YouTube answered HTTP {status}").format(status=status)
            if status == 429:
                return RateLimited(where + " (" + N_("rate limited") + ")", adapter=name, status=status)
            if status is None or status >= 500:
                return Unavailable(where + " (" + N_("server error") + ")", adapter=name, status=status)
            if status in (401, 403):
                return RateLimited(where + " (" + N_("refused; likely blocked") + ")", adapter=name,
                                   status=status)
            return Rejected(where + " (" + N_("request rejected") + ")", adapter=name, status=status)
        if isinstance(exc, YouTubeDataUnparsable):
            return ParseError(f"{name}: YouTube's page could not be read", adapter=name,
                              hint=N_("upgrade youtube-transcript-api"))
        if isinstance(exc, FailedToCreateConsentCookie):
            return Unavailable(f"{name}: could not pass YouTube's cookie consent page",
                               adapter=name)
        return Unavailable(f"{name}: {type(exc).__name__}: {_short(exc.cause)}", adapter=name)

    def _network(self, exc: requests.RequestException) -> ProviderError:
        # the message of a requests error can include the proxy URL: never echo it
        if isinstance(exc, requests.Timeout):
            return Unavailable(f"{self.name}: timed out ({type(exc).__name__})",
                               adapter=self.name)
        return Unavailable(f"{self.name}: connection failed ({type(exc).__name__})",
                           adapter=self.name)
