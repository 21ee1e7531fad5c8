"""What a mission is asked: :class:`MissionRequest`, its input overrides read against the
pipeline, and ``--force`` expanded to the phases it reruns.

``scout.api`` builds the request from a Mission document or the CLI; the overrides (the
mission's ``inputs:`` then ``--set``) are coerced to their declared types here
(:func:`coerce_inputs`, which ``scout batch`` also runs per row), the values known before
any phase runs are the declared defaults under them (:func:`input_values`). A mistake in
either is the user's (``UsageError``, with a did-you-mean).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scout.errors import UsageError
from scout.spec.dag import PhaseGraph
from scout.spec.models import Pipeline
from scout.suggest import did_you_mean
from scout.task.build import LANG_KEY
from scout.task.lang import coerce_lang
from scout.task.values import coerce

__all__ = ["MissionRequest", "coerce_inputs", "expand_force", "input_values"]


@dataclass
class MissionRequest:
    """What to run: resolved by ``scout.api`` from a Mission document or the CLI."""

    pipeline_path: Path
    mission_id: str
    runs_dir: Path
    query: str | None = None
    #: input overrides as written (mission ``inputs:`` then ``--set``); coerced by
    #: :func:`coerce_inputs`
    inputs: dict[str, Any] = field(default_factory=dict)
    #: where each override came from: "mission" or "set"
    input_sources: dict[str, str] = field(default_factory=dict)
    max_cost: float | None = None
    mission_file: Path | None = None


def coerce_inputs(pipeline: Pipeline, overrides: dict[str, Any]) -> dict[str, Any]:
    """Overrides coerced to their declared types; unknown names are usage errors."""
    out: dict[str, Any] = {}
    for name, value in overrides.items():
        decl = pipeline.inputs.get(name)
        if decl is None and name == LANG_KEY:  # the request's language (en | es), reserved
            try:
                out[name] = coerce_lang(value)
            except ValueError as exc:
                raise UsageError(f"input 'lang': {exc}", hint="e.g. --set lang=es") from None
            continue
        if decl is None:
            raise UsageError(f"pipeline '{pipeline.name}' has no input '{name}'",
                             hint=did_you_mean(name, pipeline.inputs, what="inputs")
                             or f"its inputs: {', '.join(pipeline.inputs) or 'none'}")
        try:
            out[name] = coerce(decl.type, value, items=decl.items, scale=decl.scale)
        except ValueError as exc:
            raise UsageError(f"input '{name}' ({decl.type}): {exc}") from None
        except OverflowError:  # an int of thousands of digits (JSON from an agent)
            raise UsageError(f"input '{name}' ({decl.type}): the number is too large"
                             ) from None
        out[name] = decl.canonical(out[name])
        off = decl.off_enum(out[name])
        if off:
            raise UsageError(f"input '{name}': {', '.join(map(repr, off))} is not one of "
                             f"{decl.enum}")
    return out


def input_values(pipeline: Pipeline, coerced: dict[str, Any]) -> dict[str, Any]:
    """Values of declared inputs known before any phase runs: defaults, then overrides."""
    values: dict[str, Any] = {}
    for name, decl in pipeline.inputs.items():
        if decl.default is not None:
            values[name] = coerce(decl.type, decl.default, items=decl.items, scale=decl.scale)
    values.update(coerced)
    return values


def expand_force(graph: PhaseGraph, force: Iterable[str]) -> dict[str, str]:
    """The phases ``--force`` reruns (those named and everything downstream of them), each
    with why; a name that is no phase is a usage error."""
    out: dict[str, str] = {}
    phases = graph.pipeline.phases
    for pid in force:
        if pid not in phases:
            raise UsageError(f"--force {pid}: no such phase",
                             hint=did_you_mean(pid, phases, what="phases"))
        out[pid] = f"forced by --force {pid}"
    for pid in list(out):
        for d in graph.downstream(pid):
            out.setdefault(d, f"downstream of --force {pid}")
    return out
