"""The providers layer assembled for one mission run: :class:`ProviderRuntime`.

One runtime per ``scout apply``. It owns what every gateway shares — the journal, the
cache, the token pool, the rate limiters, the circuit breaker, the budget, the adapters
and their httpx clients, record/replay — and hands out a :class:`ChainGateway` per phase::

    rt = ProviderRuntime(config, root, mission_id, max_cost=0.5)
    report = rt.preflight(pipeline)            # raises ConfigError (exit 3) when keys miss
    gw = rt.gateway_for_phase("F1", pipeline.phases["F1"])
    outcome = gw.call(SearchRequest(query="hotels in Barcelona", limit=20))
    rt.close()

The call path of every request: cache → token pool → retry → budget → rate cap → adapter
→ journal + cost, inside the phase's failover chain. The cache is consulted before the
rate cap on purpose: a hit sends no request, so it neither waits for nor spends a token of
the adapter's rate; every try that does leave (retries included) passes the rate cap.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections import ChainMap, Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from scout.fsutil import pid_alive
from scout.config.settings import ADAPTER_TYPES, AdapterSettings
from scout.config.models import ChainLink, Config
from scout.errors import ConfigError, ScoutError, Unreachable
from scout.adapters.contract import redact as R
from scout.providers.cache import ReplyCache, cache_key
from scout.providers.chain import ChainGateway, CircuitBreaker
from scout.adapters.contract import Adapter, EmailAdapter, Reply, Request, Secret
from scout.providers.cost import (FREE, BudgetTracker, Cost, CostEstimate, compute_cost,
                                  estimate_cost, typical_usage)
from scout.adapters.contract.http import make_client
from scout.providers.journal import FIELDS, Journal, utc_ts
from scout.providers.pool import POOL_STATE_NAME, TokenPool, load_pool_config
from scout.providers.preflight import (Availability, PreflightReport, check_adapter,
                                       credential_hint, pool_config_path, run_preflight)
from scout.providers.ratelimit import RateLimiters
from scout.quota.base import Quota
from scout.quota.claims import Claims
from scout.quota.factory import make_quota
from scout.providers.record import (Exchanges, RecordingTransport, ReplayTransport,
                                    ReplyStore)
from scout.spec.models import Phase, Pipeline, RetryPolicy

AdapterFactory = Callable[[str, AdapterSettings, "httpx.Client | None"], Adapter]

#: the chain a phase without ``chain:``/``adapters:`` uses, by its step's capability
DEFAULT_CHAIN_NAMES = {"search": "web", "fetch": "pages", "videos": "video",
                       "transcripts": "transcripts", "synthesize": "synthesis",
                       "email": "email", "images": "images", "thumbnail": "thumbnails"}
#: adapter types that replay runs live instead of from recordings: local computation, and
#: side effects that decide for themselves what a replay does (smtp sends nothing unless
#: --send; a recorded "sent" must never be replayed as if it had been sent again)
LOCAL_TYPES = frozenset({"extractive", "smtp"})


def _alive(pid: Any) -> bool:
    """Whether process ``pid`` still runs (this process counts as alive: one of its
    threads is between caching an answer and journaling it)."""
    if not isinstance(pid, int) or pid <= 0:
        return False
    return pid == os.getpid() or pid_alive(pid)


@dataclass
class SkippedLink:
    adapter: str
    reason: str
    chain: str | None
    phases: list[str] = field(default_factory=list)

    @property
    def note(self) -> str:
        return f"{self.adapter} skipped: {self.reason}"


class ProviderRuntime:
    """Everything the providers layer shares during one mission run."""

    def __init__(
        self,
        config: Config,
        root: str | Path,
        mission_id: str,
        *,
        record_dir: str | Path | None = None,
        replay_dir: str | Path | None = None,
        no_cache: bool = False,
        max_cost: float | None = None,
        spent_before: float = 0.0,
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] | None = None,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        env: Mapping[str, str] | None = None,
        adapter_factory: AdapterFactory | None = None,
        transport: httpx.BaseTransport | None = None,
        journal_max_bytes: int | None = None,
        pool_config: str | Path | None = None,
        send: bool = False,
    ) -> None:
        if record_dir is not None and replay_dir is not None:
            raise ConfigError("--record and --replay cannot be used together", code="CFG015")
        self.config = config
        self.root = Path(root)
        self.runtime_dir = self.root / "runtime"
        self.mission_id = mission_id
        #: --send: side-effect adapters (e-mail) deliver even under --replay
        self.send = send
        self.clock = clock
        # with an injected wall clock and no monotonic one, tests want a single fake time
        self.monotonic = monotonic or (time.monotonic if clock is time.time else clock)
        self.sleep = sleep
        self.rng = rng or random.Random()
        self.env: Mapping[str, str] = os.environ if env is None else env
        self.no_cache = no_cache
        self.adapter_factory = adapter_factory
        self.base_transport = transport
        self.pool_config_path = Path(pool_config) if pool_config else pool_config_path(
            config, self.root)

        self.secrets = R.SecretScrubber()
        self.journal = Journal(self.runtime_dir, max_bytes=journal_max_bytes)
        self.cache = ReplyCache(self.runtime_dir, clock=clock)
        # a replay reaches no provider, so there is no rate to respect
        caps = {} if replay_dir is not None else {n: s.rate for n, s in config.adapters.items()}
        #: rate caps, breaker, budget, claims and pool state, shared through the backend
        #: (quota.backend / SCOUTE_QUOTA_URL); injected clocks (tests) drive it too
        self.quota: Quota = make_quota(
            config.quota.backend, self.runtime_dir, headroom=config.quota.headroom,
            env=self.env, clock=time.time if self.monotonic is time.monotonic else self.monotonic)
        #: set by close(): calls still waiting (rate limiter) must not go out afterwards
        self.closed = threading.Event()
        self.limiters = RateLimiters(caps, clock=self.monotonic, sleep=sleep, quota=self.quota,
                                     cancel=self.closed)
        self.breaker = CircuitBreaker(self.monotonic, quota=self.quota)
        self.budget = BudgetTracker(max_cost, spent=spent_before, quota=self.quota,
                                    scope=mission_id)
        self.claims = Claims(self.quota, config.quota.claim_lease, self.closed,
                             sleep=sleep, clock=self.monotonic)

        self.recording = record_dir is not None
        self.replaying = replay_dir is not None
        self.exchanges: Exchanges | None = None
        if record_dir is not None or replay_dir is not None:
            self.exchanges = Exchanges(record_dir or replay_dir, self.secrets)  # type: ignore[arg-type]
        self.replies = ReplyStore(self.exchanges) if self.exchanges else None
        if self.replaying and self.exchanges is not None:
            self.exchanges.check()  # a shared cassette is untrusted: refuse it whole, up front
        self._manifest = (self.exchanges.read_manifest() or {}) if self.replaying else {}

        self._lock = threading.RLock()
        self._adapters: dict[str, Adapter] = {}
        self._clients: list[httpx.Client] = []
        #: adapter -> the first "cannot connect" error of the run (said once, not per call)
        self.unreachable: dict[str, str] = {}
        self._avail: dict[str, Availability] = {}
        self._pool: TokenPool | None = None
        self._skip_noted: set[tuple[str, str]] = set()
        self.skipped: dict[str, SkippedLink] = {}
        self.results: Counter[str] = Counter()
        self.answered_by: Counter[str] = Counter()

        for name, settings in config.adapters.items():  # scrub every known key from day one
            for var in settings.secret_env():  # keys, and ids sent beside them (Google cx)
                value = self.env.get(var)
                if value:
                    self.secrets.add(Secret(var, value))

    # --- journal and redaction --------------------------------------------------------

    def journal_entry(self, *, phase: str | None, adapter: str, action: str | None,
                      token_name: str | None, request: dict[str, Any] | None,
                      response_summary: dict[str, Any], result: str,
                      error: dict[str, Any] | None, cost: Cost,
                      chain: dict[str, Any]) -> dict[str, Any]:
        """One journal line (fields in order, secrets scrubbed), not yet written."""
        values = {
            "ts": utc_ts(self.clock()), "mission_id": self.mission_id, "phase": phase,
            "adapter": adapter, "action": action, "token_name": token_name,
            "request": request, "response_summary": R.scrub(response_summary, self.secrets),
            "result": result, "error": R.scrub(error, self.secrets), "cost": cost.to_dict(),
            "chain": chain,
        }
        return {k: values[k] for k in FIELDS}

    def append_journal(self, entry: dict[str, Any]) -> None:
        self.journal.append(entry)
        with self._lock:
            self.results[entry["result"]] += 1

    def journal_line(self, **fields: Any) -> None:
        """Write one journal line (see :meth:`journal_entry` for the fields)."""
        self.append_journal(self.journal_entry(**fields))

    def redact_request(self, request: Request) -> dict[str, Any]:
        return R.redact_request(request, self.secrets)

    def safe_text(self, text: str) -> str:
        return self.secrets.text(R.scrub_text(text))

    # --- credentials ------------------------------------------------------------------

    def token_pool(self) -> TokenPool:
        with self._lock:
            if self._pool is None:
                defs = load_pool_config(self.pool_config_path, self.env)
                state = self.runtime_dir / POOL_STATE_NAME
                self._pool = TokenPool(defs, state, clock=self.clock,
                                       doc=self.quota.doc("token_pool_state", state))
                for s in self._pool.secrets():
                    self.secrets.add(s)
            return self._pool

    def uses_pool(self, adapter: str) -> bool:
        creds = self.config.adapters[adapter].credentials
        return bool(creds and creds.pool)

    def availability(self, adapter: str) -> Availability:
        """Whether an adapter has what it needs (cached for the run)."""
        with self._lock:
            if adapter in self._avail:
                return self._avail[adapter]
            if self.replaying:
                links = self._manifest.get("links") or {}
                rec = links.get(adapter)
                if links and rec is None:
                    # the recording predates this link: it has nothing to replay for it
                    av = Availability(False, "not in the recording", source="replay")
                else:
                    av = (Availability(False, rec.get("reason"), source="replay")
                          if rec and not rec.get("ok") else Availability(True, source="replay"))
            else:
                av = check_adapter(self.config.adapters[adapter], self.env,
                                   lambda: self.token_pool().pools, adapter)
            self._avail[adapter] = av
            if self.recording and self.exchanges is not None:
                self.exchanges.write_manifest({"mission_id": self.mission_id, "links": {
                    n: {"ok": a.ok, "reason": a.reason} for n, a in self._avail.items()}})
            return av

    def credential(self, adapter: str) -> Secret | None:
        """The env credential of an adapter (a placeholder when replaying)."""
        creds = self.config.adapters[adapter].credentials
        if creds is None:
            return None
        var = creds.env or f"pool:{creds.pool}"
        if self.replaying:
            secret = Secret(var, f"replay-placeholder-{var}")
        else:
            value = self.env.get(creds.env) if creds.env else None
            if not value:
                return None
            secret = Secret(var, value)
        self.secrets.add(secret)
        return secret

    def adapter_env(self, adapter: str) -> Mapping[str, str]:
        """The environment an adapter reads (``Adapter.env``): the runtime's own, so the
        adapter sees what preflight checked. A replay needs no keys, so variables sent to
        the provider (``secret_env``, e.g. Google's cx) get placeholders there; they are
        scrubbed like the recorded values, so the recorded requests still match."""
        if not self.replaying:
            return self.env
        placeholders: dict[str, str] = {}
        for var in self.config.adapters[adapter].secret_env():
            if not self.env.get(var):
                placeholders[var] = f"replay-placeholder-{var}"
                self.secrets.add(Secret(var, placeholders[var]))
        return ChainMap(placeholders, dict(self.env)) if placeholders else self.env

    def credential_hint(self, adapter: str) -> str:
        av = self.availability(adapter)
        return credential_hint(adapter, self.config.adapters[adapter], av.missing_env)

    # --- adapters ---------------------------------------------------------------------

    def _transport(self) -> httpx.BaseTransport | None:
        if self.replaying:
            assert self.exchanges is not None
            return ReplayTransport(self.exchanges)
        if self.recording:
            assert self.exchanges is not None
            return RecordingTransport(self.base_transport or httpx.HTTPTransport(),
                                      self.exchanges)
        return self.base_transport

    def adapter(self, name: str) -> Adapter:
        with self._lock:
            if name in self._adapters:
                return self._adapters[name]
            settings = self.config.adapters[name]
            if self.adapter_factory is not None:
                client = make_client(settings, transport=self._transport())
                self._clients.append(client)
                adapter = self.adapter_factory(name, settings, client)
            else:
                try:
                    cls = ADAPTER_TYPES[settings.type].load()
                except (ImportError, AttributeError) as exc:
                    raise ConfigError(
                        f"adapter '{name}' (type {settings.type}) cannot be loaded: "
                        f"{type(exc).__name__}: {exc}", code="CFG017",
                        hint=f"is the package that provides "
                        f"{ADAPTER_TYPES[settings.type].impl} installed?") from exc
                client = None
                if getattr(cls, "uses_http", True):
                    client = make_client(settings, transport=self._transport())
                    self._clients.append(client)
                adapter = cls(name, settings, client)
            adapter.env = self.adapter_env(name)
            adapter.offline = self.replaying
            if isinstance(adapter, EmailAdapter):
                adapter.send_allowed = not self.replaying or self.send
            self._adapters[name] = adapter
            return adapter

    def _reply_level(self, adapter: Adapter) -> bool:
        return (not getattr(adapter, "uses_http", True)
                and adapter.settings.type not in LOCAL_TYPES)

    def invoke(self, adapter: Adapter, request: Request, secret: Secret | None) -> Reply[Any]:
        """One adapter call; reply-level record/replay for adapters outside our client.

        An error leaves here with every known secret scrubbed (in any encoding) from its
        message and hint, before anything journals, cuts, stores or prints it."""
        try:
            return self._invoke(adapter, request, secret)
        except ScoutError as exc:
            if isinstance(exc, Unreachable):
                with self._lock:
                    self.unreachable.setdefault(adapter.name, self.secrets.text(exc.message))
            exc.message = self.secrets.text(exc.message)
            exc.args = (exc.message,)
            if exc.hint:
                exc.hint = self.secrets.text(exc.hint)
            raise

    def _invoke(self, adapter: Adapter, request: Request, secret: Secret | None) -> Reply[Any]:
        if self.replies is not None and self._reply_level(adapter):
            if self.replaying:
                return self.replies.load(adapter.name, request)
            reply = adapter.call(request, secret)
            self.replies.save(adapter.name, request, reply)
            return reply
        return adapter.call(request, secret)

    def paid_estimate(self, adapter: str) -> float | None:
        """What one request to ``adapter`` typically costs (USD), or None when it is
        free (no tariff) or nothing leaves (a replay): paid requests get a 'sent' line."""
        if self.replaying:
            return None
        settings = self.config.adapters[adapter]
        usd = compute_cost(typical_usage(settings), settings.tariff).usd
        return usd if usd > 0 else None

    # --- cache ------------------------------------------------------------------------

    def _ttl(self, adapter: str) -> float:
        # a replay answers from its cassette only: it never reads the shared cache (live
        # answers would hide what the cassette holds) and never writes it (the next live
        # run would be answered with the cassette's fictional data)
        if self.no_cache or self.replaying:
            return 0.0
        return float(self.config.adapters[adapter].cache_ttl)

    def cache_get(self, adapter: str, request: Request) -> Reply[Any] | None:
        ttl = self._ttl(adapter)
        if ttl <= 0:
            return None
        found = self.cache.lookup(cache_key(adapter, self.config.adapters[adapter], request),
                                  ttl)
        if found is None:
            return None
        reply, pending = found
        if pending is not None:
            self.recover_pending(cache_key(adapter, self.config.adapters[adapter], request))
        return reply

    def cache_put(self, adapter: str, request: Request, reply: Reply[Any],
                  pending: dict[str, Any] | None = None) -> str | None:
        """Store an answer (with the journal line about to be written, ``pending``);
        returns its key, or None when the adapter does not cache."""
        if self._ttl(adapter) <= 0:
            return None
        key = cache_key(adapter, self.config.adapters[adapter], request)
        self.cache.put(key, adapter, reply,
                       {"pid": os.getpid(), "line": pending} if pending is not None else None)
        return key

    def claim_request(self, adapter: str, request: Request) -> tuple[Any, Reply[Any] | None]:
        """One payer per request (scout.quota.claims): ``(claim, None)`` before paying
        (release it after), or ``(None, answer)`` paid by another worker. Free, uncached
        and replayed requests need no claim: ``(None, None)``."""
        if (not self.config.quota.claims or self._ttl(adapter) <= 0
                or self.paid_estimate(adapter) is None):
            return None, None
        key = cache_key(adapter, self.config.adapters[adapter], request)
        return self.claims.acquire(key, lambda: self.cache_get(adapter, request))

    def recover_pending(self, key: str) -> bool:
        """Write the journal line of an answer whose process died between caching it and
        journaling it (a SIGKILL, a power cut), so no paid call is missing from the
        journal and the budget. Returns whether a line was written.

        A line whose writer is alive (another thread here, or another process) is left
        to it; one already in the journal (killed after writing it, before settling) is
        only settled. Recoverers take turns under a file lock, so it is written once.
        """
        import filelock

        from scout.providers.journal import iter_journal

        note = self.cache.pending(key)
        if note is None or _alive(note.get("pid")):
            return False
        with filelock.FileLock(str(self.runtime_dir / "cache.recover.lock")):
            note = self.cache.pending(key)  # another recoverer may have been first
            if note is None:
                return False
            line = json.loads(json.dumps(note["line"], default=str))
            written = any(e == line for e in iter_journal(self.runtime_dir))
            if not written:
                self.append_journal(line)
                if line.get("mission_id") == self.mission_id:
                    cost = line.get("cost") or {}
                    self.budget.add(Cost(float(cost.get("usd") or 0.0),
                                         str(cost.get("basis") or "")))
            self.cache.settle(key)
            return not written

    # --- bookkeeping for the report ---------------------------------------------------

    def note_skip(self, phase: str, chain: str | None, position: int, adapter: str,
                  reason: str, request: Request | None = None) -> None:
        """Record a skipped ``name?`` link; journaled once per phase."""
        with self._lock:
            sk = self.skipped.setdefault(adapter, SkippedLink(adapter, reason, chain))
            if phase not in sk.phases:
                sk.phases.append(phase)
            if (phase, adapter) in self._skip_noted:
                return
            self._skip_noted.add((phase, adapter))
        settings = self.config.adapters.get(adapter)
        action = (request.action if request is not None else
                  ADAPTER_TYPES[settings.type].capability if settings else None)
        self.journal_line(
            phase=phase, adapter=adapter, action=action, token_name=None,
            request=self.redact_request(request) if request is not None else None,
            response_summary={"reason": reason}, result="skipped", error=None, cost=FREE,
            chain={"name": chain, "position": position, "answered_by": None})

    def note_answer(self, adapter: str, *, from_cache: bool) -> None:
        with self._lock:
            self.answered_by[adapter] += 1

    def skip_notes(self) -> list[str]:
        """Lines for the report, e.g. 'tavily skipped: TAVILY_API_KEY not set'."""
        return [s.note for s in self.skipped.values()]

    # --- gateways ---------------------------------------------------------------------

    def gateway(self, phase_id: str, chain_name: str | None = None,
                links: tuple[ChainLink, ...] | list[str] | None = None,
                retry: RetryPolicy | None = None) -> ChainGateway:
        """A gateway for a named chain or an inline list of links (``"name?"`` allowed)."""
        if chain_name is not None:
            if chain_name not in self.config.chains:
                from scout.suggest import did_you_mean
                raise ConfigError(f"chain '{chain_name}' is not defined in {self.config.path}",
                                  hint=did_you_mean(chain_name, self.config.chains,
                                                    what="chains"), code="CFG016")
            resolved = self.config.chains[chain_name]
        elif links:
            resolved = tuple(x if isinstance(x, ChainLink) else ChainLink.parse(x) for x in links)
        else:
            raise ConfigError(f"phase '{phase_id}': no chain or adapters given", code="CFG016")
        return ChainGateway(self, phase_id, chain_name, resolved, retry)

    def links_for_phase(self, phase_id: str, phase: Phase
                        ) -> tuple[str | None, tuple[ChainLink, ...]] | None:
        """The (chain name, links) a phase uses; None when its step calls no adapters."""
        if phase.chain is not None:
            return phase.chain, self.config.chains.get(phase.chain, ())
        if phase.adapters:
            return None, tuple(ChainLink.parse(a) for a in phase.adapters)
        from scout.stepkit.registry import get_step_kind
        try:
            capability = get_step_kind(phase.uses).capability
        except (LookupError, ValueError):
            return None
        if capability is None:
            return None
        preferred = DEFAULT_CHAIN_NAMES.get(capability)
        if preferred in self.config.chains:
            return preferred, self.config.chains[preferred]
        for cname, links in self.config.chains.items():
            if links and all(
                    lk.adapter in self.config.adapters
                    and ADAPTER_TYPES[self.config.adapters[lk.adapter].type].capability
                    == capability for lk in links):
                return cname, links
        for aname, settings in self.config.adapters.items():
            if ADAPTER_TYPES[settings.type].capability == capability:
                return None, (ChainLink(aname),)
        return None

    def gateway_for_phase(self, phase_id: str, phase: Phase,
                          retry: RetryPolicy | None = None) -> ChainGateway | None:
        """The gateway of a phase (``phase.call_retry`` overrides the adapters' retry;
        ``phase.retry`` counts the phase's own attempts, not calls)."""
        resolved = self.links_for_phase(phase_id, phase)
        if resolved is None:
            return None
        chain_name, links = resolved
        return ChainGateway(self, phase_id, chain_name, links, phase.call_retry or retry)

    def gateway_factory(self) -> Callable[[str, Phase], ChainGateway | None]:
        """What the orchestrator calls: ``factory(phase_id, phase) -> Gateway | None``."""
        return self.gateway_for_phase

    # --- preflight and estimates ------------------------------------------------------

    def _phase_links(self, pipeline: Pipeline) -> dict[str, tuple[str, tuple[ChainLink, ...]]]:
        out = {}
        for pid, phase in pipeline.phases.items():
            resolved = self.links_for_phase(pid, phase)
            if resolved is not None:
                name, links = resolved
                out[pid] = (name or "[" + ",".join(map(str, links)) + "]", links)
        return out

    def preflight(self, pipeline: Pipeline, *, raise_on_problems: bool = True
                  ) -> PreflightReport:
        """Check every adapter of every chain the pipeline uses; journal the skips.

        Raises ``ConfigError`` (exit 3) naming every missing variable unless
        ``raise_on_problems`` is False (then ``report.problems`` lists them).
        """
        phase_links = self._phase_links(pipeline)
        # a phase with an ``if:`` may never run; an optional phase whose links are all
        # ``name?`` asks for nothing that must be configured (uses: images runs on the
        # candidates' own photos when no image search is set up): neither stops the rest
        conditional = frozenset(
            pid for pid, ph in pipeline.phases.items()
            if ph.if_ or (ph.optional and pid in phase_links
                          and all(lk.when_configured for lk in phase_links[pid][1])))
        report = run_preflight(phase_links, self.availability, self.config, conditional)
        for check in report.skipped:
            for pid in check.phases:
                resolved = self.links_for_phase(pid, pipeline.phases[pid])
                assert resolved is not None
                chain, links = resolved
                pos = next(i for i, lk in enumerate(links) if lk.adapter == check.adapter)
                self.note_skip(pid, chain, pos, check.adapter, check.reason or "")
        if raise_on_problems:
            report.raise_for_problems()
        return report

    def estimate(self, pipeline: Pipeline, *, fanout: int = 10) -> CostEstimate:
        """``scout plan``'s cost estimate, with ``name?`` links resolved as they would run."""

        def default_links(pid: str, phase: Any) -> tuple[str, tuple[ChainLink, ...]] | None:
            resolved = self.links_for_phase(pid, phase)
            if resolved is None:
                return None
            return resolved[0] or "inline", resolved[1]

        def available(adapter: str) -> bool:
            try:
                return self.availability(adapter).ok
            except ConfigError:
                return False

        return estimate_cost(pipeline, self.config, fanout=fanout, available=available,
                             default_links=default_links)

    # --- summary and lifecycle --------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        return {
            "mission_id": self.mission_id,
            "results": dict(self.results),
            "answered_by": dict(self.answered_by),
            "cost_usd": round(self.budget.spent, 8),
            "max_cost": self.budget.max_cost,
            "cache": {"hits": self.cache.hits, "misses": self.cache.misses},
            "rate_waits": [s.__dict__ for s in self.limiters.stats()],
            "skipped": self.skip_notes(),
        }

    def close(self) -> None:
        self.closed.set()
        with self._lock:
            for c in self._clients:
                c.close()
            self._clients.clear()
            for a in self._adapters.values():
                closer = getattr(a, "close", None)
                if callable(closer):
                    try:
                        closer()
                    except Exception:  # closing must not mask the run's own result
                        pass
            self._adapters.clear()
        self.cache.close()
        self.journal.close()
        self.quota.close()

    def __enter__(self) -> "ProviderRuntime":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
