"""The boolean reader: an input's name or alias said in the request ("with a terrace",
"pet ok"), negated ("sin terraza", "unfurnished", "non-smoking", and after a list's "ni" /
"nor": "sin matrícula ni permanencia") for false, halved
("semi-furnished") or said not to matter ("no certificate needed", "me da igual el
contrato") for no value; a perk's "free" ("free cancellation"), the "-free" that ends
another word ("gluten-free", "car-free") and a flag's word that starts a field's name
("remote sensing") are no flag, and a flag's own word with "-free" is false ("pet-free").
An alias of a noun and its predicate is read said as a clause too ("que la primera clase
sea gratis" for "primera clase gratis").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from scout.spec.models import InputSpec
from scout.task.enums import inside_rival
from scout.task.lang import fold
from scout.task.readers import QueryText, name_forms


# what a "free" / "gratis" qualifies when it is not the thing asked about: "free
# cancellation", "wifi gratis", "desayuno gratuito" (a perk, not free entry)
_PERKS = frozenset("""
cancellation cancelation wifi wi-fi internet parking breakfast shipping delivery drinks
refills cancelacion aparcamiento estacionamiento desayuno envio bebidas
""".split())
_FREE = re.compile(r"\b(?:free|gratis|gratuit[oa]s?)\b")
# a "-free" suffix negates the word it ends: "pet-free", "smoke-free", "car-free"
_FREE_OF = re.compile(r"-free\b")
# a flag said as not needed is left unset, neither asked for nor ruled out: "no certificate
# needed", "certificate optional", "no hace falta certificado", "don't need a certificate"
_NEEDED = r"(?:needed|required|necessary|necesari[oa]s?|obligatori[oa]s?|a\s+must)"
_UNNEEDED_AFTER = re.compile(
    r"\s*(?:(?:is|are|es|son)\s+)?(?:optional|opcional(?:es)?|(?:not|no)\s+(?:(?:es|son)\s+)?"
    + _NEEDED
    + r"|(?:doesn'?t|does\s+not)\s+matter|(?:me\s+)?da\s+igual|(?:no\s+)?(?:me\s+)?importa\s+poco)\b")
# ... or said not to mind, before it: "no me importa la permanencia", "me da igual el
# contrato", "I don't mind a contract", "we don't care about the deposit"
_UNNEEDED_BEFORE = re.compile(
    r"\b(?:no\s+(?:(?:me|nos|le|les)\s+)?(?:hace\s+falta|necesito|necesitamos|es\s+necesari[oa]|"
    r"requiere|importan?(?:\s+si)?|preocupan?)"
    r"(?:\s+(?:que\s+)?(?:tenga|tengan|de|el|la|los|las|un|una|unos|unas))?"
    r"|(?:me|nos)\s+(?:da|es)\s+igual(?:\s+(?:si\s+)?(?:tiene|hay|el|la|los|las|un|una))?"
    r"|(?:don'?t|do\s+not|doesn'?t)\s+(?:need|require|mind|care\s+about)(?:\s+(?:a|an|any|the|if))?"
    r"|no\s+need\s+for(?:\s+(?:a|an|any))?)\s*$")


# the clause or term a flag is said through, before its word: "sin cláusula de
# permanencia", "sin plazo mínimo de permanencia", "without a period of commitment" (the
# flag itself is ruled out or asked for). Only words for a term: "sin gastos de envío" is
# free shipping, not no shipping
_TERM_OF = (r"(?:(?:(?:minimum|m[ií]nimo)\s+)?(?:cl[aá]usulas?|plazos?|peri[oó]dos?|requisitos?|compromisos?|clauses?|periods?|terms?)"
            r"(?:\s+(?:m[ií]nimos?|minimum|obligatori[oa]s?))?\s+(?:de|of)\s+(?:(?:la|el|a|an)\s+)?)?")


# a thing without the flag refused after it: "sin ascensor no me sirve", "sin parking no
# nos vale", "without a lift it's a no-go", "no terrace, no deal"
_REFUSED = re.compile(r"\s*(?:,\s*)?(?:no\s+(?:(?:me|nos|le|les)\s+)?(?:sirven?|valen?|interesan?)|"
                      r"(?:it'?s|is)\s+(?:a\s+)?no[- ]go|no\s+deal|(?:it\s+)?won'?t\s+do|"
                      r"(?:is\s+)?a\s+deal[- ]?breaker|ni\s+hablar)\b")


def find_boolean(text: QueryText, spec: InputSpec, name: str,
                 rivals: Sequence[str] = (), kind: Sequence[str] = ()
                 ) -> tuple[bool, tuple[int, int]] | None:
    """Whether the request asks for (True) or rules out (False) the flag ``name``, and the
    span said; None when it says neither. ``rivals``: the longer words of other yes/no
    inputs (:func:`boolean_rivals`): this flag's word inside one of them is that flag's
    ("eco products" for an ``eco`` flag is no ``products`` flag's "products"). ``kind``:
    the words the kind is named by (its name, its ``nouns``): a gerund of theirs after the
    flag's word is the thing the flag qualifies ("intensive driving course" for a kind of
    driving schools), no field's name."""
    # "unfurnished", "un-heated", "non-smoking", "non refundable": English negates an
    # adjective with the prefix un- or non- ("nada online", "nothing online", "que no sean
    # online": ruled out as "no online" is); "semi-furnished", "half-board" are neither
    # (said, no value)
    alt = name_forms(_predicated(_genders([name.replace("_", " "), *spec.aliases])))
    # "ni" / "nor" go on a list a negation opened: "sin copagos ni carencias", "no
    # deposit nor contract": each thing in it is ruled out
    for m in re.finditer(r"\b(?P<neg>no|without|not|sin|ni|nor|nothing|nada(?:\s+de)?|"
                         r"(?:que\s+)?no\s+(?:sean?|es|son)|(?:is|are)n'?t|(?:is|are)\s+not|"
                         # a verb of having said not ("que no tenga penalizaciones", "that
                         # doesn't have exit fees", "sin tener permanencia"): the flag ruled out
                         r"(?:que\s+)?no\s+(?:tengan?|tienen?|lleven?|llevan?|incluyan?|incluyen?|"
                         r"cobren?|cobran?|exijan?|exigen?|pidan?|piden?|admitan?|admiten?|"
                         r"acepten?|aceptan?|permitan?|permiten?)|sin\s+tener|"
                         r"(?:does|do)\s*(?:n['’]?t|\s+not)\s+(?:have|include|charge|require|ask\s+for|"
                         r"allow|accept|permit)|"
                         r"without\s+(?:having|charging|requiring))?"
                         r"\s*(?:a\s+|an\s+|un\s+|una\s+)?" + _TERM_OF +
                         # "no lock-in contract", "no long-term contract": the kind said
                         r"(?:(?<=no\s)[a-z]+-[a-z]+\s+)?"
                         r"(?:(?P<un>un-?|non-?\s*|no-)|(?P<half>semi-?|half-|part-|medio-))?"
                         + r"(?P<flagword>" + alt + r")\b", text.free):
        if rivals and inside_rival(text.free, m.span("flagword"), m.group("flagword"), list(rivals)):
            continue  # "eco products": another flag's word, not this one's
        before = re.search(r"([\w-]+)\s*$", text.free[max(0, m.start() - 30):m.start()])
        after = re.match(r"\s+([\w-]+)", text.free[m.end():])
        if _FREE.search(m.group(0)) and ((before and before.group(1) in _PERKS)
                                         or (after and after.group(1) in _PERKS)):
            continue  # "free cancellation", "wifi gratis": the perk's, not this input's
        rest = text.free[m.end():]
        if _FREE.fullmatch(m.group(0).strip()) and re.search(r"[^\W\d_]-$", text.free[:m.start()]):
            continue  # "gluten-free", "car-free": free of that thing, not free of charge
        if not m.group("neg") and (free_of := _FREE_OF.match(rest)):
            # "pet-free", "smoke-free": the flag's thing ruled out
            return m.group("un") is not None, (m.start(), m.end() + free_of.end())
        if not m.group("neg") and _compound_head(rest, spec, name, kind):
            continue  # "remote sensing": a field's name, no flag
        if (m.group("neg") and re.match(r"\s*" + _NEEDED + r"\b", rest)) \
                or _UNNEEDED_AFTER.match(rest) \
                or _UNNEEDED_BEFORE.search(text.free[max(0, m.start() - 40):m.start()]):
            text.claim(m.span())  # said, and said not to matter: no value, no note
            return None
        if m.group("half"):
            text.claim(m.span())  # "semi-furnished": not furnished, nor unfurnished
            return None
        if m.group("neg") and _REFUSED.match(rest):
            # "sin ascensor no me sirve": what lacks it is refused, so it is asked for
            return True, (m.start(), m.end() + _REFUSED.match(rest).end())  # type: ignore[union-attr]
        span = _joined(text.free, m, alt)
        inc = _INCLUDED.match(text.free[span[1]:])
        if inc and any("inclu" in fold(a) for a in spec.aliases):
            # "con el almuerzo incluido" for the aliases "almuerzo" and "comida incluida":
            # the participle another alias says is the flag's too, no subject
            span = (span[0], span[1] + inc.end())
        return (m.group("neg") is None) == (m.group("un") is None), span
    return None


def said_again(text: QueryText, spec: InputSpec, name: str, span: tuple[int, int],
               rivals: Sequence[str] = ()) -> list[tuple[int, int]]:
    """Where the request names the flag read at ``span`` again by another of its words
    ("Gas Safe registered" for the aliases ``Gas Safe`` and ``registered``, "certificado y
    autorizado"): those spans, to claim with it, so the other words are read as no
    subject and no place. A word inside a longer one of another flag (``rivals``: "a lift
    and a goods lift") is that flag's, left to it."""
    alt = name_forms(_genders([name.replace("_", " "), *spec.aliases]))
    # a compound the word heads ("remote sensing" beside "online") is no flag's word
    return [m.span() for m in re.finditer(r"(?<!\w)" + alt + r"(?!\w)", text.free)
            if (m.end() <= span[0] or m.start() >= span[1])
            and not _compound_head(text.free[m.end():], spec, name)
            and not (rivals and inside_rival(text.free, m.span(), m.group(0), list(rivals)))]


def boolean_rivals(inputs: dict[str, InputSpec], name: str) -> list[str]:
    """The names and aliases of the yes/no inputs other than ``name``, each written as a
    request says it: what :func:`find_boolean` passes over when this flag's word stands
    inside a longer one of them."""
    return [w for other, spec in inputs.items() if other != name and spec.type == "boolean"
            for w in (other.replace("_", " "), *spec.aliases)]


_INCLUDED = re.compile(r"\s+(?:incluid[oa]s?|included)\b")


# a Spanish adjective agrees with its noun: the alias "remoto" is said "una chamba remota",
# "amueblado" "una casa amueblada" (only the adjective endings: "piso" is no "pisa")
_AGREES = re.compile(r"(?:ad|id|ot|iv|ic|os|it)[oa]$")


def _genders(names: list[str]) -> list[str]:
    """``names`` with each one-word Spanish adjective's other gender added."""
    return names + [n[:-1] + ("a" if n.endswith("o") else "o") for n in names
                    if " " not in n.strip() and _AGREES.search(n.strip())]


# an alias of a noun and what it is ("primera clase gratis", "seguro incluido", "free
# first lesson" is no such: its adjective leads): said as a clause, a copula comes
# between ("que la primera clase sea gratis", "with the insurance being included")
_PREDICATE = re.compile(r"^(?P<noun>.+\S)\s+(?P<adj>gratis|gratuit[oa]s?|incluid[oa]s?|"
                        r"obligatori[oa]s?|free|included|mandatory|required)$")
_COPULAS = ("sea", "sean", "es", "son", "este", "esten", "esta", "estan", "is", "are", "be",
            "being")


def _predicated(names: list[str]) -> list[str]:
    """``names`` with each "<noun> <predicate>" name also said with a copula between."""
    out = list(names)
    for n in names:
        m = _PREDICATE.match(fold(n).strip())
        if m:
            out += [f"{m.group('noun')} {c} {m.group('adj')}" for c in _COPULAS]
    return out


def _joined(free: str, m: re.Match[str], alt: str) -> tuple[int, int]:
    """The span of ``m`` widened over the input's other words that overlap it: with the
    aliases ``con entradas`` and ``entradas incluidas``, "con entradas incluidas" is all
    the flag's, so no "incluidas" is left over for the subject or a place."""
    start, end = m.span()
    for o in re.finditer(r"(?<!\w)(?=(" + alt + r")\b)", free):
        if start < o.start() < end:
            end = max(end, o.start() + len(o.group(1)))
    return start, end


# an English gerund right after a flag's word: with it, the word names a field or an
# activity ("remote sensing", "mobile computing"), not how the thing is
_GERUND = re.compile(r"\s+([a-z]{2,}?)(?:e)?ing\b")


def _compound_head(rest: str, spec: InputSpec, name: str, kind: Sequence[str] = ()) -> bool:
    """The flag's word just read is the first of a compound: a gerund follows it that is no
    request word ("looking"), no verb of the flag's own words ("remote working" with
    the alias "work from home") and no word of the ``kind``'s own names ("intensive
    driving course" for driving schools: the course is intensive)."""
    from scout.task.subjectslips import is_stop

    m = _GERUND.match(rest)
    if m is None or is_stop(m.group(0).strip()):
        return False
    if fold(m.group(0).strip()) in {w for said in kind for w in fold(said).split()}:
        return False
    own = {w for said in [name.replace("_", " "), *spec.aliases] for w in fold(said).split()}
    stem = m.group(1)
    return not ({stem, stem + "e", stem[:-1]} & own)
