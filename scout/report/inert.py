"""Text from outside made inert in a report: what every ``{{ }}`` of a Markdown report
template writes, and which link targets the HTML report may keep.

A report quotes web pages, search snippets and titles, model answers and the user's own
query. Markdown templates render with autoescape off, and ``report.md`` is opened in
viewers that render raw HTML and follow any link, so the report environment's
``finalize`` (:func:`finalize`, :func:`inert_markdown_text`) passes every value a
Markdown template writes through these rules, whichever field it came from and whether
or not the template remembered ``md_cell``:

* control characters (NUL, BEL, terminal escape sequences), the bidi embedding, override
  and isolate controls and the invisible zero-width characters are removed: U+202E in a
  hotel's name made "Hotel Praktik" read "Hotel Prakkit" reversed, and a zero-width
  space splits a word so a reader's search misses it (ZWJ and ZWNJ stay: emoji and
  Persian or Indic writing need them);
* raw HTML and autolinks: a ``<`` before a letter, ``/``, ``!`` or ``?`` is written
  ``&lt;``, so ``<img onerror=...>`` or ``<javascript:...>`` from a snippet is text;
* an image shows only a picture scout downloaded itself (``photos/<hash>.jpg``, which the
  HTML report embeds): any other (``![x](http://127.0.0.1:8080/admin?do=1)``, a tracking
  pixel, ``![x](/etc/passwd)``, a reference image ``![x][r]``) loses its image syntax
  (``!\\[x]...``), so opening report.md in a viewer that loads pictures requests nothing
  from a page's or a model's choosing (the HTML report drops such pictures too);
* a link, image or link reference definition whose target is not a web address
  (:func:`safe_link`: http, https, mailto, a ``#fragment`` or a relative path) loses its
  link syntax (``[x]\\(javascript:...)``): it shows as the text it is, never clickable;
* a value that is by itself such a target (a template's own ``[{{ name }}]({{ url }})``)
  is written as ``#``; one that is by itself a web address has its parentheses escaped
  (``%28``, ``%29``), so an unbalanced ``)`` in it cannot end the link it is the target of;
* a credential in any address (:func:`without_credentials`: ``https://user:pass@host``'s
  user information, the value of ``?token=``, ``&api_key=``, ``X-Amz-Signature=`` and
  their kin) is removed or written ``REDACTED``: a search result or a page may link
  with someone's login or a signed URL in it, and a report shows no secret whole.

The rules are idempotent (a macro's output, already made inert, passes through them again
when it is written) and leave scout's own Markdown — tables, headings, citation markers,
web links, the mermaid block — as it is. HTML templates escape instead (autoescape), so
only the removal of invisible characters and of credentials applies to them.
"""

from __future__ import annotations

import html
import re
from typing import Any

from scout.config.headers import secret_param
from scout.termsafe import clean

#: what a report's links may point at: the web, an e-mail address, the page itself
WEB_SCHEMES = frozenset({"http", "https", "mailto"})
#: invisible characters that change how text reads or is searched, beyond termsafe.clean's
#: controls: zero-width space, word joiner, BOM, Arabic letter mark, Mongolian vowel sep.
_INVISIBLE = re.compile("[\u200b\u2060\ufeff\u061c\u180e\u202a-\u202e\u2066-\u2069]")
#: a tag, a closing tag, a comment, a declaration or an autolink starts here
_TAG_START = re.compile(r"<(?=[A-Za-z/!?])")
#: ``](target`` of an inline link or image (``target`` possibly in <...>)
_INLINE_TARGET = re.compile(r"\]\((\s*)(<[^>\n]*>|[^\s)]*)")
#: a picture scout downloaded itself (a thumbnails phase), relative to the run dir: the
#: one picture the reports show (report.html embeds it as a data: URI)
OWN_PHOTO = re.compile(r"^photos/[0-9a-f]{16,64}\.(jpg|png)$")
#: ``![alt](photos/<hash>.jpg)``: an image of such a picture, its alt text escaped as
#: md_cell writes it
_OWN_IMAGE = re.compile(r"!\[(?:\\.|[^\[\]\\\n]){0,500}\]\(<?photos/[0-9a-f]{16,64}\.(?:jpg|png)>?\)")
#: ``[label]: target`` at a line's start: a link reference definition
_REF_DEFINITION = re.compile(r"^( {0,3}\[[^\]\n]+\]):(\s*)(\S+)", re.M)
#: a scheme as browsers read it: letters, digits, + - . after a letter, then ':'
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]*):")
#: what browsers drop from a URL before reading its scheme (tabs, newlines, controls)
_URL_NOISE = re.compile(r"[\x00-\x20\x7f\\]")
#: a value that is one URL whose scheme runs code or smuggles content
_BARE_BAD = re.compile(r"^\s*(?:javascript|vbscript|data|file|blob)\s*:\S", re.I)
_BARE_WEB = re.compile(r"^https?://\S+$", re.I)
#: an address with an authority: its scheme (``\:`` as md_cell writes it), then the rest
_ADDRESS = re.compile(r"\b([A-Za-z][A-Za-z0-9+.\-]{0,31}\\?://)([^\s<>\"'`]+)")
#: the user information before a host: ``user:pass@`` (up to the first / ? # of the path)
_USERINFO = re.compile(r"^[^/?#@\s]*@")
#: a query or fragment parameter and its value (up to what ends a value or a link)
_PARAM = re.compile(r"([?&;#])([^=&;#?\s]+)=([^&;#\s\\|)\]]*)")



def safe_link(target: str) -> bool:
    """Whether a link target may stay a link: http(s), mailto, a fragment or a relative
    path. The target is read as a Markdown viewer and a browser read it: entities
    decoded (``jav&#x61;script:``), backslashes, whitespace and controls dropped."""
    raw = _URL_NOISE.sub("", html.unescape(target).strip().strip("<>"))
    m = _SCHEME.match(raw)
    return m is None or m.group(1).lower() in WEB_SCHEMES


def visible(text: str) -> str:
    """``text`` without controls, escape sequences, bidi controls and zero-width
    characters (newlines and tabs kept)."""
    return _INVISIBLE.sub("", clean(text))


def _address(m: re.Match[str]) -> str:
    rest = _USERINFO.sub("", m.group(2), count=1)
    if "=" in rest:
        rest = _PARAM.sub(lambda p: p.group(0) if not p.group(3) or not secret_param(
            p.group(2)) else f"{p.group(1)}{p.group(2)}=REDACTED", rest)
    return m.group(1) + rest


def without_credentials(text: str) -> str:
    """``text`` with every address's credentials gone: the user information of
    ``scheme://user:pass@host`` removed, and the value of each query parameter that
    names a credential (:func:`secret_param`) written ``REDACTED``. Idempotent; text
    with no ``://`` is returned as it is."""
    if "://" not in text:
        return text
    return _ADDRESS.sub(_address, text)


def _inline(m: re.Match[str]) -> str:
    return m.group(0) if safe_link(m.group(2)) else "]\\(" + m.group(1) + m.group(2)


def _definition(m: re.Match[str]) -> str:
    return m.group(0) if safe_link(m.group(3)) else f"{m.group(1)}\\:{m.group(2)}{m.group(3)}"


def _image(m: re.Match[str]) -> str:
    own = _OWN_IMAGE.match(m.string, m.start())
    return m.group(0) if own is not None else "!\\["


def inert_markdown_text(text: str) -> str:
    """One value as a Markdown template writes it (the rules in the module docstring)."""
    text = without_credentials(visible(text))
    if _BARE_BAD.match(text) and not any(c.isspace() for c in text.strip()):
        return "#"
    if _BARE_WEB.match(text):
        text = text.replace("(", "%28").replace(")", "%29")
    if "<" in text:
        text = _TAG_START.sub("&lt;", text)
    if "![" in text:
        text = re.sub(r"!\[", _image, text)
    if "](" in text:
        text = _INLINE_TARGET.sub(_inline, text)
    if "]:" in text:
        text = _REF_DEFINITION.sub(_definition, text)
    return text


def finalize(eval_ctx: Any, value: Any) -> Any:
    """The report environment's ``finalize``: Markdown values made inert; in an HTML
    template (autoescape on) only the invisible characters go, autoescape doing the rest,
    and markup the code built (``Markup``, e.g. the report's body) is left alone. In a
    Markdown template nothing escapes, so ``| safe`` (a ``Markup``) vouches for nothing
    and is made inert like any value."""
    from markupsafe import Markup

    if value is None or (eval_ctx.autoescape and isinstance(value, Markup)):
        return value
    text = str(value)
    return without_credentials(visible(text)) if eval_ctx.autoescape \
        else inert_markdown_text(text)
