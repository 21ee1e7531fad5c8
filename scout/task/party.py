"""Who goes, said by relation: "with my wife and 2 children", "para mí y mi pareja", "mi
mujer, yo y los dos niños", "2 adults and 2 kids", "viajo con mi madre".

A count with the input's noun ("4 personas", "2 adults") is read by the input's name or
aliases (:func:`scout.task.numberinput.find_number`), a bare count after ``para`` / ``for``
by :mod:`scout.task.partycount`; a party listed member by member counted no one, or only
the member whose noun was an alias ("2 kids" of "2 adults and 2 kids"). Here the members
are added up: the speaker ("me", "yo", "para mí"), one person named by relation ("my
wife", "mi jefe", "un amigo"), a counted group ("2 kids", "los dos niños", "our 3
children") and a pair ("my parents", "mis suegros"). A list of two or more members is a
party; one member alone is one only after ``with`` / ``con`` and the speaker's own ("hotel
con mi madre"), which also counts the speaker, as it does before a list without them
("with my wife and 2 children": four); "una familia con dos niños", "a venue with 100
guests" say what the thing has, no company. A plural without a count ("mis hijos", "with friends") says nobody's
number, so the party is not read.

Which input takes it: where the kind counts children apart (an integer input whose name
or alias says children: a flight's ``adults`` and ``children``), the adults go to the
other input that counts people and the children to it; else the one input that counts
people takes everyone.
"""

from __future__ import annotations

import re

from scout.spec.models import InputSpec
from scout.task.lang import fold
from scout.task.partycount import counts_people
from scout.task.readers import QueryText, digits_view, widened

_CHILDREN_INPUT = re.compile(r"(?<!\w)(?:child|children|kids?|infants?|bab(?:y|ies)|"
                             r"ninos?|ninas?|menores|hijos?|bebes?)(?!\w)")

# one adult named by relation (singular), and the same in the plural, folded
_ADULT = (r"wife|husband|partner|girlfriend|boyfriend|fiancee?|spouse|mother|father|mum|mom|"
          r"dad|brother|sister|friend|colleague|coworker|co-worker|boss|grandmother|"
          r"grandfather|grandma|grandpa|aunt|uncle|cousin|adult|person|"
          r"mujer|marido|esposa|esposo|pareja|novia|novio|prometid[oa]|madre|padre|mama|papa|"
          r"herman[oa]|amig[oa]|companer[oa]|colega|soci[oa]|jef[ea]|abuel[oa]|suegr[oa]|"
          r"cunad[oa]|ti[oa]|prim[oa]|adult[oa]|persona")
_ADULTS = (r"friends|colleagues|coworkers|brothers|sisters|cousins|adults|people|persons|"
           r"amig[oa]s|companer[oa]s|colegas|herman[oa]s|prim[oa]s|adult[oa]s|personas|"
           r"soci[oa]s")
# two by the word: "my parents", "mis suegros" (a possessive is needed: "padres" alone
# may be any fathers)
_PAIR = r"parents|grandparents|in-laws|padres|abuelos|suegros"
_CHILD = (r"kid|child|son|daughter|baby|toddler|infant|teenager|teen|nin[oa]|hij[oa]|bebe|"
          r"niet[oa]|peque|cri[oa]|menor")
_CHILDREN = (r"kids|children|sons|daughters|babies|toddlers|infants|teenagers|teens|"
             r"nin[oa]s|hij[oa]s|bebes|niet[oa]s|peques|cri[oa]s|menores")
_OWNER = r"(?:my|our|his|her|their|mi|mis|su|sus|nuestr[oa]s?|the|el|la|los|las)"
_ONE = r"(?:a|an|un|una|one)"
# the speaker's own: "my wife", "nuestros 2 hijos" (company, after "with")
_MINE = re.compile(r"(?<!\w)(?:my|our|mi|mis|nuestr[oa]s?)\s")
# the speaker: "me", "mi" and English "i" only where no word follows but a list's joint
# ("para mi y mi pareja", not "mi pareja"; "my wife and i")
_END = r"(?=\s*(?:[,.;:!?)]|$|(?:and|y|e|&|plus)\b))"
_SELF = rf"(?P<self>yo|myself|(?:me|mi){_END})"
_MEMBER = (rf"(?:{_SELF}|(?:{_OWNER}\s+)?(?P<n>\d{{1,2}})\s+(?:(?P<adults>{_ADULTS})|"
           rf"(?P<kids>{_CHILDREN}))|{_OWNER}\s+(?P<pair>{_PAIR})|"
           rf"(?:{_OWNER}|{_ONE})\s+(?:(?P<adult>{_ADULT})|(?P<kid>{_CHILD}))|"
           rf"(?P<many>{_OWNER}\s+(?:{_ADULTS}|{_CHILDREN})))(?!\w)")
_JOINT = r"(?:\s*,\s*(?:(?:and|y|e|plus)\s+)?|\s+(?:and|y|e|&|plus|mas)\s+|\s*\+\s*)"
_MEMBER_RE = re.compile(_MEMBER)
_NEXT_RE = re.compile(_JOINT + rf"(?:(?P<i>i)(?!\w)|{_MEMBER})")
_WITH = re.compile(r"(?<!\w)(?:with|con|along with|together with|junto con|junto a)\s+$")


def _members(free: str, start: int) -> tuple[list[re.Match[str]], int] | None:
    """The members listed from ``free[start:]`` and where the list ends, or None."""
    first = _MEMBER_RE.match(free, start)
    if first is None:
        return None
    found, end = [first], first.end()
    while (nxt := _NEXT_RE.match(free, end)) is not None:
        found.append(nxt)
        end = nxt.end()
    return found, end


def find_party(free: str) -> tuple[int, int, tuple[int, int]] | None:
    """The party listed in ``free`` (folded, digits as digits, claimed text blanked): how
    many adults (the speaker counted where said or implied by ``with``), how many
    children, and the list's span; the first one said, else None."""
    for m in re.finditer(r"(?<!\w)\w", free):
        listed = _members(free, m.start())
        if listed is None:
            continue
        members, end = listed
        joined = bool(_WITH.search(free[:m.start()]))
        if len(members) < 2 and not joined:
            continue
        if any(x.group("many") for x in members):
            return None  # "mis hijos y yo": how many is not said
        adults = sum(1 for x in members if x.groupdict().get("i") or x.group("self")
                     or x.group("adult"))
        adults += sum(int(x.group("n")) for x in members if x.group("adults"))
        adults += sum(2 for x in members if x.group("pair"))
        kids = sum(1 for x in members if x.group("kid"))
        kids += sum(int(x.group("n")) for x in members if x.group("kids"))
        if joined and not any(x.groupdict().get("i") or x.group("self") for x in members):
            if not any(_MINE.search(x.group(0)) for x in members):
                # "a venue with 100 guests", "una familia con dos niños": whom the thing
                # has, not the speaker's company
                continue
            adults += 1  # "con mi madre": the speaker goes too
        return adults, kids, (m.start(), end)
    return None


def party_inputs(text: QueryText, inputs: dict[str, InputSpec],
                 ) -> list[tuple[str, int, tuple[int, int]]]:
    """The counts of a party said by relation for the kind's inputs that count people:
    [(input, count, span)], adults and children apart where an input counts children."""
    counting = [n for n, s in inputs.items() if s.type == "integer"
                and not n.startswith(("min_", "max_")) and counts_people(n, list(s.aliases))]
    children = [n for n, s in inputs.items() if s.type == "integer" and not n.startswith(
        ("min_", "max_")) and _CHILDREN_INPUT.search(fold(" ".join([n, *s.aliases])))]
    adults = [n for n in counting if n not in children]
    if len(adults) > 1 or len(children) > 1 or not (adults or children):
        return []
    free = digits_view(text.free)
    party = find_party(free)
    if party is None:
        return []
    grown, kids, span = party
    span = widened(text.free, free, span)
    out: list[tuple[str, int, tuple[int, int]]] = []
    if children and kids:
        out.append((children[0], kids, span))
    if adults and children and grown:
        out.append((adults[0], grown, span))
    elif adults and not children:
        out.append((adults[0], grown + kids, span))
    return out
