"""What a request says only as a second choice, or says it does not mind: no constraint.

People name a first choice and what would do if it fails ("en Burgos o, si no, en Aranda de
Duero", "preferiblemente el jueves por la tarde; si no, el viernes por la mañana",
"Cambridge or, failing that, London", "assisted if available, otherwise autonomous"): the
readers took the fallback, because "si no," read as a correction ("no," after a value
takes it back: scout/task/corrections.py) or because it was the last place said, and the
research went to the second choice. The first choice is the value (blind set 29's
convention, tests/task/corpus/blind29.yaml); the fallback's words are claimed, so no
reader takes them.

An alternative said with the condition that the first fails ("fija preferiblemente, mixta
si la fija pasa del 3 %", "or Bradford if Leeds is fully booked", "or a lawyer if a notary
can't do the checks") is a fallback too, and claimed with its condition.

People also say what they do not mind: "con o sin suscripción", "with or without
parking", "online o presencial me da igual", "pick up or delivery, either works", "domain
included or not, doesn't matter", "o bien presencial o bien online", "no importa si no
están colegiados", "me da igual si tiene visita guiada". Each flag named there was set,
and the research dropped what the person said they would take. Those words are claimed
too. Where the first of two alternatives is a name typed mid-sentence ("en Guadalajara o
Zapopan, cualquiera de las dos"), the first is still the one searched (the tool searches
one place): only the second is claimed.

"Either" before two alternatives ("in either Porto or Lisbon", "Either Reading or Swindon")
kept the place reader from the first name (it read "Either Reading", or no place and then
"Ideally" at the next sentence's start): :func:`without_either` takes the word out before
the readers run, so the names read as "in Porto or Lisbon" do (scout/task/placelist.py).
"""

from __future__ import annotations

import re

# a fallback's lead: "o, si no," / "; si no hay plaza," / "o, si no se puede," (a few words
# of its condition, then a comma) after an alternative's "o" or a clause's end, or "o si no"
# with the fallback right after it ("en Alemania o si no en Francia"); "if not,", "failing
# that,", "otherwise". "súper si no tienen premium, en Rosario": the fallback was said
# before its condition, and what follows the comma is no fallback; "si no te importa," is
# a courtesy
_FALLBACK = re.compile(
    r"(?:(?<=[,;:.!?])\s*|\bo\s*,\s*|^\s*)si\s+no(?!\s+(?:te|le|les|os)\s+(?:importa|molesta))"
    r"(?:\s+[a-z0-9]+){0,4}\s*,|\bo\s+si\s+no\b(?!\s*,)|"
    r"\bif\s+not\s*,|\bfailing\s+that\s*,?|\botherwise\b|\bde\s+lo\s+contrario\s*,?")
# where a clause ends: a comma, semicolon, colon, stop (no decimal point), "!", "?", a dash
_CLAUSE_END = re.compile(r"[,;:!?()\n]|\.(?!\d)|\s[-\u2013\u2014]\s")
# words of indifference after two alternatives
_INDIFFERENT = (r"(?:me\s+da\s+(?:igual|lo\s+mismo)|da\s+(?:igual|lo\s+mismo)|"
                r"cualquiera(?:\s+de\s+(?:los|las)\s+dos)?|lo\s+que\s+(?:haya|sea)|"
                r"either\s+(?:works|is\s+fine|way)|(?:it\s+)?does\s*n[o']?t\s+matter(?:\s+which)?|"
                r"whichever\b|no\s+preference|i\s+don'?t\s+mind)")
_ALTERNATIVES = re.compile(
    r"(?<![\w-])(?P<a>(?:[\w-]+\s+){0,2}[\w-]+)\s+(?:o|or)\s+(?P<b>(?:[\w-]+\s+){0,2}?[\w-]+)"
    r"\s*,?\s*" + _INDIFFERENT)
# "con o sin X", "with or without X", "no importa si ...", "me da igual si ...", "doesn't
# matter if / whether ...", "o bien X o bien Y": to the clause's end
_NOT_MINDED = re.compile(
    r"\bcon\s+o\s+sin\b|\bwith\s+or\s+without\b|\bno\s+importa\s+si\b|"
    r"\b(?:me\s+)?da\s+(?:igual|lo\s+mismo)\s+si\b|\bdoes\s*n[o']?t\s+matter\s+(?:if|whether)\b|"
    r"\bo\s+bien\b(?=[^,;.]*\bo\s+bien\b)")


# an alternative said with the condition it is for, after a first choice: "mixta si la
# fija pasa del 3 %", "or Bradford if Leeds is fully booked", "or a lawyer if a notary
# can't", "Type 2 is fine if there's no CCS", "o rápida si no hay": the condition says the
# first fails (a negation, "is full", "pasa de"), so the alternative is only a fallback
_IF_NOT = re.compile(
    r"(?:(?<=[,;.:!?])\s*|\bo\s+|\bor\s+)(?P<alt>(?:(?!(?:o|or)\s)[\w-]+\s+){0,3}?(?!(?:o|or)\s)[\w-]+)\s+(?:si|if)\s+"
    r"(?=(?:[\w'%-]+\s+){0,6}?(?:no|not|can'?t|cannot|isn'?t|aren'?t|there'?s\s+no|full|"
    r"fully|pasa|pasan|supera|superan)\b)")


def _clause_end(folded: str, start: int) -> int:
    m = _CLAUSE_END.search(folded, start)
    return m.start() if m else len(folded)


def _a_name(original: str, start: int) -> bool:
    """Whether the word at ``start`` is typed with a capital mid-sentence: a name."""
    if not original[start:start + 1].isupper():
        return False
    before = original[:start].rstrip()
    return bool(before) and before[-1] not in ".!?:\n"


def fallback_spans(folded: str, original: str) -> list[tuple[int, int]]:
    """The spans of ``folded`` (``original`` folded, the same length) said only as a
    second choice or as not minded, for the parser to claim before its readers run."""
    out: list[tuple[int, int]] = []
    for m in _FALLBACK.finditer(folded):
        end = _clause_end(folded, m.end() + (1 if folded[m.end():m.end() + 1] == "," else 0))
        if end > m.end():
            out.append((m.start(), end))
    for m in _ALTERNATIVES.finditer(folded):
        last = m.start("a") + m.group("a").rfind(" ") + 1  # the first alternative's last word
        start = m.start("b") if _a_name(original, last) else m.start("a")
        out.append((start, m.end()))
    for m in _IF_NOT.finditer(folded):
        # the alternative and its "if": the condition names the first choice ("if there's
        # no CCS"), which stays the request's to read
        out.append((m.start("alt"), m.end()))
    for m in _NOT_MINDED.finditer(folded):
        out.append((m.start(), _clause_end(folded, m.end())))
    return out


# "either" before two alternatives in one clause: "in either Porto or Lisbon"
_EITHER = re.compile(r"\b[Ee]ither\s+(?=[^,;.!?\n]*?\s(?:or|o)\s)")


def without_either(query: str) -> str:
    """``query`` without the "either" that opens two alternatives in one clause ("in either
    Porto or Lisbon" → "in Porto or Lisbon"; "Either Reading or Swindon" → "Reading or
    Swindon"); an "either" with no "or" after it in its clause stays ("either way")."""
    return _EITHER.sub("", query)
