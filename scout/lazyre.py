"""Regular expressions compiled on first use, not when their module is imported.

``scout validate`` runs in pre-commit on every commit and imports the request parser's,
the config's and the terminal's modules for a few names each; their module-level patterns
were compiled on every run though most are never matched there (a pattern costs 0.1–2 ms
to compile; issue 15 §9, benchmarks/cli.py). :func:`lazy_re` is written where
``re.compile`` was and reads the same (``_WORD.search(text)``, ``_WORD.pattern``): the
first attribute read compiles the pattern, and each method read is then kept on the
object, so later calls cost what a compiled pattern's do.

What it returns is no ``re.Pattern``: hand ``re.sub`` and friends its methods
(``_WORD.sub(...)``), never the object itself.

:func:`compiled` is for the patterns built at run time from a pipeline's words (an enum's
forms, a kind's name, a request's month names): Python's own cache keeps 512 patterns and,
in 3.11, drops the oldest when full, so a mission's few thousand such patterns pushed each
other out and every offline mission compiled most of them again (about a third of a
kind's mission CPU; ``benchmarks/mission_cpu.py``). Its cache is its own, larger and
least-recently-used.
"""

from __future__ import annotations

import functools
import re
from typing import Any, cast


class _LazyPattern:
    """Stands for ``re.compile(pattern, flags)`` until an attribute is read."""

    def __init__(self, pattern: str, flags: int) -> None:
        self._args = (pattern, flags)

    def __getattr__(self, name: str) -> Any:
        # called only for what is not yet in __dict__: the pattern's attributes, once each
        if name.startswith("__"):
            raise AttributeError(name)  # copy/pickle probes: no compile for them
        compiled = self.__dict__.get("_compiled")
        if compiled is None:  # two threads at once compile twice: the same pattern
            compiled = self.__dict__["_compiled"] = re.compile(*self._args)
        value = getattr(compiled, name)
        self.__dict__[name] = value
        return value

    def __repr__(self) -> str:
        return f"lazy_re({self._args[0]!r}, {self._args[1]})"


def lazy_re(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, compiled when it is first used."""
    return cast("re.Pattern[str]", _LazyPattern(pattern, int(flags)))


@functools.lru_cache(maxsize=4096)
def compiled(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, kept in a cache of its own (least recently used
    first out): for a pattern built at run time from words that recur across calls and
    missions; a compiled pattern is immutable, so sharing one between threads is safe."""
    return re.compile(pattern, flags)
