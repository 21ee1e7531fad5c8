"""A persistent, content-addressed cache of facts derived from source text (like .pyc).

``scout validate`` runs in pre-commit on every commit, and most of its time went into
parsing the same report templates again (issue 15 §9, benchmarks/cli.py). What the checks
read from a template (its :class:`~scout.validate.templates.TemplateFacts`) depends only
on the template's text and on the code that derives them, so they are kept on disk under
a key that names both:

    sha256(FORMAT, scout's version, the stamp (path, mtime, size) of every module the
           facts are derived by, jinja2's included, the namespace, the text)

An edited template, another scout or jinja2, or an edited extraction module is a new key,
never a stale answer. Entries live in ``$SCOUTE_TEMPLATE_CACHE_DIR``, else
``$XDG_CACHE_HOME/scout``, else ``~/.cache/scout``; ``SCOUTE_NO_TEMPLATE_CACHE=1`` turns the cache
off (nothing is read or written). Deleting the folder is always safe.

Each namespace keeps its entries in one file, ``<namespace>/entries.json`` (key -> facts),
read once per process: a cold run makes tens of entries (every ``with:`` string), and a
file for each cost more than parsing them on this project's machines (a new inode per
entry; benchmarks/README.md, cli.py). New entries are kept in memory and written by
:func:`flush` (at the end of ``validate_paths``, and at exit): the file on disk is read
again, merged with them and replaced atomically; the least recently written entries
beyond :data:`MAX_ENTRIES` or :data:`MAX_PACK_BYTES` are dropped. Two processes flushing
at once may lose one's new entries: a later miss, never a wrong answer.

What is read back is untrusted: a file that is not JSON, is too big or has another shape
is empty, and an entry whose facts do not have the expected shape (``decode`` raises) is
a miss, which the fresh facts overwrite. Writes are atomic (scout.fsutil) and not
fsynced: a torn file after a crash is only a miss. A cache that cannot be written never
fails or slows validation: the first failed write in a folder turns writing there off
for the rest of the process.
"""

from __future__ import annotations

import atexit
import hashlib
import importlib.util
import json
import os
import threading
import weakref
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from scout import __version__
from scout.fsutil import write_atomic

#: bumped when the layout of an entry changes (2: one file of entries per namespace)
FORMAT = 2
#: a file of entries bigger than this is not ours: it is empty, not read whole (the facts
#: of a 12 KB template are ~2 KB, of a ``with:`` string ~0.2 KB)
MAX_ENTRY_BYTES = 4 * 1024 * 1024
MAX_PACK_BYTES = MAX_ENTRY_BYTES
#: entries kept per namespace; the least recently written go first
MAX_ENTRIES = 8192
PACK_NAME = "entries.json"
CACHE_ENV = "SCOUTE_TEMPLATE_CACHE_DIR"
OFF_ENV = "SCOUTE_NO_TEMPLATE_CACHE"

T = TypeVar("T")


def cache_dir() -> Path | None:
    """Where scout keeps its caches, or None when they are turned off."""
    if os.environ.get(OFF_ENV, "").strip().lower() not in ("", "0", "false", "no"):
        return None
    explicit = os.environ.get(CACHE_ENV)
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    # the XDG spec: a relative value is invalid and is ignored
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache"
    return base / "scout"


def _stat_stamp(path: str | None) -> str:
    if not path:
        return "?"
    try:
        st = os.stat(path)
    except OSError:
        return f"{path}:missing"
    return f"{path}:{st.st_mtime_ns}:{st.st_size}"


def module_file(name: str) -> str | None:
    """The source file of module ``name``, found without importing it."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    return spec.origin if spec is not None else None


class FactStore:
    """The cached facts of one kind (``namespace``), derived by the code in ``depends``
    (source files, whose stamps are part of every key)."""

    def __init__(self, namespace: str, depends: Callable[[], Iterable[str | None]]) -> None:
        self.namespace = namespace
        self._depends = depends
        self._stamp: str | None = None
        self._unwritable: set[Path] = set()  # cache folders a write failed in
        self._lock = threading.Lock()
        self._read_from: dict[Path, dict[str, Any]] = {}  # cache folder -> entries read
        self._pending: dict[Path, dict[str, Any]] = {}  # cache folder -> entries to write

    def _prefix(self) -> str:
        if self._stamp is None:
            parts = [f"format={FORMAT}", f"scout={__version__}", f"ns={self.namespace}",
                     *(_stat_stamp(p) for p in self._depends())]
            self._stamp = "\0".join(parts)
        return self._stamp

    def key(self, source: str) -> str:
        h = hashlib.sha256(self._prefix().encode("utf-8"))
        h.update(b"\0")
        h.update(source.encode("utf-8", "surrogatepass"))
        return h.hexdigest()

    def _path(self, root: Path) -> Path:
        return root / self.namespace / PACK_NAME

    def _read(self, root: Path) -> dict[str, Any]:
        """The entries on disk (untrusted: anything but our shape is none)."""
        try:
            with open(self._path(root), "rb") as f:
                raw = f.read(MAX_PACK_BYTES + 1)
            if len(raw) > MAX_PACK_BYTES:
                return {}
            doc = json.loads(raw)
        except (OSError, ValueError, RecursionError):
            return {}  # absent, unreadable or not JSON
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            return {}
        entries = doc.get("entries")
        return entries if isinstance(entries, dict) else {}

    def _entries(self, root: Path) -> dict[str, Any]:
        with self._lock:
            entries = self._read_from.get(root)
        if entries is None:
            entries = self._read(root)
            with self._lock:
                entries = self._read_from.setdefault(root, entries)
        return entries

    def load(self, key: str, decode: Callable[[Any], T]) -> T | None:
        """The facts stored under ``key``, or None (no cache, no entry, or an entry that
        is not one of ours: ``decode`` raised)."""
        root = cache_dir()
        if root is None:
            return None
        with self._lock:
            pending = self._pending.get(root, {})
            if key in pending:
                raw = pending[key]
            else:
                raw = None
        if raw is None:
            raw = self._entries(root).get(key)
        if raw is None:
            return None
        try:
            return decode(raw)
        except (ValueError, TypeError, KeyError, IndexError, RecursionError):
            return None  # another shape: a miss

    def save(self, key: str, facts: Any) -> None:
        """Keep ``facts`` (JSON data) under ``key``, written by :func:`flush`."""
        root = cache_dir()
        if root is None:
            return
        with self._lock:
            if root in self._unwritable:
                return
            self._pending.setdefault(root, {})[key] = facts
        _STORES.add(self)
        _register_exit_flush()

    def flush(self) -> None:
        """Write the entries saved since the last flush (merged into the file on disk);
        forget what was read, so the next load reads the file again. Never raises for
        the disk."""
        with self._lock:
            pending, self._pending = self._pending, {}
            self._read_from = {}
        for root, new in pending.items():
            if not new or root in self._unwritable:
                continue
            merged = {k: v for k, v in self._read(root).items() if k not in new}
            merged.update(new)  # the newest last: the first to go are the oldest
            try:
                write_atomic(self._path(root), _render(merged), fsync=False)
            except OSError:
                with self._lock:
                    self._unwritable.add(root)  # read-only home, full disk: stop trying


def _render(entries: dict[str, Any]) -> str:
    """The file of ``entries``, the oldest dropped to stay within the limits."""
    parts = [f"{json.dumps(k)}:{json.dumps(v, separators=(',', ':'))}"
             for k, v in entries.items()]
    parts = parts[-MAX_ENTRIES:]
    size = sum(len(p) + 1 for p in parts)
    drop = 0
    while size > MAX_PACK_BYTES - 64 and drop < len(parts):
        size -= len(parts[drop]) + 1
        drop += 1
    # one entry a line: a torn or hand-edited file is easy to read
    return f'{{"format":{FORMAT},"entries":{{\n' + ",\n".join(parts[drop:]) + "\n}}\n"


#: every store with entries saved in this process (flush writes them)
_STORES: weakref.WeakSet[FactStore] = weakref.WeakSet()
_exit_flush = threading.Lock()
_exit_registered = False


def _register_exit_flush() -> None:
    global _exit_registered
    with _exit_flush:
        if not _exit_registered:
            _exit_registered = True
            atexit.register(flush)


def flush() -> None:
    """Write every store's new entries (``validate_paths`` calls this when it is done;
    at exit too, for the other commands that validate)."""
    for store in list(_STORES):
        store.flush()
