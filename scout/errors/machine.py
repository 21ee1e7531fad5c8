"""The machine's refusals mapped into the tree: a full disk or read-only folder
(:class:`StorageError`), a path the operating system cannot use (:class:`PathUnusable`),
found in an exception or its causes by :func:`machine_error` so the top-level catch never
reports them as a bug in scout."""

from __future__ import annotations

import errno

from scout.errors.base import EXIT_PROVIDER, ScoutError
from scout.errors.usage import UsageError


class StorageError(ScoutError):
    """The machine refused a write scout needs (disk full, read-only or not permitted).

    Exit 3, like a configuration problem: the user fixes the environment (free space,
    ``SCOUTE_RUNS_DIR``) and re-applies; the run resumes from its last durable state.
    """

    code = "RUN021"
    exit_code = EXIT_PROVIDER


#: errno → (code, what happened, hint) for :func:`storage_error`.
_STORAGE_ERRNO = {
    "ENOSPC": ("RUN021", "the disk is full", "free some space (or point SCOUTE_RUNS_DIR at "
               "a bigger disk) and re-apply: the run resumes where it stopped"),
    "EDQUOT": ("RUN021", "the disk quota is exceeded", "free some space and re-apply"),
    "EROFS": ("RUN022", "the file system is read-only", "point SCOUTE_RUNS_DIR (or "
              "SCOUTE_RESEARCH_ROOT) at a writable folder"),
    "EACCES": ("RUN022", "permission denied", "make the folder writable for this user, or "
               "point SCOUTE_RUNS_DIR at one that is"),
    "EPERM": ("RUN022", "operation not permitted", "make the folder writable for this user"),
    "EISDIR": ("RUN023", "a folder stands where a file is expected", "remove or rename the "
               "folder; scout writes a file there"),
    "ENOTDIR": ("RUN023", "a file stands where a folder is expected", "remove or rename "
                "the file"),
}


class NotRegularFile(OSError):
    """What stands at the path of a file scout writes and reads back (a run's state log,
    snapshot, artifacts, the journal) is no regular file of its own: a symbolic link (it
    never writes one; an append or truncate through it changed a file outside the
    folder), a FIFO (a read waited for a writer forever), a device (``/dev/zero`` read
    without end). Raised by scout.fsutil's openers; readers treat it as a damaged file,
    writers report it as RUN023."""

    def __init__(self, path: str, what: str,
                 expected: str = "a regular file scout wrote") -> None:
        super().__init__(errno.EINVAL, f"is {what}, not {expected}", path)


def storage_error(exc: OSError, what: str) -> ScoutError | None:
    """Map an ``OSError`` the machine raised while scout did ``what`` (``'cannot write
    the run state'``) to a :class:`StorageError`; ``None`` for errors that are not the
    machine's (a bug stays a bug)."""
    import errno as _errno

    if isinstance(exc, NotRegularFile):
        return StorageError(f"{what} ({exc.filename}): {exc.strerror}", code="RUN023",
                            hint="remove it (or move it away) and apply again: scout "
                                 "makes its own there")
    name = _errno.errorcode.get(exc.errno or 0, "")
    if name not in _STORAGE_ERRNO:
        return None
    code, reason, hint = _STORAGE_ERRNO[name]
    # os.replace(tmp, target) names the target second: that is the path the user knows
    path = getattr(exc, "filename2", None) or exc.filename
    where = f" ({path})" if path else ""
    return StorageError(f"{what}{where}: {reason}", hint=hint, code=code)


class PathUnusable(UsageError):
    """A path the operating system refuses as a path: a name longer than it allows
    (ENAMETOOLONG) or symbolic links that loop (ELOOP). Exit 2: the command line (or a
    tool's argument) names something that cannot exist; another path is the fix."""

    code = "USE004"


#: errno → (what is wrong with the path, hint) for :func:`path_error`.
_PATH_ERRNO = {
    "ENAMETOOLONG": ("the name is longer than this system allows",
                     "give a shorter path (each part of it at most 255 bytes)"),
    "ELOOP": ("its symbolic links loop", "fix or remove the symbolic link"),
}


def _clip_path(path: object, limit: int = 160) -> str:
    text = str(path)
    return text if len(text) <= limit else f"{text[:limit // 2]}...{text[-limit // 4:]} " \
        f"({len(text)} characters)"


def path_error(exc: BaseException) -> ScoutError | None:
    """:class:`PathUnusable` for an ``OSError`` that says the path itself cannot be used
    (or Python 3.11's ``RuntimeError('Symlink loop from ...')`` of ``Path.resolve``);
    ``None`` otherwise. The path in the message is clipped: it may be 100 KB long."""
    import errno as _errno

    if isinstance(exc, RuntimeError) and str(exc).startswith("Symlink loop from "):
        where = str(exc)[len("Symlink loop from "):]
        reason, hint = _PATH_ERRNO["ELOOP"]
        return PathUnusable(f"cannot use {_clip_path(where)}: {reason}", hint=hint)
    if not isinstance(exc, OSError):
        return None
    name = _errno.errorcode.get(exc.errno or 0, "")
    if name not in _PATH_ERRNO:
        return None
    reason, hint = _PATH_ERRNO[name]
    where = f" {_clip_path(exc.filename)}" if exc.filename else " a path"
    return PathUnusable(f"cannot use{where}: {reason}", hint=hint)


def machine_error(exc: BaseException) -> ScoutError | None:
    """The :class:`StorageError` hidden in ``exc`` or its causes (an ``OSError`` for a
    full disk or a read-only folder, possibly wrapped), or the :class:`PathUnusable`
    (a name too long, a symlink loop), or ``None``: the top-level catch uses it so the
    machine's refusal is never reported as a bug in scout."""
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen:
        seen.add(id(cur))
        if isinstance(cur, StorageError):
            return cur
        if isinstance(cur, OSError):
            mapped = storage_error(cur, "cannot use a file")
            if mapped is not None:
                return mapped
        mapped = path_error(cur)  # a 100 KB name or a symlink loop: the path, not a bug
        if mapped is not None:
            return mapped
        cur = cur.__cause__ or cur.__context__
    return None
