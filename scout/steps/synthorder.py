"""A model's superlatives read against the shortlist: what it calls the cheapest, the best
rated or the best option, where the ranking says otherwise.

What can honestly be checked is what the shortlist holds figures for. "The cheapest" is
held to the amounts the ranking compared (its cost where the kind's arithmetic made one,
else the price, converted where it was), among the shortlisted candidates priced in the
same money for the same period; "the best rated" to their ratings. Either contradicted
("Hotel Arts is the cheapest" with Praktik at 135 EUR against 180 EUR) marks the claim not
supported by the evidence, with a note naming the one the figures favour. "The best
option" is an opinion the ranking's order does not settle (the order is the kind's rule:
by price, by rating), so it is only noted, with the place the shortlist gives it.

"The best value" ("la mejor relación calidad-precio") is an opinion too, but not where
another shortlisted candidate costs less in the same money and is rated at least as
high: that one is better value by any measure, and the claim is marked.

A claim is read clause by clause ("Casa Bonay is the best rated, but Praktik is the
cheapest"): a clause that says the superlative of a shortlisted candidate (of the one
named next before it, not what it is compared with, "X is cheaper than Y and the
cheapest of all"; or the one it names next, "between X and Y the cheapest is Y"; never
of a pair, "X and Y are the cheapest"), not negated ("not the cheapest", "no es el más
barato"), not ranked itself ("the second cheapest") and not qualified ("the cheapest with breakfast", "el más barato en Gràcia",
which the shortlist's figures do not settle). The keyless synthesis is not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scout.adapters.contract import SubjectBrief
from scout.adapters.facts import same_price
from scout.adapters.figures import Claim
from scout.i18n import N_
from scout.i18n.numbers import format_number
from scout.schemas.sources import Synthesis
from scout.steps.mentions import names_candidate, shared_words
from scout.steps.namewords import name_words
from scout.text import strip_accents

CHEAPEST_NOTE = N_("the answer calls {name} the cheapest, but {other} costs less ({less} "
                   "against {more}): the statement is marked as not supported by the "
                   "evidence")
RATED_NOTE = N_("the answer calls {name} the best rated, but {other} is rated higher "
                "({higher} against {lower}): the statement is marked as not supported by "
                "the evidence")
VALUE_NOTE = N_("the answer calls {name} the best value, but {other} costs less and is rated "
                "at least as high ({less} against {more}, {higher} against {lower}): the "
                "statement is marked as not supported by the evidence")
BEST_NOTE = N_("the answer calls {name} the best option, but it is number {rank} in the "
               "shortlist, whose first is {first}")

#: the superlatives read (folded, lower case), by what the shortlist checks them against
_CUES = {
    "price": r"cheapest|least expensive|lowest[- ]priced|lowest price|most affordable|"
             r"mas barat[oa]s?|mas economic[oa]s?|mas asequibles?|precio mas bajo|"
             r"menor precio",
    "rating": r"best[- ]rated|highest[- ]rated|top[- ]rated|highest rating|best reviewed|"
              r"mejor valorad[oa]s?|mejor puntuad[oa]s?|mejor calificad[oa]s?|"
              r"mayor puntuacion|mejor nota|puntuacion mas alta",
    "value": r"best value(?: for (?:the )?money)?|best bang for (?:the |your )?buck|"
             r"best price[- ]quality(?: ratio)?|best quality[- ]price(?: ratio)?|"
             r"mejor relacion (?:calidad[- ]precio|precio[- ]calidad)|"
             r"mejor (?:calidad[- ]precio|precio[- ]calidad)",
    "rank": r"best (?:option|choice|pick|bet|overall)|top (?:pick|choice)|number one|"
            r"(?:la )?mejor (?:opcion|eleccion|alternativa)|opcion (?:numero uno|ideal)",
}
_CUE = {k: re.compile(rf"\b(?:{v})\b") for k, v in _CUES.items()}
#: where a clause ends
_CLAUSE = re.compile(r"[,;:()]|\s[-–—]\s|\b(?:but|while|whereas|although|pero|mientras|"
                     r"aunque|sino)\b")
_NEGATED = re.compile(r"\b(?:not|isn'?t|no|nor|ni|never|nunca|tampoco)\b")
#: a superlative ranked itself ("the second cheapest", "el segundo más barato")
_RANKED = re.compile(r"\b(?:second|third|fourth|2nd|3rd|segund[oa]|tercer[oa]?|cuart[oa])"
                     r"\s+(?:\w+\s+)?$")
#: a superlative qualified by what the shortlist holds no figure for
_QUALIFIED = re.compile(r"^\s*(?:option\s+|opcion\s+|hotel\s+|one\s+)?"
                        r"(?:with|without|con|sin|that|which|que|among|entre|in|en|near|"
                        r"cerca|if|si|except|excepto|salvo|for|para|de\s+(?:los|las)\s+que|"
                        r"of\s+those|on|around|in\s+terms)\b")

#: words before a candidate it is compared with, not the one a superlative is said of
_COMPARED = re.compile(r"\b(?:than|unlike|over|versus|vs|beating|beats|ahead\s+of|"
                       r"compared\s+(?:to|with)|que|frente\s+a|a\s+diferencia\s+de|"
                       r"comparad[oa]s?\s+con|por\s+delante\s+de|supera\s+a|sobre)"
                       r"\.?\s+(?:(?:the|el|la|los|las|a|al)\s+)?$")
#: a superlative that names what it is said of next ("the cheapest is X", "el más
#: barato es X", "the best value: X" is cut as a clause)
_NAMES_NEXT = re.compile(r"\s*(?:(?:one|option|pick|place|hotel|opcion|de\s+todos|de\s+todas|"
                         r"of\s+all|overall)\s+){0,2}(?:is|was|would\s+be|will\s+be|es|era|"
                         r"seria|sera|resulta\s+ser)\b")
#: the words joining two candidates named side by side ("X and Y", "tanto X como Y")
_PAIRED = frozenset("and y e or o u both ambos ambas tanto como as well".split())

#: clauses with a superlative read, at most (a misbehaving model's 60,000 characters of
#: them would cost a candidate's reading each)
MAX_SUPERLATIVES = 200


@dataclass
class Contradiction:
    note: str
    marked: bool  # whether the claim is marked not supported


def _amount(s: SubjectBrief) -> tuple[float, str, str | None] | None:
    """The amount the ranking compared ``s`` by, its currency and what it is for."""
    money = s.price_checked or s.price
    if money is None:
        return None
    amount = s.cost if s.cost is not None else money.amount
    return amount, money.currency, s.cost_per if s.cost is not None else None


def _money(amount: float, currency: str, lang: str) -> str:
    return f"{format_number(round(amount, 2), lang)} {currency}"


def _clauses(text: str) -> list[str]:
    cuts = [0, *(p for m in _CLAUSE.finditer(text) for p in (m.start(), m.end())), len(text)]
    return [text[cuts[i]:cuts[i + 1]] for i in range(0, len(cuts) - 1, 2)]


def _claims(synthesis: Synthesis) -> list[tuple[Claim, str]]:
    out: list[tuple[Claim, str]] = [(s, s.text) for s in synthesis.sentences]
    seen = {id(s) for s in synthesis.sentences}
    for block in synthesis.blocks:
        if block.kind in ("paragraph", "list"):
            out.extend((s, s.text) for s in block.items if id(s) not in seen)
        elif block.kind == "table":
            out.extend((r, " ".join(r.cells)) for r in block.rows)
    return out


def _says(folded: str, what: str) -> tuple[int, int] | None:
    """Where the ``folded`` clause says the superlative ``what`` (not negated, ranked
    nor qualified), or None."""
    for m in _CUE[what].finditer(folded):
        if _NEGATED.search(folded[:m.start()]) or _RANKED.search(folded[:m.start()]):
            continue
        if _QUALIFIED.search(folded[m.end():]):
            continue
        return m.span()
    return None


def _named_at(name: str, folded: str, shared: frozenset[str]) -> list[int]:
    """Where the ``folded`` clause names the candidate ``name`` by one of its own words
    (as :func:`scout.steps.mentions.names_candidate` reads it): each mention's start,
    its words read as one."""
    own = [w for w in name_words(name) if w not in shared] or name_words(name)
    found = sorted(m.span() for w in own
                   for m in re.finditer(rf"\b{re.escape(w)}(?:e?s)?\b", folded))
    # the words of one mention ("osteria bonelli", "bonelli osteria") are one start
    words = set(re.findall(r"[a-z0-9]+", strip_accents(name).lower()))
    return [p for i, (p, _) in enumerate(found) if i == 0 or not set(
        re.findall(r"[a-z0-9]+", folded[found[i - 1][1]:p])) <= words]


def _subject(folded: str, cue: tuple[int, int], named: list[tuple[SubjectBrief, int]]
             ) -> SubjectBrief | None:
    """Which of the candidates ``named`` in the ``folded`` clause (a mention each, with
    where) the superlative at ``cue`` is said of: the one named next to it before it,
    not what it is compared with ("X is cheaper than Y and the cheapest of all", "X
    beats Y as the cheapest"), else, or when the superlative says it next ("between X
    and Y the cheapest is Y"), the first named after it; None when two are named side by
    side before it ("X and Y are the cheapest": a tie, or a pair)."""
    if len({id(s) for s, _ in named}) == 1:
        return named[0][0]
    named = sorted(named, key=lambda n: n[1])
    after = [n for n in named if n[1] >= cue[1]]
    if after and _NAMES_NEXT.match(folded, cue[1]):
        return after[0][0]  # "between X and Y the cheapest is Y"
    before = [n for n in named if n[1] < cue[0]
              and not _COMPARED.search(folded[max(0, n[1] - 30):n[1]])]
    if len(before) >= 2 and before[-1][0] is not before[-2][0]:
        between = folded[before[-2][1]:before[-1][1]]
        rest = set(re.findall(r"[a-z0-9]+", between)) - set(
            re.findall(r"[a-z0-9]+", strip_accents(before[-2][0].name).lower()))
        if rest <= _PAIRED:
            return None
    if before:
        return before[-1][0]
    return after[0][0] if after else None


def _rating(rating: float, scale: float | None, lang: str) -> str:
    """A rating held 0-10, shown on the kind's scale (5, 10, 100)."""
    scale = scale or 10.0
    return f"{format_number(round(rating * scale / 10, 2), lang)}/{scale:g}"


def _value(named: SubjectBrief, ranked: list[SubjectBrief], scale: float | None,
           lang: str) -> Contradiction | None:
    """The contradiction of ``named`` being the best value: what that is is an opinion,
    but not when another shortlisted candidate costs less (in the same money, for the
    same period) and is rated at least as high, which is better value by any measure.
    The cheapest such candidate is named; none where a figure is missing."""
    mine = _amount(named)
    if mine is None or named.rating is None:
        return None
    better = [(s, a) for s in ranked if s is not named and s.rating is not None
              and s.rating >= named.rating - 0.05 and (a := _amount(s)) is not None
              and a[1:] == mine[1:] and a[0] < mine[0] and not same_price(a[0], mine[0])]
    if not better:
        return None
    other, amount = min(better, key=lambda p: p[1][0])
    return Contradiction(VALUE_NOTE.format(
        name=named.name, other=other.name, less=_money(amount[0], mine[1], lang),
        more=_money(mine[0], mine[1], lang), higher=_rating(other.rating or 0.0, scale, lang),
        lower=_rating(named.rating, scale, lang)), True)


def _check(what: str, named: SubjectBrief, ranked: list[SubjectBrief],
           scale: float | None, lang: str) -> Contradiction | None:
    """The contradiction of ``named`` being ``what`` (price, rating, value, rank) among the
    shortlist's ``ranked``, its figures written in ``lang``; None when there is none."""
    if what == "price":
        mine = _amount(named)
        if mine is None:
            return None
        peers = [(s, a) for s in ranked if s is not named and (a := _amount(s)) is not None
                 and a[1:] == mine[1:]]
        cheaper = min(peers, key=lambda p: p[1][0], default=None)
        if cheaper is None or cheaper[1][0] >= mine[0] or same_price(cheaper[1][0], mine[0]):
            return None
        return Contradiction(CHEAPEST_NOTE.format(
            name=named.name, other=cheaper[0].name,
            less=_money(cheaper[1][0], mine[1], lang), more=_money(mine[0], mine[1], lang)),
            True)
    if what == "value":
        return _value(named, ranked, scale, lang)
    if what == "rating":
        if named.rating is None:
            return None
        best = max((s for s in ranked if s is not named and s.rating is not None),
                   key=lambda s: s.rating or 0.0, default=None)
        if best is None or best.rating is None or best.rating <= named.rating + 0.05:
            return None
        return Contradiction(RATED_NOTE.format(
            name=named.name, other=best.name, higher=_rating(best.rating, scale, lang),
            lower=_rating(named.rating, scale, lang)), True)
    first = ranked[0]
    if named is first or named.rank is None:
        return None
    return Contradiction(BEST_NOTE.format(name=named.name, rank=named.rank,
                                          first=first.name), False)


def order_contradictions(synthesis: Synthesis, subjects: list[SubjectBrief],
                         rating_scale: float | None = None, lang: str = "en") -> list[str]:
    """The notes on what a model's ``synthesis`` calls the cheapest, the best rated or
    the best option where the shortlist (``subjects`` with a rank) says otherwise, their
    figures written as ``lang`` writes them (the report localises the words); the
    claims its figures contradict are marked ``uncited``. One note per candidate and
    superlative, in the answer's order."""
    if not synthesis.model:
        return []
    ranked = sorted((s for s in subjects if s.rank is not None), key=lambda s: s.rank or 0)
    if len(ranked) < 2:
        return []
    shared = shared_words([s.name for s in subjects])
    notes: list[str] = []
    read = 0
    for claim, text in _claims(synthesis):
        for clause in _clauses(text):
            folded = strip_accents(clause).lower()
            said = [(what, at) for what in _CUE if (at := _says(folded, what)) is not None]
            if not said or read >= MAX_SUPERLATIVES:
                continue
            read += 1
            named = [(s, at) for s in subjects if names_candidate(s.name, clause, shared)
                     for at in _named_at(s.name, folded, shared)]
            for what, cue in said:
                subject = _subject(folded, cue, named) if named else None
                if subject is None or subject.rank is None:
                    continue
                found = _check(what, subject, ranked, rating_scale, lang)
                if found is None:
                    continue
                if found.marked:
                    claim.uncited = True
                if found.note not in notes:
                    notes.append(found.note)
    return notes
