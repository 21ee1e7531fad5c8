"""The root of the tree: the exit codes, a source ``Location``, a validation ``Problem``
and ``ScoutError``, which every error scout raises on purpose derives from."""

from __future__ import annotations

import re
from dataclasses import dataclass

EXIT_OK = 0
EXIT_PHASE_FAILED = 1
EXIT_USAGE = 2
EXIT_PROVIDER = 3
EXIT_BUDGET = 4


#: the most characters of one name a message repeats: an input, attribute or key a user
#: wrote may be 100,000 characters long, and the sentence around it must still be read
NAME_WIDTH = 80
#: a name as messages quote it (``task.x``, ``'x'``, ``min-rating``), longer than that;
#: a path's folders are names of their own (``/`` is not part of one)
_LONG_NAME = re.compile(r"[\w.\-]{%d,}" % (NAME_WIDTH + 1))


def clip_names(text: str) -> str:
    """``text`` with every name longer than :data:`NAME_WIDTH` cut in its middle
    (``qqqq…qqqq``), for every message a user reads: the rest of the sentence (what is
    wrong, the hint) stays whole. Here, below every layer, so a Problem applies it."""
    if len(text) <= NAME_WIDTH:
        return text
    half = (NAME_WIDTH - 1) // 2
    return _LONG_NAME.sub(lambda m: m.group()[:half] + "…"
                          + m.group()[len(m.group()) - (NAME_WIDTH - 1 - half):], text)


@dataclass(frozen=True, order=True)
class Location:
    """A place in a source file; ``line`` and ``col`` are 1-based, 0 when unknown."""

    file: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        # ``file:line`` where the column is unknown (a CSV row, a query file's line):
        # "file:5:0" names a column that does not exist
        if self.line and self.col:
            return f"{self.file}:{self.line}:{self.col}"
        if self.line:
            return f"{self.file}:{self.line}"
        return self.file

    @classmethod
    def of_byte(cls, file: str, data: bytes, offset: int) -> "Location":
        """Where the byte at ``offset`` of a UTF-8 file's ``data`` is (an undecodable
        byte a reader names by its line and column, not its offset)."""
        text = data[:offset].decode("utf-8", "replace")
        return cls(file, text.count("\n") + 1, len(text) - (text.rfind("\n") + 1) + 1)


@dataclass(frozen=True)
class Problem:
    """One validation finding. Validators collect these, sort them and raise once."""

    code: str
    message: str
    location: Location | None = None
    hint: str | None = None
    severity: str = "error"  # "error" | "warning" | "note" (information only)

    def __post_init__(self) -> None:
        # a name a user wrote is repeated at most NAME_WIDTH long, in every message
        object.__setattr__(self, "message", clip_names(self.message))
        if self.hint is not None:
            object.__setattr__(self, "hint", clip_names(self.hint))

    @property
    def sort_key(self) -> tuple:
        loc = self.location or Location("")
        return (loc.file, loc.line, loc.col, self.code, self.message)

    def to_dict(self) -> dict:
        loc = self.location
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "hint": self.hint,
            "file": loc.file if loc else None,
            "line": loc.line if loc else None,
            "col": loc.col if loc else None,
        }


class ScoutError(Exception):
    """Root of every error scout raises on purpose."""

    code: str = "SCOUT001"
    exit_code: int = EXIT_PHASE_FAILED

    def __init__(
        self,
        message: str,
        *,
        hint: str | None = None,
        location: Location | None = None,
        code: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.location = location
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        prefix = f"{self.location}: " if self.location else ""
        return f"{prefix}{self.code}: {self.message}"

    def to_dict(self) -> dict:
        return {
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
            "location": str(self.location) if self.location else None,
            "exit_code": self.exit_code,
        }


# --- usage and specs (exit 2) -------------------------------------------------------
