"""One chain link's call path: token pool → retry → budget → rate cap → adapter → cache →
journal + cost.

Every try is one journal line:

==============  ==============================================================
result          meaning
==============  ==============================================================
ok              the adapter answered (zero results included); cost recorded
retry           the try failed and the same adapter/token is tried again after
                ``response_summary.wait_ms``
token_rotated   the token failed for good (401/403, or 429/5xx after retries); it
                is marked in the pool and the next token is tried
error           the link failed; the chain decides whether the next link is tried
budget_exceeded the request's estimate did not fit what the mission's (or batch's)
                cap had left: it was not sent; ``response_summary`` has
                ``estimate_usd``, ``left_usd``, ``cap_usd``, ``spent_usd``, ``held_usd``
sent            a *paid* request (an adapter whose tariff prices it above 0) is about to
                leave, its estimate held against the caps (``estimate_usd``);
                ``response_summary.call`` is its id, and the line that ends the
                try (ok, retry, token_rotated, error) carries the same id. A ``sent``
                line without such a line is a call *in doubt* (scout.audit.in_doubt)
==============  ==============================================================

Adapters raise ``ProviderError`` subclasses; anything else they raise (a parser bug) is
turned into a ``ParseError`` here, chained with ``from``, so that the chain fails over
instead of crashing the run.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any, Literal

from scout.errors import (AuthError, BudgetExceeded, Cancelled, ParseError, PoolExhausted,
                          ProviderError, RateLimited, ScoutError, Unavailable)
from scout.adapters.contract import LinkAttempt, Reply, Request, Secret, Usage
from scout.i18n import N_
from scout.providers.cost import FAILED, Cost, compute_cost
from scout.providers.pool import TokenLease
from scout.providers.retry import Retrier, RetryEvent
from scout.providers.services import LinkServices
from scout.spec.basics import RetryPolicy


@dataclass
class CallContext:
    """What every journal line of one gateway call shares."""

    phase: str
    chain: str | None
    request: Request
    request_doc: dict[str, Any]  # redacted
    retry: RetryPolicy | None = None  # the phase's override of the adapter's policy
    position: int = 0
    #: this call's claim replaced one whose process died (that call may be in doubt)
    claim_taken_over: bool = False


@dataclass
class LinkResult:
    attempt: LinkAttempt
    reply: Reply[Any] | None = None
    error: ProviderError | None = None
    cost: Cost = FAILED


class _TriesFailed(Exception):
    """A link's retries ran out: the last error and how many tries it took (internal to
    this module; the caller unwraps it into the LinkAttempt)."""

    def __init__(self, error: ProviderError, tries: int) -> None:
        super().__init__(error.message)
        self.error = error
        self.tries = tries


@dataclass
class _Try:
    """What the last try saw, for its journal line."""

    status: int | None = None
    duration_ms: int = 0
    rate_wait_ms: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    #: what the try was charged though it failed (ProviderError.paid), on its line
    paid: Cost | None = None


def error_doc(exc: BaseException) -> dict[str, Any]:
    if isinstance(exc, ScoutError):
        doc: dict[str, Any] = {"kind": getattr(exc, "kind", type(exc).__name__.lower()),
                               "code": exc.code, "message": exc.message}
        status = getattr(exc, "status", None)
        if status is not None:
            doc["status"] = status
        return doc
    return {"kind": type(exc).__name__, "code": None, "message": str(exc)}


def _paid_cost(exc: BaseException, tariff: Any) -> Cost | None:
    """What a failed try was charged: the usage a ProviderError says was paid for before
    it was raised (``ProviderError.paid``), priced by the tariff; None when nothing was."""
    usage = getattr(exc, "paid", None) if isinstance(exc, ProviderError) else None
    return compute_cost(usage, tariff) if isinstance(usage, Usage) else None


class LinkCaller:
    """Runs one adapter for one request, with its token pool, retries and rate cap."""

    def __init__(self, services: LinkServices) -> None:
        self.services = services

    # --- journaling -----------------------------------------------------------------

    def _entry(self, ctx: CallContext, adapter: str, result: str, *, token: str | None,
               t: _Try | None = None, error: BaseException | None = None,
               cost: Cost = FAILED, answered: bool = False, attempt: int | None = None,
               **summary: Any) -> dict[str, Any]:
        resp: dict[str, Any] = {}
        if t is not None:
            resp = {"status": t.status, "items": None, "duration_ms": t.duration_ms,
                    "rate_wait_ms": t.rate_wait_ms, **t.extra}
        if attempt is not None:
            resp["attempt"] = attempt
        resp.update(summary)
        return self.services.ledger.entry(
            phase=ctx.phase, adapter=adapter, action=ctx.request.action, token_name=token,
            request=ctx.request_doc, response_summary=resp, result=result,
            error=error_doc(error) if error is not None else None, cost=cost,
            chain={"name": ctx.chain, "position": ctx.position,
                   "answered_by": adapter if answered else None},
        )

    def line(self, ctx: CallContext, adapter: str, result: str, **kw: Any) -> None:
        """Journal one line about this call (see :meth:`_entry` for the fields)."""
        self.services.ledger.append(self._entry(ctx, adapter, result, **kw))

    # --- the path -------------------------------------------------------------------

    def call(self, adapter_name: str, ctx: CallContext) -> LinkResult:
        sv = self.services
        settings = sv.config.adapters[adapter_name]
        pool_name = settings.credentials.pool if settings.credentials else None
        if pool_name and not sv.credentials.replaying:
            return self._call_pooled(adapter_name, pool_name, ctx)
        secret = sv.credentials.credential(adapter_name)
        token = secret.name if secret is not None else None
        attempt = LinkAttempt(adapter_name, "error", token_name=token)
        try:
            reply, cost, tries = self._with_retry(adapter_name, ctx, secret, None)
        except _TriesFailed as failed:
            exc = failed.error
            attempt.tries, attempt.error = failed.tries, exc.kind
            attempt.message = sv.ledger.safe_text(exc.message)
            return LinkResult(attempt, error=exc)
        attempt.result, attempt.tries = "ok", tries
        return LinkResult(attempt, reply=reply, cost=cost)

    def _call_pooled(self, adapter_name: str, pool_name: str, ctx: CallContext) -> LinkResult:
        sv = self.services
        pool = sv.credentials.token_pool()
        tried: set[str] = set()
        total_tries = 0
        attempt = LinkAttempt(adapter_name, "error")
        while True:
            try:
                lease = pool.pick(pool_name, exclude=tried)
            except PoolExhausted as exc:
                exc.adapter = adapter_name
                self.line(ctx, adapter_name, "error", token=None, error=exc)
                attempt.tries, attempt.error = total_tries, exc.kind
                attempt.message = sv.ledger.safe_text(exc.message)
                return LinkResult(attempt, error=exc)
            attempt.token_name = lease.name
            try:
                reply, cost, tries = self._with_retry(adapter_name, ctx, lease.secret, lease)
            except _TriesFailed as failed:
                err = failed.error
                total_tries += failed.tries
                mark: Literal["quota_exhausted", "error"] | None = (
                    "quota_exhausted" if isinstance(err, (AuthError, RateLimited))
                    else "error" if isinstance(err, Unavailable) else None)
                pool.failed(lease, err.kind, sv.ledger.safe_text(err.message), mark)
                if mark is not None:
                    tried.add(lease.name)
                    continue
                attempt.tries, attempt.error = total_tries, err.kind
                attempt.message = sv.ledger.safe_text(err.message)
                return LinkResult(attempt, error=err)
            pool.succeeded(lease)
            attempt.result, attempt.tries = "ok", total_tries + tries
            return LinkResult(attempt, reply=reply, cost=cost)

    def _with_retry(self, adapter_name: str, ctx: CallContext, secret: Secret | None,
                    lease: TokenLease | None) -> tuple[Reply[Any], Cost, int]:
        sv = self.services
        settings = sv.config.adapters[adapter_name]
        adapter = sv.adapters.get(adapter_name)
        token = lease.name if lease else (secret.name if secret else None)
        retrier = Retrier(ctx.retry or settings.retry, retry_after_max=settings.retry_after_max,
                          sleep=sv.timing.sleep, rng=sv.timing.rng, cancel=sv.closed)
        last = _Try()
        tries = 0
        # what this request is estimated to cost at most (its prompt, its max_tokens):
        # held against the caps before each try leaves, replaced by what it cost
        estimate = sv.adapters.estimate(adapter_name, ctx.request)
        paid = estimate if estimate > 0 and not sv.adapters.replaying else None
        held: list[str | None] = []  # the answering try's reservation, settled below

        def once(n: int) -> Reply[Any]:
            nonlocal last, tries
            tries = n
            last = _Try()
            if n > 1 and lease is not None:
                sv.credentials.token_pool().attempt(lease)
            try:
                reservation = sv.budget.reserve(adapter_name, estimate)
            except BudgetExceeded as exc:
                self.line(ctx, adapter_name, "budget_exceeded", token=token, error=exc,
                          attempt=n, **(exc.refused or {}))
                raise
            try:
                reply = self._send(adapter_name, adapter, ctx, secret, token, last, n, paid)
            except BaseException as exc:
                spent = _paid_cost(exc, settings.tariff)
                if spent is not None:
                    # the adapter was answered, and paid, before it refused the answer
                    # (one in the wrong language twice, one citing nothing): charged as
                    # an answer is, and said on the try's journal line
                    sv.budget.add(spent, reservation)
                    last.paid = spent
                    raise
                # a failed try costs nothing (the providers priced here do not bill
                # failures): its hold goes back at once, so a retry or another worker
                # can use it
                sv.budget.release(reservation)
                raise
            held.append(reservation)
            return reply

        def on_retry(ev: RetryEvent) -> None:
            self.line(ctx, adapter_name, "retry", token=token, t=last, error=ev.error,
                       attempt=ev.attempt, wait_ms=round(ev.wait * 1000),
                       **({"cost": last.paid} if last.paid is not None else {}))

        try:
            reply = retrier.run(once, on_retry)
        except BaseException as exc:
            if not isinstance(exc, ProviderError):
                raise
            rotated = lease is not None and isinstance(exc, (AuthError, RateLimited, Unavailable))
            self.line(ctx, adapter_name, "token_rotated" if rotated else "error", token=token,
                       t=last, error=exc, attempt=tries,
                       **({"cost": last.paid} if last.paid is not None else {}))
            raise _TriesFailed(exc, tries) from exc
        cost = compute_cost(reply.usage, settings.tariff)
        sv.budget.add(cost, held[-1] if held else None)
        summary: dict[str, Any] = {"items": reply.items}
        if reply.usage.credits is not None:
            summary["credits"] = reply.usage.credits
        if reply.usage.input_tokens is not None or reply.usage.output_tokens is not None:
            summary["tokens"] = {"input": reply.usage.input_tokens,
                                 "output": reply.usage.output_tokens}
        for k, v in (reply.meta or {}).items():
            if isinstance(v, (str, int, float, bool)) or v is None:
                summary.setdefault(k, v)
        entry = self._entry(ctx, adapter_name, "ok", token=token, t=last, cost=cost,
                            answered=True, attempt=tries, **summary)
        # cache before journaling: once the 'ok' line (the record that it was paid) is
        # written, a resumed run must find the answer in the cache, whenever this process
        # dies. The line goes into the cache with the answer until it is written, so a
        # kill between the two cannot lose it either (answers.recover_pending).
        key = sv.answers.put(adapter_name, ctx.request, reply, pending=entry)
        sv.ledger.append(entry)
        if key is not None:
            sv.answers.settle(key)
        return reply, cost, tries

    def _send(self, adapter_name: str, adapter: Any, ctx: CallContext,
              secret: Secret | None, token: str | None, last: _Try, n: int,
              paid: float | None) -> Reply[Any]:
        """One try past the budget: the rate cap, the 'sent' line of a paid request, the
        adapter."""
        sv = self.services
        last.rate_wait_ms = round(sv.limiters.acquire(adapter_name) * 1000)
        if sv.closed.is_set():  # woke in the limiter after the run closed its clients
            raise Cancelled(f"{adapter_name}: not sent, the run is shutting down")
        if paid is not None:
            # a paid request is journaled *before* it leaves: if the process dies
            # before its answer is recorded, the 'sent' line stays unanswered and the
            # audit reports the call as in doubt (it may have been billed)
            call_id = uuid.uuid4().hex[:16]
            last.extra["call"] = call_id
            self.line(ctx, adapter_name, "sent", token=token, attempt=n, call=call_id,
                      estimate_usd=round(paid, 8),
                      **({"claim_taken_over": True} if ctx.claim_taken_over else {}))
        t0 = sv.timing.monotonic()
        try:
            reply = sv.adapters.invoke(adapter, ctx.request, secret)
        except ProviderError as exc:
            last.status = exc.status
            raise
        except ScoutError:
            raise
        except Exception as exc:  # an adapter bug: fail over rather than crash the run
            if sv.closed.is_set():  # the client closed under the call: not a parse error
                raise Cancelled(N_("{adapter}: cut short, the run is shutting down").format(
                    adapter=adapter_name)) from exc
            raise ParseError(N_("{adapter}: adapter failed ({error})").format(
                adapter=adapter_name, error=f"{type(exc).__name__}: "
                                            f"{sv.ledger.safe_text(str(exc))[:200]}"),
                             adapter=adapter_name) from exc
        finally:
            last.duration_ms = round((sv.timing.monotonic() - t0) * 1000)
        last.status = reply.status
        return reply
