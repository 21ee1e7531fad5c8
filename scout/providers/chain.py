"""Failover chains: a phase's gateway to its links.

A :class:`ChainGateway` is a phase's door to its chain (``scout.stepkit.context.Gateway``).
``call(request)`` goes:

1. links whose credentials are absent: a ``name?`` link is skipped (visibly: a journal
   line with result ``skipped``, once per phase, and a ``LinkAttempt``); a required one is
   a configuration error (preflight normally catches it first);
2. the links in order; for each, first its cache entry (a hit answers at zero cost,
   ``cache_hit``, so a re-applied mission does not ask again for a request it has the
   answer to), then the adapter itself through :class:`LinkCaller` (pool, retries, rate
   cap). A lower link's cached answer is used only when every link above it failed.

Failover rules (seed, not negotiable): zero results is an answer and never advances the
chain. ``ParseError``, ``RateLimited``, ``Unavailable``, ``AuthError`` (and
``PoolExhausted``, a pool's form of it) advance to the next link. Anything else
(``Rejected``: the request itself is wrong; ``Blocked``; ``ReplayMiss``) is raised at once.
When every link failed, the error raised is the last retryable one (else the last one),
with a message naming every link's failure, so a phase ends failed_retryable whenever
trying again later could help. Either way the gateway raises :class:`ChainFailed`, whose
``cause`` is that error and whose ``links`` are the LinkAttempts.

The cost cap (``max_cost``, scout.providers.cost.BudgetTracker) refuses a paid link whose
estimate does not fit what is left; the chain then tries its next link (a keyless one is
never refused), and raises that ``BudgetExceeded`` (RUN004, exit 4) only when no link
below answered.

Circuit breaker (scout.providers.breaker): a link that finally fails with ``RateLimited``
(e.g. DuckDuckGo's 202 challenge page) is skipped for its ``breaker_cooldown``; each skip
is journaled with result ``circuit_open``.

A gateway reads only the :class:`~scout.providers.services.LinkServices` it is given.
"""

from __future__ import annotations

from typing import Any

from scout.adapters.contract import ChainOutcome, LinkAttempt, Request
from scout.config.models import ChainLink
from scout.errors import (BudgetExceeded, ChainFailed, ConfigError, NoUsableLink, ProviderError,
                          RateLimited)
from scout.i18n import N_
from scout.providers.cost import CACHE
from scout.providers.link import CallContext, LinkCaller
from scout.providers.services import LinkServices
from scout.spec.basics import RetryPolicy

#: error kinds that move a chain to its next link
ADVANCES = frozenset({"parse_error", "rate_limited", "unavailable", "auth_error",
                      "pool_exhausted"})


def failure_status(exc: BaseException) -> str:
    """The PhaseStatus a phase ends in when a gateway call raised ``exc``.

    Retryable errors (Unavailable, RateLimited, PoolExhausted, and a chain whose last
    retryable link failed) mean trying again later can help: ``failed_retryable``.
    """
    return "failed_retryable" if getattr(exc, "retryable", False) else "failed_terminal"


def _summary(attempts: list[LinkAttempt]) -> str:
    # a msgid (scout.i18n): the report shows the failure kind in the reader's language
    # ("tavily: no disponible (…)") and the link's own message localised where it can be
    parts = []
    for a in attempts:
        what = a.error if a.result == "error" else a.result
        if a.result not in ("error", "skipped", "circuit_open"):
            continue
        parts.append(N_("{adapter}: {error} ({message})").format(
            adapter=a.adapter, error=what, message=a.message) if a.message
            else f"{a.adapter}: {what}")
    return "; ".join(parts)


class ChainGateway:
    """Runs requests through one phase's failover chain."""

    def __init__(self, services: LinkServices, phase_id: str, chain_name: str | None,
                 links: tuple[ChainLink, ...], retry: RetryPolicy | None = None) -> None:
        if not links:
            raise ConfigError(f"phase '{phase_id}': the chain has no links", code="CFG010")
        self.services = services
        self.phase_id = phase_id
        self.chain_name = chain_name
        self.links = links
        self.retry = retry
        self.caller = LinkCaller(services)

    def __repr__(self) -> str:
        return (f"ChainGateway(phase={self.phase_id!r}, chain={self.chain_name!r}, "
                f"links={[str(x) for x in self.links]})")

    def _usable(self, ctx: CallContext, attempts: list[LinkAttempt]) -> list[tuple[int, str]]:
        usable: list[tuple[int, str]] = []
        for pos, link in enumerate(self.links):
            av = self.services.credentials.availability(link.adapter)
            reason = av.reason
            if av.ok:
                usable.append((pos, link.adapter))
                continue
            if not link.when_configured:
                raise ConfigError(
                    f"phase '{self.phase_id}': adapter '{link.adapter}' cannot run: {reason}",
                    hint=self.services.credentials.hint(link.adapter), code="CFG010")
            attempts.append(LinkAttempt(link.adapter, "skipped", message=reason))
            self.services.book.note_skip(self.phase_id, self.chain_name, pos, link.adapter, reason or "",
                              ctx.request)
        if not usable:
            raise NoUsableLink(
                f"phase '{self.phase_id}': no adapter of chain "
                f"'{self.chain_name or self.links}' is usable ({_summary(attempts)})",
                hint=N_("set the credentials of at least one link, or add a keyless adapter"))
        return usable

    def _cached(self, ctx: CallContext, name: str, hit: Any, attempts: list[LinkAttempt],
                **summary: Any) -> ChainOutcome[Any]:
        attempts.append(LinkAttempt(name, "cache_hit"))
        self.caller.line(ctx, name, "cache_hit", token=None, cost=CACHE, answered=True,
                          items=hit.items, status=hit.status, **summary)
        self.services.book.note_answer(name)
        return ChainOutcome(hit.value, name, self.chain_name, attempts, 0.0, True,
                            dict(hit.meta))

    def call(self, request: Request) -> ChainOutcome[Any]:
        sv = self.services
        ctx = CallContext(self.phase_id, self.chain_name, request,
                          sv.ledger.redact_request(request), self.retry)
        attempts: list[LinkAttempt] = []
        usable = self._usable(ctx, attempts)

        errors: list[ProviderError] = []
        waits: list[float] = []
        refused: BudgetExceeded | None = None  # the first link the cost cap refused
        for pos, name in usable:
            ctx.position = pos
            # the cache in this link's turn: a hit makes no request (no rate token, no
            # cost), but a lower link's old answer never beats a link above it that is
            # configured now (a key set after a keyless run is used at once)
            hit = sv.answers.get(name, request)
            if hit is not None:
                return self._cached(ctx, name, hit, attempts)
            left = sv.breaker.remaining(name)
            if left > 0:
                waits.append(left)
                attempts.append(LinkAttempt(name, "circuit_open",
                                            message=f"rate limited; skipped for {left:.0f}s"))
                self.caller.line(ctx, name, "circuit_open", token=None,
                                  cooldown_left_s=round(left, 3))
                continue
            # one payer per request: another worker paying for it now answers us too
            claim, shared = sv.answers.claim(name, request)
            if shared is not None:
                return self._cached(ctx, name, shared, attempts, claimed_by_other=True)
            ctx.claim_taken_over = bool(claim is not None and claim.taken_over)
            try:
                res = self.caller.call(name, ctx)
            except BudgetExceeded as over:
                # the cap refused this link's estimate before it left: a link below it
                # may still answer (a keyless one costs nothing and is never refused);
                # the refusal stops the mission only when none does
                attempts.append(LinkAttempt(name, "budget_exceeded", message=over.message))
                refused = refused or over
                continue
            finally:
                sv.answers.release(claim)
            attempts.append(res.attempt)
            if res.reply is not None:  # already cached by the link, before its journal line
                sv.book.note_answer(name)
                return ChainOutcome(res.reply.value, name, self.chain_name, attempts,
                                    res.cost.usd, False, dict(res.reply.meta))
            exc = res.error
            assert exc is not None
            if isinstance(exc, RateLimited) and not sv.credentials.uses_pool(name):
                sv.breaker.trip(name, sv.config.adapters[name].breaker_cooldown)
            if exc.kind not in ADVANCES:
                raise ChainFailed(exc.message, cause=exc, links=attempts) from exc
            errors.append(exc)

        if refused is not None:  # money would have answered: a clean stop at the cap
            raise refused
        # msgids (scout.i18n): the stopped report shows this message in the request's
        # language, the links' own errors as the providers wrote them
        said = {"phase": self.phase_id, "chain": self.chain_name, "links": _summary(attempts)}
        if not errors:
            cooling = RateLimited(
                (N_("phase '{phase}': every adapter of chain '{chain}' is cooling down after "
                    "rate limiting ({links})") if self.chain_name else
                 N_("phase '{phase}': every adapter of the phase's adapters is cooling down "
                    "after rate limiting ({links})")).format(**said),
                retry_after=min(waits) if waits else None,
                # one line: tests/report/test_failure_page.py finds the hint as written
                hint=N_("apply again after the cool-down (breaker_cooldown in config/adapters.yaml)"))
            raise ChainFailed(cooling.message, cause=cooling, links=attempts)
        chosen = next((e for e in reversed(errors) if e.retryable), errors[-1])
        raise ChainFailed(
            (N_("phase '{phase}': every adapter of chain '{chain}' failed: {links}")
             if self.chain_name else
             N_("phase '{phase}': every adapter of the phase's adapters failed: {links}")
             ).format(**said),
            cause=chosen, links=attempts) from chosen
