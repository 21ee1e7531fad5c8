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

A claim is read clause by clause ("Casa Bonay is the best rated, but Praktik is the
cheapest"): a clause that names one shortlisted candidate and says the superlative of
it, not negated ("not the cheapest", "no es el más barato"), not ranked itself ("the second
cheapest") and not qualified ("the cheapest with breakfast", "el más barato en Gràcia",
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
from scout.text import strip_accents

CHEAPEST_NOTE = N_("the answer calls {name} the cheapest, but {other} costs less ({less} "
                   "against {more}): the statement is marked as not supported by the "
                   "evidence")
RATED_NOTE = N_("the answer calls {name} the best rated, but {other} is rated higher "
                "({higher} against {lower}): the statement is marked as not supported by "
                "the evidence")
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


def _says(clause: str, what: str) -> bool:
    folded = strip_accents(clause).lower()
    for m in _CUE[what].finditer(folded):
        if _NEGATED.search(folded[:m.start()]) or _RANKED.search(folded[:m.start()]):
            continue
        if _QUALIFIED.search(folded[m.end():]):
            continue
        return True
    return False


def _check(what: str, named: SubjectBrief, ranked: list[SubjectBrief],
           scale: float | None, lang: str) -> Contradiction | None:
    """The contradiction of ``named`` being ``what`` (price, rating, rank) among the
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
    if what == "rating":
        if named.rating is None:
            return None
        best = max((s for s in ranked if s is not named and s.rating is not None),
                   key=lambda s: s.rating or 0.0, default=None)
        if best is None or best.rating is None or best.rating <= named.rating + 0.05:
            return None
        # ratings are held 0-10, and shown on the kind's scale (5, 10, 100)
        scale = scale or 10.0

        def shown(r: float) -> str:
            return f"{format_number(round(r * scale / 10, 2), lang)}/{scale:g}"

        return Contradiction(RATED_NOTE.format(
            name=named.name, other=best.name, higher=shown(best.rating),
            lower=shown(named.rating)), True)
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
            said = [what for what in _CUE if _says(clause, what)]
            if not said or read >= MAX_SUPERLATIVES:
                continue
            read += 1
            named = [s for s in subjects if names_candidate(s.name, clause, shared)]
            if len(named) != 1 or named[0].rank is None:
                continue
            for what in said:
                found = _check(what, named[0], ranked, rating_scale, lang)
                if found is None:
                    continue
                if found.marked:
                    claim.uncited = True
                if found.note not in notes:
                    notes.append(found.note)
    return notes
