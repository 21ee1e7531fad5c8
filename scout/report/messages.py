"""Which msgids the report templates and scout's Python code use, and which lack a translation.

Templates are read with Babel's extractor for Jinja (``jinja2.ext.babel_extract``: ``_()``,
``gettext``, ``ngettext`` and ``{% trans %}`` blocks); Python modules with Babel's Python
extractor for ``N_()`` (text stored in English and localised at render time) and ``_()``.

    python -m scout.report.messages                 # msgids missing from every catalog
    python -m scout.report.messages --lang es       # ... from the Spanish one
    python -m scout.report.messages --pot out.pot   # a template to merge into a catalog

Exit status 1 when a msgid lacks a translation, so CI (and a pre-commit hook) can refuse an
untranslated string.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scout.i18n import LANGS, _catalog

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE_KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PYTHON_KEYWORDS = {"N_": None, "N_plural": (1, 2), "_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
                   "npgettext": ((1, "c"), 2, 3)}
JINJA_OPTIONS = {"extensions": "jinja2.ext.i18n", "trim_blocks": "True",
                 "lstrip_blocks": "True"}

Where = tuple[str, int]  # (file, line)
Key = tuple[str, "str | None"]  # (msgid, msgctxt)


def _add(out: dict[Key, list[Where]], msgid: object, context: str | None, where: Where) -> None:
    # a plural message (ngettext, {% pluralize %}) is keyed by its singular in a catalog
    one = msgid[0] if isinstance(msgid, tuple) and msgid else msgid
    if isinstance(one, str) and one:
        out.setdefault((one, context), []).append(where)


def template_msgids(templates: Path) -> dict[Key, list[Where]]:
    """msgid → where it is used, for every ``*.j2`` under ``templates``."""
    import jinja2.ext
    from babel.messages.extract import extract

    out: dict[Key, list[Where]] = {}
    for path in sorted(templates.rglob("*.j2")):
        with path.open("rb") as fh:
            for line, msgid, _comments, context in extract(
                    jinja2.ext.babel_extract, fh, keywords=TEMPLATE_KEYWORDS,  # type: ignore[arg-type]
                    options=JINJA_OPTIONS):
                _add(out, msgid, context, (str(path), line))
    return out


def python_msgids(package: Path) -> dict[Key, list[Where]]:
    """msgid → where it is used, for ``N_()`` / ``_()`` in every module under ``package``."""
    from babel.messages.extract import extract

    out: dict[Key, list[Where]] = {}
    for path in sorted(package.rglob("*.py")):
        with path.open("rb") as fh:
            for line, msgid, _comments, context in extract("python", fh,
                                                           keywords=PYTHON_KEYWORDS):
                _add(out, msgid, context, (str(path), line))
    return out


def used_msgids(root: Path = ROOT) -> dict[Key, list[Where]]:
    found = template_msgids(root / "templates")
    # the package's own templates: built-in report sections, the scaffold, the dashboard
    for msgid, where in template_msgids(root / "scout").items():
        found.setdefault(msgid, []).extend(where)
    for msgid, where in python_msgids(root / "scout").items():
        found.setdefault(msgid, []).extend(where)
    # the record's words rank's "could not check: {criterion}" names (built from the
    # record models, so a new field is a new msgid)
    from scout.spec import filters

    for word in filters.field_words():
        found.setdefault((word, None), []).append((filters.__file__, 1))
    return found


def missing(lang: str, root: Path = ROOT) -> dict[Key, list[Where]]:
    """Used msgids the ``lang`` catalog does not translate (an empty msgstr counts)."""
    catalog = _catalog(lang)
    out = {}
    for (msgid, context), where in used_msgids(root).items():
        message = catalog.get(msgid, context=context) if catalog is not None else None
        if message is None or not message.string or message.fuzzy:
            out[(msgid, context)] = where
    return out


def write_pot(path: Path, root: Path = ROOT) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalog = Catalog(project="scout")
    for (msgid, context), where in used_msgids(root).items():
        catalog.add(msgid, locations=[(str(Path(f).relative_to(root)), n) for f, n in where],
                    context=context)
    with path.open("wb") as fh:
        write_po(fh, catalog, width=100)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m scout.report.messages",
                                 description="msgids the report templates and scout use, "
                                             "and those a catalog lacks")
    ap.add_argument("--lang", action="append", choices=[x for x in LANGS if x != "en"])
    ap.add_argument("--pot", type=Path, help="write a .pot template of every msgid here")
    args = ap.parse_args(argv)
    if args.pot:
        write_pot(args.pot)
        print(f"wrote {args.pot}")
        return 0
    bad = 0
    for lang in args.lang or [x for x in LANGS if x != "en"]:
        for (msgid, context), where in sorted(missing(lang).items(), key=lambda kv: (
                kv[0][0], kv[0][1] or "")):
            file, line = where[0]
            ctx = f" (context {context!r})" if context else ""
            print(f"{file}:{line}: [{lang}] no translation for {msgid!r}{ctx}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
