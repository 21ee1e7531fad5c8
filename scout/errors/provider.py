"""Failed external calls (exit 3), classified for retry and failover: each class names
its ``kind`` (what ``retry.on`` lists) and whether it is worth retrying."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scout.errors.base import EXIT_PROVIDER, ScoutError


class ProviderError(ScoutError):
    """An external call failed. Subclasses classify the failure for retry and failover."""

    code = "PRV000"
    exit_code = EXIT_PROVIDER
    retryable: bool = False
    #: the name used in ``retry.on`` and in the journal; each subclass declares its own
    kind: str = "provider_error"

    def __init__(
        self,
        message: str,
        *,
        adapter: str | None = None,
        status: int | None = None,
        retry_after: float | None = None,
        hint: str | None = None,
        code: str | None = None,
    ) -> None:
        super().__init__(message, hint=hint, code=code)
        self.adapter = adapter
        self.status = status
        self.retry_after = retry_after
        #: what was paid for before this error was raised (a Usage: an answer the
        #: adapter received and refused, a request it sent again), charged by the
        #: providers layer as an answer's usage is; None: nothing
        self.paid: Any = None


class Unavailable(ProviderError):
    """Timeouts, connection errors and 5xx answers: worth retrying, then failing over."""

    code = "PRV001"
    kind = "unavailable"
    retryable = True


class Unreachable(Unavailable):
    """The provider could not be reached at all (no route, name not resolved, connection
    refused): usually this machine is offline. Retried like ``unavailable``; the run
    says it once per adapter, with a hint, instead of once per call."""

    code = "PRV020"

    #: what to do about it, shown once per adapter
    HINT = ("check the network connection (or a proxy or firewall in the way); to run "
            "without network, replay a recording: scout apply ... --replay DIR")


class RateLimited(ProviderError):
    """429 or a bot-challenge page. Retried with Retry-After honoured; opens the breaker.

    ``challenge=True`` marks a bot-challenge page: it is not retried on the spot (asking
    again within seconds is what bots do and gets an address blocked for longer); the
    chain fails over and the circuit breaker rests the adapter at once.
    """

    code = "PRV002"
    kind = "rate_limited"
    retryable = True

    def __init__(
        self,
        message: str,
        *,
        adapter: str | None = None,
        status: int | None = None,
        retry_after: float | None = None,
        hint: str | None = None,
        code: str | None = None,
        challenge: bool = False,
    ) -> None:
        super().__init__(message, adapter=adapter, status=status, retry_after=retry_after,
                         hint=hint, code=code)
        self.challenge = challenge


class AuthError(ProviderError):
    """401/403: the credential is wrong or out of quota. Never retried with the same token."""

    code = "PRV003"
    kind = "auth_error"


class Rejected(ProviderError):
    """Any other 4xx: the request itself is wrong. Never retried."""

    code = "PRV004"
    kind = "rejected"


class ParseError(ProviderError):
    """The response could not be read (unknown markup, broken JSON). Fails over."""

    code = "PRV005"
    kind = "parse_error"


class PoolExhausted(ProviderError):
    """Every token in a pool is exhausted or in error; the phase becomes failed_retryable."""

    code = "PRV006"
    kind = "pool_exhausted"
    retryable = True


class ReplayMiss(ProviderError):
    """``--replay`` was asked for a request the cassette does not hold."""

    code = "PRV007"
    kind = "replay_miss"


class Blocked(ProviderError):
    """A request refused locally before it left (SSRF guard, oversize body, bad type)."""

    code = "PRV008"
    kind = "blocked"


class ChainFailed(ProviderError):
    """A failover chain's call failed: every link failed, or one failed in a way that
    does not fail over (a rejected request, a refused one, a replay miss).

    ``cause`` is the deciding error (the last retryable one, else the last one); the
    kind, retryability, code, status and hint are the cause's, so a phase ends
    ``failed_retryable`` whenever trying again later could help and its record names the
    actionable code (e.g. PRV006 for an exhausted pool). ``links`` are the chain's
    ``LinkAttempt``s in order (what each link did). ``PRV021`` is the class's own code,
    shown only when no cause decided (never, in scout's own chains)."""

    code = "PRV021"

    def __init__(self, message: str, *, cause: ProviderError,
                 links: Sequence[Any] = ()) -> None:
        super().__init__(message, adapter=cause.adapter, status=cause.status,
                         retry_after=cause.retry_after, hint=cause.hint, code=cause.code)
        self.cause = cause
        self.links: tuple[Any, ...] = tuple(links)
        self.kind = cause.kind
        self.retryable = cause.retryable


#: Names accepted by ``retry.on`` in a pipeline spec.
ERROR_KINDS: tuple[str, ...] = (
    "unavailable",
    "rate_limited",
    "auth_error",
    "rejected",
    "parse_error",
    "pool_exhausted",
    "timeout",
    "step_error",
)
