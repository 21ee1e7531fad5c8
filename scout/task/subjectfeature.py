"""A feature said after the subject with "con" / "with": "herramienta de encuestas con
interfaz en catalán", "software de análisis estadístico con licencia académica". The words
after "con" name something the thing has, not what it is for, when the kind's inputs say
so: another input read the words right after them as their value ("interfaz **en
catalán**": the language input's), or the noun after "con" is a word of another input
(its name, an alias, an enum word or a synonym: "licencia" for a ``seats`` input aliased
"licencias"). The subject then ends before "con".

Why the inputs decide, not a word list: "arroz con pollo" and "pizza with truffle" keep
their "con" / "with" (no input reads "pollo" or the words after it), whatever the kind;
and only a value that starts with "en" / "in" counts as the feature's complement, so "pizza
with truffle under 20 euros" (the budget's words after it) stays whole.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from scout.spec.models import InputSpec
from scout.task.lang import fold

# "con" / "with" and up to three words after it, to the subject's end
_WITH = re.compile(r"\s(?:con|with)\s+(?P<tail>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,2})\s*$")
# the value another input read right after the subject: its complement ("en catalán")
_COMPLEMENT = re.compile(r"\s*(?:en|in)\b")


def _singular(word: str) -> str:
    return re.sub(r"(?:es|s)$", "", word)


def input_words(inputs: dict[str, InputSpec], subject: str) -> frozenset[str]:
    """The single words the inputs other than ``subject`` are named or said with, folded
    and in the singular: their names, aliases, enum words and synonyms."""
    words: set[str] = set()
    for name, spec in inputs.items():
        if name == subject or spec.type == "subject":
            continue
        said: list[str] = [name.replace("_", " "), *spec.aliases, *map(str, spec.enum or [])]
        said += [w for ws in (spec.synonyms or {}).values() for w in ws]
        words.update(_singular(w) for s in said for w in re.split(r"[\W_]+", fold(s)) if len(w) > 3)
    return frozenset(words)


def without_feature(hit: tuple[str, tuple[int, int]], original: str, folded: str,
                    read: Iterable[tuple[int, int]], words: frozenset[str]
                    ) -> tuple[str, tuple[int, int]]:
    """``hit`` (the subject and its span in the request) less a trailing "con" / "with"
    phrase that names a feature (the module's docstring); ``original``: the request, and
    ``folded`` the same folded;
    ``read``: the spans other inputs read; ``words``: :func:`input_words`."""
    _, (a, b) = hit
    m = _WITH.search(folded, a, b)
    if m is None or m.start() <= a:
        return hit
    tail = m.group("tail").split()
    after = next((x for x, _y in sorted(read) if x >= b and not folded[b:x].strip(" \t")), None)
    complement = after is not None and _COMPLEMENT.match(folded, after) is not None
    if not complement and _singular(tail[0]) not in words:
        return hit
    end = len(folded[:m.start()].rstrip())
    return re.sub(r"\s+", " ", original[a:end]), (a, end)
