"""Whether a process recorded by another one is *provably dead* on this machine.

A lock that outlives its process (the Redis lease of ``lease.py``) records who took it:
:func:`identity` is that record's process part — host, kernel boot id, pid namespace, pid
and the pid's start time. :func:`dead_reason` reads such a record back and answers with
why its process is certainly gone, or None whenever that is not certain.

A pid names one process only among processes sharing a kernel boot and a pid namespace,
so the record must match ours on all three of host, boot id
(``/proc/sys/kernel/random/boot_id``) and pid namespace (``/proc/self/ns/pid``, unique
among the live namespaces of one boot: a namespace whose processes still run is never
mistaken for ours). Then the process is dead when its pid is not alive, when the pid is
alive but started at another time (``/proc/<pid>/stat`` field 22: the pid was reused), or
when it is a zombie with no thread left (exited, not yet reaped by its parent).

Linux only in effect: where ``/proc`` is missing or is not this process's own (its
``self`` entry names another pid, as when a container sees its host's ``/proc``),
:func:`identity` lacks those fields and nothing is ever judged dead.
"""

from __future__ import annotations

import os
import socket
from typing import Any

from scout.fsutil import pid_alive

_OWN: dict[int, dict[str, Any]] = {}  # by pid: a forked child computes its own


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="ascii", errors="replace") as fh:
            return fh.read().strip()
    except OSError:
        return None


def proc_stat(pid: int | str) -> tuple[int, str, int] | None:
    """(pid, state letter, start time in clock ticks since boot) of ``/proc/<pid>/stat``;
    None when it cannot be read or parsed. The command name (field 2) may hold spaces and
    parentheses, so the fields are counted from its last ``)``."""
    text = _read(f"/proc/{pid}/stat")
    if not text or ")" not in text:
        return None
    head, _, rest = text.rpartition(")")
    fields = rest.split()
    try:
        return int(head.split("(", 1)[0]), fields[0], int(fields[19])
    except (IndexError, ValueError):
        return None


def identity() -> dict[str, Any]:
    """This process's record: ``host`` and ``pid`` always; ``boot_id``, ``pid_ns`` and
    ``pid_start`` only where ``/proc`` is readable and is this process's own."""
    pid = os.getpid()
    own = _OWN.get(pid)
    if own is None:
        own = {"host": socket.gethostname(), "pid": pid}
        stat = proc_stat("self")
        boot = _read("/proc/sys/kernel/random/boot_id")
        try:
            ns: str | None = os.readlink("/proc/self/ns/pid")
        except OSError:
            ns = None
        if stat is not None and stat[0] == pid and boot and ns:
            own.update(boot_id=boot, pid_ns=ns, pid_start=stat[2])
        _OWN[pid] = own
    return dict(own)


def _no_thread_left(pid: int) -> bool:
    # a zombie thread-group leader whose other threads still run also reads as 'Z'
    try:
        return set(os.listdir(f"/proc/{pid}/task")) <= {str(pid)}
    except OSError:
        return False


def dead_reason(record: Any) -> str | None:
    """Why the process of ``record`` (an :func:`identity` read back) is certainly dead on
    this machine — "is not alive", "was reused by another process", "exited (not yet
    reaped)" — or None when that is not certain (another host, boot or namespace, fields
    missing or malformed, ``/proc`` unreadable, or the process alive)."""
    if not isinstance(record, dict):
        return None
    me = identity()
    pid, start = record.get("pid"), record.get("pid_start")
    if not (type(pid) is int and pid > 0 and type(start) is int):
        return None  # bools are ints; and a record of the older format has no start time
    if "pid_start" not in me or any(record.get(k) != me[k]
                                    for k in ("host", "boot_id", "pid_ns")):
        return None
    if not pid_alive(pid):
        return "is not alive"
    stat = proc_stat(pid)
    if stat is None:
        return "is not alive" if not pid_alive(pid) else None  # exited as we looked?
    if stat[2] != start:
        return "was reused by another process"
    if stat[1] in ("Z", "X") and _no_thread_left(pid):
        return "exited (not yet reaped)"
    return None
