"""What a forwarded message wraps around a request, taken out before any reader runs.

People and agents rarely send the request alone: an e-mail brings its header ("Sent:
Monday, 11 January 2027", "Enviado el 3 de diciembre de 2026"), a greeting ("Hi team,",
"Hola Ana,", "Buenas tardes:"), a sign-off and a signature with a phone number ("Best,
Laura +52 55 1234 5678", "Un saludo, Secretaría ... Tel. 986 812 000"), a quoted thread
("> can you look for ..."), a link, and an order or booking reference ("Ref. pedido
20394", "Booking ref ABX-77120"). Read as prose these were values: the message's own
date the stay, "team" / "Ref" / "Forwarded message" the dish or topic, "Booking" the
city, a reference the drop-off place. :func:`unwrapped` keeps the request's words and
drops the rest; the times of day a booking states ("a las 21h", "9am", "at noon", "a
mediodía", "14:00") are no input's value either, and :func:`untimed` drops them, so "el 3
de marzo a las 9" is a day and "al mediodía" no dish.

A quoted thread's text is kept (its request counts, as the reply's does), only the "> "
marks go. An e-mail address is kept: a kind may read one (notify_email).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from scout.spec import saferegex
from scout.task.asides import unasided
from scout.text import AT_NOON

_I = re.IGNORECASE | re.MULTILINE

# An e-mail header's lines; "Date:" / "Fecha:" / "Subject:" are an agent's fields as often
# ("Date: 2027-02-14"), so they go only in a header that has a sender or a sent line too.
_HEADER = re.compile(r"^[ \t>]*(?P<key>sent|enviado|from|de|to|para|cc|date|fecha|subject|"
                     r"asunto)[ \t]*:[ \t]*(?P<value>.*)$", _I)
# ("From: Madrid / To: Valencia" are a trip's fields: a sender is one with an address)
_SENDER_KEYS = {"from", "de"}
# "Enviado el 3 de diciembre", "Sent on Monday ...", "Sent from my iPhone", "Enviado desde
# mi móvil", and the markers of a forwarded or replied message
_SENT_LINE = re.compile(
    r"^[ \t>]*(?:enviado (?:el|desde)|sent (?:on|from)|el .{3,120} escribi[oó]|on .{3,120} wrote)"
    r"\b.*$|\(?\b(?:sent from my|enviado desde mi) [\w ]{2,20}\)?|"
    r"^[ \t>]*-*[ \t]*(?:forwarded message|mensaje reenviado|original message|mensaje original|"
    r"begin forwarded message|fwd?|rv)[ \t]*-*:?[ \t]*$", _I)
# a greeting that opens the message, with the name or group it greets
_GREETING = re.compile(
    r"\A\s*[¡¿]?(?i:hi|hello|hey|dear|good (?:morning|afternoon|evening)|hola|buenas(?: tardes| noches)?|"
    # ("qué tal", "qué onda", "quihubo": Spain's and Mexico's how-are-you, no dish)
    r"buenos d[ií]as|buen d[ií]a|estimad[oa]s?|querid[oa]s?|qu[eé] (?:tal|onda|hubo|pasa)|quihubo)"
    r"(?:[ \t]+(?:(?i:team|all|everyone|equipo|a todos|todos)|[A-ZÁÉÍÓÚÑ][\w.]*)){0,3}"
    # ("Good morning." and "Buen día." close with a full stop as a sentence does)
    r"[ \t]*(?:[,:!?]+|\.(?=\s)|\n)\s*")
# a message that is only greetings ("good morning", "Hi, hello!", "hola, buenos días"),
# no name after them: it asks nothing. One class after each greeting, never two
# quantifiers over the same spaces ("[ \t]*[,:!.]*\s*" tried every split: 2^n for n
# greetings and a word)
_ONLY_GREETINGS = re.compile(
    r"\s*(?:(?i:hi|hello|hey|good (?:morning|afternoon|evening)|hola|buenas(?: tardes| noches)?|"
    r"buenos d[ií]as|buen d[ií]a)[\s,:!.]*)+")
# the wish a message opens with after its greeting, a whole sentence with no figure in it:
# "Hope your weekend is going well.", "I hope you're well!", "Espero que estés bien."
_PLEASANTRY = re.compile(
    r"\A\s*(?i:(?:i\s+)?hope\s+(?:you|your|all|this|everyone|the)\b|espero\s+que\s+"
    r"(?:est[eé]s|est[eé]n|este|te|se|les|os|todo|tengas|tengan|hayas)\b)[^.!?\d\n]*[.!?]+\s*")
# the words that announce the ask, closed by a colon, after the greeting and the wish:
# "Quick one from me:", "Quick question:", "Una consulta rápida:", "Un favor:" (a noun of
# asking, its size, who it is from or for; no field's label: "Destino: Madrid" stays)
_LEAD_IN = re.compile(
    r"\A\s*(?i:(?:a|an|one|my|una?|mi)[ \t]+)?(?i:(?:quick|small|little|short|tiny)[ \t]+)?"
    r"(?i:one|question|favou?r|request|ask|thing|consulta|pregunta|duda|favor|petici[oó]n|encargo)"
    r"(?i:[ \t]+(?:r[aá]pida|rapidita|breve|peque[nñ]a|cortita))?"
    r"(?i:[ \t]+(?:from|for|de|para)[ \t]+(?:me|you|mi|ti|usted|vos|my[ \t]+side|mi[ \t]+parte))?"
    r"[ \t]*:\s+")
# a reply's opening assent and the "but" after it ("Sure, but make it 2-5 August", "Sí,
# pero que sea en español", "Vale! ..."): read alone, as a reply's own words are
# (scout.task.cited), "Sure" and "Pero" were a place; never a word the request goes on
# with ("Fine dining in Madrid", "Great Barrier Reef tour": no mark after it)
_ASSENT = re.compile(
    r"\A\s*[¡]?(?i:sure|yes|yeah|yep|ok|okay|vale|s[ií]|claro|perfecto|perfect|de acuerdo|genial|"
    r"great|fine|sounds good|got it|entendido)(?:[ \t]+(?i:please|por favor))?"
    r"(?:[ \t]*[,!.:]+[ \t]*(?i:(?:but|pero|aunque|though|only|solo|s[oó]lo)\b[ \t]*,?)?|"
    r"[ \t]+(?i:but|pero)\b[ \t]*,?)\s*")
# a sign-off, and the signature after it when every line left is short
_SIGN_OFF = re.compile(
    r"(?:^|(?<=[.!?]) |(?<=\n))[ \t]*(?:best(?: regards| wishes)?|kind regards|regards|cheers|"
    r"thanks(?: a lot| so much)?|thank you|many thanks|un saludo|saludos(?: cordiales)?|"
    r"un abrazo|abrazos|un beso|besos|besitos|atentamente|gracias|muchas gracias|mil gracias)"
    r"[ \t]*(?:[,!.]|\n|$)", _I)
_SIGNATURE_WORDS = 8
# a phone number with its label, or one written with a country code
_PHONE = re.compile(
    r"\b(?:tel[eé]fono|tel|tlf|tfno|m[oó]vil|mobile|phone|cel(?:ular)?|whatsapp)\.?[ \t]*:?[ \t]*"
    r"\+?\d[\d \t().-]{6,}\d|(?<![\w+])\+\d{1,3}[ \t]?\(?\d[\d \t().-]{6,}\d", re.IGNORECASE)
_URL = re.compile(r"\b(?:https?://|www\.)\S+", re.IGNORECASE)
# an order, booking or ticket reference: a label and a code holding a digit
_REFERENCE = re.compile(
    r"(?:\b(?:order|booking|reservation|confirmation|invoice|ticket|pedido|reserva|factura|"
    r"localizador|expediente)[ \t]+)?"
    r"(?:\bref(?:erence|erencia)?\.?|\bn[º°]\.?|\bno\.|\bnumber|\bn[uú]mero|\bcode|\bc[oó]digo|#)"
    r"[ \t]*[:.]?[ \t]*"
    r"(?:(?:de[ \t]+)?(?:order|booking|pedido|reserva)[ \t]+)?#?[ \t]*"
    r"(?=[A-Z0-9/-]*\d)[A-Z0-9](?:[A-Z0-9-]|/(?=[A-Z0-9])){2,}\b[.:]?"
    # (a year is no reference: "reserva 2027")
    r"|\b(?:order|booking|pedido|reserva|localizador)[ \t]+#?(?=[A-Z0-9-]*\d)(?![12]\d{3}\b)"
    r"[A-Z0-9-]{4,}\b[.:]?",
    re.IGNORECASE)
_QUOTE_MARK = re.compile(r"^[ \t]*(?:>[ \t]?)+", re.MULTILINE)


def unwrapped(text: str) -> str:
    """``text`` without an e-mail's header, greeting, sign-off and signature, quote marks,
    links, phone numbers and order references; a bare request comes back unchanged."""
    lines = list(_HEADER.finditer(text))
    if len(lines) >= 2 and any(_sent_header(m) for m in lines):
        # the subject line says what the message is about: its words stay, the key goes
        text = _HEADER.sub(lambda m: m.group("value") + "."
                           if m.group("key").lower() in ("subject", "asunto") else "", text)
    text = _SENT_LINE.sub("", text)
    text = _URL.sub("", text)
    text = _PHONE.sub("", text)
    text = unasided(text)  # addresses, postcodes, codes, a past bill, "Te reenvío ...:"
    text = _REFERENCE.sub("", text)
    text = _QUOTE_MARK.sub("", text)
    text = _signed_off(text)
    if _ONLY_GREETINGS.fullmatch(text):
        return ""  # "good morning", "hola, buenos días": no request (read, "Buenos" a place)
    for opener in (_GREETING, _GREETING, _ASSENT, _PLEASANTRY, _LEAD_IN):  # "Hola, buenas tardes. Espero ..."
        found = opener.match(text)
        if found and found.end() < len(text):
            text = text[found.end():]
    return text.strip()


def _sent_header(m: re.Match[str]) -> bool:
    """A line only an e-mail's header has: when it was sent, or a sender's address."""
    key = m.group("key").lower()
    return key in ("sent", "enviado") or (key in _SENDER_KEYS and "@" in m.group("value"))


def _signed_off(text: str) -> str:
    """``text`` cut at its last sign-off when only short lines (a name, a title) follow."""
    for m in reversed(list(_SIGN_OFF.finditer(text))):
        if m.start() == 0 or not text[:m.start()].strip():
            continue  # "Gracias, necesito ...": the message opens with thanks, not a sign-off
        rest = text[m.end():]
        # (a number after thanks is a postscript's constraint: "PD: máximo 100 €" is kept,
        # and so is more request on the sign-off's own line: "Thanks! Also with a lift";
        # a name there is the signature: "Cheers, Tom", "Un saludo, Marta López")
        lines = rest.split("\n")
        if not re.search(r"\d", rest) and len(lines[0].split()) <= 3 \
                and all(len(line.split()) <= _SIGNATURE_WORDS for line in lines):
            return text[:m.start()].rstrip()
        break
    return text


# a time of day: "a las 9", "a las 21h", "a las 10:30", "9am", "at 9 pm", "14:00", "21h",
# "a mediodía", "at noon"; a clock time is no input's value
_TIME = re.compile(
    # Spanish "a las N" is always a clock time; English "at N" only with am / pm / :MM
    # ("rated at 9" is a rating), and a bare "21h" may be a course's hours ("curso de 20 h")
    # ("antes de las 9", "después de las 18h", "a partir de las 20h": a bound on the hour)
    r"\b(?:a|sobre|hacia|hasta|(?:antes|despu[eé]s|a[ \t]+partir)[ \t]+de)[ \t]+las[ \t]+"
    r"\d{1,2}(?:[:.h]\d{2})?[ \t]*"
    r"(?:h\b|hs\b|hrs\b|am\b|pm\b|a\.m\.|p\.m\.)?"
    r"(?:[ \t]+de[ \t]+la[ \t]+(?:mañana|manana|tarde|noche))?"
    r"|\b(?:at|around|by)[ \t]+\d{1,2}(?::\d{2})?[ \t]?(?:am\b|pm\b|a\.m\.|p\.m\.|o'clock\b)"
    r"|\b(?:at|by)[ \t]+(?:[01]?\d|2[0-3]):[0-5]\d\b"
    # an English bound on the hour goes with it, as Spanish "antes de las 18h" does:
    # "before 6pm tomorrow" bounds the hour of tomorrow, never the day ("before
    # tomorrow" would end today)
    r"|(?:\b(?:before|until|till|after|no[ \t]+later[ \t]+than|not[ \t]+later[ \t]+than|"
    r"earlier[ \t]+than|later[ \t]+than)[ \t]+)?"
    # ("£50 pm" is fifty pounds a month: no currency sign before a clock time)
    r"(?:(?<![$€£¥][ \t])(?<![$€£¥])\b\d{1,2}(?::\d{2})?[ \t]?(?:am|pm|a\.m\.|p\.m\.)(?!\w)"
    r"|\b(?:[01]?\d|2[0-3]):[0-5]\d\b(?![.,:]\d))"
    r"|" + AT_NOON.pattern,  # noon as a time of day, as a listing's is read (scout.text)
    re.IGNORECASE)


def untimed(text: str, keep: Iterable[tuple[str, str]] = ()) -> str:
    """``text`` without its times of day ("a las 21h", "9am", "at noon"), but for one
    inside what an author's pattern of ``keep`` matches: a kind that reads a time itself
    ("abierto a las 6:30", "opens by 6am" for a gym's opening hour) sees it as typed.
    ``keep``: (the pattern's place in the kind, the pattern) pairs."""
    kept: list[tuple[int, int]] = []
    for where, pattern in keep:  # (its place in the kind, the pattern): an author's, bounded
        try:
            kept += [m.span() for m in saferegex.finditer(pattern, text, re.IGNORECASE,
                                                          where=where)]
        except re.error:  # the pattern's own reader notes it
            continue

    def drop(m: re.Match[str]) -> str:
        return m.group(0) if any(a <= m.start() and m.end() <= b for a, b in kept) else ""

    return re.sub(r"[ \t]+(?=[,.;]|$)|(?<=[ \t])[ \t]+", "", _TIME.sub(drop, text),
                  flags=re.MULTILINE)
