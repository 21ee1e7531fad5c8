"""Ports for the services tests start on 127.0.0.1, without a race between xdist workers.

The old way (bind port 0, read the port, close the socket, start the service on it) left a
window in which another worker's server could take the port: the test then talked to a
stranger, or its own service died on "address in use". Three race-free ways instead:

* :func:`closed_port` - a port nobody listens on, for "the server is unreachable" tests:
  a socket stays *bound* to it (so nobody else can take it) but never listens, so every
  connection is refused, until the ``with`` ends.
* :func:`start_process` - a server subprocess told to bind port 0 (``scout serve``,
  ``scout mcp --http``); the port it got is read from ``/proc`` (the listening socket
  the process owns), so there is no window at all.
* :func:`retry_in_use` - for a service that cannot bind port 0 (``redis-server``, where
  0 means "no TCP", or aiosmtpd's controller): pick a port, start, and start again on
  another port when the start says the address is in use (``start`` raises
  :class:`PortInUse`, or :class:`OSError` EADDRINUSE).

Where ``/proc`` is missing (not Linux), :func:`start_process` falls back to picking a
free port and retrying a start that dies on "address already in use".
"""

from __future__ import annotations

import contextlib
import errno
import os
import socket
import subprocess
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
ATTEMPTS = 5
_LISTEN = "0A"  # TCP_LISTEN in /proc/net/tcp's "st" column


class PortInUse(Exception):
    """The service could not bind its port: another process has it. Try another."""


def pick_port() -> int:
    """A port free a moment ago (racy: only for :func:`retry_in_use`, which retries)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def closed_port() -> Iterator[int]:
    """A 127.0.0.1 port that refuses connections and that nobody can take meanwhile."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))  # bound, never listen(): connect() gets ECONNREFUSED
        yield int(s.getsockname()[1])


def retry_in_use(start: Callable[[int], T], attempts: int = ATTEMPTS) -> T:
    """``start(port)`` on a picked port; again on another port while it reports the port
    taken. Any other failure is raised at once."""
    for _ in range(attempts - 1):
        try:
            return start(pick_port())
        except PortInUse:
            continue
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE:
                raise
    return start(pick_port())


def listening_ports(pid: int) -> set[int]:
    """The TCP ports (IPv4 and IPv6) process ``pid`` listens on, from /proc."""
    inodes = set()
    with contextlib.suppress(OSError):
        for fd in os.listdir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):
                link = os.readlink(f"/proc/{pid}/fd/{fd}")
                if link.startswith("socket:["):
                    inodes.add(link[8:-1])
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                cols = line.split()
                if len(cols) > 9 and cols[3] == _LISTEN and cols[9] in inodes:
                    ports.add(int(cols[1].rsplit(":", 1)[1], 16))
    return ports


def has_proc() -> bool:
    return Path("/proc/net/tcp").is_file() and Path(f"/proc/{os.getpid()}/fd").is_dir()


def start_process(argv: Callable[[int], Sequence[str]], *, ready: Callable[[int], bool],
                  timeout: float = 120.0, **popen: Any) -> tuple[subprocess.Popen[Any], int]:
    """Start the server ``argv(port)`` and wait until ``ready(port)``; returns the process
    and the port it listens on. On Linux ``argv(0)``: the server binds a port of its own
    choosing and the port is read from the process's listening socket. ``timeout`` is
    long: a loaded CI machine imports slowly. The caller stops the process."""
    if not has_proc():
        return retry_in_use(lambda port: _wait(subprocess.Popen(argv(port), **popen),
                                               lambda _p: {port}, ready, timeout))
    return _wait(subprocess.Popen(argv(0), **popen), lambda p: listening_ports(p.pid),
                 ready, timeout)


def _wait(proc: subprocess.Popen[Any], ports: Callable[[subprocess.Popen[Any]], set[int]],
          ready: Callable[[int], bool], timeout: float) -> tuple[subprocess.Popen[Any], int]:
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            out = _output(proc)
            if "address already in use" in out.lower():
                raise PortInUse(out)
            raise AssertionError(f"the server exited ({proc.returncode}) before it served:\n"
                                 f"{out}")
        found = ports(proc)
        if found:
            port = min(found)
            with contextlib.suppress(Exception):  # a probe that fails: not ready yet
                if ready(port):
                    return proc, port
        if time.monotonic() > deadline:
            proc.kill()
            raise AssertionError(f"the server did not serve within {timeout:.0f} s:\n"
                                 f"{_output(proc)}")
        time.sleep(0.1)


def _output(proc: subprocess.Popen[Any]) -> str:
    try:
        out, err = proc.communicate(timeout=10)
    except (subprocess.TimeoutExpired, ValueError):
        return ""
    text = "".join(x.decode(errors="replace") if isinstance(x, bytes) else x
                   for x in (out, err) if x)
    return text
