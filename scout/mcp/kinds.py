"""The ``kinds`` tool: the research kinds an agent can run, read from ``pipelines/``.

An agent that is asked for "pisos en Madrid" must pass a pipeline file to ``plan`` and
``apply``; without a listing it guesses a path. This lists every Pipeline (and Mission)
YAML under the root's ``pipelines/`` folder with what the author wrote for a reader:
its description, and each input with its type, whether it is required and what it
means, so the agent can pick the kind and knows what to ask the person for.

Descriptions are the author's text (any length): each is cut, so a 100 kB description
cannot fill the agent's context; a file that does not load is listed with its first
problem instead of being left out silently.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scout.mcp import models as M
from scout.audit.limits import cut_rows
from scout.mcp.workspace import Workspace
from scout.text import cut_middle

#: where kinds live under the framework root (the layout docs/authoring.md describes)
KINDS_DIR = "pipelines"
#: at most this many files are read: a folder of thousands of YAML files stays one result
MAX_FILES = 200
#: the longest description (of a kind or an input) a listing repeats
DESCRIPTION_WIDTH = 300


def _cut(text: Any) -> str | None:
    return cut_middle(str(text), DESCRIPTION_WIDTH) if text else None


#: the most inputs listed per kind: a kind written by someone else with thousands of
#: inputs (each with a 1 MB default: defaults are cut as descriptions are) filled it
MAX_INPUTS = 100


def _default(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return _cut(value) if isinstance(value, str) else _cut(str(value))


def _inputs(pipeline: Any) -> tuple[list[M.KindInput], int | None]:
    """The kind's inputs as listed (at most MAX_INPUTS, the required ones kept first, in
    the author's order), and
    how many were left out (None when none were)."""
    held: dict[str, Any] = {"inputs": list(pipeline.inputs.items())}
    cut_rows(held, "inputs", MAX_INPUTS, first=lambda kv: kv[1].required)
    listed = [M.KindInput(name=name, type=spec.type, required=spec.required,
                          description=_cut(spec.description), default=_default(spec.default),
                          enum=[str(v) for v in spec.enum][:50] if spec.enum else None)
              for name, spec in held["inputs"]]
    return listed, held.get("inputs_left_out")


def _entry(ws: Workspace, path: Path) -> M.KindOut:
    from scout.spec.loader import load_spec

    file = ws.rel(path) or str(path)
    try:
        spec, problems = load_spec(path)
    except OSError as exc:  # unreadable: listed, so the agent knows why it is missing
        return M.KindOut(file=file, kind=None, error=f"cannot read it ({exc.strerror})")
    errors = [p for p in problems if p.severity == "error"]
    if spec is None or errors or spec.partial:
        first = errors[0] if errors else None
        said = f"{first.code}: {first.message}" if first else "does not load"
        return M.KindOut(file=file, kind=None,
                         error=cut_middle(said, DESCRIPTION_WIDTH) + " (validate says all)")
    from scout.spec.models import Pipeline

    model = spec.model
    if isinstance(model, Pipeline):
        inputs, left_out = _inputs(model)
        return M.KindOut(file=file, kind="Pipeline", name=model.name,
                         description=_cut(model.description), inputs=inputs,
                         inputs_left_out=left_out)
    return M.KindOut(file=file, kind=spec.kind, name=getattr(model, "mission_id", None),
                     description=_cut(getattr(model, "description", None)),
                     pipeline=getattr(model, "pipeline", None))


def kinds(ws: Workspace) -> M.KindsResult:
    """Every Pipeline and Mission file under ``pipelines/``, pipelines first."""
    folder = ws.root / KINDS_DIR
    root = ws.root.resolve()
    # a symlink could lead out of the root, which no tool reads: such files are not listed
    files = sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml")
                   and p.is_file() and not p.is_symlink()
                   and root in p.resolve().parents) if folder.is_dir() else []
    entries = [_entry(ws, p) for p in files[:MAX_FILES]]
    entries.sort(key=lambda e: (e.kind != "Pipeline", e.kind is None, e.file))
    note = (f"only the first {MAX_FILES} of {len(files)} files were read"
            if len(files) > MAX_FILES else None)
    return M.KindsResult(**ws.clean({"kinds": [e.model_dump() for e in entries],
                                     "note": note}))
