"""Which language a chat model's answer is written in, against the request's: the note
said when it is the other of scout's languages or a third one, the refusal of an answer
in neither English nor Spanish, the language an adapter asks again in, and the answer's
headings written in the request's language (:func:`heading_language`).

Split from :mod:`scout.adapters.chat` (the request and the response's reading) so each
module owns one thing; used by every Chat Completions adapter (openai, perplexity).
"""

from __future__ import annotations

import re

from scout.adapters.answer import ParsedAnswer
from scout.adapters.search_http import short
from scout.text import fold
from scout.errors import ParseError
from scout.i18n import N_
from scout.i18n import translations
from scout.task.lang import LANGS, MIN_PROSE_WORDS, PROSE_SHARE, prose_lang, \
    prose_words

#: paragraphs this long (lower-case words) in neither English nor Spanish are noted
FOREIGN_MIN_WORDS = 30
#: the share of English and Spanish function words under which prose is in neither:
#: English or Spanish answers hold over a third, German, French or Italian ones a tenth
FOREIGN_SHARE = 0.2


def refuse_third_language(parsed: ParsedAnswer, lang: str, name: str, status: int) -> None:
    """ParseError when the answer's prose is in neither English nor Spanish (German,
    French...; judged as :func:`language_note` judges it), so the chain's next link (the
    local synthesis, written in the request's language from the same evidence) answers.
    The lab reads both of scout's languages, so an answer in the other one is kept with a
    note; one in a third may not be read at all, and the checks that read an answer's
    words (the left-out and invented names it recommends, its superlatives) know only
    English and Spanish."""
    if lang not in LANGS or prose_lang(" ".join(s.text for s in parsed.sentences)):
        return
    en, es, words = prose_words(" ".join(s.text for b in parsed.blocks
                                         if b.kind == "paragraph" for s in b.items))
    if words >= FOREIGN_MIN_WORDS and en + es < FOREIGN_SHARE * words:
        raise ParseError(N_("{adapter}: the answer is written in neither English nor "
                            "Spanish: it is not used").format(adapter=name),
                         adapter=name, status=status)


def other_language(parsed: ParsedAnswer, lang: str) -> str | None:
    """The other of scout's languages when the answer's prose is clearly written in it
    rather than in ``lang`` (the request's; judged as :func:`language_note` judges it),
    else None."""
    if lang not in LANGS:
        return None
    written = prose_lang(" ".join(s.text for s in parsed.sentences))
    return written if written is not None and written != lang else None


def language_note(parsed: ParsedAnswer, lang: str) -> str | None:
    """A note when the answer's prose is clearly in another language than ``lang`` (the
    request's): models often ignore the instruction to answer in it. The other of scout's
    languages is named; a third one (German, French...) is said by what it is not: its
    paragraphs hold :data:`FOREIGN_MIN_WORDS` lower-case words or more, and English and
    Spanish function words make less than :data:`FOREIGN_SHARE` of them (a list's terse
    items are not judged). Short answers, quotes and names are not judged
    (:func:`scout.task.lang.prose_lang`); tables and headings are not prose. The adapters
    ask once more for an answer in the other language (scout.adapters.chat_resend), so
    this note shows where :meth:`parse` is used alone."""
    if lang not in LANGS:
        return None
    written = prose_lang(" ".join(s.text for s in parsed.sentences))
    _ = translations(lang).gettext
    names = {"en": _("English"), "es": _("Spanish")}
    if written is None:
        en, es, words = prose_words(" ".join(s.text for b in parsed.blocks
                                             if b.kind == "paragraph" for s in b.items))
        if words >= FOREIGN_MIN_WORDS and en + es < FOREIGN_SHARE * words:
            return _("the answer is not written in {asked}, the language of the request: "
                     "the model did not follow the instruction to answer in it").format(
                         asked=names[lang])
        other = "es" if lang == "en" else "en"
        if _words_in(parsed, other) < MIN_PROSE_WORDS:
            return None
        return _("part of the answer is written in {written}, not in {asked}, the language "
                 "of the request: the model did not follow the instruction to answer in "
                 "it").format(written=names[other], asked=names[lang])
    if written == lang:
        return None
    return _("the answer is written in {written}, not in {asked}, the language of the "
             "request: the model did not follow the instruction to answer in it").format(
                 written=names[written], asked=names[lang])


def _words_in(parsed: ParsedAnswer, lang: str) -> int:
    """How many function words of ``lang`` the answer's sentences clearly written in it
    hold (a mixed answer: one paragraph in Spanish, the next in English; each sentence is
    judged alone, as :func:`scout.task.lang.prose_lang` judges a text)."""
    total = 0
    for sentence in parsed.sentences:
        en, es, _ = prose_words(sentence.text)
        said = en if lang == "en" else es
        if said >= 3 and said >= PROSE_SHARE * (en + es):
            total += said
    return total


#: headings models give an answer's parts, (English, Spanish): one in the other language
#: than the request's is written in the request's ("## Summary" over a Spanish answer
#: reads "Resumen"), as the report's own headings are
_HEADINGS = (
    ("summary", "resumen"), ("overview", "visión general"), ("recommendation", "recomendación"),
    ("recommendations", "recomendaciones"), ("final recommendation", "recomendación final"),
    ("comparison", "comparación"), ("conclusion", "conclusión"),
    ("conclusions", "conclusiones"), ("options", "opciones"), ("top picks", "mejores opciones"),
    ("pros and cons", "ventajas e inconvenientes"), ("pros", "ventajas"),
    ("cons", "inconvenientes"), ("details", "detalles"), ("key findings", "hallazgos clave"),
    ("prices", "precios"), ("price", "precio"), ("location", "ubicación"),
    ("reviews", "opiniones"), ("verdict", "veredicto"), ("notes", "notas"),
    ("caveats", "advertencias"), ("best value", "mejor relación calidad-precio"),
    ("analysis", "análisis"), ("results", "resultados"), ("highlights", "puntos destacados"),
    ("considerations", "consideraciones"), ("alternatives", "alternativas"),
    ("next steps", "próximos pasos"), ("bottom line", "en pocas palabras"),
)
#: what a heading is said as in each language, by its folded words in the other
_HEADING_IN = {"es": {fold(en): es for en, es in _HEADINGS},
               "en": {fold(es): en for en, es in reversed(_HEADINGS)}}
#: a heading's numbering and emphasis, kept around its words: "1. ", "**", a closing ":"
_HEADING_PARTS = re.compile(r"^(?P<lead>[\W\d_]*?)(?P<words>[^\W\d_][\w\s'-]*?)(?P<tail>[\W_]*)$")


def heading_language(parsed: ParsedAnswer, lang: str) -> str | None:
    """Write the answer's headings that models give in the other language ("Summary",
    "Recommendation", :data:`_HEADINGS`) in ``lang``, the request's; a note (in
    ``lang``) naming the headings left in the other one (two of its function words and
    none of ``lang``'s: "Where to stay in the old town"), else None. A heading is no prose,
    so :func:`language_note` never judged one, and an English "## Summary" stood over a
    Spanish answer unsaid."""
    if lang not in LANGS:
        return None
    other = "es" if lang == "en" else "en"
    left: list[str] = []
    for block in parsed.blocks:
        if block.kind != "heading" or not block.text.strip():
            continue
        # the glossary's headings are a few words: a long one is looked up by its words
        m = _HEADING_PARTS.match(block.text.strip()) if len(block.text) <= 80 else None
        said = _HEADING_IN[lang].get(fold(m.group("words")).lower().strip()) if m else None
        if m is not None and said is not None:
            block.text = m.group("lead") + said[:1].upper() + said[1:] + m.group("tail")
            continue
        en, es, _ = prose_words(block.text.lower())
        if (en, es)[other == "es"] >= 2 and (en, es)[lang == "es"] == 0:
            left.append(block.text.strip())
    if not left:
        return None
    _ = translations(lang).gettext
    names = {"en": _("English"), "es": _("Spanish")}
    return _("headings of the answer are written in {written}, not in {asked}: "
             "{headings}").format(written=names[other], asked=names[lang],
                                  headings="; ".join(short(h) for h in left[:3]))
