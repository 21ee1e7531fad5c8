"""What a dictated message or an agent's follow-up adds to a request that is no part of it,
taken out before any reader runs.

A voice message keeps its fillers ("eh, necesito un hotel", "so, like, we want, um,
tapas", "you know"; "o sea" and "I mean" are left: they take back a value said before,
:mod:`scout.task.corrections`) and the calls that open or close a sentence ("chamo, búscame
...", "oye, asere, ...", "..., mate", "¿ya?"); read as words, they were the dish or the
tour's theme ("um", "chamo", "eh"). A filler counts only set apart, between commas or at
a sentence's edge: "I'd like tapas", "eh" inside a name, "este hotel" stay as they are.

An agent relaying a follow-up opens it with the search it refines ("Same again but for
Valencia", "Same as before but in Porto", "igual que la búsqueda anterior pero para 6",
"lo mismo que antes pero para Sevilla"). A lone request cannot know the earlier values:
what it says after the opener is what it gives, and the opener itself is no value ("Same
again" was the dish, "Igual" the place). :func:`unspoken` drops both.

A voice message's opener ("okay so I need", "alright, find me") and Mexico's "ahorita"
(now: no date) are dropped too; read as words, they were the dish.

A dictated e-mail address comes as words ("laura punto gomez arroba gmail punto com",
"john dot smith at gmail dot com"): :func:`unspoken` writes it as it is typed, so the
reader of addresses finds it. Only after a word that hands something to someone ("a",
"to", "email", "correo", a colon) or opening the request (a request that is only an
address: read as words, it was a place) and with a domain that ends in a top-level one: "a
hotel at the beach dot" or "punto de encuentro" stay words.
"""

from __future__ import annotations

import re
from collections.abc import Collection

# fillers and calls (folded forms and the accented ones people type): English, Spain's and
# Latin America's ("o sea", "pues", "oye", "mira"; Venezuela's "chamo" and "pana", Cuba's
# "asere", Chile's "po" and "¿ya?", Peru's "pe"; Australia's "mate")
_FILLERS = (r"u+m+|u+h+|e+r+m+|e+h+m*|m{2,}|h+m+|like|you\s+know|so|pues|oye|"
            r"mira|chamo|chama|pana|asere|mate|po|pe|ya")
# set apart: at the text's or a sentence's start, or after a comma, and before a comma, a
# sentence's end or the text's end
# (a full stop only with a space after it: "ucv.edu.pe" ends in no filler "pe")
_SET_APART = re.compile(r"(?:^|(?<=[,;:!?¿¡\n])|(?<=\.)(?=[ \t]))[ \t]*(?P<filler>(?i:" + _FILLERS
                        + r"))[ \t]*"
                        r"(?:,|(?=[.;:!?\n])|$)", re.MULTILINE)
# a voice message's opener, at its start or a sentence's, before the words it opens ("okay so
# I need", "alright, find me"), and Mexico's "ahorita" (now, soon), which asks for no date:
# read as words, they were the dish ("okay", "ahorita")
_OPENER = re.compile(r"(?:^|(?<=[.;!?\n]))[ \t]*(?i:okay|ok|alright|all\s+right)"
                     r"(?:[ \t]*,|[ \t]+(?i:so)\b)?[ \t]+(?=\w)", re.MULTILINE)
_NOW = re.compile(r"(?i:\b(?:para\s+)?(?:ahorita|orita)(?:\s+mismo)?\b)[ \t]*,?")
# a hesitation dictated with no commas ("rated 4.5 or higher um around forty bucks"): a
# sound no word of either language is, typed in lower case ("UM", "UH" are universities)
_HESITATION = re.compile(r"(?<![\w'’-])(?:u+m+|u+h+|e+r+m+|h+m+)(?![\w'’-])[ \t]*")
# "¿ya?", "¿eh?", "you know?": a tag question that asks nothing
_TAG = re.compile(r"[ \t]*¿[ \t]*(?i:ya|eh|vale|sí|si|ok)[ \t]*\?")

# the earlier search a follow-up refines, at the message's or a sentence's start, up to
# "but" / "pero" where it says what changes
_EARLIER = (r"(?:the\s+)?same(?:\s+(?:again|thing|search|one|as\s+(?:before|last\s+time|"
            r"yesterday|the\s+(?:last|previous)\s+(?:one|search))))?|"
            r"lo\s+mismo(?:\s+que\s+(?:antes|ayer|la\s+(?:vez\s+)?(?:anterior|otra\s+vez)))?|"
            r"(?:igual|lo\s+mismo)\s+que\s+(?:antes|ayer|(?:el|la)\s+(?:\w+\s+)?(?:anterior|de\s+antes|"
            r"de\s+ayer))|la\s+misma\s+b[uú]squeda")
_FOLLOW_UP = re.compile(r"(?:^|(?<=[.;!?\n]))[ \t]*(?i:" + _EARLIER + r")(?![\w-])[ \t]*,?[ \t]*"
                        r"(?i:(?:but|pero|and|y)[ \t]+)?", re.MULTILINE)


# the parts of a dictated address; the domain must end in a top-level domain people say
_DOT = r"\s+(?i:punto|dot)\s+"
_TLD = (r"(?i:com|org|net|edu|gov|info|io|es|mx|ar|cl|co|pe|uy|ec|ve|bo|py|br|uk|us|ca|de|"
        r"fr|it|pt|eu|cat|gal|ch|nl|be|ie|au)")
_SPOKEN_EMAIL = re.compile(
    r"(?P<cue>(?:^|(?<=[\s:]))(?i:a|al|to|email|e-mail|mail|correo|at|para|envialo\s+a|"
    r"send\s+it\s+to)\s+|:\s*|\A\s*)"
    r"(?P<user>[^\W\d_][\w-]*(?:" + _DOT + r"[\w-]+)*)\s+(?i:arroba|at)\s+"
    r"(?P<host>[^\W_][\w-]*(?:" + _DOT + r"[\w-]+)*" + _DOT + _TLD + r")(?![\w-])")


def _typed_email(m: re.Match[str]) -> str:
    def dots(part: str) -> str:
        return re.sub(_DOT, ".", part).lower()
    return f"{m.group('cue')}{dots(m.group('user'))}@{dots(m.group('host'))}"


def unspoken(text: str, kept: Collection[str] = ()) -> str:
    """``text`` without its fillers and tag questions set apart, and without the opener
    of a follow-up; a request with none comes back unchanged. ``kept``: the kind's own
    words, lower case (its aliases, enum words and synonyms): one is no filler even set
    apart ("folletos A4, 135 gr, mate" for a finish whose Spanish is "mate")."""

    def dropped(m: re.Match[str]) -> str:
        return m.group(0) if m.group("filler").lower() in kept else " "

    out = _SPOKEN_EMAIL.sub(_typed_email, text)
    out = _FOLLOW_UP.sub(" ", _TAG.sub("", _NOW.sub(" ", _OPENER.sub(" ", _HESITATION.sub("", out)))))
    prev = None
    while prev != out:  # "so, like, we want": one filler after another
        prev, out = out, _SET_APART.sub(dropped, out)
    return re.sub(r"[ \t]{2,}", " ", out).strip() if out != text else text
