"""Typed, content-hashed artifacts in ``<run_dir>/artifacts/<name>.json``.

Each file is one JSON envelope::

    {"schema": "task", "version": 1, "hash": "<sha256 of the data>", "producer": "F0",
     "fingerprint": "<producing phase fingerprint>", "written_at": "...", "data": {...}}

``schema`` says how ``data`` is validated on write and on read: the name of a registered
:class:`~scout.schemas.base.ArtifactModel`, ``list[<name>]`` for a list of one model, or
``json`` for any plain JSON value. The hash is over the canonical JSON of ``data``
(sorted keys, no spaces), so it identifies content, not formatting: staleness compares
these hashes. A file that fails its schema or its hash raises
:class:`~scout.errors.ArtifactInvalid`.

Files are replaced atomically (temp file + rename) under a per-name lock; another process
cannot write the same run dir because it would need the mission lock. Whether the fsync
happens inline or is left to the state log's group commit is the caller's choice
(``fsync=``): the runner defers it and names the file in the log record that commits it.
"""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic_core import to_jsonable_python

from scout.fsutil import loads_stored, make_own_dirs, read_stored
from scout.errors import ArtifactInvalid
from scout.orchestrator.state_store import atomic_write_bytes, utc_now
from scout.schemas.base import ArtifactModel, artifact_model

JSON_SCHEMA = "json"


@dataclass(frozen=True)
class ArtifactRef:
    name: str
    schema: str
    hash: str
    path: Path


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def value_hash(value: Any) -> str:
    """The hash an artifact holding ``value`` would have."""
    _, _, text, _ = encode(value, "value")
    return content_hash(text)


def _list_schema(schema: str) -> str | None:
    if schema.startswith("list[") and schema.endswith("]"):
        return schema[5:-1]
    return None


def encode(value: Any, name: str) -> tuple[str, int, str, Any]:
    """(schema, version, canonical data text, the value as a reader will get it back)."""
    try:
        if isinstance(value, ArtifactModel) and type(value).schema_name:
            model = type(value)
            data = value.model_dump(mode="json")
            text = canonical(data)
            return model.schema_name, model.schema_version, text, model.model_validate(data)
        if (isinstance(value, (list, tuple)) and value and isinstance(value[0], ArtifactModel)
                and type(value[0]).schema_name and all(type(v) is type(value[0]) for v in value)):
            model = type(value[0])
            rows = [v.model_dump(mode="json") for v in value]
            text = canonical(rows)
            return (f"list[{model.schema_name}]", model.schema_version, text,
                    [model.model_validate(d) for d in rows])
        data = to_jsonable_python(value) if _needs_conversion(value) else value
        text = canonical(data)
        return JSON_SCHEMA, 1, text, json.loads(text)
    except ValidationError as exc:
        raise ArtifactInvalid(
            f"artifact '{name}' does not read back as its own schema: {_first_error(exc)}",
            hint="the step built a model that does not validate; fix the step") from exc
    except (TypeError, ValueError) as exc:
        raise ArtifactInvalid(
            f"artifact '{name}' is not JSON: {exc}",
            hint="return pydantic models from scout.schemas or plain JSON values "
            "(dict, list, str, int, float, bool, None)") from exc


def _needs_conversion(value: Any) -> bool:
    # plain JSON scalars and containers of them are hashed as they are; anything else
    # (models, dates, tuples, sets, ...) goes through pydantic's JSON conversion first
    if value is None or isinstance(value, (str, int, float, bool)):
        return False
    if isinstance(value, list):
        return any(_needs_conversion(v) for v in value)
    if isinstance(value, dict):
        return any(not isinstance(k, str) or _needs_conversion(v) for k, v in value.items())
    return True


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ()))
    return f"{where}: {err.get('msg')}" if where else str(err.get("msg"))


def decode(schema: str, data: Any, name: str) -> Any:
    """Validate ``data`` against ``schema``; returns the typed value."""
    if schema == JSON_SCHEMA:
        return data
    item = _list_schema(schema)
    model = artifact_model(item or schema)
    if model is None:
        raise ArtifactInvalid(f"artifact '{name}' has unknown schema '{schema}'",
                              hint="the step kind that wrote it is not installed")
    try:
        if item is not None:
            if not isinstance(data, list):
                raise ArtifactInvalid(f"artifact '{name}' ({schema}) is not a list")
            return [model.model_validate(d) for d in data]
        return model.model_validate(data)
    except ValidationError as exc:
        raise ArtifactInvalid(f"artifact '{name}' does not match schema '{schema}': "
                              f"{_first_error(exc)}") from exc


@dataclass(frozen=True)
class Encoded:
    """A validated artifact value, ready to store: schema, canonical text, hash."""

    name: str
    schema: str
    version: int
    text: str
    hash: str
    loaded: Any  # the value as a reader gets it back

    @classmethod
    def of(cls, value: Any, name: str) -> "Encoded":
        schema, version, text, loaded = encode(value, name)
        return cls(name, schema, version, text, content_hash(text), loaded)


def payloads_json(encoded: dict[str, Encoded]) -> str:
    """The ``payloads`` field of a phase record, as JSON text (data embedded as is)."""
    return "{" + ",".join(
        f'{json.dumps(n)}:{{"schema":{json.dumps(e.schema)},"version":{e.version},'
        f'"data":{e.text}}}' for n, e in encoded.items()) + "}"


def encoded_from_payload(name: str, payload: dict[str, Any] | None) -> Encoded | None:
    """An artifact as recorded in the log, ready to be written back (None if unusable)."""
    if not isinstance(payload, dict) or "data" not in payload:
        return None
    try:
        text = canonical(payload["data"])
    except ValueError:
        return None
    return Encoded(name, str(payload.get("schema", JSON_SCHEMA)),
                   int(payload.get("version", 1)), text, content_hash(text), None)


class ArtifactStore:
    """Reads and writes the artifacts of one run dir."""

    def __init__(self, run_dir: str | Path, *, fsync: bool = True, create: bool = True) -> None:
        self.dir = Path(run_dir) / "artifacts"
        if create:  # readers (plans of new missions, the API) create nothing
            make_own_dirs(self.dir)  # not a link: every artifact went where it pointed
        self.fsync = fsync
        self._locks: dict[str, threading.Lock] = {}
        self._locks_guard = threading.Lock()

    def path(self, name: str) -> Path:
        return self.dir / f"{name}.json"

    def _lock(self, name: str) -> threading.Lock:
        with self._locks_guard:
            lock = self._locks.get(name)
            if lock is None:
                lock = self._locks[name] = threading.Lock()
            return lock

    def write(self, name: str, value: Any, *, producer: str = "", fingerprint: str = "",
              fsync: bool | None = None) -> tuple[ArtifactRef, Any]:
        """Validate and store ``value``; returns its ref and the value as read back."""
        enc = Encoded.of(value, name)
        return self.store(enc, producer=producer, fingerprint=fingerprint, fsync=fsync), \
            enc.loaded

    def store(self, enc: "Encoded", *, producer: str = "", fingerprint: str = "",
              fsync: bool | None = None) -> ArtifactRef:
        """Write an already validated value (see :class:`Encoded`) atomically."""
        head = json.dumps({"schema": enc.schema, "version": enc.version, "hash": enc.hash,
                           "producer": producer, "fingerprint": fingerprint,
                           "written_at": utc_now()}, ensure_ascii=False)
        blob = (head[:-1] + ', "data": ' + enc.text + "}\n").encode("utf-8")
        path = self.path(enc.name)
        with self._lock(enc.name):
            atomic_write_bytes(path, blob, fsync=self.fsync if fsync is None else fsync)
        return ArtifactRef(enc.name, enc.schema, enc.hash, path)

    def envelope(self, name: str) -> dict[str, Any] | None:
        """The parsed envelope, or None when the file is missing or unreadable."""
        try:
            env = loads_stored(read_stored(self.path(name)))
        except (OSError, ValueError):
            return None
        return env if isinstance(env, dict) and "data" in env and "hash" in env else None

    def stored_hash(self, name: str) -> str | None:
        """The hash the envelope declares (content verified), or None if missing/damaged."""
        env = self.envelope(name)
        if env is None:
            return None
        try:
            ok = content_hash(canonical(env["data"])) == env["hash"]
        except ValueError:
            ok = False
        return env["hash"] if ok else None

    def read(self, name: str, *, expect_hash: str | None = None) -> Any:
        """The typed value of ``name``; raises ``ArtifactInvalid`` when missing or damaged."""
        env = self.envelope(name)
        if env is None:
            if not self.path(name).exists():
                raise ArtifactInvalid(f"artifact '{name}' is missing ({self.path(name)})")
            raise ArtifactInvalid(f"artifact '{name}' is not a readable envelope",
                                  hint=f"delete {self.path(name)} and re-apply to rebuild it")
        digest = content_hash(canonical(env["data"]))
        if digest != env["hash"] or (expect_hash is not None and digest != expect_hash):
            raise ArtifactInvalid(
                f"artifact '{name}' does not match its recorded hash",
                hint="it was edited or damaged; re-apply (the producing phase reruns)")
        return decode(str(env.get("schema", JSON_SCHEMA)), env["data"], name)

    def names(self) -> list[str]:
        return sorted(p.stem for p in self.dir.glob("*.json"))
