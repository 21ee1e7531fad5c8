"""What each run dir says about its mission, read once and kept while its files stay the
same: the runs listing's cache (``scout runs``, ``GET /api/missions``, the dashboard, MCP's
``runs``).

A lab's night of thousands of missions made every listing fold every mission's state
(snapshot + log tail, megabytes for a big fan-out killed before its first snapshot),
though only the running ones change. The cache, ``<runs dir>/.runs-index.json``, holds per
run dir the fields a row is made of (:func:`read_entry`) and the *signature* of the files
they were read from: size, modification time (ns) and inode of ``phase.json``,
``state.log.jsonl`` and ``task.json``. An entry is used only while all three signatures
are unchanged (a run that writes, a file replaced or edited, changes them), so it is
never trusted blindly; liveness (is the apply that says ``running`` still alive?) is
never cached but judged at each listing (:mod:`scout.audit.runs`).

It is a cache: a file that is missing, damaged, of another format or unwritable (a
read-only runs dir) costs a re-read of every mission, never a wrong row; deleting it is
always safe. Several processes may write it: each writes it whole (atomically) and the
last one wins, every entry checked again by the next reader.

A run dir that cannot be read, or whose state is damaged (a folder where the log should
be, a snapshot that is not JSON, fields of the wrong types), still gets an entry: what
could be read, and its ``problem`` in words, so one damaged mission is listed with its
problem and never hides the others.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from scout.errors import ScoutError
from scout.fsutil import loads_stored, read_stored, write_atomic
from scout.orchestrator.lockinfo import apply_alive
from scout.orchestrator.state import MALFORMED, MissionState
from scout.orchestrator.state_store import LOG_NAME, SNAPSHOT_NAME, load_state

INDEX_NAME = ".runs-index.json"
#: bumped when an entry's fields change: another format is read as no cache at all
FORMAT = 1
_FILES = (SNAPSHOT_NAME, LOG_NAME, "task.json")
#: what a row says when a mission's state could not be read at all
UNREADABLE = "unreadable"


def signature(run_dir: Path) -> list[Any]:
    """Size, mtime (ns) and inode of each file an entry is read from (None: missing)."""
    sig: list[Any] = []
    base = os.fspath(run_dir) + os.sep  # plain strings: a night is thousands of these
    for name in _FILES:
        try:
            st = os.stat(base + name)
        except OSError:
            sig.append(None)
        else:
            sig.append([st.st_size, st.st_mtime_ns, st.st_ino])
    return sig


def _text(value: Any, name: str, problems: list[str]) -> str | None:
    if value is None or isinstance(value, str):
        return value
    problems.append(f"its {name} is not text ({type(value).__name__})")
    return None


def _pipeline_of_task(run_dir: Path) -> str | None:
    try:
        doc = loads_stored(read_stored(run_dir / "task.json"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    value = doc.get("pipeline") if isinstance(doc, dict) else None
    return value if isinstance(value, str) else None


def _said(exc: BaseException) -> str:
    if isinstance(exc, ScoutError):
        return exc.message
    if isinstance(exc, OSError):
        return f"{exc.strerror or type(exc).__name__}" + (
            f": {Path(exc.filename).name}" if exc.filename else "")
    return type(exc).__name__


def read_entry(run_dir: Path) -> dict[str, Any]:
    """The fields of one mission's row as its files say them, and ``problem`` (None when
    there is none): the state folded from its snapshot and log, each field checked for
    its type (an outside edit can put anything there)."""
    problems: list[str] = []
    skipped = [0]
    try:
        state = load_state(run_dir, skipped)
    except (OSError, ValueError, ScoutError, *MALFORMED) as exc:
        return {"mission_id": run_dir.name, "pipeline_path": _pipeline_of_task(run_dir),
                "status": UNREADABLE, "pid": None, "runs": 0, "started_at": None,
                "finished_at": None, "exit_code": None, "reason": None, "stop_code": None,
                "phases": {}, "problem": f"its state cannot be read ({_said(exc)})"}
    snap = run_dir / SNAPSHOT_NAME
    if snap.exists() and not _snapshot_ok(snap):
        problems.append(f"{SNAPSHOT_NAME} is damaged (the state was read from its log)")
    if state.seq == 0 and not state.phases and _size(run_dir / LOG_NAME):
        problems.append("its state log holds no record scout can read")
    elif skipped[0]:
        problems.append(f"{skipped[0]} record(s) of its state log are malformed "
                        "(skipped, as every reader skips them)")
    return entry_of(run_dir, state, problems)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _snapshot_ok(path: Path) -> bool:
    try:
        doc = loads_stored(read_stored(path))
    except (OSError, ValueError):
        return False
    return isinstance(doc, dict) and isinstance(doc.get("state"), dict)


def entry_of(run_dir: Path, state: MissionState, problems: list[str]) -> dict[str, Any]:
    """The entry of a state read from ``run_dir``: each field of the type a row holds
    (one of another type is left out and named in ``problem``, with ``problems``)."""
    counts: dict[str, int] = {}
    for st in state.phases.values():
        status = st.status if isinstance(st.status, str) else "unknown"
        counts[status] = counts.get(status, 0) + 1
    mission_id = _text(state.mission_id, "mission id", problems) or run_dir.name
    pipeline = _text(state.pipeline, "pipeline", problems) or _pipeline_of_task(run_dir)
    status = _text(state.status, "status", problems) or UNREADABLE
    exit_code = state.exit_code
    if exit_code is not None and (isinstance(exit_code, bool) or not isinstance(exit_code, int)):
        problems.append(f"its exit code is not a number ({exit_code!r:.40})")
        exit_code = None
    pid = state.pid if isinstance(state.pid, int) and not isinstance(state.pid, bool) else None
    runs = state.runs if isinstance(state.runs, int) else 0
    return {"mission_id": mission_id, "pipeline_path": pipeline, "status": status,
            "pid": pid, "runs": runs,
            "started_at": _text(state.started_at, "start", problems),
            "finished_at": _text(state.finished_at, "end", problems),
            "exit_code": exit_code, "reason": _text(state.reason, "reason", problems),
            "stop_code": _text(state.stop_code, "stop code", problems), "phases": counts,
            "problem": "; ".join(problems) or None}


_OPT_TEXT = (str, type(None))
_OPT_INT = (int, type(None))
#: an entry's fields and their types: a cached entry of any other shape (an older scout,
#: an edit) is read again from its run dir
_FIELDS: dict[str, tuple[type, ...]] = {
    "mission_id": (str,), "pipeline_path": _OPT_TEXT, "status": (str,), "pid": _OPT_INT,
    "runs": (int,), "started_at": _OPT_TEXT, "finished_at": _OPT_TEXT,
    "exit_code": _OPT_INT, "reason": _OPT_TEXT, "stop_code": _OPT_TEXT, "phases": (dict,),
    "problem": _OPT_TEXT, "changed_ns": (int,)}


def _well_formed(row: Any) -> bool:
    if not isinstance(row, dict) or row.keys() != _FIELDS.keys():
        return False
    for key, kinds in _FIELDS.items():
        value = row[key]
        if value.__class__ not in kinds:  # exact types: JSON gives no subclasses
            return False
    return all(n.__class__ is int for n in row["phases"].values())


class RunsIndex:
    """The cache of one runs dir: :meth:`entry` per run dir, :meth:`save` at the end."""

    def __init__(self, runs_dir: Path, *, use: bool = True) -> None:
        self.path = runs_dir / INDEX_NAME
        self.use = use
        self._old: dict[str, Any] = self._load() if use else {}
        self._new: dict[str, Any] = {}
        self.read = 0  # run dirs read again (not in the cache, or changed)
        self._running = 0  # of them, those a live apply runs (their files change anyway)

    def _load(self) -> dict[str, Any]:
        try:
            doc = loads_stored(read_stored(self.path))
        except (OSError, ValueError):
            return {}
        if not isinstance(doc, dict) or doc.get("format") != FORMAT \
                or not isinstance(doc.get("runs"), dict):
            return {}
        return doc["runs"]

    def entry(self, run_dir: Path) -> dict[str, Any] | None:
        """The run dir's entry: the cached one while its files' signatures hold, else
        read again (:func:`read_entry`); None when it holds neither ``phase.json`` nor
        ``state.log.jsonl`` (not a run dir)."""
        sig = signature(run_dir)
        if sig[0] is None and sig[1] is None:
            return None
        old = self._old.get(run_dir.name)
        if isinstance(old, dict) and old.get("sig") == sig and _well_formed(old.get("row")):
            self._new[run_dir.name] = old
            return dict(old["row"])
        row = read_entry(run_dir)
        # a live apply's files change while it runs: saving its entry each listing (the
        # dashboard asks every second) would rewrite the whole cache for nothing
        self._running += row["status"] == "running" and apply_alive(run_dir)
        # when its files last changed: where a mission whose state says no start sorts
        row["changed_ns"] = max(s[1] for s in sig if s)
        self.read += 1
        # the files as they were *before* the read: a run writing meanwhile is read again
        self._new[run_dir.name] = {"sig": sig, "row": row}
        return dict(row)

    def to_read(self, names: list[str]) -> int:
        """How many of the run dirs ``names`` have no entry in the cache (all of them
        without one): what a listing will read at least (for its progress)."""
        return sum(1 for name in names if name not in self._old)

    def save(self) -> None:
        """Write the cache when something changed (entries read again, run dirs gone);
        a runs dir that cannot be written keeps no cache."""
        if not self.use or (self.read == self._running and len(self._new) == len(self._old)
                            and self._new.keys() == self._old.keys()):
            return  # nothing new but running missions, read again at every listing anyway
        data = json.dumps({"format": FORMAT, "runs": self._new}, separators=(",", ":"))
        try:
            write_atomic(self.path, data.encode("utf-8"), fsync=False)
        except OSError:
            pass  # a read-only runs dir: every listing reads every mission, as before
