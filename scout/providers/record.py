"""Record and replay: ``--record DIR`` saves every exchange, ``--replay DIR`` serves them.

HTTP adapters are recorded at the transport, the natural httpx seam:
:class:`RecordingTransport` wraps the real transport and writes each exchange to
``DIR/http/<key>-<n>.json``; :class:`ReplayTransport` answers from those files and never
opens a socket. Adapters that do not speak HTTP through our client (yt-dlp,
youtube-transcript-api) are recorded one level up, as typed replies, in
``DIR/replies/<key>-<n>.json`` (:class:`ReplyStore`).

Credentials never reach the disk: credential headers (Authorization, X-API-Key,
X-Subscription-Token, ...) are dropped, secret query parameters are redacted
(``redact_url``), JSON body keys such as ``api_key`` are blanked, and every secret value
the runtime knows is replaced wherever it appears (URL, headers, bodies).

A request matches on method + URL without secrets + body without secrets. Identical
requests are numbered in order (``-0``, ``-1``, ...), so a 429 followed by a 200 replays as
recorded; past the last recorded answer the last one is repeated. A request with no
recording raises :class:`ReplayMiss` naming it.

A stored reply is held to the shape its adapter's type answers with
(:func:`scout.providers.answershape.fits`), up front by the adapter the file names and again
when served: a reply edited to text where a video search's list was is the cassette's fault,
said naming its file, never a Python error inside the phase that read it.

The manifest also stamps the day of the recording (``"day": "YYYY-MM-DD"``); a replay runs
on that day (the Task's ``today``), so relative dates resolve and the report reads the same
whatever day the cassette is replayed.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import json
import threading
from collections import defaultdict
from pathlib import Path
from collections.abc import Mapping
from typing import Any

import httpx

from scout.fsutil import loads_stored, write_atomic
from scout.errors import CassetteInvalid, ReplayMiss
from scout.config.headers import secret_header
from scout.i18n import N_
from scout.providers.answershape import fits
from scout.providers.codec import decode_reply, encode_reply
from scout.adapters.contract import Reply, Request
from scout.adapters.contract.decoded import iter_decoded
from scout.adapters.contract.http import MAX_RESPONSE_BYTES, redact_url, secret_param
from scout.adapters.contract.redact import SecretScrubber

CREDENTIAL_HEADERS = frozenset({
    "authorization", "proxy-authorization", "x-api-key", "api-key", "x-subscription-token",
    "x-goog-api-key", "cookie", "set-cookie", "x-auth-token",
})
_DROP_RESPONSE = frozenset({"content-encoding", "content-length", "transfer-encoding",
                            "set-cookie"})
MANIFEST = "manifest.json"


def _atomic_write(path: Path, data: dict[str, Any]) -> None:
    write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False))


def _body(data: bytes) -> dict[str, str]:
    """A body as text when it is UTF-8 (readable, diffable), else base64."""
    try:
        return {"body": data.decode("utf-8")}
    except UnicodeDecodeError:
        return {"body_b64": base64.b64encode(data).decode()}


def _blank_json_secrets(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: ("REDACTED" if secret_param(k) else _blank_json_secrets(v))
                for k, v in obj.items()}
    if isinstance(obj, list):
        return [_blank_json_secrets(v) for v in obj]
    return obj


# --- a cassette is untrusted input: every file's shape is checked ----------------------

MAX_FILE_BYTES = 64 * 1024 * 1024


def _bad(path: Path, what: str) -> CassetteInvalid:
    """``what`` is a msgid, filled: the whole message is said in the reader's language
    (a Spanish report, a Spanish locale), as its hint is."""
    return CassetteInvalid(
        N_("cassette file {path}: {what}").format(path=path, what=what),
        hint=N_("the cassette was edited or damaged; record it again with --record DIR"))


def read_json(path: Path) -> Any:
    """A cassette file as JSON: a regular file, of bounded size, that parses."""
    try:
        if path.is_symlink() or not path.is_file():
            if not path.exists() and not path.is_symlink():
                raise FileNotFoundError(path)
            raise _bad(path, N_("is not a regular file"))
        if path.stat().st_size > MAX_FILE_BYTES:
            raise _bad(path, N_("is larger than {count} MB").format(
                count=MAX_FILE_BYTES // (1024 * 1024)))
        return loads_stored(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise _bad(path, N_("is not valid JSON ({error})").format(
            error=type(exc).__name__)) from None
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise _bad(path, N_("cannot be read ({error})").format(
            error=exc.strerror or exc)) from None


def check_manifest(data: Any, path: Path) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _bad(path, N_("must be a JSON object"))
    mid = data.get("mission_id")
    if mid is not None and not isinstance(mid, str):
        raise _bad(path, N_("'mission_id' must be a string"))
    day = data.get("day")
    if day is not None and _parse_day(day) is None:
        raise _bad(path, N_("'day' must be the recording's date as \"YYYY-MM-DD\""))
    links = data.get("links", {})
    if not isinstance(links, dict):
        raise _bad(path, N_("'links' must be an object that maps each adapter's name to "
                            "its outcome (ok, reason), not {shape}").format(
                                shape=type(links).__name__))
    for name, rec in links.items():
        if not isinstance(rec, dict) or not isinstance(rec.get("ok", True), bool) or \
                not isinstance(rec.get("reason"), (str, type(None))):
            raise _bad(path, N_("links.{adapter} must be an object with \"ok\" (true or "
                                "false) and \"reason\" (text or null)").format(adapter=name))
    return data


def _parse_day(value: Any) -> dt.date | None:
    if not isinstance(value, str) or len(value) != 10:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        return None


def recorded_day(root: str | Path) -> dt.date | None:
    """The day a cassette was recorded (its manifest's ``day``); None for a cassette
    recorded before the day was stamped, or a folder that holds no manifest."""
    manifest = Exchanges(root).read_manifest()
    return _parse_day(manifest.get("day")) if manifest else None


def stamp_day(root: str | Path, day: dt.date) -> None:
    """Stamp the recording day in the manifest of the cassette being recorded (before the
    run: the links are added as the run checks them; :meth:`Exchanges.write_manifest`
    keeps the day)."""
    store = Exchanges(root)
    try:
        current = store.read_manifest() or {}
    except CassetteInvalid:
        current = {}  # a damaged manifest from an earlier recording is rewritten whole
    _atomic_write(store.root / MANIFEST, {**current, "day": day.isoformat()})


def check_exchange(data: Any, path: Path) -> dict[str, Any]:
    resp = data.get("response") if isinstance(data, dict) else None
    if not isinstance(resp, dict):
        raise _bad(path, N_("must be an object with a 'response' object"))
    status = resp.get("status")
    if not isinstance(status, int) or isinstance(status, bool) or not 100 <= status <= 599:
        raise _bad(path, N_("response.status must be an HTTP status code (100-599)"))
    headers = resp.get("headers", {})
    if not isinstance(headers, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in headers.items()):
        raise _bad(path, N_("response.headers must map names to strings"))
    if isinstance(resp.get("body"), str):
        return data
    b64 = resp.get("body_b64")
    if not isinstance(b64, str):
        raise _bad(path, N_("response must hold 'body' (text) or 'body_b64'"))
    try:
        base64.b64decode(b64, validate=True)
    except ValueError:
        raise _bad(path, N_("response.body_b64 is not base64")) from None
    return data


def check_reply_file(data: Any, path: Path, type_name: str | None = None
                     ) -> dict[str, Any]:
    """A stored reply's file, its value rebuilt (scout's own models only) and, when the
    type of the adapter it answers for is known, held to that type's answer shape."""
    if not isinstance(data, dict) or not isinstance(data.get("reply"), dict):
        raise _bad(path, N_("must be an object with a 'reply' object"))
    reply = decode_reply(data["reply"], str(path))  # refuses unknown models, imports nothing
    if type_name is not None and not fits(type_name, reply.value):
        raise _bad(path, N_("holds a reply of another shape than {adapter} answers with "
                            "({shape})").format(adapter=type_name,
                                                shape=type(reply.value).__name__))
    return data


def _named_type(data: Any, types: Mapping[str, str]) -> str | None:
    """The adapter type of the adapter a reply file names (None: unnamed or unknown)."""
    name = data.get("adapter") if isinstance(data, dict) else None
    return types.get(name) if isinstance(name, str) else None


class Exchanges:
    """The files of one record/replay directory and how requests are keyed."""

    def __init__(self, root: str | Path, scrubber: SecretScrubber | None = None) -> None:
        self.root = Path(root)
        self.scrubber = scrubber or SecretScrubber()
        self._seen: dict[str, int] = defaultdict(int)
        self._lock = threading.Lock()

    # --- what is stored about a request ---------------------------------------------

    def clean_url(self, url: httpx.URL | str) -> str:
        return self.scrubber.text(redact_url(url))

    def clean_body(self, body: bytes, content_type: str | None) -> str:
        body = self.scrubber.bytes(body)
        if content_type and "json" in content_type and body:
            try:
                return json.dumps(_blank_json_secrets(json.loads(body)), sort_keys=True,
                                  ensure_ascii=False)
            except (ValueError, RecursionError):  # not JSON, or nested past the parser (a
                pass  # provider's "[[[[..."): kept as the text it is
        try:
            return body.decode("utf-8")
        except UnicodeDecodeError:
            return "base64:" + base64.b64encode(body).decode()

    def clean_headers(self, headers: httpx.Headers, drop: frozenset[str]) -> dict[str, str]:
        return {k: self.scrubber.text(v) for k, v in headers.items()
                if k.lower() not in drop}

    def describe(self, request: httpx.Request) -> tuple[str, dict[str, Any]]:
        """The match key of a request and its stored (secret-free) form.

        A request pinned to an address (the page adapter connects to the IP its SSRF guard
        checked, the name kept in ``Host``) is keyed by the name, so a replay — which
        resolves nothing — matches it.
        """
        body = request.content if request.content is not None else b""
        url = request.url
        host = request.headers.get("host")
        if host and host.split(":")[0].lower() != url.host.lower():
            url = url.copy_with(host=host.split(":")[0])
        desc = {
            "method": request.method,
            "url": self.clean_url(url),
            "body": self.clean_body(body, request.headers.get("content-type")),
        }
        blob = json.dumps(desc, sort_keys=True, ensure_ascii=False).encode()
        return hashlib.sha256(blob).hexdigest()[:24], desc

    def next_index(self, kind: str, key: str) -> int:
        with self._lock:
            n = self._seen[f"{kind}/{key}"]
            self._seen[f"{kind}/{key}"] = n + 1
            return n

    def folder(self, kind: str) -> Path:
        """``DIR/http`` or ``DIR/replies``, refused (CassetteInvalid) when a symbolic link
        or anything but a folder stands there: a shared cassette's ``http -> /etc`` had
        a replay read, and a recording write, files outside the cassette."""
        path = self.root / kind
        if path.is_symlink() or (path.exists() and not path.is_dir()):
            what = N_("a symbolic link") if path.is_symlink() else N_("not a folder")
            raise CassetteInvalid(
                N_("{path}: {what}; a cassette's {kind}/ must be a folder of its own").format(
                    path=path, what=what, kind=kind),
                hint=N_("remove it, or record the cassette again with --record DIR"))
        return path

    def check_folders(self) -> None:
        """Refuse the cassette up front when its ``http/`` or ``replies/`` is no folder
        of its own (:meth:`folder`)."""
        for kind in ("http", "replies"):
            self.folder(kind)

    def path(self, kind: str, key: str, n: int) -> Path:
        return self.folder(kind) / f"{key}-{n}.json"

    def find(self, kind: str, key: str, n: int) -> Path | None:
        """The n-th recording, or the last one when fewer were recorded."""
        p = self.path(kind, key, n)
        if p.is_file():
            return p
        while n > 0:
            n -= 1
            p = self.path(kind, key, n)
            if p.is_file():
                return p
        return None

    # --- manifest: which links were usable when recording --------------------------

    def write_manifest(self, data: dict[str, Any]) -> None:
        """Write the manifest, keeping the recording day already stamped (stamp_day)."""
        if "day" not in data:
            try:
                day = (self.read_manifest() or {}).get("day")
            except CassetteInvalid:
                day = None
            if day is not None:
                data = {**data, "day": day}
        _atomic_write(self.root / MANIFEST, data)

    def read_manifest(self) -> dict[str, Any] | None:
        """The manifest, its shape checked (a cassette is untrusted: it may be shared)."""
        path = self.root / MANIFEST
        try:
            data = read_json(path)
        except FileNotFoundError:
            return None
        return check_manifest(data, path)

    def check(self, types: Mapping[str, str] | None = None) -> None:
        """Read every file of the cassette once and refuse it whole if one is malformed,
        so a tampered cassette stops ``apply`` before any phase runs (CassetteInvalid).
        ``types`` (adapter name -> type, the config's) holds each stored reply to the
        shape its adapter answers with."""
        if not self.root.is_dir():
            raise CassetteInvalid(N_("--replay {path}: not a directory").format(path=self.root),
                                  hint=N_("give the folder written by --record DIR"))
        self.read_manifest()
        for kind in ("http", "replies"):
            folder = self.folder(kind)
            if not folder.is_dir():
                continue
            for path in sorted(folder.iterdir()):
                if not path.name.endswith(".json"):
                    continue
                data = read_json(path)
                if kind == "http":
                    check_exchange(data, path)
                else:
                    check_reply_file(data, path, _named_type(data, types or {}))

    def load(self, kind: str, path: Path, type_name: str | None = None) -> dict[str, Any]:
        """A recorded file, its shape checked (a reply's against ``type_name``'s answers)."""
        data = read_json(path)
        return (check_exchange(data, path) if kind == "http"
                else check_reply_file(data, path, type_name))


class RecordingTransport(httpx.BaseTransport):
    """Sends through ``inner`` and saves each exchange (credentials stripped)."""

    def __init__(self, inner: httpx.BaseTransport, store: Exchanges) -> None:
        self.inner = inner
        self.store = store

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        request.read()
        response = self.inner.handle_request(request)
        content = bytearray()
        try:
            # decoded in bounded steps and no further than any reader reads (a
            # decompression bomb met while recording costs what it costs live)
            for chunk in iter_decoded(response):
                content.extend(chunk)
                if len(content) > MAX_RESPONSE_BYTES:
                    break
        finally:
            response.close()
        key, desc = self.store.describe(request)
        n = self.store.next_index("http", key)
        headers = self.store.clean_headers(response.headers, _DROP_RESPONSE)
        body = self.store.scrubber.bytes(bytes(content))
        _atomic_write(self.store.path("http", key, n), {
            "request": {**desc, "headers": {
                k: v for k, v in self.store.clean_headers(request.headers,
                                                          CREDENTIAL_HEADERS).items()
                if not secret_header(k)}},  # a config's own (scout.config.headers)
            "response": {"status": response.status_code, "headers": headers, **_body(body)},
        })
        # the answer the adapter sees is the one that was stored (decoded body)
        return httpx.Response(response.status_code, headers=headers, content=body,
                              request=request, extensions=response.extensions)

    def close(self) -> None:
        self.inner.close()


class ReplayTransport(httpx.BaseTransport):
    """Answers from recordings only; a request it does not hold raises ReplayMiss."""

    def __init__(self, store: Exchanges) -> None:
        self.store = store

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        request.read()
        key, desc = self.store.describe(request)
        found = self.store.find("http", key, self.store.next_index("http", key))
        if found is None:
            said = (N_("--replay {root}: no recorded exchange for {method} {url} (body {count} "
                       "chars)") if desc["body"] else
                    N_("--replay {root}: no recorded exchange for {method} {url}"))
            raise ReplayMiss(
                said.format(root=self.store.root, method=desc["method"], url=desc["url"],
                            count=len(desc["body"] or "")),
                hint=N_("record it again with --record DIR, or check what changed in the "
                        "request (query, limit, adapter settings, base URL)"),
            )
        data = self.store.load("http", found)["response"]
        content = (data["body"].encode("utf-8") if "body" in data
                   else base64.b64decode(data["body_b64"]))
        return httpx.Response(data["status"], headers=data["headers"], content=content,
                              request=request)


class ReplyStore:
    """Reply-level record/replay for adapters that do not use our httpx client."""

    def __init__(self, store: Exchanges) -> None:
        self.store = store

    def key(self, adapter: str, request: Request) -> str:
        blob = json.dumps({"adapter": adapter, "type": type(request).__name__,
                           **request.model_dump(mode="json")}, sort_keys=True,
                          ensure_ascii=False)
        return hashlib.sha256(self.store.scrubber.text(blob).encode()).hexdigest()[:24]

    def save(self, adapter: str, request: Request, reply: Reply[Any]) -> None:
        key = self.key(adapter, request)
        n = self.store.next_index("replies", key)
        data = json.loads(self.store.scrubber.text(json.dumps(encode_reply(reply))))
        _atomic_write(self.store.path("replies", key, n),
                      {"adapter": adapter, "request_type": type(request).__name__,
                       "reply": data})

    def load(self, adapter: str, request: Request, type_name: str | None = None
             ) -> Reply[Any]:
        """The recorded reply of ``adapter`` to ``request``, held to the shape adapter type
        ``type_name`` answers with (a file renamed or its ``adapter`` edited escapes the
        up-front check by name; this one is by the adapter that asks)."""
        key = self.key(adapter, request)
        found = self.store.find("replies", key, self.store.next_index("replies", key))
        if found is None:
            raise ReplayMiss(
                f"--replay {self.store.root}: no recorded reply of {adapter} for "
                f"{type(request).__name__} {key}",
                adapter=adapter,
                hint=N_("record it again with --record DIR, or check what changed in the "
                        "request"),
            )
        return decode_reply(self.store.load("replies", found, type_name)["reply"], str(found))
