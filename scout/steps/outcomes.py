"""Shared helpers for the built-in kinds' ``gather``: fan-out outcomes → one artifact."""

from __future__ import annotations

from typing import Any

from scout.i18n import N_
from scout.schemas.records import EvidenceSet
from scout.stepkit.context import ItemOutcome


def item_label(item: Any) -> str:
    for attr in ("name", "title", "id", "url"):
        value = getattr(item, attr, None)
        if value:
            return str(value)
    return str(item)[:60]


def failure_notes(outcomes: list[ItemOutcome]) -> list[str]:
    """One note per failed item, so the artifact itself records what is missing and why."""
    return [f"{item_label(o.item)}: {o.error or N_('failed')}" for o in outcomes if not o.ok]


def merge_evidence(outcomes: list[ItemOutcome]) -> EvidenceSet:
    out = EvidenceSet()
    for o in outcomes:
        if o.ok and isinstance(o.value, EvidenceSet):
            out.items += o.value.items
            out.sources += o.value.sources
            out.notes += o.value.notes
    out.notes += [N_("no result for {item}").format(item=n) for n in failure_notes(outcomes)]
    return out
