"""Crash-safe file writes: temp file in the same folder, fsync, atomic rename.

The one implementation every store uses (artifacts and snapshots, recordings, the token
pool state, reports): readers see the old file or the new one, never half of either.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path


def fsync_dir(path: str | Path) -> None:
    """Make a rename in ``path`` durable (best effort: some filesystems refuse)."""
    try:
        fd = os.open(str(path), os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: str | Path, data: str | bytes, *, fsync: bool = True,
                 mode: int = 0o644) -> None:
    """Replace ``path`` with ``data`` atomically.

    With ``fsync`` the data and the folder entry are on disk when this returns; without
    it the caller sees to durability (the orchestrator's syncer does for artifacts).
    """
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    # pid + thread in the name: concurrent writers never share a temp file
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    try:
        try:
            view = memoryview(raw)
            while view:
                view = view[os.write(fd, view):]
            if fsync:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if fsync:
        fsync_dir(path.parent)
