"""Whether a regular expression a spec gives compiles and cannot hang, remembered across
processes.

Specs carry regexes (an input's ``pattern``, an extract step's ``strip_patterns`` and
``exclude_patterns``) that ``scout validate`` must reject before a run when Python's
``re`` cannot compile them, or when their backtracking explodes on a text that does not
match (:func:`_nested_repeat`, the shapes rxxr and regexploit reason about: a repeat whose
body can match one text in more than one way). What no static check sees is stopped at
run time (scout.spec.saferegex). Compiling is the only exact check, and a long one is slow: an
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

from pydantic_core import PydanticCustomError

from scout.spec.factcache import FactStore, module_file

#: the pydantic error type of a pattern that does not compile or would hang: SPEC031
#: wherever the pattern is (a phase's ``with:``, an input's ``pattern``), scout.spec.located
BAD_REGEX = "spec_regex"

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
_SRE_COMPILER: Any = importlib.import_module("re._compiler")


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


def _nested_repeat(items: Any, flags: int = 0) -> bool:
    """Whether a repeat in ``items`` repeats a body that can match one text in more
    than one way: a text that does not match is then tried split every way, which takes
    time exponential in its length (polynomial of the repeat's degree for a count, as
    ``(.*a){12}``). Three shapes: the body can match as one of its own repeats ("(a+)+",
    "(\\w+\\s?)+", "(x*)*"); a repeat of variable length in the body can also give
    its characters to what follows it, or to the next repetition ("(x+x+)+", "(.*a){12}",
    "(\\d+\\.?\\d*)+"); two of its alternatives match the same text ("(a|a)*",
    "(\\w|\\d)+"). Possessive repeats and atomic groups give nothing back once matched,
    so they are left alone with what they hold. Only a pattern that could hang is
    refused: one a run would finish is still stopped at run time past its time
    (scout.spec.saferegex)."""
    c = _SRE_CONSTANTS
    for op, av in items:
        if op in (c.MAX_REPEAT, c.MIN_REPEAT):
            if av[1] > 1 and _repeats_alone(av[2]) or _nested_repeat(av[2], flags):
                return True
            if av[1] > _POLY_DEGREE and _ambiguous_body(av[2], flags):
                return True
        elif op == c.SUBPATTERN:
            if _nested_repeat(av[-1], (flags | av[1]) & ~av[2]):
                return True
        elif op == c.BRANCH:
            if any(_nested_repeat(branch, flags) for branch in av[1]):
                return True
    return False


#: a repeat of at most this many repetitions is left to the run-time bound: its cost is a
#: small power of the text's length ("(\\d+\\s?){1,2}" reads a title at once)
_POLY_DEGREE = 3

#: the characters first-character sets are compared on: ASCII and the letters, spaces,
#: dashes and quotes of the texts scout reads (a request, a title, a URL)
_SAMPLE = ("".join(chr(c) for c in range(9, 127)) + "\xa0\u2009\u200báéíóúüñçàèìòùâêôãõ"
           "ÁÉÍÓÚÑÇ¿¡«»–—‘’“”€£¥°ºª·•…中Ωжß")
_ALL = frozenset(_SAMPLE)


@lru_cache(maxsize=4096)
def _atom_chars(item: Any, flags: int) -> frozenset[str]:
    """The sample characters one single-character element matches (``re`` decides)."""
    sub = _SRE_PARSER.SubPattern(_SRE_PARSER.State(), [item])
    try:
        matcher = _SRE_COMPILER.compile(sub, flags)
    except Exception:  # noqa: BLE001 - a form this walk does not know: it may match anything
        return _ALL
    return frozenset(ch for ch in _SAMPLE if matcher.match(ch))


def _first(item: Any, flags: int) -> frozenset[str]:
    """The characters a match of one parsed element can start with (all, when unsure)."""
    c = _SRE_CONSTANTS
    op, av = item
    if op in (c.LITERAL, c.NOT_LITERAL, c.ANY, c.IN, c.CATEGORY):
        return _atom_chars((op, av if op != c.IN else tuple(av)), flags)
    if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
        return _first_of(av[2], flags)
    if op == c.SUBPATTERN:
        return _first_of(av[-1], (flags | av[1]) & ~av[2])
    if op == c.ATOMIC_GROUP:
        return _first_of(av, flags)
    if op == c.BRANCH:
        return frozenset().union(*(_first_of(b, flags) for b in av[1]))
    if op in (c.AT, c.ASSERT, c.ASSERT_NOT):
        return frozenset()
    return _ALL  # a back-reference, a conditional group: anything


def _first_of(items: Any, flags: int) -> frozenset[str]:
    """The characters a match of the sequence ``items`` can start with; none past a word
    boundary ("\\bni\\b"), for the character before it cannot be the same one."""
    out: frozenset[str] = frozenset()
    for item in items:
        if item == (_SRE_CONSTANTS.AT, _SRE_CONSTANTS.AT_BOUNDARY):
            break
        out |= _first(item, flags)
        if not _optional(item):
            break
    return out


def _flat(items: Any, flags: int) -> list[tuple[Any, int]]:
    """``items`` with plain groups opened (a group changes what is captured, not what
    matches), each with the flags it is matched under."""
    out: list[tuple[Any, int]] = []
    for op, av in items:
        if op == _SRE_CONSTANTS.SUBPATTERN:
            out += _flat(av[-1], (flags | av[1]) & ~av[2])
        else:
            out.append(((op, av), flags))
    return out


def _width(item: Any) -> tuple[int, int]:
    """The fewest and the most characters one parsed element matches."""
    try:
        lo, hi = _SRE_PARSER.SubPattern(_SRE_PARSER.State(), [item]).getwidth()
    except Exception:  # noqa: BLE001 - a back-reference's width is its group's: unknown
        return 0, _SRE_CONSTANTS.MAXREPEAT
    return int(lo), int(hi)


def _ambiguous_body(body: Any, flags: int) -> bool:
    """Whether one repetition of ``body`` can split its text in more than one way: an
    element of variable length in it (a repeat, an alternative of another length) starts
    with a character that what follows it may start with too, wrapping round to the next
    repetition ("x+x+", ".*a", "a|aa"); or two of its alternatives match the same
    characters ("a|a"). An element with nothing else needed around it is
    :func:`_repeats_alone`'s ("(x?)+" ends at its first empty repetition)."""
    c = _SRE_CONSTANTS
    seq = _flat(body, flags)
    for i, ((op, av), f) in enumerate(seq):
        if op == c.BRANCH and _same_text(av[1], f):
            return True
        if op in (c.MAX_REPEAT, c.MIN_REPEAT):
            # a repeat of a run of characters ("x+", ".*", "[a-z]{1,3}"): one of a longer
            # body is judged inside it, where its own characters are known
            if _chars(av[2], f) is None:
                continue
        elif op == c.BRANCH:  # alternatives that start alike ("a|aa"), of other lengths
            starts = [_first_of(b, f) for b in av[1]]
            if not any(x & y for j, x in enumerate(starts) for y in starts[j + 1:]) and \
                    not any(all(_optional(i) for i in b) for b in av[1]):  # "a(?:|a)"
                continue
        else:
            continue
        lo, hi = _width((op, av))
        if lo == hi:
            continue
        own = _first((op, av), f)
        after: frozenset[str] = frozenset()
        for item, g in seq[i + 1:] + seq[:i]:  # what follows, then the next repetition
            if item == (c.AT, c.AT_BOUNDARY):
                break
            after |= _first(item, g)
            if not _optional(item):
                break
        if own & after:
            return True
    return False


def _chars(items: Any, flags: int) -> list[frozenset[str]] | None:
    """The characters each position of ``items`` matches, when it is a fixed run of
    single characters ("ab", "\\d\\d", "[a-z]{2}"); None otherwise."""
    c = _SRE_CONSTANTS
    out: list[frozenset[str]] = []
    for (op, av), f in _flat(items, flags):
        if op in (c.LITERAL, c.NOT_LITERAL, c.ANY, c.IN, c.CATEGORY):
            out.append(_first((op, av), f))
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT) and av[0] == av[1] and av[0] <= 16:
            inner = _chars(av[2], f)
            if inner is None:
                return None
            out += inner * av[0]
        else:
            return None
    return out


def _same_text(branches: Any, flags: int) -> bool:
    """Whether two of ``branches`` are fixed runs of characters that can match one text
    ("a|a", "\\w|\\d", "ab|[a-z]b")."""
    runs = [r for r in (_chars(b, flags) for b in branches) if r is not None]
    return any(len(a) == len(b) and all(x & y for x, y in zip(a, b))
               for i, a in enumerate(runs) for b in runs[i + 1:])


#: what :func:`regex_error` says of a pattern that compiles but repeats a repeat
NESTED = ("a repeated part of it can match one text in more than one way (nested "
          "quantifiers '(a+)+', '(\\w+\\s?)+'; repeats side by side that can take the same "
          "characters '(x+x+)+', '(.*a){12}'; alternatives that match alike '(a|a)*', "
          "'(a|aa)+'): a title that does not match takes time exponential in its length; "
          "make each repetition start or end with something it needs ('(\\w+\\s)+', "
          "'\\w+(\\s\\w+)*'), or write it possessive ('(\\w+\\s?)++')")


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
            tree = _SRE_PARSER.parse(pattern)
            found = (NESTED if _nested_repeat(tree, tree.state.flags) else None,)
        except re.error as exc:
            found = (str(exc),)
        except (RecursionError, OverflowError, ValueError) as exc:  # nesting past the parser
            found = (f"too complex to compile ({type(exc).__name__})",)
        _STORE.save(key, {"error": found[0]})
    return found[0]


def check_regex(pattern: str) -> str:
    """``pattern`` itself; a pydantic field error of type :data:`BAD_REGEX` (a
    ValueError) when it does not compile or would hang."""
    error = regex_error(pattern)
    if error == NESTED:
        raise _bad(f"'{pattern}' would hang on some texts: {error}")
    if error is not None:
        raise _bad(f"'{pattern}' is not a valid regular expression: {error}")
    return pattern


def _bad(message: str) -> PydanticCustomError:
    # no context: the message is a template only for its context's keys, so a pattern's
    # own braces ('\\d{2}') are shown as written
    return PydanticCustomError(BAD_REGEX, message, {})
