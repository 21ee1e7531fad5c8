"""Punctuation said aloud that voice-to-text left as words, put back as marks.

A request dictated to a phone comes with no marks of its own and the punctuation the person
said written as words: "hotel en cordoba coma para el 26 de diciembre coma que no pase de
cien euros punto", "comer cochinillo en segovia interrogación", "hotel in lisbon comma
under 120 euros a night period", "best tacos in austin question mark". Read as words, they
ran into the values ("Cordoba Coma", "Segovia Interrogacion", "Austin Question Mark").
:func:`undictated` writes them as the marks they name.

Only in a request with no punctuation mark of its own (a typed one has its marks, and its
"coma" or "period" is a word), and only where the word cannot be one: Spanish "coma" not
after the words that make it the verb ("donde se coma bien", "que coma", "no coma") nor before a number ("siete coma cinco" is a
decimal);
"punto" and "period" only at the request's end ("punto de encuentro", "waiting period for
dental" stay words; a decimal "ocho punto cinco" and a dictated address "punto com" are
:mod:`scout.task.spoken`'s and :mod:`scout.task.spokennums`'s); "punto y seguido", "punto y
aparte", "punto final" and "full stop" anywhere.
"""

from __future__ import annotations

import functools
import re

# a request that has any of these marks was typed, not dictated
_MARKS = re.compile(r"[,.;:!?¿¡]")
# the words before a "coma" that make it the verb "comer" ("se coma", "que coma")
_VERB_BEFORE = r"(?<!\bse)(?<!\bque)(?<!\bq)(?<!\bno)(?<!\blo)(?<!\bla)(?<!\ble)(?<!\byo)(?<!\bél)"

# each pattern's leading spaces start after a non-space: tried from every space of a long
# run, a leading ``[ \t]+`` scanned the rest of the run each time (2,000 spaces: 3 s)
_SAID: list[tuple[re.Pattern[str], str]] = [(re.compile(
    p.replace(r"[ \t]+", r"(?<![ \t])[ \t]+", 1) if p.startswith(r"[ \t]+") else p,
    re.IGNORECASE), mark) for p, mark in [
    (r"[ \t]+(?:abre|abrir)[ \t]+(?:signo[ \t]+de[ \t]+)?interrogaci[oó]n\b[ \t]*", " ¿"),
    (r"[ \t]+(?:(?:cierra|cerrar)[ \t]+)?(?:signo[ \t]+de[ \t]+)?interrogaci[oó]n\b", "?"),
    (r"[ \t]+(?:(?:cierra|cerrar)[ \t]+)?(?:signo[ \t]+de[ \t]+)?exclamaci[oó]n\b", "!"),
    (r"[ \t]+question[ \t]+mark\b", "?"),
    (r"[ \t]+exclamation[ \t]+(?:mark|point)\b", "!"),
    (r"[ \t]+punto[ \t]+y[ \t]+coma\b", ";"),
    (r"[ \t]+semicolon\b", ";"),
    (r"[ \t]+punto[ \t]+(?:y[ \t]+(?:seguido|aparte)|final)\b", "."),
    (r"[ \t]+full[ \t]+stop\b", "."),
    (r"[ \t]+(?:nueva[ \t]+l[ií]nea|nuevo[ \t]+p[aá]rrafo|new[ \t]+line|new[ \t]+paragraph)\b", "\n"),
    (r"[ \t]+comma\b", ","),
    (r"(?<=\w)" + _VERB_BEFORE + r"[ \t]+coma\b(?=[ \t]+(?P<next>\w+))", ","),
    (r"[ \t]+(?:punto|period)[ \t]*$", "."),
]]


def undictated(text: str) -> str:
    """``text`` with the punctuation said as words written as marks, when it has no marks
    of its own; otherwise unchanged."""
    if not text or _MARKS.search(text):
        return text
    for pattern, mark in _SAID:
        text = pattern.sub(functools.partial(_marked, mark), text)
    return text


def _marked(mark: str, m: re.Match[str]) -> str:
    return m.group(0) if _number_after(m) else mark


def _number_after(m: re.Match[str]) -> bool:
    """The word after a said "coma" is a number: "siete coma cinco" is a decimal
    (:mod:`scout.task.spokennums`), no comma."""
    from scout.task.lang import fold
    from scout.task.numwords import rewrite

    after = m.groupdict().get("next") or ""
    return any(c.isdigit() for c in rewrite(fold(after)))
