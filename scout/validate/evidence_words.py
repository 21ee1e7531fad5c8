"""The words a kind asks a listing to state a value next to (SPEC083).

``stated('responses', of='...')``, ``mentions('wifi')``, ``stated_year(of='...')``,
``stated_date``, ``on_dates``: each finds its words in a record's text as written (case-
and accent-blind, in the singular or the plural), never as a regex and never a sentence
long. A word no listing could hold next to a number is a criterion that never holds: a
``stated`` reads None for every candidate (each kept, flagged "could not check"), a
``mentions`` False for all (or, with an empty word, True for all). SPEC057 refuses what
cannot be called (an empty unit or ``of``); this says, as a warning, what can be called
and never matches:

* a word with a regex's characters (``'[a-z]+'``, ``'beds?'``, ``'(rooms)'``: matched
  as those very characters);
* a whole sentence (more than :data:`MAX_WORDS` words): a listing states a value next to
  a label ("Capacity: 120", "120 personas"), not after a sentence of the author's;
* an empty word given to ``mentions``, which every record mentions.

SPEC084 (:func:`one_language_units`), a note: in a kind with a catalog for a second
language, ``stated('responses')`` with one ordinary word as its only unit reads a
listing in English only: a Spanish one writes "500 respuestas". Symbols and short
abbreviations ("km", "GB", "€") are the same in both and are not reported.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from scout.errors import Problem
from scout.lazyre import lazy_re
from scout.spec.filtercall import EXPR, decode_call
from scout.spec.loader import LoadedSpec
from scout.spec.models import Pipeline
from scout.validate.catalogs import TARGET_LANGS, translators

#: the filters whose string arguments are words a record's text is searched for, and
#: which of their keywords are (positional ones always are, but ``stated_*``'s ``pick``)
_WORD_KEYS = {"stated": ("of", "not_of"), "mentions": ("words",),
              "stated_year": ("of",), "stated_date": ("of", "near"), "on_dates": ("of",),
              "tier_price": ("words",)}
#: a label a listing writes a value next to is a few words: "precio por persona",
#: "number of responses per month"; more is a sentence
MAX_WORDS = 5
#: characters only a regex would give a meaning to (a unit may be a symbol: "€", "$",
#: "m²", '"')
_REGEX = lazy_re(r"[\[\]()*+?{}|\\]")


def evidence_word_problem(name: str, call: str) -> tuple[str, str] | None:
    """(what is wrong, what to do) with the words this call of filter ``name`` asks a
    record to state a value next to; None when they are words a listing can hold."""
    keys = _WORD_KEYS.get(name)
    decoded = decode_call(call)
    if keys is None or decoded is None:
        return None
    args, kwargs, _dynamic = decoded
    given = (list(args) if name in ("stated", "mentions") else []) \
        + [kwargs.get(key) for key in keys]
    words = [w for value in given for w in (value if isinstance(value, list) else [value])]
    for word in words:
        if word is EXPR or not isinstance(word, str):
            continue
        if not word.strip():
            if name == "mentions":
                return ("mentions('') is true of every record",
                        "name the word the listing must mention, or drop the criterion")
            continue  # stated's empty words: SPEC057 refuses them
        if _REGEX.search(word):
            return (f"'{word}' is matched as written, not as a regex: no listing writes "
                    f"'{word}'",
                    "write each word as a listing writes it; the singular and plural, case "
                    "and accents are matched already (give several words as a list: "
                    "['bed', 'cama'])")
        if len(word.split()) > MAX_WORDS:
            return (f"'{word}' is a sentence: a listing states a value next to a word or a "
                    "short label ('Capacity: 120', '120 personas'), so this never matches",
                    "write the label's words, in each language the kind reads: "
                    "['responses', 'respuestas']")
    return None


#: ``stated('word')`` / ``stated('word', pick=...)``: one constant unit, nothing beside it
_ONE_UNIT = lazy_re(r"""\bstated\(\s*(['"])([^'"]*)\1\s*(?:\)|,\s*(?!['"])\w+\s*=)""")
#: a unit this long, of letters only, is a word of one language ("responses", "pages");
#: shorter ones are abbreviations ("km", "kg", "pp")
_WORD_UNIT = lazy_re(r"[^\W\d_]{4,}(?: [^\W\d_]+)*")


def _texts(value: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _texts(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _texts(v, path + (i,))


def one_language_units(spec: LoadedSpec, locales: Path) -> list[Problem]:
    """SPEC084: a ``stated`` call in a phase's ``with:`` whose only unit is a word, in a
    kind whose project has a catalog for a language besides English."""
    pipeline = spec.model
    assert isinstance(pipeline, Pipeline)
    langs = [lang for lang in TARGET_LANGS if translators(locales, lang) is not None]
    if not langs:
        return []
    out: list[Problem] = []
    for pid, phase in pipeline.phases.items():
        for path, text in _texts(phase.with_, ("phases", pid, "with")):
            for m in _ONE_UNIT.finditer(text):
                unit = m.group(2).strip()
                if not _WORD_UNIT.fullmatch(unit) or unit != unit.lower():
                    continue
                out.append(Problem(
                    "SPEC084", f"phase '{pid}': stated('{unit}') reads only a listing that "
                    f"writes '{unit}', one language's word: the kind also speaks "
                    f"{', '.join(repr(lang) for lang in langs)} (its project has that "
                    "catalog), and a listing in the other language writes the unit in its "
                    "own words", spec.source_map.locate(path), severity="note",
                    hint=f"give the unit in each language the kind reads: stated('{unit}', "
                         "'<the other language's word>'), as stated('responses', "
                         "'respuestas')"))
    return out
