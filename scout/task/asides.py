"""What a message says beside its ask, taken out with the rest of its wrapping.

A request pasted from a real message carries figures and names that ask nothing: where
the sender lives ("vivo en C/ Real 8, 29600 Marbella", "Depto en Av. Apoquindo 4500", "We're
at 333 N Michigan Ave"), a postcode ("CP 06700", "BS8 1TH"), a file's, a quote's or a
project's code ("Q-2027-0413", "PID2023-146882OB-I00", "2028-LIS-554"), what a past bill
came to ("factura de 138,20 €", "Last service invoice: £245.00"), and the line that says a
message is forwarded ("Te reenvío el mail del grupo:", "Forwarded by my colleague:").
Read as prose they were values: a street the place ("Real", "Av. Apoquindo"), a code the
city, an old invoice a price cap, "Forwarded" an origin. :func:`unasided` drops them;
:func:`scout.task.noise.unwrapped` calls it beside the header, signature and reference
rules.

Each rule needs the shape that makes it an aside, never a word alone: a street's type
AND a house number ("Calle Mayor" alone may be where a flat is asked for), a code's
capital letter AND its hyphen AND six digits ("COVID-19", "RTX-4090" stay), a bill's noun
said to be past or aside ("last", "anterior", in brackets) AND its amount with no cap
between them ("factura, máx 300 €", "invoice under £500" and "recover an unpaid invoice of
£15,000" stay), a forwarding verb AND a colon with no name in between ("reenvío lo de Roma:"
keeps Roma).
"""

from __future__ import annotations

import re

_UPPER = "A-ZÁÉÍÓÚÑÜÇ"
_NAME = rf"[{_UPPER}][\w'’.]*"
_LINK = r"(?:de|del|la|las|los|el|da|do|dos|das|di|della|of|the)"
# "C/ Mayor 45, 3º B", "Av. de la Constitución 21, 4ºA", "Calle Alcalá 212", "Via
# Nazionale 194", "Rua da Saudade 17", "Irarrázaval 3050 depto 1204" needs its type
_STREET_ES = re.compile(
    r"(?<![\w/])(?:[Cc]/|[Cc]alle|[Aa]vda\.?|[Aa]v\.|[Aa]venida|[Pp]aseo|P[º°]|[Pp]laza|[Pp]za\.|"
    r"Via|[Rr]ua|[Rr]úa|[Jj]ir[oó]n|[Pp]asaje|[Tt]ravesía)"
    rf"[ \t]+(?:{_LINK}[ \t]+)*{_NAME}(?:[ \t]+(?:{_LINK}[ \t]+)*{_NAME}){{0,3}},?[ \t]+"
    r"(?:n[º°.]?[ \t]*)?\d{1,5}[A-Za-z]?\b"
    # the floor and door after it: ", 3º B", ", 4ºA", " depto 1204", ", piso 2"
    r"(?:,?[ \t]*(?:\d{1,2}[º°ª][ \t]?[A-Za-z]?\b|(?:depto|dpto|piso|apto|apt|puerta|local)\.?"
    r"[ \t]*\d+[A-Za-z]?\b))?"
    # and then where an address goes on or ends, never a count ("la Plaza Mayor 3 noches")
    rf"(?=[ \t]*(?:$|[,.;:)\n-]|\d{{5}}\b|[{_UPPER}]))", re.MULTILINE)
# "221 Oxford Road", "333 N Michigan Ave", "4321 Blackcomb Way", "12 Main St"
_STREET_EN = re.compile(
    rf"(?<![\w/.,])\d{{1,5}}[A-Za-z]?[ \t]+(?:[NSEW]\.?[ \t]+)?{_NAME}(?:[ \t]+{_NAME}){{0,3}}[ \t]+"
    # (not "Drive", "Walk", "Court": "a 2 Hour Drive", "10 Mile Walk", "2 Padel Court")
    r"(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Way|Boulevard|Blvd|Terrace|Crescent)\b\.?")
# "CP 06700", "C.P. 44160", "código postal 28013", and a British postcode "BS8 1TH"
_POSTCODE = re.compile(
    r"\b(?:C\.?P\.?|c[oó]digo postal|postcode|zip(?: code)?)[ \t]*:?[ \t]*\d{4,5}\b"
    r"|(?<![\w-])(?-i:[A-Z]{1,2}\d[A-Z\d]?[ \t]\d[A-Z]{2})(?![\w-])", re.IGNORECASE)
# a code with a capital, a hyphen and six digits or more: a file's, a quote's, a grant's
_CODE = re.compile(r"(?<![\w/-])[A-Z0-9]+(?:-[A-Z0-9]+)+(?![\w/-])")
_CODE_DIGITS = 6
# what a past bill came to: its noun, at most a few words with no cap, then the amount
_CAP = re.compile(r"\b(?:m[aá]x|m[aá]ximo|hasta|menos|under|below|less|up to|no m[aá]s|"
                  r"budget|presupuesto|tope|limit|l[ií]mite|cap)\b", re.IGNORECASE)
# (only a bill said to be past or aside: after "(" or "last" / "previous" / "última", or
# with "anterior" after it; "recover an unpaid invoice of £15,000" is the ask)
_BILL = re.compile(
    r"(?:(?P<open>\()[ \t]*(?:\w+[ \t]+)?|\b(?P<past>last|previous|old|[úu]ltima|mi|my|our)"
    r"[ \t]+(?:\w+[ \t]+)?)?"
    r"\b(?:factura|invoice|recibo|receipt)s?\b(?P<after>[ \t]+(?:anterior|pasada|previa))?"
    r"(?P<mid>[^\n.;,()]{0,40}?)[ \t:]*"
    r"(?:[€$£][ \t]?\d[\d.,]*\d?|\d[\d.,]*[ \t]?(?:€|\$|£|eur\b|euros\b|usd\b|gbp\b|pesos\b|mxn\b))"
    r"(?:/[a-z]{1,5}\b)?", re.IGNORECASE)
# "Te reenvío el mail del grupo:", "Forwarded by my colleague:", "os paso lo que me pidió"
_FORWARD = re.compile(
    r"(?:(?<=\A)|(?<=\n)|(?<=[,!?.:¡¿][ \t]))[ \t]*(?:(?:te|os|les|le)[ \t]+)?"
    r"(?:reenv[ií]o|reenviamos|paso|pasamos|forwarding|forwarded|i'?m forwarding|fyi)\b"
    r"(?P<rest>[^:\n]{0,60}):[ \t]*", re.IGNORECASE)


def unasided(text: str) -> str:
    """``text`` without the addresses, postcodes, codes, past bills and forwarding lines
    it says beside its ask (module docstring)."""
    text = _STREET_ES.sub("", text)
    text = _STREET_EN.sub("", text)
    text = _POSTCODE.sub("", text)
    text = _CODE.sub(_code, text)
    text = _BILL.sub(_bill, text)
    return _FORWARD.sub(_forward, text)


def _bill(m: re.Match[str]) -> str:
    """A past bill's amount gone (an opening bracket kept), unless a cap is said in it."""
    if _CAP.search(m.group("mid")) or not (m.group("open") or m.group("past") or m.group("after")):
        return m.group(0)
    return "(" if m.group("open") else ""


def _code(m: re.Match[str]) -> str:
    word = m.group(0)
    coded = re.search(r"[A-Z]", word) and sum(c.isdigit() for c in word) >= _CODE_DIGITS
    return "" if coded else word


def _forward(m: re.Match[str]) -> str:
    """The forwarding line gone, unless it names a place or a figure: "reenvío lo de
    Roma:" is where the request is about ("el mensaje de Marta:" only whose it was)."""
    from scout.task.gazetteer import known_place_words
    from scout.task.lang import fold

    rest = m.group("rest")
    typed = re.sub(r"[^\w\s]", " ", rest).split()
    folded = [fold(w) for w in typed]
    named = any(w[:1].isupper() and known_place_words(folded[i:]) for i, w in enumerate(typed))
    return m.group(0) if named or re.search(r"\d", rest) else ""
