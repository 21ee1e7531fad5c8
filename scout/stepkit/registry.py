"""The registry of step kinds: built-ins, entry points and ``python:module:function``.

A step kind has a name (what ``uses:`` says), a parameter model (what ``with:`` is
validated against), a version (part of every phase fingerprint, so changing a step's
logic invalidates its outputs) and a runner, imported lazily so that validating a spec
never imports provider code. Third-party kinds register through the entry-point group
``scout.steps`` or :func:`register_phase_handler`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from scout.config.settings import Capability
from scout.lazyre import lazy_re
from scout.stepkit import params as P
from scout.suggest import did_you_mean
from scout.termsafe import quoted

PYTHON_PREFIX = "python:"
_PY_TARGET = lazy_re(r"^python:([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*):([A-Za-z_]\w*)$")


class FreeParams(BaseModel):
    """``with:`` of a python step: any keys; strings may be templates."""

    model_config = ConfigDict(extra="allow", frozen=True)


@dataclass(frozen=True)
class StepKind:
    name: str
    params: type[BaseModel]
    version: str
    runner: str | Callable[..., Any] | None
    capability: Capability | None = None  # adapters it calls through a chain, if any
    description: str = ""
    chain_required: bool = True  # when it has a capability: must a chain be given?
    #: files the step reads (e.g. its report template), as ``files_read(params, root)``;
    #: their content is part of the phase fingerprint (orchestrator/fingerprint.py)
    files_read: Callable[[BaseModel, Path], Iterable[Path | str]] | None = None
    #: how fan-out results become the produced artifacts:
    #: ``gather(outcomes, phase) -> value`` (one artifact) or ``{name: value}``; the
    #: default keeps the values of successful items, in item order
    gather: Callable[..., Any] | None = None
    #: the step reads the request (query, --set, mission inputs) itself, so the request
    #: is part of its fingerprint (the task step)
    reads_request: bool = False

    def load_runner(self) -> Callable[..., Any]:
        if callable(self.runner):
            return self.runner
        if not self.runner:
            raise LookupError(f"step kind '{self.name}' has no runner")
        module, _, attr = self.runner.partition(":")
        return getattr(importlib.import_module(module), attr)


def _lazy(path: str) -> Callable[..., Any]:
    """A callable that imports ``module:attr`` on first use (validation imports nothing)."""

    def call(*args: Any, **kw: Any) -> Any:
        module, _, attr = path.partition(":")
        return getattr(importlib.import_module(module), attr)(*args, **kw)

    call.__qualname__ = call.__name__ = path
    return call


_BUILTINS: list[StepKind] = [
    StepKind("task", P.TaskParams, "1", "scout.steps.task:run",
             description="parse the query into a typed Task", reads_request=True,
             files_read=_lazy("scout.steps.task:files_read")),
    # "2": candidates' names lose the request's place at their end (extract.strip_place,
    # 2026-12-02): candidates kept from version 1 could hold "Casa Lucio, Madrid"
    StepKind("search", P.SearchParams, "2", "scout.steps.search:run", "search",
             "search through a chain and extract typed records",
             gather=_lazy("scout.steps.search:gather")),
    StepKind("fetch", P.FetchParams, "2", "scout.steps.fetch:run", "fetch",
             "fetch pages and read JSON-LD / OpenGraph / text", chain_required=False,
             gather=_lazy("scout.steps.fetch:gather")),
    StepKind("videos", P.VideosParams, "1", "scout.steps.videos:run", "videos",
             "search videos", gather=_lazy("scout.steps.videos:gather")),
    StepKind("transcripts", P.TranscriptsParams, "1", "scout.steps.transcripts:run",
             "transcripts", "fetch transcripts and extract mentions",
             gather=_lazy("scout.steps.transcripts:gather")),
    StepKind("synthesize", P.SynthesizeParams, "1", "scout.steps.synthesize:run",
             "synthesize", "answer with citations through the synthesis chain"),
    # "2": mentions() reads enum synonyms, and a videos artifact ranks (2026-12-02): a
    # shortlist kept from version 1 could differ, so rank phases run once more
    StepKind("rank", P.RankParams, "2", "scout.steps.rank:run",
             description="filter and order records with Jinja expressions",
             files_read=_lazy("scout.steps.rank_reasons:files_read")),
    StepKind("report", P.ReportParams, "1", "scout.steps.report:run",
             description="render the report through a Jinja template",
             files_read=_lazy("scout.steps.report:files_read")),
    StepKind("email", P.EmailParams, "1", "scout.steps.email:run", "email",
             "e-mail the finished report (once per report and recipients)"),
    StepKind("images", P.ImagesParams, "1", "scout.steps.images:run", "images",
             "photos per candidate: its own page's and an image search's, with credits",
             chain_required=False, gather=_lazy("scout.steps.images:gather")),
    StepKind("thumbnails", P.ThumbnailsParams, "1", "scout.steps.thumbnails:run",
             "thumbnail", "download small copies of the photos into the run dir "
             "(SSRF guard, re-encoded)", chain_required=False),
]

STEP_KINDS: dict[str, StepKind] = {k.name: k for k in _BUILTINS}
_entry_points_loaded = False
#: plug-ins (``scout.steps`` entry points) that failed to load: name -> why
#: (``scout doctor`` shows them; the other kinds still work)
PLUGIN_FAILURES: dict[str, str] = {}


def _load_entry_points() -> None:
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
    from importlib import metadata  # not at import: it pulls in email, zipfile (validate's start)

    for ep in metadata.entry_points(group="scout.steps"):
        try:
            obj = ep.load()
        except Exception as exc:  # a broken plug-in must not break validation of other specs
            PLUGIN_FAILURES[ep.name] = f"{ep.value}: {type(exc).__name__}: {exc}"
            continue
        kind = obj if isinstance(obj, StepKind) else StepKind(ep.name, FreeParams, "1", obj)
        STEP_KINDS.setdefault(kind.name, kind)


def plugin_failures() -> dict[str, str]:
    """Step-kind plug-ins that failed to load, with the reason (entry points are read)."""
    _load_entry_points()
    return dict(PLUGIN_FAILURES)


def register_step_kind(kind: StepKind, *, replace: bool = False) -> None:
    if kind.name in STEP_KINDS and not replace:
        raise ValueError(f"step kind '{kind.name}' is already registered")
    STEP_KINDS[kind.name] = kind


def register_phase_handler(
    name: str,
    handler: Callable[..., Any],
    *,
    params: type[BaseModel] | None = None,
    version: str = "1",
    replace: bool = True,
    files_read: Callable[[BaseModel, Path], Iterable[Path | str]] | None = None,
    gather: Callable[..., Any] | None = None,
    reads_request: bool = False,
) -> StepKind:
    """Seed API: make ``uses: <name>`` call ``handler(ctx)``."""
    kind = StepKind(name, params or FreeParams, version, handler, description="custom handler",
                    files_read=files_read, gather=gather, reads_request=reads_request)
    register_step_kind(kind, replace=replace)
    return kind


def is_python_target(uses: str) -> bool:
    return uses.startswith(PYTHON_PREFIX)


def parse_python_target(uses: str) -> tuple[str, str]:
    m = _PY_TARGET.match(uses)
    if not m:
        raise ValueError(
            f"'{uses}' is not of the form python:package.module:function"
        )
    return m.group(1), m.group(2)


def python_step(uses: str) -> StepKind:
    module, func = parse_python_target(uses)
    return StepKind(uses, FreeParams, "1", f"{module}:{func}", description="python function")


def get_step_kind(uses: str) -> StepKind:
    """The step kind for a ``uses:`` value; raises ``LookupError`` with a suggestion."""
    if is_python_target(uses):
        return python_step(uses)
    if uses not in STEP_KINDS:
        _load_entry_points()
    try:
        return STEP_KINDS[uses]
    except KeyError:
        hint = did_you_mean(uses, STEP_KINDS, what="step kinds")
        raise LookupError(f"unknown step kind {quoted(uses)}" + (f"; {hint}" if hint else "")) from None


def known_step_kinds() -> list[str]:
    _load_entry_points()
    return sorted(STEP_KINDS)
