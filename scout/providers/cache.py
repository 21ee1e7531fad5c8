"""A persistent TTL cache of adapter answers: ``runtime/cache.sqlite3`` (stdlib sqlite3).

Key: sha256 of the adapter name and type, its effective base URL, every setting that
shapes answers (``answer_settings``) and the request as normalised JSON (sorted keys).
The values of the config's ``{env: …}`` headers shape answers too (a gateway routes by
its tenant or deployment header: two tenants must not share answers), and so do the
credentials a base URL carries; neither is ever in the key as it is: the URL goes in
redacted, and these values as one keyed digest (HMAC-SHA256 under a random key of this
cache, :meth:`ReplyCache.digest`), so no secret is in the cache whole or in part. The
API key itself is not in the key: it says who pays, not what is answered, and a token
pool's keys must share their answers.
The chain consults it per link, in that link's turn (``chain.py``); a ``--replay`` run
neither reads nor writes it (a cassette's answers are not the world's). A request whose
answer was recorded is not sent again within the adapter's ``cache_ttl``; one in flight
when a process died may be (see :mod:`scout.providers.in_doubt`). ``cache_ttl: 0s`` or
``--no-cache`` disables it. The value is stored through :mod:`codec` so it comes
back typed. sqlite handles concurrent processes (WAL); each thread has its own connection.

An answer is stored *before* its ``ok`` journal line is written (so a process killed in
between never pays for it again), together with that line as ``pending``; the line is
cleared (``settle``) once it is in the journal. A pending line found later belongs to a
process that died in between: :meth:`ReplyCache.lookup` returns it so the runtime can
write it (``Answers.recover_pending``) and no paid call goes missing from the
journal.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import os
import secrets as random_bytes
import sqlite3

from scout.fsutil import loads_stored, make_dirs, use_wal
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from scout.adapters.contract.http import redact_url
from scout.config.headers import HeaderFromEnv, url_secrets
from scout.config.settings import AdapterSettings
from scout.providers.codec import decode_reply, encode_reply
from scout.adapters.contract import Reply, Request

CACHE_NAME = "cache.sqlite3"
#: settings that change how a call is made but never what it answers; every other
#: setting (the base URL, the user agent, a region, a model ...) is part of the key, so
#: answers of a test server or another configuration are never served to a real run
_NOT_ANSWER_SHAPING = {"rate", "retry", "retry_after_max", "cache_ttl", "breaker_cooldown",
                       "tariff", "credentials", "timeout"}


def answer_settings(settings: AdapterSettings) -> dict[str, Any]:
    data = settings.model_dump(mode="json")
    if url_secrets(data.get("base_url")):  # its credentials go in by digest (cache_key)
        data["base_url"] = redact_url(data["base_url"])
    return {k: v for k, v in sorted(data.items()) if k not in _NOT_ANSWER_SHAPING}


#: the digest key of a cache_key called without a cache: this process's own, never stored
_PROCESS_KEY = random_bytes.token_bytes(32)


def _process_digest(values: list[list[str]]) -> str:
    return keyed_digest(_PROCESS_KEY, values)


def keyed_digest(key: bytes, values: list[list[str]]) -> str:
    """HMAC-SHA256 of ``values`` under ``key``: equal values give equal digests in one
    cache, and no digest gives a value back without the key."""
    blob = json.dumps(values, separators=(",", ":"), ensure_ascii=False).encode()
    return hmac.new(key, blob, hashlib.sha256).hexdigest()


def secret_inputs(adapter: str, settings: AdapterSettings,
                  env: Mapping[str, str] | None = None) -> list[list[str]]:
    """The secret values that shape answers, as [where, value] pairs: the credentials of
    the effective base URL and each ``{env: …}`` header's value (empty when unset)."""
    env = os.environ if env is None else env
    found = [["base_url", v] for v in url_secrets(settings.resolved_base_url(adapter))]
    headers = getattr(settings, "headers", None) or {}
    found += [[f"header:{name.lower()}", (env.get(v.env) or "").strip()]
              for name, v in sorted(headers.items()) if isinstance(v, HeaderFromEnv)]
    return found


def cache_key(adapter: str, settings: AdapterSettings, request: Request,
              digest: Callable[[list[list[str]]], str] | None = None) -> str:
    """The key of ``request`` to ``adapter``: its type, every answer-shaping setting and
    the *effective* base URL (``SCOUTE_<NAME>_BASE_URL`` included; redacted, its
    credentials and the ``{env: …}`` headers' values in by ``digest``, the cache's
    :meth:`ReplyCache.digest`; without one, a key of this process alone)."""
    base_url = settings.resolved_base_url(adapter)
    hidden = secret_inputs(adapter, settings)
    if base_url and url_secrets(base_url):
        base_url = redact_url(base_url)
    doc = {
        "adapter": adapter,
        "type": settings.type,
        "base_url": base_url.rstrip("/") if base_url else None,
        "settings": answer_settings(settings),
        "request": {"type": type(request).__name__, **request.model_dump(mode="json")},
    }
    if hidden:  # absent otherwise: the keys of every other adapter stay as they were
        doc["secrets"] = (digest or _process_digest)(hidden)
    blob = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()


def _read_key(value: object) -> bytes | None:
    """The digest key as stored (64 hex digits), or None for anything else."""
    if isinstance(value, str) and len(value) == 64:
        try:
            return bytes.fromhex(value)
        except ValueError:
            return None
    return None


def pending_note(raw: object) -> dict[str, Any] | None:
    """A row's pending journal line as :meth:`ReplyCache.put` stores it (``{"pid": int,
    "line": {...}}``), or None: the cache is a file anyone may edit, and a note of another
    shape (a list, a line that is text, JSON nested past the parser) stopped every run that
    read the answer with an internal error, or made its good answer a miss, paid again."""
    if not isinstance(raw, (str, bytes)) or not raw:
        return None
    try:
        note = loads_stored(raw)
    except ValueError:
        return None
    if not isinstance(note, dict) or not isinstance(note.get("line"), dict) \
            or type(note.get("pid")) is not int:
        return None
    return note


#: how far after this machine's now an entry's time may be (another machine's clock, on a
#: shared runtime/): later than that, no scout wrote it
FUTURE_SLACK_S = 300.0


def _fresh(stored_at: object, now: float, ttl: float) -> bool:
    """Whether an entry stored at ``stored_at`` is within ``ttl`` of ``now``. The file is
    anyone's to edit: a time that is not a number (text, NULL) stopped every phase that
    read the entry with a TypeError, and one far in the future served its answer for
    ever; either is a miss, and the next answer replaces it."""
    if isinstance(stored_at, bool) or not isinstance(stored_at, (int, float)):
        return False
    at = float(stored_at)
    return math.isfinite(at) and at <= now + FUTURE_SLACK_S and now - at < ttl


class ReplyCache:
    def __init__(self, runtime_dir: str | Path, *, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(runtime_dir) / CACHE_NAME
        self.clock = clock
        self._local = threading.local()
        self.hits = 0
        self.misses = 0
        self._conns: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._digest_key: bytes | None = None

    def digest(self, values: list[list[str]]) -> str:
        """:func:`keyed_digest` under this cache's own random key (made on first use,
        kept in the cache: a digest stays one across runs, a value is never stored)."""
        if self._digest_key is None:
            db = self._db()
            with db:
                db.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, "
                           "value TEXT)")
                db.execute("INSERT OR IGNORE INTO meta VALUES ('digest_key', ?)",
                           (random_bytes.token_hex(32),))
                row = db.execute("SELECT value FROM meta WHERE name = 'digest_key'").fetchone()
                key = _read_key(row[0] if row else None)
                if key is None:  # a value scout did not write (the file is untrusted)
                    key = random_bytes.token_bytes(32)
                    db.execute("REPLACE INTO meta VALUES ('digest_key', ?)", (key.hex(),))
            self._digest_key = key
        return keyed_digest(self._digest_key, values)

    def _db(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            make_dirs(self.path.parent)
            # owner-only, as the journal is: the answers hold the requests' queries, and
            # a pending line in one is written to the journal (answers.recover_pending);
            # SQLite gives its -wal and -shm files the database's mode
            os.close(os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600))
            conn = sqlite3.connect(self.path, timeout=30.0, check_same_thread=False)
            use_wal(conn)
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute(
                "CREATE TABLE IF NOT EXISTS replies (key TEXT PRIMARY KEY, adapter TEXT, "
                "stored_at REAL, body TEXT, pending TEXT)"
            )
            cols = {row[1] for row in conn.execute("PRAGMA table_info(replies)")}
            if "pending" not in cols:  # a cache written by an older scout
                conn.execute("ALTER TABLE replies ADD COLUMN pending TEXT")
            conn.commit()
            self._local.conn = conn
            with self._lock:
                self._conns.append(conn)
        return conn

    def get(self, key: str, ttl: float) -> Reply[Any] | None:
        found = self.lookup(key, ttl)
        return found[0] if found is not None else None

    def lookup(self, key: str, ttl: float) -> tuple[Reply[Any], dict[str, Any] | None] | None:
        """The cached answer and its pending journal line (None when it was journaled)."""
        if ttl <= 0:
            return None
        row = self._db().execute(
            "SELECT stored_at, body, pending FROM replies WHERE key = ?", (key,)
        ).fetchone()
        if row is None or not _fresh(row[0], self.clock(), ttl):
            self.misses += 1
            return None
        try:
            reply = decode_reply(json.loads(row[1]))
        except Exception:  # an entry written by an older scout: a miss, not a crash
            self.misses += 1
            return None
        self.hits += 1
        return reply, pending_note(row[2])

    def pending(self, key: str) -> dict[str, Any] | None:
        row = self._db().execute("SELECT pending FROM replies WHERE key = ?", (key,)).fetchone()
        return pending_note(row[0]) if row else None

    def put(self, key: str, adapter: str, reply: Reply[Any],
            pending: dict[str, Any] | None = None) -> None:
        body = json.dumps(encode_reply(reply), ensure_ascii=False, separators=(",", ":"))
        note = json.dumps(pending, ensure_ascii=False, separators=(",", ":"), default=str) \
            if pending is not None else None
        db = self._db()
        with db:
            db.execute("INSERT OR REPLACE INTO replies VALUES (?, ?, ?, ?, ?)",
                       (key, adapter, self.clock(), body, note))

    def settle(self, key: str) -> None:
        """The answer's journal line is written: nothing is pending any more."""
        db = self._db()
        with db:
            db.execute("UPDATE replies SET pending = NULL WHERE key = ?", (key,))

    def close(self) -> None:
        with self._lock:
            for conn in self._conns:
                try:
                    conn.close()
                except sqlite3.Error:
                    pass
            self._conns.clear()
        self._local = threading.local()
