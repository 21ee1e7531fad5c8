"""What the HTTP API may read from disk: only regular files inside the runs dir.

A run dir is written by scout, but anyone who can write to it (a shared runs dir, a
copied-in mission) can plant ``report.html -> /etc/passwd`` or a FIFO that blocks a
reader forever. Every path the API reads is resolved (symlinks followed) and must stay
inside the runs dir, and the file opened must be a regular file (checked on the open
descriptor, so swapping it between the check and the read does not help).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from scout.errors import NotServed

#: the largest file the API sends (a report is a few hundred kB)
MAX_SERVED_BYTES = 32 * 1024 * 1024


def inside(path: Path, base: Path) -> Path:
    """``path`` resolved; NotServed when that leaves ``base`` (resolved too)."""
    real = path.resolve()
    root = base.resolve()
    if real != root and not real.is_relative_to(root):
        raise NotServed(f"{path.name}: not served (it leads outside the runs dir)",
                        hint="a symlink in a run dir points elsewhere; remove it and "
                        "apply the mission again to rewrite the file")
    return real


def read_served(path: Path, base: Path) -> str:
    """The text of ``path`` when it is a regular file inside ``base``."""
    real = inside(path, base)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(real, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotServed(f"{path.name}: not served (not a regular file)",
                            hint="remove it and apply the mission again")
        if info.st_size > MAX_SERVED_BYTES:
            raise NotServed(f"{path.name}: not served (larger than "
                            f"{MAX_SERVED_BYTES // (1024 * 1024)} MB)")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_SERVED_BYTES + 1)
    finally:
        os.close(fd)
    return data.decode("utf-8", "replace")
