"""``report.html`` as an e-mail body, as inert as the PDF printed from it.

The e-mail step sends the self-contained HTML report as the message's HTML part. A mail
client does not print it under the report's Content-Security-Policy as the PDF's browser
does (:func:`scout.report.exports.inert_page`), and most ignore a policy the page declares:
a project's HTML template (or outside text written with ``| safe``) that loads a remote
picture, stylesheet or frame told its host who read the mail and when, and a script or
an ``on…`` handler ran wherever a client lets one. So the body is made inert itself, with
the same rules the print policy states: no script, no frame, no object, no form, nothing
loaded but inline style and ``data:`` pictures; links stay links (a reader follows them,
nothing loads them), ``javascript:`` ones go. The print policy is declared too, for the
clients that honour one.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborHTMLParser, LexborNode

from scout.report.exports import inert_page

#: elements that run, embed or load something, or send what a reader types: removed whole
_DROP = ("script", "noscript", "iframe", "frame", "frameset", "object", "embed", "applet",
         "base", "form", "portal", "template")
#: attributes that load what they name when the page is shown (only ``data:`` may stay)
_LOADS = ("src", "srcset", "poster", "background", "lowsrc", "dynsrc", "data", "codebase",
          "imagesrcset", "ping", "xlink:href")
#: attributes a reader follows, never loaded: kept unless they run script
_FOLLOWED = ("href", "action", "formaction", "cite", "longdesc")
_SCRIPT_URL = re.compile(r"^\s*(?:javascript|vbscript|livescript)\s*:", re.I)
_DATA_URL = re.compile(r"^\s*data:", re.I)
# in CSS: a url() that is no data: picture, an @import (anything it names is a load)
_CSS_URL = re.compile(r"url\(\s*(?!['\"]?\s*data:)[^)]*\)", re.I)
_CSS_IMPORT = re.compile(r"@import\b[^;]*;?", re.I)


def _inert_css(css: str) -> str:
    return _CSS_URL.sub("none", _CSS_IMPORT.sub("", css))


def inert_body(html: str) -> str:
    """``html`` with nothing that runs or loads when a mail client shows it (the module's
    rules), under the print policy (:func:`scout.report.exports.inert_page`)."""
    tree = LexborHTMLParser(html)
    for tag in _DROP:
        for node in tree.css(tag):
            node.decompose()
    for node in tree.css("link"):  # a stylesheet, a preload, an icon: each a load
        node.decompose()
    for node in tree.css("meta"):
        if (node.attributes.get("http-equiv") or "").strip().lower() in ("refresh",
                                                                         "set-cookie"):
            node.decompose()
    for node in tree.css("style"):
        node.replace_with(_style_node(node.text(deep=True)))
    for node in tree.css("*"):
        for name, value in list(node.attributes.items()):
            low, said = name.lower(), value or ""
            if low.startswith("on") \
                    or (low in _LOADS and not _DATA_URL.match(said)) \
                    or (low in _FOLLOWED and _SCRIPT_URL.match(said)):
                del node.attrs[name]
            elif low == "style":
                node.attrs[name] = _inert_css(said)
    return inert_page(tree.html or "")


def _style_node(css: str) -> LexborNode:
    """A ``<style>`` element holding ``css`` without its loads. "</" cannot end it early:
    the text came from a ``<style>`` element, which the parser already ended at its own
    first "</style"."""
    node = LexborHTMLParser("<style>" + _inert_css(css) + "</style>").css_first("style")
    assert node is not None
    return node
