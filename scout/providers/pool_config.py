"""The token pool's config file: ``config/token_pool_config.json``, read and checked.

The file is mode 0600 (refused otherwise: it may hold token values). Two formats are read:
scout's ``{"pools": {NAME: {"strategy", "quota_cooldown", "error_cooldown", "tokens"}}}``
and the seed's ``{"providers": {NAME: {"tokens": [...]}}}`` (bare values get the names
``<provider>-<n>``). A token value is written literally or as ``env:NAME``; it becomes a
:class:`~scout.adapters.contract.Secret` the moment it is read, and validation messages
never echo it. What the pool does with the tokens is :mod:`scout.providers.pool`.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from scout.adapters.contract import Secret
from scout.errors import ConfigError
from scout.fsutil import loads_stored
from scout.i18n import N_
from scout.spec.basics import Duration

POOL_CONFIG_NAME = "token_pool_config.json"
STRATEGIES = ("round-robin", "weighted-round-robin", "least-used", "failover")


class TokenSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
    value: str = Field(min_length=1, repr=False)
    weight: int = Field(default=1, ge=1, le=1000)


class PoolSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    strategy: str = "weighted-round-robin"
    quota_cooldown: Duration = 86400.0
    error_cooldown: Duration = 300.0
    tokens: list[TokenSpec] = Field(min_length=1)

    @field_validator("strategy")
    @classmethod
    def _strategy(cls, v: str) -> str:
        v = v.replace("_", "-")
        if v not in STRATEGIES:
            raise ValueError(f"unknown strategy '{v}'; valid: {', '.join(STRATEGIES)}")
        return v

    @field_validator("tokens")
    @classmethod
    def _unique(cls, v: list[TokenSpec]) -> list[TokenSpec]:
        names = [t.name for t in v]
        if len(set(names)) != len(names):
            raise ValueError("token names must be unique within a pool")
        return v


class PoolConfigDoc(BaseModel):
    model_config = ConfigDict(extra="forbid")

    pools: dict[str, PoolSpec] = Field(default_factory=dict)


#: the two file formats read: scout's ``{"pools": ...}`` and the seed's ``{"providers": ...}``
POOL_FORMATS = ("scout", "seed")


def _seed_to_scout(raw: dict[str, Any]) -> dict[str, Any]:
    """The seed's ``{"providers": {NAME: {"tokens": [...], "strategy": ...}}}`` as scout's.

    The seed lists tokens as bare values (``"env:PPLX_KEY"``) or as objects; a bare value
    gets the name ``<provider>-<n>`` (names, never values, appear in logs and state).
    ``key``/``token`` are read as ``value``. Anything else is left for the model to refuse.
    """
    providers = raw.get("providers")
    if not isinstance(providers, dict):
        return {"pools": providers}  # let validation say what is wrong, at 'pools'
    pools: dict[str, Any] = {}
    for pname, spec in providers.items():
        if not isinstance(spec, dict):
            pools[pname] = spec
            continue
        spec = dict(spec)
        tokens = spec.get("tokens")
        if isinstance(tokens, list):
            out = []
            for i, tok in enumerate(tokens, 1):
                if isinstance(tok, str):
                    out.append({"name": f"{pname}-{i}", "value": tok})
                elif isinstance(tok, dict):
                    tok = dict(tok)
                    for alias in ("key", "token"):
                        if alias in tok and "value" not in tok:
                            tok["value"] = tok.pop(alias)
                    tok.setdefault("name", f"{pname}-{i}")
                    out.append(tok)
                else:
                    out.append(tok)
            spec["tokens"] = out
        pools[pname] = spec
    return {"pools": pools}


@dataclass(frozen=True)
class TokenDef:
    name: str
    weight: int
    secret: Secret | None  # None when its env variable is not set
    env: str | None  # the variable it is read from, when written env:NAME

    def __repr__(self) -> str:
        return f"TokenDef({self.name!r}, weight={self.weight}, env={self.env!r})"


@dataclass(frozen=True)
class PoolDef:
    name: str
    strategy: str
    quota_cooldown: float
    error_cooldown: float
    tokens: tuple[TokenDef, ...]

    def missing_env(self) -> list[str]:
        return [t.env for t in self.tokens if t.secret is None and t.env]


#: why a key cannot be sent (the one reason, said for the variable or token holding it)
BAD_KEY = N_("{name} holds a character no request can carry (a line break, a NUL, a "
             "curly quote): copy the key again")


def key_value(value: str) -> tuple[str, bool]:
    """A key as it is sent, and whether it can be: spaces and line breaks around it (a key
    pasted from a file or with a newline) go; a control or non-ASCII character inside it
    (a stray CR, a NUL, a curly quote from a document) makes it unusable. httpx refused
    those mid-call, as "connection failed" (retried) or a bare UnicodeEncodeError."""
    value = value.strip()
    return value, value.isascii() and value.isprintable()


def check_mode(path: Path) -> None:
    """Refuse a pool config that others than its owner can read or write."""
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        raise ConfigError(
            f"{path} has mode {mode:04o}; the token pool config must be readable by its owner "
            "only (0600)",
            hint=N_("chmod 600 {path}").format(path=path),
            code="CFG011",
        )


def _validation_message(exc: ValidationError) -> str:
    # never echo pydantic's input_value: it could be a token value
    first = exc.errors()[0]
    loc = ".".join(str(x) for x in first["loc"])
    more = f" (+{exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return f"{loc}: {first['msg']}{more}"


def load_pool_config(path: str | Path, env: Mapping[str, str] | None = None) -> dict[str, PoolDef]:
    """Read, mode-check and validate the pool config; resolve ``env:NAME`` values."""
    return read_pool_config(path, env)[0]


def read_pool_config(path: str | Path, env: Mapping[str, str] | None = None
                     ) -> tuple[dict[str, PoolDef], str]:
    """:func:`load_pool_config`, plus which format the file is in ("scout" or "seed")."""
    path = Path(path)
    env = os.environ if env is None else env
    if not path.is_file():
        raise ConfigError(f"token pool config {path} not found", code="CFG012",
                          hint=N_("copy config/token_pool_config.example.json to {path}, "
                                  "fill it in and chmod 600 it").format(path=path))
    check_mode(path)
    try:
        raw = loads_stored(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON ({exc.msg})",
                          code="CFG012") from None
    except ValueError as exc:  # not UTF-8, or nested deeper than the parser goes
        raise ConfigError(f"{path}: not valid JSON ({exc})", code="CFG012") from None
    fmt = "seed" if isinstance(raw, dict) and "providers" in raw and "pools" not in raw else "scout"
    if fmt == "seed":
        raw = _seed_to_scout(raw)
    try:
        doc = PoolConfigDoc.model_validate(raw)
    except ValidationError as exc:
        raise ConfigError(f"{path}: {_validation_message(exc)}", code="CFG012",
                          hint=N_("see config/token_pool_config.example.json")) from None
    pools: dict[str, PoolDef] = {}
    for pname, spec in doc.pools.items():
        tokens = []
        for t in spec.tokens:
            var = t.value[4:] if t.value.startswith("env:") else None
            val = env.get(var) if var else t.value
            if val:
                val, ok = key_value(val)
                if not ok:
                    raise ConfigError(f"{path}: pool '{pname}': " + BAD_KEY.format(
                        name=f"token '{t.name}'" + (f" ({var})" if var else "")), code="CFG012")
            tokens.append(TokenDef(t.name, t.weight, Secret(t.name, val) if val else None, var))
        pools[pname] = PoolDef(pname, spec.strategy, spec.quota_cooldown, spec.error_cooldown,
                               tuple(tokens))
    return pools, fmt
