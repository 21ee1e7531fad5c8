"""A kind's own words (its inputs' ``enum`` values) in the reader's language, wherever a
template writes them: the report's templates and rank's ``reasons`` alike.

An author's enum words are English identifiers ("train", "hardcover", "new_build"); the
kind's catalog translates them. A template that prints one (``{{ task.mode }}``, a list
of them, ``{{ task.features | join(', ') }}``) or passes one to ``_()`` as a placeholder
(``_("%(mode)s only", mode=task.mode)``) wrote the English word into a Spanish report
unless the author remembered ``_(task.mode)`` each time. Here both are written as the
report's "What you asked" writes them, through ``l10n`` with the kind's catalog:
:func:`kind_words` is the printed value's rule, :func:`with_kind_words` a gettext whose
placeholders follow it. A value that merely holds such a word (a name, a sentence) is
left as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from jinja2 import pass_context

from scout.i18n import author_word


def enum_words(inputs: Any) -> frozenset[str]:
    """Every ``enum`` value of the pipeline's inputs: the kind's own words (not their
    synonyms, which are the request's words, not the catalog's)."""
    return frozenset(str(v) for spec in (inputs or {}).values()
                     for v in (getattr(spec, "enum", None) or []))


#: how a report's title joins the values the request gave (scout init's ``title:``)
_TITLE_SEP = " · "
#: the longest printed value read as such a title (a title is a line, never a page)
_TITLE_MAX = 400


def kind_words(words: Collection[str], l10n: Callable[[str], str], *,
               spaced: bool = False) -> Callable[[Any], Any]:
    """A printed value made of the kind's enum ``words`` only (one, a list, or a list
    joined with ", ") in the reader's language (an untranslated one with its underscores
    as spaces); any other value as is. With ``spaced``, a list joined with spaces too
    (``task.coverage | join(' ')`` in a search query), each word said in its place."""
    words = frozenset(words)

    def written(value: Any) -> Any:
        if not words:
            return value
        if isinstance(value, str):
            parts: Any = value.split(", ")
        elif isinstance(value, (list, tuple)):
            parts = value
        else:
            return value
        if parts and all(isinstance(p, str) and p in words for p in parts):
            return ", ".join(map(said, parts))
        if isinstance(value, str) and (prose := _prose_list(value, words, said)):
            return prose
        if spaced and isinstance(value, str) and (tokens := value.split()) \
                and all(t in words for t in tokens):
            return " ".join(map(said, tokens))
        # a title's line only: never markup a template composed (an HTML body), nor text
        # of several lines, whose " · " and ": " are the text's own
        if type(value) is str and "\n" not in value and len(value) <= _TITLE_MAX \
                and (titled := _title_words(value, words, said)) != value:
            return titled
        return value

    def said(word: str) -> str:
        # an identifier no catalog translates ("hot_desk" in an English report, which
        # needs no catalog) is still written as words: "hot desk", as input names are
        return author_word(word, l10n)

    return written


#: a list ``listed`` wrote ("cut, colour and beard", "corte, tinte y barba"): its last
#: two items joined by a conjunction, the others by a comma
_PROSE = re.compile(r", | (and|or|y|e|o|u) ")
_CONJUNCTION = {"and": ("en", "and"), "or": ("en", "or"), "y": ("es", "and"),
                "e": ("es", "and"), "o": ("es", "or"), "u": ("es", "or")}


def _prose_list(value: str, words: frozenset[str], said: Callable[[str], str]) -> str | None:
    """A list of the kind's words that the ``listed`` filter said ("cut, colour and
    beard"), each word said in its place and joined again as ``listed`` joins them in the
    language it was written in ("corte, tinte y barba"); None for any other text."""
    from scout.i18n.lists import say_list

    found = list(_PROSE.finditer(value))
    if not found or found[-1].group(1) is None or any(m.group(1) for m in found[:-1]):
        return None
    items, start = [], 0
    for m in found:
        items.append(value[start:m.start()])
        start = m.end()
    items.append(value[start:])
    if not all(i in words for i in items):
        return None
    lang, conjunction = _CONJUNCTION[found[-1].group(1)]
    return say_list(map(said, items), lang, conjunction)


def _title_words(value: str, words: frozenset[str], said: Callable[[str], str]) -> str:
    """A title's values joined as `scout init` writes them ("Trades: handyman · Sevilla ·
    3 h", "Handyman · Sevilla" with no Spanish name): each piece that is one of the kind's
    words (the first one after the name's colon, or capitalised as the title's first)
    said in its place; ``value`` itself when none is."""
    head, sep, rest = value.partition(": ")
    if not sep or _TITLE_SEP in head:
        head, sep, rest = "", "", value
    pieces = rest.split(_TITLE_SEP)
    if len(pieces) < 2 and not sep:
        return value
    out = []
    for i, piece in enumerate(pieces):
        bare = piece[:1].lower() + piece[1:] if i == 0 and not sep else piece
        if bare in words:
            shown = said(bare)
            piece = shown[:1].upper() + shown[1:] if bare != piece else shown
        out.append(piece)
    return head + sep + _TITLE_SEP.join(out)


def with_kind_words(gettext: Callable[..., Any],
                    written: Callable[[Any], Any]) -> Callable[..., Any]:
    """``gettext`` (a Jinja i18n global, pass_context) whose named values are written as
    a printed one is: an enum word the msgid puts in (``_('no %(format)s edition',
    format=task.format)``) in the reader's language ("sin edición en tapa blanda")."""
    @pass_context
    def call(context: Any, *args: Any, **values: Any) -> Any:
        if len(args) == 1 and not values and isinstance(args[0], str):
            shown = written(args[0])  # `_(task.mode)`: the word as a printed one is
            if shown is not args[0]:
                return shown
        return gettext(context, *args, **{k: written(v) for k, v in values.items()})

    return call


def request_words(inputs: Any, lang: str, templates: Path) -> Callable[[Any], Any] | None:
    """How a template a person or a search engine reads (a search query, a synthesis's
    question, a report's title; ``scout.orchestrator.scope.say``) writes the kind's enum
    words: in the request's ``lang`` through the project's catalog (``locales/`` beside
    ``templates``), as its report does, joined by spaces too; None for a kind with none.
    A Spanish request's query read "seguro de salud hospitalisation": the identifier."""
    words = enum_words(inputs)
    if not words:
        return None
    from scout.i18n import lang_of, reader_translations
    from scout.i18n.messages import localize
    from scout.report.files import project_locales

    lang = lang_of(lang)
    catalog = reader_translations(lang, project_locales(templates))
    return kind_words(words, lambda text: localize(text, lang, catalog=catalog), spaced=True)
