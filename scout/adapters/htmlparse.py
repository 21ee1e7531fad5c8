"""Parse HTML with selectolax (lexbor) without letting a hostile page stall the run.

lexbor is fast on real pages but quadratic in the nesting depth of the block elements
that close an open ``<p>`` (``div``, ``section``, ``ul``, ``blockquote``...): for each
such start tag it scans the whole stack of open elements. One MB of ``<div>`` takes
about two minutes of CPU inside C code, holding the GIL, so no timeout can stop it.
:func:`parse_html` counts those tags first (a regex pass, linear) and parses only the
document up to the point where they nest deeper than :data:`MAX_DEPTH`; real pages nest
them a few dozen deep. Everything before the cut (``<head>``, JSON-LD) is kept.

lexbor's unwrapping of inline elements (how the page's text is read) is worse than
quadratic in their depth: 33,000 ``<span>`` deep took 20 s, so they are bounded too.

lexbor is also quadratic in the attributes of one element (each new one is compared
with those already read): one tag of 20,000 attributes took 3 s, a 2 MB page of one
tag minutes. :func:`cap_attributes` cuts the document before the first tag with more
than :data:`MAX_ATTRIBUTES`; real elements carry a few dozen.

Past those shapes, lexbor and the text reading after it cost about 8 µs an element: a
2 MB page of 250,000 tiny tags (``<b>x</b>``, ``<br>``, ``<li>x``) took 2 s of CPU and
200 MB. :func:`cap_elements` cuts the document before its :data:`MAX_ELEMENTS`-th start
tag, so one page costs well under a second; a long real page has a few tens of
thousands.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborHTMLParser

#: deeper than any real page; lexbor parses this depth in about a millisecond
MAX_DEPTH = 1024

#: the elements whose start tag scans the stack of open elements
_BLOCKS = frozenset({
    "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div",
    "dl", "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "listing", "main",
    "menu", "nav", "ol", "optgroup", "pre", "search", "section", "summary", "ul"})
#: the inline elements a page's text is read through (extract.main_text unwraps them:
#: lexbor's unwrap is worse than quadratic in their depth, 33,000 deep took 20 s)
INLINE_TAGS = ("a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font",
               "i", "kbd", "label", "mark", "q", "s", "samp", "small", "span", "strong",
               "sub", "sup", "time", "u", "var", "wbr")
_INLINE = frozenset(INLINE_TAGS) - {"wbr"}  # wbr is void: it opens nothing
#: elements that are never open (their end tag, if any, closes nothing)
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "source", "track", "wbr", "param", "keygen"})
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*+)(?=[\s/>])")


#: elements an end tag does not close past (HTML's "scope" markers): ``</div>`` inside a
#: table cell closes no div outside it
_SCOPE = frozenset({"applet", "button", "caption", "html", "marquee", "math", "object",
                    "select", "svg", "table", "td", "template", "th"})
#: elements whose start tag closes an open one of their kind directly around it
_SELF_CLOSING = frozenset({"dd", "dt", "li", "option", "p", "td", "th", "tr"})


def _close(open_: list[tuple[str, int]], name: str) -> int | None:
    """Pop ``name`` and what is open inside it, if it is open within scope; the inline
    depth it was opened at, or None when nothing is closed."""
    for i in range(len(open_) - 1, -1, -1):
        if open_[i][0] == name:
            inline = open_[i][1]
            del open_[i:]
            return inline
        if open_[i][0] in _SCOPE:
            return None
    return None


def cap_nesting(html: str, max_depth: int = MAX_DEPTH) -> tuple[str, bool]:
    """``html`` up to where block elements, or inline ones, nest deeper than
    ``max_depth``, and whether it was cut.

    Inline depth is counted as the parser closes inline elements: the end of an element
    open around them closes them too (``<p><span>x</p>``, ``<li><a>x<li>``), and the
    depth goes back to what it was when that element opened. A stray end tag, or one
    past a table cell, closes nothing (so it cannot reset the count while the parser
    nests on)."""
    if html.count("<") <= max_depth:  # cannot nest that deep: the common case, no scan
        return html, False
    depth = inline = 0
    open_: list[tuple[str, int]] = []  # other elements open, with the inline depth then
    for m in _TAG.finditer(html):
        name = m.group(2).lower()
        if m.group(1):  # an end tag
            if name in _INLINE:
                inline = inline - 1 if inline else 0
                continue
            if name in _BLOCKS:
                depth = depth - 1 if depth else 0
            closed = _close(open_, name)
            inline = inline if closed is None else closed
            continue
        if name in _INLINE:
            inline += 1
            if inline > max_depth:
                return html[: m.start()], True
            continue
        if open_ and (open_[-1][0] == name and name in _SELF_CLOSING
                      or open_[-1][0] == "p" and name in _BLOCKS):
            # <li> after <li>, <p> after <p>, a block after <p>: the open one ends here
            inline = open_.pop()[1]
        if name in _BLOCKS:
            depth += 1
            if depth > max_depth:
                return html[: m.start()], True
        if name not in _VOID:
            open_.append((name, inline))
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


#: start tags read of one document; past what long real pages hold (a few tens of thousands)
MAX_ELEMENTS = 50_000
_START_TAG = re.compile(r"<[A-Za-z]")


def cap_elements(html: str, max_elements: int = MAX_ELEMENTS) -> tuple[str, bool]:
    """``html`` up to its ``max_elements``-th start tag, and whether it was cut."""
    if html.count("<") <= max_elements:  # cannot hold that many: the common case, no scan
        return html, False
    for i, m in enumerate(_START_TAG.finditer(html)):
        if i == max_elements:
            return html[: m.start()], True
    return html, False


def read_html(html: str, max_depth: int = MAX_DEPTH) -> tuple[LexborHTMLParser, bool]:
    """A lexbor tree of ``html``, and whether the document was cut: past
    :data:`MAX_ELEMENTS` elements, where it nests deeper than ``max_depth``, or before a
    tag with more than :data:`MAX_ATTRIBUTES` attributes."""
    html, many = cap_elements(html)  # first: the scans after it read less
    html, deep = cap_nesting(html, max_depth)
    html, wide = cap_attributes(html)
    return LexborHTMLParser(html), many or deep or wide


def parse_html(html: str, max_depth: int = MAX_DEPTH) -> LexborHTMLParser:
    """:func:`read_html`'s tree alone."""
    return read_html(html, max_depth)[0]
