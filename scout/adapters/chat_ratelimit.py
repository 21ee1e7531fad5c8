"""What a Chat Completions server's 429 says: which quota ran out, and when to come back.

The wait, first found of:

* ``Retry-After`` (seconds or an HTTP date), then ``retry-after-ms`` (OpenAI, Azure);
* Google's ``RetryInfo.retryDelay`` ("4s") in the body (Gemini, natively or through its
  OpenAI-compatible endpoint);
* the reset of the limit the answer's own headers say is used up: OpenAI, Groq and
  others send ``x-ratelimit-remaining-requests`` / ``-tokens`` and
  ``x-ratelimit-reset-requests`` / ``-tokens`` as durations ("120ms", "1s", "6m0s").
  A limit with some left is not what refused the call, so its reset says nothing.

None found: the retry policy's backoff decides. A per-day quota (Google's ``QuotaFailure``
``quotaId`` "…PerDay…", back in hours) is no wait at all but an AuthError: the pool takes
the next key, the chain the next link. The retry policy caps every wait
(``retry_after_max``).
"""

from __future__ import annotations

import re
from typing import Any

import httpx

from scout.adapters.contract.http import parse_retry_after
from scout.errors import AuthError, ProviderError, RateLimited
from scout.i18n import N_

#: one part of a Go-style duration: "6m0s" is 6m + 0s, "1.5s", "120ms", "1h"
_PART = re.compile(r"(\d{1,9}(?:\.\d{1,9})?)(ms|h|m|s)")
_UNIT = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0}


def duration(value: str | None) -> float | None:
    """Seconds in a reset header's duration ("6m0s" → 360.0, "120ms" → 0.12, "2" → 2.0);
    None for anything else."""
    if not value:
        return None
    text = value.strip().lower()
    if re.fullmatch(r"\d{1,9}(?:\.\d{1,9})?", text):
        return float(text)
    if not text or _PART.sub("", text):
        return None  # something besides duration parts: not a duration
    return sum(float(n) * _UNIT[unit] for n, unit in _PART.findall(text))


def _reset(headers: httpx.Headers) -> float | None:
    """The longest reset among the limits the headers say are used up."""
    waits = []
    for limit in ("requests", "tokens"):
        left = headers.get(f"x-ratelimit-remaining-{limit}")
        if left is None or left.strip() not in ("0", "0.0"):
            continue
        wait = duration(headers.get(f"x-ratelimit-reset-{limit}"))
        if wait is not None:
            waits.append(wait)
    return max(waits) if waits else None


def _wait(response: httpx.Response, details: list[dict[str, Any]]) -> float | None:
    wait = parse_retry_after(response.headers.get("retry-after"))
    if wait is None:
        ms = duration(response.headers.get("retry-after-ms"))
        wait = ms / 1000 if ms is not None else None
    delay = next((d.get("retryDelay") for d in details
                  if str(d.get("@type", "")).endswith("RetryInfo")), None)
    if wait is None and isinstance(delay, str):
        wait = duration(delay)
    return wait if wait is not None else _reset(response.headers)


def classify_429(error: dict[str, Any], response: httpx.Response,
                 name: str) -> ProviderError | None:
    """The error for a 429 whose body is ``error`` (``{}`` when it has none): an
    AuthError for a per-day quota, a RateLimited with its wait, or None (no wait said)."""
    details = [d for d in error.get("details") or [] if isinstance(d, dict)] \
        if isinstance(error.get("details"), list) else []
    quota_ids = [str(v.get("quotaId")) for d in details
                 if isinstance(d.get("violations"), list)
                 for v in d["violations"] if isinstance(v, dict)]
    if any("PerDay" in q for q in quota_ids):
        return AuthError(f"{name}: HTTP 429 (" + N_("daily quota used up") + ")",
                         adapter=name, status=429,
                         hint=N_("the key's project has used its queries for today; add "
                                 "another key or enable billing on the project"))
    wait = _wait(response, details)
    if wait is None:
        return None
    return RateLimited(f"{name}: HTTP 429 (" + N_("rate limited") + ")", adapter=name,
                       status=429, retry_after=wait)
