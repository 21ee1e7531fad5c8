"""A list said as prose in the reader's language: "a, b and c" / "a, b y c", "a or b" /
"a o b".

A template that writes ``task.services | join(', ')`` into a sentence reads "corte,
tinte" where a person writes "corte y tinte", and one that joins with ``' y '`` reads
"corte y tinte y mechas". The last two items take the conjunction, the others a comma,
with Spanish's own spelling before a word sounding *i* or *o* ("corte e hidratación",
"siete u ocho"). Words only: the items are written as they are given.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

#: conjunction id → (English, Spanish, Spanish before an "i" / "o" sound)
_WORDS: dict[str, tuple[str, str, str]] = {
    "and": ("and", "y", "e"),
    "or": ("or", "o", "u"),
}
CONJUNCTIONS = tuple(_WORDS)


def _bare(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFD", text.lower())
                   if not unicodedata.combining(ch))


def _spanish(word: str, after: str) -> str:
    """Spanish "y" / "o", or "e" / "u" before a word that starts with their sound ("i",
    "hi" but not "hie" / "hia": "agua y hielo"; "o", "ho")."""
    bare = _bare(after.lstrip("¡¿\"'«(“"))
    if word == "y" and (bare.startswith("i") or (bare.startswith("hi")
                                                 and not bare.startswith(("hie", "hia")))) \
            and not bare.startswith(("io", "ia", "ie", "iu")):
        return "e"
    if word == "o" and bare.startswith(("o", "ho")):
        return "u"
    return word


def say_list(items: Iterable[Any], lang: str = "en", conjunction: str = "and") -> str:
    """``items`` as prose: "a", "a and b", "a, b and c" (no comma before the last, as the
    lab writes English too); Spanish "y" / "o". Empty and None items are left out."""
    shown = [str(i) for i in items if i is not None and str(i) != ""]
    if not shown:
        return ""
    if len(shown) == 1:
        return shown[0]
    en, es, _ = _WORDS.get(conjunction, _WORDS["and"])
    word = _spanish(es, shown[-1]) if lang == "es" else en
    return f"{', '.join(shown[:-1])} {word} {shown[-1]}"
