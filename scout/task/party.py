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
number, so the party is not read. A senior is an adult ("4 adults and 2 seniors": six, two
of them seniors, for an input that counts seniors apart). A family or a group said with its
size is that many ("a family of 4", "una familia de cuatro", "grupo de 6 personas"), the
children said with it apart ("a family of four with two kids"), or its members where they
are listed beside it and add up to it ("una familia de 4, 2 adultos y 2 niños").

Which input takes it: where the kind counts children apart (an integer input whose name
or alias says children: a flight's ``adults`` and ``children``), the adults go to the
other input that counts people and the children to it; else the one input that counts
people takes everyone.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from scout.spec.models import InputSpec
from scout.task.lang import fold
from scout.task.partycount import counts_people
from scout.task.partytotal import find_whole
from scout.task.readers import QueryText, digits_view, widened

class Party(NamedTuple):
    """A party read: its adults (the seniors among them), children and seniors, its span
    and that of the ages said of its members (None when none is said), and that of the
    ages said of its children alone (the adults' are theirs: "2 adultos de 40 y 42 años y
    2 niños de 8 y 11 años")."""
    adults: int
    kids: int
    seniors: int
    span: tuple[int, int]
    ages: tuple[int, int] | None
    kid_ages: tuple[int, int] | None = None


_CHILDREN_INPUT = re.compile(r"(?<!\w)(?:child|children|kids?|infants?|bab(?:y|ies)|"
                             r"ninos?|ninas?|menores|hijos?|bebes?)(?!\w)")

# an input that counts the seniors apart (folded name or aliases): they are among the
# adults the people input counts, as the party reader adds them
_SENIORS_INPUT = re.compile(r"(?<!\w)(?:seniors?|pensioners?|retirees?|jubilad[oa]s?|"
                            r"pensionistas?|elderly)(?!\w)")

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
# a senior is an adult counted (a kind may count them apart too: "4 adults and 2 seniors"
# is 6 people, 2 of them seniors); "mayores" is left out ("3 mayores de 12 años")
_SENIOR = r"senior|pensioner|retiree|oap|jubilad[oa]|pensionista"
_SENIORS = r"seniors|pensioners|retirees|oaps|elderly|jubilad[oa]s|pensionistas"
_CHILD = (r"kid|child|son|daughter|boy|girl|baby|toddler|infant|teenager|teen|nin[oa]|hij[oa]|bebe|"
          r"niet[oa]|peque|cri[oa]|menor")
_CHILDREN = (r"kids|children|sons|daughters|boys|girls|babies|toddlers|infants|teenagers|teens|"
             r"nin[oa]s|hij[oa]s|bebes|niet[oa]s|peques|cri[oa]s|menores")
# a member's word that names the kind of a thing after it is no one of the party: "a child
# seat", "an adult ticket", "a baby cot", "a child-friendly hotel", "a kid's menu" (English
# puts such a word before its noun; Spanish after it, "silla de bebé", with no article)
_MODIFIER = (r"(?!\s*-\s*\w|'s\s+\w|\s+(?:car\s+|safety\s+)?(?:seats?|tickets?|fares?|menus?|"
             r"beds?|cots?|cribs?|chairs?|carriers?|strollers?|pushchairs?|buggy|buggies|"
             r"discounts?|rates?|prices?|pass(?:es)?|places?|minders?|care|sitters?|sitting|"
             r"clubs?|pools?|friendly|gates?|locks?|boosters?)(?!\w))")
_OWNER = r"(?:my|our|his|her|their|mi|mis|su|sus|nuestr[oa]s?|the|el|la|los|las)"
_ONE = r"(?:a|an|un|una|one)"
# the speaker's own: "my wife", "nuestros 2 hijos" (company, after "with")
_MINE = re.compile(r"(?<!\w)(?:my|our|mi|mis|nuestr[oa]s?)\s")
# the speaker: "me", "mi" and English "i" only where no word follows but a list's joint
# ("para mi y mi pareja", not "mi pareja"; "my wife and i")
_END = r"(?=\s*(?:[,.;:!?)]|$|(?:and|y|e|&|plus)\b))"
_SELF = rf"(?P<self>yo|myself|(?:me|mi){_END})"
_MEMBER = (rf"(?:{_SELF}|(?:{_OWNER}\s+)?(?P<n>\d{{1,2}})\s+(?:(?P<adults>{_ADULTS})|"
           rf"(?P<seniors>{_SENIORS})|(?P<kids>{_CHILDREN}))|{_OWNER}\s+(?P<pair>{_PAIR})|"
           rf"(?:{_OWNER}|{_ONE})\s+(?:(?P<adult>{_ADULT})|(?P<senior>{_SENIOR})|"
           rf"(?P<kid>{_CHILD})){_MODIFIER}|"
           rf"(?P<many>{_OWNER}\s+(?:{_ADULTS}|{_CHILDREN})))(?!\w)")
_JOINT = r"(?:\s*,\s*(?:(?:and|y|e|plus)\s+)?|\s+(?:and|y|e|&|plus|mas)\s+|\s*\+\s*)"
# a member's age said right after them ("un niño de 8", "a kid aged 8", "one of 9 years"):
# part of the list, so "y otro de 11" still joins it; the age is left to the age inputs
# a counted group's ages listed ("2 adultos de 34 y 36 años", "two adults aged 40 and 42
# years") end with the unit, or with the clause where no noun follows the last ("2 adults
# aged 40 and 42 and 2 kids"), so "un niño de 8 y 2 adultos" still lists the adults apart;
# or in brackets
_AGE = (r"(?P<age>\s+(?:de|of|aged|edad)\s+(?:\d{1,2}(?:\s*(?:,|y|e|and|&)\s*\d{1,2})+"
        r"(?:\s+(?:anos|years?(?:\s+old)?)(?!\w)|" + _END + r")|"
        r"\d{1,2}(?!\d)(?:\s+(?:anos|years?(?:\s+old)?))?)"
        # in brackets, as forms write them: "2 adultos (45 y 47 años)", "a child (8)"
        r"|\s*\(\s*(?:(?:de|of|aged|edad)\s+)?\d{1,2}(?:\s*(?:,|y|e|and|&)\s*\d{1,2})*"
        r"(?:\s+(?:anos|years?(?:\s+old)?))?\s*\))")
# one more of the member before: "un niño de 8 y otro de 11", "a boy and another aged 6"
_OTHER = r"(?P<other>otr[oa]|another(?:\s+one)?)(?!\w)"
_MEMBER_RE = re.compile(_MEMBER + _AGE + "?")
# ages listed bare after the children ("2 kids 8 and 11", "dos niños: 6 y 9")
_BARE_AGES = re.compile(r"\s*(?:(?::|of|de)\s*)?\d{1,2}(?!\d)")
_NEXT_RE = re.compile(_JOINT + rf"(?:(?P<i>i)(?!\w)|{_OTHER}|{_MEMBER})" + _AGE + "?")
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


# a family or a group said with its size: "a family of 4", "una familia de cuatro",
# "grupo de 6"; how many of them are children where said right after it ("a family of 4
# with 2 kids", "familia de 5, con 3 niños", "including 2 children")
_FAMILY = re.compile(
    r"(?<!\w)(?:family|familia|group|grupo|party)\s+(?:of|de)\s+(?P<n>\d{1,2})"
    r"(?:\s+(?:people|persons|members|personas|miembros|integrantes))?(?![\w.,:/]\w|\s*[-–%€$£])"
    r"(?:\s*,?\s*(?:with|con|including|incluidos|incluyendo|of\s+whom|de\s+ellos|"
    r"de\s+los\s+que)\s+(?:(?:my|our|mis|nuestr[oa]s|los|las|the)\s+)?(?P<k>\d{1,2})\s+"
    rf"(?:{_CHILDREN})(?:\s+(?:are|son))?)?(?!\w)")
# what may follow a family's size: the end, a stop, or a function word ("a family of 4
# in Rome", "familia de 4 con perro"); a noun counts something else ("grupo de 4 hoteles")
_FAMILY_END = re.compile(r"\s*(?:$|[,;.!?)]|(?:with|con|in|en|at|to|a|al|para|for|y|and|e|"
                         r"on|the|el|la|los|las|que|who|from|de|del|desde|this|este|esta|"
                         r"next|we|nos|looking|buscamos|queremos|want|need|busca|quiere)(?!\w))")
# between a family's size and its members: "a family of 4 with my wife and our 2 kids"
_BETWEEN = re.compile(r"[\s,:;()–-]*(?:(?:with|con|including|incluidos|incluyendo|we\s+are|"
                      r"somos)\s*)?")


def find_family(free: str) -> Party | None:
    """A family or a group said with its size in ``free`` (folded, digits as digits): how
    many adults (the size less the children said with it), how many children, and its
    span; the first one said, else None. "a family of 4" says four people, not who: all
    are counted as the people input's, as "somos 4" is."""
    for m in _FAMILY.finditer(free):
        if m.group("k") is None and not _FAMILY_END.match(free, m.end()):
            continue  # "a group of 4 hotels", "familia de 3 estrellas": not its people
        total, kids = int(m.group("n")), int(m.group("k") or 0)
        if total < 1 or kids > total:
            continue
        return Party(total - kids, kids, 0, m.span(), None)
    return None


def _said(free: str) -> Party | None:
    """The party ``free`` says: a family's size, unless the members listed right by it add
    up to it and say who ("una familia de 4, 2 adultos y 2 niños": two children), else the
    members listed."""
    if (whole := find_whole(free)) is not None:
        # "5 people, 2 seniors", "somos 5, dos de ellos son niños": a total and a part of it
        return Party(whole.total - whole.kids, whole.kids, whole.seniors, whole.span, None)
    family, listed = find_family(free), find_party(free)
    if family is None or listed is None:
        return family or listed
    start, end = sorted((family.span, listed.span))
    if listed.adults + listed.kids == family.adults + family.kids \
            and _BETWEEN.fullmatch(free[start[1]:end[0]]):
        return listed._replace(span=(start[0], max(start[1], end[1])))
    return family


def find_party(free: str) -> Party | None:
    """The party listed in ``free`` (folded, digits as digits, claimed text blanked): how
    many adults (the speaker counted where said or implied by ``with``; a senior is one,
    counted apart too), how many children, the list's span and that of the ages said of its members, from the noun of
    the first one aged to the last age (None when none is said); the first one said, else
    None."""
    for m in re.finditer(r"(?<!\w)\w", free):
        listed = _members(free, m.start())
        if listed is None:
            continue
        members, end = listed
        joined = bool(_WITH.search(free[:m.start()]))
        if len(members) < 2 and not joined:
            continue
        if any(x.groupdict().get("many") for x in members):
            return None  # "mis hijos y yo": how many is not said
        adults, kids, seniors = _counted(members)
        if joined and not any(x.groupdict().get("i") or x.group("self") for x in members):
            if not any(_MINE.search(x.group(0)) for x in members):
                # "a venue with 100 guests", "una familia con dos niños": whom the thing
                # has, not the speaker's company
                continue
            adults += 1  # "con mi madre": the speaker goes too
        return Party(adults, kids, seniors, (m.start(), end), *_ages(free, members, end))
    return None


def _ages(free: str, members: list[re.Match[str]], end: int,
          ) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """The span of the ages said of ``members`` (a list ending at ``end``): from the noun of
    the first one aged to the last age ("niño de 8 y otro de 11"), or the last member's
    noun when the ages follow the list bare ("2 kids 8 and 11"): the age range reads them
    by that noun; and the same over the children aged alone (an age belongs to the noun it
    follows: "2 adultos de 40 y 42 años y 2 niños de 8 y 11 años" gives the children 8 to
    11). None where no age is said."""
    def noun(x: re.Match[str]) -> int | None:
        return next((x.start(g) for g in ("kid", "kids", "adult", "adults")
                     if x.groupdict().get(g)), None)

    def span(aged: list[re.Match[str]]) -> tuple[int, int] | None:
        if not aged:
            return None
        start = noun(aged[0])
        return (aged[0].start("age") if start is None else start, aged[-1].end("age"))

    kids, child = [], False  # "otro" / "another" is one more of the member before it
    for x in members:
        g = x.groupdict()
        if not g.get("other"):
            child = bool(g.get("kid") or g.get("kids"))
        if child and x.group("age"):
            kids.append(x)
    aged = [x for x in members if x.group("age")]
    if aged:
        return span(aged), span(kids)
    last = members[-1]
    if (last.groupdict().get("kid") or last.groupdict().get("kids")) \
            and _BARE_AGES.match(free, end):
        return (noun(last) or end, end), (noun(last) or end, end)
    return None, None


def _counted(members: list[re.Match[str]]) -> tuple[int, int, int]:
    """How many adults (seniors among them), children and seniors ``members`` list; an
    "otro" / "another" is one more of the member before it ("un niño de 8 y otro de 11":
    two children)."""
    adults = kids = seniors = 0
    child = False  # whether the last member counted was a child
    for x in members:
        g = x.groupdict()
        if g.get("other"):
            one = (0, 1) if child else (1, 0)
        elif g.get("i") or g.get("self") or g.get("adult"):
            one = (1, 0)
        elif g.get("senior") or g.get("seniors"):
            one = (1 if g.get("senior") else int(g["n"]), 0)
            seniors += one[0]
        elif g.get("adults"):
            one = (int(g["n"]), 0)
        elif g.get("pair"):
            one = (2, 0)
        elif g.get("kid"):
            one = (0, 1)
        else:  # a counted group of children ("2 kids")
            one = (0, int(g["n"]))
        adults, kids, child = adults + one[0], kids + one[1], one[1] > 0
    return adults, kids, seniors


def counts_persons(name: str, aliases: list[str]) -> bool:
    """Whether the integer input ``name`` (with ``aliases``) counts people of the party:
    all of them, its adults, its children or its seniors."""
    words = fold(" ".join([name.replace("_", " "), *aliases]))
    return counts_people(name, aliases) or bool(_CHILDREN_INPUT.search(words)
                                                or _SENIORS_INPUT.search(words))


def party_inputs(text: QueryText, inputs: dict[str, InputSpec],
                 ) -> tuple[list[tuple[str, int, tuple[int, int]]], tuple[int, int] | None]:
    """The counts of a party said by relation for the kind's inputs that count people:
    [(input, count, span)], adults and children apart where an input counts children; and
    the span of the ages said of its members inside it ("de 8 y otro de 11"), which the
    caller leaves free for the age inputs."""
    counting = [n for n, s in inputs.items() if s.type == "integer"
                and not n.startswith(("min_", "max_")) and counts_people(n, list(s.aliases))]
    children = [n for n, s in inputs.items() if s.type == "integer" and not n.startswith(
        ("min_", "max_")) and _CHILDREN_INPUT.search(fold(" ".join([n, *s.aliases])))]
    adults = [n for n in counting if n not in children]
    if len(adults) > 1 or len(children) > 1 or not (adults or children):
        return [], None
    elder = [n for n, s in inputs.items() if s.type == "integer" and n not in counting
             and n not in children and not n.startswith(("min_", "max_"))
             and _SENIORS_INPUT.search(fold(" ".join([n.replace("_", " "), *s.aliases])))]
    free = digits_view(text.free)
    party = _said(free)
    if party is None:
        return [], None
    grown, kids, seniors, span, ages, kid_ages = party
    if children and ages != kid_ages:
        # the kind counts children apart: its ages are theirs, the adults' stay claimed
        # with the party ("2 adults aged 40 and 42 and 2 kids aged 8 and 11")
        ages = kid_ages
    span = widened(text.free, free, span)
    out: list[tuple[str, int, tuple[int, int]]] = []
    if len(elder) == 1 and seniors:  # "4 adults and 2 seniors": 2 seniors of 6 people
        out.append((elder[0], seniors, span))
    if children and kids:
        out.append((children[0], kids, span))
    if adults and children and grown:
        out.append((adults[0], grown, span))
    elif adults and not children:
        out.append((adults[0], grown + kids, span))
    return out, widened(text.free, free, ages) if ages else None
