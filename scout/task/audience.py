"""Whom a request's thing is for, when an input of the kind reads part of it: "grants for
senior scientists" (a career-stage input reads "senior"), "becas para investigadores
posdoctorales" ("posdoctorales"). The words right after "for" / "para" with such a span
among them are that input's audience, no subject: the subject reader would otherwise take
what the input left ("scientists"). A kind without such an input keeps them ("R for
beginners"), and so does one whose subject input is a role (named ``role``, ``puesto``,
or with the alias ``as``): "ofertas para investigadores" asks a jobs kind for that role.

The decision is the kind's declared inputs', not a word list: what one of them read is
what says the phrase names people the thing is for; and a kind with an input that sorts
people (an enum of career stages or age groups: :func:`people_input`) takes a plural noun
for people there ("grants for scientists") as whom it is for too, no topic. A kind with
neither keeps the words as they were ("R for beginners").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from scout.i18n import COUNT_WORDS
from scout.spec.models import InputSpec
from scout.task import subjectwords as sw
from scout.task.gazetteer import known_place_words
from scout.task.lang import fold
from scout.task.readers import CLAIMED

# "for" / "para" and the run of words after it: plain words, or a span already claimed
_FOR = re.compile(r"(?<![\w\x00])(?:for|para)\s+")
_PIECE = re.compile(r"[a-z][\w'-]*|\x00+")
_MAX_WORDS = 4  # an audience is a few words: "early-career women researchers"
# a word that opens what the thing is about ends whom it is for: "grants for postdocs on
# climate change", "convocatorias para posdocs sobre cambio climático"
_ABOUT = frozenset({"on", "about", "sobre", "acerca", "regarding", "concerning"})
# a subject input declared for a person's role (its name or an alias: "role", "puesto",
# "as" / "como": what one works as): whom the thing is for is then the subject itself
# ("jobs for senior data scientists": the role is "data scientists")
_ROLE = frozenset("""
role roles rol position positions job jobs job title title occupation profession puesto
puestos cargo oficio profesion as como for para
""".split()) | {"job title", "job_title"}


def names_a_role(name: str, aliases: Iterable[str]) -> bool:
    """Whether a subject input called ``name`` with ``aliases`` reads a person's role."""
    from scout.task.lang import fold

    return any(fold(w).replace("_", " ") in _ROLE or fold(w) in _ROLE for w in [name, *aliases])


_person = sw.person_noun


def people_input(inputs: dict[str, InputSpec]) -> bool:
    """The kind declares an input that sorts people (a career stage, a reader's age
    group): an enum whose values or synonyms hold a noun for people ("early-career
    researchers", "teenagers"). Whom the thing is for is then that input's business, so
    a noun for people after "for" / "para" ("grants for scientists") is no subject."""
    for spec in inputs.values():
        if spec.type != "string" or not spec.enum:
            continue
        said = [*map(str, spec.enum), *(w for ws in spec.synonyms.values() for w in ws)]
        if any(_person(w) for t in said for w in re.split(r"[\W_]+", fold(t)) if w):
            return True
    return False


def _count(said: str) -> bool:
    """``said`` (folded) is a count: digits or a number's word ("2", "dos", "three")."""
    said = said.strip()
    return said.isdigit() or said in COUNT_WORDS


def audience_spans(free: str, folded: str, read: Iterable[tuple[int, int]],
                   lang: str, people: bool = False) -> list[tuple[int, int]]:
    """The spans of ``free`` (the folded request with claimed text blanked) that name whom
    the thing is for: the words after "for" / "para" (up to a joining or frame word)
    around a span an input ``read``: the run's first word ("for senior scientists", "para
    doctorandos"), or in Spanish, which writes the adjective after its noun, the second of
    two, one word ("para investigadores posdoctorales"; not a phrase with its own cue: "para
    sevilla en español"). A span later in a longer run qualifies the thing, not the people
    ("jobs for data scientists part-time"); a place the gazetteer knows is never taken.
    ``folded``: the request folded, before any claim. ``people``: the kind sorts people
    (:func:`people_input`), so a run whose words hold a plural noun for people is whom
    the thing is for even when no input read a word of it ("grants for scientists")."""
    spans = list(read)
    out: list[tuple[int, int]] = []
    for m in _FOR.finditer(free):
        pos = m.end()
        pieces: list[tuple[int, int]] = []
        while len(pieces) < _MAX_WORDS:
            piece = _PIECE.match(free, pos)
            if piece is None or piece.group(0) in sw.CONNECTORS | sw.FRAME | sw.WITH | _ABOUT:
                break
            pieces.append(piece.span())
            gap = re.match(r"[ \t]+", free[piece.end():])
            if gap is None:
                break
            pos = piece.end() + gap.end()

        def held(k: int) -> bool:
            a, b = pieces[k]
            # a count the kind's quantity read ("a quote for 2 ultra-low freezers") says
            # how many of the thing, no one it is for
            return free[a] == CLAIMED and any(x <= a and b <= y for x, y in spans) \
                and not _count(folded[a:b])

        def plural_people(k: int) -> bool:
            w = free[pieces[k][0]:pieces[k][1]]
            return w[0] != CLAIMED and w.endswith("s") and _person(w)

        if pieces and held(0) and _thing_after(free, pieces):
            continue  # "tutor for A-level chemistry", "for online chemistry lessons": what
            # the thing is, its level or mode read by an input, and no one named after it
        if pieces and not (held(0) or (lang == "es" and len(pieces) == 2 and held(1)
                                       and " " not in folded[pieces[1][0]:pieces[1][1]])) \
                and people:
            # up to the noun for people: what follows it is the thing's ("grants for
            # scientists on climate change")
            heads = [k for k in range(len(pieces)) if plural_people(k)]
            pieces = pieces[:heads[-1] + 1] if heads else []
        if pieces and (held(0) or (lang == "es" and len(pieces) == 2 and held(1)
                                   and " " not in folded[pieces[1][0]:pieces[1][1]])
                       or people):
            out.extend(p for p in pieces if free[p[0]] != CLAIMED
                       and not known_place_words([free[p[0]:p[1]]]))
    return out


def _thing_after(free: str, pieces: list[tuple[int, int]]) -> bool:
    """After the run's first word, which an input read, come words no input read and none
    of them names people: they name the thing ("for online chemistry lessons"), not whom
    it is for ("for senior scientists", "for beginners")."""
    words = [free[a:b] for a, b in pieces[1:] if free[a] != CLAIMED]
    return bool(words) and not any(_person(w) for w in words)
