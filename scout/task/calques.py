"""Requests written in a language that is not the writer's own, put back into the words
the kinds are written in: a Spanish speaker's English calques ("without permanence",
"3 habitations", "a flat that accepts mascots", "full pension", "complete journey",
"room of meetings", "tariff of light", "my son has 7 years", "books of Isabel Allende")
and an English speaker's or a machine translation's Spanish ("buenas revisiones", "50
citaciones", "libros por Gabriel García Márquez", "una habitación sencilla").

A kind's vocabulary (its aliases, enum values and synonyms) is written for a bilingual
lab: it holds the Spanish word ("permanencia", "habitaciones", "mascotas", "pensión
completa") and the native English one, never the calque between them. So a calque is
written back as the word it was made from, which the kind already reads, rather than
taught to every kind. Only calques that mean one thing are rewritten: "actually" (now, to
a Spanish speaker) stays, for "actually make that $80" corrects a value; "light" only
after a tariff's or a bill's noun ("tariff of light" is an electricity tariff, a "light
laptop" is light).

:func:`nativised` runs on the request once its language is known, before any reader.
"""

from __future__ import annotations

import re

from scout.task.personage import PERSON
_Sub = tuple[re.Pattern[str], str]


def _rules(pairs: list[tuple[str, str]]) -> list[_Sub]:
    return [(re.compile(p, re.IGNORECASE), r) for p, r in pairs]


# a person's name: two words or more with capitals ("Isabel Allende", "Gabriel García
# Márquez"); a book "of" one is one they wrote
_NAME = r"(?=[A-ZÁÉÍÓÚÑ][\w'’.-]+\s+(?:(?:de|del|y|van|von|da|le|la)\s+)?[A-ZÁÉÍÓÚÑ])"

# English as a Spanish speaker writes it → the word it was made from (or the native one)
_EN = _rules([
    # "without permanence" (sin permanencia): a minimum term, a gym's or a plan's
    (r"\b(?:without|with\s+no|no)\s+(?:(?:the|a|any)\s+)?permanence\b", "sin permanencia"),
    (r"\bpermanence\b", "permanencia"),
    # "without matriculation" (sin matrícula): a sign-up fee
    (r"\b(?:without|with\s+no|no)\s+(?:(?:the|a|any)\s+)?matriculation\b", "sin matrícula"),
    (r"\bmatriculation\b", "matrícula"),
    # "3 habitations" (habitaciones): bedrooms; "mascots" (mascotas): pets
    (r"\bhabitations\b", "habitaciones"),
    (r"\bhabitation\b", "habitación"),
    (r"\bmascots\b", "mascotas"),
    (r"\bmascot\b", "mascota"),
    # "full pension" (pensión completa), "half pension" (media pensión): meals
    (r"\b(?:full|complete)\s+pension\b", "pensión completa"),
    (r"\bhalf\s+pension\b", "media pensión"),
    # "complete journey" (jornada completa), "half journey" (media jornada): a job's hours
    (r"\b(?:complete|full)\s+journey\b", "jornada completa"),
    (r"\bhalf\s+journey\b", "media jornada"),
    # "of the harvest 2019", "the 2019 harvest" (de la cosecha 2019): a wine's vintage,
    # only beside a year (a "harvest festival" is not one)
    (r"\b(?:of\s+)?(?:the\s+)?harvest\s+(?=(?:of\s+)?(?:19|20)\d\d\b)(?:of\s+)?", "vintage "),
    (r"(?<=\b(?:19|20)\d\d\s)harvest\b", "vintage"),
    # "level initiation" (nivel de iniciación): beginners
    (r"\binitiation\b", "iniciación"),
    # "room of meetings" / "room of reunions" (sala de reuniones)
    (r"\b(?:room|hall)\s+of\s+(?:meetings|reunions)\b", "sala de reuniones"),
    # "quatrimester" (cuatrimestre): half an academic year
    (r"\b(?:quatrimester|cuatrimester|quadrimester)s?\b", "cuatrimestre"),
    # "discrimination horary" (discriminación horaria): a time-of-use tariff
    (r"\b(?:discrimination\s+horary|horary\s+discrimination)\b", "discriminación horaria"),
    # "a presential course" (presencial): in person; "512 gigas of disc" (disco): a disk
    (r"\bpresential(?:ly)?\b", "in-person"),
    (r"\bdiscs?\b(?!\s+(?:golf|jockey|brake))", "disk"),
    # "without stops" / "without scales" (sin escalas): a direct flight
    (r"\bwithout\s+(?:any\s+)?(?:stops|scales|stopovers)\b", "sin escalas"),
    # "tariff of light" (tarifa de luz): electricity, said after a tariff's or a bill's noun
    (r"\b(?P<n>tariffs?|rates?|bills?|invoices?|suppliers?|compan(?:y|ies)|contracts?|"
     r"offers?|deals?|plans?)\s+(?:of|for)\s+(?:the\s+)?light\b", r"\g<n> of electricity"),
    # "my son has 7 years" (tiene 7 años): an age; "has 5 years of experience" is none
    (r"\b(?:has|have)\s+(?P<n>\d{1,2})\s+years\b(?!\s+(?:of|in|at|as|with|experience)\b)",
     r"is \g<n> years old"),
    # "my daughter of 5 years" (mi hija de 5 años): aged 5
    (r"\b(?P<p>" + PERSON + r")\s+of\s+(?P<n>\d{1,2})\s+years\b(?!\s+(?:of|as)\b)",
     r"\g<p> aged \g<n>"),
    # "a concerted school" (concertado): state-funded, privately run
    (r"\bconcerted\b(?!\s+(?:efforts?|actions?|campaigns?))", "concertado"),
    # "assist to a congress" (asistir a): attend
    (r"\bassist(?P<s>s|ed|ing)?\s+(?:to|at)\b", r"attend\g<s>"),
    # "books of Isabel Allende" (libros de): books by her
    (r"\b(?P<b>books?|novels?|poems|stories|essays)\s+of\s+" + _NAME, r"\g<b> by "),
    # "the next course" (el próximo curso): the next academic year, unless a course's
    # subject follows ("the next course on Python")
    (r"\b(?:for|during|in)\s+the\s+next\s+(?:school\s+)?course\b"
     r"(?!\s+(?:on|of|about|in|at|de|for|with)\b)", "for next academic year"),
    # "good critics", "good opinions" (buenas críticas, buenas opiniones): good reviews;
    # "a valoration of 8" (valoración): a rating
    (r"\b(?P<a>good|great|excellent|very\s+good|bad|positive)\s+(?:critics|opinions|critiques)\b",
     r"\g<a> reviews"),
    (r"\bvalorations\b", "ratings"),
    (r"\bvaloration\b", "rating"),
    # "with own bath" (con baño propio): en-suite
    (r"\b(?:its\s+|their\s+|his\s+|her\s+|my\s+|an?\s+)?own\s+bath(?:room)?s?\b",
     "private bathroom"),
    # "work of data analyst" (trabajo de): a job as one
    (r"\b(?:a\s+)?work\s+(?:of|as)\s+(?=[a-z])", "a job as "),
    # "near of the university" (cerca de): near it
    (r"\bnear\s+of\b", "near"),
    (r"\bclose\s+of\b", "close to"),
    # "the course 2027-2028", "the next academic course" (el curso 2027-2028, el próximo
    # curso académico): the academic year
    (r"\b(?:academic\s+|school\s+)?course\s+(?=(?:19|20)\d{2}\s*[-/–]\s*(?:(?:19|20)?\d{2})\b)",
     "academic year "),
    (r"\b(?:academic|school)\s+course\b", "academic year"),
    # "at the 6 of the morning" (a las 6 de la mañana): 6am
    (r"\bat\s+the\s+(?P<h>\d{1,2}(?:[:.]\d{2})?)\s+(?:of|in)\s+the\s+morning\b", r"at \g<h>am"),
    (r"\bat\s+the\s+(?P<h>\d{1,2}(?:[:.]\d{2})?)\s+(?:of|in)\s+the\s+(?:afternoon|evening|night)\b",
     r"at \g<h>pm"),
    # "a simple room" (habitación simple): a single one
    (r"\bsimple\s+(?P<r>rooms?|bedrooms?)\b", r"single \g<r>"),
])

# Spanish as an English speaker or a machine translation writes it → the native word
_ES = _rules([
    # "buenas revisiones" (good reviews): reseñas, said with a judgement before it; a
    # "revisión" alone is a proofreading
    (r"\b(?P<a>buen[ao]s|muy\s+buen[ao]s|excelentes|grandes|positivas|malas|mejores)\s+"
     r"revisiones\b", r"\g<a> reseñas"),
    # "aplicando para trabajos" (applying for): looking for them
    (r"\baplicando\s+(?:para|a)\b", "buscando"),
    (r"\baplicar\s+(?:para|a)\b", "buscar"),
    # "50 citaciones" (citations): citas
    (r"\bcitaciones\b", "citas"),
    # "libros por Gabriel García Márquez" (books by): written by
    (r"\b(?P<b>libros?|novelas?|poemas|cuentos|ensayos)\s+por\s+" + _NAME,
     r"\g<b> escritos por "),
    # "una habitación sencilla" / "cuarto sencillo" (a single room, as Latin America says it)
    (r"\b(?P<r>habitaci[oó]n|habitaciones|cuartos?)\s+(?:sencill|simpl)[ao]s?\b",
     r"\g<r> individual"),
])


def nativised(text: str, lang: str) -> str:
    """``text`` with the calques of a writer whose language is not ``lang`` written as
    the words the kinds read (see the module's docstring); any other text as it is."""
    for pattern, repl in _EN if lang == "en" else _ES:
        text = pattern.sub(repl, text)
    return text
