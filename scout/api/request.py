"""Resolving a request: FILE and the caller's values -> (Pipeline, Config, MissionRequest).

``FILE`` is a Mission document (everything declared in YAML) or a pipeline plus a
request (``query``, ``sets``, ``mission_id``, ``runs_dir``); command-line values win
over the Mission document's. :func:`prepare` loads and validates it and resolves the
request without touching a run dir; the checks it applies to the request (text that is
not UTF-8, a blank query, a credential's value in it, a cost cap that is no amount) are
the ones every surface uses (the CLI, MCP's tools, a batch). Errors are ScoutErrors.
The names are part of :mod:`scout.api`, which wires a run on top of this.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from scout.config.loader import find_config
from scout.config.models import Config
from scout.errors import SpecInvalid, UsageError
from scout.i18n import N_
from scout.orchestrator.mission_request import MissionRequest
from scout.paths import derive_mission_id, project_root
from scout.paths import runs_dir as default_runs
from scout.paths import validate_mission_id
from scout.spec.loader import load_spec
from scout.spec.mission import mission_pipeline_path
from scout.spec.models import Mission, Pipeline
from scout.termsafe import controls_read_as_spaces, plain
from scout.validate import memo as valid_pipelines
from scout.validate import validate_file


#: the note of a query given with a Mission file that has its own (plan, apply, MCP)
QUERY_OVER_MISSION = N_("the query given replaces the Mission file's own query (the "
                        "file's inputs still apply)")

def parse_sets(sets: Iterable[str] | dict[str, Any] | None) -> dict[str, Any]:
    """``["budget=200 EUR", "min_rating=8"]`` -> dict; a dict passes through."""
    if not sets:
        return {}
    if isinstance(sets, dict):
        return dict(sets)
    out: dict[str, Any] = {}
    for item in sets:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--set {item!r}: expected key=value", hint="e.g. --set budget='200 EUR'")
        out[key.strip()] = value.strip()
    return out


def check_text(value: str | None, what: str) -> None:
    """Refuse text that is not valid Unicode: bytes that are not UTF-8 reach Python from
    argv as lone surrogates (and JSON can carry them as ``\\udcff``); nothing downstream
    can print, hash or send them."""
    if value is None:
        return
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        shown = value.encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")
        raise UsageError(
            f"{what} is not valid UTF-8 text (at character {exc.start + 1}: "
            f"{shown[:60]!s}{'…' if len(shown) > 60 else ''})",
            hint="the terminal or script passed bytes in another encoding; set a UTF-8 "
                 "locale (e.g. LANG=C.UTF-8) or re-type the text",
            code="USE045") from None


#: the longest query scout takes, in characters, as a ``--set`` value's bound
#: (mission_request.MAX_VALUE_CHARS): the parser reads the first 2,000 (and notes the
#: cut), while task.json, the state log and the report each keep the query whole, so a
#: 1 MB paste was ~5 MB on disk. docs/running.md says it.
MAX_REQUEST_CHARS = 10_000


def check_length(query: str | None, default_lang: str = "en") -> None:
    """Refuse a query longer than :data:`MAX_REQUEST_CHARS` (USE067, exit 2), in the
    request's language, before anything is written."""
    from scout.errors import RequestTooLong
    from scout.i18n import say, translations
    from scout.task.lang import coerce_lang, detect
    from scout.task.parser import MAX_QUERY_CHARS

    if query is None or len(query) <= MAX_REQUEST_CHARS:
        return
    lang = detect(query[:MAX_QUERY_CHARS], coerce_lang(default_lang))
    _ = translations(lang).gettext
    raise RequestTooLong(
        say(_, N_("{what} is {n} characters long; scout takes at most {max}"),
            what="--query", n=len(query), max=MAX_REQUEST_CHARS),
        hint=say(_, N_("say the request in a few sentences (scout reads the first "
                       "{read} characters of a query); a document to research is a "
                       "source, not a request"), read=MAX_QUERY_CHARS),
        lang=lang)


def check_no_secret(texts: dict[str, Any], root: Path, config: str | Path | None) -> None:
    """Refuse a request that holds the value of a credential this deployment knows (an
    adapter's API key from the environment, a pool token): the query goes out to search
    providers as it is, and into the mission id, task.json, the state log and the report,
    none of which the journal's scrubbing reaches. The error names the variable, never
    the value."""
    from scout.audit.secrets import known_secrets

    scrubber = known_secrets(root, config)
    if not scrubber.values():
        return
    for what, text in texts.items():
        if not isinstance(text, str) or not text:
            continue
        scrubbed = scrubber.text(text)
        if scrubbed != text:
            names = sorted(set(re.findall(r"\[secret:([^\]]+)\]", scrubbed)))
            raise UsageError(f"{what} holds the value of {', '.join(names)}: scout would "
                             "send it to the providers as part of the request and write it "
                             "into the run dir and the report",
                             hint="take the key out of the request; scout reads keys from "
                                  "the environment (or the token pool) by itself")


#: How deep an input value may nest (lists and mappings): a request's values are text,
#: numbers and short lists; an agent's JSON thousands deep made the mission id's repr()
#: recurse past Python's stack (an internal error).
MAX_VALUE_DEPTH = 32


def check_value_depth(inputs: dict[str, Any]) -> None:
    """Refuse an input value nested deeper than :data:`MAX_VALUE_DEPTH` (walked without
    recursion, and stopping there)."""
    for name, value in inputs.items():
        stack = [(value, 1)]
        while stack:
            item, depth = stack.pop()
            if not isinstance(item, (list, tuple, dict)):
                continue
            if depth > MAX_VALUE_DEPTH:
                raise UsageError(f"input {name!r}: the value nests lists or mappings more "
                                 f"than {MAX_VALUE_DEPTH} deep",
                                 hint="give the input as text, a number or a flat list")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)


def plain_value(value: Any) -> Any:
    """An input value with every text in it made plain (:func:`scout.termsafe.plain`:
    composed, no control sequence or bidi control); lists and mappings walked (their
    depth is bounded first, :func:`check_value_depth`), other values as they are."""
    if isinstance(value, str):
        return plain(value)
    if isinstance(value, (list, tuple)):
        return [plain_value(v) for v in value]
    if isinstance(value, dict):
        return {k: plain_value(v) for k, v in value.items()}
    return value


def is_blank(text: str) -> bool:
    """Nothing but white space and invisible marks (zero-width spaces, a BOM, bidi
    controls): what a query pasted empty looks like."""
    import unicodedata

    return all(ch.isspace() or unicodedata.category(ch) in ("Cf", "Cc", "Zs", "Zl", "Zp")
               for ch in text)


#: said (a warning of ``apply``, a note of ``plan``) when the request held control
#: characters: each is read as a space, as :func:`scout.termsafe.plain` reads it, and the
#: person hears it, for the text is then not what anyone typed
CONTROLS_READ = N_("the request held control characters ({codes}), each read as a space: "
                   "check that it says what you meant")


def request_controls(query: str | None, inputs: dict[str, Any]) -> list[str]:
    """The control characters in the query and the inputs' texts that are read as spaces
    (:func:`scout.termsafe.controls_read_as_spaces`), each once."""
    check_value_depth(inputs)  # walked below without recursion, to a bounded depth
    found: list[str] = []
    stack: list[Any] = [*reversed(inputs.values()), query]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found += [c for c in controls_read_as_spaces(item) if c not in found]
        elif isinstance(item, (list, tuple)):
            stack.extend(reversed(item))
        elif isinstance(item, dict):
            stack.extend(reversed(list(item.values())))
    return found


def read_request(query: str | None, inputs: dict[str, Any]
                 ) -> tuple[str | None, dict[str, Any]]:
    """A request as the task step reads it, on every surface that takes one (``apply``,
    MCP, a batch's rows): its text valid UTF-8 (:func:`check_text`), the query plain
    (:func:`scout.termsafe.plain`) and None when it is blank (:func:`is_blank`), the values'
    depth bounded and each text in them plain. The mission id is derived from what this
    returns, so the mission id and the report quote the same text, and a batch's row and
    ``scout apply`` of the same request name one mission."""
    check_text(query, "the query")
    for name, value in inputs.items():
        check_text(value if isinstance(value, str) else None, f"input {name!r}")
    if query:
        query = plain(query)
        if is_blank(query):
            query = None  # only spaces, tabs, newlines or invisible marks: no request at all
    check_value_depth(inputs)
    # a value is typed or pasted like the query, and read as plainly: a bidi override or
    # a terminal sequence in --set destination=... went into the providers' queries and
    # the Task, and broke the alignment of plan's table
    return query, {k: plain_value(v) for k, v in inputs.items()}


def check_cap(max_cost: float | None, name: str = "--max-cost") -> float | None:
    """A cost cap as every surface takes it (``--max-cost``, MCP's and the batch's
    ``max_cost``): None (no cap) or a finite number of USD, 0 or more. NaN compares false
    with everything, so a NaN cap never stopped a run, and ``inf`` is no cap spelt oddly:
    both are refused (USE001) before anything runs."""
    if max_cost is None:
        return None
    if isinstance(max_cost, bool) or not isinstance(max_cost, (int, float)) \
            or not 0 <= max_cost < float("inf"):
        raise UsageError(f"{name}: {max_cost!r} is not an amount of USD (a finite number, 0 "
                         "or more)", hint=f"leave {name} out for no cap")
    return float(max_cost)


def prepare(
    file: str | Path,
    *,
    query: str | None = None,
    sets: Iterable[str] | dict[str, Any] | None = None,
    mission_id: str | None = None,
    runs_dir: str | Path | None = None,
    config: str | Path | None = None,
    root: str | Path | None = None,
    max_cost: float | None = None,
) -> tuple[Pipeline, Config, MissionRequest]:
    """Load and validate FILE, and resolve the request (no run dir is touched). A
    pipeline this process validated before is reused while its files are unchanged
    (``scout.validate.memo``)."""
    check_text(query, "--query")
    if isinstance(sets, dict):
        for k, v in sets.items():
            check_text(f"{k}={v}" if isinstance(v, str) else str(k), "--set")
    elif sets is not None:
        sets = list(sets)
        for item in sets:
            check_text(item, "--set")
    check_text(mission_id, "--mission-id")
    # a file name that is not UTF-8 (a Mission found in a folder, "\xe9.yaml") would go
    # into task.json and the state log, which cannot hold it
    check_text(str(file), "the file name")
    check_text(None if runs_dir is None else str(runs_dir), "--runs-dir")
    max_cost = check_cap(max_cost)
    path = Path(file)
    if not path.exists():  # a folder or a FIFO is named as such by load_spec
        raise UsageError(f"no such file: {file}")
    # a pipeline this process validated already, unchanged (a batch's missions)
    known = valid_pipelines.cached(path, config=config) if path.is_file() else None
    if known is None:
        spec, problems = load_spec(path)
        if spec is None:
            raise SpecInvalid(problems)
        kind = spec.kind
    else:
        kind = "Pipeline"
    root_path = run_root(root, path, config)
    overrides = parse_sets(sets)
    if kind == "Mission":
        report = validate_file(path)
        if not report.ok:
            raise SpecInvalid(report.problems)
        assert spec is not None  # a Mission's kind is only known from reading it above
        mission = spec.model
        assert isinstance(mission, Mission)
        pipeline_path = mission_pipeline_path(spec)
        pspec, cfg = valid_pipelines.load_valid_pipeline(pipeline_path, config=config)
        inputs = dict(mission.inputs)
        sources = {k: "mission" for k in inputs}
        inputs.update(overrides)
        sources.update({k: "set" for k in overrides})
        q = query if query is not None else mission.query
        # the query given wins over the Mission's own (the file stays the template: its
        # inputs, id, runs dir and cap still apply), said out loud: not a silent swap
        notes = ([QUERY_OVER_MISSION] if query is not None and mission.query
                 and query.strip() != mission.query.strip() else [])
        mid = mission_id if mission_id is not None else mission.mission_id
        rdir = runs_dir or (root_path / mission.runs_dir if mission.runs_dir else None)
        cap = mission.max_cost
        mission_file: Path | None = path
    else:
        pspec, cfg = known or valid_pipelines.load_valid_pipeline(path, config=config)
        pipeline_path = path
        inputs, sources = overrides, {k: "set" for k in overrides}
        q, mid, rdir, cap, mission_file = query, mission_id, runs_dir, None, None
        notes = []
        if not q and not inputs:
            raise UsageError("nothing to research: give --query \"...\" (and/or --set key=value)",
                             hint="or apply a Mission document that declares the request")
    pipeline = pspec.model
    assert isinstance(pipeline, Pipeline)
    controls = request_controls(q, inputs)
    if controls:  # read as spaces (a NUL between words separates them), and said so
        notes = [*notes, CONTROLS_READ.format(codes=", ".join(controls))]
    q, inputs = read_request(q, inputs)
    if not q and not inputs:
        raise UsageError("nothing to research: the query is blank; give --query \"...\" "
                         "(and/or --set key=value)",
                         hint="a query of only spaces or invisible characters says nothing")
    check_length(q, cfg.default_lang)
    check_no_secret({"--query": q, **{f"--set {k}": v for k, v in inputs.items()}},
                    root_path, find_config(config, pipeline_path))
    if mid is None:
        mid = derive_mission_id(pipeline.name, q, inputs)
    validate_mission_id(mid)
    request = MissionRequest(
        pipeline_path=pipeline_path, mission_id=mid,
        runs_dir=default_runs(rdir, root=root_path), query=q, inputs=inputs,
        input_sources=sources, max_cost=max_cost if max_cost is not None else cap,
        mission_file=mission_file, notes=notes)
    return pipeline, cfg, request


def run_root(root: str | Path | None, file: str | Path, config: str | Path | None) -> Path:
    """The research root a run of ``file`` uses: ``root`` when given, else the project of
    the config it finds (``--config``, ``SCOUTE_CONFIG``, the current directory's, then
    the nearest above the file: scout.paths.project_root), so ``scout apply
    /abs/project/pipelines/x.yaml`` from another folder uses that project's templates
    and keeps its runs there."""
    return Path(root) if root else project_root(find_config(config, file))
