"""What a request says it would like but does not require: not read as a constraint.

People list what they would like and say in the same breath that it is not a must:
"preferiblemente Apple, pero no imprescindible", "terrace preferred but not essential",
"preferably automatic but not a must", "con piscina (opcional)". Read as the other
words are, the wish became a filter ("apple" the brands, "automatic" a feature, the
terrace flag set), and the research left out every result without it, which is what the
person said not to do. :func:`claim_wishes` finds each clause that ends by saying it is
not required, takes it from the readers and says so in the Task's notes (the wish is
still in the request, for whoever reads it).

A bare "if possible" / "si puede ser" is a wish too, but one a person may still want
filtered on: only a clause that says it is not needed is left out. The hedge's own words
are no value, though: "ecológico si puede ser" reads the organic flag, and "si" is no
grape, nor "if possible" a dish.

A place ruled out is no place asked for either: "NOT in Cascais", "que no sea en el
centro", "nothing near the airport", "nada en Chamberí" were read as the area or the city
the research went to. Such a clause is taken from the readers too, with a note that it
was not read (the inputs say what to look for, not what to leave out; "not in April"
is such a clause too).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from scout.task.parse_notes import ParseResult
from scout.task.readers import QueryText

# what says the clause before it is not required (the request's folded text: no accents)
_NOT_REQUIRED = re.compile(
    # (no leading space or comma in the pattern: tried at every position of a long run of
    # spaces, one made the search quadratic)
    r"(?:\(\s*)?\b(?:(?:but|though|although)\s+(?:it'?s\s+|that'?s\s+|is\s+)?not\s+"
    r"(?:essential|a\s+must|required|necessary|needed|mandatory|compulsory|vital|critical|"
    r"a\s+deal-?breaker|a\s+requirement)"
    r"|(?:but|though)\s+(?:it\s+)?(?:isn'?t|is\s+not)\s+(?:essential|a\s+must|required|necessary|needed)"
    r"|(?:pero|aunque)\s+(?:(?:eso\s+)?no\s+(?:es\s+)?|sin\s+ser\s+)"
    r"(?:imprescindible|obligatorio|obligatoria|necesario|necesaria|indispensable|esencial|"
    r"excluyente|requisito|fundamental)"
    r"|(?:optional|opcional|no\s+necesariamente|not\s+necessarily|nice\s+to\s+have)\s*\)?"
    r"(?=\s*(?:[,;.\n)]|$)))")
# where a wish starts: after a comma, a semicolon, a full stop, a line break or "(", or at
# the word that joins it to what is required ("piso en Madrid con terraza (opcional)":
# the terrace is the wish, the flat in Madrid is not)
_CLAUSE_START = re.compile(r"[,;.\n(:]|\b(?=(?:con|with|y|and|plus|ademas|also|tambien)\b)")


def wish_spans(folded: str) -> list[tuple[int, int]]:
    """The spans of ``folded`` that say what would be nice but is not required: from the
    clause's start to the end of the words that say so."""
    spans: list[tuple[int, int]] = []
    for m in _NOT_REQUIRED.finditer(folded):
        before = folded[:m.start()].rstrip(" ,")
        if not before.strip():
            continue
        starts = [s.end() for s in _CLAUSE_START.finditer(before)]
        start = starts[-1] if starts else 0
        if not before[start:].strip():
            continue
        start += len(before[start:]) - len(before[start:].lstrip())
        spans.append((start, m.end()))
    return spans


# a place ruled out: a negation, then "in" / "near" / "en" / "cerca de" and the words up to
# the clause's end or the next place word, with no number in it ("nothing near the
# airport in Lisbon" keeps Lisbon; "no, en Valencia" is a correction: no comma between;
# "nada por encima de 150 euros" is a cap, and "por" / "by" no place's cue here)
_RULED_OUT = re.compile(
    r"\b(?:not|nothing|never|nada|nunca|no|que\s+no\s+(?:sea|este|quede)|(?:is|are)n'?t)\s+"
    r"(?:(?:located|based)\s+)?(?:in|near|around|close\s+to|en|cerca\s+del?|junto\s+al?)\s+"
    r"[^,;.\n()!?\d]{1,40}?(?=\s*(?:[,;.\n()!?]|\b(?:y|and|pero|but|sino|instead|rather|con|with|porque|because|since|"
    r"ya\s+que|as|in|en|at)\b|$))")


def ruled_out_spans(folded: str) -> list[tuple[int, int]]:
    """The spans of ``folded`` that rule a place out ("not in Cascais")."""
    return [m.span() for m in _RULED_OUT.finditer(folded)]


# the words of a bare hedge ("si puede ser", "if possible"), claimed with no note
_HEDGE = re.compile(r"\b(?:si\s+(?:puede\s+ser|es\s+posible|se\s+puede)|(?:a|de)\s+ser\s+posible|"
                    r"if\s+(?:possible|at\s+all\s+possible|you\s+can)|where\s+possible|"
                    r"(?:en\s+lo|hasta\s+donde\s+sea)\s+posible)\b")


def claim_wishes(text: QueryText, result: ParseResult, _: Callable[[str], str]) -> None:
    """Take each not-required wish and each place ruled out in ``text`` from the readers,
    with a note quoting it, and a bare hedge's words, with none."""
    for m in _HEDGE.finditer(text.folded):
        text.claim(m.span())
    quote = "«{}»" if result.lang == "es" else "'{}'"
    for span in wish_spans(text.folded):
        text.claim(span)
        result.notes.append(_("{text} is not required, so it was not read as a condition").format(
            text=quote.format(text.original[span[0]:span[1]].strip())))
    for span in ruled_out_spans(text.free):
        text.claim(span)
        result.notes.append(_("{text} says what to leave out; the inputs only say what to look "
                              "for, so it was not read").format(
            text=quote.format(text.original[span[0]:span[1]].strip())))
