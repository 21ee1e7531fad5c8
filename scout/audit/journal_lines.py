"""The request journal's lines as its readers see them: whole lines read from a byte
offset (an unterminated tail, still being written or torn by a crash, is left out),
a line's id, where a line is, and a line that does not parse.

Both readers use them: the SQLite index (:mod:`scout.audit.index`) and the scan that
stands in for it (:mod:`scout.audit.journal_query`); ``scout journal replay`` names
lines by the same id.

Entry ids: the first 16 hex digits of BLAKE2b over the line's bytes (without the newline).
Journal lines are never rewritten, so an id is stable across rotations and index rebuilds.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scout.fsutil import open_stored

_CHUNK = 8 * 1024 * 1024
#: the longest line read whole (64 MiB: a journal line is one request's record, a cached
#: body at most); a longer one (a corrupted or hostile file: a gigabyte with no newline)
#: is skipped and counted as a line that does not parse, never held in memory whole
MAX_LINE = 64 * 1024 * 1024
#: how much of a skipped line is kept to show it by (as a torn line's text)
_HEAD = 80


@dataclass(frozen=True)
class TooLong:
    """A line over :data:`MAX_LINE`, skipped: its first bytes and its length."""

    head: bytes
    length: int


def entry_id(raw: bytes) -> str:
    """The id of a journal line (its bytes, without the line ending)."""
    return hashlib.blake2b(raw.rstrip(b"\r\n"), digest_size=8).hexdigest()


def line_length(raw: bytes | TooLong) -> int:
    """The length in the file of a line :func:`iter_lines` gave (without its newline)."""
    return raw.length if isinstance(raw, TooLong) else len(raw)


def iter_lines(path: Path, offset: int = 0, lineno: int = 0, *, max_line: int | None = None,
               chunk_size: int = _CHUNK) -> Iterator[tuple[int, int, bytes | TooLong]]:
    """(offset, line number, raw bytes without the newline) of every WHOLE line from
    ``offset``; an unterminated tail is not returned. A line longer than ``max_line`` is
    (:data:`MAX_LINE` unless said) given as :class:`TooLong` (its head and length), its bytes read past and dropped: a
    line is gathered in pieces and joined once, never copied again per chunk read."""
    max_line = MAX_LINE if max_line is None else max_line
    with open_stored(path) as fh:
        fh.seek(offset)
        pos = offset  # where the line being gathered starts
        parts: list[bytes] = []  # its bytes so far, while it is short enough to keep
        held = 0  # its length so far
        head: bytes | None = None  # its first bytes, once it is too long to keep

        def finish(piece: bytes) -> bytes | TooLong:
            nonlocal parts, held, head
            length = held + len(piece)
            out: bytes | TooLong
            if head is None and length <= max_line:
                out = b"".join([*parts, piece]) if parts else piece
            else:
                out = TooLong(head if head is not None else _first(parts, piece), length)
            parts, held, head = [], 0, None
            return out

        while True:
            data = fh.read(chunk_size)
            if not data:
                return
            first = data.find(b"\n")
            if first < 0:  # the line goes on past this chunk
                if head is None and held + len(data) > max_line:
                    head, parts = _first(parts, data), []
                if head is None:
                    parts.append(data)
                held += len(data)
                continue
            lineno += 1
            raw = finish(data[:first])
            yield pos, lineno, raw
            pos += line_length(raw) + 1
            last = data.rfind(b"\n")
            if last > first:  # whole lines inside the chunk: split at C speed
                for piece in data[first + 1:last].split(b"\n"):
                    lineno += 1
                    raw = piece if len(piece) <= max_line else TooLong(piece[:_HEAD], len(piece))
                    yield pos, lineno, raw
                    pos += len(piece) + 1
            rest = data[last + 1:]
            if rest:
                if len(rest) > max_line:
                    head = rest[:_HEAD]
                else:
                    parts.append(rest)
                held = len(rest)


def _first(parts: list[bytes], more: bytes) -> bytes:
    """The first bytes of a line gathered as ``parts`` then ``more``."""
    out = b""
    for piece in [*parts, more]:
        out += piece[:_HEAD - len(out)]
        if len(out) >= _HEAD:
            break
    return out


@dataclass
class Pos:
    """Where one journal line is."""

    name: str  # file name inside the runtime dir
    off: int
    length: int
    line: int
    id: str


@dataclass
class Torn:
    """A line that does not parse, or an unterminated last line."""

    file: str
    line: int | None
    text: str
    incomplete: bool = False  # an unterminated last line (being written, or a crash)

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "text": self.text,
                "incomplete": self.incomplete}
