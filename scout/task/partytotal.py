"""A party said as its total first and then a part of it: "5 people, 2 seniors", "somos 5,
dos de ellos son niños", "we are 4, two of them kids", "6 passengers including 2
children", "para 4 personas, entre ellas un bebé".

The part is among the total, not more people: "5 people, 2 seniors" is five (three adults
and two seniors), where the member-by-member reader (:mod:`scout.task.party`) would add
the two groups up as it adds "2 adults and 2 kids". A part follows the total after a word
that says so ("including", "of whom", "de ellos", "two of them"), or, after a count of
people in general ("5 people", "6 personas", never "4 adults"), bare after a comma.
"""

from __future__ import annotations

import re
from typing import NamedTuple


class Whole(NamedTuple):
    """A total and the parts said of it: the total, the children and the seniors among it
    and the span of all of it."""
    total: int
    kids: int
    seniors: int
    span: tuple[int, int]


_N = r"\d{1,2}(?!\d)"
# people in general, counted whole (not "adults", which says who)
_PEOPLE = (r"people|persons|personas|pax|passengers|pasajer[oa]s|travell?ers|viajer[oa]s|"
           r"guests|huespedes|of\s+us|de\s+nosotr[oa]s")
_TOTAL = re.compile(
    r"(?<!\w)(?:(?:somos|seremos|we\s+are|we['’]re|there\s+are|para|for)\s+(?P<n1>" + _N
    + r")(?:\s+(?:" + _PEOPLE + r"|adults|adult[oa]s))?|(?P<n2>" + _N + r")\s+(?P<people>"
    + _PEOPLE + r"))(?!\w)")
_KIDS = (r"kids?|child(?:ren)?|bab(?:y|ies)|toddlers?|infants?|teens?|teenagers?|"
         r"nin[oa]s?|hij[oa]s?|bebes?|menores|peques?")
_SENIORS = r"seniors?|pensioners?|retirees?|oaps?|elderly|jubilad[oa]s?|pensionistas?"
_ADULTS = r"adults?|adult[oa]s?"
_ONE = r"(?:a|an|un|una|uno)"
# who a part is: "2 seniors", "dos de ellos son niños", "one of them a baby"
_AMONG = (r"(?:of\s+them|of\s+whom|of\s+us|de\s+ell[oa]s|de\s+nosotr[oa]s|de\s+los\s+cuales|"
          r"de\s+las\s+cuales)")
_PART = (r"(?P<m>" + _N + r"|" + _ONE + r")(?:\s+" + _AMONG + r")?"
         r"(?:\s+(?:are|is|son|es|a|an|un|una))*\s+(?:(?P<kids>" + _KIDS + r")|(?P<seniors>"
         + _SENIORS + r")|(?P<adults>" + _ADULTS + r"))(?!\w)")
_PART_RE = re.compile(_PART)
# a word saying what follows is among the total
_LEAD = (r"(?:including|incl\.?|among\s+them|among\s+whom|of\s+whom|incluid[oa]s|"
         r"incluyendo|entre\s+ell[oa]s|de\s+los\s+cuales|de\s+las\s+cuales)")
_JOIN = re.compile(r"(?:\s*,\s*(?:(?:and|y|e)\s+)?|\s+(?:and|y|e|&)\s+)")
_AFTER = re.compile(r"\s*(?:,\s*|\s+)(?P<lead>" + _LEAD + r"\s+)?")


def _count(word: str) -> int:
    return int(word) if word.isdigit() else 1


def find_whole(free: str) -> Whole | None:
    """The first party ``free`` (folded, digits as digits) says as a total and a part of
    it, or None: a part says who (children, seniors, adults) and adds up to the total or
    less, and follows a lead word, an "of them", or a comma after people in general."""
    for t in _TOTAL.finditer(free):
        total = int(t.group("n1") or t.group("n2"))
        after = _AFTER.match(free, t.end())
        if after is None or total < 2:
            continue
        kids = seniors = said = 0
        end, pos, first = t.end(), after.end(), True
        while (p := _PART_RE.match(free, pos)) is not None:
            among = re.search(_AMONG, p.group(0)) is not None
            # bare after a comma: a total of people in general or said as who goes ("somos
            # 5, 2 niños"), never of adults ("4 adults, 2 kids" is six)
            bare = free[t.end():p.start()].strip() == "," \
                and re.search(r"adult", t.group(0)) is None
            if first and not (after.group("lead") or among or bare):
                break
            n = _count(p.group("m"))
            kids += n if p.group("kids") else 0
            seniors += n if p.group("seniors") else 0
            said += n
            end, first = p.end(), False
            join = _JOIN.match(free, end)
            if join is None:
                break
            pos = join.end()
        if first or said > total or kids >= total:
            continue
        return Whole(total, kids, seniors, (t.start(), end))
    return None
