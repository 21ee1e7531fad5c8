"""The answer cache as a link uses it: :class:`Answers` — look up, store and settle
answers, one payer per paid request (``scout.quota.claims``), and the journal line of
an answer whose process died between caching it and journaling it.

A replay answers from its cassette only: it never reads the shared cache (live answers
would hide what the cassette holds) and never writes it (the next live run would be
answered with the cassette's fictional data).

The cache is a file under ``runtime/`` like the journal, and no more trusted: whoever can
write it can serve any answer within ``cache_ttl``. What its pending line can add is kept
to what scout itself would have written (:func:`_recoverable`): the ``ok`` line of the
adapter that answered, in the journal's fields, scrubbed of this run's secrets, its cost
counted as any journal line's (at most one request's worth). Anything else is settled
unwritten.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scout.adapters.contract import Reply, Request
from scout.adapters.contract.redact import without_secrets
from scout.config.models import Config
from scout.fsutil import pid_alive
from scout.providers.answershape import fits
from scout.providers.cache import ReplyCache, cache_key
from scout.providers.cost import BudgetTracker, Cost
from scout.providers.journal import FIELDS, iter_journal
from scout.providers.ledger import Ledger
from scout.providers.spend import usd_of
from scout.quota.claims import Claims


def _alive(pid: Any) -> bool:
    """Whether process ``pid`` still runs (this process counts as alive: one of its
    threads is between caching an answer and journaling it)."""
    if not isinstance(pid, int) or pid <= 0:
        return False
    return pid == os.getpid() or pid_alive(pid)


def _recoverable(line: dict[str, Any], adapter: str) -> bool:
    """Whether ``line`` is one scout writes before settling an answer of ``adapter``
    (:mod:`scout.providers.link`): an ``ok`` line of that adapter naming a mission, in
    the journal's fields only. A line of another shape (another adapter's, an error, a
    field of its own) is no call this answer paid for, whoever put it in the cache."""
    return (line.get("result") == "ok" and line.get("adapter") == adapter
            and isinstance(line.get("mission_id"), str) and bool(line["mission_id"])
            and set(line) <= set(FIELDS))


class Answers:
    """Cached answers, claims and crash recovery for one run."""

    def __init__(self, cache: ReplyCache, config: Config, ledger: Ledger,
                 budget: BudgetTracker, claims: Claims, *, runtime_dir: Path,
                 paid_estimate: Callable[[str], "float | None"], no_cache: bool = False,
                 replaying: bool = False) -> None:
        self.cache = cache
        self.config = config
        self.ledger = ledger
        self.budget = budget
        self.claims = claims
        self.runtime_dir = runtime_dir
        self.paid_estimate = paid_estimate
        self.no_cache = no_cache
        self.replaying = replaying

    def _ttl(self, adapter: str) -> float:
        if self.no_cache or self.replaying:
            return 0.0
        return float(self.config.adapters[adapter].cache_ttl)

    def _key(self, adapter: str, request: Request) -> str:
        return cache_key(adapter, self.config.adapters[adapter], request, self.cache.digest)

    def get(self, adapter: str, request: Request) -> Reply[Any] | None:
        ttl = self._ttl(adapter)
        if ttl <= 0:
            return None
        found = self.cache.lookup(self._key(adapter, request), ttl)
        if found is None:
            return None
        reply, pending = found
        if pending is not None:
            self.recover_pending(self._key(adapter, request), adapter)
        if not fits(self.config.adapters[adapter].type, reply.value):
            # an entry edited to another shape than the adapter answers: a miss, asked
            # again (the answer replaces it)
            self.cache.hits -= 1
            self.cache.misses += 1
            return None
        return reply

    def put(self, adapter: str, request: Request, reply: Reply[Any],
            pending: dict[str, Any] | None = None) -> str | None:
        """Store an answer (with the journal line about to be written, ``pending``);
        returns its key, or None when the adapter does not cache."""
        if self._ttl(adapter) <= 0:
            return None
        key = self._key(adapter, request)
        self.cache.put(key, adapter, reply,
                       {"pid": os.getpid(), "line": pending} if pending is not None else None)
        return key

    def settle(self, key: str) -> None:
        """The answer's journal line is written: it no longer waits in the cache."""
        self.cache.settle(key)

    def claim(self, adapter: str, request: Request) -> tuple[Any, Reply[Any] | None]:
        """One payer per request: ``(claim, None)`` before paying (release it after), or
        ``(None, answer)`` paid by another worker. Free, uncached and replayed requests
        need no claim: ``(None, None)``."""
        if (not self.config.quota.claims or self._ttl(adapter) <= 0
                or self.paid_estimate(adapter) is None):
            return None, None
        return self.claims.acquire(self._key(adapter, request),
                                   lambda: self.get(adapter, request))

    def release(self, claim: Any) -> None:
        """Give back a claim from :meth:`claim` (None: nothing to give back)."""
        self.claims.release(claim)

    def recover_pending(self, key: str, adapter: str) -> bool:
        """Write the journal line of an answer whose process died between caching it and
        journaling it (a SIGKILL, a power cut), so no paid call is missing from the
        journal and the budget. Returns whether a line was written.

        A line whose writer is alive (another thread here, or another process) is left
        to it; one already in the journal (killed after writing it, before settling) is
        only settled. Recoverers take turns under a file lock, so it is written once. A
        line scout would not have written for an answer of ``adapter`` is settled
        unwritten (:func:`_recoverable`).
        """
        import filelock

        note = self.cache.pending(key)
        if note is None or _alive(note.get("pid")):
            return False
        with filelock.FileLock(str(self.runtime_dir / "cache.recover.lock")):
            note = self.cache.pending(key)  # another recoverer may have been first
            if note is None:
                return False
            line = json.loads(json.dumps(note["line"], default=str))
            if not _recoverable(line, adapter):
                self.cache.settle(key)
                return False
            written = any(e == line for e in iter_journal(self.runtime_dir))
            if not written:
                # scrubbed again, of this run's secrets: the line was another process's
                self.ledger.append(without_secrets(line, self.ledger.secrets))
                if line.get("mission_id") == self.ledger.mission_id:
                    # counted as every reader counts a journal line (a cache edited by
                    # hand may say "a lot", -5 or 1e400)
                    cost = line.get("cost")
                    basis = cost.get("basis") if isinstance(cost, dict) else None
                    self.budget.add(Cost(usd_of(line), basis if isinstance(basis, str) else ""))
            self.cache.settle(key)
            return not written
