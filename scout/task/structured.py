"""Requests an agent writes as fields, turned into the prose the readers know.

An agent relaying a person's request often structures it: "Task: find restaurants.
Location: Lyon. Budget: 40 EUR pp.", "- ciudad: Bogotá" bullet lines, "origen: Madrid;
destino: Valencia", "Role: ... | City: ...", or a JSON object. Read as prose, the keys are
the first capitalised words, so "Location" was the place and "Task" the subject. Here each
``key: value`` field is rewritten before any reader runs: a place key becomes the
preposition a place is read after ("en Lyon", "from Madrid", "to Valencia"), a subject or
task key leaves its value alone, a flag key with yes / no its name or nothing, and any
other key keeps its words without the colon ("Budget 40 EUR pp"), which the readers of
budgets, dates and ratings already know; a count key ("count", "gpu_count", "number of
rooms") with a whole number is the count before what it counts ("2 gpu"), a bare "count"
counting what the field before it names. Text with fewer than two fields is left as it is:
one colon in a sentence ("hotel en Madrid: 100 euros") is prose.

An agent rewording a request also quotes the values it took from it: 'a "hotel" in
"Seville" from "12 April" to "15 April"', «restaurante» en «Valencia». The quote marks
are the agent's, not the person's words: :func:`unquoted` drops each pair, so "in
Seville" is a place and "from 12 April to 15 April" a span again.
"""

from __future__ import annotations

import json
import re

from scout.spec.models import InputSpec
from scout.task.lang import fold

# A field starts a line, a bullet, or follows "; " / " | " / ". " / "{" / ","; its key is
# one to four words (a JSON key's underscores are spaces here) and a colon. A word holds
# no underscore itself: with "_" both in a word and between words, "_a_a_a..." could be
# split so many ways that a 600-character request took a minute.
_KEY_WORD = r"[^\W\d_][^\W_]*(?:['.][^\W_]*)*"
_FIELD = re.compile(
    r"(?:^|(?<=[\n;|{])|(?<=[.,]\s))[ \t]*(?:[-*•·][ \t]+)?\"?"
    r"(?P<key>" + _KEY_WORD + r"(?:[ _]" + _KEY_WORD + r"){0,3})\"?[ \t]*:(?!/)[ \t]*",
    re.MULTILINE)

# Keys that name what the request is for: their value is read as written.
_TASK_KEYS = frozenset({"task", "tarea", "tipo", "type", "kind", "request", "peticion",
                        "solicitud", "search", "busqueda", "objetivo", "goal", "query",
                        "consulta", "category", "categoria"})
# Keys that name what is searched for (a subject input's value).
_SUBJECT_KEYS = frozenset({"dish", "plato", "food", "comida", "cuisine", "cocina", "topic",
                           "tema", "role", "rol", "puesto", "cargo", "position", "job",
                           "subject", "asunto", "variety", "variedad", "grape", "uva",
                           "what", "que", "item", "producto", "product"})
_ORIGIN_KEYS = frozenset({"origin", "origen", "from", "desde", "departure", "salida",
                          "leaving from", "ciudad de origen", "ciudad de salida"})
_DESTINATION_KEYS = frozenset({"destination", "destino", "to", "hasta", "arrival",
                               "llegada", "ciudad de destino"})
_PLACE_KEYS = frozenset({"location", "city", "ciudad", "place", "lugar", "where", "donde",
                         "zona", "zone", "area", "barrio", "neighbourhood", "neighborhood",
                         "country", "pais", "region", "localidad", "town", "ubicacion",
                         "city name", "nombre de la ciudad"}) | _DESTINATION_KEYS
_YES = frozenset({"yes", "si", "true", "y", "1", "required", "obligatorio", "necesario"})
_NO = frozenset({"no", "false", "n", "0", "none", "ninguno", "ninguna", "not needed",
                 "no necesario"})


# Keys that say how many of something: "count", "gpu_count", "number of rooms", "cantidad"
_COUNT_KEYS = frozenset({"count", "quantity", "qty", "number", "num", "cantidad", "numero",
                         "how many", "units", "unidades"})
_OF = frozenset({"of", "de"})


def _counted(key: str, value: str, before: str) -> str | None:
    """A count key's field as the count before what it counts ("gpu_count: 2", "number of
    rooms: 2": "2 gpu", "2 rooms"; a bare "count: 2" after "gpu: H200": "2 gpu"), so the
    count's own input reads it by its name as it reads "2 GPUs"; None for another key or
    a value that is no count."""
    if not re.fullmatch(r"\d{1,6}", value.strip()):
        return None
    words = fold(key).rstrip(".").split()
    if not words:
        return None
    if len(words) > 1 and words[-1] in _COUNT_KEYS:
        noun = key.split()[:-1]  # "gpu count"
    elif len(words) > 2 and words[0] in _COUNT_KEYS and words[1] in _OF:
        noun = key.split()[2:]  # "number of rooms", "cantidad de tarjetas"
    elif " ".join(words) in _COUNT_KEYS and before:
        noun = before.split()  # "count: 2" after the field that names the thing
    else:
        return None
    return f"{value.strip()} {' '.join(noun).lower()}"


def _names(name: str, spec: InputSpec) -> set[str]:
    return {fold(w) for w in [name.replace("_", " "), name.split("_")[-1], *spec.aliases]}


def _fields(text: str) -> list[tuple[str, str]] | None:
    """The request's ``(key, value)`` fields, or None when it is prose."""
    stripped = text.strip()
    if stripped.startswith("{") and stripped.endswith("}"):
        try:
            obj = json.loads(stripped)
        except (ValueError, RecursionError):  # RecursionError: "{[[[[..." nested past the
            obj = None  # parser (a query of 2,000 brackets): read as text like bad JSON
        if isinstance(obj, dict) and obj:
            return _json_fields(obj)
    hits = list(_FIELD.finditer(text))
    if len(hits) < 2:
        return None
    head = text[:hits[0].start()].strip(" \t\n{")
    out = [("", head)] if head else []
    for hit, nxt in zip(hits, [*hits[1:], None], strict=True):
        value = text[hit.end():nxt.start() if nxt else len(text)]
        out.append((hit.group("key").replace("_", " "), value.strip(" \t\n\"',;|}")))
    return out


# Keys of a tool call's envelope, not of the request: {"tool": "scout_apply", "arguments":
# {...}}, {"name": "apply", "input": {...}}, {"function": ..., "parameters": {...}}
_CALL_KEYS = frozenset({"tool", "tool_name", "name", "function", "function_name", "method",
                        "action", "herramienta", "id", "type"})
# a bound said as a key's last word ("valoracion_min", "rating_minimo"): with a value in
# words ("excelente") it is left out, so the key's noun and the word are read together
_BOUND_WORDS = frozenset({"min", "max", "minimo", "maximo", "minima", "maxima", "minimum",
                          "maximum"})


def _json_fields(obj: dict[object, object], depth: int = 0) -> list[tuple[str, str]]:
    """A JSON object's fields; a tool call's arguments ({"tool": ..., "arguments": {...}})
    are the request's fields, its envelope's name and id none. An object nested deeper
    than an envelope's few levels is no request's (and no recursion to exhaust)."""
    wrapped = any(isinstance(v, dict) for v in obj.values())
    out: list[tuple[str, str]] = []
    for k, v in obj.items():
        if v is None or (wrapped and fold(str(k)) in _CALL_KEYS):
            continue
        if isinstance(v, dict):
            out += _json_fields(v, depth + 1) if depth < 3 else []
        else:
            out.append((str(k).replace("_", " "), " ".join(str(x) for x in v)
                        if isinstance(v, list) else str(v)))
    return out


def _field(key: str, value: str, inputs: dict[str, InputSpec], lang: str) -> str:
    k = fold(key).rstrip(".").strip()
    if not k or k in _TASK_KEYS:
        return value
    words = k.split()
    if len(words) > 1 and words[-1] in _BOUND_WORDS and not re.search(r"\d", value):
        key, k = " ".join(key.split()[:-1]), " ".join(words[:-1])
    for name, spec in inputs.items():
        if k not in _names(name, spec):
            continue
        if spec.type == "boolean":
            v = fold(value).strip(" .")
            return key if v in _YES else "" if v in _NO else f"{key.lower()} {value}"
        if spec.type == "subject":
            return value
        if spec.type != "place":  # lower case: a capitalised key is no place ("Start")
            return f"{key.lower()} {value}"
    places = [n for n, s in inputs.items() if s.type == "place"]
    if places:
        if k in _ORIGIN_KEYS:
            return ("desde " if lang == "es" else "from ") + value
        if k in _DESTINATION_KEYS and len(places) > 1:
            return ("a " if lang == "es" else "to ") + value
        if k in _PLACE_KEYS or any(k in _names(n, inputs[n]) for n in places):
            return ("en " if lang == "es" else "in ") + value
    if k in _SUBJECT_KEYS and any(s.type == "subject" for s in inputs.values()):
        return value
    return f"{key.lower()} {value}"


def _input_key(key: str, inputs: dict[str, InputSpec]) -> bool:
    """``key`` is an input's own name or alias (a kind's "count" input keeps its field)."""
    k = fold(key).rstrip(".").strip()
    return any(k in _names(name, spec) for name, spec in inputs.items())


def unfielded(text: str, inputs: dict[str, InputSpec], lang: str) -> str:
    """``text`` with its ``key: value`` fields written as prose; prose unchanged."""
    fields = _fields(text)
    if fields is None:
        return text
    parts = []
    for i, (k, v) in enumerate(fields):
        before = fields[i - 1][0] if i else ""
        if fold(before).strip() in _TASK_KEYS:
            before = ""  # "task: gpu cloud": the request's kind, not what is counted
        count = None if _input_key(k, inputs) else _counted(k, v, before)
        parts.append(count if count is not None else _field(k, v, inputs, lang))
    return ". ".join(p.strip().rstrip(".") for p in parts if p.strip())


# A pair of quote marks around one to eight words: straight or typographic double quotes,
# guillemets, typographic single quotes; a straight single quote only where no word
# letter touches it from outside (so "King's Cross" keeps its apostrophe). An opening
# straight double quote after a digit is an inch mark ('a 16" screen'). The word before
# it is kept apart: it may be the field's key ('plato "arroz a banda"').
_QUOTED = re.compile(
    r"(?:(?P<key>\b[^\W\d]\w*)(?P<sep>[ \t]*:?[ \t]*))?(?:"
    r"(?<![\w\d])\"(?P<a>[^\"\n]{1,80}?)\"(?!\w)|\u201c(?P<b>[^\u201d\n]{1,80}?)\u201d|"
    r"\u00ab\s?(?P<c>[^\u00bb\n]{1,80}?)\s?\u00bb|\u2018(?P<d>[^\u2019\n]{1,80}?)\u2019(?!\w)|"
    r"(?<![\w'])'(?P<e>[^'\n]{1,80}?)'(?![\w']))")
# Keys a quoted value is rewritten after as a field is: what the request is for, what is
# searched for and where ('plato "arroz a banda"' is the dish, 'ciudad "Lima"' the
# place); never a preposition ('from "12 April" to "15 April"' is a span, not a route).
_QUOTE_KEYS = (_TASK_KEYS | _SUBJECT_KEYS | _PLACE_KEYS) - {"to", "hasta", "from", "desde"}


def unquoted(text: str, inputs: dict[str, InputSpec], lang: str) -> str:
    """``text`` with the quote marks around its quoted values dropped (their words kept),
    and a value quoted after a field's key written as that field is (:func:`_field`)."""
    def inner(m: re.Match[str]) -> str:
        words = next(m.group(g) for g in "abcde" if m.group(g) is not None)
        key, sep = m.group("key") or "", m.group("sep") or ""
        if not (0 < len(words.split()) <= 8 and words.strip() == words):
            return m.group(0)
        if key and fold(key) in _QUOTE_KEYS:
            return _field(key, words, inputs, lang)
        return key + sep + words

    return _QUOTED.sub(inner, text)
