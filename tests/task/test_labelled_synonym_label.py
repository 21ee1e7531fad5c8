"""A ``labelled`` enum's synonym that says the input's own name or alias ("carné de moto"
for a licence aliased ``carné``, "plan gratuito" for a plan aliased ``plan``) is labelled
by itself: read wherever it stands. Found writing the driving schools kind, whose "carné
de moto A2 en Valencia" read no licence; a synonym without the label ("moto", "gratis")
still needs it beside it (scout.task.enums._labels_itself)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 7)
LICENCE = InputSpec(type="string", enum=["B", "A2"], labelled=True,
                    aliases=["carné", "permiso", "licence"],
                    synonyms={"B": ["carné de coche", "car licence"],
                              "A2": ["carné de moto", "motorbike licence", "moto"]})
PLAN = InputSpec(type="string", enum=["free", "pro"], labelled=True, aliases=["plan", "tier"],
                 synonyms={"free": ["plan gratuito", "gratis"], "pro": ["pro tier"]})


def _read(spec: InputSpec, name: str, query: str) -> object:
    inputs = {"place": InputSpec(type="place"), name: spec}
    return build_task(query, inputs, today=TODAY).values[name]


@pytest.mark.parametrize("query, want", [
    ("carné de moto A2 en Valencia, ¿cuánto cuesta con las prácticas?", "A2"),
    ("cuánto cuesta sacarse el carné de coche en Getafe", "B"),
    ("motorbike licence courses in Leeds", "A2"),
    ("permiso A2 en Valencia", "A2"),            # as before: the label beside the value
])
def test_a_synonym_that_says_its_label_is_read(query: str, want: str) -> None:
    assert _read(LICENCE, "licence", query) == want


@pytest.mark.parametrize("query, want", [
    ("una herramienta de encuestas en Madrid con plan gratuito", "free"),
    ("survey tool in London, the pro tier", "pro"),
    # a synonym without the label still needs it: an everyday word
    ("encuestas gratis en Madrid", None),
    ("una moto de segunda mano en Valencia", None),
])
def test_a_synonym_without_its_label_still_needs_it(query: str, want: str | None) -> None:
    spec, name = (LICENCE, "licence") if "moto" in query else (PLAN, "plan")
    assert _read(spec, name, query) == want
