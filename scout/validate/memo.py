"""A per-process memo of valid pipelines: a batch's missions validate their pipeline once.

Every ``scout.api.apply`` loads and validates its pipeline and config (the YAML parsed
three times, the config checked, the report templates analysed): about a quarter of a
small mission's CPU, the same work for each of a batch's thousand missions on a worker
process. :func:`load_valid_pipeline` here returns the same ``(LoadedSpec, Config)`` as
:func:`scout.validate.load_valid_pipeline` and reuses it while nothing it was made from
has changed:

- the pipeline file and the config file found for it, byte for byte (both are read
  again at each call; they are small);
- the templates folders that the report checks read (every file's name, size and
  modification time: the templates may include one another);
- which config is found (``--config``, ``SCOUTE_CONFIG``, the research root), the
  spec size limit (``SCOUTE_MAX_SPEC_BYTES``), and the step kinds registered (a kind
  replaced by ``register_phase_handler`` checks phases' parameters differently).

Only valid results are kept (an invalid file raises each time, with its problems). The
models are frozen pydantic models, shared read-only by every mission of the process;
nothing of a mission's own (request, state, providers) is kept here. Thread-safe: one
lock around the table (a miss validates outside it; two threads missing at once both
validate, and the later result is kept).
"""

from __future__ import annotations

import os
import stat
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from scout.config.loader import find_config
from scout.config.models import Config
from scout.spec.loader import LoadedSpec

#: pipelines kept per process (a batch uses one; a folder of missions a few)
MAX_ENTRIES = 32

_lock = threading.Lock()
_memo: OrderedDict[tuple[Any, ...], tuple[tuple[Any, ...], LoadedSpec, Config]] = OrderedDict()


def _read(path: Path | None) -> bytes | None:
    """The bytes of a spec or config file as its loader may read them: none for what is
    not a regular file (``--config /dev/zero`` read here without end, until the machine
    ran out of memory) and at most the spec size limit plus one byte (past it the loader
    refuses the file anyway)."""
    if path is None:
        return None
    from scout.paths import max_spec_bytes

    try:
        # O_NONBLOCK: opening a FIFO (``--config fifo``) would otherwise wait for a writer
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                return None
            return f.read(max(max_spec_bytes(), 0) + 1)
    except OSError:
        return None


def _folder_stamp(folder: Path) -> tuple[Any, ...]:
    """Every file under ``folder``: relative name, size, modification time (ns)."""
    out: list[tuple[str, int, int]] = []
    stack = [folder]
    seen: set[tuple[int, int]] = set()  # folders by (device, inode): a symlink back up
    while stack:                          # (templates/a -> .) is walked once, not forever
        here = stack.pop()
        try:
            st_here = here.stat()
            if (st_here.st_dev, st_here.st_ino) in seen:
                continue
            seen.add((st_here.st_dev, st_here.st_ino))
            entries = list(os.scandir(here))
        except OSError:
            continue
        for e in entries:
            try:
                if e.is_dir(follow_symlinks=True):
                    stack.append(Path(e.path))
                    continue
                st = e.stat()
            except OSError:
                continue
            out.append((os.path.relpath(e.path, folder), st.st_size, st.st_mtime_ns))
    return tuple(sorted(out))


def _kinds_stamp() -> tuple[Any, ...]:
    from scout.stepkit.registry import STEP_KINDS

    return tuple(sorted((name, id(kind)) for name, kind in STEP_KINDS.items()))


def _stamp(path: Path, config_path: Path | None) -> tuple[Any, ...]:
    from scout.paths import BUILTIN_TEMPLATES, project_root

    # the templates folder the report checks use: the config's project's, else the
    # pipeline's (scout.validate.templates.templates_dir)
    templates = (project_root(config_path) if config_path is not None
                 else path.resolve().parent.parent) / "templates"
    # and the message catalogs SPEC058/059 read: the kind's own (its pipeline's project's),
    # and those beside those templates (scout.validate.catalogs)
    from scout.validate.catalogs import kind_locales

    return (_read(path), str(config_path), _read(config_path), _folder_stamp(templates),
            _folder_stamp(templates.parent / "locales"),
            _folder_stamp(kind_locales(path, templates)),
            _folder_stamp(BUILTIN_TEMPLATES), _kinds_stamp(),
            os.environ.get("SCOUTE_MAX_SPEC_BYTES", ""))


def _key(p: Path, config: str | Path | None) -> tuple[Any, ...]:
    return (str(p.resolve()), str(config) if config is not None else None, os.getcwd())


def cached(path: str | Path, *, config: str | Path | None = None
           ) -> tuple[LoadedSpec, Config] | None:
    """The kept result for ``path`` when nothing it was made from changed, else None."""
    p = Path(path)
    key = _key(p, config)
    with _lock:
        if key not in _memo:
            return None
    return _kept(key, _stamp(p, find_config(config, p)))


def _kept(key: tuple[Any, ...], stamp: tuple[Any, ...]) -> tuple[LoadedSpec, Config] | None:
    """The result kept under ``key`` when it was made from ``stamp``, else None."""
    with _lock:
        hit = _memo.get(key)
        if hit is not None and hit[0] == stamp:
            _memo.move_to_end(key)
            return hit[1], hit[2]
    return None


def load_valid_pipeline(path: str | Path, *, config: str | Path | None = None
                        ) -> tuple[LoadedSpec, Config]:
    """``scout.validate.load_valid_pipeline(path, config=config)``, reused while the files
    it read are unchanged (see the module's docstring); raises ``SpecInvalid`` likewise."""
    from scout.validate import load_valid_pipeline as load

    p = Path(path)
    key = _key(p, config)
    stamp = _stamp(p, find_config(config, p))
    kept = _kept(key, stamp)
    if kept is not None:
        return kept
    spec, cfg = load(p, config=config)
    # stamped as read before validating: a file edited meanwhile is validated again next
    # time rather than kept with the older stamp's result
    with _lock:
        _memo[key] = (stamp, spec, cfg)
        _memo.move_to_end(key)
        while len(_memo) > MAX_ENTRIES:
            _memo.popitem(last=False)
    return spec, cfg


def clear() -> None:
    """Forget every pipeline (tests)."""
    with _lock:
        _memo.clear()
