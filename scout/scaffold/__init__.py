"""``scout init KIND``: write a working research kind to start from.

Writes, under a project folder: ``pipelines/<kind>.yaml`` (inputs, a search, a fan-out,
rank, synthesize, report), ``templates/<kind>_report.md.j2`` (bilingual: its words go
through ``_()``), ``pipelines/missions/<kind>-example.yaml`` (a ``kind: Mission``),
``tests/test_<kind>.py`` (runs the kind offline with :mod:`scout.testing`) and, when the
project has none, a keyless ``config/adapters.yaml``. The files are plain text with
placeholders (``__KIND__``, ``__FILE__``, ``__WORDS__``, ``__INPUTS__``, ``__ASKED__``,
``__TITLED__``, ``__ABOUT__``), not Jinja: they contain Jinja. Existing files are never overwritten
without ``force``.

The kind's inputs are what the author says it needs (``--input NAME:TYPE``); without any,
an optional ``place`` (a kind of things bought online needs none). Each is optional and
read into the searches' queries, so a request that does not give it still runs; ``budget``
and ``min_rating`` are always there (the shortlist's criteria). The report lays out the
shared report sections built into scout (``_report.md.j2``).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from scout.errors import UsageError
from scout.fsutil import make_dirs, write_atomic
from scout.suggest import did_you_mean
from scout.termsafe import quoted
from scout.schemas.task import INPUT_TYPES

FILES = Path(__file__).parent / "files"
KIND_RE = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
MAX_LEN = 60
NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
#: the inputs every scaffolded kind has (rank and the shortlist read them) and the Task's
#: own fields: an --input may not take these names
RESERVED = frozenset({"budget", "min_rating", "query", "today", "values", "sources",
                      "types", "notes", "lang", "past_inputs"})
#: a list input needs an item type the scaffold cannot guess: write it in the YAML
TYPES = tuple(t for t in INPUT_TYPES if t != "list")
DEFAULT_INPUTS = (("place", "place"),)


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
        # quoted with its controls escaped: stripped on print, '\x1b[31mx' read as 'x'
        raise UsageError(f"{quoted(kind or '')} is not a valid kind name: use lowercase "
                         "letters and digits, words joined by '-', starting with a letter, "
                         f"at most {MAX_LEN} characters", hint=hint)
    return kind


@functools.cache
def scaffold_artifacts() -> frozenset[str]:
    """The artifacts the scaffolded pipeline's phases produce (``produces: [...]`` in
    files/pipeline.yaml): an --input of one of these names made a kind that does not
    validate."""
    text = (FILES / "pipeline.yaml").read_text(encoding="utf-8")
    return frozenset(name.strip() for m in re.finditer(r"produces:\s*\[([^\]]*)\]", text)
                     for name in m.group(1).split(",") if name.strip())


def parse_inputs(specs: list[str] | tuple[str, ...]) -> list[tuple[str, str]]:
    """``NAME:TYPE`` (TYPE defaults to string) of each ``--input``; the default when none."""
    out: list[tuple[str, str]] = []
    for spec in specs:
        name, _, kind = spec.strip().partition(":")
        name, kind = name.strip(), (kind.strip() or "string")
        if not NAME_RE.fullmatch(name):
            raise UsageError(f"--input {spec!r}: the name must be lowercase letters, digits "
                             "and '_', starting with a letter (e.g. --input city:place)")
        if name in RESERVED:
            raise UsageError(f"--input {spec!r}: '{name}' is taken (every kind has budget "
                             "and min_rating; the others are the Task's own fields)",
                             hint="pick another name")
        if name in scaffold_artifacts():
            made = ", ".join(sorted(scaffold_artifacts()))
            raise UsageError(f"--input {spec!r}: '{name}' is taken: the kind's phases "
                             f"produce an artifact of that name ({made}), and an input may "
                             "not share it (SPEC020)", hint="pick another name")
        if kind not in TYPES:
            raise UsageError(f"--input {spec!r}: unknown type '{kind}' (one of "
                             f"{', '.join(TYPES)})",
                             hint=did_you_mean(kind, list(TYPES), what="types"))
        if any(n == name for n, _ in out):
            raise UsageError(f"--input {spec!r}: '{name}' is given twice")
        out.append((name, kind))
    return out or list(DEFAULT_INPUTS)


def _inputs_yaml(inputs: list[tuple[str, str]]) -> str:
    width = max(len(n) for n, _ in inputs) + 1
    return "\n".join(f"  {(name + ':').ljust(max(width, 11))} {{type: {kind}, description: "
                     f"\"{name.replace('_', ' ')} (optional: a request without it still "
                     f"runs)\"}}" for name, kind in inputs)


def _asked(inputs: list[tuple[str, str]], title: bool = False) -> str:
    """The inputs read into a query, each only when the request gives it; ``title``: as a
    report's title, whose joining word is in the request's language (a Spanish report was
    titled "events in Madrid")."""
    parts = []
    where = "{% if task.lang == 'es' %} en{% else %} in{% endif %}" if title else " in"
    for name, kind in inputs:
        if kind == "place":
            parts.append(f"{{% if task.{name} %}}{where} {{{{ task.{name} }}}}{{% endif %}}")
        elif kind in ("date", "month"):  # as the request's language writes them, not ISO
            parts.append(f"{{% if task.{name} %}} {{{{ task.{name} | value('{kind}') }}}}"
                         "{% endif %}")
        elif kind == "duration":  # seconds in the Task; a search reads "20 min"
            parts.append(f"{{% if task.{name} %}} {{{{ task.{name} | duration }}}}{{% endif %}}")
        elif kind == "boolean":  # a yes/no filter reads as its words ("pet friendly")
            parts.append(f"{{% if task.{name} %}} {name.replace('_', ' ')}{{% endif %}}")
        elif kind == "area":  # square metres: a search says its unit ("60 m2")
            parts.append(f"{{% if task.{name} %}} {{{{ '%g' | format(task.{name}) }}}} m2"
                         "{% endif %}")
        elif kind in ("data_size", "weight"):  # GB / kg in the Task: a search says "16 GB"
            parts.append(f"{{% if task.{name} %}} {{{{ task.{name} | value('{kind}') }}}}"
                         "{% endif %}")
        else:
            parts.append(f"{{% if task.{name} %}} {{{{ task.{name} }}}}{{% endif %}}")
    return "".join(parts)


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


def init_kind(kind: str, root: str | Path = ".", *, force: bool = False,
              inputs: list[str] | tuple[str, ...] = ()) -> list[Written]:
    kind = check_kind_name(kind)
    declared = parse_inputs(inputs)
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
        text = (text.replace("__INPUTS__", _inputs_yaml(declared))
                .replace("__TITLED__", _asked(declared, title=True))
                .replace("__ASKED__", _asked(declared))
                .replace("__ABOUT__", " in a place" if any(k == "place" for _, k in declared)
                         else ""))
        text = text.replace("__KIND__", kind).replace("__FILE__", file).replace("__WORDS__", words)
        make_dirs(path.parent)
        write_atomic(path, text)
        out.append(Written(path, what))
    return out
