"""The kind's own words in each language: the last tiebreaker of a terse request's language.

A request of nouns, codes and numbers ("folletos A4, 135 gr, mate") names no function
word of either language and no spelling only one writes, so :func:`scout.task.lang.detect`
would fall back to the Task's default. The kind itself says which words are Spanish: its
catalog (the project's ``locales/``, merged over scout's) translates each input's name and
enum value ("matte" → "mate", "binding" → "encuadernación"), and its aliases, synonyms
and nouns carry the marks of their language (an accent, a function word, a spelling only
one language writes: "tapa dura" beside "hardback", "páginas" beside "pages"). A request
word typed as one of those words, accents or not ("paginas"), counts for that language;
a word the kind gives to both ("color" for "colour") counts for neither.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from scout.i18n import translations
from scout.spec.models import InputSpec
from scout.task.lang import _EN_SPELT, _ES_SPELT, Lang, fold, function_lang

# a word of a kind's vocabulary: letters only, three or more ("A4", "gr", "b/n" say neither)
_WORD = re.compile(r"[^\W\d_]{3,}")
_ACCENT = re.compile(r"[áéíóúñü]")


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(fold(text))}


def _said_in(phrase: str) -> Lang | None:
    """The language an alias, synonym or noun is written in, by its own marks: a Spanish
    accent or "ñ" typed in lower case, a function word of one language ("recogida en
    tienda", "in person"), a spelling only one writes ("reciclado", "leaflets"); None when
    nothing says ("mate", "tesis")."""
    if _ACCENT.search(phrase):
        return "es"
    folded = [w for w in _WORD.findall(fold(phrase)) if w]
    said = {function_lang(w) for w in folded} - {None}
    if len(said) == 1:
        return said.pop()
    spelt = {"es" if _ES_SPELT.fullmatch(w) else "en" if _EN_SPELT.fullmatch(w) else None
             for w in folded if len(w) >= 4} - {None}
    return spelt.pop() if len(spelt) == 1 else None  # type: ignore[return-value]


def kind_vocabulary(inputs: Mapping[str, InputSpec], kind: str = "",
                    nouns: Sequence[str] = (), locales: Path | None = None) -> dict[str, Lang]:
    """Folded words of the kind that only one language writes, and that language: the
    catalog's translations of the kind's name, its inputs' names and enum values (the
    msgid's words English, the msgstr's Spanish), and its aliases, synonyms and nouns by
    their own marks (:func:`_said_in`). A word on both sides is left out."""
    catalog = translations("es", locales)
    by_lang: dict[Lang, set[str]] = {"es": set(), "en": set()}
    msgids: list[str] = [kind.replace("-", " ").replace("_", " ")] if kind else []
    phrases: list[str] = list(nouns)
    for name, spec in inputs.items():
        msgids += [name, *map(str, spec.enum or [])]
        phrases += [*spec.aliases, *(x for xs in spec.synonyms.values() for x in xs)]
    # the kind's identifiers are English (scout.task.lang.word_for): "poster" is an enum
    # value even where a synonym "póster" gives its folded form to Spanish
    by_lang["en"] |= {w for m in msgids for w in _words(m.replace("_", " "))}
    for msgid in filter(None, msgids):
        said = catalog.gettext(msgid)
        if fold(said) == fold(msgid.replace("_", " ")):
            continue  # untranslated, or written alike ("tesis")
        by_lang["en"] |= _words(msgid.replace("_", " "))
        # a loanword the catalog keeps ("flyers" for "flyer") is spelt as English writes
        by_lang["es"] |= {w for w in _words(said) if not _EN_SPELT.fullmatch(w)}
    for phrase in phrases:
        lang = _said_in(phrase)
        if lang is not None:
            by_lang[lang] |= _words(phrase)
    both = by_lang["es"] & by_lang["en"]
    return {w: lang for lang, ws in by_lang.items() for w in ws - both}


def vocabulary_of(inputs: Mapping[str, InputSpec], kind: str = "",
                  nouns: Iterable[str] = (),
                  locales: Path | None = None) -> Callable[[str], Lang | None]:
    """:func:`kind_vocabulary` as the lookup :func:`scout.task.lang.detect` takes, built
    on its first call (most requests are decided before the tie it breaks)."""
    built: list[dict[str, Lang]] = []

    def lookup(word: str) -> Lang | None:
        if not built:
            built.append(kind_vocabulary(inputs, kind, list(nouns), locales))
        return built[0].get(word)
    return lookup
