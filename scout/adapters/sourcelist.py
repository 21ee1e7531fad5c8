"""The list of sources a chat model adds at the end of its answer, found so it is left out.

Models close an answer with "Sources:", "**Fuentes**", "## References" and one line per
source (a link, a site, a label), a last line "Fuentes: [E1], [E3]", or, with no heading,
lines that are each a label and a link ("[1] https://…"), a number and a link ("1.
https://…") or a list item that is only a link ("- [Praktik](https://…)"). The report
lists its sources itself, numbered, with who found each; the model's list, read as the
answer's prose, showed as cited claims made of URLs. A heading that a sentence or a
claim follows is part of the answer and stays.

A model that numbers its own sources ("[1] … [2]" in the text, "1. https://…" or
"[1]: https://…" in its list; "- [Title](url)" numbered in order) cites by its list, not by
the evidence labels: :func:`listed_urls` reads what each number names, and the adapter
maps it to the evidence item with that URL (:func:`url_key`), or on that site; a list
naming a site no evidence is on says nothing the number does not, and it is read as before. Used by
:func:`scout.adapters.answer.parse_answer`.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from scout.adapters.citemarks import LABEL

_MARK = re.sub(r"\?P<\w+>", "?:", LABEL.pattern)

#: a heading, bold line or label line that opens the list of sources models add at the
#: end ("Sources:", "**Fuentes**", "## References", "Referencias consultadas:")
_SOURCES_HEAD = re.compile(
    r"^\s{0,3}(?:#{1,6}\s+)?(?:\*\*|__)?\s*(?:sources?|fuentes?|references?|referencias?|"
    r"citations?|citas|bibliograf(?:y|[ií]a)|works\s+cited|evidence|evidencias?)"
    r"(?:\s+(?:used|cited|consulted|consultadas?|citadas?|utilizadas?|usadas?))?"
    r"\s*:?\s*(?:\*\*|__)?\s*:?(?P<rest>.*)$", re.I)
#: what makes a line one of the list's entries: a link or a site, or a label
_SOURCE_ENTRY = re.compile(r"https?://|\bwww\.|\b[\w-]+\.(?:com|org|net|es|io|[a-z]{2})/|"
                           r"^\s*(?:[-*+\u2022]\s*|\d{1,3}[.)]\s*)?(?:\[\^?E?\s?\d{1,4}\]|"
                           r"E\d{1,4}\b)", re.I)


#: a line of a list of sources with no heading: a label, then a link ("[1] https://…",
#: "[E2] Praktik Rambla (https://…)")
_BARE_SOURCE = re.compile(r"^\s*(?:[-*+\u2022]\s*)?\[E?\s?\d{1,4}\]:?\s[^\n]{0,300}?"
                          r"https?://\S+\s*$", re.I)


#: a last line that is only a link, numbered or a list item: "1. https://…", "- [Praktik
#: Rambla](https://…)", "2) <https://…>"
_BARE_LINK = re.compile(r"^\s*(?:[-*+\u2022]|\d{1,3}[.)])\s+(?:<?https?://\S+?>?|\[[^\]\n]{1,200}\]"
                        r"\(https?://[^)\s]+\))\s*$", re.I)
#: one entry of a model's own list of sources and the number it gives it: "[1]: https://…",
#: "[1] Title — https://…", "1. https://…", "2) [Title](https://…)"; a bullet numbers in order
_LISTED = re.compile(r"^\s{0,3}(?:\[\^?(?P<b>\d{1,3})\]:?|(?P<n>\d{1,3})[.)]|[-*+\u2022])"
                     r"\s*(?P<rest>[^\n]{0,600})$")
_URL = re.compile(r"https?://[^\s)\]>\"'<]{1,2000}", re.I)


def listed_urls(lines: list[str]) -> dict[int, str]:
    """What each number of a model's own list of sources names: ``lines`` are the list (what
    :func:`without_sources` left out), each entry's first URL under the number it is given
    ("1. https://…", "[1]: https://…"), or its place for a bullet ("- [Title](url)": the
    first is 1). Entries without a URL name nothing; a number given twice keeps its first."""
    out: dict[int, str] = {}
    order = 0
    for line in lines:
        m = _LISTED.match(line)
        if m is None:
            continue
        url = _URL.search(m.group("rest"))
        order += 1
        if url is None:
            continue
        number = m.group("b") or m.group("n")
        out.setdefault(int(number) if number else order, url.group().rstrip(".,;:"))
    return out


def url_host(url: str) -> str:
    """A URL's host, lower-cased, without ``www.``."""
    return urlsplit(url.strip()).netloc.lower().removeprefix("www.")


def url_key(url: str) -> str:
    """A URL as two writings of one page compare: the host lower-cased without ``www.``,
    no scheme, no fragment, no trailing slash (a model copies a page's URL loosely)."""
    parts = urlsplit(url.strip())
    host = url_host(url)
    query = f"?{parts.query}" if parts.query else ""
    return f"{host}{parts.path.rstrip('/')}{query}"


def without_sources(lines: list[str]) -> list[str]:
    """The answer's lines without the list of sources it ends with: a "Sources:" heading
    (or label line) after which every line names a source (a link, a site or a label,
    :data:`_SOURCE_ENTRY`), or a last line "Sources: [E1], [E3]", or last lines that are
    each a label and a link with no heading ("[1] https://…"). The report lists its
    sources itself, numbered; the model's list repeated them as claims, URLs and all."""
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    start = end
    while start and (_BARE_SOURCE.match(lines[start - 1]) or _BARE_LINK.match(
            lines[start - 1]) or (
            not lines[start - 1].strip() and start < end)):
        start -= 1
    if start < end and any(line.strip() for line in lines[:start]):
        lines = lines[:start]
    for i in range(len(lines) - 1, -1, -1):
        head = _SOURCES_HEAD.match(lines[i])
        if head is None:
            continue
        after = [line for line in lines[i + 1:] if line.strip()]
        rest = head.group("rest").strip()
        if rest and not after and not re.sub(r"[\s,;.]|" + _MARK, "", rest, flags=re.I):
            return lines[:i]  # "Fuentes: [E1], [E3]."
        if not rest and all(_SOURCE_ENTRY.search(line) for line in after):
            return lines[:i]  # its entries, or nothing left under it (cut above, or cut off)
        return lines
    return lines
