"""The text of one JSON-LD ``<script>`` block → the JSON values it holds, read as leniently
as the sites that write them need.

Sites write JSON-LD by hand, from templates or from JavaScript string literals, and ship
what a browser never checks (each form below was found on real pages, see
tests/fixtures/providers/web_pages/SOURCES.md):

- the block wrapped in an HTML comment or a CDATA section;
- ``//`` and ``/* */`` comments, a trailing comma before ``}`` or ``]`` (often left by a
  commented-out line);
- JavaScript escapes JSON does not have, inside strings: ``\\'``, ``\\x26``, or a Windows
  path's lone backslash (``C:\\videos``) — read as the quote, the character, and a
  backslash kept as written;
- junk after the value: an extra ``}`` (a template closing twice), a ``;``, words — the
  complete value(s) before it are read, the rest left;
- a comma left out between two members or items written on separate lines (``"a": "x"``
  then ``"b": 1`` on the next line), as hand-edited blocks (schema.org's own HotelRoom
  example for years) leave it;
- a quote left unescaped inside a string (``"<p style="text-align: left;">…</p>"``, an
  instruction that quotes a word): a ``"`` inside a string that no ``,`` ``:`` ``}`` ``]``
  or end of text follows is read as part of the string.

Strict JSON is tried first, so a valid block is read exactly as written; the repairs run
only on a block that fails, each one a single pass over the text (quotes are guessed only
in blocks up to ``REQUOTE_CHARS``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from scout.adapters.contract.jsontext import without_lone_surrogates

#: a JSON string (kept, its escapes repaired), a // or /* */ comment, or a comma that only
#: blanks and comments separate from the } or ] it would wrongly precede
_BLOCK = r"/\*(?:[^*]|\*(?!/))*(?:\*/|$)"  # an unclosed one runs to the end: linear
_JS_NOISE = re.compile(
    r'(?P<string>"(?:\\.|[^"\\])*")'  # raw newlines allowed, as strict=False does
    rf"|(?P<line>//[^\n]*)"
    rf"|(?P<block>{_BLOCK})"
    rf"|(?P<comma>,(?=(?:\s|//[^\n]*|{_BLOCK})*[}}\]]))",
)
#: one escape inside a string: those JSON has are kept, \xHH and \' are JavaScript's, any
#: other backslash is a character the writer meant (a path's "C:\videos")
_ESCAPE = re.compile(r'\\(u[0-9a-fA-F]{4}|["\\/bfnrt])|\\x([0-9a-fA-F]{2})|\\(.)', re.S)
_DECODER = json.JSONDecoder(strict=False)  # strict=False: raw newlines in strings
#: what may separate two values written one after another in one block
_BETWEEN = re.compile(r"[\s;,]*")
_BLANKS = re.compile(r"\s*")
#: quotes are guessed (a character at a time) only in a block up to this size: a real
#: one is a few KB, and a page's megabytes of broken JSON are not worth the time
REQUOTE_CHARS = 200_000


def _escape(match: re.Match[str]) -> str:
    if match.group(1) is not None:
        return match.group(0)
    if match.group(2) is not None:
        return "\\u00" + match.group(2)
    char = match.group(3)
    return char if char == "'" else "\\\\" + char


def strip_comments(text: str) -> str:
    """``text`` without JavaScript comments and trailing commas, and with the escapes JSON
    lacks repaired inside strings; strings are otherwise left intact.

    Strings are matched first, so ``"https://example.com"`` or ``"a /* b */ c"`` inside a
    string are kept as written; one regular-expression pass, linear in the text.
    """

    def keep(match: re.Match[str]) -> str:
        if match.group("string") is not None:
            return _ESCAPE.sub(_escape, match.group("string"))
        return " " if match.group("block") is not None else ""

    return _JS_NOISE.sub(keep, text)


def clean(raw: str) -> str:
    """The script's text without the HTML comment or CDATA wrapper some CMSs put round it,
    nor a final ``;``."""
    text = raw.strip()
    text = re.sub(r"^\s*(<!--|<!\[CDATA\[)", "", text)
    text = re.sub(r"(-->|\]\]>)\s*$", "", text)
    return text.strip().rstrip(";")


def _values(text: str) -> list[Any]:
    """The complete JSON values at the start of ``text``, one after another; what follows
    the last one (an extra ``}``, words) is left. ValueError when none is."""
    out: list[Any] = []
    end = _BETWEEN.match(text).end()  # type: ignore[union-attr]  # matches the empty text
    while end < len(text) and text[end] in "{[":
        try:
            value, end = _DECODER.raw_decode(text, end)
        except ValueError:
            if not out:
                raise
            break
        out.append(value)
        end = _BETWEEN.match(text, end).end()  # type: ignore[union-attr]
    if not out:
        raise ValueError("no JSON value")
    return out


#: a string (kept as is, so that nothing inside one is touched), or the end of a value —
#: a string, ``}``, ``]``, a digit, true/false/null — then a line break and the next
#: member's opening quote with no comma between
_MISSING_COMMA = re.compile(
    r'(?P<end>"(?:\\.|[^"\\])*")(?P<gap>[ \t\r]*\n\s*)(?=")'
    r'|"(?:\\.|[^"\\])*"'
    r'|(?P<end2>[}\]]|\b(?:true|false|null)\b|\d)(?P<gap2>[ \t\r]*\n\s*)(?=")'
)


def _add_commas(text: str) -> str:
    """``text`` with a comma where a line ends one member and the next line starts another."""

    def fix(match: re.Match[str]) -> str:
        if match.group("end") is not None:
            return match.group("end") + "," + match.group("gap")
        if match.group("end2") is not None:
            return match.group("end2") + "," + match.group("gap2")
        return match.group(0)

    return _MISSING_COMMA.sub(fix, text)


def _requote(text: str) -> str:
    """``text`` with each quote inside a string that does not end it escaped: a quote ends
    a string only when the next character that is not a blank is ``,`` ``:`` ``}`` ``]``
    or none. One pass over the text."""
    out: list[str] = []
    inside = False
    i, size = 0, len(text)
    while i < size:
        char = text[i]
        if inside and char == "\\":
            out.append(text[i:i + 2])
            i += 2
            continue
        if char == '"':
            if not inside:
                inside = True
            else:
                rest = _BLANKS.match(text, i + 1).end()  # type: ignore[union-attr]
                if rest < size and text[rest] not in ",:}]":
                    out.append('\\"')
                    i += 1
                    continue
                inside = False
        out.append(char)
        i += 1
    return "".join(out)


def read_block(raw: str) -> list[Any] | None:
    """The values one block holds (usually one; empty for an empty block), or None when
    it is broken past repair; a lone surrogate escaped in a string (``"\\ud800"``) reads
    as U+FFFD (:mod:`scout.adapters.contract.jsontext`), so what is read can be written."""
    values = _read_block(raw)
    return None if values is None else [without_lone_surrogates(v) for v in values]


def _read_block(raw: str) -> list[Any] | None:
    text = clean(raw)
    if not text:
        return []
    try:
        return [json.loads(text, strict=False)]
    except (ValueError, RecursionError):  # RecursionError: nested deeper than Python
        pass
    repaired = strip_comments(text)
    try:
        return _values(repaired)
    except (ValueError, RecursionError):
        pass
    try:
        return _values(_add_commas(repaired))
    except (ValueError, RecursionError):
        if len(repaired) > REQUOTE_CHARS:
            return None
    try:
        return _values(_requote(repaired))
    except (ValueError, RecursionError):
        return None
