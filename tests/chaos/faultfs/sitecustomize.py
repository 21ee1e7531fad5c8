"""A fault-injecting file layer for the disk-full chaos test, used where a size-limited
file system cannot be mounted (no root, no tmpfs): once ``SCOUT_FAULT_ENOSPC_AFTER``
bytes have been written to files under ``SCOUT_FAULT_DIR``, ``os.write`` writes part of
what it was given (a short write, as a full disk does) and then raises ENOSPC, as do
buffered writes. Loaded by putting this folder first on PYTHONPATH."""

from __future__ import annotations

import errno
import os

_DIR = os.environ.get("SCOUT_FAULT_DIR")
_LEFT = [int(os.environ.get("SCOUT_FAULT_ENOSPC_AFTER", "-1"))]

if _DIR and _LEFT[0] >= 0:
    _real_write = os.write
    _root = os.path.realpath(_DIR)

    def _target(fd: int) -> bool:
        try:
            return os.readlink(f"/proc/self/fd/{fd}").startswith(_root)
        except OSError:
            return False

    def write(fd: int, data, /):  # type: ignore[no-untyped-def]
        if not _target(fd):
            return _real_write(fd, data)
        view = memoryview(data)
        if _LEFT[0] <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        if len(view) > _LEFT[0]:
            n = _real_write(fd, view[: _LEFT[0]])  # the short write a full disk makes
            _LEFT[0] = 0
            return n
        n = _real_write(fd, view)
        _LEFT[0] -= n
        return n

    os.write = write  # type: ignore[assignment]
