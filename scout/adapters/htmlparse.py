"""Parse HTML with selectolax (lexbor) without letting a hostile page stall the run.

lexbor is fast on real pages but quadratic in the nesting depth of the block elements
that close an open ``<p>`` (``div``, ``section``, ``ul``, ``blockquote``...): for each
such start tag it scans the whole stack of open elements. One MB of ``<div>`` takes
about two minutes of CPU inside C code, holding the GIL, so no timeout can stop it.
:func:`parse_html` counts those tags first (a regex pass, linear) and parses only the
document up to the point where they nest deeper than :data:`MAX_DEPTH`; real pages nest
them a few dozen deep. Everything before the cut (``<head>``, JSON-LD) is kept.

lexbor is also quadratic in the attributes of one element (each new one is compared
with those already read): one tag of 20,000 attributes took 3 s, a 2 MB page of one
tag minutes. :func:`cap_attributes` cuts the document before the first tag with more
than :data:`MAX_ATTRIBUTES`; real elements carry a few dozen.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborHTMLParser

#: deeper than any real page; lexbor parses this depth in about a millisecond
MAX_DEPTH = 1024

#: start/end tags of the elements whose start tag scans the stack of open elements
_BLOCK_TAG = re.compile(
    r"<(/?)(?:address|article|aside|blockquote|center|details|dialog|dir|div|dl|fieldset"
    r"|figcaption|figure|footer|header|hgroup|listing|main|menu|nav|ol|optgroup|pre"
    r"|search|section|summary|ul)(?=[\s/>])", re.I)


def cap_nesting(html: str, max_depth: int = MAX_DEPTH) -> tuple[str, bool]:
    """``html`` up to where those block elements nest deeper than ``max_depth``, and
    whether it was cut."""
    if html.count("<") <= max_depth:  # cannot nest that deep: the common case, no scan
        return html, False
    depth = 0
    for m in _BLOCK_TAG.finditer(html):
        if m.group(1):
            depth = depth - 1 if depth else 0
            continue
        depth += 1
        if depth > max_depth:
            return html[: m.start()], True
    return html, False


#: more than any real element carries; lexbor reads this many in well under a millisecond
MAX_ATTRIBUTES = 256
#: a start tag long enough to hold that many attributes (a name and a space each), its
#: quoted values read whole (possessive: linear, and a '>' inside a value stays inside)
_LONG_TAG = re.compile(r"""<[A-Za-z](?:[^<>"']|"[^"]*+"|'[^']*+')*+""")
_VALUE = re.compile(r"""=\s*+(?:"[^"]*+"|'[^']*+'|[^\s"'>]*+)""")


def cap_attributes(html: str, max_attributes: int = MAX_ATTRIBUTES) -> tuple[str, bool]:
    """``html`` up to the first start tag with more than ``max_attributes`` attributes,
    and whether it was cut."""
    if len(html) < 2 * max_attributes:
        return html, False
    for m in _LONG_TAG.finditer(html):
        tag = m.group()
        if len(tag) >= 2 * max_attributes and \
                len(_VALUE.sub(" ", tag).split()) - 1 > max_attributes:
            return html[: m.start()], True
    return html, False


def parse_html(html: str, max_depth: int = MAX_DEPTH) -> LexborHTMLParser:
    """A lexbor tree of ``html``, cut where it nests deeper than ``max_depth`` or a tag
    holds more than :data:`MAX_ATTRIBUTES` attributes."""
    return LexborHTMLParser(cap_attributes(cap_nesting(html, max_depth)[0])[0])
