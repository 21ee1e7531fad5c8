"""A deadline on a whole network exchange made with the standard library's sockets.

Socket timeouts are per read: a peer answering one byte per read just under the timeout
held ``smtplib``, ``requests``/``urllib3`` (whose head reader accepts 64 KB lines) and
yt-dlp's handlers forever. httpx's head is bounded by :mod:`.headwait`; these libraries
give no backend to wrap, so :class:`ExchangeDeadline` bounds them from outside: every
socket this thread connects inside the block is watched, and when the deadline passes a
timer shuts each one down (``shutdown(SHUT_RDWR)``), so the read blocked in it returns at
once (end of file) and the library raises its own connection error; the caller then sees
:attr:`ExchangeDeadline.expired` and reports a timeout.

Sockets are found through the interpreter's ``socket.connect`` audit event (installed
once, on first use; it does nothing on a thread with no open block), which sees the
sockets of any library in pure Python — smtplib, http.client, urllib3, yt-dlp's
``urllib``/``requests`` handlers — without reaching into their private attributes. A
watched socket is held through a duplicate descriptor, so that the TLS layer taking the
socket over (``SSLContext.wrap_socket`` detaches it) still leaves one to shut down.
"""

from __future__ import annotations

import os
import socket
import sys
import threading
from types import TracebackType
from typing import Any

_LOCAL = threading.local()
_INSTALL = threading.Lock()
_installed = False
#: seconds between shutting the watched sockets down again, once the deadline passed
_AGAIN = 0.05


def _on_event(event: str, args: tuple[Any, ...]) -> None:
    if event != "socket.connect":
        return
    watch: ExchangeDeadline | None = getattr(_LOCAL, "watch", None)
    if watch is not None and args and isinstance(args[0], socket.socket):
        watch.add(args[0])


def _install() -> None:
    global _installed
    with _INSTALL:
        if not _installed:
            sys.addaudithook(_on_event)
            _installed = True


class ExchangeDeadline:
    """``with ExchangeDeadline(seconds) as d:`` — every socket this thread connects in
    the block is shut down once ``seconds`` have passed; ``d.expired`` says whether that
    happened. Blocks nest (the inner one watches its own sockets)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.expired = False
        self._socks: list[socket.socket] = []
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._outer: ExchangeDeadline | None = None

    def add(self, sock: socket.socket) -> None:
        """Watch ``sock`` (through a duplicate of its descriptor)."""
        try:
            dup = socket.socket(fileno=os.dup(sock.fileno()))
        except OSError:
            return  # no descriptor to watch (closed already): nothing can block on it
        with self._lock:
            self._socks.append(dup)
            late = self.expired
        if late:
            _shut(dup)

    def _watch(self) -> None:
        if self._done.wait(max(self.seconds, 0.0)):
            return
        with self._lock:
            self.expired = True
        # again until the block ends: a socket still connecting when the time came
        # cannot be shut down yet (ENOTCONN), and would then be read unbounded
        while True:
            with self._lock:
                socks = list(self._socks)
            for s in socks:
                _shut(s)
            if self._done.wait(_AGAIN):
                return

    def __enter__(self) -> ExchangeDeadline:
        _install()
        self._outer = getattr(_LOCAL, "watch", None)
        _LOCAL.watch = self
        threading.Thread(target=self._watch, name="scout-exchange-deadline",
                         daemon=True).start()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._done.set()
        _LOCAL.watch = self._outer
        with self._lock:
            socks, self._socks = self._socks, []
        for s in socks:
            try:
                s.close()  # the duplicate only: the library closes its own
            except OSError:
                pass


def _shut(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass  # not connected yet, or closed: either way nothing waits on it
