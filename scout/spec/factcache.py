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

What is read back is untrusted: a file that is not JSON, is too big, names another key, or
whose facts do not have the expected shape (``decode`` raises) is a miss, and the fresh facts
overwrite it. Writes are atomic (scout.fsutil) and not fsynced: a torn entry after a crash
is only a miss. A cache that cannot be written never fails or slows validation: the first
failed write in a folder turns writing there off for the rest of the process.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from scout import __version__
from scout.fsutil import write_atomic

#: bumped when the layout of an entry changes
FORMAT = 1
#: an entry bigger than this is not ours (the facts of a 12 KB template are ~2 KB): it is
#: a miss, not read whole
MAX_ENTRY_BYTES = 4 * 1024 * 1024
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

    def _path(self, root: Path, key: str) -> Path:
        # one folder per namespace, no fan-out by key prefix: a cold run writes tens of
        # entries, and a new folder for each cost more than the entry itself
        return root / self.namespace / f"{key}.json"

    def load(self, key: str, decode: Callable[[Any], T]) -> T | None:
        """The facts stored under ``key``, or None (no cache, no entry, or an entry that
        is not one of ours: ``decode`` raised)."""
        root = cache_dir()
        if root is None:
            return None
        try:
            with open(self._path(root, key), "rb") as f:
                raw = f.read(MAX_ENTRY_BYTES + 1)
            if len(raw) > MAX_ENTRY_BYTES:
                return None
            doc = json.loads(raw)
            if not isinstance(doc, dict) or doc.get("key") != key or "facts" not in doc:
                return None
            return decode(doc["facts"])
        except (OSError, ValueError, TypeError, KeyError, IndexError, RecursionError):
            return None  # absent, unreadable, not JSON, or another shape: a miss

    def save(self, key: str, facts: Any) -> None:
        """Store ``facts`` (JSON data) under ``key``; never raises for the disk."""
        root = cache_dir()
        if root is None or root in self._unwritable:
            return
        data = json.dumps({"key": key, "facts": facts}, separators=(",", ":"))
        try:
            write_atomic(self._path(root, key), data, fsync=False)
        except OSError:
            with self._lock:
                self._unwritable.add(root)  # read-only home, full disk: stop trying
