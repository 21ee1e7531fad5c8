"""A kind's own words in the reader's language: its input names and enum values (SPEC078).

A report shows each input by its name, through the catalogs ("What you asked":
``| origen |``), and an enum input's value too (``| medio | tren |``), and a ``rank``
reason may put the value in a sentence (``_('not said to be by %(mode)s',
mode=_(task.mode))``). A name or value no catalog translates is shown as the author
wrote it: "| origin |" and "no dice que sea en train" on a Spanish page.

:func:`kind_word_problems` says so, for a kind that means to speak a language: one whose
project has a catalog for it (``locales/<lang>/LC_MESSAGES/messages.po``; a kind without
one has chosen English). It does not cry wolf over names that need no translation:

* every input name is a label a report shows, so each one no catalog translates is
  reported; and one named as its kind (an input ``energy`` in the kind ``energy``) is a
  warning: its msgid is the kind's, whose translation (the kind's name) would label it;
* an enum value is reported only when it is an ordinary word (lower case, letters, no
  digits: "Coursera", "MiríadaX", "RTX 4060" are names) *and* the kind shows it as a
  word to translate: a reason or project template translates the input's value
  (``_(task.mode)``, ``task.mode | l10n``), the project's catalog translates another value
  of the same enum (the author began and missed one), or a synonym of one of the enum's
  values is written with that language's letters (``hybrid: [híbrido]``: the author
  knows its words, and ``in-person: [presencial]`` beside it is one too). Brands written
  in lower case ("apple", "seat", "toyota") show none of these: their synonyms are models
  (``dell: [xps]``).

A value given to ``_()`` as a placeholder's (``_('not by %(mode)s', mode=task.mode)``)
is no sign either way: a report writes every enum value it prints through the catalog
(scout.report.kindwords), brands and words alike, so counting it would warn about
laptops' ``apple`` and ``dell``.

Severity: a warning when the project's catalog already translates some of this kind's
own words (its template texts, input names or enum values: the author translates the
kind, and forgot these); else a note (a kind that so far relies on scout's words, as
``scout init --es`` writes one).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from scout.errors import CatalogInvalid, Problem
from scout.lazyre import lazy_re
from scout.spec.loader import LoadedSpec
from scout.spec.models import Pipeline
from scout.validate.catalogs import TARGET_LANGS, po_string, translators

#: letters a word of the language is written with that English words are not: a synonym
#: with one of them is the value's word in that language
_LETTERS = {"es": frozenset("áéíóúüñ")}
#: an ordinary word: lower-case letters, with spaces, hyphens or apostrophes between
_WORD = lazy_re(r"[^\W\d_]+(?:[ '\-][^\W\d_]+)*")


def _translating(name: str) -> re.Pattern[str]:
    """Where a template or reason passes input ``name``'s value through the catalogs."""
    task = r"task\s*(?:\.\s*" + re.escape(name) + r"\b|\[\s*['\"]" + re.escape(name) + r"['\"]\s*\])"
    return re.compile(r"\b(?:_|gettext|pgettext)\s*\(\s*(?:['\"][^'\"]*['\"]\s*,\s*)?" + task
                      + r"|" + task + r"\s*\|\s*(?:l10n\b|map\s*\(\s*['\"]l10n['\"])")


@dataclass
class KindWords:
    """What :func:`kind_word_problems` reads of one pipeline: the spec, the texts that may
    translate an input's value (its reasons, its project templates), and the msgids its
    templates use."""

    spec: LoadedSpec
    texts: list[str] = field(default_factory=list)
    msgids: list[tuple[str, str]] = field(default_factory=list)

    def translates_value(self, name: str) -> bool:
        pattern = _translating(name)
        return any(name in text and pattern.search(text) for text in self.texts)


def ordinary_word(value: str) -> bool:
    """A value that reads as a word of the language, not a name: lower case, letters."""
    return value == value.lower() and _WORD.fullmatch(value) is not None


#: the extracted comment (``#.``) of an entry ``scout init`` wrote, a label it knows (an
#: input ``origin``: "origen"): it translates the name, but it is not the author's own
#: start at translating the kind, so it turns no other note into a warning
INIT_WRITTEN = "written by scout init"


def kind_word_problems(kind: KindWords, locales: Path) -> list[Problem]:
    """SPEC078 for each language scout writes besides English whose catalog the project
    has under ``locales``."""
    out: list[Problem] = []
    english = translators(locales, "en")
    labelled = english[1] if english is not None else (lambda _msgid: False)
    for lang in TARGET_LANGS:
        found = translators(locales, lang)
        if found is not None:
            path, ours, said = found
            out += _problems(kind, lang, str(path), ours, said, labelled,
                             _shown(kind, lang, locales),
                             authored=_authored(ours, _init_written(path, lang)))
    return out


def _authored(ours: Callable[[str], bool], init: frozenset[str]) -> Callable[[str], bool]:
    """Whether the project's catalog translates a msgid, by the author's hand (``init``:
    the msgids ``scout init`` wrote)."""
    return lambda msgid: ours(msgid) and msgid not in init


def _init_written(path: Path, lang: str) -> frozenset[str]:
    """The msgids of the catalog at ``path`` that ``scout init`` wrote (:data:`INIT_WRITTEN`)."""
    from scout.validate.catalogs import _read

    try:
        catalog = _read(path, lang)
    except (CatalogInvalid, OSError):
        return frozenset()
    return frozenset(m.id for m in catalog if isinstance(m.id, str)
                     and INIT_WRITTEN in (m.auto_comments or []))


def _shown(kind: KindWords, lang: str, locales: Path) -> Callable[[str, str | None], str]:
    """What a report in ``lang`` shows for an input's name (``shown(name, None)``: its label
    in "What you asked") or for one of its enum values (``shown(name, value)``), through
    the catalogs a report reads (:func:`scout.i18n.reader_translations`: the English
    label where ``lang``'s catalog lacks the word), so a message quotes what the reader sees."""
    from scout.i18n import author_word, reader_translations, translations
    from scout.spec.filters import input_labels

    try:
        catalog = reader_translations(lang, locales)
    except CatalogInvalid:  # a broken English catalog is SPEC058's: the report then fails
        catalog = translations(lang, locales)
    pipeline = kind.spec.model
    assert isinstance(pipeline, Pipeline)
    labels = input_labels(list(pipeline.inputs), pipeline.inputs, lang=lang, catalog=catalog)

    def shown(name: str, value: str | None) -> str:
        return str(labels[name] if value is None else author_word(value, catalog.gettext))

    return shown


def _problems(kind: KindWords, lang: str, catalog: str,
              ours: Callable[[str], bool], said: Callable[[str], bool],
              labelled: Callable[[str], bool],
              reads: Callable[[str, str | None], str],
              authored: Callable[[str], bool] | None = None) -> list[Problem]:
    """``ours(msgid)``: whether the project's catalog translates it; ``said(msgid)``:
    whether it or scout's does; ``labelled(msgid)``: whether the project's English
    catalog names it (a report in ``lang`` then shows that English label); ``reads``:
    what a report in ``lang`` shows for an input or its value (:func:`_shown`);
    ``authored(msgid)``: whether the author translated it (not ``scout init``), which
    makes the kind's untranslated words warnings rather than notes."""
    pipeline = kind.spec.model
    assert isinstance(pipeline, Pipeline)
    smap = kind.spec.source_map
    inputs = pipeline.inputs
    mine = authored or ours
    own = (any(mine(m) for m, c in kind.msgids if not c) or any(mine(n) for n in inputs)
           or any(mine(v) for s in inputs.values() for v in s.enum or []))
    severity = "warning" if own else "note"
    letters = _LETTERS.get(lang, frozenset())
    out: list[Problem] = []
    for name, spec in inputs.items():
        if name == pipeline.name and said(name):
            # one msgid names both: the kind's entry ("tarifas de luz y gas") labels the
            # input in "What you asked", the notes and the synthesis
            out.append(Problem(
                "SPEC078", f"input '{name}' is named as its kind: its catalog entry in "
                f"'{lang}' is the kind's name, so a report labels the input with it",
                smap.locate(("inputs", name), key=True), severity="warning",
                hint=f"rename the input (what it holds: '{name}_type', '{name}_source'…); "
                     "an input and the kind share one msgid when their names are one"))
        elif not said(name) and not _said_bounded(name, said):
            out.append(Problem(
                "SPEC078", f"input '{name}' has no name in '{lang}': a report in that "
                f"language labels it '{reads(name, None)}'",
                smap.locate(("inputs", name), key=True), severity=severity,
                hint=f"add msgid {po_string(name)} and its msgstr to {catalog}"))
        values = [v for v in spec.enum or [] if isinstance(v, str)]
        for value in values:
            if not ordinary_word(value) and not said(value) and labelled(value):
                # a name ("h100") the author labelled in English only: the report in
                # this language shows the English label (scout.i18n.reader_translations)
                out.append(Problem(
                    "SPEC078", f"input '{name}': enum value '{value}' has a label in the "
                    f"English catalog but none in '{lang}': a report in that language "
                    "shows the English label",
                    smap.locate(("inputs", name, "enum", values.index(value))),
                    severity="warning",
                    hint=f"add msgid {po_string(value)} and its msgstr to {catalog}"))
        words = [v for v in values if ordinary_word(v) and not said(v)]
        if not words:
            continue
        # the enum holds words of the language when the author translates its value, the
        # catalog one of them, or a synonym of any one is written with the language's
        # letters (`bus: [autobús]` says `train: [tren]` is a word too); a brand's
        # synonyms are its models (`dell: [xps]`), none of them so written
        shown = kind.translates_value(name) or any(ours(v) for v in values) or any(
            letters & set(s.lower()) for v in values for s in _synonyms(spec.synonyms, v))
        for value in words:
            if not shown:
                continue
            out.append(Problem(
                "SPEC078", f"input '{name}': enum value '{value}' has no word in '{lang}': "
                f"a report in that language shows it as '{reads(name, value)}'",
                smap.locate(("inputs", name, "enum", values.index(value))), severity=severity,
                hint=f"add msgid {po_string(value)} and its msgstr to {catalog}"))
    return out


def _said_bounded(name: str, said: Callable[[str], bool]) -> bool:
    """Whether ``name`` bounds an input whose name the language has (``max_duration``,
    "duration"): a report labels it with that word and the bound's ("duración máx.")."""
    from scout.spec.filters import bounded

    rest = bounded(name)
    return rest is not None and said(rest)


def _synonyms(table: dict[str, list[str]], value: str) -> Iterable[str]:
    return [s for s in table.get(value, []) if isinstance(s, str)]
