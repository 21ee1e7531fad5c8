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

_CHUNK = 8 * 1024 * 1024


def entry_id(raw: bytes) -> str:
    """The id of a journal line (its bytes, without the line ending)."""
    return hashlib.blake2b(raw.rstrip(b"\r\n"), digest_size=8).hexdigest()


def iter_lines(path: Path, offset: int = 0, lineno: int = 0
               ) -> Iterator[tuple[int, int, bytes]]:
    """(offset, line number, raw bytes without the newline) of every WHOLE line from
    ``offset``; an unterminated tail is not returned."""
    with open(path, "rb") as fh:
        fh.seek(offset)
        pos, carry = offset, b""
        while True:
            chunk = fh.read(_CHUNK)
            if not chunk:
                return
            data = carry + chunk
            end = data.rfind(b"\n") + 1
            carry = data[end:]
            for raw in data[:end].split(b"\n")[:-1]:
                lineno += 1
                yield pos, lineno, raw
                pos += len(raw) + 1


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
