"""What the HTML report adds to the Markdown it is made from: pictures and links.

``report.md`` stays plain Markdown (GitHub renders its mermaid block); ``report.html`` is
the same text rendered by markdown-it with raw HTML disabled, then:

* the mermaid block (source text in a browser) is replaced by the DAG drawn as SVG;
* the price-vs-rating chart is placed after the first table (the shortlist, which the
  answer-first reading order puts first);
* every citation marker ``[n]`` becomes a link to its source, and each source in the
  list gets the anchor it points to;
* an amount and its currency stay on one line ("200 €", "180 EUR": the Markdown keeps
  plain spaces so a reader searching it finds them);
* every table sits in a box of its own that scrolls sideways when the table is wider
  than the screen (a phone), so the page itself never does.

Only markup this module writes itself is added: the SVG comes from
:mod:`scout.report.svg` (which escapes every text) and the anchors are built from
citation numbers, never from page or provider text.
"""

from __future__ import annotations

import html as _html
import re
from collections.abc import Iterable
from pathlib import Path

from scout.report.inert import OWN_PHOTO

_MERMAID = re.compile(r'<pre><code class="language-mermaid">.*?</code></pre>', re.S)
#: a [n] marker in text: not inside a tag, not already a link's text
_MARKER = re.compile(r"\[(\d{1,4})\]")


def _text_sub(html: str, fn: "re.Pattern[str]", repl) -> str:  # type: ignore[no-untyped-def]
    """Apply a substitution to text between tags only (never to tags or attributes),
    and not inside <a> (a link in a link) or <pre>/<code>/<svg>."""
    out: list[str] = []
    depth = {"a": 0, "pre": 0, "code": 0, "svg": 0}
    for part in re.split(r"(<[^>]*>)", html):
        if part.startswith("<"):
            m = re.match(r"</?\s*([a-zA-Z]+)", part)
            if m and m.group(1).lower() in depth and not part.endswith("/>"):
                depth[m.group(1).lower()] += -1 if part.startswith("</") else 1
            out.append(part)
        elif any(v > 0 for v in depth.values()):
            out.append(part)
        else:
            out.append(fn.sub(repl, part))
    return "".join(out)


def link_citations(body: str, sources: Iterable[tuple[int, str]]) -> str:
    """``[n]`` → ``<a href="#src-n">[n]</a>`` for every cited ``n``, and ``id="src-n"`` on
    the list item of the sources list that links to source ``n``'s URL (as the
    Markdown wrote it: without its credentials, report/inert.py)."""
    from scout.report.inert import without_credentials

    urls = {n: without_credentials(url) for n, url in sources}
    if not urls:
        return body

    def marker(m: re.Match[str]) -> str:
        n = int(m.group(1))
        return (f'<a class="cite" href="#src-{n}">[{n}]</a>' if n in urls else m.group(0))

    body = _text_sub(body, _MARKER, marker)
    # the sources list is the last ordered list whose items start with the cited links
    for n, url in sorted(urls.items(), reverse=True):
        for href in _hrefs(url):
            needle = f'<li><a href="{href}">'
            at = body.rfind(needle)
            if at != -1:
                body = body[:at] + f'<li id="src-{n}"><a href="{href}">' + body[at + len(needle):]
                break
    return body


def _hrefs(url: str) -> list[str]:
    """The ``href`` markdown-it may have written for ``url``: as it is, or as the report's
    Markdown wrote it (parentheses, spaces and angle brackets escaped, so none ends the
    link early) and markdown-it then normalised."""
    from markdown_it.common.normalize_url import normalizeLink

    written = url
    for char, code in ((" ", "%20"), ("(", "%28"), (")", "%29"), ("<", "%3C"), (">", "%3E")):
        written = written.replace(char, code)
    out: list[str] = []
    for href in (url, normalizeLink(url), normalizeLink(written)):
        if _html.escape(href, quote=True) not in out:
            out.append(_html.escape(href, quote=True))
    return out


def embed_pictures(body: str, *, dag_svg: str | None, chart_svg: str | None,
                   dag_caption: str = "", chart_caption: str = "") -> str:
    if dag_svg:
        figure = (f'<figure class="dag">{dag_svg}'
                  + (f"<figcaption>{_html.escape(dag_caption)}</figcaption>" if dag_caption
                     else "") + "</figure>")
        body, n = _MERMAID.subn(lambda _m: figure, body, count=1)
        if n == 0:
            body += figure
    if chart_svg:
        figure = (f'<figure class="chart">{chart_svg}'
                  + (f"<figcaption>{_html.escape(chart_caption)}</figcaption>"
                     if chart_caption else "") + "</figure>")
        at = body.find("</table>")
        body = (body[:at + len("</table>")] + figure + body[at + len("</table>"):]
                if at != -1 else figure + body)
    return body


#: the space between an amount and its currency (a symbol or an ISO code)
_AMOUNT_SPACE = re.compile(r"(?<=\d) (?=(?:€|\$|US\$|£|¥|[A-Z]{3}\b))")


def keep_amounts_whole(body: str) -> str:
    """``200 €`` never breaks between ``200`` and ``€``: a no-break space, in text only."""
    return _text_sub(body, _AMOUNT_SPACE, "\u00a0")


def wrap_tables(body: str) -> str:
    """Each ``<table>`` inside ``<div class="table-wrap" tabindex="0">``: the box scrolls
    (the report's CSS), the table keeps its own semantics (a ``display: block`` table
    loses them for screen readers), and ``tabindex`` lets a keyboard scroll it. With raw
    HTML disabled in markdown-it, every ``<table>`` tag in the body is markdown-it's own."""
    return (body.replace("<table>", '<div class="table-wrap" tabindex="0"><table>')
            .replace("</table>", "</table></div>"))


_IMG = re.compile(r"<img\b[^>]*>", re.I)
_SRC = re.compile(r'\bsrc="([^"]*)"')
_ALT = re.compile(r'\balt="([^"]*)"')
#: the only pictures report.html shows: thumbnails scout itself re-encoded (photos/)
_PHOTO_MIME = {"jpg": "image/jpeg", "png": "image/png"}
MAX_INLINE_BYTES = 400_000


def inline_photos(body: str, run_dir: Path) -> str:
    """Every ``<img>`` made self-contained or removed, so opening report.html makes the
    browser fetch nothing: a thumbnail under ``photos/`` in the run dir (written by a
    thumbnails phase) becomes a ``data:`` URI; any other picture — a remote URL, a path
    outside ``photos/``, a missing file — is replaced by a link with its alt text."""
    import base64

    base = run_dir.resolve()

    def one(m: re.Match[str]) -> str:
        tag = m.group(0)
        src_m, alt_m = _SRC.search(tag), _ALT.search(tag)
        src = _html.unescape(src_m.group(1)) if src_m else ""
        alt = alt_m.group(1) if alt_m else ""
        local = OWN_PHOTO.match(src)
        if local:
            path = (base / src).resolve()
            if path.is_relative_to(base) and path.is_file() \
                    and path.stat().st_size <= MAX_INLINE_BYTES:
                data = base64.b64encode(path.read_bytes()).decode("ascii")
                return (f'<img class="photo" src="data:{_PHOTO_MIME[local.group(1)]};base64,'
                        f'{data}" alt="{alt}" loading="lazy">')
        if src.startswith(("http://", "https://")):
            return f'<a href="{_html.escape(src, quote=True)}">{alt or _html.escape(src)}</a>'
        return alt
    return _IMG.sub(one, body)
