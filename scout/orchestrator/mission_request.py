"""What a mission is asked: :class:`MissionRequest`, its input overrides read against the
pipeline, and ``--force`` expanded to the phases it reruns.

``scout.api`` builds the request from a Mission document or the CLI; the overrides (the
mission's ``inputs:`` then ``--set``) are coerced to their declared types here
(:func:`coerce_inputs`, which ``scout batch`` also runs per row), the values known before
any phase runs are the declared defaults under them (:func:`input_values`). A mistake in
either is the user's (``UsageError``, with a did-you-mean), said in the request's language
(:func:`asked_lang`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scout.errors import ScoutError, UsageError
from scout.i18n import N_, lang_of, reader_translations, say, translations
from scout.i18n.messages import localize
from scout.spec.dag import PhaseGraph
from scout.spec.models import InputSpec, Pipeline
from scout.suggest import closest, did_you_mean
from scout.task.build import LANG_KEY, SET_EXAMPLES
from scout.task.lang import Lang, coerce_lang, detect
from scout.task.values import coerce

__all__ = ["MissionRequest", "apply_args", "replayed_from", "asked_lang", "coerce_inputs", "expand_force", "input_label",
           "input_values", "set_example"]


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
    #: how ``scout apply`` was started beyond the file and the request (:func:`apply_args`):
    #: task.json keeps them, and ``scout status``'s resume hint names them again
    apply_args: list[str] = field(default_factory=list)
    #: what resolving the request changed that the user should hear (English msgids,
    #: localised where shown): ``plan`` lists them with the request's notes, ``apply``
    #: warns with them (the console, the MCP result's ``warnings``)
    notes: list[str] = field(default_factory=list)


def apply_args(request: MissionRequest, *, query_given: bool = False,
               mission_id_given: bool = False, runs_dir: str | Path | None = None,
               config: str | Path | None = None, max_cost: float | None = None,
               durability: str = "batched", options: Any = None) -> list[str]:
    """The ``scout apply`` options that started ``request``, as a resume names them again
    after the file: a ``--replay`` above all (without it a resume makes live, paid calls),
    ``--record``, ``--config``, ``--runs-dir``, ``--max-cost``, each ``--set``. A Mission
    file's own request is in the file; a pipeline's ``--query`` and ``--mission-id`` are
    in task.json: both are named only when the command line set them over a Mission's.
    ``--force`` is left out: a resume reuses what the forced run redid. Paths are absolute
    (a resume may start from another folder); no value is a secret (a ``--query`` or
    ``--set`` holding one is refused before the mission starts)."""
    def where(path: str | Path) -> str:
        return os.path.abspath(os.fspath(path))

    args: list[str] = []
    if request.mission_file is not None:
        if query_given and request.query:
            args += ["--query", request.query]
        if mission_id_given:
            args += ["--mission-id", request.mission_id]
    for key, value in request.inputs.items():
        if request.input_sources.get(key) == "set":
            shown = value if isinstance(value, str) else json.dumps(value, default=str)
            args += ["--set", f"{key}={shown}"]
    if max_cost is not None:
        args += ["--max-cost", repr(float(max_cost))]
    for flag, path in (("--config", config), ("--runs-dir", runs_dir),
                       ("--record", getattr(options, "record_dir", None)),
                       ("--replay", getattr(options, "replay_dir", None))):
        if path is not None:
            args += [flag, where(path)]
    if getattr(options, "no_cache", False):
        args.append("--no-cache")
    if getattr(options, "send", False):
        args.append("--send")
    if durability != "batched":
        args += ["--durability", durability]
    return args


def replayed_from(args: Any) -> str | None:
    """The cassette an apply started with ``args`` (:func:`apply_args`, as task.json keeps
    them: untrusted) answered from, ``--replay DIR``; None for live answers."""
    if not isinstance(args, list):
        return None
    for flag, value in zip(args, args[1:]):
        if flag == "--replay" and isinstance(value, str):
            return value
    return None


def asked_lang(query: str | None, overrides: dict[str, Any], default: str = "en") -> str:
    """The request's language before any phase reads it: ``--set lang=`` / the Mission's
    ``inputs: {lang: ..}``, else the query's words (``default`` when they do not decide, or
    when there is no query: a Mission file without one speaks the config's default). The
    task phase reads it again, with the place names it knows; this is what the console
    and the errors said before it use."""
    fallback: Lang = "es" if default == "es" else "en"
    if LANG_KEY in overrides:
        try:
            return coerce_lang(overrides[LANG_KEY])
        except ValueError:
            pass  # refused by coerce_inputs, in the query's language
    return detect(query, fallback) if query and query.strip() else fallback


def input_label(name: str, spec: InputSpec, lang: str, _: Any) -> str:
    """The kind's word for the input (its catalog's), with its description where the
    reader can read it (English, or translated by the kind's catalog)."""
    word = _(name).replace("_", " ")
    if spec.description:
        described = _(spec.description)
        if lang == "en" or described != spec.description:
            return f"{word} ({described})"
    return word


def coerce_inputs(pipeline: Pipeline, overrides: dict[str, Any], *, lang: str = "en",
                  locales: Path | None = None) -> dict[str, Any]:
    """Overrides coerced to their declared types; unknown names and refused values are
    usage errors (USE001) said in ``lang``, the request's, naming the input in the kind's
    words (its catalog under ``locales``) with the ``--set`` that would do."""
    _ = _Words(lang, locales)
    out: dict[str, Any] = {}
    for name, value in overrides.items():
        decl = pipeline.inputs.get(name)
        if decl is None and name == LANG_KEY:  # the request's language (en | es), reserved
            try:
                out[name] = coerce_lang(value)
            except ValueError as exc:
                raise UsageError(say(_, N_("input '{name}': {problem}"), name=name,
                                     problem=localize(str(exc), lang)),
                                 hint=say(_, N_("e.g. --set {example}"), example="lang=es")
                                 ) from None
            continue
        if decl is None:
            raise UsageError(say(_, N_("pipeline '{pipeline}' has no input '{name}'"),
                                 pipeline=pipeline.name, name=name),
                             hint=_unknown_hint(name, pipeline, _))
        length = _length(value)
        if length > MAX_VALUE_CHARS:  # before reading it: a 1 MB place was taken whole
            raise _refused(_, name, decl, lang, say(
                _, N_("a value of {length} characters is longer than any this input "
                      "takes (at most {limit})"), length=length, limit=MAX_VALUE_CHARS))
        try:
            out[name] = coerce(decl.type, value, items=decl.items, scale=decl.scale)
        except ValueError as exc:
            raise _refused(_, name, decl, lang, localize(str(exc), lang)) from None
        except OverflowError:  # an int of thousands of digits (JSON from an agent)
            raise _refused(_, name, decl, lang, _("the number is too large")) from None
        out[name] = decl.canonical(out[name])
        off = decl.off_enum(out[name])
        if off:
            raise _refused(_, name, decl, lang, None, off)
    return out


#: the longest value ``--set`` (or an agent's ``set``, a Mission's ``inputs:``) may give
#: an input, its list items counted together: five times what the request parser reads of
#: a whole request (2000 characters). A megabyte "place" went whole into the mission's
#: Task, every search query and the result an agent reads.
MAX_VALUE_CHARS = 10_000


def _length(value: Any) -> int:
    """How many characters of text ``value`` (a string, or a list of them) carries."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, (list, tuple)):
        return sum(len(v) if isinstance(v, str) else 1 for v in value)
    return 0


class _Words:
    """The reader's catalog (scout's, the kind's merged over it, the kind's English behind
    both: :func:`scout.i18n.reader_translations`), read when an error is
    said: a request whose values all pass reads none."""

    def __init__(self, lang: str, locales: Path | None) -> None:
        self.lang, self.locales = lang_of(lang), locales
        self._gettext: Any = None

    def __call__(self, msgid: str) -> str:
        if self._gettext is None:
            try:
                # a word the kind labels in English only reads as its report shows it
                self._gettext = reader_translations(self.lang, self.locales).gettext
            except ScoutError:  # a broken kind's catalog is validate's error (SPEC058)
                self._gettext = translations(self.lang).gettext
        return str(self._gettext(msgid))


def _refused(_: Any, name: str, decl: InputSpec, lang: str, problem: str | None,
             off: list[Any] | None = None) -> UsageError:
    """USE001 for a value the input ``name`` refuses (``problem``) or that is off its enum
    (``off``): the input in the kind's words (English keeps the name ``--set`` takes),
    the ``--set`` that would do as the hint."""
    label = name if lang_of(lang) == "en" else input_label(name, decl, lang, _)
    example = say(_, N_("e.g. --set {example}"), example=f"{name}={set_example(decl)}")
    if off:
        return UsageError(say(_, N_("input '{name}': {values} is not one of {allowed}"),
                              name=label, values=", ".join(map(repr, off)),
                              allowed=str(decl.enum)), hint=example)
    return UsageError(say(_, N_("input '{name}' ({type}): {problem}"), name=label,
                          type=decl.type, problem=problem), hint=example)


def _unknown_hint(name: str, pipeline: Pipeline, _: Any) -> str:
    """The input meant (as ``--set`` names it: never translated), or the inputs there are."""
    hit = closest(name, sorted(pipeline.inputs))
    if hit is not None:
        return say(_, N_("did you mean '{name}'?"), name=hit)
    return say(_, N_("its inputs: {names}"), names=", ".join(pipeline.inputs) or "-")


def set_example(decl: InputSpec) -> str:
    """A value ``--set`` takes for the input: its first enum value, else the type's."""
    if decl.enum:
        return str(decl.enum[0])
    return SET_EXAMPLES.get(decl.items or decl.type, "...") if decl.type == "list" \
        else SET_EXAMPLES.get(decl.type, "...")


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
        # msgids: `scout plan` and `scout status` say them in the request's language
        out[pid] = N_("forced by --force {phase}").format(phase=pid)
    for pid in list(out):
        for d in graph.downstream(pid):
            out.setdefault(d, N_("downstream of --force {phase}").format(phase=pid))
    return out
