"""Phase fingerprints: what a phase's result depends on, hashed, with reasons on change.

A fingerprint is the hash of four parts, kept separately in the state so that a change
can be explained ("stale because input 'reviews' changed"):

- ``spec``: the phase's spec slice that shapes its result (uses, needs, produces,
  ``with:`` rendered in the phase scope, chain/adapters, for_each/as, if,
  allow_partial). Descriptions, retry, timeouts, parallelism and groups are left out:
  changing them does not change what the phase computes.
- ``kind``: the step kind's version; for ``python:`` steps and registered handlers also
  a hash of the function's source, so editing the function reruns its phases.
- ``inputs``: the content hash of every artifact the phase reads (``None`` for a missing
  optional need), and of the request (query and inputs) for phases that read it.
- ``files``: the content of files the step kind says it reads (``StepKind.files_read``,
  e.g. the report template), so editing only a template reruns only its phase.
- ``config``: for phases that call adapters, the chain as config/adapters.yaml resolves
  it and the settings of its adapters that shape answers (type, mode, model, ...; not
  base URLs, rate caps, timeouts, retries, cache or tariffs). Switching a chain to another
  provider reruns the phases that use it. A state recorded before this part existed
  still matches when everything else does (:func:`matches`): upgrading scout reruns
  nothing.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from scout.i18n import N_
from scout.spec.models import Phase
from scout.stepkit.registry import StepKind

SPEC_FIELDS = ("uses", "needs", "produces", "chain", "adapters", "for_each", "as_", "if_",
               "allow_partial")


def _h(obj: Any) -> str:
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Fingerprint:
    value: str
    parts: dict[str, Any]


def spec_slice(phase: Phase, rendered_with: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in SPEC_FIELDS:
        value = getattr(phase, name)
        if isinstance(value, BaseModel):
            value = value.model_dump(mode="json")
        out[name.rstrip("_")] = value
    out["with"] = rendered_with
    return out


_versions: dict[int, str] = {}


def step_version(kind: StepKind) -> str:
    """The kind's version, plus its function's source hash for python steps/handlers."""
    key = id(kind.runner) if callable(kind.runner) else hash(kind.runner)
    cached = _versions.get(key)
    if cached is not None:
        return cached
    version = str(kind.version)
    if kind.name.startswith("python:") or callable(kind.runner):
        try:
            src = inspect.getsource(kind.load_runner())
            version += "+" + hashlib.sha256(src.encode()).hexdigest()[:16]
        except (OSError, TypeError, ImportError, AttributeError, LookupError):
            pass  # no source to read (built-in, C function): the declared version stands
    _versions[key] = version
    return version


_file_cache: dict[str, tuple[int, int, str]] = {}


def file_hash(path: Path) -> str | None:
    """sha256 of a file's content (cached on mtime and size), None when it is missing."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    key = str(path)
    hit = _file_cache.get(key)
    if hit and hit[0] == st.st_mtime_ns and hit[1] == st.st_size:
        return hit[2]
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    _file_cache[key] = (st.st_mtime_ns, st.st_size, digest)
    return digest


def files_read(kind: StepKind, params: BaseModel, root: Path) -> dict[str, str | None]:
    """{path relative to root: content hash} of the files the step kind reads."""
    hook = getattr(kind, "files_read", None)
    if hook is None:
        return {}
    out: dict[str, str | None] = {}
    for p in hook(params, root) or ():
        p = Path(p)
        full = p if p.is_absolute() else root / p
        try:
            label = str(full.resolve().relative_to(root.resolve()))
        except ValueError:
            label = str(full)
        out[label] = file_hash(full)
    return out


#: adapter settings that change how often or how patiently scout asks, not what it gets
#: (nor where it is: a base URL moves, the provider stays; tests point it at a fake)
OPERATIONAL = frozenset({"rate", "timeout", "retry", "retry_after_max", "cache_ttl",
                         "breaker_cooldown", "tariff", "credentials", "user_agent",
                         "base_url", "url_env"})


def config_part(phase: Phase, config: Any) -> str | None:
    """Hash of the phase's resolved chain and its adapters' answer-shaping settings."""
    if config is None or (phase.chain is None and not phase.adapters):
        return None
    from scout.config.models import ChainLink

    if phase.chain is not None:
        links = list(config.chains.get(phase.chain, ()))
    else:
        links = [ChainLink.parse(a) for a in phase.adapters or []]
    doc = []
    for link in links:
        settings = config.adapters.get(link.adapter)
        dump = settings.model_dump(mode="json", exclude=set(OPERATIONAL)) if settings else None
        doc.append({"adapter": link.adapter, "when_configured": link.when_configured,
                    "settings": dump})
    return _h(doc)


def fingerprint(
    phase: Phase,
    kind: StepKind,
    *,
    rendered_with: Any,
    inputs: dict[str, str | None],
    files: dict[str, str | None],
    config: Any = None,
) -> Fingerprint:
    parts: dict[str, Any] = {
        "spec": _h(spec_slice(phase, rendered_with)),
        "kind": step_version(kind),
        "inputs": dict(sorted(inputs.items())),
        "files": dict(sorted(files.items())),
    }
    cfg = config_part(phase, config)
    if cfg is not None:
        parts["config"] = cfg
    return Fingerprint(_h(parts), parts)


def matches(recorded: str | None, recorded_parts: dict[str, Any] | None, fp: Fingerprint) -> bool:
    """Whether a recorded fingerprint still holds (one recorded before the ``config`` part
    existed is compared without it)."""
    if recorded == fp.value:
        return True
    if "config" in fp.parts and recorded_parts is not None and "config" not in recorded_parts:
        return recorded == _h({k: v for k, v in fp.parts.items() if k != "config"})
    return False


def explain(old: dict[str, Any] | None, new: dict[str, Any]) -> list[str]:
    """Why a fingerprint changed, as short reasons ("input 'reviews' changed"): English
    msgids, localised where a person reads them (``scout plan``, the report); an input is
    ``{need}``, a name localize keeps as the pipeline writes it (``--set`` takes it)."""
    if not old:
        return [N_("it has no recorded fingerprint")]
    reasons: list[str] = []
    if old.get("spec") != new.get("spec"):
        reasons.append(N_("its spec changed"))
    if "config" in old and old.get("config") != new.get("config"):
        reasons.append(N_("its chain's config changed (config/adapters.yaml)"))
    if old.get("kind") != new.get("kind"):
        reasons.append(N_("step version changed ({old} -> {new})").format(
            old=old.get("kind"), new=new.get("kind")))
    o_in, n_in = old.get("inputs") or {}, new.get("inputs") or {}
    for name in sorted(set(o_in) | set(n_in)):
        if name not in o_in:
            reasons.append(N_("it reads a new input '{need}'").format(need=name))
        elif name not in n_in:
            reasons.append(N_("it no longer reads '{need}'").format(need=name))
        elif o_in[name] != n_in[name]:
            reasons.append(N_("the request changed") if name == "@request" else
                           N_("input '{need}' changed").format(need=name))
    o_f, n_f = old.get("files") or {}, new.get("files") or {}
    for name in sorted(set(o_f) | set(n_f)):
        if o_f.get(name) != n_f.get(name):
            said = (N_("template {name} changed") if name in o_f and name in n_f
                    else N_("file {name} added") if name in n_f else N_("file {name} removed"))
            reasons.append(said.format(name=name))
    return reasons or [N_("its fingerprint changed")]
