"""The language a request asks its answer in, said beside the constraints.

A person who writes in one language may ask for the report in the other: "Please answer in
English, es para mi jefe", "reply in Spanish por favor", "el informe en inglés", "Dame 3
opciones en una tabla, en inglés porfa". The report is written in the request's language
(``task.lang``), which is the language the person expects it in (blind19's decision), so
such a wish decides it; the request is still *read* in the language it is written in.

Three shapes are a wish about the answer:

- a verb of answering or sending with nothing but words for the answer between it and the
  language ("answer in English", "write the summary in Spanish", "respóndeme en inglés",
  "mándamelo en inglés", "resume el informe en castellano");
- a word for the answer itself before it ("the report in English", "el resumen en inglés");
- the language alone in its own clause, with at most a "please" ("…, en inglés porfa, es
  para…", "y en inglés please que…", "In English please."), but only for a kind with no
  input that takes a language: for a course, a tour or a photographer "…, en inglés" says
  which one is wanted (the kind's input reads it), as "cursos en inglés" does.

A language said of the thing searched ("que hable inglés", "soporte en español", "charlas en
inglés", "English-speaking") is none of these: it stays the input's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple

from scout.lazyre import lazy_re
from scout.spec.models import InputSpec
from scout.task.lang import Lang, fold

__all__ = ["AnswerLang", "answer_lang", "takes_language"]


class AnswerLang(NamedTuple):
    """The language asked for the answer, and the span of ``text`` that asks it."""

    lang: Lang
    start: int
    end: int


# the languages by their names in either language (folded: "inglés" is "ingles")
_LANG = r"(?P<lang>english|spanish|castilian|ingles|espanol|castellano)"
_IN = r"(?:in|en)"
_PLEASE = r"(?:please|pls|plz|porfa(?:vor)?|por\s+favor|plis|if\s+possible|si\s+puede\s+ser)"
# a verb of answering, writing or sending the answer, in either language (folded, with the
# clitics Spanish joins to it: "mándamelo", "respóndeme", "pásanoslo")
_CLITIC = r"(?:me|nos)?(?:lo|la|los|las)?"
_VERB = (r"(?:answer|reply|respond|write(?:\s+up)?|summari[sz]e|draft|send|give|present|"
         r"explain|put|do|return|"
         rf"respond[ei]{_CLITIC}|contest[ae]{_CLITIC}|escrib[ei]{_CLITIC}|redact[ae]{_CLITIC}|"
         rf"resum[ei]{_CLITIC}|mand[ae]{_CLITIC}|pas[ae]{_CLITIC}|envi[ae]{_CLITIC}|"
         rf"da(?:me|nos){_CLITIC}|haz(?:me|nos)?{_CLITIC}|present[ae]{_CLITIC}|"
         rf"explic[ae]{_CLITIC}|pon(?:me|nos|ga)?{_CLITIC}|"
         r"responder|contestar|escribir|redactar|resumir|mandar|enviar|pasar|explicar)")
# what may stand between the verb and the language: the answer's words, pronouns,
# articles and a "please" ("write the summary in", "send it all back to me in")
_ANSWER_NOUN = (r"(?:summary|summaries|report|answer|answers|reply|replies|results?|list|"
                r"shortlist|table|write-?up|email|e-mail|message|overview|comparison|"
                r"resumen(?:es)?|informe|informes|reporte|respuesta|respuestas|resultados?|"
                r"lista|listado|tabla|comparativa|correo|mail)")
_FILLER = (rf"(?:{_ANSWER_NOUN}|me|us|it|them|this|that|the|your|a|an|all|back|to|short|"
           r"brief|quick|everything|el|la|los|las|un|una|todo|breve|corto|corta|tu|su|"
           rf"{_PLEASE})")
_BY_VERB = lazy_re(rf"(?<![\w-]){_VERB}(?:\s+{_FILLER}){{0,5}}\s+{_IN}\s+{_LANG}(?![\w-])")
_BY_NOUN = lazy_re(rf"(?<![\w-])(?:the|your|el|la|los|las|tu|su)\s+{_ANSWER_NOUN}\s+"
                   rf"{_IN}\s+{_LANG}(?![\w-])")
# the language alone in its clause: after a mark, an "and" / "y", or the start; before a
# mark, the end, or a clause of why ("que se lo reenvío", "es para mi jefe")
_ALONE = lazy_re(rf"(?:^|(?<=[.,;:!?¡¿(\n])|(?<![\w-])(?:and|y|but|pero)(?=\s))\s*"
                 rf"(?P<wish>(?:{_PLEASE}\s*,?\s*)?{_IN}\s+{_LANG}(?:\s*,?\s*{_PLEASE})?)"
                 r"(?=\s*(?:[.,;:!?)\n]|$|(?:que|because|porque|since|as|so|es|it'?s|"
                 r"thanks|gracias)(?![\w-])))")

_NAMES: dict[str, Lang] = {"english": "en", "ingles": "en", "spanish": "es", "castilian": "es",
          "espanol": "es", "castellano": "es"}
_LANGUAGE_WORD = re.compile(r"(?<![a-z])(?:english|spanish|ingles|espanol|castellano|language|idioma)(?![a-z])")


def takes_language(inputs: Mapping[str, InputSpec]) -> bool:
    """Whether one of the kind's inputs takes a language (an enum of languages, an alias
    naming one: "English-speaking", "en inglés", or an input named for it), so a language
    said alone may be the thing's rather than the answer's."""
    for name, spec in inputs.items():
        words = [name, *map(str, spec.aliases), *map(str, spec.enum or [])]
        if any(_LANGUAGE_WORD.search(fold(w)) for w in words):
            return True
    return False


def answer_lang(text: str, inputs: Mapping[str, InputSpec]) -> AnswerLang | None:
    """The language ``text`` asks its answer in, and where it says so; None when it asks
    none (the last wish wins: "in English... no, mejor en español" is Spanish)."""
    folded = fold(text)
    found: list[re.Match[str]] = [*_BY_VERB.finditer(folded), *_BY_NOUN.finditer(folded)]
    if not takes_language(inputs):
        found.extend(_ALONE.finditer(folded))
    if not found:
        return None
    last = max(found, key=lambda m: m.end())
    # an alone clause's own words ("please in English"), not the mark or the "and" before
    start = last.start("wish") if "wish" in last.groupdict() else last.start()
    return AnswerLang(_NAMES[last.group("lang")], start, last.end())
