"""Which YAML files under a folder are scout's: the ones ``scout validate DIR`` and
``scout apply DIR`` read.

A repository holds YAML of many tools (``.github/workflows/*.yml``, docker-compose,
pre-commit). A file is scout's when it declares ``apiVersion: scout/...`` at the top
level, or names a scout kind (``kind: Pipeline|Mission|Config``) so that a spec that
forgot its apiVersion is still validated and told so. Files named explicitly are always
taken; only files found by walking a folder are filtered. The test is textual, so a
scout file with broken YAML is still recognised and its syntax error reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from scout.lazyre import lazy_re

SPEC_SUFFIXES = (".yaml", ".yml")
#: folders never walked into: tool caches and virtual environments, not authored specs
SKIP_DIRS = frozenset({".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__",
                       ".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache",
                       "site-packages"})
_HEAD_BYTES = 65536

_API = re.compile(r"""^apiVersion\s*:\s*["']?scout/""", re.MULTILINE)
_KIND = lazy_re(r"""^kind\s*:\s*["']?(Pipeline|Mission|Config)\b""", re.MULTILINE)


def _head(path: Path) -> str:
    try:
        with path.open("rb") as fh:
            return fh.read(_HEAD_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return ""


def declares_scout(path: Path) -> bool:
    """True when the file's top level says it is a scout document."""
    head = _head(path)
    return bool(_API.search(head) or _KIND.search(head))


def scout_kind(path: Path) -> str | None:
    """The declared kind (Pipeline when a scout file declares none), without parsing."""
    head = _head(path)
    m = _KIND.search(head)
    if m:
        return m.group(1)
    return "Pipeline" if _API.search(head) else None


def _walk(folder: Path) -> list[Path]:
    out = []
    for p in sorted(folder.rglob("*")):
        rel = p.relative_to(folder).parts[:-1]
        if any(part in SKIP_DIRS for part in rel):
            continue  # version control, caches, environments: not where specs live
        if p.suffix in SPEC_SUFFIXES and p.is_file():
            out.append(p)
    return out


@dataclass
class Found:
    files: list[Path] = field(default_factory=list)  # scout files, to validate
    skipped: list[Path] = field(default_factory=list)  # other YAML found in folders
    missing: list[Path] = field(default_factory=list)  # named paths that do not exist
    empty_dirs: list[Path] = field(default_factory=list)  # folders with no YAML at all


def find_specs(paths: list[str | Path]) -> Found:
    found = Found()
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            yamls = _walk(p)
            if not yamls:
                found.empty_dirs.append(p)
            for y in yamls:
                (found.files if declares_scout(y) else found.skipped).append(y)
        elif p.is_file() or p.exists():
            # named explicitly: always validated (a FIFO or device too: validate_file
            # says what it is, without reading it)
            found.files.append(p)
        else:
            found.missing.append(p)
    return found


def skipped_summary(skipped: list[Path]) -> str | None:
    """One line for every YAML file that was not a scout document."""
    if not skipped:
        return None
    shown = ", ".join(str(p) for p in skipped[:3]) + (", ..." if len(skipped) > 3 else "")
    return (f"skipped {len(skipped)} YAML file(s) that declare no 'apiVersion: scout/...' "
            f"({shown}); name a file explicitly to validate it anyway")
