"""A project's own message catalogs, checked at validate time.

A kind's report templates write their own words with ``_()`` / ``{% trans %}`` and
translate them in ``locales/<lang>/LC_MESSAGES/messages.po`` beside ``templates/``
(scout.i18n merges that catalog over scout's). ``scout validate`` then checks:

* SPEC058 (error): a project catalog that does not parse, at its ``file:line`` (the
  report cannot read it either).
* SPEC085 (warning): a translation that drops a placeholder its msgid passes, or ends
  with other punctuation than its msgid (a '.' dropped, a ':' left dangling).
* SPEC093 (warning): a translation the report cannot fill, whether or not the entry is
  flagged python-format: it names a ``%(placeholder)s`` its msgid does not pass, or
  writes one otherwise (``%(n)d`` for ``%(n)s``), or a positional ``%s`` its msgid does
  not write ("Hola %s", "%(n)s %s": Jinja passes values by name), so the report shows the
  English msgid (:func:`scout.spec.catalogtext.unfilled`, the one rule both read). A
  warning, not an error: the report falls back, it does not fail. Babel's check (run on
  flagged entries as the report reads them, :func:`format_errors`) adds what that rule
  does not see, as SPEC093 too: a msgid's positional slots the translation writes
  otherwise (the report shows such a translation as written). A lone ``%`` ("100%
  reembolsable") is no such entry: the report shows it as written (fillable), and an
  input's label is read without ``%`` (``%%`` would show doubled there).
* SPEC078 (scout.validate.kind_words): the kind's input names and enum values.
* SPEC059 (warning): a msgid a project template (or a ``rank`` phase's ``reasons``,
  which the report shows) uses that neither the project's catalog
  nor scout's translates, for each language scout writes besides English (the source
  language: its msgids are the English text). Requests arrive in either language, so a
  kind's report is read in both.

The catalog checked, and named in SPEC059's hint, is the kind's own: ``locales/`` in the
project that holds the pipeline (:func:`kind_locales`), even when ``scout validate`` runs
from inside another project whose config wins (docs/running.md, "Where a run looks"); the
hint then also says how to run with the kind's config.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Iterator
from pathlib import Path
from typing import Any

from scout.errors import CatalogInvalid, Location, Problem
from scout.i18n import LANGS, _catalog, catalog_path, read_catalog
from scout.lazyre import lazy_re
from scout.spec.catalogtext import as_shown, unfilled
from scout.validate.builtin_facts import translated

#: the languages a kind's words must be translated into (English is the msgids)
TARGET_LANGS = tuple(lang for lang in LANGS if lang != "en")


#: the project catalogs read in this process, by file and its stamp: a pipeline's
#: templates and its input names (scout.validate.kind_words) are checked against one
#: catalog, read once
_READ: dict[tuple[str, str], tuple[tuple[int, int], Any]] = {}


def _read(path: Path, lang: str) -> Any:
    """The catalog at ``path`` (:func:`read_catalog`), read once per content."""
    st = path.stat()
    stamp = (st.st_mtime_ns, st.st_size)
    key = (str(path), lang)
    hit = _READ.get(key)
    if hit is not None and hit[0] == stamp:
        if isinstance(hit[1], CatalogInvalid):
            raise hit[1]
        return hit[1]
    try:
        catalog = read_catalog(path, lang)
    except CatalogInvalid as exc:
        _READ[key] = (stamp, exc)
        raise
    _READ[key] = (stamp, catalog)
    return catalog


def translators(locales: Path, lang: str) -> tuple[Path, Callable[[str], bool],
                                                   Callable[[str], bool]] | None:
    """For a project that has a catalog of ``lang`` under ``locales``: its path, whether
    it translates a msgid (no context), and whether it or scout's catalog does; None when
    it has none, or one that does not parse (SPEC058 says so)."""
    path = catalog_path(locales, lang)
    if not path.is_file():
        return None
    try:
        ours = _read(path, lang)
    except (CatalogInvalid, OSError):
        return None
    shipped = translated(lang)
    theirs = _catalog(lang) if shipped is None else None

    def mine(msgid: str) -> bool:
        return _translated(ours, msgid, "")

    def said(msgid: str) -> bool:
        return mine(msgid) or (shipped is not None and (msgid, None) in shipped) \
            or _translated(theirs, msgid, "")

    return path, mine, said


def _project_catalog(path: Path, lang: str, problems: list[Problem]) -> Any:
    try:
        catalog = _read(path, lang)
    except CatalogInvalid as exc:
        problems.append(Problem(exc.code, exc.message, exc.location, hint=exc.hint))
        return None
    unfillable = filling_problems(catalog, path)
    said = {p.location.line for p in unfillable if p.location is not None}
    for message, errors in format_errors(catalog):
        if (message.lineno or 0) in said:
            continue  # said once, by the rule the report renders by
        for err in errors:  # Babel's checkers: placeholders the msgstr and msgid disagree on
            problems.append(Problem(
                "SPEC093", f"the translation of {message.id!r} does not fit its msgid: {err}",
                Location(str(path), message.lineno or 0, 1), severity="warning",
                hint="give the translation only the %(placeholders)s its msgid passes, "
                     "written as it writes them"))
    problems.extend(wording_problems(catalog, path))
    problems.extend(unfillable)
    return catalog


def _shown(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return type(value)(as_shown(v) if isinstance(v, str) else v for v in value)
    return as_shown(value) if isinstance(value, str) else value


def format_errors(catalog: Any) -> Iterator[tuple[Any, list[Any]]]:
    """Babel's check (``Catalog.check``: placeholders a msgstr and its msgid disagree on,
    plural forms), run on each entry as the report reads it: a lone ``%`` before a space
    is text, as :func:`scout.spec.catalogtext.fillable` shows it, not the "% d"
    placeholder Babel would read ("%(n)s% de descuento" is no mix of positional and
    named). A real mix (``%s`` beside ``%(n)s``) is still one."""
    for message in catalog:
        if not message.id:
            continue
        seen = copy.copy(message)
        seen.id, seen.string = _shown(message.id), _shown(message.string)
        errors = seen.check(catalog=catalog)
        if errors:
            yield message, errors


def filling_problems(catalog: Any, path: Path) -> list[Problem]:
    """SPEC093 (warnings): translations the report cannot fill as their msgid is filled
    (:func:`scout.spec.catalogtext.unfilled`, the rule the report renders by: it shows
    the msgid instead), flagged python-format or not."""
    out: list[Problem] = []
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        ids = tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)
        strs = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        where = Location(str(path), message.lineno or 0, 1)
        for text in (t for t in strs if t):
            named = sorted(set(unfilled(text, ids)))
            if named:
                out.append(Problem(
                    "SPEC093", f"the translation of {ids[0]!r} cannot be filled: it names "
                    f"{', '.join(named)}, which its msgid does not pass; a report in that "
                    "language shows the English msgid instead", where, severity="warning",
                    hint="give the translation only the %(placeholders)s its msgid passes, "
                         "written as it writes them"))
                break
    return out


#: a placeholder, either style: ``%(name)s`` (templates' ``_()``) or ``{name}`` (msgids
#: Python fills with str.format)
_PLACEHOLDER = lazy_re(r"%\((\w+)\)[sdifr]|\{(\w+)\}")
#: the punctuation a sentence or label ends with
_END = ".:;!?…"
#: what may stand after that punctuation: closing quotes and brackets, spaces
_CLOSING = " \t\n\"'”’»)]"


def _ending(text: str) -> str:
    """The punctuation ``text`` ends with (before closing quotes and brackets), or ""."""
    tail = text.rstrip(_CLOSING)
    return tail[-1] if tail and tail[-1] in _END else ""


def _names(text: str) -> dict[str, str]:
    """The placeholders of ``text`` by name and style ("%(x)" or "{x}"), as written: the
    report fills a template's ``_()`` with ``%``, and "{x}" in its translation stayed
    "{x}" on the page (the value lost) while the names matched."""
    return {m.group(0)[:-1] if m.group(1) else m.group(0): m.group(0)
            for m in _PLACEHOLDER.finditer(text)}


def wording_problems(catalog: Any, path: Path) -> list[Problem]:
    """SPEC085 (warnings): translations that say less, or end otherwise, than their msgid:
    a placeholder the msgid passes that no form of the msgstr writes (the value is lost),
    a sentence's end (".", ":", "?"...) the msgstr drops or changes, and a ':' or ';' it
    ends with where the msgid ends with none (a label left dangling). A '.' the msgstr
    adds is left alone (an abbreviation's: "precio máx."), and so is a ':' inside it
    (Spanish introduces a list with one where English does not: "valores admitidos:
    {allowed}"), so a stray one there ("sea: %(procedure)s") is for a reader to see."""
    out: list[Problem] = []
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        strs = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        strs = [t for t in strs if t]
        if not strs:
            continue
        said: list[str] = []
        passed = {k: v for i in ids for k, v in _names(i).items()}
        lost = set(passed).difference(*(_names(t) for t in strs))
        if lost:
            said.append("it drops " + ", ".join(sorted(passed[k] for k in lost)))
        ends = {_ending(ids[-1]), _ending(ids[0])}
        odd = [t for t in strs if _ending(t) not in ends
               and not (_ending(t) == "." and ends == {""})]
        if odd:
            said.append(f"it ends with {_ending(odd[0]) or 'no punctuation'!r} where the "
                        f"msgid ends with {_ending(ids[-1]) or 'none'!r}")
        if said:
            out.append(Problem(
                "SPEC085", f"the translation of {ids[0]!r} reads otherwise than its msgid: "
                + "; ".join(said), Location(str(path), message.lineno or 0, 1),
                severity="warning",
                hint="a translation says every value its msgid passes, and ends as it ends"))
    return out


def kind_locales(spec_file: str | Path, templates: Path) -> Path:
    """The ``locales/`` a kind's words belong in: that of the nearest folder above the
    pipeline (or Mission) ``spec_file`` that is a project (it has ``templates/`` or
    ``locales/``), else the one beside ``templates`` (the config's project's)."""
    from scout.report.files import project_locales

    for folder in Path(spec_file).resolve().parents:
        if (folder / "templates").is_dir() or (folder / "locales").is_dir():
            return project_locales(folder / "templates")
    return project_locales(templates)


def catalog_problems(locales: Path,
                     msgids: list[tuple[str, str, Location]],
                     config_locales: Path | None = None,
                     labels: Collection[str] = ()) -> list[Problem]:
    """Problems of the project's catalogs under ``locales`` and of the ``msgids`` (text,
    context, where) its templates use. ``config_locales``: the catalogs beside the
    templates of the config in use, when that is another project's (said in the hint);
    ``labels``: the kind's input names and enum words, which its catalog translates for
    "What you asked" (never an entry "no template uses")."""
    problems: list[Problem] = []
    elsewhere = ""
    if config_locales is not None and config_locales.resolve() != locales.resolve():
        project, config = locales.parent, locales.parent / "config" / "adapters.yaml"
        elsewhere = (f"; a run with the config in use reads {config_locales} instead: run "
                     f"scout from {project}"
                     + (f", or pass --config {config}" if config.is_file() else ""))
    for lang in LANGS:
        path = catalog_path(locales, lang)
        # whatever is there (a folder, a named pipe): a run reads it and stops on it
        # (scout.i18n.translations), so validate says so rather than passing
        ours = _project_catalog(path, lang, problems) if path.exists() else None
        if lang not in TARGET_LANGS or not msgids:
            continue
        # scout's own catalog: what it translates ships with scout (builtin_facts), so
        # a project without catalogs of its own needs no Babel here; else read it
        shipped = translated(lang)
        theirs = _catalog(lang) if shipped is None else None
        reported: set[tuple[str, str]] = set()
        near = _near_misses(ours, path, {m for m, _, _ in msgids} | set(labels))
        for msgid, context, where in msgids:
            if (msgid, context) in reported:
                continue
            if _translated(ours, msgid, context):
                continue
            if (shipped is not None and (msgid, context or None) in shipped) \
                    or _translated(theirs, msgid, context):
                continue
            reported.add((msgid, context))
            ctx = f" (context {context!r})" if context else ""
            problems.append(Problem(
                "SPEC059", f"report text {msgid!r}{ctx} has no translation into "
                f"'{lang}': a request in that language gets it in English", where,
                severity="warning",
                hint=near(msgid)
                or f"add msgid {po_string(msgid)} and its msgstr to {path}{elsewhere}"))
    return problems


def _near_misses(catalog: Any, path: Path, used: set[str]) -> Callable[[str], str | None]:
    """For a msgid no catalog translates, the hint that the project's catalog has one
    spelt like it that nothing uses (``"Opening hour"`` for ``"Opening hours"``): the
    entry's msgid is the typo, not a missing translation."""
    from scout.suggest import closest

    spare = {} if catalog is None else {
        m.id: m.lineno for m in catalog if isinstance(m.id, str) and m.id and m.string
        and m.id not in used}

    def hint(msgid: str) -> str | None:
        hit = closest(msgid, spare, cutoff=0.8) if spare else None
        if hit is None:
            return None
        return (f"{path}:{spare[hit]} translates {po_string(hit)}, which no template "
                f"uses: write its msgid as {po_string(msgid)}")

    return hint


def _translated(catalog: Any, msgid: str, context: str) -> bool:
    if catalog is None:
        return False
    message = catalog.get(msgid, context=context or None)
    if message is None or message.fuzzy:
        return False
    text = message.string
    return bool(all(text) if isinstance(text, (tuple, list)) else text)


def po_string(text: str) -> str:
    """``text`` as a .po file quotes it."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
