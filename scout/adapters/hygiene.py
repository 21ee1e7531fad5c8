"""Which evidence sentences are fit to quote: no table rows, separators, titles or chatter.

Evidence is web text: search snippets, page bodies, model answers and video transcripts.
Before a sentence is quoted as a pro or a con it must read as a statement:

- not a markdown/ASCII table row (``| 180 EUR | 9.2 |``) nor a separator line (``|---|``,
  ``-----``, ``=====``);
- not a bare title: every content word already in the evidence item's title or in a
  candidate's name ("Hotel Praktik Rambla, Barcelona");
- not video chatter ("welcome back", "don't forget to subscribe", "hola a todos");
- not a reference's authors and year alone ("Yu, H. et al. (2024).");
- not cut off ("…" at the end: a transcript window or a shortened snippet), not a
  question, not too short or too long to be a useful quote.
"""

from __future__ import annotations

import re

from scout.adapters.text import clean, fold, terms

MIN_WORDS = 3
MAX_CHARS = 320

_SEPARATOR = re.compile(r"^[\s\-=_*|:+~#.·•–—]+$|[-=_]{3,}")
_CHATTER = tuple(fold(p) for p in (
    "welcome back", "welcome to my channel", "welcome to the channel", "subscribe",
    "hit the bell", "smash that", "in this video", "in today's video", "today we are",
    "today we're", "hey guys", "hi guys", "what's up", "let me know in the comments",
    "thanks for watching", "see you next time", "link in the description", "sponsor",
    "bienvenidos", "bienvenidas", "suscribete", "suscribirte", "suscríbanse", "dale like",
    "en este video", "en el video de hoy", "hola a todos", "hola chicos", "hoy vamos",
    "gracias por ver", "nos vemos", "link en la descripcion", "patrocina",
))


def is_table_row(text: str) -> bool:
    return text.count("|") >= 2 or text.lstrip().startswith("|")


def is_separator(text: str) -> bool:
    return bool(_SEPARATOR.search(text))


def is_chatter(text: str) -> bool:
    folded = fold(text)
    return any(p in folded for p in _CHATTER)


#: a reference's authors and year, and nothing else: "Yu, H. et al. (2024).", "Lewis, P.,
#: Perez, E. (2020)", "Yu et al. (2024)" (a paper's listing opens with one)
_AUTHORS = r"(?:[A-ZÀ-Ý][\w'’-]*,?\s+(?:[A-Z]\.\s*)+,?\s*(?:(?:and|&|y)\s+)?)+"
_REFERENCE = re.compile(r"^(?:" + _AUTHORS + r"|[A-ZÀ-Ý][\w'’-]*\s+(?=et\b))(?:et al\.?)?\s*"
                        r"(?:\(?\d{4}[a-z]?\)?)?\s*\.?$")


def is_reference(text: str) -> bool:
    """Only a reference's authors and year: who wrote it, which says nothing about it."""
    return bool(_REFERENCE.match(text.strip()))


def is_bare_title(text: str, title: str, names: list[str]) -> bool:
    """Nothing in ``text`` beyond the words of the item's title or a candidate's name."""
    words = terms(text)
    if not words:
        return True
    known = set(terms(title))
    for name in names:
        known.update(terms(name))
    return all(w in known for w in words)


def quotable(raw: str, title: str = "", names: list[str] | None = None) -> str | None:
    """The sentence cleaned for quoting, or None when it is not a statement to quote."""
    if is_table_row(raw) or is_separator(raw):
        return None
    text = clean(raw)
    if len(text) > MAX_CHARS or len(text.split()) < MIN_WORDS:
        return None
    if text.endswith(("…", "...", "?")) or text.startswith("¿"):
        return None
    if is_chatter(text) or is_reference(text) or is_bare_title(text, title, names or []):
        return None
    return text
