"""A members' price beside the price anyone pays, on a page that states both: a club's
"Socios: 16 €/hora. No socios: 28 €/hora.", a pool's "Abonados 4 €, no abonados 7 €",
a museum's "Members £8, non-members £14". Whoever asks is not a member unless the request
says so, so the amount a page labels as the members' is no price while another is
labelled for non-members or the public (:func:`members_only`); a page stating only a
members' price states its price so (it is read, and a kind's `where` can check the
words). Read by :func:`scout.task.amounts.listed_amounts`. A request that says it is a
member's ("soy socio", "somos abonados", "I'm a member": :func:`says_member`) takes the
members' price of a page stating both (:func:`members_amount`, for ``rank``).
"""

from __future__ import annotations

import re

from collections.abc import Sequence

from scout.schemas.task import Money
from scout.task.lang import fold
from scout.task.pricelabel import LABEL_GAP

# who a members' price is for, folded, singular and plural: a club's, a gym's, a pool's
# season-ticket holders ("abonados"), a museum's or a society's members
_MEMBER = r"(?:socio|socia|abonado|abonada|miembro|member|subscriber|abonne|suscriptor(?:a|e)?)s?"
# "no socios", "non-members", "non members", "no abonados", "sin ser socio": anyone's price
# ("nonmembers", as US pages write it, joined)
_NOT = r"(?:non[\s-]*|(?:no|not|sin\s+ser|sin)[\s-]+)"
# the public's price said otherwise: "público general", "general public", "visitors",
# "guests", "tarifa general", "precio general", "standard" ("Members £8, standard £14")
_PUBLIC = (r"(?:publico(?:\s+general)?|general\s+public|general|visitors?|visitantes?|"
           r"guests?|invitados?|standard|estandar|pay[\s-]+as[\s-]+you[\s-]+go|payg|ad[\s-]hoc|"
           r"sin\s+suscripcion|without\s+(?:a\s+)?subscription|"
           # everyone who is not one: "everyone else £14", "resto 14 €", "los demás 14 €"
           r"every(?:one|body)\s+else|all\s+others|(?:the\s+)?others|(?:el\s+)?resto|"
           r"(?:todos\s+)?los\s+demas|demas)")
# the label right before an amount, a colon or a few words between it and the amount
# ("Socios: 16 €", "precio socio 16 €", "members from £8"), and what may say whose price
# it is between the label and the amount ("price", "precio", "tarifa", "rate", "from"); the
# amount may stand in brackets after its label ("Members (£8), non-members (£14)")
_BETWEEN = r"(?:\s+(?:price|prices|precio|precios|tarifa|tarifas|rate|rates|from|desde|pay|pagan))?"
_GAP = LABEL_GAP.removesuffix(r"\s*$") + r"\s*\(?\s*$"
_MEMBER_LABEL = re.compile(r"(?<![\w-])(?<!no )(?<!non )(?<!non-)(?<!sin )(?<!ser )"
                           + _MEMBER + r"(?![\w])" + _BETWEEN + _GAP)
_ANYONE_LABEL = re.compile(r"(?<![\w])(?:" + _NOT + _MEMBER + "|" + _PUBLIC + r")(?![\w])"
                           + _BETWEEN + _GAP)
# ... or said right after the amount, in its clause, as rate cards write it ("69p/kWh for
# subscribers", "0,35 €/kWh para socios"; "87p/kWh pay as you go", "0,49 €/kWh sin
# suscripción", "£14 for non-members")
_AFTER = r"^[\s,]*(?:\(?\s*)?(?:(?:for|para)\s+(?:(?:the|los|las|our|nuestros|nuestras)\s+)?)?"
# that ends its clause: words running on into the next amount are that one's label
# ("Members £8, non-members £14": "non-members" is the £14's)
_ENDS = r"(?=\s*(?:[.,;:()!?\n]|$))"
_MEMBER_AFTER = re.compile(_AFTER + r"(?:(?<![\w-])" + _MEMBER + r"(?![\w-])|(?:con|with)\s+"
                           r"(?:(?:a|an|la|el)\s+)?(?:suscripcion|subscription|membership|"
                           r"membresia|abono)(?!\w))" + _ENDS)
_ANYONE_AFTER = re.compile(_AFTER + r"(?:" + _NOT + _MEMBER + "|" + _PUBLIC + r")(?![\w])"
                           + _ENDS)
# how far back the label of an amount is looked for: "Precio para no socios: " and no further,
# so a members' label is never read off the amount before it
_BACK = 40


def _label_before(text: str, start: int, previous_end: int) -> str:
    """The folded words between the amount before (``previous_end``) and the one at
    ``start``, at most :data:`_BACK` characters: where the amount's label is."""
    return fold(text[max(previous_end, start - _BACK):start])


def members_only(text: str, found: list[tuple[Money, tuple[int, int]]]) -> set[int]:
    """The indexes of the ``found`` amounts of ``text`` labelled as a members' price
    ("Socios: 16 €/hora", "Members £8") when another amount is labelled for
    non-members or the public ("No socios: 28 €/hora", "non-members £14", "público general
    7 €"): none when no amount is labelled for anyone, so a page stating only a members'
    price keeps it."""
    member: set[int] = set()
    anyone = False
    previous_end = 0
    for i, (_, (start, end)) in enumerate(found):
        label = _label_before(text, start, previous_end)
        following = found[i + 1][1][0] if i + 1 < len(found) else len(text)
        # the words to the next amount; "$" ends the clause only at the text's end
        after = fold(text[end:following]) + ("" if following == len(text) else " 0")
        if _ANYONE_LABEL.search(label) or _ANYONE_AFTER.search(after):
            anyone = True
        elif _MEMBER_LABEL.search(label) or _MEMBER_AFTER.search(after):
            member.add(i)
        previous_end = end
    return member if anyone else set()


# a request saying whoever asks is a member: "soy socio", "somos socias", "como abonado",
# "I'm a member", "we are members", "as a member" (folded); never "no soy socio", "I'm not a
# member", "sin ser socio", whose words between the verb and the noun are no article
# A member of a body that sells nothing ("como miembro del grupo de investigación", "as a
# member of the lab's team": how the lab introduces itself) is no member of the place
_OF_A_BODY = (r"(?!\s+(?:de|del|of)\s+(?:(?:la|el|los|las|un|una|the|a|an|our|my|nuestro|"
              r"nuestra|mi)\s+)?(?:grupo|group|equipo|team|lab|labs|laboratorio|laboratory|"
              r"universidad|university|departamento|department|proyecto|project|comite|"
              r"committee|consorcio|consortium|facultad|faculty|instituto|institute)\b)")
_SAYS_MEMBER = re.compile(
    r"(?<![\w'])(?<!no )(?<!ni )(?:soy|somos|como|siendo)\s+(?:un[oa]?\s+)?" + _MEMBER
    + r"(?!\w)" + _OF_A_BODY
    + r"|\b(?:i['’]?m|i\s+am|we['’]?re|we\s+are|as)\s+(?:an?\s+)?(?:club\s+|gym\s+)?"
    r"(?:members?|subscribers?)\b" + _OF_A_BODY)


def says_member(query: str) -> bool:
    """Whether the request ``query`` says whoever asks is a member (:data:`_SAYS_MEMBER`)."""
    return _SAYS_MEMBER.search(fold(query or "")) is not None


def members_amount(text: str, found: Sequence[tuple[Money, tuple[int, int]]],
                   price: Money) -> Money | None:
    """For a member's request: the members' amount of ``text`` (its ``found`` amounts)
    beside ``price``, the amount anyone pays that the page states, the one of the same
    period when several are; None when the page labels no members' price beside it."""
    member = members_only(text, list(found))
    if not member or not any(m.amount == price.amount and i not in member
                             for i, (m, _) in enumerate(found)):
        return None
    theirs = [found[i][0] for i in sorted(member)]
    return next((m for m in theirs if m.per == price.per), theirs[0])
