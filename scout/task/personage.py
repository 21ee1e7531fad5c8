"""A person's age written right after them, with no word for years: "our son (14)",
"mi hija, 8.", "for my daughter aged 9", "niño de 6 y medio" is not one (a fraction).

People give a child's (or a relative's) age the way forms and chats do: in brackets
after the person, or after a comma. Read as a bare number it was no input's value, and
an integer input that holds an age (its name or aliases say so: "age", "edad", "años",
"years old") was left empty. :func:`age_after_person` reads it for such an input only.
"""

from __future__ import annotations

import re

# the input counts someone's years: its name or an alias says so
_AGE_INPUT = re.compile(r"(?<!\w)(?:age|ages|edad|edades|anos|años|years?[ -]old|year-olds?|"
                        r"aged)(?!\w)")
# who has an age: a child or a relative (folded text, singular or plural)
_PERSON = (r"(?:son|daughter|kid|child|children|boy|girl|teen|teenager|toddler|baby|"
           r"grandson|granddaughter|nephew|niece|hij[oa]|nin[oa]|nene|nena|peque|chaval[a]?|"
           r"niet[oa]|sobrin[oa]|bebe)s?")
_AGE_AFTER = re.compile(
    r"(?<![\w])" + _PERSON + r"(?:\s*\(\s*(?P<a>\d{1,2})\s*\)"
    r"|\s*,\s*(?P<b>\d{1,2})(?=\s*(?:[,;.!?)]|$))"
    r"|\s+(?:aged|edad)\s+(?P<c>\d{1,2})(?![\w.,]\d))")


def counts_age(name: str, aliases: list[str]) -> bool:
    """Whether the integer input ``name`` (with ``aliases``) holds someone's age."""
    return bool(_AGE_INPUT.search(" ".join([name.replace("_", " "), *aliases]).casefold()))


def age_after_person(free: str) -> tuple[int, tuple[int, int]] | None:
    """The age written after a child or relative in ``free`` (folded text, numbers as
    digits) and the span of the number with its brackets, or None."""
    m = _AGE_AFTER.search(free)
    if not m:
        return None
    group = next(g for g in "abc" if m.group(g))
    start, end = m.span(group)
    if m.group("a"):  # the brackets go with the number: nothing else reads "( )"
        start, end = free.rindex("(", 0, start), free.index(")", end) + 1
    return int(m.group(group)), (start, end)
