"""How many people go, said after ``para`` / ``for`` alone: "tour gastronómico para 4, en
la tarde", "private tour of Toledo for 6, tickets included", "walking tour in Lisbon for 3";
or as who goes: "somos 3", "we are 4".

A count with its noun ("6 personas", "4 adults") is read by the input's name or aliases
(:func:`scout.task.readers.find_number`); without the noun it was no input's value and
the Task notes said it could not be read. A number right after ``para`` / ``for``, with
nothing after it but punctuation, the end or a function word, is how many go, for an
integer input that counts people (its name or an alias is a word for people): a table, a
tour, a room are booked "for 4". Any other number after them is left alone: "for 30
days", "para 2027", "for 6 nights", "para 4 200 euros".
"""

from __future__ import annotations

import re

from scout.i18n import COUNT_WORDS
from scout.task.lang import fold

# the input counts people: its name or an alias says so (folded, singular or plural)
_PEOPLE_INPUT = re.compile(r"(?<!\w)(?:people|persons?|personas?|guests?|huespedes|"
                           r"adults?|adult[oa]s|pax|comensales|travell?ers?|viajeros?|"
                           r"participants?|participantes?|group size|party)(?!\w)")
_COUNT = r"(?P<n>\d{1,3}(?!\d)|" + "|".join(sorted(COUNT_WORDS, key=len, reverse=True)) + ")"
_AFTER = re.compile(r"(?<!\w)(?:para|for|somos|seremos|we\s+are|we['’]re|there\s+are)\s+" + _COUNT + r"(?![\w.,:/]\w|\s*[-–%€$£])")


def counts_people(name: str, aliases: list[str]) -> bool:
    """Whether the integer input ``name`` (with ``aliases``) counts people."""
    return bool(_PEOPLE_INPUT.search(fold(" ".join([name.replace("_", " "), *aliases]))))


def party_after_for(free: str) -> tuple[int, tuple[int, int]] | None:
    """The count after ``para`` / ``for`` (or ``somos`` / ``we are``) in ``free`` (folded, digits as digits) when no
    word but a function word follows it, with the span of both words; else None."""
    from scout.task.subjectslips import is_stop

    for m in _AFTER.finditer(free):
        nxt = re.match(r"\s*([^\W\d_]+)", free[m.end():])
        if nxt and not re.match(r"\s*[,;.!?)]", free[m.end():]) \
                and not is_stop(nxt.group(1), slips=False):
            continue  # "for 6 nights", "para 4 niños": the word after says what it counts
        raw = m.group("n")
        value = int(raw) if raw.isdigit() else COUNT_WORDS.get(raw)
        if value:
            return value, m.span()
    return None
