"""``localize`` translates what Python wrote, never what a source wrote.

Text that merely has the shape of a msgid (a hotel's name and a review's words around a
colon, an author's reason with " in " in it) comes back as written; every msgid shape that
``localize`` recognises is still recognised when filled the way Python fills it.
"""

from __future__ import annotations

import itertools

import pytest

from scout.i18n import translations
from scout.i18n.messages import AS_WRITTEN, TYPES, VERBATIM, _match, _patterns, localize

# names a listing gives, and the words its page or an author puts after them
NAMES = ["Hotel Arts Barcelona", "Casa Camper", "Pool", "Open", "Breakfast", "Parking",
         "Menu", "Rooftop bar", "The Hoxton", "Eurostars Grand Marina", "Retry", "Check-in"]
AFTER = ["in summer: yes", "in two days: yes", "skipped: closed in winter",
         "error: the lift was broken", "circuit open: under renovation until May",
         ": great (really)", ": included (until 10am)", ": read reviews from guests",
         "failed 2 times (we asked twice)", "was not called: the desk was empty",
         "answered by the night porter", "cut short, the run is shutting down soon",
         ", HTTP 200 on our site", ": unavailable (no)", " (stated by the owner)"]
ALONE = ["in the old town", "about 5 minutes walk from the beach", "with free parking",
         "with sea views (ask for them)", "2 bedrooms and a terrace", "1.5 km from the centre",
         "evidence of damp in room 12", "chmod 600 is what the admin ran",
         "Great location, friendly staff; breakfast: average", "retry in two days: yes",
         "open in summer: yes", "Closed on Mondays: yes", "Opening hours: 9 to 5 (Mon-Fri)",
         "Rooms from 80 to 120 EUR", "stays in Barcelona, e.g. “near the beach”",
         "The pool is closed in winter", "Check-in skipped: late arrival"]
SOURCE_TEXT = [f"{n} {a}".replace(" :", ":").replace(" ,", ",").replace("  ", " ") for n, a in
               itertools.product(NAMES, AFTER)] + ALONE


@pytest.mark.parametrize("text", SOURCE_TEXT)
def test_text_a_source_wrote_comes_back_as_written(text: str) -> None:
    assert localize(text, "es") == text


def _filled(english: str, names: tuple[str, ...], plural: bool) -> dict[str, str]:
    """Values as Python fills ``english``: what each typed placeholder holds (a count
    that agrees with the form), a word nothing translates elsewhere."""
    samples = {"adapter": "tavily", "result": "skipped", "kind": "unavailable", "status": "500",
               "phase": "F2", "chain": "web", "failure": "timeout", "pool": "serp"}
    out = {}
    for name in names:
        if name in samples:
            out[name] = samples[name]
        elif TYPES.get(name) is not None:  # a number
            out[name] = ("3" if plural else "1") if name == "count" else "2"
        else:
            out[name] = "Zyx"
    assert all(TYPES[n].fullmatch(v) for n, v in out.items() if n in TYPES)
    return out


def test_every_msgid_shape_still_translates() -> None:
    """Each pattern, filled as Python fills it, reads as its msgstr filled in: a type that
    refused what Python writes would leave that message English in every report."""
    catalog = translations("es")
    patterns = _patterns("es")
    assert len(patterns) > 150  # the catalog's stored-English messages, not a handful
    wrong = []
    for fixed, names, msgid, plural in patterns:
        english = "".join(f + (f"{{{n}}}" if i < len(names) else "")
                          for i, (f, n) in enumerate(itertools.zip_longest(fixed, names)))
        is_plural = plural is not None and english != msgid
        values = _filled(english, names, is_plural)
        text = english.format(**values)
        # a value that is itself a msgid ("unavailable") is said in Spanish; names are not
        values = {k: v if k in VERBATIM | AS_WRITTEN else localize(v, "es")
                  for k, v in values.items()}
        if plural is not None:
            expected = catalog.ngettext(msgid, plural, 3 if is_plural else 1).format(**values)
        else:
            expected = catalog.gettext(msgid).format(**values)
        # a msgid with more fixed text may claim the same words first ("tavily skipped:
        # …" is "{adapter} skipped: {reason}" before "{adapter} {result}: {reason}")
        first = next((p[2] for p in patterns if _match(p[0], p[1], text) is not None), None)
        if first is None or first == msgid and localize(text, "es") != expected:
            wrong.append((msgid, text, localize(text, "es"), expected))
    assert not wrong, wrong


def test_a_free_placeholder_keeps_what_a_source_wrote() -> None:
    """Scout's words around a provider's message are Spanish; the message is not touched,
    even where it has a msgid's shape."""
    text = "tavily: unavailable (Open in summer: yes)"
    assert localize(text, "es") == "tavily: no disponible (Open in summer: yes)"
    assert localize("page skipped: Pool skipped: closed", "es") == \
        "page omitido: Pool skipped: closed"


def test_a_quote_or_a_value_someone_wrote_is_never_translated() -> None:
    """A page's words quoted in a flag, a value a person typed: as written, even when they
    are a msgid on their own ("yes")."""
    flag = localize("promotional price, compared at the price after it: “yes”", "es")
    assert flag != "promotional price, compared at the price after it: “yes”"  # ours: Spanish
    assert "yes" in flag and "sí" not in flag
    said = localize("'yes' is not a number", "es")
    assert "'yes'" in said and said != "'yes' is not a number"


def test_verbatim_names_are_typed() -> None:
    """Every name kept verbatim that is one word has a type that says so."""
    assert {"adapter", "phase", "chain", "failure"} <= set(TYPES) & VERBATIM


def test_the_dashboard_shows_a_typed_value_as_the_person_wrote_it() -> None:
    from scout.schemas.task import Task
    from scout.server.dashboard_data import request_view

    typed = "Open in summer: yes"
    task = Task(values={"topic": typed}, types={"topic": "subject"}, lang="es")
    rows = request_view(task.model_dump(mode="json"), "es").rows
    assert [r[1] for r in rows] == [typed]


def test_joined_reasons_are_ours_only_when_every_part_is() -> None:
    assert localize("Breakfast included; yes", "es") == "Breakfast included; yes"
    # a filled msgid makes the line scout's: its other parts are shown as written
    assert localize("needs 'a' from F1, which failed; the lift was broken", "es") == \
        "necesita 'a' de F1, que falló; the lift was broken"
    both = localize("needs 'a' from F1, which failed; needs 'b' from F2, which was skipped", "es")
    assert "; " in both and "needs" not in both


def test_a_chains_links_are_said_when_one_has_no_message() -> None:
    said = localize("tavily: unavailable (HTTP 500 (server error)); brave: skipped", "es")
    assert said.startswith("tavily: no disponible (") and said.endswith("; brave: skipped")


def test_a_candidates_name_is_never_a_word_to_translate() -> None:
    """A listing called like a msgid ("Against", "In favour") keeps its name."""
    said = localize("2 photos of Against from brave", "es")
    assert said != "2 photos of Against from brave" and "Against" in said
