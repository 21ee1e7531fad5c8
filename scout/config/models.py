"""Models of ``config/adapters.yaml``: adapters, named failover chains, runtime knobs.

A chain is an ordered list of adapter names. A link written ``name?`` is *used when
configured*: when its credentials are absent it is skipped (visibly) instead of failing
preflight. That is how the shipped chains run with no keys at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field

from scout.adapters.settings import AdapterSettings
from scout.spec.models import StrictModel


class CurrencyTable(StrictModel):
    """Dated conversion rates: 1 ``base`` = rate x other currency."""

    as_of: str = Field(description="date the rates were read, e.g. 2026-11-01")
    base: str = Field(pattern=r"^[A-Z]{3}$")
    rates: dict[str, float] = Field(default_factory=dict)
    source: str | None = None


class ConfigDoc(StrictModel):
    """The raw document; each adapter's settings are validated by its type's model."""

    api_version: Literal["scout/v1"] = Field(alias="apiVersion")
    kind: Literal["Config"] = "Config"
    max_workers: int = Field(default=8, ge=1, le=256)
    adapters: dict[str, dict[str, Any]] = Field(default_factory=dict)
    chains: dict[str, list[str]] = Field(default_factory=dict)
    currency: CurrencyTable | None = None


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

    def chain(self, name: str) -> tuple[ChainLink, ...]:
        return self.chains[name]
