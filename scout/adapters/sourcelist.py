"""The list of sources a chat model adds at the end of its answer, found so it is left out.

Models close an answer with "Sources:", "**Fuentes**", "## References" and one line per
source (a link, a site, a label), a last line "Fuentes: [E1], [E3]", or, with no heading,
lines that are each a label and a link ("[1] https://…"). The report lists its sources
itself, numbered, with who found each; the model's list, read as the answer's prose,
showed as cited claims made of URLs. A heading that a sentence or a claim follows is part
of the answer and stays. Used by :func:`scout.adapters.answer.parse_answer`.
"""

from __future__ import annotations

import re

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
    while start and (_BARE_SOURCE.match(lines[start - 1]) or (
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
