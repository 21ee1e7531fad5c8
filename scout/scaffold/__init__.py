"""``scout init KIND``: write a working research kind to start from.

Writes, under a project folder: ``pipelines/<kind>.yaml`` (inputs, a search, a fan-out,
rank, synthesize, report), ``templates/<kind>_report.md.j2`` (bilingual: its words go
through ``_()``), ``pipelines/missions/<kind>-example.yaml`` (a ``kind: Mission``),
``tests/test_<kind>.py`` (runs the kind offline with :mod:`scout.testing`) and, when the
project has none, a keyless ``config/adapters.yaml`` and the ``schemas/`` the files'
``$schema`` lines name. The files are plain text with
placeholders (``__KIND__``, ``__FILE__``, ``__WORDS__``, ``__INPUTS__``, ``__ASKED__``,
``__TITLE__``, ``__ABOUT__``, ``__WHERE__``, ...), not Jinja: they contain Jinja. Existing
files are never overwritten without ``force``.

The kind's inputs are what the author says it needs (``--input NAME:TYPE``) and nothing
else; without any, the example kind: an optional ``place``, a ``budget`` and a
``min_rating``. Each is optional; the others are read into the searches' queries, so a
request that does not give one still runs, and each ``money`` input caps the price and
each ``rating`` input is a minimum rating in the rank phase (a kind of things without
ratings never flags "rating unknown"). The report's title is the kind's name (``--es``:
its Spanish name, for a Spanish request) and the request's values, separated; it lays
out the shared report sections built into scout (``_report.md.j2``). The Spanish name is
also written to the project's Spanish catalog (``locales/es/LC_MESSAGES/messages.po``) as
the translation of the kind's words, where the request parser finds it: "salas de escape
en Madrid" names the kind, not a subject; so are the Spanish labels init knows of the
inputs scout's catalog does not name (a trip's ends: ``origin`` → "origen").
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from scout.errors import UsageError
from scout.fsutil import make_dirs, write_atomic
from scout.scaffold.catalog import labels_in_catalog, name_in_catalog
from scout.scaffold.fills import asked, criteria, inputs_yaml, question, search_words, title
from scout.scaffold.names import (
    DEFAULT_INPUTS as DEFAULT_INPUTS, FILES, TYPES as TYPES, Written,
    budget_input as budget_input, check_kind_name, display_name, kind_words, parse_inputs,
    route_aliases as route_aliases)

#: the names the scaffold's texts were read by before they had a module of their own
#: (scout.scaffold.fills), as the scaffold's tests read them
_title, _asked, _criteria, _inputs_yaml = title, asked, criteria, inputs_yaml


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
              inputs: list[str] | tuple[str, ...] = (), spanish: str | None = None,
              name: str | None = None) -> list[Written]:
    """Write the kind ``kind``; ``name``: its name in English words (a report's title, its
    searches, its description), else the slug's words; ``spanish``: its name in a Spanish
    report's title and, in the project's Spanish catalog, in a Spanish request."""
    kind = check_kind_name(kind)
    declared = parse_inputs(inputs)
    spanish = display_name("--es", spanish, "congresos")
    name = display_name("--name", name, '"car repair workshops"')
    root = Path(root)
    planned = plan_files(kind, root)
    existing = [p for p, _, _ in planned if p.exists()]
    if existing and not force:
        raise UsageError("not overwriting existing file(s): "
                         + ", ".join(str(p) for p in existing),
                         hint="pass --force to overwrite them, or pick another kind name")
    # what a person calls the kind: its title, its search and its catalog entry say it
    words = name or kind_words(kind)
    file = kind.replace("-", "_")
    places = any(k == "place" for _, k in declared)
    fills = {"__INPUTS__": inputs_yaml(declared, example=not inputs),
             "__TITLE__": title(words, spanish, declared),
             "__ASKED__": asked(declared),
             "__SEARCH__": search_words(words, spanish, asked(declared)),
             "__QUESTION__": question(words, spanish, asked(declared), declared),
             "__ABOUT__": " in a place" if places else "",
             "__PLACE__": " in Lisbon" if places else "",
             **criteria(declared)}
    shared = _shared_schemas(root)
    out = []
    for path, template, what in planned:
        text = (FILES / template).read_text(encoding="utf-8")
        for key, value in fills.items():
            text = text.replace(key, value)
        if shared is not None:  # the enclosing project's schemas, not copies of them
            where = Path(os.path.relpath(shared, path.parent.resolve())).as_posix()
            text = _SCHEMA_LINE.sub(lambda m: f"$schema={where}/", text)
        text = text.replace("__KIND__", kind).replace("__FILE__", file).replace("__WORDS__", words)
        make_dirs(path.parent)
        write_atomic(path, text)
        out.append(Written(path, what))
    if spanish is not None:
        written = name_in_catalog(root, words, spanish)
        if written is not None:
            out.append(written)
        written = labels_in_catalog(root, declared)
        if written is not None:
            out.append(written)
    return out + (_schemas(root) if shared is None else [])


#: the ``$schema=../schemas/`` the scaffold's files start with (``../../`` a Mission's)
_SCHEMA_LINE = re.compile(r"\$schema=(?:\.\./)+schemas/")


def _shared_schemas(root: Path) -> Path | None:
    """The ``schemas/`` of a project ``root`` sits inside (scout's own repository, whose
    ``examples/<kind>/`` name ``../../../schemas``), when ``root`` has none of its own:
    the written files name it, and no copies are written beside them (stale copies in a
    repository that keeps one set, ``scout schema --check``'s)."""
    here = root.resolve()
    if (here / "schemas" / "pipeline.schema.json").is_file():
        return None
    return next((parent / "schemas" for parent in here.parents
                 if (parent / "schemas" / "pipeline.schema.json").is_file()), None)


def _schemas(root: Path) -> list[Written]:
    """The JSON Schemas the written files' first line names (``$schema=../schemas/…``),
    when the project has none: else an editor finds nothing there. Kept when present
    (``scout schema`` rewrites them)."""
    from scout.validate.jsonschema import SCHEMA_FILES, render

    out = []
    for name, make in SCHEMA_FILES.items():
        path = root / "schemas" / name
        if not path.exists():
            make_dirs(path.parent)
            write_atomic(path, render(make()))
            out.append(Written(path, "for editors' completion (scout schema)"))
    return out


