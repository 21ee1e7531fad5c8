"""``scout init KIND``: write a working research kind to start from.

Writes, under a project folder: ``pipelines/<kind>.yaml`` (inputs, a search, a fan-out,
rank, synthesize, report), ``templates/<kind>_report.md.j2`` (bilingual: its words go
through ``_()``), ``pipelines/missions/<kind>-example.yaml`` (a ``kind: Mission``),
``tests/test_<kind>.py`` (runs the kind offline with :mod:`scout.testing`) and, when the
project has none, a keyless ``config/adapters.yaml``. The files are plain text with
placeholders (``__KIND__``, ``__FILE__``, ``__WORDS__``), not Jinja: they contain Jinja.
Existing files are never overwritten without ``force``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from scout.errors import UsageError
from scout.fsutil import write_atomic

FILES = Path(__file__).parent / "files"
KIND_RE = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
MAX_LEN = 60


@dataclass(frozen=True)
class Written:
    path: Path
    what: str


def check_kind_name(kind: str) -> str:
    """A kind name is a slug: lowercase letters and digits, words joined by '-'."""
    if not KIND_RE.fullmatch(kind or "") or len(kind) > MAX_LEN:
        suggestion = re.sub(r"[^a-z0-9]+", "-", (kind or "").lower()).strip("-")
        if suggestion and not suggestion[0].isalpha():
            suggestion = "kind-" + suggestion
        hint = f"e.g. scout init {suggestion[:MAX_LEN]}" if suggestion else \
            "e.g. scout init coworking-spaces"
        raise UsageError(f"'{kind}' is not a valid kind name: use lowercase letters and "
                         f"digits, words joined by '-', starting with a letter, at most "
                         f"{MAX_LEN} characters", hint=hint)
    return kind


def plan_files(kind: str, root: Path) -> list[tuple[Path, str, str]]:
    """(path, template file, what) of every file ``init`` writes for ``kind``."""
    file = kind.replace("-", "_")
    out = [
        (root / "pipelines" / f"{file}.yaml", "pipeline.yaml", "the pipeline"),
        (root / "templates" / f"{file}_report.md.j2", "report.md.j2", "its report template"),
        (root / "pipelines" / "missions" / f"{kind}-example.yaml", "mission.yaml",
         "an example Mission"),
        (root / "tests" / f"test_{file}.py", "test_kind.py", "its offline test"),
    ]
    config = root / "config" / "adapters.yaml"
    if not config.exists():
        out.append((config, "adapters.yaml", "a keyless config"))
    return out


def init_kind(kind: str, root: str | Path = ".", *, force: bool = False) -> list[Written]:
    kind = check_kind_name(kind)
    root = Path(root)
    planned = plan_files(kind, root)
    existing = [p for p, _, _ in planned if p.exists()]
    if existing and not force:
        raise UsageError("not overwriting existing file(s): "
                         + ", ".join(str(p) for p in existing),
                         hint="pass --force to overwrite them, or pick another kind name")
    words = kind.replace("-", " ")
    file = kind.replace("-", "_")
    out = []
    for path, template, what in planned:
        text = (FILES / template).read_text(encoding="utf-8")
        text = text.replace("__KIND__", kind).replace("__FILE__", file).replace("__WORDS__", words)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text)
        out.append(Written(path, what))
    return out
