"""Small text helpers shared by the synthesis adapters: sentences, markers, terms.

Both synthesis adapters turn prose into ``SynthesisSentence``s: Perplexity's answer
carries ``[n]`` citation markers that point into its ``citations`` list, and the
extractive adapter scores evidence sentences against the Task's terms. The splitting
is deliberately simple and deterministic (no model, no locale data): sentence ends are
``.``/``!``/``?`` (optionally followed by citation markers) before whitespace and a
non-lowercase character, and line breaks (answers are often markdown lists).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from scout.text import fold

#: ``[1]``, ``[2, 5]``, ``[3][4]`` - Perplexity style citation markers
MARKER = re.compile(r"\[(\d+(?:\s*,\s*\d+)*)\]")
_SPLIT = re.compile(r"(?<=[.!?])((?:\[\d+(?:\s*,\s*\d+)*\])*)\s+(?=[^a-z\s])")
#: a period that ends an abbreviation or an initial, not a sentence: a reference's
#: authors ("Yu, H. et al."), "e.g.", "vs.", "Fig.", Spanish "núm.", "pág.", "Avda."
_ABBREVIATION = re.compile(
    r"(?:\bet al|\b[eE]\.g|\bi\.e|\bvs|\bcf|\bDrs?|\bMrs?|\bMs|\bSt|\bnº|\bFigs?"
    r"|\bpp?|\bvol|\bSra?|\bDra?|\bAvda|\bn[uú]m|\bp[aá]g"
    # an author's initial, in a list of names ("Yu, H.", "H. Yu, J. Smith", "J. R. Smith");
    # not after a word ("Plan B. It is great."); "No." is an answer as often as "number"
    # ("Would I return? No. The staff..."), so it ends its sentence
    r"|(?:^|,\s|(?<![\w.])[A-Z]\.\s)[A-Z])\.$")
#: an abbreviation a figure follows, in listings and offers: "50% dto. 2 meses", "aprox.
#: 10 m³", "máx. 300 €", "approx. 50 sq ft", "min. 3 months", a rank or a number ("world
#: No. 1", "Nr. 5", "Nos. 3 and 4"). Held only before a digit: "30 min. Then...", "precio
#: máx. Incluye..." and "Would I go back? No. The room..." end their sentences
_BEFORE_A_FIGURE = re.compile(r"\b(?:dtos?|desc|aprox|approx|m[aá]x|m[ií]n|ca|incl|excl|"
                              r"ej|e\.g|ref|tel|ud|uds|nos?|nr|nro)\.$", re.IGNORECASE)
#: a figure, its currency's sign before it or not: "máx. 300 €", "(min. £2, max. £40)",
#: "min. $5", "mín. US$ 3"
_FIGURE_AHEAD = re.compile(r"(?:[£$€¥₹]|US\$|[A-Z]{3}\s)?\s?\d")
#: "£28 a month excl. VAT", "99 € incl. IVA", "€30 inc. tax": a price's tax basis, said
#: after its abbreviation, ends no sentence
_BEFORE_A_TAX = re.compile(r"\b(?:incl|excl|inc|exc|ex)\.$", re.IGNORECASE)
_TAX_WORD = re.compile(r"(?:VAT|IVA|IGIC|GST|TVA|MwSt|tax(?:es)?|impuestos)\b", re.IGNORECASE)
_BULLET = re.compile(r"^\s*(?:[-*+\u2022]|\d+[.)]|#{1,6})\s+")
_MARKDOWN = re.compile(r"(\*\*|__|`)")
_SPACE_BEFORE_MARK = re.compile(r"(?<!\s)\s+([.,;:!?])")
_WORD = re.compile(r"[^\W_]+(?:[.,'’][^\W_]+)*", re.UNICODE)

STOPWORDS = frozenset("""
a about above after again against all also am an and any are as at be because been
before being below between both but by can could did do does doing down during each
few find for from further get good had has have having he her here hers him his how i
if in into is it its itself just me more most my no nor not now of off on once only or
other our ours out over own same she should so some such than that the their theirs
them then there these they this those through to too under until up very was we were
what when where which while who whom why will with would you your yours
de del el la las los en y o un una por para con le les des du et à au aux
""".split())


def split_sentences(text: str) -> list[str]:
    """Sentences of ``text`` in order, markdown bullets and headings unwrapped.

    Citation markers that follow a sentence's end stay with that sentence.
    """
    out: list[str] = []
    for line in text.splitlines():
        line = _BULLET.sub("", line).strip()
        if not line:
            continue
        parts = _SPLIT.split(line)
        # re.split with one group gives [sentence, markers, sentence, markers, ..., last]
        held = ""
        for i in range(0, len(parts), 2):
            marks = parts[i + 1] if i + 1 < len(parts) else ""
            sentence = (held + parts[i] + marks).strip()
            held = ""
            if i + 2 < len(parts) and not marks and period_holds(parts[i], parts[i + 2]):
                # "Yu, H. et al. (2024)", "e.g. Madrid", "J. Smith": no sentence ends here
                held = sentence + " "
                continue
            if sentence:
                out.append(sentence)
    return out


def period_holds(before: str, after: str) -> bool:
    """Whether the period that ends ``before`` belongs to an abbreviation or an initial
    ("Dr.", "e.g.", "J.", "approx." before a figure), so the sentence goes on into
    ``after`` instead of ending there."""
    return bool(_ABBREVIATION.search(before)
                or (_BEFORE_A_FIGURE.search(before) and _FIGURE_AHEAD.match(after) is not None)
                or (_BEFORE_A_TAX.search(before) and _TAX_WORD.match(after)))


def markers(sentence: str) -> list[int]:
    """The citation numbers in ``sentence``, in order, without repeats."""
    seen: list[int] = []
    for group in MARKER.findall(sentence):
        for number in group.split(","):
            n = int(number)
            if n not in seen:
                seen.append(n)
    return seen


def clean(sentence: str) -> str:
    """The sentence without citation markers and markdown emphasis."""
    text = MARKER.sub("", sentence)
    text = _MARKDOWN.sub("", text)
    # from a run's first space only: tried at each space of a long run that ends in no
    # mark, the run was read again from there (a million spaces took minutes)
    text = _SPACE_BEFORE_MARK.sub(r"\1", text)
    return " ".join(text.split())


def _singular(word: str) -> str:
    """A crude plural fold ("hotels" → "hotel", "cities" → "city") so forms match."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) \
            and not word[-2].isdigit():
        return word[:-1]
    return word


def terms(text: str) -> list[str]:
    """Content words of ``text`` (folded, singular, stopwords dropped), in order."""
    words = [w.strip(".,'’") for w in _WORD.findall(fold(text))]
    return [_singular(w) for w in words
            if w and w not in STOPWORDS and (len(w) > 1 or w.isdigit())]


def flatten_strings(value: object) -> Iterable[str]:
    """Every string / number leaf of a nested dict/list (a Task dump), in order."""
    if isinstance(value, dict):
        for key in value:
            yield from flatten_strings(value[key])
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from flatten_strings(item)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, (str, int, float)):
        yield str(value)
