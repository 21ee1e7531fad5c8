"""Where scout keeps things: the framework root, the runs dir, and safe mission ids.

The framework root is ``SCOUTE_RESEARCH_ROOT`` (default: the current directory); under
it live ``config/``, ``templates/``, ``runtime/`` and ``runs/``. A run's root is the
project whose config it uses (:func:`project_root`), so a pipeline applied from another
folder finds its own templates. A mission's run
directory is ``<runs-dir>/<mission_id>/``. Mission ids come from users (command line,
Mission documents, HTTP later), so they are checked here, once, before any path is
built from them: anything that is not a plain slug is refused with
:class:`~scout.errors.UnsafeMissionId`. What the MCP tools and the HTTP API answer
names paths under the root relative to it (:func:`said_under_root`).
"""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata
from pathlib import Path
from typing import Any

from scout.errors import UnsafeMissionId
from scout.glyphs import as_latin, lookalikes
from scout.lazyre import lazy_re

ROOT_ENV = "SCOUTE_RESEARCH_ROOT"
RUNS_ENV = "SCOUTE_RUNS_DIR"

#: A mission id: lower-case letters, digits, '.', '_' and '-', starting with a letter or
#: digit, at most 128 characters. The same pattern as ``Mission.mission_id`` (spec.models).
MISSION_ID_RE = lazy_re(r"^[a-z0-9][a-z0-9._-]{0,127}$")
_RESERVED = {".", ".."}

#: report templates shipped inside the package (scout.report.render looks there after the
#: project's templates/); here, at the bottom, so validation can see them as well
BUILTIN_TEMPLATES = Path(__file__).resolve().parent / "report" / "builtin"


def research_root() -> Path:
    """The framework root: ``$SCOUTE_RESEARCH_ROOT`` or the current directory."""
    return Path(os.environ.get(ROOT_ENV) or os.getcwd())


def project_root(config_file: str | Path | None) -> Path:
    """The research root of a run that uses ``config_file``: ``$SCOUTE_RESEARCH_ROOT``
    when set; else the project that holds that config (``<project>/config/adapters.yaml``
    beside its ``templates/`` or ``pipelines/``), wherever scout runs from, so the
    templates, locales, runtime and runs are the ones validation checked; else the
    current directory (a config kept on its own, outside any project)."""
    if os.environ.get(ROOT_ENV) or config_file is None:
        return research_root()
    folder = Path(config_file).resolve().parent
    project = folder.parent
    if folder.name == "config" and ((project / "templates").is_dir()
                                    or (project / "pipelines").is_dir()):
        return project
    return research_root()


def runs_dir(explicit: str | Path | None = None, *, root: Path | None = None) -> Path:
    """Where run directories live: ``explicit``, ``$SCOUTE_RUNS_DIR``, or ``<root>/runs``.

    A relative ``explicit`` path is taken relative to the current directory, like any
    command-line path.
    """
    if explicit:
        return Path(explicit)
    env = os.environ.get(RUNS_ENV)
    if env:
        return Path(env)
    return (root or research_root()) / "runs"


#: the most characters of a refused id an error quotes: an id is at most 128, and a
#: URL's 60 kB one came back whole in the HTTP API's 400 and in MCP tool errors
SHOWN_ID = 80


def _shown(mission_id: str) -> str:
    """``mission_id`` as an error quotes it: repr (control characters escaped), cut."""
    if len(mission_id) <= SHOWN_ID:
        return repr(mission_id)
    return f"{mission_id[:SHOWN_ID]!r}… ({len(mission_id)} characters)"


def validate_mission_id(mission_id: object, what: str = "mission id") -> str:
    """Return ``mission_id`` if it is a safe slug; raise ``UnsafeMissionId`` otherwise
    (its message names the id as ``what``: a batch id is checked the same way)."""
    if not isinstance(mission_id, str) or not mission_id.strip():
        raise UnsafeMissionId(
            f"{what} is empty",
            hint="use a slug such as 'hotel-barcelona-2026-09' (a-z, 0-9, '.', '_', '-')",
        )
    if mission_id in _RESERVED or "/" in mission_id or "\\" in mission_id or "\0" in mission_id \
            or os.path.isabs(mission_id):
        raise UnsafeMissionId(
            f"{what} {_shown(mission_id)} is a path, not a name: it could escape the runs dir",
            hint="use a slug such as 'hotel-barcelona-2026-09' (a-z, 0-9, '.', '_', '-')",
        )
    if not MISSION_ID_RE.match(mission_id):
        # a look-alike letter (Cyrillic "а" in a pasted id) reads as the Latin one it
        # mimics: say which, and suggest that id, not one with the letter cut out
        disguised = lookalikes(mission_id[:SHOWN_ID * 4])
        suggestion = slugify(as_latin(mission_id))
        raise UnsafeMissionId(
            f"{what} {_shown(mission_id)} is not a safe slug"
            + (": it holds letters of another alphabet that look Latin: " + ", ".join(
                f"{c!r} (U+{ord(c):04X}) for {as_latin(c)!r}" for c in disguised[:3])
               if disguised else ""),
            hint="use lower-case letters, digits, '.', '_' and '-' (at most 128, starting "
            "with a letter or digit)" + (f"; e.g. '{suggestion}'" if suggestion else ""),
        )
    return mission_id


def mission_dir(runs: str | Path, mission_id: str) -> Path:
    """``<runs>/<mission_id>``, after checking the id and that the result stays inside."""
    mid = validate_mission_id(mission_id)
    base = Path(runs).resolve()
    path = (base / mid).resolve()
    if path.parent != base:  # belt and braces: a slug cannot escape, but a symlink could
        raise UnsafeMissionId(f"mission id {mission_id!r} resolves outside the runs dir {base}")
    return path


def slugify(text: str, *, max_len: int = 48) -> str:
    """A safe slug made from free text ('Hotels in Barcelona!' -> 'hotels-in-barcelona',
    '¿Dónde comer en Málaga?' -> 'donde-comer-en-malaga': accents dropped, not the letter)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text)
                    if not unicodedata.combining(c))
    slug = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-._")
    return slug[:max_len].strip("-._")


def derive_mission_id(pipeline_name: str, query: str | None, inputs: dict | None = None) -> str:
    """A stable id for a command-line mission: the same request gives the same id, so
    re-running the same ``scout apply`` command converges on (and resumes) one mission."""
    basis = repr((query or "", sorted((inputs or {}).items())))
    digest = hashlib.sha256(basis.encode()).hexdigest()[:8]
    words = slugify(query or "", max_len=40)
    parts = [slugify(pipeline_name, max_len=40) or "mission"] + ([words] if words else [])
    return validate_mission_id("-".join(parts + [digest]))


#: The largest spec file read (bytes); ``SCOUTE_MAX_SPEC_BYTES`` changes it. The 5,000-phase
#: benchmark spec is about 1.5 MB.
DEFAULT_MAX_SPEC_BYTES = 5_000_000


def spec_bytes_setting_problem() -> str | None:
    """Why ``SCOUTE_MAX_SPEC_BYTES`` is unusable (not a whole number of bytes above 0), or
    None when it is usable or unset. The CLI refuses to start on it (USE001)."""
    raw = os.environ.get("SCOUTE_MAX_SPEC_BYTES", "")
    if not raw.strip():
        return None
    try:
        if int(raw) > 0:
            return None
    except ValueError:
        pass
    return (f"SCOUTE_MAX_SPEC_BYTES={raw!r} is not a usable size: set it to a whole number "
            f"of bytes above 0 (default {DEFAULT_MAX_SPEC_BYTES}), or unset it")


def max_spec_bytes() -> int:
    """The spec size limit: ``SCOUTE_MAX_SPEC_BYTES`` when it is a whole number above 0,
    else the default (a value of 0, -1 or text would otherwise refuse every spec)."""
    if spec_bytes_setting_problem() is not None:
        return DEFAULT_MAX_SPEC_BYTES
    raw = os.environ.get("SCOUTE_MAX_SPEC_BYTES", "")
    return int(raw) if raw.strip() else DEFAULT_MAX_SPEC_BYTES


def said_under_root(data: Any, root: str | Path, runs: str | Path | None = None) -> Any:
    """``data`` (JSON-like: str, dict, list) with every path under ``root`` in its strings
    said relative to it (``/srv/lab/runs/x`` -> ``runs/x``): what the MCP tools and the
    HTTP API answer, so a result names files as a user gives them, not the server's
    layout. Both the resolved and the given spelling of the root are taken off, and the
    root named alone is said ``.``. A ``runs`` dir outside the root (``SCOUTE_RUNS_DIR``)
    is said ``runs`` the same way: its damaged run dirs were named by the machine's path."""
    places = [(Path(root), ".")]
    if runs is not None and not _inside(Path(runs), Path(root)):
        places.append((Path(runs), "runs"))
    prefixes: list[tuple[str, str]] = []
    bare: list[tuple[re.Pattern[str], str]] = []
    for place, said in places:
        spelled = sorted({str(place.resolve()), str(place.absolute())}, key=len, reverse=True)
        prefixes += [(s + os.sep, "" if said == "." else said + "/") for s in spelled]
        # the place named alone ("give a path under /srv/lab") where no name goes on
        # (/srv/lab2, /srv/lab-old stay); a place of "/" stays
        named = [s for s in spelled if Path(s).parent != Path(s)]
        if named:
            bare.append((re.compile("(?:" + "|".join(map(re.escape, named))
                                    + r")(?![\w.~+-])"), said))
    return _rooted(data, sorted(prefixes, key=lambda p: -len(p[0])), bare)


def _inside(path: Path, root: Path) -> bool:
    path, root = path.resolve(), root.resolve()
    return path == root or root in path.parents


def _rooted(obj: Any, prefixes: list[tuple[str, str]],
            bare: list[tuple[re.Pattern[str], str]]) -> Any:
    if isinstance(obj, str):
        for prefix, said in prefixes:
            obj = obj.replace(prefix, said)
        for pattern, said in bare:
            obj = pattern.sub(said, obj)
        return obj
    if isinstance(obj, dict):
        return {k: _rooted(v, prefixes, bare) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_rooted(v, prefixes, bare) for v in obj]
    return obj
