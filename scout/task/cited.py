"""A message's own words apart from the message it cites, so the reply's ask wins.

A forwarded or replied message carries two voices: what the sender writes now ("Too
high. Please find me a fixed-rate mortgage, borrowing £280,000 over 25 years") and what
it cites ("> The 5-year fix at 4.1% would be £1,480/month", "-----Original Message-----"
and a hotel's whole confirmation below it). Read as one text, the cited figures came first
and took the inputs: the broker's £1,480 a month the loan, its 5 years the term, a
booking's check-out the transfer's date. The cited text is not thrown away: a relayed
request is often only there ("Forwarded by my colleague: > I need to send £1,200 from
London to India ..."), and a cited line may describe the thing asked about (a car's year
in an MOT reminder). So :func:`cited_apart` splits them, and the parser reads the own
words first and lets the cited ones fill only the inputs the own words leave empty
(:func:`fill_from`).

Cited text is a line quoted with "> " (the e-mail convention, any depth), and everything
after an Outlook or Gmail marker ("-----Original Message-----", "---------- Forwarded
message ---------", "Begin forwarded message:", "----- Mensaje original -----") that the
sender's own words come before; a marker at the top (the sender's comment below the
forwarded part, as a pasted chat has it) cites only its "> " lines.
"""

from __future__ import annotations

import re

from scout.task.parse_notes import ParseResult

_QUOTED = re.compile(r"^[ \t]*>")
_MARKER = re.compile(
    r"^[ \t]*-{2,}[ \t]*(?:original message|mensaje original|forwarded message|"
    r"mensaje reenviado)[ \t]*-{2,}[ \t]*$|^[ \t]*begin forwarded message:?[ \t]*$",
    re.IGNORECASE)
# own words that ask nothing on their own: fewer words than this and the language is the
# cited part's ("FYI:", "Ver abajo")
_FEW_WORDS = 6


def cited_apart(text: str) -> tuple[str, str] | None:
    """(the sender's own words, the text they cite) when ``text`` has both, else None.
    Line breaks are kept in each part, so a header or a signature is still one."""
    lines = text.split("\n")
    own: list[str] = []
    cited: list[str] = []
    for i, line in enumerate(lines):
        if _MARKER.match(line) and any(x.strip() for x in own):
            cited.extend(lines[i:])  # an Outlook reply: all below is the earlier message
            break
        (cited if _QUOTED.match(line) else own).append(line)
    own_text, cited_text = "\n".join(own).strip(), "\n".join(cited).strip()
    if not own_text or not cited_text:
        return None
    return own_text, cited_text


def says_little(own: str) -> bool:
    """Whether the own words, their wrapping gone ("Te reenvío lo de la tía:", "Besos"),
    are too few to say the message's language ("FYI", "ver abajo 👇"): the cited part's
    is taken."""
    from scout.task.noise import unwrapped

    return len(re.findall(r"[^\W\d_]{2,}", unwrapped(own))) < _FEW_WORDS


def turned_down(own: str) -> bool:
    """Whether the own words of a reply or a forward turn the cited offer down
    (:data:`scout.task.turndown.TURNED_DOWN`: "esta oferta me parece mala", "that quote is
    too high", "it's over budget"): its figures and terms are the offer's, so they fill no
    input (a place it names still may: where the ask is)."""
    from scout.task.lang import fold
    from scout.task.turndown import turned_down as says_no

    return says_no(fold(own))


def fill_from(result: ParseResult, cited: ParseResult, places: frozenset[str] = frozenset(),
              own: str = "") -> ParseResult:
    """``result`` (the own words') with each input only ``cited`` read: its value, the text
    it came from, its past flag and its notes in place of the own words' notes on it; ``places``: the place inputs' names (one
    the own words read is not read again for another: "reenvío lo de Roma: > Hotel ...
    Roma" is one place, the tour's, no origin; one they guessed (no place the gazetteer
    knows, nor one ``own``, their text, puts after "in" / "en"...) gives way to the quote's);
    where ``own`` turns the quote's offer down (:func:`turned_down`), only places are filled."""
    from scout.task.placecase import known_name

    for name in places & set(result.values) & set(cited.values):
        # a name the own words' reader guessed ("Sure, but make it under €90" alone: "Make
        # It") gives way to the quote's ("a hotel in Porto")
        guess = str(result.values[name])
        if not known_name(guess) and (known_name(str(cited.values[name])) or not re.search(
                r"\b(?:in|en|at|near|to|a|al|cerca\s+de|around|por|desde|from)\s+"
                + re.escape(guess), own, re.IGNORECASE)):
            del result.values[name]
            result.spans.pop(name, None)
    named = {str(v).casefold() for v in result.values.values() if isinstance(v, str)}
    refused = turned_down(own)
    for name, value in cited.values.items():
        if name in result.values or isinstance(value, str) and value.casefold() in named \
                and name in places:
            continue  # (a place the own words read, named again below, is no second place)
        if refused and name not in places:
            continue  # "Esta oferta me parece mala": the quote's terms are no ask's
        result.values[name] = value
        for line in result.field_notes.pop(name, []):  # what the own words left unread of it
            if line in result.notes:
                result.notes.remove(line)
        if name in cited.spans:
            result.spans[name] = cited.spans[name]
        if f"past:{name}" in cited.flags:
            result.flags.append(f"past:{name}")
        for line in cited.field_notes.get(name, []):
            result.field_notes.setdefault(name, []).append(line)
            if line not in result.notes:
                result.notes.append(line)
    return result
