"""What a batch runs: its missions, read from a folder of Mission files or from one
pipeline plus a list of queries (a YAML list or a CSV table, one mission per row).

Every entry becomes a :class:`scout.dist.jobs.MissionJob` with its mission id known up
front (given, declared by the Mission, or derived from the request the way ``scout
apply`` derives it, so the same row always names the same mission and a re-run
converges on it). Input files are untrusted: every problem of every row is collected
(with its file and line) and raised once as ``SpecInvalid`` — never a traceback.

CSV (TSV: ``.tsv``, tab-separated): a header row; the columns ``query`` and
``mission_id`` are the request and its id, every other column is an input (like ``--set
column=value``); empty cells are absent. YAML: a list whose items are a query (a string)
or a mapping with ``query``, ``mission_id`` and ``inputs`` (a mapping of input values).
JSON Lines (``.jsonl``, ``.ndjson``): one such item per line, as an agent writes them.
"""

from __future__ import annotations

import codecs
import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from scout.dist.jobs import MissionJob
from scout.errors import Location, Problem, ScoutError, SpecInvalid, UsageError
from scout.paths import derive_mission_id, validate_mission_id
from scout.spec.yamlbound import MAX_NODES, expanded_entries

#: keys a YAML row may carry
ROW_KEYS = ("query", "mission_id", "inputs")
#: an input list larger than this is refused (untrusted file; a batch is split instead)
MAX_ROWS = 1_000_000
#: a file larger than this is refused before it is read (it was read whole, then its rows
#: counted): a million rows of a few hundred bytes each
MAX_BYTES = 256_000_000


@dataclass(frozen=True)
class BatchEntry:
    """One mission of a batch: its job and where it was declared (``file:line``)."""

    mission_id: str
    job: MissionJob
    source: str
    #: the request's language as read before any phase (the batch's lines speak the one
    #: its missions share)
    lang: str = "en"


def _problem(code: str, message: str, file: Path, line: int | None,
             hint: str | None = None) -> Problem:
    # no line: 0, as Location says (None would not sort against the lines of other rows)
    return Problem(code, message, Location(str(file), line or 0), hint=hint)


def missions_in_folder(folder: Path, *, runs_dir: str | None, config: str | None,
                       root: Path) -> list[BatchEntry]:
    """Every ``kind: Mission`` file under ``folder``, each checked like ``scout apply``."""
    from scout import api
    from scout.orchestrator.mission_request import asked_lang
    from scout.spec.discover import find_specs, scout_kind

    files = [p for p in find_specs([folder]).files if scout_kind(p) == "Mission"]
    if not files:
        raise UsageError(f"no 'kind: Mission' files under {folder}", code="USE080",
                         hint="or give a pipeline and --queries FILE (a CSV or YAML list)")
    entries: list[BatchEntry] = []
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for path in files:
        try:
            _, cfg, req = api.prepare(path, runs_dir=runs_dir, config=config, root=root)
        except SpecInvalid as exc:
            problems.extend(exc.problems)
            continue
        except ScoutError as exc:
            problems.append(_problem(exc.code, exc.message, path, None, exc.hint))
            continue
        mid = req.mission_id
        if mid in seen:
            problems.append(_problem("USE082", f"mission id '{mid}' is also declared by "
                                     f"{seen[mid]}", path, None,
                                     "give each Mission its own mission_id"))
            continue
        seen[mid] = str(path)
        entries.append(BatchEntry(mid, MissionJob(str(path), mission_id=mid, runs_dir=runs_dir,
                                                  config=config, root=str(root)), str(path),
                                  asked_lang(req.query, req.inputs, cfg.default_lang)))
    if problems:
        raise SpecInvalid(sorted(problems, key=lambda p: p.sort_key))
    return entries


def _yaml_rows(path: Path, text: str
               ) -> tuple[list[tuple[int, dict[str, Any]]], list[Problem]]:
    """(line, row) pairs of a YAML list; raises SpecInvalid naming what is wrong where."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except RecursionError:  # PyYAML's composer recurses: "[[[[..." thousands deep
        raise SpecInvalid([_problem("USE081", "not valid YAML: nested deeper than the "
                                    "reader goes (hundreds of brackets?)", path, None,
                                    "write each row's inputs as text or a flat list")]
                          ) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise SpecInvalid([_problem("USE081", f"not valid YAML: {getattr(exc, 'problem', exc)}",
                                    path, mark.line + 1 if mark else None)]) from None
    if node is None or not isinstance(node, yaml.SequenceNode):
        raise SpecInvalid([_problem(
            "USE081", "a query list must be a YAML list (one mission per item)", path,
            node.start_mark.line + 1 if node is not None else 1,
            "e.g.\n  - hotels in Barcelona in September\n  - {query: hotels in Porto, "
            "inputs: {budget: 150 EUR}}")])
    left = MAX_NODES
    for item in node.value:  # the row at which the list passes the bound is named
        left -= expanded_entries(item, left)
        if left < 0:
            raise SpecInvalid([_problem(
                "USE081", f"the list expands to more than {MAX_NODES:,} entries (aliases "
                "of aliases?)", path, item.start_mark.line + 1,
                "write each row out; a query list is never that big")])
    try:
        values = yaml.safe_load(text)
    except yaml.YAMLError as exc:  # composes but does not construct (a bad tag)
        raise SpecInvalid([_problem("USE081", f"not valid YAML: {exc}", path, None)]) from None
    return _items(path, [(item.start_mark.line + 1, value)
                         for item, value in zip(node.value, values)])


def _items(path: Path, items: list[tuple[int, Any]]
           ) -> tuple[list[tuple[int, dict[str, Any]]], list[Problem]]:
    """(line, row) of each item of a YAML list or a JSON Lines file that is a query or a
    row mapping, and the problems of the others."""
    rows: list[tuple[int, dict[str, Any]]] = []
    problems: list[Problem] = []
    for line, value in items:
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            rows.append((line, {"query": str(value)}))
            continue
        if not isinstance(value, dict):
            problems.append(_problem("USE081", "each item is a query (text) or a mapping "
                                     "with query, mission_id, inputs", path, line))
            continue
        unknown = [str(k) for k in value if k not in ROW_KEYS]
        if unknown:
            from scout.suggest import did_you_mean

            problems.append(_problem("USE081", f"unknown key(s) {', '.join(unknown)}", path,
                                     line, did_you_mean(unknown[0], ROW_KEYS, what="keys")
                                     or f"known: {', '.join(ROW_KEYS)}"))
            continue
        if value.get("inputs") is not None and not isinstance(value.get("inputs"), dict):
            problems.append(_problem("USE081", "'inputs' must be a mapping of input values",
                                     path, line, "e.g. inputs: {budget: 150 EUR}"))
            continue
        rows.append((line, {k: v for k, v in value.items() if v is not None}))
    return rows, problems


def _jsonl_rows(path: Path, text: str
                ) -> tuple[list[tuple[int, dict[str, Any]]], list[Problem]]:
    """(line, row) pairs of a JSON Lines file: one item per line, blank lines skipped."""
    from scout.fsutil import loads_stored

    items: list[tuple[int, Any]] = []
    problems: list[Problem] = []
    for line, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            items.append((line, loads_stored(raw, finite=True)))
        except ValueError as exc:
            problems.append(_problem("USE081", f"not a JSON value: {str(exc)[:120]}", path,
                                     line, 'one item per line, e.g. {"query": "hotels in '
                                     'Porto", "inputs": {"budget": "150 EUR"}}'))
    rows, bad = _items(path, items)
    return rows, problems + bad


def _csv_rows(path: Path, text: str, delimiter: str = ","
              ) -> tuple[list[tuple[int, dict[str, Any]]], list[Problem]]:
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        header = next(reader, None)
    except csv.Error as exc:
        raise SpecInvalid([_problem("USE081", f"not a valid CSV header: {exc}", path, 1)]) from None
    if not header or not any(h.strip() for h in header):
        raise SpecInvalid([_problem("USE081", "the CSV has no header row", path, 1,
                                    "first row: query,mission_id,<input names...>")])
    names = [h.strip() for h in header]
    if any(not n for n in names) or len(set(names)) != len(names):
        raise SpecInvalid([_problem("USE081", "CSV header names must be present and distinct",
                                    path, 1, f"header: {','.join(names)}")])
    rows: list[tuple[int, dict[str, Any]]] = []
    problems: list[Problem] = []
    while True:
        line = reader.line_num + 1
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            problems.append(_problem("USE081", f"unreadable CSV row: {exc}", path, line))
            break
        if not any(c.strip() for c in cells):
            continue  # blank line
        if len(cells) != len(names):
            problems.append(_problem("USE081", f"row has {len(cells)} cells, the header "
                                     f"{len(names)}", path, line,
                                     "quote cells that contain commas"))
            continue
        row: dict[str, Any] = {}
        inputs: dict[str, Any] = {}
        for name, cell in zip(names, cells):
            cell = cell.strip()
            if not cell:
                continue
            if name in ("query", "mission_id"):
                row[name] = cell
            else:
                inputs[name] = cell
        if inputs:
            row["inputs"] = inputs
        rows.append((line, row))
    return rows, problems


def read_rows(path: Path) -> tuple[list[tuple[int, dict[str, Any]]], list[Problem]]:
    """The rows of a query list, by extension: ``.csv``, ``.tsv`` (tab-separated),
    ``.jsonl`` / ``.ndjson``, else YAML, and the problems of the rows that could not be read
    (a broken file raises at once)."""
    if not path.is_file():
        from scout.spec.specfile import not_a_file

        try:  # a FIFO (never opened: it would wait for a writer) or a device is there
            what = not_a_file(path.stat().st_mode)
        except OSError:
            what = None
        if what is not None:
            raise UsageError(f"--queries {path} is {what}, not a file of queries",
                             code="USE080", hint="a .csv file or a YAML list of queries")
        raise UsageError(f"--queries {path}: no such file", code="USE080")
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise UsageError(f"{path}: {size:,} bytes is more than {MAX_BYTES:,} in one batch",
                         code="USE080", hint="split the list into several batches")
    raw = path.read_bytes()
    # Excel's "Unicode text" is UTF-16 with its BOM; anything else must be UTF-8
    utf16 = raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
    try:
        text = raw.decode("utf-16" if utf16 else "utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1  # where to look: a cp1252 'ñ', say
        raise SpecInvalid([_problem("USE081", f"not UTF-8 text (byte {exc.start + 1})", path,
                                    line, "save the file as UTF-8")]) from None
    text = text.removeprefix("\ufeff")  # spreadsheets write a BOM
    suffix = path.suffix.lower()
    if suffix in (".csv", ".tsv"):
        # a .tsv read as commas made its header one column and split rows at commas
        rows, problems = _csv_rows(path, text, "\t" if suffix == ".tsv" else ",")
    elif suffix in (".jsonl", ".ndjson"):
        rows, problems = _jsonl_rows(path, text)
    else:
        rows, problems = _yaml_rows(path, text)
    if not rows and not problems:
        raise UsageError(f"{path}: no missions in it (no rows)", code="USE080")
    if len(rows) > MAX_ROWS:
        raise UsageError(f"{path}: {len(rows)} rows is more than {MAX_ROWS} in one batch",
                         code="USE080", hint="split the list into several batches")
    return rows, problems


def missions_from_queries(pipeline: Path, queries: Path, *, runs_dir: str | None,
                          config: str | None, root: Path,
                          sets: dict[str, Any] | None = None) -> list[BatchEntry]:
    """One mission per row of ``queries``, all on ``pipeline``; ``sets`` apply to every
    row (a row's own inputs win)."""
    from scout.api.request import read_request
    from scout.orchestrator.mission_request import asked_lang, coerce_inputs
    from scout.spec.models import Pipeline
    from scout.validate import load_valid_pipeline

    spec, _ = load_valid_pipeline(pipeline, config=config)
    model = spec.model
    assert isinstance(model, Pipeline)
    entries: list[BatchEntry] = []
    rows, problems = read_rows(queries)
    seen: dict[str, int] = {}
    for line, row in rows:
        query = row.get("query")
        query = str(query) if query is not None else None
        inputs = {**(sets or {}), **{str(k): v for k, v in (row.get("inputs") or {}).items()}}
        try:
            # read as `scout apply` reads its request: a row of only invisible marks is
            # blank, and a colour code or NUL in a row names the same mission as without
            query, inputs = read_request(query, inputs)
        except ScoutError as exc:
            problems.append(_problem("USE081", exc.message, queries, line, exc.hint))
            continue
        if not query and not inputs:
            problems.append(_problem("USE081", "row has no query and no inputs", queries, line))
            continue
        try:
            coerce_inputs(model, inputs)  # unknown names and bad values, per row
            raw_id = row.get("mission_id")
            mid = validate_mission_id(str(raw_id)) if raw_id is not None \
                else derive_mission_id(model.name, query, inputs)
        except ScoutError as exc:
            problems.append(_problem("USE081", exc.message, queries, line, exc.hint))
            continue
        if mid in seen:
            problems.append(_problem("USE082", f"mission '{mid}' repeats line {seen[mid]}",
                                     queries, line,
                                     "drop the duplicate, or give each row its own mission_id"))
            continue
        seen[mid] = line
        job = MissionJob(str(pipeline), mission_id=mid, query=query, inputs=inputs,
                         runs_dir=runs_dir, config=config, root=str(root))
        entries.append(BatchEntry(mid, job, f"{queries}:{line}", asked_lang(query, inputs)))
    if problems:
        raise SpecInvalid(sorted(problems, key=lambda p: p.sort_key))
    return entries
