"""Typed events of a mission run, and the bus that delivers them.

The runner emits an event for everything a person or a tool may want to watch: a
phase started, was retried, finished (with its status, reason and who answered), a
fan-out item finished, a phase was reused or marked stale. Subscribers are the
progress display (``progress.py``), the per-mission ``mission.log`` and anything an API
caller passes in (an HTTP server streaming progress, a test collecting events).

``message(lang)`` is the event in words, in the request's language for the console
(``MissionStarted.lang``, the language known before any phase); ``mission.log``, the
JSON and the state log keep English (``message()``) and English keys and codes. Stored
English in an event (a reason, a notice, a status word) is localised by its msgid
(:func:`scout.i18n.messages.localize`).

Events are emitted from worker threads as well as the scheduler thread, so subscribers
must be thread-safe. A subscriber that raises is dropped from that event's delivery
(and reported once on stderr): watching a run must never break it.
"""

from __future__ import annotations

import datetime as dt
import logging
import sys
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from scout.i18n import lang_of, translations
from scout.i18n.messages import localize
from scout.i18n.numbers import format_number


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds")


def _tr(lang: str) -> Any:
    """scout's catalog for ``lang`` (English: the msgids themselves)."""
    return translations(lang_of(lang))


def seconds(value: float, lang: str, digits: int = 2) -> str:
    """A length of time in seconds as the console writes it: "1.50" (English, as
    mission.log always has), "1,50" (Spanish)."""
    return f"{value:.{digits}f}" if lang_of(lang) == "en" else format_number(value, lang,
                                                                             digits)


def elapsed(value: float, lang: str, digits: int = 2) -> str:
    """A length of time with its unit: "1.50s" (English, as mission.log has it), "1,50 s"
    (Spanish sets a unit's symbol apart, as the catalog's "se reintenta en {delay} s")."""
    return seconds(value, lang, digits) + ("s" if lang_of(lang) == "en" else " s")


def word(status: str, lang: str) -> str:
    """A status word (``succeeded``, ``failed_terminal``) in ``lang``; the code itself in
    English, where machines read it."""
    return status if lang_of(lang) == "en" else localize(status, lang)


@dataclass(frozen=True)
class Event:
    """Base of every event; ``kind`` names it in JSON and in mission.log."""

    kind: ClassVar[str] = "event"
    ts: str = field(default_factory=_now, kw_only=True)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **asdict(self)}

    def message(self, lang: str = "en") -> str:
        return self.kind


@dataclass(frozen=True)
class MissionStarted(Event):
    kind: ClassVar[str] = "mission_started"
    mission_id: str
    run_dir: str
    phases: tuple[str, ...]
    resumed: bool = False
    #: the request's language, known before any phase: the console speaks it
    lang: str = "en"

    def message(self, lang: str = "en") -> str:
        tr, n = _tr(lang), len(self.phases)
        if self.resumed:
            text = tr.npgettext("console",
                                "resuming mission {mission} ({count} phase) in {run_dir}",
                                "resuming mission {mission} ({count} phases) in {run_dir}", n)
        else:
            text = tr.npgettext("console",
                                "starting mission {mission} ({count} phase) in {run_dir}",
                                "starting mission {mission} ({count} phases) in {run_dir}", n)
        return text.format(mission=self.mission_id, count=n, run_dir=self.run_dir)


@dataclass(frozen=True)
class PhaseReused(Event):
    kind: ClassVar[str] = "phase_reused"
    phase: str
    status: str
    reason: str = ""

    def message(self, lang: str = "en") -> str:
        tr = _tr(lang)
        return tr.pgettext("console", "{phase} reused ({status}): {reason}").format(
            phase=self.phase, status=word(self.status, lang), reason=localize(self.reason, lang))


@dataclass(frozen=True)
class PhaseStatusChanged(Event):
    """A status that is not a start or a finish: pending, stale, skipped, blocked."""

    kind: ClassVar[str] = "phase_status"
    phase: str
    status: str
    reason: str = ""

    def message(self, lang: str = "en") -> str:
        return f"{self.phase} {word(self.status, lang)}" + (
            f": {localize(self.reason, lang)}" if self.reason else "")


@dataclass(frozen=True)
class PhaseStarted(Event):
    kind: ClassVar[str] = "phase_started"
    phase: str
    attempt: int
    uses: str = ""
    items_total: int | None = None
    items_reused: int = 0

    def message(self, lang: str = "en") -> str:
        tr = _tr(lang)
        text = tr.pgettext("console", "{phase} started ({uses}, attempt {attempt})").format(
            phase=self.phase, uses=self.uses, attempt=self.attempt)
        if self.items_total is not None:
            text += ", " + tr.npgettext("console", "{count} item", "{count} items",
                                        self.items_total).format(count=self.items_total)
            if self.items_reused:
                text += ", " + tr.npgettext("console", "{count} already done",
                                            "{count} already done",
                                            self.items_reused).format(count=self.items_reused)
        return text


@dataclass(frozen=True)
class PhaseRetried(Event):
    kind: ClassVar[str] = "phase_retried"
    phase: str
    attempt: int  # the attempt that failed
    delay_s: float
    error: str = ""

    def message(self, lang: str = "en") -> str:
        tr = _tr(lang)
        return tr.pgettext("console", "{phase} attempt {attempt} failed ({error}); retrying in "
                                      "{delay}s").format(phase=self.phase, attempt=self.attempt,
                                                         error=localize(self.error, lang),
                                                         delay=seconds(self.delay_s, lang))


@dataclass(frozen=True)
class PhaseFinished(Event):
    kind: ClassVar[str] = "phase_finished"
    phase: str
    status: str
    attempt: int = 1
    duration_s: float = 0.0
    reason: str | None = None
    error: str | None = None
    answered_by: tuple[str, ...] = ()
    cost_usd: float = 0.0
    items_ok: int | None = None
    items_failed: int | None = None

    def message(self, lang: str = "en") -> str:
        tr = _tr(lang)
        text = tr.pgettext("console", "{phase} {status} in {duration}s").format(
            phase=self.phase, status=word(self.status, lang),
            duration=seconds(self.duration_s, lang))
        if self.items_ok is not None:
            said = tr.npgettext("console", "{count} item ok, {failed} failed",
                                "{count} items ok, {failed} failed", self.items_ok)
            text += f" ({said.format(count=self.items_ok, failed=self.items_failed or 0)})"
        if self.answered_by:
            text += ", " + tr.pgettext("console", "answered by {names}").format(
                names=", ".join(self.answered_by))
        if self.cost_usd:
            text += f", ${self.cost_usd:.4f}"
        if self.reason:
            text += f": {localize(self.reason, lang)}"
        if self.error:
            text += f" [{localize(self.error, lang)}]"
        return text


@dataclass(frozen=True)
class ItemDone(Event):
    kind: ClassVar[str] = "item_done"
    phase: str
    index: int
    ok: bool
    done: int  # items finished so far in this phase (ok + failed, reused included)
    total: int
    error: str | None = None
    answered_by: str | None = None

    def message(self, lang: str = "en") -> str:
        tr = _tr(lang)
        if self.ok:
            return tr.pgettext("console", "{phase} item {index} ok ({done}/{total})").format(
                phase=self.phase, index=self.index, done=self.done, total=self.total)
        said = tr.pgettext("console", "{phase} item {index} failed: {error} ({done}/{total})")
        return said.format(phase=self.phase, index=self.index,
                           error=localize(self.error or "", lang), done=self.done,
                           total=self.total)


@dataclass(frozen=True)
class Notice(Event):
    """Something a person should see: preflight notes, budget stops, warnings."""

    kind: ClassVar[str] = "notice"
    text: str
    level: str = "info"  # info | warning | error
    phase: str | None = None

    def message(self, lang: str = "en") -> str:
        return (f"{self.phase}: " if self.phase else "") + localize(self.text, lang)


@dataclass(frozen=True)
class MissionFinished(Event):
    kind: ClassVar[str] = "mission_finished"
    mission_id: str
    status: str
    exit_code: int
    duration_s: float = 0.0

    def message(self, lang: str = "en") -> str:
        tr = _tr(lang)
        said = tr.pgettext("console", "mission {mission} {status} (exit {code}) in {duration}s")
        return said.format(mission=self.mission_id, status=word(self.status, lang),
                           code=self.exit_code, duration=seconds(self.duration_s, lang))


Subscriber = Callable[[Event], None]


class EventBus:
    """Delivers each event to every subscriber, in subscription order."""

    def __init__(self, subscribers: list[Subscriber] | None = None) -> None:
        self._subs: tuple[Subscriber, ...] = tuple(subscribers or ())
        self._lock = threading.Lock()
        self._broken: set[int] = set()

    def emit(self, event: Event) -> None:
        for fn in self._subs:
            try:
                fn(event)
            except Exception as exc:  # noqa: BLE001 - a watcher must not break the run
                if id(fn) not in self._broken:
                    self._broken.add(id(fn))
                    print(f"scout: event subscriber {fn!r} failed: {exc!r}", file=sys.stderr)

    def __call__(self, event: Event) -> None:
        self.emit(event)


class LogNotices(logging.Handler):
    """scout's own log warnings (logger ``scout``: a quota backend holding a value scout
    does not write) as the mission's warning notices on ``bus``, while it runs: shown and
    logged as its other warnings are, in the request's language (a warning's text is a
    filled msgid, which :meth:`Notice.message` localizes), never printed in English by
    Python's last-resort handler."""

    def __init__(self, bus: EventBus) -> None:
        super().__init__(logging.WARNING)
        self.bus = bus
        self._logger = logging.getLogger("scout")

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.bus.emit(Notice(record.getMessage(), level="warning"))
        except Exception:  # noqa: BLE001 - a log line must not break the run
            self.handleError(record)

    def attach(self) -> "LogNotices":
        self._logger.addHandler(self)
        return self

    def detach(self) -> None:
        self._logger.removeHandler(self)


class MissionLog:
    """Appends one human-readable line per event to ``<run_dir>/mission.log``.

    Lines are buffered and written whole by a small flusher thread every
    ``flush_interval`` seconds and at close: the log is for people, the
    state log is the record (and the one that is fsynced), so a crash may cost the last
    fraction of a second of lines here but never a recorded event.
    """

    def __init__(self, path: str, *, items: bool = True, flush_interval: float = 0.1) -> None:
        from scout.fsutil import open_append

        self._fd = open_append(path, 0o644)  # never through a link out of the run dir
        self._lock = threading.Lock()
        self._buf: list[str] = []
        self._items = items
        self._closed = False
        self.write_error: OSError | None = None
        self._wake = threading.Event()
        self._interval = flush_interval
        self._thread = threading.Thread(target=self._loop, name="scout-mission-log",
                                        daemon=True)
        self._thread.start()

    def __call__(self, event: Event) -> None:
        if isinstance(event, ItemDone) and not self._items and event.ok:
            return
        line = f"{event.ts} {event.kind:<16} {event.message()}\n"
        with self._lock:
            if not self._closed:
                self._buf.append(line)

    def flush(self) -> None:
        import os

        with self._lock:
            if not self._buf:
                return
            data = "".join(self._buf).encode("utf-8")
            self._buf.clear()
            if self.write_error is not None:
                return  # the disk refused before: the state log reports it, not this log
            view = memoryview(data)
            try:
                while view:
                    view = view[os.write(self._fd, view):]
            except OSError as exc:
                # mission.log is for people; a full or read-only disk must not kill the
                # run from this thread (the state store raises the clear error)
                self.write_error = exc

    def _loop(self) -> None:
        while not self._wake.wait(self._interval):
            self.flush()

    def close(self) -> None:
        import os

        self._wake.set()
        self._thread.join()
        self.flush()
        with self._lock:
            if not self._closed:
                self._closed = True
                os.close(self._fd)
