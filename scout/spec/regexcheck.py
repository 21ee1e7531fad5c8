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

import importlib
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


#: ``re``'s own parser and its opcodes (the tree :func:`_nested_repeat` walks); private
#: modules typeshed does not describe, hence Any
_SRE_PARSER: Any = importlib.import_module("re._parser")
_SRE_CONSTANTS: Any = importlib.import_module("re._constants")


def _optional(item: tuple[Any, Any]) -> bool:
    """Whether one parsed element of a pattern may match nothing at all."""
    c = _SRE_CONSTANTS
    op, av = item
    if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
        return av[0] == 0 or all(_optional(i) for i in av[2])
    if op == c.SUBPATTERN:
        return all(_optional(i) for i in av[-1])
    if op == c.ATOMIC_GROUP:
        return all(_optional(i) for i in av)
    if op == c.BRANCH:
        return any(all(_optional(i) for i in branch) for branch in av[1])
    return op in (c.AT, c.ASSERT, c.ASSERT_NOT)


def _repeats_alone(items: Any) -> bool:
    """Whether ``items`` (a repeated group's body) can match as one repetition of something
    inside it: all it holds besides one repeat of more than once may match nothing."""
    c = _SRE_CONSTANTS
    needed = [i for i in items if not _optional(i)]
    inner = needed or [i for i in items
                       if i[0] in (c.MAX_REPEAT, c.MIN_REPEAT, c.SUBPATTERN, c.BRANCH)]
    if len(inner) != 1:
        return False
    op, av = inner[0]
    if op in (c.MAX_REPEAT, c.MIN_REPEAT):  # a length of its own choosing ("{2}" has none)
        return av[1] > 1 and av[0] != av[1]
    if op == c.BRANCH:  # "(a|b+)+": one way through is a repeat alone
        return any(_repeats_alone(branch) for branch in av[1])
    return op == c.SUBPATTERN and _repeats_alone(av[-1])


def _nested_repeat(items: Any) -> bool:
    """Whether a repeat in ``items`` repeats a body that can match as one of its own
    repeats ("(a+)+", "(\\w+\\s?)+", "(x*)*"): a text that does not match is then tried
    split every way, which takes time exponential in its length. Possessive repeats and
    atomic groups give nothing back once matched, so they are left alone with what they
    hold (a nested repeat followed by more inside one is not seen: a rare shape)."""
    c = _SRE_CONSTANTS
    for op, av in items:
        if op in (c.MAX_REPEAT, c.MIN_REPEAT):
            if av[1] > 1 and _repeats_alone(av[2]) or _nested_repeat(av[2]):
                return True
        elif op == c.SUBPATTERN:
            if _nested_repeat(av[-1]):
                return True
        elif op == c.BRANCH:
            if any(_nested_repeat(branch) for branch in av[1]):
                return True
    return False


#: what :func:`regex_error` says of a pattern that compiles but repeats a repeat
NESTED = ("it repeats a group that can match as one of its own repeats (nested "
          "quantifiers, as in '(a+)+' or '(\\w+\\s?)+'): a title that does not match takes "
          "time exponential in its length; make each repetition start or end with "
          "something it needs ('(\\w+\\s)+', '\\w+(\\s\\w+)*'), or write it possessive ('(\\w+\\s?)++')")


@lru_cache(maxsize=1024)
def regex_error(pattern: str) -> str | None:
    """Why ``pattern`` does not compile (``re.error``'s message), or None when it does;
    :data:`NESTED` when it compiles but nests quantifiers that backtrack exponentially (a
    kind written by someone else ran such a pattern over every result's title)."""
    key = _STORE.key(pattern)
    found = _STORE.load(key, _decode)
    if found is None:
        try:
            re.compile(pattern)
            found = (NESTED if _nested_repeat(_SRE_PARSER.parse(pattern)) else None,)
        except re.error as exc:
            found = (str(exc),)
        except (RecursionError, OverflowError, ValueError) as exc:  # nesting past the parser
            found = (f"too complex to compile ({type(exc).__name__})",)
        _STORE.save(key, {"error": found[0]})
    return found[0]


def check_regex(pattern: str) -> str:
    """``pattern`` itself; ValueError (a pydantic field error) when it does not compile."""
    error = regex_error(pattern)
    if error == NESTED:
        raise ValueError(f"'{pattern}' would hang on some texts: {error}")
    if error is not None:
        raise ValueError(f"'{pattern}' is not a valid regular expression: {error}")
    return pattern
