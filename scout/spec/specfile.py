"""Reading a spec file safely, before any YAML is parsed.

A spec path comes from a user, a batch folder or an agent, so reading it must neither
block (a FIFO or a device is refused before it is opened, and the open does not wait) nor
read without bound (``SCOUTE_MAX_SPEC_BYTES``, scout.paths), and bytes that are not UTF-8
are located. Every refusal is a located :class:`Problem` (SPEC060, SPEC072, SPEC073,
SPEC001), never a traceback. :func:`not_a_file` names what a path is when it is not a
regular file, for the other places that take a file (config, the CLI's arguments, a
batch folder).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from scout.errors import Location, Problem
from scout.paths import max_spec_bytes


def not_a_file(mode: int) -> str | None:
    """What a path of this mode is when it is not a regular file ("a folder", ...), or
    None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    for test, what in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device")):
        if test(mode):
            return what
    return "not a regular file"


def read_spec_text(path: str | Path) -> tuple[str | None, list[Problem]]:
    """The text of a spec file, or the problem that stops it being read: never blocks
    (a FIFO is refused before it is opened), never reads more than the size limit."""
    p = Path(path)
    where = Location(str(p))
    try:
        st = p.stat()
    except OSError as exc:
        return None, [Problem("SPEC060", f"cannot read file: {exc.strerror or exc}", where)]
    what = not_a_file(st.st_mode)
    if what is not None:
        hint = ("pass the .yaml files inside it (scout validate accepts folders)"
                if what == "a folder" else "pass a .yaml file")
        return None, [Problem("SPEC073", f"{p} is {what}, not a spec file", where, hint=hint)]
    limit = max_spec_bytes()
    if st.st_size > limit:
        return None, [_too_large(st.st_size, limit, where)]
    try:
        # O_NONBLOCK: if the path was swapped for a FIFO after the check, do not hang
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                return None, [Problem("SPEC073", f"{p} is not a regular file", where)]
            raw = f.read(limit + 1)
    except OSError as exc:
        return None, [Problem("SPEC060", f"cannot read file: {exc.strerror or exc}", where)]
    if len(raw) > limit:
        return None, [_too_large(len(raw), limit, where)]
    try:
        return raw.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        return None, [Problem("SPEC001", "file is not UTF-8 text (an invalid byte here)",
                              Location.of_byte(str(p), raw, exc.start),
                              hint="save the file as UTF-8")]


def _too_large(size: int, limit: int, where: Location) -> Problem:
    return Problem("SPEC072", f"the file is {size:,} bytes, over the {limit:,}-byte limit "
                   "for a spec", where,
                   hint="a spec is never that big; check it is the file you meant, or raise "
                        "SCOUTE_MAX_SPEC_BYTES")
