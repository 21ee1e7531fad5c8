"""A request written in Catalan, read as Spanish.

The lab's Barcelona researchers write some requests in Catalan ("Necessitem un hotel a
Cadaqués per l'agost, màxim 150 € la nit", "on sopar calçots a Valls, uns 40 € per cap").
scout reports in Spanish or English, and the readers know those two: read as it was, such
a request was English (no Spanish function word), its month, its per-night and per-person
units and its place went unread, and "sopar calçots a Valls" became the dish.

:func:`castilian` tells a Catalan request by its own words (its verbs, months, "amb",
"els", "nit", an elided article "l'agost", "d'hotel"; two of them, none shared with
English or Spanish), and writes the words the readers rely on in Spanish: months and
weekdays, the cue words of amounts, units and dates ("màxim", "menys de", "fins a",
"uns", "per cap", "la nit", "cap de setmana"), "a" before a capitalised name (Catalan's
"in"), "i" (and), and the verbs that open a request. Place names and what is asked for
keep their words ("calçots", "Cadaqués"). The request is then Spanish: its report is.
"""

from __future__ import annotations

import re

from scout.task.lang import fold

# words only Catalan has among the three languages (folded): two make a Catalan request
# (not "dinar", a currency; "barata", Spanish too; "marc", a name; "proper", English)
_OWN = frozenset("""
amb els nit nits necessitem necessito vull volem voldria busquem cerquem sopar esmorzar
setmana maxim minim uns unes fins menys tambe aquest aquesta aquests gener febrer maig
juny juliol agost setembre novembre desembre dilluns dimarts dimecres dijous divendres
dissabte diumenge habitacions lloguer platja gratuit gracies recomanes recomaneu quan
estiu hivern anys nens acollida
""".split())
_ELIDED = re.compile(r"\b[ld]['’](?=[aeiouhàèéíòóú])", re.IGNORECASE)
_ELIDED_LOWER = re.compile(r"\b[lLdD]['’](?=[a-zàèéíòóú])")
_WORD = re.compile(r"[a-z]+")

# (Catalan, Spanish): whole words, case kept on the first letter; longer phrases first
_SPANISH: list[tuple[str, str]] = [
    ("cap de setmana", "fin de semana"), ("per cap", "por persona"), ("per persona", "por persona"),
    ("per nit", "por noche"), ("la nit", "la noche"), ("al voltant de", "alrededor de"),
    ("menys de", "menos de"), ("més de", "más de"), ("fins a", "hasta"), ("que ve", "que viene"),
    ("si us plau", "por favor"), ("nits", "noches"), ("nit", "noche"),
    ("màxim", "máximo"), ("maxim", "máximo"), ("mínim", "mínimo"), ("minim", "mínimo"),
    ("uns", "unos"), ("unes", "unas"), ("amb", "con"), ("sense", "sin"), ("setmana", "semana"),
    ("proper", "próximo"), ("propera", "próxima"), ("aquest", "este"), ("aquesta", "esta"),
    ("dies", "días"), ("habitacions", "habitaciones"), ("lloguer", "alquiler"), ("pis", "piso"),
    ("necessitem", "necesitamos"), ("necessito", "necesito"), ("vull", "quiero"),
    ("volem", "queremos"), ("voldria", "quisiera"), ("busquem", "buscamos"), ("cerco", "busco"),
    ("cerquem", "buscamos"), ("sopar", "cenar"), ("dinar", "comer"), ("esmorzar", "desayunar"),
    ("gener", "enero"), ("febrer", "febrero"), ("març", "marzo"), ("maig", "mayo"),
    ("juny", "junio"), ("juliol", "julio"), ("agost", "agosto"), ("setembre", "septiembre"),
    ("novembre", "noviembre"), ("desembre", "diciembre"), ("dilluns", "lunes"),
    ("dimarts", "martes"), ("dimecres", "miércoles"), ("dijous", "jueves"),
    ("divendres", "viernes"), ("dissabte", "sábado"), ("diumenge", "domingo"),
    ("estiu", "verano"), ("hivern", "invierno"), ("anys", "años"), ("nens", "niños"),
    ("servei", "servicio"), ("acollida", "acogida"),
    ("gratuït", "gratuito"), ("gratuïta", "gratuita"), ("barat", "barato"), ("també", "también"),
    ("i", "y"),
]
_PHRASES = re.compile(r"(?<![\w'’])(?:" + "|".join(
    re.escape(c).replace(r"\ ", r"\s+") for c, _ in sorted(_SPANISH, key=lambda p: -len(p[0])))
    + r")(?![\w'’])", re.IGNORECASE)
_TO_SPANISH = {c: s for c, s in _SPANISH}
# "on sopar ...?" / "on puc ...": Catalan's "where" opening a question
_WHERE = re.compile(r"(?:^|(?<=[¿?!.,;:\n]))\s*on(?=\s)", re.IGNORECASE)
# "a Valls", "a la Seu d'Urgell": "a" before a name is where (Spanish "en")
_AT_NAME = re.compile(r"(?<![\w'’])a(?=\s+(?:la\s+|l['’]|el\s+)?[A-ZÀÈÉÍÒÓÚÇ])")
# "per l'agost": when ("en"); "per" before anything else is "para" ("per dinar", "per a
# dos"); its units ("per cap", "per nit") are written before
_PER_WHEN = re.compile(r"(?<![\w'’])per(?:\s+a)?\s+(?:el\s+|la\s+)?(?=\w)", re.IGNORECASE)


def is_catalan(text: str) -> bool:
    """``text`` holds at least two words only Catalan has (an elided article is one)."""
    words = _WORD.findall(fold(text))
    return sum(w in _OWN for w in words) + len(_ELIDED.findall(text)) >= 2


def castilian(text: str) -> str:
    """``text`` with a Catalan request's cue words written in Spanish; any other text as it
    is."""
    if not is_catalan(text):
        return text

    def spanish(m: re.Match[str]) -> str:
        said = m.group(0)
        out = _TO_SPANISH.get(re.sub(r"\s+", " ", said.lower()), said)
        return out[:1].upper() + out[1:] if said[:1].isupper() else out

    # an article elided before a common noun ("l'agost", "d'hotel"); a name keeps its own
    # ("la Seu d'Urgell")
    text = _ELIDED_LOWER.sub(lambda m: "el " if m.group(0)[0] in "lL" else "de ", text)
    text = _PHRASES.sub(spanish, text)
    text = _WHERE.sub(lambda m: m.group(0)[:-2] + "dónde", text)
    text = _AT_NAME.sub("en", text)
    return _PER_WHEN.sub(lambda m: "en " if _month_next(text, m.end()) else "para ", text)


_MONTHS = frozenset(s for c, s in _SPANISH[_SPANISH.index(("gener", "enero")):
                                         _SPANISH.index(("desembre", "diciembre")) + 1])


def _month_next(text: str, at: int) -> bool:
    """A month's name (already in Spanish) starts at ``at`` in ``text``."""
    word = re.match(r"[a-záéíóú]+", text[at:].lower())
    return word is not None and word.group(0) in _MONTHS | {"abril", "octubre"}
