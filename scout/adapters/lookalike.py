"""Names that mix look-alike alphabets in one word: "Hotel Аrts" with a Cyrillic "А".

Latin, Greek and Cyrillic share letters that look the same (а/a, о/o, Α/A, р/p). A word
spelt with letters of two of them reads as one name but is not it: a page imitating
another's, or a copy-and-paste accident. Either way the reader of a report should know
that the name they see is not the one they would type, so the keyless synthesis notes it
(:func:`scout.adapters.candidate_notes.notes_for`). Words of one alphabet, and scripts
that mix by nature (Japanese kana with kanji, digits and marks with anything), pass.
"""

from __future__ import annotations

import re
import unicodedata

from scout.glyphs import AS_LATIN as _AS_LATIN

_WORD = re.compile(r"[^\W\d_]+")


def _script(letter: str) -> str | None:
    script = unicodedata.name(letter, "").split(" ", 1)[0]
    return script if script in ("LATIN", *_AS_LATIN) else None


def _disguised(letter: str, script: str, main: str) -> bool:
    """Whether ``letter`` (of ``script``) looks like a letter of ``main``."""
    if main == "LATIN":
        return letter in _AS_LATIN.get(script, {})
    return script == "LATIN" and letter in _AS_LATIN[main].values()


def foreign_letters(text: str) -> list[str]:
    """The letters of ``text`` that stand in a word mostly of another alphabet and look
    like letters of it, each once, in order ("Hotel Аrts" -> ["А"]); empty when no word
    is disguised. A word with no alphabet in the majority ("μm") has none."""
    found: list[str] = []
    for word in _WORD.findall(text):
        scripts = [_script(c) for c in word]
        named = [s for s in scripts if s is not None]
        counts = {s: named.count(s) for s in dict.fromkeys(named)}
        if len(counts) < 2:
            continue
        main, most = max(counts.items(), key=lambda kv: kv[1])
        if list(counts.values()).count(most) > 1:
            continue  # no alphabet of its own
        for letter, script in zip(word, scripts):
            if (script is not None and script != main and letter not in found
                    and _disguised(letter, script, main)):
                found.append(letter)
    return found


def described(letters: list[str]) -> str:
    """The letters as a reader can tell them apart: each with its code point
    ("А U+0410, о U+043E")."""
    return ", ".join(f"{c} U+{ord(c):04X}" for c in letters)
