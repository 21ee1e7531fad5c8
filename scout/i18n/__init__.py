"""The languages scout writes in (en, es) and their message catalogs.

Catalogs are gettext ``.po`` files under ``scout/locales/<lang>/LC_MESSAGES/messages.po``,
read with Babel at run time (no compiled ``.mo`` to keep in step). English is the source
language: its catalog is the identity. Report templates get these translations through
Jinja's i18n extension; Python code that writes user-facing text (the synthesis, notes)
calls :func:`translations` directly.

Text that Python code stores in artifacts (a candidate's flags, skip notices, a phase's
reason) is written in English from a msgid marked with :func:`N_` and formatted with
``str.format`` (``N_("price in {currency}, no rate to {target}")``). The report turns it
into the reader's language with :func:`scout.i18n.messages.localize`.

A project adds its own words beside its templates: ``locales/<lang>/LC_MESSAGES/messages.po``
in the project root (next to ``templates/`` and ``config/``), read the same way and merged
over scout's catalog, the project's translations winning (:func:`translations` with
``locales=``). A broken project catalog is the author's mistake, located at its
``file:line`` (:class:`~scout.errors.CatalogInvalid`, SPEC058).

This module owns the languages and their catalogs; the rest of the package is built on
it: :mod:`scout.i18n.messages` localises stored English text, :mod:`scout.i18n.numbers`
writes numbers, amounts and lengths of time (Babel's CLDR data), and
:mod:`scout.i18n.values` money, dates and any Task value by its declared type.
"""

from __future__ import annotations

import functools
import gettext
import io
import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from scout.errors import CatalogInvalid, Location
from scout.lazyre import lazy_re

LANGS = ("en", "es")
_LOCALES = Path(__file__).parent.parent / "locales"  # scout/locales, beside this package


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalog without translating it (stored text stays English)."""
    return msgid


def N_plural(singular: str, plural: str, count: int) -> str:
    """The English form for ``count`` (one → ``singular``), marked for the catalog like
    :func:`N_`: ``N_plural("{count} attempt", "{count} attempts", n).format(count=n)``.
    The catalog entry is a plural one keyed by ``singular``;
    :func:`scout.i18n.messages.localize` picks the reader's form from the ``{count}``
    placeholder's value."""
    return singular if count == 1 else plural


def lang_of(lang: Any) -> str:
    """A language scout writes in: ``lang`` when known, else English."""
    return lang if lang in LANGS else "en"


def common_lang(langs: Iterable[str]) -> str:
    """The language every one of ``langs`` is (a batch's requests'), else English."""
    found = {lang_of(lang) for lang in langs}
    return found.pop() if len(found) == 1 else "en"


def catalog_path(locales: Path, lang: str) -> Path:
    """Where the catalog of ``lang`` is under a ``locales`` folder (gettext's layout)."""
    return locales / lang / "LC_MESSAGES" / "messages.po"


@functools.lru_cache(maxsize=None)
def _catalog(lang: str) -> Any:
    path = catalog_path(_LOCALES, lang)
    if lang == "en" or not path.is_file():
        return None
    from babel.messages.pofile import read_po  # lazy: only reports and synthesis need Babel

    with path.open("rb") as fh:
        return read_po(fh, locale=lang)


_PO_STRING = r'"(?:[^"\\]|\\.)*"'
_PO_KEYWORD = lazy_re(r"\s*(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+" + _PO_STRING + r"\s*")
_PO_CONTINUED = lazy_re(r"\s*" + _PO_STRING + r"\s*")


def po_shape_problem(text: str) -> tuple[int, str] | None:
    """The first line (1-based) that is not a line of a ``.po`` file, and why; None when
    every line is a comment, a blank, ``keyword "string"`` or a quoted continuation, and
    every msgid has its msgstr. Babel lets an unclosed quote through (the entry would be
    silently untranslated) and numbers its own errors oddly; this says the line."""
    pending: int | None = None  # the line of a msgid still waiting for its msgstr
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _PO_KEYWORD.fullmatch(line)
        if m is None and _PO_CONTINUED.fullmatch(line) is None:
            if line.count('"') % 2:
                return n, "a quoted string is not closed"
            return n, f"not a .po line: {line.strip()[:60]!r} (expected msgid \"…\", msgstr \"…\" " \
                      "or a quoted continuation)"
        if m is None:
            continue
        keyword = m.group(1)
        if keyword in ("msgctxt", "msgid"):
            if pending is not None:
                return pending, "this msgid has no msgstr"
            pending = n if keyword == "msgid" else None
        elif keyword.startswith("msgstr"):
            pending = None
    if pending is not None:
        return pending, "this msgid has no msgstr"
    return None


#: The largest project catalog read (bytes): a kind's own words are kilobytes.
MAX_CATALOG_BYTES = 10_000_000


def _catalog_bytes(path: Path) -> bytes:
    """The bytes of a project's catalog, which someone else wrote: opened without waiting
    (a FIFO there blocked `scout plan` forever, the parser reads the catalog), refused
    when it is not a regular file (a device such as /dev/zero never ends), too big, or a
    link out of its ``locales/`` folder (as report templates are: report.files.outside)."""
    locales = path.parents[2]  # <locales>/<lang>/LC_MESSAGES/messages.po
    try:
        linked_out = locales.resolve() not in path.resolve().parents
    except (OSError, RuntimeError):  # a loop of links
        linked_out = True
    if linked_out:  # a kind written by someone else: its errors would quote that file
        raise CatalogInvalid(f"the message catalog is a link to a file outside {locales}; "
                             "scout reads no file there", location=Location(str(path)),
                             hint="copy the catalog into the locales folder")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # before fdopen, which refuses a folder
        os.close(fd)  # with its own words ("Is a directory: 3")
        raise CatalogInvalid("the message catalog is not a regular file (a named pipe, "
                             "a device or a folder?)", location=Location(str(path)),
                             hint="make it the .po file itself")
    with os.fdopen(fd, "rb") as f:
        data = f.read(MAX_CATALOG_BYTES + 1)
    if len(data) > MAX_CATALOG_BYTES:
        raise CatalogInvalid(f"the message catalog is over {MAX_CATALOG_BYTES:,} bytes",
                             location=Location(str(path)),
                             hint="a kind's catalog holds its own words only")
    return data


def read_catalog(path: Path, lang: str) -> Any:
    """A project's ``.po`` file as a Babel catalog; :class:`CatalogInvalid` (with the file
    and line) when it cannot be read or does not parse."""
    from babel.messages.pofile import PoFileError, PoFileParser

    hint = ("a .po entry is a msgid line and a msgstr line, each a quoted string (see "
            "docs/authoring.md \"A kind's own words\")")
    try:
        data = _catalog_bytes(path)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:  # named at its line, not by Python's byte offset
            raise CatalogInvalid("the message catalog is not UTF-8 text (an invalid byte "
                                 "here)", location=Location.of_byte(str(path), data, exc.start),
                                 hint="save the file as UTF-8 (gettext's .po files are UTF-8 "
                                      "text; UTF-16 is not read)") from None
        shape = po_shape_problem(text)
        if shape is not None:
            line, what = shape
            raise CatalogInvalid(f"the message catalog does not parse: {what}",
                                 location=Location(str(path), line, 1), hint=hint)
        # abort_invalid: a line Babel cannot read is an error here, not a warning in
        # a log nobody reads (the entry would silently stay untranslated)
        catalog = _bounded_catalog()(locale=lang)
        try:
            PoFileParser(catalog, abort_invalid=True).parse(io.BytesIO(data))
        except _PluralsOutOfRange as exc:
            raise _plural_forms_error(data, path, f"declares nplurals={exc.forms}: a "
                                      f"language has 1 to {MAX_PLURALS} plural forms") from None
        _check_plural_forms(catalog, data, path)
        return catalog
    except PoFileError as exc:
        line = exc.lineno + 1  # Babel counts from 0
        raise CatalogInvalid("the message catalog does not parse: "
                             f"{exc.args[0] if exc.args else 'invalid entry'}",
                             location=Location(str(path), line, 1), hint=hint) from None
    except (OSError, UnicodeDecodeError, ValueError, LookupError) as exc:
        # ValueError/LookupError: a header Babel refuses (an unknown charset or locale)
        raise CatalogInvalid(f"the message catalog cannot be read: {exc}",
                             location=Location(str(path)), hint=hint) from None


#: the most plural forms a catalog may declare: CLDR's languages have at most six (Arabic);
#: a compiled catalog holds that many strings for each plural entry, so
#: "nplurals=100000000" took minutes and gigabytes before a report could read one
MAX_PLURALS = 10
#: the counts a ``Plural-Forms`` expression is tried on, as msgfmt --check tries them
#: (0 to 1000), and counts far past them (a report counts kilometres and prices too)
_PLURAL_TRIES = (*range(1001), 10_000, 65_536, 1_000_000, 10**9, 10**12)


class _PluralsOutOfRange(Exception):
    """A catalog's header declared a number of plural forms no language has."""

    def __init__(self, forms: int) -> None:
        super().__init__(forms)
        self.forms = forms


@functools.lru_cache(maxsize=1)
def _bounded_catalog() -> type:
    """Babel's Catalog refusing, as soon as its header is read, a number of plural forms
    past :data:`MAX_PLURALS`: the reader then gives each plural entry that many strings
    (``nplurals=100000000000`` filled memory before the first entry was checked), and it
    reads the header wherever an entry with an empty msgid stands, so the header's text
    cannot be judged beforehand."""
    from babel.messages.catalog import Catalog

    babel_sets = Catalog.mime_headers.fset
    assert babel_sets is not None

    def set_headers(catalog: Any, headers: Any) -> None:
        babel_sets(catalog, headers)
        forms = catalog._num_plurals
        if forms is not None and not 1 <= forms <= MAX_PLURALS:
            raise _PluralsOutOfRange(forms)

    # the property's setter (which the header entry sets) names Babel's own method
    return type("BoundedCatalog", (Catalog,), {
        "mime_headers": property(Catalog.mime_headers.fget, set_headers)})


def _plural_forms_error(data: bytes, path: Path, what: str) -> CatalogInvalid:
    """SPEC058 at the catalog's ``Plural-Forms`` line: the header ``what``."""
    line = next((n for n, text in enumerate(data.decode("utf-8").splitlines(), 1)
                 if "Plural-Forms:" in text), 1)
    return CatalogInvalid(
        f"the message catalog's Plural-Forms header {what}",
        location=Location(str(path), line, 1),
        hint="write it as gettext does, e.g. \"Plural-Forms: nplurals=2; plural=(n != 1);"
             "\\n\"")


def _check_plural_forms(catalog: Any, data: bytes, path: Path) -> None:
    """The ``Plural-Forms`` header compiles as gettext compiles it when the report reads
    the catalog and picks one of its forms for every count: Babel keeps any text there,
    and "plural=n>1 ?;" or "(n*n)**99" failed only at the report, after the run was paid
    for, as "plural=(n % 0)" did (a division by zero at the first ``ngettext``, blamed on
    the template) and "plural=(n+1)" (a form the catalog has not: English at every
    count)."""
    try:
        plural = gettext.c2py(catalog.plural_expr)
    except (ValueError, RecursionError) as exc:
        raise _plural_forms_error(data, path, f"does not parse: {exc}") from None
    forms = catalog.num_plurals
    for n in _PLURAL_TRIES:
        try:
            form = plural(n)
        except (ArithmeticError, ValueError, TypeError, RecursionError) as exc:
            raise _plural_forms_error(data, path, f"fails for n={n}: {exc}") from None
        if not 0 <= form < forms:
            raise _plural_forms_error(data, path, f"gives form {form} for n={n}, but "
                                      f"nplurals={forms} (forms 0 to {forms - 1})")


def _compiled(catalog: Any) -> Any:
    from babel.messages.mofile import write_mo
    from babel.support import Translations

    buf = io.BytesIO()
    write_mo(buf, catalog)  # compiled in memory: plural forms and fuzzy rules as gettext has them
    buf.seek(0)
    return Translations(fp=buf, domain="messages")


@functools.lru_cache(maxsize=None)
def _scout_mo(lang: str) -> bytes:
    """Scout's own catalog for ``lang`` compiled to .mo bytes, once a process: a project's
    catalog is merged over a fresh copy read from them (:func:`_fresh_scout`), where
    compiling it again cost most of a new project catalog's read (Babel sorts every
    message to write a .mo)."""
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, _catalog(lang))
    return buf.getvalue()


def _fresh_scout(lang: str) -> Any:
    """A copy of scout's catalog for ``lang`` of its own (merging into it changes it)."""
    from babel.support import Translations

    return Translations(fp=io.BytesIO(_scout_mo(lang)), domain="messages")


@functools.lru_cache(maxsize=None)
def _scout_translations(lang: str) -> gettext.NullTranslations:
    catalog = _catalog(lang)
    return gettext.NullTranslations() if catalog is None else _compiled(catalog)


@functools.lru_cache(maxsize=32)
def _merged(lang: str, path: str, stamp: tuple[int, int]) -> gettext.NullTranslations:
    # keyed by the file's mtime and size: an edited catalog is read again (server, MCP)
    ours = _compiled(read_catalog(Path(path), lang))
    base = _catalog(lang)
    if base is None:  # English, or a language scout has no catalog for
        return ours
    return _fresh_scout(lang).merge(ours)  # a fresh copy of scout's: the project's win


def translations(lang: str, locales: Path | None = None) -> gettext.NullTranslations:
    """The catalog for ``lang`` (a NullTranslations for English or an unknown language),
    with the project's catalog under ``locales`` merged over it when there is one."""
    if locales is not None:
        path = catalog_path(locales, lang)
        try:
            st = path.stat()
        except OSError:
            st = None
        if st is not None:
            return _merged(lang, str(path), (st.st_mtime_ns, st.st_size))
    return _scout_translations(lang)


@functools.lru_cache(maxsize=32)
def _behind_english(lang: str, path: str, stamp: tuple[int, int] | None, english: str,
                    english_stamp: tuple[int, int]) -> gettext.NullTranslations:
    # a fresh copy of the reader's catalog (cached ones are shared) with the project's
    # English one behind it; keyed by both files' stamps, as _merged is
    base = _catalog(lang)
    ours = _compiled(read_catalog(Path(path), lang)) if stamp is not None else None
    front: gettext.NullTranslations
    if base is None:
        front = ours if ours is not None else gettext.NullTranslations()
    else:
        front = _fresh_scout(lang)
        if ours is not None:
            front = front.merge(ours)  # type: ignore[attr-defined]
    front.add_fallback(_compiled(read_catalog(Path(english), "en")))
    return front


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def reader_translations(lang: str, locales: Path | None = None) -> gettext.NullTranslations:
    """What a reader of ``lang`` is shown a kind's words with (a report, its search
    queries): :func:`translations`, and behind it the project's English catalog. A word
    the kind names in English but not in ``lang`` (an enum value ``h100`` its English
    catalog writes "H100", its Spanish one lacks) is the author's English label, not the
    identifier ("no es una h100"); a word no catalog names stays the identifier, which
    the report writes as words (:func:`author_word`). Design choice: the author's label
    in the other language reads better than an identifier, and names (models, brands)
    are the same in both; ``scout validate`` warns of each (SPEC078)."""
    lang = lang_of(lang)
    if lang == "en" or locales is None:
        return translations(lang, locales)
    english = catalog_path(locales, "en")
    english_stamp = _stamp(english)
    if english_stamp is None:
        return translations(lang, locales)
    path = catalog_path(locales, lang)
    return _behind_english(lang, str(path), _stamp(path), str(english), english_stamp)


def say(_: Any, msgid: str, **values: Any) -> str:
    """``msgid`` in the reader's language (``_``: a catalog's gettext) filled with
    ``values``; a translation that names other placeholders (a project catalog's
    mistake) falls back to the English."""
    try:
        return str(_(msgid)).format(**values)
    except (KeyError, IndexError, ValueError):
        return msgid.format(**values)


def author_word(word: str, gettext: Any) -> str:
    """An author's identifier (an enum value, "hot_desk") as a reader is shown it: the
    catalog's word (``gettext``), else the identifier with its underscores as spaces
    ("hot desk"), as the report's "What you asked" writes it. The raw identifier is the
    author's: task.json, ``plan`` and ``--set`` keep it."""
    shown = str(gettext(word))
    return shown.replace("_", " ") if shown == word else shown


def gettext_for(lang: str) -> Any:
    """``_`` for Python code writing in ``lang``: ``_("Recommendation")``."""
    return translations(lang_of(lang)).gettext


#: Small counts written as words in both languages ("dos habitaciones", "two bedrooms",
#: "una habitación"): people spell the counts of rooms, guests and seats, in requests and
#: in listings alike (the query parser and the ``stated`` filter read them).
COUNT_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6,
    "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12,
}
