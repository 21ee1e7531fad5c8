"""``JinjaUse``: what a template or an expression refers to, as validate's checks read it.

Its own module so that both readers of a spec string, Jinja's tree walk
(scout.spec.templating) and the plain reading without Jinja (scout.spec.plainuse),
return it without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class JinjaUse:
    """What a template or expression refers to (immutable: results are cached)."""

    names: frozenset[str] = frozenset()
    attrs: tuple[tuple[str, str], ...] = ()  # (name, attribute) pairs, in source order
    filters: frozenset[str] = frozenset()
    tests: frozenset[str] = frozenset()
    #: constant expressions that cross a sandbox bound: (message, line)
    bombs: tuple[tuple[str, int], ...] = ()
    #: each filter call: (filter, its arguments as scout.spec.filtersig.call_of writes them)
    calls: tuple[tuple[str, str], ...] = ()
    #: each call of a method that changes a value in place, which the sandbox refuses
    #: when the template renders: (method, line) (SPEC091)
    inplace: tuple[tuple[str, int], ...] = ()
