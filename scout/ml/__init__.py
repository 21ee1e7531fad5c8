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
