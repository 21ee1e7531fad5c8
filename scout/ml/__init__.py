"""The optional local model (the ``ml`` extra): embeddings for semantic dedup and ranking.

Nothing here is imported by the core install unless a spec asks for an ML feature
(``dedup: semantic`` on a search, ``method: embedding`` on a rank). torch and
sentence-transformers are imported lazily, and when they are missing the feature fails
with :class:`~scout.errors.MLUnavailable`, whose hint says how to enable it.

- ``backends.py`` picks the device (CUDA, then Apple MPS, then CPU) and dtype (bf16 only
  where the silicon has it, fp16 on older CUDA and on MPS, fp32 on CPU).
- ``embed.py`` resolves and loads the model without downloads, batches, and caches
  vectors under ``runtime/`` by text hash.
- ``relevance.py`` scores evidence against the Task for ``rank``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from scout.errors import MLUnavailable

INSTALL_HINT = (
    'install the ml extra: pip install "scout[ml]" (to avoid a multi-GB CUDA download on a '
    "CPU-only machine, install a CPU build of torch first; see docs/ml.md)"
)


def require(feature: str, module: str = "torch") -> ModuleType:
    """Import ``module`` for ``feature`` or raise MLUnavailable saying how to enable it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MLUnavailable(
            f"{feature} needs the optional ml extra ({module} is not installed)",
            hint=INSTALL_HINT,
        ) from exc


def available() -> bool:
    """Whether torch and sentence-transformers can be imported (no import side effects kept)."""
    from importlib.util import find_spec

    try:
        return all(find_spec(m) is not None for m in ("torch", "sentence_transformers"))
    except (ImportError, ValueError):
        return False


def ml_phases(pipeline: Any) -> list[tuple[str, str]]:
    """(phase id, feature) for every phase of ``pipeline`` that needs the ml extra."""
    found = []
    for pid, phase in getattr(pipeline, "phases", {}).items():
        with_ = getattr(phase, "with_", {}) or {}
        if phase.uses == "search" and with_.get("dedup") == "semantic":
            found.append((pid, "dedup: semantic"))
        if phase.uses == "rank" and with_.get("method") == "embedding":
            found.append((pid, "method: embedding"))
    return found


def preflight(pipeline: Any) -> None:
    """For ``scout apply`` preflight: fail before any phase runs when the extra is missing."""
    needed = ml_phases(pipeline)
    if needed and not available():
        where = ", ".join(f"{pid} ({feature})" for pid, feature in needed)
        raise MLUnavailable(f"phases {where} need the optional ml extra "
                            "(torch, sentence-transformers), which is not installed",
                            hint=INSTALL_HINT)
