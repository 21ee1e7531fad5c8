"""Whether a regular expression a spec gives compiles, remembered across processes.

Specs carry regexes (an input's ``pattern``, an extract step's ``strip_patterns`` and
``exclude_patterns``) that ``scout validate`` must reject before a run when Python's
``re`` cannot compile them. Compiling is the only exact check, and a long one is slow: an
1,800-character pattern (the restaurant kind's dish reader before the ``subject`` input
type) took 5 ms of every validate, warm cache or not (benchmarks/cli.py). The answer depends only on the text and on ``re`` itself, so it
is kept in the fact cache (scout.spec.factcache) under a key naming both; an edited
pattern or another Python is a new key.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from scout.spec.factcache import FactStore, module_file

#: the parser and compiler of ``re`` decide what compiles; their stamps are in the key
_STORE = FactStore("regex", lambda: (__file__, module_file("re._parser"),
                                     module_file("re._compiler")))


def _decode(doc: Any) -> tuple[str | None]:
    if not isinstance(doc, dict) or set(doc) != {"error"} or not (
            doc["error"] is None or type(doc["error"]) is str):
        raise ValueError("not a regex answer")
    return (doc["error"],)


@lru_cache(maxsize=1024)
def regex_error(pattern: str) -> str | None:
    """Why ``pattern`` does not compile (``re.error``'s message), or None when it does."""
    key = _STORE.key(pattern)
    found = _STORE.load(key, _decode)
    if found is None:
        try:
            re.compile(pattern)
            found = (None,)
        except re.error as exc:
            found = (str(exc),)
        except (RecursionError, OverflowError, ValueError) as exc:  # nesting past the parser
            found = (f"too complex to compile ({type(exc).__name__})",)
        _STORE.save(key, {"error": found[0]})
    return found[0]


def check_regex(pattern: str) -> str:
    """``pattern`` itself; ValueError (a pydantic field error) when it does not compile."""
    error = regex_error(pattern)
    if error is not None:
        raise ValueError(f"'{pattern}' is not a valid regular expression: {error}")
    return pattern
