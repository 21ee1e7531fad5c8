"""What a date in a listing is labelled as, when it is not when the thing happens.

:mod:`scout.spec.datesaid` reads the dates a text states; this module owns the words that
label one as something else: a deadline, a sale, a publication (:data:`OTHER_LABELS`:
"Deadline for papers: 1 May 2027", "plazo de envío: 15 de enero"), or a day the thing is
closed, booked up or full (:data:`CLOSED_LABELS`: "Closed 7-13 December", "Completo del 1
al 15 de agosto", and "completo" / "full" only where they say the thing's own
availability, never "pensión completa" or "full board"); and where such a word must stand
to label a date (:func:`is_labelled`: among the few words before it in its clause, or right
after it behind a separator).
"""

from __future__ import annotations

import functools
import re

from scout.lazyre import lazy_re
from scout.text import fold_aligned

# Words that label a date as something other than when the thing happens (folded). No
# bare "registration" / "inscripción": "taller con inscripción el 5 de mayo" is the
# workshop's day, while "registration closes 1 May" ("closes") and "inscripción hasta el
# 1 de mayo" (the phrase) are labels.
OTHER_LABELS = (
    # "due" only as a deadline says it: "postponed due to rain, now 5 June" is the day
    "deadline", "deadlines", "due by", "due on", "due date", "is due", "are due",
    "papers due", "abstracts due", "submission", "submissions", "submit", "cfp",
    "call for papers", "call for abstracts", "abstracts", "notification", "camera ready",
    "camera-ready", "early bird", "early-bird", "apply by", "book by", "register by",
    "closes", "closing", "on sale", "published", "posted", "updated",
    "plazo", "plazos", "fecha limite", "fecha tope", "cierre", "cierra", "envio",
    "envios", "convocatoria", "inscripcion hasta", "inscripciones hasta", "a la venta",
    "publicado", "publicada", "actualizado", "actualizada",
)
# Words that say the thing is NOT on at a date (folded): "Closed 7-13 December", "cerrada
# por obras del 1 de septiembre al 30 de junio", "fully booked 1-15 August", "entradas
# agotadas el 5 de junio". Such a date is not one of its dates, and a closure that covers
# every day asked says it is not on then (:func:`scout.spec.datesaid.on_dates`).
CLOSED_LABELS = (
    "closed", "closes for", "shut", "fully booked", "booked up", "booked out", "sold out",
    "no availability",
    "cerrado", "cerrada", "cerrados", "cerradas", "cierra por", "agotado", "agotada",
    "agotados", "agotadas", "sin plazas", "sin disponibilidad",
    # a place taken up ("lista de espera para el curso 2027-28", "waiting list for September
    # 2027"): a nursery, a school or a residence has none to offer then
    "lista de espera", "waiting list", "waitlist", "no quedan plazas", "plazas cubiertas",
    "no vacancies", "no places", "sin vacantes",
)
# "Completo" (full: no place left) and English "full" label a closure only where they say
# the thing's own availability: predicated ("está completo", "al completo", "we are full"),
# of its capacity ("aforo completo", "plazas completas"), or standing as a label of their
# own, at the clause's start or behind a mark ("Completo del 1 al 15 de agosto", "1-15
# agosto (completo)", "Agosto: full"); and only before what can follow such a label (a
# date, a mark, the clause's end), never before a noun. Elsewhere they qualify another
# noun: "pensión completa", "jornada completa", "a tiempo completo", "baño completo",
# "full board", "full-time", "full of charm" say nothing of a date.
_AT_LABEL = (r"\x02", r"[:(\-–—] ", r"[:(\-–—]")
_FULL_AFTER = (r"(?=$|\s*[.,;:!?()\d]|\s+[-–—]\s|\s+(?:del?|el|los|las|en|para|durante|hasta|"
               r"desde|entre|todo|toda|todos|todas|este|esta|from|on|for|in|until|till|"
               r"between|during|throughout|this|next|all)\b)")


def _said_after(before: tuple[str, ...], words: tuple[str, ...], word: str) -> str:
    """``word`` right after a label's place (:data:`_AT_LABEL`) or one of ``words``, and
    before what may follow a label (:data:`_FULL_AFTER`)."""
    behind = "|".join([*(f"(?<={b})" for b in before), *(rf"(?<=\b{w} )" for w in words)])
    return f"(?:{behind}){word}{_FULL_AFTER}"


_FULL = "|".join([
    _said_after(_AT_LABEL, ("al", "ya", "esta", "estan", "estamos", "estara", "estaran",
                            "estaba", "estaban", "estuvo", "queda", "quedan", "quedo",
                            "encuentra", "aforo", "cupo", "cupos", "plazas", "ocupacion",
                            "todo", "todos"), r"complet[oa]s?"),
    _said_after(_AT_LABEL, ("is", "are", "was", "were", "re", "now", "already", "capacity"),
                "full")])

# A label stands among the words just before the date, in the same clause ("Paper
# submission deadline: 10 December", "Plazo de envío de artículos: 15 de enero"), or
# right after it behind a separator ("1 May 2027 (deadline)", "15 de enero: plazo").
_CLAUSE_END = lazy_re(r"[.,;!?()\[\]]")
_LABEL_WORDS = 5
_WINDOW = 160  # characters looked at on each side: five words and their punctuation
_AFTER = lazy_re(r"\s*[:(\-–—]\s*")


@functools.lru_cache(maxsize=64)
def label_re(words: tuple[str, ...], full: bool = False) -> re.Pattern[str]:
    """``words`` as one pattern; ``full``: "completo" / "full" where they say the thing
    is full (:data:`_FULL`) too."""
    # cached: rank calls on_dates for every candidate with the same words
    alt = "|".join(sorted({re.escape(fold_aligned(str(w)).strip()) for w in words if str(w).strip()},
                          key=len, reverse=True))
    return re.compile(r"(?<!\w)(?:" + alt + (r"|" + _FULL if full else "") + r")(?!\w)")


def is_labelled(folded: str, start: int, end: int, label: re.Pattern[str]) -> bool:
    """Whether the date at ``folded[start:end]`` carries one of ``label``'s words."""
    # the date's own words too: "inscripción hasta el 1 de mayo" reads "hasta" as its own
    # a window of characters, not the text so far: a page stating a thousand dates must
    # not split its whole beginning once per date
    parts = _CLAUSE_END.split(folded[max(0, start - _WINDOW):start])
    clause = parts[-1].split()
    # "\x02" marks the clause's start when it is among those words: a label standing
    # alone there ("Completo del 1 al 15 de agosto") is read as one
    opens = "\x02" if len(clause) <= _LABEL_WORDS and (len(parts) > 1 or start <= _WINDOW) \
        else ""
    if label.search(opens + " ".join([*clause[-_LABEL_WORDS:], folded[start:end]])):
        return True
    # after it, only a label of its own: "(deadline)", not "(submissions due 20 March)",
    # which labels the date that follows
    after = _AFTER.match(folded, end)
    hit = label.match(folded, after.end()) if after else None
    rest = folded[hit.end():hit.end() + _WINDOW] if hit else ""
    return bool(hit and not re.search(r"\d", _CLAUSE_END.split(rest)[0]))
