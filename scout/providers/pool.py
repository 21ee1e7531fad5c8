"""Token pools: several credentials for one provider, picked by strategy, with state on disk.

``config/token_pool_config.json`` (mode 0600, refused otherwise)::

    {"pools": {"perplexity": {
        "strategy": "weighted-round-robin",      # round-robin | weighted-round-robin
                                                 # | least-used | failover
        "quota_cooldown": "24h",                 # how long a quota_exhausted token rests
        "error_cooldown": "5m",                  # how long an errored token rests
        "tokens": [{"name": "main", "value": "env:PPLX_KEY_MAIN", "weight": 3},
                   {"name": "spare", "value": "pplx-literal-value", "weight": 1}]}}}

A value is written literally or as ``env:NAME``. Values become :class:`Secret` the moment
they are read and appear nowhere else: not in the state file, errors, reprs or the journal
(which carries the token *name*).

``runtime/token_pool_state.json`` is the source of truth for status and counters
(requests, errors, last_error, last_success, last_used, the weighted-round-robin current
weights and the round-robin cursor). Every operation re-reads it under a file lock and
writes it back atomically, so threads and processes share one consistent pool. With the
redis quota backend the same document lives in Redis instead (``TokenPool(doc=...)``),
shared by every machine, and each operation (pick and count, retry, success, failure)
runs inside Redis as one Lua script (the document's ``pool_op``:
:mod:`scout.quota.redis_pool`, the same rules as here).

Seed rules (the gateway applies them): 401/403 (and every other answer an adapter maps to
``AuthError``: 402 out of credit, a spent daily quota) → ``quota_exhausted``, next token; 429/5xx
→ retried on the same token, then 429 → ``quota_exhausted``, 5xx → ``error``, next token;
no usable token left → :class:`PoolExhausted` (retryable: the phase is failed_retryable).
"""

from __future__ import annotations

import json
import os
import stat
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from scout.fsutil import loads_stored
from scout.errors import ConfigError, PoolExhausted
from scout.adapters.contract import Secret
from scout.quota.base import FileDoc, SharedDoc
from scout.spec.models import Duration
from scout.suggest import did_you_mean

POOL_CONFIG_NAME = "token_pool_config.json"
POOL_STATE_NAME = "token_pool_state.json"
STRATEGIES = ("round-robin", "weighted-round-robin", "least-used", "failover")
Status = Literal["active", "quota_exhausted", "error"]


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


@dataclass(frozen=True)
class TokenLease:
    """The token picked for one call: the pool, its name and the secret."""

    pool: str
    name: str
    secret: Secret


def check_mode(path: Path) -> None:
    """Refuse a pool config that others than its owner can read or write."""
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        raise ConfigError(
            f"{path} has mode {mode:04o}; the token pool config must be readable by its owner "
            "only (0600)",
            hint=f"chmod 600 {path}",
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
                          hint="copy config/token_pool_config.example.json to "
                          f"{path}, fill it in and chmod 600 it")
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
                          hint="see config/token_pool_config.example.json") from None
    pools: dict[str, PoolDef] = {}
    for pname, spec in doc.pools.items():
        tokens = []
        for t in spec.tokens:
            if t.value.startswith("env:"):
                var = t.value[4:]
                val = env.get(var)
                tokens.append(TokenDef(t.name, t.weight, Secret(t.name, val) if val else None, var))
            else:
                tokens.append(TokenDef(t.name, t.weight, Secret(t.name, t.value), None))
        pools[pname] = PoolDef(pname, spec.strategy, spec.quota_cooldown, spec.error_cooldown,
                               tuple(tokens))
    return pools, fmt


def _fresh_token() -> dict[str, Any]:
    return {"status": "active", "until": None, "requests": 0, "errors": 0, "last_error": None,
            "last_success": None, "last_used": None, "current_weight": 0}


class TokenPool:
    """All pools of one deployment, sharing ``runtime/token_pool_state.json``."""

    def __init__(
        self,
        pools: dict[str, PoolDef],
        state_path: str | Path,
        *,
        clock: Callable[[], float] = time.time,
        durable: bool = True,
        doc: SharedDoc | None = None,
    ) -> None:
        self.pools = pools
        self.state_path = Path(state_path)
        self.clock = clock
        self.durable = durable  # fsync the state on every write (tests may turn it off)
        # where the state lives: the quota backend's shared document (Redis), or the file
        self.doc: SharedDoc = doc or FileDoc(self.state_path, durable=durable)

    def secrets(self) -> list[Secret]:
        return [t.secret for p in self.pools.values() for t in p.tokens if t.secret is not None]

    def pool(self, name: str) -> PoolDef:
        try:
            return self.pools[name]
        except KeyError:
            raise ConfigError(f"token pool '{name}' is not defined in {POOL_CONFIG_NAME}",
                              hint=did_you_mean(name, self.pools, what="pools"),
                              code="CFG013") from None

    # --- state file ---------------------------------------------------------------------

    def _checked(self, data: dict[str, Any]) -> dict[str, Any]:
        data.setdefault("version", 1)
        data.setdefault("pools", {})
        return data

    def _update(self, fn: Callable[[dict[str, Any]], Any]) -> Any:
        try:
            return self.doc.update(lambda data: fn(self._checked(data)))
        except json.JSONDecodeError:
            raise self._bad_state() from None

    def _bad_state(self) -> ConfigError:
        return ConfigError(f"{self.state_path} is not valid JSON", code="CFG014",
                           hint=f"remove {self.state_path} to reset every token to active")

    def _pool_state(self, data: dict[str, Any], pool: PoolDef) -> dict[str, Any]:
        ps = data["pools"].setdefault(pool.name, {"cursor": -1, "tokens": {}})
        ps.setdefault("cursor", -1)
        toks = ps.setdefault("tokens", {})
        for t in pool.tokens:
            toks.setdefault(t.name, _fresh_token())
        return ps

    def state(self) -> dict[str, Any]:
        """A snapshot of the state (names and counters only)."""
        try:
            return self._checked(self.doc.read())
        except json.JSONDecodeError:
            raise self._bad_state() from None

    # --- picking ------------------------------------------------------------------------

    def pick(self, pool_name: str, exclude: set[str] | None = None) -> TokenLease:
        """Pick a usable token by the pool's strategy and count a request on it."""
        pool = self.pool(pool_name)
        exclude = exclude or set()
        atomic = self._atomic()
        if atomic is not None:
            name = atomic("pick", pool.name, self.clock(), self._spec(pool, exclude))
            if name is None:
                raise self._exhausted(pool, self._pool_state(self.state(), pool)["tokens"],
                                      self.clock(), exclude)
            chosen = next(t for t in pool.tokens if t.name == name)
            assert chosen.secret is not None
            return TokenLease(pool.name, chosen.name, chosen.secret)

        def op(data: dict[str, Any]) -> TokenLease:
            ps = self._pool_state(data, pool)
            toks = ps["tokens"]
            now = self.clock()
            usable: list[TokenDef] = []
            for t in pool.tokens:
                st = toks[t.name]
                if st["status"] != "active" and st["until"] is not None and st["until"] <= now:
                    st["status"], st["until"] = "active", None  # rested long enough
                if st["status"] == "active" and t.secret is not None and t.name not in exclude:
                    usable.append(t)
            if not usable:
                raise self._exhausted(pool, toks, now, exclude)
            chosen = self._choose(pool, ps, usable)
            st = toks[chosen.name]
            st["requests"] += 1
            st["last_used"] = now
            assert chosen.secret is not None
            return TokenLease(pool.name, chosen.name, chosen.secret)

        return self._update(op)

    def _atomic(self) -> Callable[..., str | None] | None:
        """The backend's own pool operation (Redis: one Lua script), when it has one."""
        return getattr(self.doc, "pool_op", None)

    @staticmethod
    def _spec(pool: PoolDef, exclude: set[str] | None = None) -> dict[str, Any]:
        # names and weights only: a token value never leaves this process
        return {"strategy": pool.strategy, "exclude": sorted(exclude or ()),
                "tokens": [{"name": t.name, "weight": t.weight, "ok": t.secret is not None}
                           for t in pool.tokens]}

    def _choose(self, pool: PoolDef, ps: dict[str, Any], usable: list[TokenDef]) -> TokenDef:
        toks = ps["tokens"]
        order = [t.name for t in pool.tokens]
        if pool.strategy == "failover":
            return usable[0]
        if pool.strategy == "least-used":
            return min(usable, key=lambda t: (toks[t.name]["requests"], order.index(t.name)))
        if pool.strategy == "round-robin":
            last = ps["cursor"]
            n = len(order)
            for step in range(1, n + 1):
                name = order[(last + step) % n]
                hit = next((t for t in usable if t.name == name), None)
                if hit is not None:
                    ps["cursor"] = order.index(name)
                    return hit
        # smooth weighted round-robin (nginx): add each weight, take the largest, subtract
        # the total from it. Weights 3:2:1 give a,b,a,c,a,b — spread, never bursts.
        total = sum(t.weight for t in usable)
        best: TokenDef | None = None
        for t in usable:
            toks[t.name]["current_weight"] += t.weight
            if best is None or toks[t.name]["current_weight"] > toks[best.name]["current_weight"]:
                best = t
        assert best is not None
        toks[best.name]["current_weight"] -= total
        return best

    def _exhausted(self, pool: PoolDef, toks: dict[str, Any], now: float,
                   exclude: set[str]) -> PoolExhausted:
        parts, waits = [], []
        for t in pool.tokens:
            st = toks[t.name]
            if t.secret is None:
                parts.append(f"{t.name}: {t.env} not set")
            elif st["status"] != "active":
                parts.append(f"{t.name}: {st['status']}")
                if st["until"] is not None:
                    waits.append(st["until"] - now)
            elif t.name in exclude:
                parts.append(f"{t.name}: failed in this call")
        return PoolExhausted(
            f"token pool '{pool.name}': no usable token left ({'; '.join(parts)})",
            retry_after=max(0.0, min(waits)) if waits else None,
            hint=f"tokens rest {int(pool.quota_cooldown)}s after quota exhaustion and "
            f"{int(pool.error_cooldown)}s after errors; add tokens or apply again later "
            f"(state: {self.state_path})",
        )

    # --- outcomes -----------------------------------------------------------------------

    def attempt(self, lease: TokenLease) -> None:
        """Count another try (a retry) on the same token."""
        atomic = self._atomic()
        if atomic is not None:
            pool = self.pool(lease.pool)
            atomic("attempt", pool.name, self.clock(), self._spec(pool), lease.name)
            return

        def op(data: dict[str, Any]) -> None:
            st = self._pool_state(data, self.pool(lease.pool))["tokens"][lease.name]
            st["requests"] += 1
            st["last_used"] = self.clock()

        self._update(op)

    def succeeded(self, lease: TokenLease) -> None:
        atomic = self._atomic()
        if atomic is not None:
            pool = self.pool(lease.pool)
            atomic("succeeded", pool.name, self.clock(), self._spec(pool), lease.name)
            return

        def op(data: dict[str, Any]) -> None:
            st = self._pool_state(data, self.pool(lease.pool))["tokens"][lease.name]
            st["last_success"] = self.clock()

        self._update(op)

    def failed(self, lease: TokenLease, kind: str, message: str,
               mark: Status | None = None) -> None:
        """Count an error on the token; ``mark`` rests it (quota_exhausted or error)."""
        pool = self.pool(lease.pool)
        atomic = self._atomic()
        if atomic is not None:
            rest = pool.quota_cooldown if mark == "quota_exhausted" else pool.error_cooldown
            atomic("failed", pool.name, self.clock(), self._spec(pool), lease.name, kind,
                   message[:300], mark or "", f"{rest:.3f}")
            return

        def op(data: dict[str, Any]) -> None:
            st = self._pool_state(data, pool)["tokens"][lease.name]
            now = self.clock()
            st["errors"] += 1
            st["last_error"] = {"at": now, "kind": kind, "message": message[:300]}
            if mark is not None:
                st["status"] = mark
                rest = pool.quota_cooldown if mark == "quota_exhausted" else pool.error_cooldown
                st["until"] = now + rest

        self._update(op)
