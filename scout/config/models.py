"""Models of ``config/adapters.yaml``: adapters, named failover chains, runtime knobs.

A chain is an ordered list of adapter names. A link written ``name?`` is *used when
configured*: when its credentials are absent it is skipped (visibly) instead of failing
preflight. That is how the shipped chains run with no keys at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from scout.config.settings import AdapterSettings
from scout.spec.basics import StrictModel, new_dict


class CurrencyTable(StrictModel):
    """Dated conversion rates: 1 ``base`` = rate x other currency."""

    as_of: str = Field(description="date the rates were read, e.g. 2026-11-01")
    base: str = Field(pattern=r"^[A-Z]{3}$")
    # a rate of 0, below 0, inf or NaN turned prices into 0 (free), negative (cheapest of
    # all) or no number at rank time, silently: it is a config error, located
    rates: dict[str, Annotated[float, Field(gt=0, allow_inf_nan=False)]] = Field(
        default_factory=new_dict)
    source: str | None = None

    @field_validator("rates")
    @classmethod
    def _codes(cls, rates: dict[str, float]) -> dict[str, float]:
        return iso_keyed(rates)


def iso_keyed(rates: dict[str, float]) -> dict[str, float]:
    """``rates`` when every key is an ISO 4217 code, else a ValueError naming the others."""
    # prices carry upper-case ISO 4217 codes: a key "usd" or "US$" was loaded and never
    # matched one, so every USD price stayed unconverted without a word
    wrong = [k for k in rates if not re.fullmatch(r"[A-Z]{3}", k)]
    if wrong:
        raise ValueError("rates are keyed by ISO 4217 codes (three capital letters): "
                         + ", ".join(f"'{k}'" + (f" (write '{k.upper()}')"
                                                 if re.fullmatch(r"[A-Za-z]{3}", k) else "")
                                     for k in wrong))
    return rates


#: dtype spellings accepted in ``ml.dtype`` → the canonical torch name
DTYPE_ALIASES = {
    "auto": "auto",
    "float32": "float32", "fp32": "float32",
    "float16": "float16", "fp16": "float16", "half": "float16",
    "bfloat16": "bfloat16", "bf16": "bfloat16",
}


class MLSettings(StrictModel):
    """``ml:`` — the optional local model (``pip install "scout[ml]"``, docs/ml.md)."""

    device: str = Field(
        default="auto", pattern=r"^(auto|cpu|mps|cuda(:\d+)?)$",
        description="auto picks CUDA, then Apple MPS, then CPU; or force cpu, mps, cuda, cuda:N",
    )
    dtype: str = Field(
        default="auto",
        description="auto: bf16 where the GPU has it natively, fp16 on older CUDA and MPS, "
                    "fp32 on CPU; or force float32|float16|bfloat16 (refused where not native)",
    )
    model: str = Field(
        default="all-MiniLM-L6-v2",
        description="sentence-transformers model: a name (all-MiniLM-L6-v2 loads the copy "
                    "bundled with the ml extra) or a local folder, relative to the root",
    )
    allow_download: bool = Field(
        default=False,
        description="let a model name that is not on disk be downloaded from the Hugging Face "
                    "hub; off by default, so runs never reach the network for a model",
    )
    batch_size: int = Field(default=32, ge=1, le=4096, description="texts per forward pass")
    cache: bool = Field(
        default=True, description="keep embeddings in runtime/embeddings.sqlite3 by text hash"
    )

    @field_validator("dtype")
    @classmethod
    def _dtype(cls, v: str) -> str:
        canon = DTYPE_ALIASES.get(v.strip().lower())
        if canon is None:
            raise ValueError(f"unknown dtype '{v}'; use auto, float32, float16 or bfloat16")
        return canon


class ExecutorSettings(StrictModel):
    """``executor:`` — where phases and fan-out items run (orchestrator/executor.py)."""

    kind: str = Field(default="local", description="local: threads of the scout process; "
                      "dask: a Dask distributed cluster (the 'dist' extra)")
    address: str | None = Field(
        default=None, description="dask: 'local:N' (a LocalCluster of N worker processes "
        "on 127.0.0.1) or a scheduler address 'tcp://host:8786'")
    threads_per_worker: int | None = Field(default=None, ge=1, le=64,
                                           description="dask local:N: threads per worker")
    settings: dict[str, Any] = Field(default_factory=new_dict,
                                     description="options of that executor kind")

    @field_validator("address")
    @classmethod
    def _address(cls, v: str | None) -> str | None:
        # the dask executor parses it again (CFG051); here `scout validate` sees it first
        if v is not None and not re.match(r"^(local:\d{1,3}|(tcp|tls|ws|wss)://[^\s/]+)$",
                                          v.strip()):
            raise ValueError(f"{v!r} is not 'local:N' (N worker processes on this machine) "
                             "or a Dask scheduler address like 'tcp://host:8786'")
        return v.strip() if v is not None else v

    def options(self) -> dict[str, Any]:
        """What the executor factory gets: ``settings`` plus the named fields set."""
        out = dict(self.settings)
        if self.address is not None:
            out["address"] = self.address
        if self.threads_per_worker is not None:
            out["threads_per_worker"] = self.threads_per_worker
        return out


#: backend names; a ``redis://`` / ``rediss://`` / ``unix://`` URL selects redis
BACKENDS = ("local", "memory", "redis://host:port/db")
REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


def check_backend(backend: str) -> str | None:
    """None when ``backend`` names a backend, else the problem (with a did-you-mean)."""
    if backend in ("local", "memory") or backend.startswith(REDIS_SCHEMES):
        return None
    from scout.suggest import did_you_mean
    hint = did_you_mean(backend, ("local", "memory", "redis"), what="quota backends")
    return (f"unknown quota backend '{backend}' (valid: local, memory, "
            f"redis://host:port/db)" + (f"; {hint}" if hint else ""))



class QuotaSettings(StrictModel):
    """``quota:`` — where rate caps, breaker, budget and claims are kept (scout/quota/)."""

    backend: str = Field(default="local",
                         description="local: SQLite under runtime/ (every process on this "
                                     "machine); redis://host:port/db: every machine; "
                                     "memory: this process only. SCOUTE_QUOTA_URL overrides")
    headroom: float = Field(default=1.0, gt=0, le=1,
                            description="fraction of each rate cap actually used (e.g. "
                                        "0.95: strict providers answer 429 at the edge)")
    claim_lease: float = Field(default=300.0, gt=0, le=86400,
                               description="seconds a claim on a paid request lasts when "
                                           "its process dies before releasing it")
    claims: bool = Field(default=True,
                         description="one payer per request: false turns the claims off "
                                     "(only benchmarks/scaleout.py should want that: "
                                     "workers asking the same request then each pay)")

    @field_validator("backend")
    @classmethod
    def _backend(cls, v: str) -> str:
        problem = check_backend(v)
        if problem is not None:
            raise ValueError(problem)
        return v


class ConfigDoc(StrictModel):
    """The raw document; each adapter's settings are validated by its type's model."""

    api_version: Literal["scout/v1"] = Field(alias="apiVersion")
    kind: Literal["Config"] = "Config"
    max_workers: int = Field(default=8, ge=1, le=256)
    adapters: dict[str, dict[str, Any]] = Field(default_factory=new_dict)
    chains: dict[str, list[str]] = Field(default_factory=new_dict)
    currency: CurrencyTable | None = None
    #: the tax (VAT, IVA, sales tax) rate in percent for prices in each currency, to put a
    #: price said "+ IVA" and one said "IVA incluido" on one basis before they are compared
    tax_rates: dict[str, Annotated[float, Field(ge=0, lt=100, allow_inf_nan=False)]] = Field(
        default_factory=new_dict)
    ml: MLSettings = Field(default_factory=MLSettings)
    executor: ExecutorSettings = Field(default_factory=ExecutorSettings)
    quota: QuotaSettings = Field(default_factory=QuotaSettings)
    #: the language of a request that shows neither (a bare "Málaga"): its report's
    #: language; a request with English or Spanish words is read as written
    default_lang: Literal["en", "es"] = "en"

    @field_validator("tax_rates")
    @classmethod
    def _tax_codes(cls, rates: dict[str, float]) -> dict[str, float]:
        return iso_keyed(rates)


@dataclass(frozen=True)
class ChainLink:
    adapter: str
    when_configured: bool = False

    @classmethod
    def parse(cls, text: str) -> "ChainLink":
        return cls(text.rstrip("?"), text.endswith("?"))

    def __str__(self) -> str:
        return self.adapter + ("?" if self.when_configured else "")


@dataclass(frozen=True)
class Config:
    """A validated config: typed adapter settings and parsed chains."""

    path: str
    max_workers: int
    adapters: dict[str, AdapterSettings]
    chains: dict[str, tuple[ChainLink, ...]]
    currency: CurrencyTable | None = None
    ml: MLSettings = field(default_factory=MLSettings)
    tax_rates: dict[str, float] = field(default_factory=dict)
    executor: ExecutorSettings = field(default_factory=ExecutorSettings)
    quota: QuotaSettings = field(default_factory=QuotaSettings)
    default_lang: str = "en"

    def chain(self, name: str) -> tuple[ChainLink, ...]:
        return self.chains[name]
