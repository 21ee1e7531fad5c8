"""Render reports: the sandboxed template environment, its filters bound to the request's
language, and Markdown to HTML (sources are numbered by :mod:`scout.report.citations`).

Markdown templates render with autoescape off, every value they write made inert
(:mod:`scout.report.inert`: no raw HTML, no link to anything but the web, no invisible
controls); HTML templates (``*.html.j2``) with autoescape on, so text from the web can
never inject markup into ``report.html``. Both use ``StrictUndefined``: a template typo
fails the report phase loudly.

The environment speaks the request's language: Jinja's i18n extension with the Babel
catalog of ``task.lang`` installed (newstyle gettext: ``{{ _("Sources") }}``,
``{% trans %}…{% endtrans %}``), and the locale filters (``money``, ``rating``,
``number``, ``date``, ``month``, ``value``, ``l10n``, ``usd``) bound to that language.
"""

from __future__ import annotations

import functools
import re
import threading
from pathlib import Path
from collections.abc import Collection
from types import CodeType
from typing import Any

from jinja2 import BytecodeCache, ChoiceLoader, FileSystemLoader, select_autoescape
from jinja2.exceptions import SecurityError
from jinja2.loaders import split_template_path
from jinja2.bccache import Bucket

from scout.i18n import lang_of, reader_translations
from scout.report import codecache
from scout.report.asvalue import CALL as AS_VALUE
from scout.report.asvalue import ValuesAsWritten, as_value
# where a template name's file is (scout.report.files, no jinja2), re-exported
from scout.report.files import (  # noqa: F401
    BUILTIN,
    DEFAULT_TEMPLATE,
    HTML_WRAPPER_NAME,
    REPORT_SYNTAX,
    catalog_files,
    outside,
    project_locales,
    resolve_template,
    template_files,
)
from scout.spec.catalogtext import install_catalog
from scout.spec.filters import FILTERS
from scout.spec.templating import PARSE_EXTENSIONS, make_env

#: filters whose output depends on the language (they take ``lang=``)
LOCALE_FILTERS = ("money", "rating", "number", "date", "month", "value", "l10n", "duration", "unit",
                  "usd", "listed")

#: filters that write a rating (they take ``rating_scale``: the kind's)
RATING_FILTERS = ("rating", "value")

class _CompiledTemplates(BytecodeCache):
    """Compiled report templates kept in this process, so each mission's report does not
    parse and compile the same templates again (most of a report phase's CPU). Jinja keys a
    bucket by template name and file and checks the source's checksum on load: an edited
    template is compiled afresh. One cache per language (:func:`compiled_for`), and
    :func:`make_report_env` turns Jinja's constant folding off: a filter on a literal
    folded at compile time would keep one mission's rating scale or one project's words in
    code every mission shares.

    A bucket is keyed by the template's name alone, its source checked by checksum as
    before: the same kind's templates copied into another research root (each offline
    mission of ``scout.testing`` makes its own) are compiled once a process, not once a
    root; the code loaded is given the file it now comes from, so a render error still
    points at this root's template (:mod:`scout.report.locate`).

    Under it, the code is kept on disk for the next process (:mod:`scout.report.codecache`:
    the CLI runs one mission a process)."""

    def __init__(self, lang: str) -> None:
        self._lang = lang
        self._lock = threading.Lock()
        self._code: dict[str, bytes] = {}

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return super().get_cache_key(name)

    def get_bucket(self, environment: Any, name: str, filename: str | None,
                   source: str) -> Bucket:
        bucket = super().get_bucket(environment, name, filename, source)
        if bucket.code is not None and filename and bucket.code.co_filename != filename:
            bucket.code = _refiled(bucket.code, filename)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        with self._lock:
            data = self._code.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)
            return
        data = codecache.read(self._lang, bucket.key)
        if data is None:
            return
        try:
            bucket.bytecode_from_string(data)  # None unless Jinja's code for this source
        except Exception:  # a file that is not ours (any shape): a miss, compiled again
            bucket.reset()
        if bucket.code is not None:
            with self._lock:
                self._code[bucket.key] = data

    def dump_bytecode(self, bucket: Bucket) -> None:
        data = bucket.bytecode_to_string()
        with self._lock:
            self._code[bucket.key] = data
        codecache.write(self._lang, bucket.key, data)

    def clear(self) -> None:
        with self._lock:
            self._code.clear()


def _refiled(code: CodeType, filename: str) -> CodeType:
    """``code`` and the code objects inside it, compiled from ``filename`` (the same
    source in another folder)."""
    consts = tuple(_refiled(c, filename) if isinstance(c, CodeType) else c
                   for c in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)


_COMPILED: dict[str, _CompiledTemplates] = {}
_COMPILED_LOCK = threading.Lock()


def compiled_for(lang: str) -> _CompiledTemplates:
    with _COMPILED_LOCK:
        found = _COMPILED.get(lang)
        if found is None:
            found = _COMPILED[lang] = _CompiledTemplates(lang)
        return found


def forget_compiled() -> None:
    with _COMPILED_LOCK:
        _COMPILED.clear()


def _with_project_words(name: str, lang: str, catalog: Any,
                        written: Any = None) -> Any:
    """The filter ``name`` (``l10n``, ``input_labels``) with the project's words too (its
    input names in "What you asked"); ``written`` (:func:`scout.report.kindwords.kind_words`):
    a kind's enum word is written as a printed one is, so ``task.service | l10n`` joined
    into a sentence reads "home boarding" in an English report, never the identifier
    "home_boarding". pass_context, so Jinja never folds it into the compiled code, which
    is shared by the projects (and catalog edits) that render the same template file."""
    from jinja2 import pass_context

    @pass_context
    def with_words(_context: Any, value: Any, *args: Any) -> Any:
        if written is not None and not args and (shown := written(value)) is not value:
            return shown
        return FILTERS[name](value, *args, lang=lang, catalog=catalog)

    return with_words


def _on_scale(name: str, lang: str, rating_scale: int, **bound: Any) -> Any:
    """The filter ``name`` (``rating``, ``value``) writing ratings on ``rating_scale``
    (``bound``: its other bound arguments, ``value``'s ``units``).
    pass_context, so Jinja never folds a constant rating into the compiled code, which is
    shared by every kind (whatever its scale) that renders the same template file."""
    from jinja2 import pass_context

    @pass_context
    def on_scale(_context: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
        return FILTERS[name](value, *args, lang=lang, rating_scale=rating_scale,
                             **{**bound, **kwargs})

    return on_scale


#: an escaped citation-like mark, ``\[3\]`` or ``\[3]``
_QUOTED_MARKER = re.compile(r"\\\[(\d{1,4}\\?\])")
#: a private-use character marking such a "[" through markdown-it (removed after)
_HOLD = "\ue000"


def markdown_to_html(text: str) -> str:
    """The report's Markdown as HTML: raw HTML in it is text, so web text cannot inject
    markup, and a link or picture is kept only when it points at the web (http, https,
    mailto), a fragment or a relative path. markdown-it's own check refuses only
    javascript:, vbscript:, file: and most data: targets, so ``[x](ms-msdt:...)`` or
    ``<search-ms:...>`` (protocol handlers a click starts programs with) stayed links."""
    from markdown_it import MarkdownIt

    from scout.report.inert import safe_link

    md = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")
    md.validateLink = safe_link  # type: ignore[method-assign,assignment]
    # "\[3\]" is quoted text's own bracket (md_cell), not the report's citation [3]:
    # its "[" is written &#91; so the citation linker (htmlpost.link_citations) passes it
    held = _QUOTED_MARKER.sub(lambda m: "\\[" + _HOLD + m.group(1), text)
    return md.render(held).replace("[" + _HOLD, "&#91;").replace(_HOLD, "")


def heading(md_text: str) -> str:
    """The report's first ``# `` heading as plain text: the HTML page's title, in the
    report's language. Its Markdown is read, not shown: an escaped character (``\\#``,
    ``&lt;`` that made a place's ``<`` inert) or ``*emphasis*`` in it is the text it
    stands for, which the HTML template then escapes once."""
    import html

    from markdown_it import MarkdownIt

    for line in md_text.splitlines():
        if line.startswith("# "):
            inline = MarkdownIt("commonmark", {"html": False}).renderInline(line[2:].strip())
            return html.unescape(re.sub(r"<[^>]*>", "", inline)).strip()
    return ""


def _finalize(written: Any = None) -> Any:
    """Every value a template writes made inert; first, when the kind has enum words
    (``written``: :func:`scout.report.kindwords.kind_words`), one of them in the reader's
    language."""
    from jinja2 import pass_eval_context

    from scout.report.inert import finalize

    if written is None:
        return pass_eval_context(finalize)
    return pass_eval_context(lambda eval_ctx, value: finalize(eval_ctx, written(value)))


class _ConfinedLoader(FileSystemLoader):
    """A folder's templates and never a link out of it (:func:`report.files.outside`)."""

    def get_source(self, environment: Any, template: str) -> Any:
        for folder in self.searchpath:
            path = Path(folder, *split_template_path(template))
            if path.is_file():  # the one FileSystemLoader would read
                if outside(path, Path(folder)):  # not TemplateNotFound: the next loader
                    # would answer for the name, and the error would say "not found"
                    what = "a link to a file" if path.is_symlink() else "a path"  # or '..'
                    raise SecurityError(f"template {template!r} is {what} outside {folder}; "
                                        "scout reads no file there")
                break
        return super().get_source(environment, template)


def make_report_env(templates: Path, lang: str = "en", locales: Path | None = None,
                    rating_scale: int = 10, words: Collection[str] = (),
                    units: dict[str, str] | None = None):
    """The report's sandboxed environment, speaking ``lang`` (en when unknown), its
    ratings on the kind's scale (``rating_scale``: Task.rating_scale, "93/100" for a kind
    whose rating input declares ``scale: 100``), and the kind's enum ``words``
    (:func:`scout.report.kindwords.enum_words`) in ``lang`` wherever a template prints one
    or passes one to ``_()`` (scout/report/kindwords.py); lengths and weights in the
    units the request wrote them in (``units``: Task.shown_units, "5 mi (8.05 km)").

    Its catalog is scout's with the project's own (``locales/`` beside ``templates/``,
    unless ``locales`` names another folder) merged over it, the project's English catalog
    behind both (:func:`scout.i18n.reader_translations`): a kind's templates translate
    their own msgids with ``_()`` like the built-in sections do."""
    from scout.report.kindwords import kind_words, with_kind_words

    lang = lang_of(lang)
    if locales is None:
        locales = project_locales(templates)
    catalog = reader_translations(lang, locales)
    written = kind_words(words, functools.partial(FILTERS["l10n"], lang=lang, catalog=catalog)
                         ) if words else None
    env = make_env(
        loader=ChoiceLoader([_ConfinedLoader(str(templates)), _ConfinedLoader(str(BUILTIN))]),
        autoescape=select_autoescape(enabled_extensions=("html.j2", "html"),
                                     default_for_string=False, default=False),
        **REPORT_SYNTAX,
        extensions=[*PARSE_EXTENSIONS, ValuesAsWritten],
        bytecode_cache=compiled_for(lang),
        # no constant folding: Jinja calls a filter that takes no context on a literal at
        # compile time and keeps its answer in the code every mission shares ("{{ 8 |
        # rating }}" on the first mission's scale); today's filters take the context, so
        # this guards the next one added
        optimized=False,
        # every value a template writes, whatever field it came from (report/inert.py)
        finalize=_finalize(written),
    )
    install_catalog(env, catalog)  # a kind's msgstr is text in report.html, never markup
    if written is not None:  # a placeholder that is an enum word, as a printed one
        for name in ("_", "gettext", "ngettext", "pgettext", "npgettext"):
            gettext = env.globals.get(name)
            if callable(gettext):
                env.globals[name] = with_kind_words(gettext, written)
    for name in LOCALE_FILTERS:
        env.filters[name] = functools.partial(FILTERS[name], lang=lang)
    for name in RATING_FILTERS:
        env.filters[name] = _on_scale(name, lang, rating_scale,
                                      **({"units": units} if name == "value" else {}))
    for name in ("l10n", "input_labels", "input_unit"):
        env.filters[name] = _with_project_words(name, lang, catalog,
                                                written if name == "l10n" else None)
    env.globals["lang"] = lang
    # each value shows as the text it is, a table row's in its cell (report/asvalue.py)
    env.globals[AS_VALUE] = as_value if written is None else (
        # before as_value writes it as text: a list of the kind's words, "new_build"
        lambda value, in_row=False, at_start=False: as_value(written(value), in_row, at_start))
    env.values_as_written = True  # type: ignore[attr-defined]
    return env


