"""How many people go, said after ``para`` / ``for`` alone: "tour gastronómico para 4, en
la tarde", "private tour of Toledo for 6, tickets included", "walking tour in Lisbon for 3";
or as who goes: "somos 3", "we are 4"; a couple is two ("para una pareja", "for a couple").

A count with its noun ("6 personas", "4 adults") is read by the input's name or aliases
(:func:`scout.task.numberinput.find_number`); without the noun it was no input's value and
the Task notes said it could not be read. A number right after ``para`` / ``for``, with
nothing after it but punctuation, the end or a function word, is how many go, for an
integer input that counts people (its name or an alias is a word for people): a table, a
tour, a room are booked "for 4". Any other number after them is left alone: "for 30
days", "para 2027", "for 6 nights", "para 4 200 euros". Spanish's ``un`` / ``una`` is also
the article: before a word for one person it counts one ("para una persona"), before any
other it says which, not how many ("para una familia", "para un investigador visitante":
no count of one).
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
# the article, not a count, unless a word for one person follows ("para una persona")
_ARTICLES = frozenset({"un", "una"})
# a couple said as whom it is for or who goes: two; "a couple of" is a rough count of
# anything ("for a couple of nights"), no party
_COUPLE = re.compile(r"(?<!\w)(?:para|for|somos|seremos|we\s+are|we['’]re)\s+"
                     r"(?:(?:una|la|mi|nuestra|a|the|my|our)\s+)?(?:pareja|couple)(?!\w)"
                     r"(?!\s+(?:of|de)\b)")
# the party counted as "us": "6 of us plus the dog", "there are four of us", "los 5 de
# nosotros" (Spanish says it less, "somos 5" above)
_OF_US = re.compile(r"(?<![\w.,])" + _COUNT + r"\s+(?:of\s+us|de\s+nosotr[oa]s)(?!\w)")
_AFTER = re.compile(r"(?<!\w)(?:para|for|somos|seremos|we\s+are|we['’]re|there\s+are)\s+" + _COUNT + r"(?![\w.,:/]\w|\s*[-–%€$£])")


def counts_people(name: str, aliases: list[str]) -> bool:
    """Whether the integer input ``name`` (with ``aliases``) counts people."""
    return bool(_PEOPLE_INPUT.search(fold(" ".join([name.replace("_", " "), *aliases]))))


def party_after_for(free: str) -> tuple[int, tuple[int, int]] | None:
    """The count after ``para`` / ``for`` (or ``somos`` / ``we are``) in ``free`` (folded,
    digits as digits) when no word but a function word follows it (``un`` / ``una`` only
    before a word for a person), a count "of us", or 2 for a couple, with the span of its
    words; the first one said, else None."""
    from scout.task.subjectslips import is_stop

    found = [(2, c.span()) for c in _COUPLE.finditer(free)]
    for m in _OF_US.finditer(free):
        raw = m.group("n")
        if (value := int(raw) if raw.isdigit() else COUNT_WORDS.get(raw)):
            found.append((value, m.span()))
    for m in _AFTER.finditer(free):
        nxt = re.match(r"\s*([^\W\d_]+)", free[m.end():])
        if nxt and not re.match(r"\s*[,;.!?)]", free[m.end():]) \
                and not is_stop(nxt.group(1), slips=False):
            continue  # "for 6 nights", "para 4 niños": the word after says what it counts
        raw = m.group("n")
        if raw in _ARTICLES and nxt and not _PEOPLE_INPUT.fullmatch(nxt.group(1)):
            continue  # "para una familia": which, not how many (a couple is read above)
        value = int(raw) if raw.isdigit() else COUNT_WORDS.get(raw)
        if value:
            found.append((value, m.span()))
    return min(found, key=lambda f: f[1][0]) if found else None
