"""Latin American words for the things the kinds look for, written back as the word Spain
uses, which is the one a kind's vocabulary holds.

A kind's aliases and synonyms are written for a lab in Spain and its English ("piscina",
"aparcamiento", "permanencia", "concertado", "recogida", "autobús", "camareros",
"gasolina", "embalaje", "canapés"); a request from Mexico, Argentina, Chile, Colombia or Peru says
"alberca" / "pileta", "parqueadero" / "estacionamiento", "plazo forzoso", "particular
subvencionado", "recojo", "boleto de camión" / "pasaje en micro", "meseros", "nafta",
"bencina" / "bencinero", "empaque", "pasabocas". As :mod:`scout.task.calques` does for calques, each is written
back once, before any reader, rather than taught to every kind (a kind written by someone
else reads them too). Only words of one sense in a request are rewritten, and a word of
two senses only where its context fixes it: "camión" is a bus only as a means of travel
("boleto de camión", "viajar en camión"), a lorry elsewhere ("envío en camión"); "micro"
likewise; "particular" only after "colegio" (a private school in Chile and Peru; "clases
particulares" stay).

:func:`peninsular` runs on the request after the language is known, in both languages: a
request that switches language mid-sentence ("a depto with alberca in Cancún") uses the
same words.
"""

from __future__ import annotations

import re
from collections.abc import Collection

_Sub = tuple[re.Pattern[str], str]


def _rules(pairs: list[tuple[str, str]]) -> list[_Sub]:
    return [(re.compile(p, re.IGNORECASE), r) for p, r in pairs]


_RULES = _rules([
    # a swimming pool: Mexico's "alberca", the River Plate's "pileta"
    (r"\balbercas\b", "piscinas"),
    (r"\balberca\b", "piscina"),
    (r"\bpiletas\b(?!\s+de\s+(?:cocina|lavar|bañ))", "piscinas"),
    (r"\bpileta\b(?!\s+de\s+(?:cocina|lavar|bañ))", "piscina"),
    # a parking space: Colombia's "parqueadero", Mexico's and Chile's "estacionamiento"
    (r"\bparqueaderos?\b", "aparcamiento"),
    (r"\bestacionamientos?\b", "aparcamiento"),
    # a lift: Mexico's "elevador"
    (r"\belevadores\b", "ascensores"),
    (r"\belevador\b", "ascensor"),
    # a minimum term: Mexico's "plazo forzoso" (a phone plan's, a gym's)
    (r"\bplazos?\s+forzosos?\b", "permanencia"),
    # Chile's "particular subvencionado" is Spain's "concertado"; a "colegio particular"
    # (Chile, Peru) a private one
    (r"\bparticular(?:es)?\s+subvencionad[oa]s?\b", "concertado"),
    (r"\b(?P<c>colegios?|escuelas?)\s+particular(?:es)?\b", r"\g<c> privado"),
    # waiting staff: Mexico's and Colombia's "meseros" (Spain's "camareros")
    (r"\bmeser(?P<e>[oa]s?)\b", r"camarer\g<e>"),
    # petrol: the River Plate's "nafta" (a car's fuel; Spain's "gasolina")
    (r"\bnaftas?\b", "gasolina"),
    # petrol: Chile's "bencina" and a car that runs on it, "bencinero" (Spain's "de gasolina")
    (r"\bbencineros?\b|\bbencineras?\b", "de gasolina"),
    (r"\bbencinas?\b", "gasolina"),
    # packing: Latin America's "empaque" / "empacar" (a move's; Spain's "embalaje", "embalar")
    (r"\bempaques?\b", "embalaje"),
    (r"\bempacar\b", "embalar"),
    # finger food: Colombia's "pasabocas", Venezuela's "pasapalos" (Spain's "canapés")
    (r"\bpasabocas\b|\bpasapalos\b", "canapés"),
    # Peru's "recojo" (del hotel, en el hotel): a pick-up
    (r"\brecojo\b", "recogida"),
    # the River Plate's "la facu": the university
    (r"\b(?:la|para\s+la|en\s+la)\s+facu\b", "la universidad"),
    # Mexico's "camión", Chile's "micro", Argentina's "colectivo" as a means of travel: a bus
    # (only after a ticket or a person's travel: "envío en camión" is a lorry's)
    (r"\b(?P<p>(?:boletos?|pasajes?|billetes?|viaje|viajar|ir|irme|voy|vamos)\s+(?:de|en|por))"
     r"\s+(?:camion|camión|micro|colectivo)\b(?!\s+de\s+(?:mudanza|carga|bomberos))",
     r"\g<p> autobús"),
])


def peninsular(text: str, own: Collection[str] = ()) -> str:
    """``text`` with the Latin American words of the module's docstring written as the
    words Spain uses; any other text as it is. A phrase the kind declares itself (``own``:
    its aliases, enum values and synonyms, in lower case) stays as typed: a fuel kind's
    "nafta súper" and "nafta premium" name two grades, which "gasolina súper" and
    "gasolina premium" would not."""
    kept = _own_phrases(own)
    for pattern, repl in _RULES:
        if kept is None:
            text = pattern.sub(repl, text)
            continue
        spans = [m.span() for m in kept.finditer(text)]
        text = pattern.sub(lambda m: m.group(0) if any(a < m.end() and m.start() < b
                                                       for a, b in spans) else m.expand(repl),
                           text)
    return text


def _own_phrases(own: Collection[str]) -> re.Pattern[str] | None:
    """The kind's own phrases that hold a word a rule rewrites, as one pattern (longest
    first), or None when none does."""
    phrases = sorted((w for w in own if w and any(p.search(w) for p, _r in _RULES)),
                     key=len, reverse=True)
    if not phrases:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in phrases) + r")(?!\w)",
                      re.IGNORECASE)


def as_typed(quoted: str, typed: str) -> str:
    """``quoted`` (a span or a note's words, taken from the request once rewritten) with
    each word :func:`peninsular` wrote in place of one typed in ``typed`` (the request as
    sent) written back as typed ("gasolina súper" → "nafta súper"), where the written word
    is not one ``typed`` holds itself: a note quotes what the asker wrote."""
    for pattern, repl in _RULES:
        for m in pattern.finditer(typed):
            written = m.expand(repl)
            if written.lower() != m.group(0).lower() and written.lower() in quoted.lower() \
                    and written.lower() not in typed.lower():
                said = m.group(0)
                quoted = re.sub(re.escape(written), lambda _m: said, quoted, flags=re.IGNORECASE)
    return quoted
