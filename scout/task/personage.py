"""A person's age written right after them, with no word for years: "our son (14)",
"mi hija, 8.", "for my daughter aged 9", "my twins (they're 11)", "mi hijo tiene 14",
"my son who is 12", "mi hija de 8, ...", "1 child of 9", and one of a party by its number's
word ("4 adults, one is 67", "somos 4, uno tiene 70");
"niño de 6 y medio" is not one (a fraction). And the short ways of writing "years old"
beside an age that an input's own words do not list (:data:`AGE_FORMS`: "7yo", "9 y/o",
"9 to 11 year olds", Catalan "4 anys"). And an age in years for an input that counts a
baby's age in months (:func:`years_as_months`: "2 años y medio" is 30 months).

People give a child's (or a relative's) age the way forms and chats do: in brackets
after the person, or after a comma. Read as a bare number it was no input's value, and
an integer input that holds an age (its name or aliases say so: "age", "edad", "años",
"years old") was left empty. :func:`ages_after_person` reads it for such an input only.
"""

from __future__ import annotations

import re

from scout.text import fold as fold_words

# the input counts someone's years: its name or an alias says so
_AGE_INPUT = re.compile(r"(?<!\w)(?:age|ages|edad|edades|anos|años|years?[ -]old|year-olds?|"
                        r"aged)(?!\w)")
# "years old" as people shorten it beside an age, and in Catalan (read as Spanish): an
# input that counts someone's years reads these besides its own words (folded forms)
AGE_FORMS = ("year olds", "year-olds", "year old", "years old", "yr old", "yr olds",
             "yr-old", "yrs old", "y/o", "y.o.", "y.o", "yo", "anys", "anos",
             # the unit said in full: "10 años de edad", "12 years of age" (all of it the age's)
             "anos de edad", "years of age")
# who has an age: a child or a relative (folded text, singular or plural); the elders a
# care home's or a companion's request is for too ("my dad (91)", "mi abuela de 78")
PERSON = (r"(?:son|daughter|kid|child|children|boy|girl|teen|teenager|toddler|baby|"
           r"grandson|granddaughter|nephew|niece|twin|triplet|hij[oa]|nin[oa]|nene|nena|"
           r"peque|chaval[a]?|chavale|niet[oa]|sobrin[oa]|bebe|gemel[oa]|melliz[oa]|cri[oa]|"
           r"chic[oa]|pibe|piba|chamac[oa]|"
           r"dad|father|mum|mom|mother|grandma|grandmother|grandpa|grandfather|granny|gran|"
           r"nan|nana|aunt|auntie|uncle|padre|madre|papa|mama|abuel[oa]|abuelit[oa]|ti[oa]|"
           r"suegr[oa])s?")
# "(they're 11)", "(tiene 14)": who the number is, inside the brackets
_BRACKET_WHO = r"(?:(?:they|he|she)\s*(?:'re|'s|’re|’s|\s+are|\s+is)|tiene|tienen|de)?"
# what may follow "mi hijo tiene 14" / "my son is 8": its unit, then the clause's end, or
# where or with what the clause goes on ("mi abuela de 90 en Montevideo", "my son is 8 with
# autism"): a place's or a need's word is no unit of a count
_AGE_END = (r"(?:\s+(?:anos|years?(?:\s+old)?))?"
            r"(?=\s*(?:[,;.!?)]|$)|\s+(?:y|e|and|but|pero|so|asi|en|in|con|with|que|who)\s)")
_AGE_AFTER = re.compile(
    r"(?<![\w])" + PERSON + r"(?:\s*\(\s*" + _BRACKET_WHO + r"\s*(?P<a>\d{1,2})"
    r"(?:\s*(?:anos|years?(?:\s+old)?))?\s*\)"
    r"|\s*,\s*(?P<b>\d{1,2})(?=\s*(?:[,;.!?)]|$))"
    r"|\s+(?:aged|edad)\s+(?P<c>\d{1,2})(?![\w.,]\d)"
    r"|\s+(?:tiene|tienen|is|are)\s+(?P<d>\d{1,2})" + _AGE_END
    # a relative clause: "my son who is 12", "my kid who's 7", "mi hijo que tiene 12 años"
    + r"|,?\s+(?:who\s*(?:['’]s|['’]re|\s+is|\s+are|\s+turns|\s+will\s+be|\s+just\s+turned)"
    r"|que\s+(?:tiene|tienen|cumple|cumplen|va\s+a\s+cumplir|acaba\s+de\s+cumplir))"
    r"\s+(?P<e>\d{1,2})" + _AGE_END
    # "mi hija de 8, ...": "de" and the age, "años" unsaid ("niño de 6 y medio": a fraction)
    + r"|\s+de\s+(?P<f>\d{1,2})(?!\s+(?:y|e)\s+medi[oa])" + _AGE_END
    # "1 child of 9" (a calque of "de 9"), "a boy of 12"; "of 9 years" is calques.py's "aged 9"
    + r"|\s+of\s+(?P<g>\d{1,2})(?![\w.,]\d)" + _AGE_END + ")"
    # one of a party said before, by its number's word: "4 adults, one is 67", "somos 4,
    # uno tiene 70 años", "one of us is 67", "una de ellas tiene 12"
    # (numbers as digits: "one" reads "1" there)
    + r"|(?<![\w.,])(?:one|un[oa]|1)(?:\s+(?:of\s+(?:us|them)|de\s+(?:nosotr[oa]s|ell[oa]s)))?"
    r"\s+(?:is|['’]s|tiene|cumple)\s+(?P<h>\d{1,2})" + _AGE_END)


def counts_age(name: str, aliases: list[str]) -> bool:
    """Whether the integer input ``name`` (with ``aliases``) holds someone's age."""
    return bool(_AGE_INPUT.search(" ".join([name.replace("_", " "), *aliases]).casefold()))


# the input counts the age in months: its name or an alias says so ("age_months",
# "meses", "month-old"); folded words
_MONTHS = re.compile(r"(?<!\w)(?:months?|meses|mes|month-olds?|months?[ -]old)(?!\w)")


def counts_months(name: str, aliases: list[str]) -> bool:
    """Whether the integer input ``name`` holds someone's age in months ("age_months",
    aliases "meses", "month-old"): a baby's, as nurseries and paediatricians count it."""
    words = " ".join([name.replace("_", " "), *aliases]).casefold()
    return counts_age(name, aliases) and bool(_MONTHS.search(fold_words(words)))


def age_words(name: str, aliases: list[str]) -> list[str]:
    """:data:`AGE_FORMS` for an input that counts someone's years (:func:`counts_age`),
    none for any other: "2 yo" is no count of rooms, and "2 años" no age in months."""
    return list(AGE_FORMS) if counts_age(name, aliases) and not counts_months(name, aliases) \
        else []


# an age in years as people say a toddler's: "2 años", "2 años y medio", "año y medio",
# "a 2-year-old", "2 and a half years old", "2.5 years" (folded text, numbers as digits)
_YEARS_AGE = re.compile(
    r"(?<![\w.,])(?:(?P<n>\d{1,2})(?:[.,](?P<dec>5))?|(?P<one>un|a|one))"
    r"(?P<half1>\s+(?:y|and)\s+(?:medio|a\s+half))?"
    r"[\s-]+(?:anos?|years?|yrs?)(?:[\s-]+olds?)?"
    r"(?P<half2>\s+y\s+medio)?(?:\s+de\s+edad)?(?!\w)")

# the low end of a range right before an age: "de 0 a 3 años", "0-3 years", "entre 1 y 3"
_RANGE_BEFORE = re.compile(r"\d\s*(?:-|–|a|al|to|y|and|hasta)\s*$")
# "año y medio", "a year and a half (old)": 18 months, said with no number
_YEAR_AND_A_HALF = re.compile(r"(?<!\w)(?:(?:un|a|one)\s+)?(?:ano|year)\s+(?:y|and)\s+"
                              r"(?:medio|a\s+half)(?:[\s-]+olds?)?(?!\w)")


def years_as_months(free: str) -> tuple[int, tuple[int, int]] | None:
    """The first age ``free`` (folded, numbers as digits) says in years, in months, and
    its span: for an input that counts the age in months (:func:`counts_months`), which
    a request says in years once the child is past the first ("2 años y medio": 30, "a
    2-year-old": 24, "año y medio": 18). None when no age in years is said."""
    half = _YEAR_AND_A_HALF.search(free)
    for m in _YEARS_AGE.finditer(free):
        if half and half.start() <= m.start():
            break
        if _RANGE_BEFORE.search(free, 0, m.start()):
            continue  # "escuela infantil de 0 a 3 años": the ages it takes, no child's age
        years = int(m.group("n")) if m.group("n") else 1
        if m.group("one") and not (m.group("half1") or m.group("half2") or "old" in m.group()
                                   or free[:m.start()].endswith("de ")):
            continue  # "un año" alone is a length of time, "de un año" / "one year old" an age
        halves = bool(m.group("dec") or m.group("half1") or m.group("half2"))
        return years * 12 + (6 if halves else 0), m.span()
    return (18, half.span()) if half else None


def ages_after_person(free: str) -> list[tuple[int, tuple[int, int]]]:
    """Each age written after a child or relative in ``free`` (folded text, numbers as
    digits) and the span of the number with its brackets, in order (the reader takes the
    first whose number no other reader claimed: the person may be claimed already, as
    whom a relayed request is for: "mi hijo tiene 14 y quiere ...")."""
    out = []
    for m in _AGE_AFTER.finditer(free):
        group = next(g for g in "abcdefgh" if m.group(g))
        start, end = m.span(group)
        if m.group("a"):  # the brackets go with the number: nothing else reads "( )"
            start, end = free.rindex("(", 0, start), free.index(")", end) + 1
        out.append((int(m.group(group)), (start, end)))
    return out


# one more age in a list after an age said of someone: "niño de 8 y otro de 11", "kids aged
# 8 and 11", "mis hijos tienen 8, 11 y 14" (folded text, numbers as digits)
_MORE_AGES = re.compile(r"(?:\s*,\s*|\s+(?:y|e|and|&)\s+)(?:(?:otr[oa]|another(?:\s+one)?)\s+"
                        r"(?:(?:de|of|aged|is|tiene)\s+)?)?(?P<n>\d{1,2})"
                        r"(?:\s+(?:anos|years?(?:\s+old)?))?(?![\w.,]\d|\s*[%€$£]|\s+[^\W\d_])")


def ages_said(free: str) -> list[tuple[int, int]]:
    """The spans of the ages said of people in ``free`` (folded, numbers as digits, claimed
    text blanked): each one after a child or relative (:func:`ages_after_person`) and the
    ages listed after it ("un niño de 8 y otro de 11", "two kids aged 8 and 11"), for the
    note that names them as ages where no input of the kind counts anyone's."""
    out: list[tuple[int, int]] = []
    for _age, span in ages_after_person(free):
        out.append(span)
        end = span[1]
        while (m := _MORE_AGES.match(free, end)) is not None:
            out.append(m.span("n"))
            end = m.end()
    return out


# what follows a count read after a person's noun and makes it that person's age: a unit
# of years ("niños de 8 años", "seniors of 70 years")
_YEARS_AFTER = re.compile(r"\s*(?:anos|years?|yrs?)(?!\w)")
# a singular definite article before the noun: one member, never a count of them ("el
# mayor de 13", "la pequeña de 5", "the eldest of 12")
_ONE_MEMBER = re.compile(r"(?<!\w)(?:el|la|the)\s+$")


def member_age(free: str, span: tuple[int, int], number_end: int) -> bool:
    """The number ending at ``number_end`` after a person's noun (the match at ``span``
    of an input that counts people, ``free`` folded) is the age of whom the noun names, no
    count of them: "el mayor de 13 años" (the eldest, not 13 seniors), "2 niños de 8 años"
    after its count, "la mayor de 13" (one member, said with its article)."""
    return bool(_YEARS_AFTER.match(free, number_end)
                or _ONE_MEMBER.search(free, max(0, span[0] - 6), span[0]))


# the eldest or the youngest of the children said with an age: "el mayor de 13 años", "la
# mayor tiene 12", "the eldest is 13", "the oldest aged 12", "el pequeño de 4", "the
# youngest is 5" (folded text)
_EXTREME_AGE = re.compile(
    r"(?<!\w)(?:(?:el|la)\s+(?:(?P<old>mayor)|(?P<young>pequen[oa]|menor|chic[oa])|"
    r"(?:nin[oa]|hij[oa])\s+(?:(?P<old2>mayor)|(?P<young2>pequen[oa]|menor)))"
    r"|the\s+(?:(?P<old3>eldest|oldest)|(?P<young3>youngest))(?:\s+(?:one|child|kid))?)"
    r"\s+(?:de|of|aged|tiene|is|['’]s)\s+(?P<n>\d{1,2})(?!\d)(?:\s+(?:anos|years?(?:\s+old)?))?")


def extreme_age(free: str, eldest: bool) -> tuple[int, tuple[int, int]] | None:
    """The age said of the eldest child (``eldest``) or of the youngest in ``free``
    (folded, digits as digits) and its span: the top or the low end of the children's
    ages ("el mayor de 13 años" for a kind's ``max_age``); None when none is said."""
    for m in _EXTREME_AGE.finditer(free):
        old = bool(m.group("old") or m.group("old2") or m.group("old3"))
        if old == eldest:
            return int(m.group("n")), m.span()
    return None
