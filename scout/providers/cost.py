"""Cost: usage x tariff per call, the per-mission budget, and the ``scout plan`` estimate.

A call's cost is, in USD:

* the provider's own figure when it reports one, a finite amount of 0 or more
  (``Usage.reported_usd``; basis ``reported``), plus the tariff's price of the call's
  requests it does not cover (``Usage.unpriced``: a resend's refused first request;
  basis ``reported+tariff:request``), else
* ``requests x per_request + credits x per_credit + input_tokens/1000 x per_1k_input
  + output_tokens/1000 x per_1k_output`` (basis names the parts that applied, e.g.
  ``tariff:credit``), or ``0`` with basis ``free`` when the adapter has no tariff; a
  count that is negative or not finite counts for nothing.

Cache hits cost nothing (basis ``cache``). Failed calls are recorded at zero (basis
``failed``): the providers priced in config/adapters.yaml do not bill failed requests.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scout.config.settings import AdapterSettings, Tariff
from scout.config.models import ChainLink, Config
from scout.errors import BatchBudgetExceeded, BudgetExceeded
from scout.i18n import N_, N_plural
from scout.adapters.contract import CHARS_PER_TOKEN, UNBOUNDED_OUTPUT_TOKENS, Usage
from scout.spec.models import Pipeline

if TYPE_CHECKING:
    from scout.quota.base import BatchBudget, Quota, Reservation

@dataclass(frozen=True)
class Cost:
    usd: float
    basis: str

    def to_dict(self) -> dict[str, Any]:
        return {"usd": round(self.usd, 8), "basis": self.basis}


FREE = Cost(0.0, "free")
CACHE = Cost(0.0, "cache")
FAILED = Cost(0.0, "failed")


def _figure(value: float | int | None) -> bool:
    """Whether a count or an amount a provider reported is one: not negative, NaN or
    infinite (a hostile or broken body's ``"total_cost": -1000`` would give the budget
    room, NaN would never compare over a cap, infinity would stop every later call)."""
    return value is not None and 0 <= value < math.inf


def compute_cost(usage: Usage, tariff: Tariff) -> Cost:
    """Cost of one call (see the module docstring for the rule). A reported figure or a
    count that is negative or not finite is no figure (:func:`_figure`): the tariff
    prices the call instead."""
    if usage.reported_usd is not None and _figure(usage.reported_usd):
        # the requests of the call whose price the provider did not report (a resend's
        # refused first request) are priced by the tariff and added: each is paid for
        rest = (compute_cost(usage.unpriced.model_copy(update={"reported_usd": None}),
                             tariff) if usage.unpriced is not None else FREE)
        if rest.usd > 0:
            return Cost(float(usage.reported_usd) + rest.usd, "reported+" + rest.basis)
        return Cost(float(usage.reported_usd), "reported")
    parts: list[str] = []
    usd = 0.0
    for price, count, part in ((tariff.per_request, usage.requests, "request"),
                               (tariff.per_credit, usage.credits, "credit"),
                               (tariff.per_1k_input_tokens, usage.input_tokens, "input_tokens"),
                               (tariff.per_1k_output_tokens, usage.output_tokens,
                                "output_tokens")):
        if price and count and _figure(count):
            usd += float(count) * price / (1000.0 if part.endswith("tokens") else 1.0)
            parts.append(part)
    if not parts:
        return FREE
    return Cost(usd, "tariff:" + "+".join(parts))


def usd_text(usd: float) -> str:
    """An amount of USD as a message writes it: two decimals, more only where a small
    amount needs them (``0.03``, ``0.0016``, ``0.000125``), never an exponent."""
    text = f"{max(0.0, usd):.6f}".rstrip("0")
    whole, _, frac = text.partition(".")
    return f"{whole}.{frac.ljust(2, '0')}"


class BudgetTracker:
    """Money spent by one mission run, and its caps: the mission's and its batch's.

    The mission's ``max_cost`` is a hard cap. Before a paid request leaves, :meth:`reserve`
    holds its *estimated* cost (the adapter's estimate of that request: per-request and
    per-credit prices, a chat model's prompt tokens and its ``max_tokens`` as the output
    bound) in the quota backend, beside what every other call in flight holds, in one
    atomic decision; a request whose estimate would take what is spent plus what is held
    past the cap is refused (``BudgetExceeded``, RUN004). :meth:`add` replaces the hold by
    what the request cost, :meth:`release` drops it when the request failed. The backend is
    shared by every process on it (``quota``; ``scope`` is the mission id), so N workers
    cannot cross the cap together; only a call that costs more than its estimate can.

    A free request (estimate 0) holds nothing and is never refused: a chain's keyless link
    (DuckDuckGo, the extractive synthesis) still answers once the money is spent.

    A mission of a batch (``batch``) also reserves every request against the batch's
    scope, in the same atomic decision, under the same rule (``BatchBudgetExceeded``).
    """

    def __init__(self, max_cost: float | None = None, *, spent: float = 0.0,
                 quota: "Quota | None" = None, scope: str = "",
                 batch: "BatchBudget | None" = None) -> None:
        from scout.quota.base import BudgetScope

        if quota is None:  # one process, nothing shared: the same rule, in memory
            from scout.quota.memory import MemoryQuota
            quota = MemoryQuota()
        self.max_cost = max_cost
        self.spent = spent
        self.calls = 0
        self.quota = quota
        self.scope = "budget:" + scope
        self.batch = batch if batch is not None and batch.max_cost is not None else None
        self._lock = threading.Lock()
        #: the scopes each request reserves against, in the backend; both are hard caps
        #: (``whole``): spent + held + this request's estimate must fit
        self._scopes: list[BudgetScope] = []
        if max_cost is not None:
            self._scopes.append(BudgetScope(self.scope, max_cost, whole=True))
        if self.batch is not None:
            self._scopes.append(BudgetScope(self.batch.scope, self.batch.max_cost,
                                            whole=True))
        self._names = [sc.name for sc in self._scopes]
        if spent > 0:
            quota.budget_seed(self.scope, spent)
        if self.batch is not None and self.batch.spent_before > 0:
            quota.budget_seed(self.batch.scope, self.batch.spent_before)

    @staticmethod
    def _said(adapter: str, usd: float, cap: float, res: "Reservation"
              ) -> tuple[dict[str, str], dict[str, Any]]:
        """A refusal's amounts: as its message writes them, and as its journal line keeps
        them (``BudgetExceeded.refused``)."""
        left = max(0.0, cap - res.spent - res.reserved)
        said = {"adapter": adapter or "?", "estimate": usd_text(usd), "left": usd_text(left),
                "cap": usd_text(cap), "spent": usd_text(res.spent),
                "held": usd_text(res.reserved)}
        kept = {"estimate_usd": round(usd, 8), "left_usd": round(left, 8), "cap_usd": cap,
                "spent_usd": round(res.spent, 8), "held_usd": round(res.reserved, 8)}
        return said, kept

    def _refuse(self, adapter: str, usd: float, res: "Reservation") -> BudgetExceeded:
        assert self.max_cost is not None
        said, kept = self._said(adapter, usd, self.max_cost, res)
        # msgids (scout.i18n): the stopped page and the report say it in the request's
        # language; the amounts are USD, written with a decimal point
        message = (N_("{adapter} was not called: it would have cost about ${estimate} and "
                      "${left} of the ${cap} cap was left (${spent} spent, ${held} held by "
                      "calls in flight)") if res.reserved > 0 else
                   N_("{adapter} was not called: it would have cost about ${estimate} and "
                      "${left} of the ${cap} cap was left")).format(**said)
        exc = BudgetExceeded(
            message,
            hint=N_("raise max_cost (mission file or --max-cost) and apply again; "
                    "finished phases are kept and cached answers are free"),
        )
        exc.refused = kept
        return exc

    def _refuse_batch(self, adapter: str, usd: float, res: "Reservation") -> BudgetExceeded:
        assert self.batch is not None and self.batch.max_cost is not None
        said, kept = self._said(adapter, usd, self.batch.max_cost, res)
        exc = BatchBudgetExceeded(
            N_("{adapter} was not called: it would have cost about ${estimate} and ${left} "
               "of the batch's ${cap} cap was left (batch {batch}: ${spent} spent, ${held} "
               "held by calls in flight)").format(batch=self.batch.batch_id, **said),
            hint=N_("raise the batch's --max-cost and re-run `scout batch apply`; finished "
                    "missions are reused and cached answers are free"))
        exc.refused = {**kept, "batch": self.batch.batch_id}
        return exc

    def reserve(self, adapter: str, usd: float) -> str | None:
        """Hold ``usd`` (the request's estimate) in every cap, or raise ``BudgetExceeded``
        when it does not fit; returns the reservation to settle (None: nothing held, a
        free request or no cap)."""
        if usd <= 0 or not self._scopes:
            return None
        res = self.quota.budget_hold(self._scopes, usd)
        if not res.ok:
            if self.batch is not None and res.refused_by == self.batch.scope:
                raise self._refuse_batch(adapter, usd, res)
            raise self._refuse(adapter, usd, res)
        return res.id

    def release(self, reservation: str | None) -> None:
        """A request that cost nothing (it failed): drop its reservation."""
        if reservation is not None and self._names:
            self.quota.budget_release(self._names, reservation, 0.0)

    def add(self, cost: Cost, reservation: str | None = None) -> None:
        """A request's real cost: counted, and in place of its reservation."""
        with self._lock:
            self.spent += cost.usd
            self.calls += 1
        if self._names:
            self.quota.budget_release(self._names, reservation or "", cost.usd)

    @property
    def remaining(self) -> float | None:
        return None if self.max_cost is None else max(0.0, self.max_cost - self.spent)


# --- estimate for `scout plan` ---------------------------------------------------------


def typical_usage(settings: AdapterSettings) -> Usage:
    """What one call of this adapter usually consumes (assumptions documented per type)."""
    kind = settings.type
    if kind == "tavily":
        # basic search = 1 credit, advanced = 2 (docs.tavily.com api-credits)
        depth = getattr(settings, "search_depth", "basic")
        return Usage(requests=1, credits=2 if depth == "advanced" else 1)
    tariff = settings.tariff
    if kind in ("perplexity", "openai") or tariff.per_1k_input_tokens \
            or tariff.per_1k_output_tokens:
        # the evidence we send fills the context budget (~4 characters per token);
        # the answer is assumed to use its whole max_tokens. Any adapter priced by tokens
        # is read so: a priced call must never be estimated at 0 (the budget would not
        # hold it, and the cap would not be hard)
        chars = getattr(settings, "context_budget_chars", 12000)
        return Usage(requests=1, input_tokens=chars // 4 + 200,
                     output_tokens=getattr(settings, "max_tokens", None)
                     or UNBOUNDED_OUTPUT_TOKENS)
    # an adapter priced by credits whose type says nothing of them: one credit a call
    return Usage(requests=1, credits=1 if tariff.per_credit else None)


@dataclass
class PhaseEstimate:
    phase: str
    chain: str
    adapter: str | None  # the link expected to answer
    calls: int
    usd_per_call: float
    usd: float
    note: str = ""


@dataclass
class CostEstimate:
    phases: list[PhaseEstimate] = field(default_factory=list)
    assumptions: list[str] = field(default_factory=list)

    @property
    def total_usd(self) -> float:
        return round(sum(p.usd for p in self.phases), 6)

    def to_dict(self) -> dict[str, Any]:
        return {
            "total_usd": self.total_usd,
            "phases": [p.__dict__ for p in self.phases],
            "assumptions": self.assumptions,
        }

    def render(self) -> str:
        lines = ["estimated cost (USD):"]
        for p in self.phases:
            who = p.adapter or "-"
            lines.append(f"  {p.phase:<8} {p.chain:<14} {who:<20} {p.calls:>5} call(s) "
                         f"x ${p.usd_per_call:.4f} = ${p.usd:.4f}" + (f"  ({p.note})" if p.note else ""))
        lines.append(f"  total ${self.total_usd:.4f}")
        lines += ["assumptions:"] + [f"  - {a}" for a in self.assumptions]
        return "\n".join(lines)


def _phase_links(config: Config, phase: Any) -> tuple[str, tuple[ChainLink, ...]] | None:
    if phase.chain is not None:
        return phase.chain, config.chains.get(phase.chain, ())
    if phase.adapters:
        links = tuple(ChainLink.parse(a) for a in phase.adapters)
        return "[" + ",".join(map(str, links)) + "]", links
    return None


def estimate_cost(
    pipeline: Pipeline,
    config: Config,
    *,
    fanout: int = 10,
    available: Callable[[str], bool] | None = None,
    default_links: Callable[[str, Any], tuple[str, tuple[ChainLink, ...]] | None] | None = None,
) -> CostEstimate:
    """Per-phase calls x tariff of the adapter expected to answer; see ``assumptions``.

    ``available(adapter)`` says whether a ``name?`` link has its credentials (default:
    every link is available, which gives the upper estimate). ``default_links`` resolves
    phases that name no chain (the runtime passes its own resolver).
    """
    est = CostEstimate()
    est.assumptions = [  # msgids: `scout plan` says them in the request's language
        N_("the first usable link of each chain answers every call (no failover, no "
           "retries)"),
        N_("no cache hits (a re-applied mission within the cache TTL costs less)"),
        N_("a for_each phase makes one call per item; items = the 'limit' of the phase that "
           "produces the list when it has one, else {fanout}").format(fanout=fanout),
        N_("tavily: 1 credit per basic search, 2 per advanced"),
        N_("perplexity, openai and any adapter priced by tokens: input tokens = "
           "context_budget_chars / 4 + 200, output = max_tokens (800 when unset), plus "
           "Perplexity's request fee; any other adapter priced by credits: 1 credit a call"),
        N_("prices are the dated tariffs in config/adapters.yaml (see each tariff's as_of)"),
        N_("max_cost is a hard cap: before each paid call leaves, its own estimate is held "
           "against what is left (a chat model's prompt at {chars} characters per token "
           "plus its max_tokens; a search's credits); a call that does not fit is not made "
           "and the chain's next link is tried (a free one always may answer); the mission "
           "stops (exit 4) when none can").format(chars=CHARS_PER_TOKEN),
    ]
    producers: dict[str, Any] = {}
    for pid, phase in pipeline.phases.items():
        for name in phase.produces:
            producers[name.rstrip("?")] = phase
    avail = available or (lambda _name: True)
    for pid, phase in pipeline.phases.items():
        resolved = _phase_links(config, phase)
        if resolved is None and default_links is not None:
            resolved = default_links(pid, phase)
        if resolved is None:
            continue
        label, links = resolved
        answering = next(
            (lk.adapter for lk in links
             if lk.adapter in config.adapters and (not lk.when_configured or avail(lk.adapter))),
            None,
        )
        calls, note = 1, ""
        if phase.for_each:
            src = producers.get(phase.for_each)
            limit = src.with_.get("limit") if src is not None else None
            calls = limit if isinstance(limit, int) and limit > 0 else fanout
            # a msgid: `scout plan` says it in the request's language; --format json English
            note = N_plural("for_each {need}: {count} item", "for_each {need}: {count} items",
                            calls).format(need=phase.for_each, count=calls)
        per_call = 0.0
        if answering is not None:
            settings = config.adapters[answering]
            per_call = compute_cost(typical_usage(settings), settings.tariff).usd
        est.phases.append(PhaseEstimate(pid, label, answering, calls, round(per_call, 6),
                                        round(per_call * calls, 6), note))
    return est
