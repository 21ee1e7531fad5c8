"""What a chat app or an agent's Markdown does to a request's text, undone before any reader.

An agent answering in Markdown wraps the request in markup: a heading ("## Petición"),
bold and italic ("**Destino:** Girona", "_urgente_"), inline code, links, numbered list markers
("1. 32 GB de RAM") and tables ("| Ciudad | Plato |" over "| Valencia | arroz a banda |").
Read as prose, the heading ran into the next line ("Petición Destino" the place), the
asterisks kept "Destino:" from being a field, and a table's header cells were the city
and the dish. :func:`unmarked` keeps the words and drops the marks: a heading ends its
line as a sentence, and a table's rows become the ``key: value`` fields the structured
reader knows (one row: "Ciudad: Valencia; Plato: arroz a banda").

A request typed in capitals ("BEST RAMEN IN LONDON UNDER £20 A HEAD") is shouting, not
names: read as typed, every word was a proper noun ("RAMEN" the dish as written, "NADA"
a place). :func:`unshouted` writes such a request in lower case, which the readers know
from people typing without capitals ("san sebastián" is shown "San Sebastián"). A capital
word inside ordinary text ("NOT in Cascais", "USD 200", "BMW") is left as it is.
"""

from __future__ import annotations

import re

# "## Petición", "### Budget": a heading's marks; its text stays, as a sentence of its own
_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t]+(?P<text>.*?)[ \t#]*$", re.MULTILINE)
# **bold**, __bold__, *italic*, _italic_, `code`: the marks go, the words stay; a lone
# "*" (a bullet, "4.5*") and snake_case words are no emphasis
_EMPHASIS = re.compile(r"(?P<m>\*\*|__|`)(?P<text>\S(?:.*?\S)?)(?P=m)"
                       r"|(?<![\w*])(?P<m1>[*_])(?P<text1>[^\s*_](?:[^*_\n]*?[^\s*_])?)(?P=m1)(?![\w*])")
# a link's text stays, its address goes: "[Hotel Lutetia](https://...)"
_LINK = re.compile(r"\[(?P<text>[^\]\n]+)\]\([^)\s]*\)")
# "1. 32 GB de RAM", "2) pantalla": a numbered list's marker at a line's start (the
# number is the item's place in the list, no value)
_NUMBERED = re.compile(r"^[ \t]*\d{1,2}[.)][ \t]+(?=\S)", re.MULTILINE)
# a table's row, and the row of dashes under its header
_ROW = re.compile(r"^[ \t]*\|(?P<cells>.*)\|[ \t]*$")
_RULE = re.compile(r"^[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(?:\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$")

# a request in capitals: this share of its letters upper case, over this many letters
_SHOUTED_SHARE = 0.9
_SHOUTED_LETTERS = 12


def unmarked(text: str) -> str:
    """``text`` without Markdown's marks: headings, emphasis, code marks, numbered list
    markers, and tables written as ``key: value`` fields; text without them unchanged."""
    if not any(c in text for c in "#*_`|[") and not _NUMBERED.search(text):
        return text
    text = _LINK.sub(lambda m: m.group("text"), _tables(text))
    text = _HEADING.sub(lambda m: m.group("text").rstrip(".:") + ".", text)
    text = _EMPHASIS.sub(lambda m: m.group("text") or m.group("text1"), text)
    return _NUMBERED.sub("", text)


def _tables(text: str) -> str:
    """Each Markdown table (a header row, a rule, data rows) as fields: one line per data
    row, "header: cell" joined by "; "."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        head = _ROW.match(lines[i])
        if head and i + 1 < len(lines) and _RULE.match(lines[i + 1]):
            keys = _cells(head.group("cells"))
            i += 2
            while i < len(lines) and (row := _ROW.match(lines[i])):
                pairs = [f"{k}: {v}" for k, v in zip(keys, _cells(row.group("cells")), strict=False)
                         if k and v]
                out.append("; ".join(pairs))
                i += 1
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.split("|")]


def unshouted(text: str) -> str:
    """``text`` in lower case when it is written in capitals (a request shouted, not a
    capital word or acronym inside ordinary text); otherwise unchanged."""
    letters = [c for c in text if c.isalpha() and c.lower() != c.upper()]
    if len(letters) < _SHOUTED_LETTERS:
        return text
    upper = sum(c.isupper() for c in letters)
    return text.lower() if upper >= _SHOUTED_SHARE * len(letters) else text
