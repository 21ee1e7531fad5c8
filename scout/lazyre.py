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
"""

from __future__ import annotations

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
