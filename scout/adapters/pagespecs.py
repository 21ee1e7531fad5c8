"""A product page's own specs, read from its structured data as evidence lines.

A maker's or a shop's page states its product's measures in JSON-LD or microdata:
schema.org's ``weight``, ``width``, ``height``, ``depth`` and ``size`` (a
``QuantitativeValue`` with a UN/CEFACT ``unitCode`` such as ``KGM``), its ``material`` and
``color``, and any other spec as ``additionalProperty`` (``PropertyValue`` name, value,
unit). :func:`spec_lines` writes them as "label: value unit" lines ("Weight: 21.5 kg",
"Battery: 500 Wh"), the form ``stated`` reads as a spec line
(:func:`scout.spec.statedwhose.is_spec_line`), so the thing's own figure is preferred to
what a review's prose says of it. Unit codes are written as the units ``stated`` reads
(:data:`UNIT_CODES`); an unknown code is left out rather than guessed.

Bounded: a hostile page's 100,000 properties are read up to :data:`MAX_LINES` lines of at
most :data:`LINE_CHARS` characters, each value looked at once. Pure, no I/O.
"""

from __future__ import annotations

import re
from itertools import islice
from typing import Any

from scout.adapters.ldentity import pick_entity
from scout.adapters.ldvalues import first_of, number_of, text_of
from scout.text import fold
from scout.units import quantity_unit

#: UN/CEFACT Recommendation 20 codes a product page writes → the unit as people write it
UNIT_CODES = {
    "KGM": "kg", "GRM": "g", "MGM": "mg", "TNE": "t", "LBR": "lb", "ONZ": "oz",
    "MMT": "mm", "CMT": "cm", "MTR": "m", "KMT": "km", "INH": "in", "FOT": "ft",
    "SMI": "mi", "MTK": "m²", "FTK": "sq ft", "LTR": "l", "MLT": "ml", "MTQ": "m³",
    "WHR": "Wh", "KWH": "kWh", "WTT": "W", "KWT": "kW", "VLT": "V", "AMP": "A",
    "AMH": "Ah", "HUR": "h", "MIN": "min", "SEC": "s", "KMH": "km/h", "HTZ": "Hz",
    "4L": "MB", "E34": "GB", "E35": "TB", "CEL": "°C", "P1": "%",
}
#: the schema.org properties of a product that state one of its specs, and their labels
SPEC_PROPERTIES = (("weight", "Weight"), ("width", "Width"), ("height", "Height"),
                   ("depth", "Depth"), ("size", "Size"), ("material", "Material"),
                   ("color", "Color"))
MAX_LINES = 40  # more is a catalogue's dump, not a spec sheet a reader or a model reads
LINE_CHARS = 160
_LABEL_CHARS = 60
_LOOKED_AT = 400  # additionalProperty entries looked at: empty ones skipped, no more
#: a unit its label names at its end, for a bare figure ("Weight (kg)", "Peso [kg]",
#: "Battery capacity in Wh", "Autonomía en km")
_LABEL_UNIT = re.compile(r"(?:\(\s*|\[\s*|\b(?:in|en)\s+)([^\W\d][^\s()\[\]]{0,5})\s*[)\]]?\s*$")
_KNOWN_UNITS = {u.lower() for u in UNIT_CODES.values()}
#: a value that is a figure or a range of figures and nothing else ("21.5", "8-15"): its
#: unit is the unitCode's; a value with words ("2000mAh - 27000mAh") writes its own
_BARE = re.compile(r"-?\d[\d.,]*(?:\s*[-\u2013]\s*\d[\d.,]*)?")


def _figure(value: float) -> str:
    """21.5 → "21.5", 1200.0 → "1200": the number as a spec sheet writes it."""
    return str(int(value)) if value.is_integer() else f"{value:.6f}".rstrip("0").rstrip(".")


def _unit(node: dict[str, Any]) -> str | None:
    code = text_of(node.get("unitCode"))
    if code and code.upper() in UNIT_CODES:
        return UNIT_CODES[code.upper()]
    text = text_of(node.get("unitText"))
    return text[:_LABEL_CHARS] if text else None


def _measure(value: Any, depth: int = 0) -> str | None:
    """One value as text: a QuantitativeValue or PropertyValue with its unit ("21.5 kg",
    "8-15 kg"), a list's values joined ("Steel, Aluminium"), a plain text or number."""
    if depth > 3:  # a list of lists of lists…: no spec sheet writes one
        return None
    if isinstance(value, list):
        parts = [p for p in (_measure(v, depth + 1) for v in islice(value, 8)) if p]
        return ", ".join(parts) or None
    if not isinstance(value, dict):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            number = number_of(value)
            return _figure(number) if number is not None else None
        return text_of(value)
    unit = _unit(value)
    inner = value.get("value")
    if isinstance(inner, dict):  # a PropertyValue whose value is a QuantitativeValue
        return _measure(inner, depth + 1)
    if inner is None:
        low, high = number_of(value.get("minValue")), number_of(value.get("maxValue"))
        if low is not None and high is not None:
            said = f"{_figure(low)}-{_figure(high)}"
        elif low is not None or high is not None:
            said = ("≥ " + _figure(low)) if low is not None else ("≤ " + _figure(high or 0))
        else:
            return text_of(value)  # a node named, no figure: "Red" as {"name": "Red"}
    elif isinstance(inner, (int, float)) and not isinstance(inner, bool):
        number = number_of(inner)
        if number is None:
            return None
        said = _figure(number)
    else:
        said = text_of(inner) or ""
        if not said:
            return None
    if unit and _BARE.fullmatch(said):
        return f"{said} {unit}"
    return said


def _label_unit(label: str) -> str | None:
    """The unit a label names at its end ("Weight (kg)" → "kg"), when it is one ``stated``
    reads; None for "Size (EU)", "Size (M)", "Model (2024)" or no unit."""
    found = _LABEL_UNIT.search(label[-_LABEL_CHARS:])
    if found is None:
        return None
    word = found.group(1)
    if len(word) == 1:  # "Size (M)", "Talla (L)": a garment's size, unless written as a unit
        return word if word in UNIT_CODES.values() else None
    known = word.lower() in _KNOWN_UNITS or quantity_unit(fold(word)) is not None
    return word if known else None


def _line(label: str | None, value: Any) -> str | None:
    said = _measure(value)
    if not label or not said:
        return None
    label = label[:_LABEL_CHARS]
    # a bare figure under a label naming its unit ("Weight (kg)": "14,8"): the unit after
    # the figure too, where ``stated`` looks for it
    unit = _label_unit(label) if _BARE.fullmatch(said) else None
    return f"{label}: {said} {unit}"[:LINE_CHARS] if unit else f"{label}: {said}"[:LINE_CHARS]


def spec_lines(jsonld: list[dict[str, Any]], microdata: list[dict[str, Any]] | None = None
               ) -> list[str]:
    """The specs the page's entity (:func:`scout.adapters.ldentity.pick_entity`) states, one
    "label: value" line each, at most :data:`MAX_LINES`; none for a page with no entity
    or none stated (a hotel's, a restaurant's page)."""
    picked = pick_entity(jsonld, microdata)
    if picked is None:
        return []
    entity = picked[0]
    lines: list[str] = []
    for key, label in SPEC_PROPERTIES:
        line = _line(label, entity.get(key))
        if line:
            lines.append(line)
    extra = entity.get("additionalProperty")
    extra = extra if isinstance(extra, list) else [extra]
    for prop in islice(extra, _LOOKED_AT):
        if len(lines) >= MAX_LINES:
            break
        # a PropertyValue with no value states nothing ("name" alone is no spec)
        if isinstance(prop, dict) and any(k in prop for k in ("value", "minValue", "maxValue")):
            name = text_of(first_of(prop.get("name"))) or text_of(prop.get("propertyID"))
            line = _line(name, prop)
            if line and line not in lines:
                lines.append(line)
    return lines[:MAX_LINES]
