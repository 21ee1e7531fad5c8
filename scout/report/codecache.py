"""Compiled report templates kept on disk between processes, like Python's ``.pyc`` files.

The CLI runs one mission a process, and compiling a kind's report templates (the shared
sections and the kind's own: ~0.3 s of CPU, a seventh of a whole ``scout apply``) was
paid again by every process (benchmarks/README.md, missionspeed3).
:class:`scout.report.render._CompiledTemplates` keeps a process's compiled code in
memory; this is the layer under it: one file a template and language in scout's cache
folder (:func:`scout.spec.factcache.cache_dir`, beside validate's template facts, turned
off with it), named by the SHA-256 of scout's version, Python's, the stamps of jinja2's
and of the modules whose settings shape the code, the language and the template's name.
Jinja checks the source's checksum when it loads the code: an edited template is
compiled again and its file replaced.

What is read back is only a cache: a file that is not Jinja's code for this source is a
miss (compiled again, rewritten), and a folder that cannot be written is not tried again
by this process. The file is code, as a ``.pyc`` is: trusted as the user's own cache
folder is (validate's entries, pip's and Python's caches live in the same places).
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from scout.fsutil import write_atomic
from scout.spec.factcache import FactStore, cache_dir, module_file

FOLDER = "report-code"
#: bigger than any compiled template (the shared sections' ~12 KB source compiles to
#: ~0.2 MB): a bigger file is not ours and is not read whole
MAX_BYTES = 16 * 1024 * 1024

#: names the files (its key: scout's version and the stamps of what shapes the code);
#: nothing is kept in it
_NAMES = FactStore(FOLDER, lambda: (
    __file__, module_file("jinja2"), module_file("jinja2.compiler"),
    module_file("scout.report.render"), module_file("scout.report.asvalue"),
    module_file("scout.spec.templating"), module_file("scout.spec.sandbox")))
_unwritable: set[Path] = set()  # cache folders a write failed in
_lock = threading.Lock()


def _path(root: Path, lang: str, key: str) -> Path:
    return root / FOLDER / (_NAMES.key(f"{sys.version}\0{lang}\0{key}") + ".jbc")


def read(lang: str, key: str) -> bytes | None:
    """The code kept for template ``key`` (Jinja's bucket key) in ``lang``, or None."""
    root = cache_dir()
    if root is None:
        return None
    try:
        with open(_path(root, lang, key), "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError:
        return None  # absent or unreadable: a miss
    return data if len(data) <= MAX_BYTES else None


def write(lang: str, key: str, data: bytes) -> None:
    """Keep ``data`` (Jinja's bytecode of the template) for the next process; never
    raises for the disk."""
    root = cache_dir()
    if root is None or len(data) > MAX_BYTES:  # one read would refuse
        return
    with _lock:
        if root in _unwritable:
            return
    try:
        write_atomic(_path(root, lang, key), data, fsync=False)
    except OSError:
        with _lock:
            _unwritable.add(root)  # read-only home, full disk: stop trying
