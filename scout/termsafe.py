"""Text from outside (provider titles, snippets, error pages, journal lines) made safe to
print on a terminal.

A provider controls the titles and error text scout prints in ``scout journal``,
``scout audit``, ``scout status`` and the progress display. Printed raw, an escape
sequence in a title can recolour or clear the screen, move the cursor to overwrite other
lines, set the window title or plant an OSC 8 hyperlink, or (OSC 52) write the user's
clipboard; a bidi override can make ``evil.com`` read ``moc.live``; and in a rich table
``[bold]`` or ``[link=...]`` would be taken as markup. Every printer passes such text
through :func:`clean` (or :func:`cell` for rich tables, which also keeps markup literal)
at the output boundary; ``--json`` output goes through :func:`dumps`.

Lone surrogates (a file name's bytes that are not UTF-8) are written as ``\\xNN``.
Removed: ESC sequences (CSI, OSC, DCS/SOS/PM/APC strings and two-character escapes),
their 8-bit C1 forms, every other C0 control except newline and tab, DEL, C1 controls
U+0080–U+009F, the bidi embedding/override/isolate controls, and the invisible characters
that carry text (the tag characters U+E0000–U+E007F a page can hide an instruction to a
model in, the invisible math operators U+2061–U+2064, the deprecated format controls
U+206A–U+206F, the interlinear annotation marks U+FFF9–U+FFFB).
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from scout.lazyre import lazy_re

# an escape sequence, 7-bit or 8-bit: strings (OSC/DCS/SOS/PM/APC) end at BEL or ST; on
# a screen, one with no end (cut short by a column's width) is removed to the end, as a
# terminal would swallow it
_STRING = r"(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*"
_OTHER = r"|(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?|\x1b[ -/]*[0-~]?"
_SEQUENCE = lazy_re(_STRING + r"(?:\x07|\x1b\\|\x9c)?" + _OTHER)
# ... but in a request a string goes only with its end: one stray C1 byte of a broken
# encoding ("hotels\x9f in Rome") took every word after it; alone, it is a control
# character read as a space
_ENDED_SEQUENCE = lazy_re(_STRING + r"(?:\x07|\x1b\\|\x9c)" + _OTHER)
#: invisible format characters that carry text of their own: the tag characters (U+E0000
#: block: "ASCII smuggling", a sentence a reader cannot see and a model reads, hidden in a
#: page or a hotel's name), the invisible math operators, the deprecated format controls
#: and the interlinear annotation marks
_HIDDEN = "\u2061-\u2064\u206a-\u206f\ufff9-\ufffb\U000e0000-\U000e007f"
_CONTROL = lazy_re("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069" + _HIDDEN + "]")
#: a control character that stands between words in a request (NUL, a form feed, a
#: vertical tab, C1): read as a space, or "Madrid\x00hotel" read as one word "Madridhotel"
_SEPARATING = lazy_re("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: characters that have no width and no meaning of their own inside a word: zero-width
#: space, non-joiner and joiner, the word joiner, a byte-order mark, a soft hyphen, the
#: left-to-right, right-to-left and Arabic letter marks. In a request they only split a
#: word no one typed split ("Barce\u200dlona" was read as the city "Barce")
_INVISIBLE_IN_WORDS = lazy_re("[\u00ad\u061c\u200b-\u200f\u2060\ufeff]")
_UNSAFE_IN_JSON = lazy_re("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
                          + _HIDDEN + "]")


#: a lone surrogate: a byte of a file name that is not UTF-8 ("\udce9" for b"\xe9"), or
#: one JSON carried ("\ud800"); no UTF-8 stream can write it (UnicodeEncodeError)
_SURROGATE = lazy_re("[\ud800-\udfff]")


def _escaped(m: re.Match[str]) -> str:
    code = ord(m.group(0))
    return f"\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"\\u{code:04x}"


def clean(text: Any) -> str:
    """``text`` (anything; ``str()`` of it) without terminal control sequences, and with
    a lone surrogate written as the byte it stands for (``\\xe9``), so that printing
    it cannot fail."""
    s = text if isinstance(text, str) else str(text)
    if s.isprintable() and "\x1b" not in s:  # the common case: nothing to do
        return s
    return _SURROGATE.sub(_escaped, _CONTROL.sub("", _SEQUENCE.sub("", s)))


def shown(text: str) -> str:
    """``text`` with every character :func:`clean` removes written as its ``\\uXXXX``
    escape instead: an error that quotes what a caller sent (an MCP tool's argument, an
    HTTP path) shows the NUL or bidi override it held, where removing it would name
    another value ('\\u202ekey' is not 'key') and keeping it would reorder the text."""
    if text.isprintable():
        return text
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group(0)):04x}" if ord(m.group(0)) <= 0xFFFF
                        else f"\\U{ord(m.group(0)):08x}", text)


def quoted(name: str) -> str:
    """A name from a file, quoted for a message: ``'F1'``, or its ``repr`` when it holds
    characters :func:`clean` would remove (``'F\\x1b[31m1'``): removed, the message
    read "phase id 'F1' must start with a letter" about a name that does."""
    return f"'{name}'" if name.isprintable() else repr(name)


def plain(text: str) -> str:
    """A request as typed or pasted, made plain for reading: composed (NFC: text from
    macOS or some agents arrives decomposed, "Ma\u0301laga", which no name matches) and
    without terminal control sequences (colours pasted from a terminal, "\x1b[31m"); any
    other control character separates words as a space does; a zero-width character, a
    soft hyphen or a direction mark is taken out (it joins what it stood between)."""
    s = _ENDED_SEQUENCE.sub("", unicodedata.normalize("NFC", text))
    s = _INVISIBLE_IN_WORDS.sub("", s)
    return clean(_SEPARATING.sub(" ", s))


def controls_read_as_spaces(text: str) -> list[str]:
    """The control characters :func:`plain` reads as a space in ``text`` that are no
    white space of their own (NUL, BEL, DEL, C1; not a tab, a line break, a form feed or
    a vertical tab, which a paste from a word processor holds), each once as ``U+XXXX``,
    in order: text with them is not what anyone typed (a binary file, a broken encoding,
    words hidden between words), so the request says it read them."""
    found: list[str] = []
    if text.isprintable():
        return found
    for m in _SEPARATING.finditer(_ENDED_SEQUENCE.sub("", text)):
        code = f"U+{ord(m.group(0)):04X}"
        if not m.group(0).isspace() and code not in found:
            found.append(code)
    return found


def cell(value: Any) -> Any:
    """A rich table cell: the cleaned text as a ``Text`` (markup is not interpreted)."""
    from rich.text import Text

    return Text(clean(value))


def dumps(data: Any, **kw: Any) -> str:
    """``json.dumps`` whose output is safe on a terminal: controls that JSON does not
    escape itself (DEL, C1, bidi, line separators, tag characters) are written as
    ``\\uXXXX`` (a character past U+FFFF as its surrogate pair, as JSON writes it)."""
    text = json.dumps(data, **kw)
    return _UNSAFE_IN_JSON.sub(lambda m: json.dumps(m.group(0))[1:-1], text)


def echo(message: Any = "", **kw: Any) -> None:
    """``click.echo`` of cleaned text."""
    import click

    click.echo(clean(message), **kw)
