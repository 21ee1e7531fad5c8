"""Which links a phase calls: its ``chain:``, its inline ``adapters:``, or the default
chain of what its step kind does (its capability: search, fetch, synthesize...).

The providers layer does not know step kinds: whoever builds it (``scout.api``) passes
``capability_of(uses) -> capability | None``, read from the step registry.
"""

from __future__ import annotations

from collections.abc import Callable

from scout.config.models import ChainLink, Config
from scout.config.adaptertypes import ADAPTER_TYPES
from scout.spec.models import Phase

#: ``capability_of(phase.uses)``: what a step kind asks adapters for (None: nothing)
CapabilityOf = Callable[[str], "str | None"]

#: the chain a phase without ``chain:``/``adapters:`` uses, by its step's capability
DEFAULT_CHAIN_NAMES = {"search": "web", "fetch": "pages", "videos": "video",
                       "transcripts": "transcripts", "synthesize": "synthesis",
                       "email": "email", "images": "images", "thumbnail": "thumbnails"}


def links_for_phase(config: Config, phase: Phase, capability_of: CapabilityOf | None
                    ) -> tuple[str | None, tuple[ChainLink, ...]] | None:
    """The (chain name, links) a phase uses; None when its step calls no adapters (or,
    without ``capability_of``, when the phase names neither a chain nor adapters)."""
    if phase.chain is not None:
        return phase.chain, config.chains.get(phase.chain, ())
    if phase.adapters:
        return None, tuple(ChainLink.parse(a) for a in phase.adapters)
    capability = capability_of(phase.uses) if capability_of is not None else None
    if capability is None:
        return None
    preferred = DEFAULT_CHAIN_NAMES.get(capability)
    if preferred in config.chains:
        return preferred, config.chains[preferred]
    for cname, links in config.chains.items():
        if links and all(
                lk.adapter in config.adapters
                and ADAPTER_TYPES[config.adapters[lk.adapter].type].capability == capability
                for lk in links):
            return cname, links
    for aname, settings in config.adapters.items():
        if ADAPTER_TYPES[settings.type].capability == capability:
            return None, (ChainLink(aname),)
    return None
