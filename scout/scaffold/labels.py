"""The Spanish labels ``scout init --es`` knows for a kind's inputs: a trip's ends.

A Spanish report's "What you asked" labels each input by its name through the catalogs;
scout's own catalog names the common ones (``place``, ``budget``, ``destination``), and
``init`` writes into the project's Spanish catalog the labels it knows of the rest: a
trip's ends alone or with what they hold (``origin`` → "origen", ``from_city`` →
"ciudad de origen", ``departure_date`` → "fecha de salida"). Each entry is marked as
init's (scout.validate.kind_words.INIT_WRITTEN), so it does not count as the author's
start at translating the kind (which would make the other names' SPEC078 notes warnings).
"""

from __future__ import annotations

import re

#: the Spanish words init knows for a trip's ends (those its route aliases are made of,
#: scout.scaffold.names.ROUTE_ALIASES), and for what an end's input holds
_END_LABELS = {"origin": "origen", "from": "origen", "destination": "destino",
               "to": "destino", "departure": "salida", "arrival": "llegada",
               "pickup": "recogida", "dropoff": "devolución", "start": "inicio",
               "end": "fin"}
_HELD_LABELS = {"city": "ciudad", "town": "ciudad", "airport": "aeropuerto",
                "station": "estación", "port": "puerto", "country": "país",
                "place": "lugar", "point": "punto", "address": "dirección",
                "date": "fecha", "day": "día", "time": "hora", "month": "mes"}


def spanish_label(name: str) -> str | None:
    """The Spanish label init knows for an input ``name`` (a trip's end, alone or with
    what it holds: ``origin``, ``to_city``, ``arrival_date``), or None."""
    words = [w for w in name.lower().split("_") if w]
    if len(words) == 1:
        return _END_LABELS.get(words[0])
    if len(words) == 2:
        end, held = (words if words[0] in _END_LABELS else words[::-1])
        if end in _END_LABELS and held in _HELD_LABELS:
            return f"{_HELD_LABELS[held]} de {_END_LABELS[end]}"
    return None


def label_entries(names: list[str], catalog_text: str) -> list[tuple[str, str]]:
    """``(name, .po entry)`` for each input name init knows a label of that neither
    scout's Spanish catalog nor ``catalog_text`` (the project's) names already; a name a
    leading ``min``/``max`` bounds is labelled by scout from the name it bounds."""
    from scout.i18n import translations
    from scout.spec.filters import bounded
    from scout.validate.kind_words import INIT_WRITTEN

    scouts = translations("es").gettext

    def named(word: str | None) -> bool:
        return word is not None and scouts(word) != word

    out = []
    for name in names:
        label = spanish_label(name)
        if label is None or named(name) or named(bounded(name)) or re.search(
                r'^msgid "' + re.escape(name) + r'"$', catalog_text, re.M):
            continue
        out.append((name, f'\n#. {INIT_WRITTEN}\nmsgid "{name}"\nmsgstr "{label}"\n'))
    return out
