"""Text in a script the request parser does not read (Arabic, Hebrew, Cyrillic, Greek,
Devanagari, Thai, Han, kana, Hangul…): found, named and kept out of the parse.

The parser's words (prepositions, months, currencies, place cues) are Spanish and
English, written in the Latin script: "فنادق في برشلونة في سبتمبر" read as a
destination of the whole phrase, and "отели в Барселоне" as the destination
"Барселоне" (an inflected form no provider finds), in English. One rule for every such
script instead:

- a request whose letters are mostly in scripts scout does not read is refused
  (:class:`scout.errors.RequestUnread`, USE066: write it in Spanish or English, or set
  its values directly);
- a Spanish or English request with a name in another script ("hotel cerca de
  東京駅") has that text left unread and noted, so nothing is guessed from it; a
  required input it was meant to give is asked for (USE065), with the note.

Latin letters with any diacritics ("Łódź", "Hà Nội", "Ærø"), digits, symbols,
currency signs and emoji are read as before: they are no letters of another script.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from scout.i18n import N_

#: letters that no script's words are made of: «1ª», «2º», «5 µm»
_NO_SCRIPT = frozenset("ªºµ")
#: a script's first word in Unicode's character names → the name a person knows it by
#: (msgids: the Spanish catalog has them); any other is named by its own first word
SCRIPT_NAMES = {
    "ARABIC": N_("Arabic"), "HEBREW": N_("Hebrew"), "CYRILLIC": N_("Cyrillic"),
    "GREEK": N_("Greek"), "DEVANAGARI": N_("Devanagari"), "THAI": N_("Thai"),
    "CJK": N_("Chinese/Japanese (Han)"), "HIRAGANA": N_("Japanese (kana)"),
    "KATAKANA": N_("Japanese (kana)"), "HANGUL": N_("Korean (Hangul)"),
    "ARMENIAN": N_("Armenian"), "GEORGIAN": N_("Georgian"), "BENGALI": N_("Bengali"),
    "TAMIL": N_("Tamil"), "ETHIOPIC": N_("Ethiopic"),
}


@dataclass(frozen=True)
class Unread:
    """One run of text in a script scout does not read: where, what and which script."""

    start: int
    end: int
    text: str
    script: str  # its English name (a msgid)
    mixed: bool = False  # letters of that script inside a Latin word: a lookalike


def _script(ch: str) -> str | None:
    """The script of the letter ``ch`` when scout does not read it; None for a Latin
    letter, or anything that is no letter (digits, marks, symbols, emoji)."""
    if ch.isascii() or ch in _NO_SCRIPT or unicodedata.category(ch) not in ("Lu", "Ll", "Lt", "Lo"):
        return None
    name = unicodedata.name(ch, "")
    if not name or "LATIN" in name.split():
        return None  # "LATIN SMALL LETTER L WITH STROKE", "FULLWIDTH LATIN CAPITAL LETTER A"
    first = name.split()[0]
    return SCRIPT_NAMES.get(first, first.capitalize())


def unread_runs(text: str) -> list[Unread]:
    """Every run of ``text`` in scripts scout does not read, in order: their letters, with
    the marks, apostrophes, hyphens and spaces between them (a phrase in Arabic is one run,
    not one per word; Japanese's kana and Han together, "ソウル駅", are one), trimmed of
    the spaces at its ends and named by the script most of its letters are in."""
    spans: list[tuple[int, int]] = []
    start = end = -1
    for i, ch in enumerate(text):
        if _script(ch) is not None or (start >= 0 and _joins(ch)
                                       and unicodedata.category(ch) == "Lm"):
            start, end = (i if start < 0 else start), i + 1  # "ー" ends "スーパー"
        elif start >= 0 and not (unicodedata.category(ch).startswith("M") or _joins(ch)
                                 or ch in "'’-" or ch.isspace()):
            spans.append((start, end))  # a vowel sign, or what joins two words, goes on
            start = -1
    if start >= 0:
        spans.append((start, end))
    runs = []
    for a, b in spans:
        b = _marks_end(text, b)  # a vowel sign after its last letter (Devanagari, Thai)
        # a letter of another script inside a Latin word ("Barсelona", a Cyrillic "с"):
        # a lookalike, so the whole word is unread, never read as "Bar"
        mixed = (a > 0 and text[a - 1].isalnum()) or (b < len(text) and text[b].isalnum())
        while a > 0 and text[a - 1].isalnum():
            a -= 1
        while b < len(text) and text[b].isalnum():
            b += 1
        counts: dict[str, int] = {}
        for ch in text[a:b]:
            if (s := _script(ch)) is not None:
                counts[s] = counts.get(s, 0) + 1
        runs.append(Unread(a, b, text[a:b], max(counts, key=lambda s: counts[s]), mixed))
    return runs


#: punctuation and signs of those scripts that stand inside a name: "サグラダ・ファミリア"
#: (KATAKANA MIDDLE DOT), "スーパー" (KATAKANA-HIRAGANA PROLONGED SOUND MARK), "、"
_JOINING = ("KATAKANA", "KATAKANA-HIRAGANA", "HIRAGANA", "IDEOGRAPHIC", "CJK", "ARABIC",
            "HEBREW", "THAI", "DEVANAGARI", "HANGUL", "GREEK", "CYRILLIC")


def _joins(ch: str) -> bool:
    return not ch.isascii() and unicodedata.name(ch, "").split(" ")[0] in _JOINING


def _marks_end(text: str, end: int) -> int:
    while end < len(text) and unicodedata.category(text[end]).startswith("M"):
        end += 1
    return end


def currency_sign(text: str) -> bool:
    """Whether ``text`` is a currency's sign as its own country writes it ("руб.", "грн",
    "лв."): the money reader reads it, so it is no text left unread."""
    from scout.task.cldr import currencies
    from scout.task.pageprices import local_symbols

    signs = {s.rstrip(".") for s in [*currencies().symbols, *local_symbols()]}
    return text.rstrip(".") in signs


def mostly_unread(text: str, runs: list[Unread] | None = None) -> str | None:
    """The script most of ``text``'s letters are written in, when that is one scout does
    not read (its letters outnumber the Latin ones); None otherwise."""
    runs = unread_runs(text) if runs is None else runs
    if not runs:
        return None
    counts: dict[str, int] = {}
    for r in runs:
        counts[r.script] = counts.get(r.script, 0) + sum(
            1 for ch in r.text if _script(ch) is not None)
    latin = sum(1 for ch in text if ch.isalpha() and _script(ch) is None)
    if sum(counts.values()) <= latin:
        return None
    return max(counts, key=lambda s: counts[s])


def blanked(text: str, runs: list[Unread]) -> str:
    """``text`` with each of ``runs`` as spaces (the same length, so every other span
    found in it is the same span in ``text``)."""
    out = list(text)
    for r in runs:
        out[r.start:r.end] = " " * (r.end - r.start)
    return "".join(out)
