"""The ``redis://host:port/db`` quota backend: the same state in Redis, for many machines.

Every decision is one Lua script (Redis runs a script whole, with nothing in between), on
the server's clock (``TIME``), so workers on different machines agree without synced
clocks. Keys live under ``scout:quota:``:

- ``rate:<adapter>`` — a GCRA theoretical arrival time (:func:`scout.quota.base.gcra`,
  line for line): reserve the next slot, sleep outside Redis, like the in-process bucket;
  ``headroom`` (e.g. 0.95) keeps the shared rate under the provider's own edge;
- ``breaker:<adapter>`` — the end of a cool-down, expiring with it;
- ``budget:<scope>`` (spent), ``held:<scope>`` / ``held-exp:<scope>`` (reservations and
  their expiry) — reserve before a paid request, settle with what it cost; a request of
  a batch's mission reserves in its mission's and its batch's scopes in one script;
- ``claim:<cache key>`` (``SET NX PX``: the payer and its lease) and ``claimed:<key>``
  (a longer-lived mark that says a lease ran out without being released: a takeover);
- ``doc:<name>`` — the token pool's state: every pool operation (pick by strategy and
  count, a retry, a success, a failure that rests the token) is one Lua script on it
  (:mod:`scout.quota.redis_pool`); other updates swap it by compare-and-set.

Every value is read as one scout may not have written (another program, a hand edit, a
bad restore share the server): a number that is not finite and 0 or more, a time later
than its key's own expiry says, a key of another type (a list where a number goes) or a
document that is not JSON is read as absent and rewritten, and the run goes on and says
so once (a warning naming the key and the value). They stopped the run as "quota backend
unreachable", and a negative spend lifted every cost cap.
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from scout.errors import ConfigError
from scout.i18n import N_
from scout.quota.base import (RESERVATION_LEASE_S, BudgetScope, ClaimResult, Reservation,
                              SharedDoc)
from scout.quota.redis_pool import RedisPoolOps

PREFIX = "scout:quota:"
log = logging.getLogger("scout.quota")

# Every script runs inside these: its body is main(), and what it returns goes back with
# the values it found damaged (``bad``), which _run says once and the body repaired.
_CHECKED = """
local bad = {}
-- a number scout wrote (a time in seconds, a spend in USD): finite, 0 or more, and at
-- most ``most`` (by default 1e12: no clock reads it and no spend comes near it)
local function num(raw, default, where, most)
  if not raw then return default end
  local n = tonumber(raw)
  if n == nil or n ~= n or n < 0 or n > (most or 1e12) then
    bad[#bad + 1] = where .. ' = ' .. string.sub(tostring(raw), 1, 60)
    return default
  end
  return n
end
-- GET; a key of another type (a list where a number goes) is deleted and read as absent
local function get(key)
  local v = redis.pcall('GET', key)
  if type(v) == 'table' and v.err then
    redis.call('DEL', key); bad[#bad + 1] = key .. ' (not a string)'; return false
  end
  return v
end
-- GET of a number; a damaged one is deleted (a value that says nothing) and read as absent
local function getnum(key, default, most)
  local n = #bad
  local v = num(get(key), default, key, most)
  if #bad > n then redis.call('DEL', key) end
  return v
end
"""
# ARGV[1] is "now" from an injected clock (tests), or "" for the server's TIME
_NOW = """
local now
if ARGV[1] == '' then local t = redis.call('TIME'); now = tonumber(t[1]) + tonumber(t[2]) / 1e6
else now = tonumber(ARGV[1]) end
-- the latest time a key scout set with an expiry can hold: a later end was not written
-- by scout (a rate slot or a cool-down always expires after it)
local function expiry(key)
  local ms = redis.call('PTTL', key)
  if ms < 0 then ms = 0 end
  return now + ms / 1000 + 1
end
"""

RATE = _NOW + """
local interval = tonumber(ARGV[2]); local tau = tonumber(ARGV[3])
local tat = getnum(KEYS[1], -1, expiry(KEYS[1]))
if tat < now then tat = now end
local wait = tat - tau - now
if wait < 0 then wait = 0 end
local new = tat + interval
redis.call('SET', KEYS[1], string.format('%.6f', new), 'PX', math.ceil((new - now + 60) * 1000))
return string.format('%.6f', wait)
"""

TRIP = _NOW + """
local untl = now + tonumber(ARGV[2])
local cur = getnum(KEYS[1], 0, expiry(KEYS[1]))
if cur > untl then untl = cur end
redis.call('SET', KEYS[1], string.format('%.6f', untl), 'PX', math.ceil((untl - now) * 1000) + 1)
return 1
"""

LEFT = _NOW + """
local cur = getnum(KEYS[1], 0, expiry(KEYS[1]))
local left = cur - now
if left < 0 then left = 0 end
return string.format('%.6f', left)
"""

# KEYS: per scope, spent, held (hash id -> usd), held-exp (zset id -> expiry).
# ARGV: now, id, usd, lease, then per scope its cap ('-1': none) and whole ('1'/'0').
# Every scope is checked before any is written: held in all of them, or refused by the
# first that says no (scout.quota.base.refuses, line for line). Returns
# {ok, spent, reserved, index of the refusing scope (0: none)}.
RESERVE = _NOW + """
local usd = tonumber(ARGV[3]); local n = #KEYS / 3
local first_spent, first_reserved = 0, 0
for i = 1, n do
  local spent_k, held_k, exp_k = KEYS[3 * i - 2], KEYS[3 * i - 1], KEYS[3 * i]
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', exp_k, '-inf', now)) do
    redis.call('HDEL', held_k, id); redis.call('ZREM', exp_k, id)
  end
  local spent = getnum(spent_k, 0)
  local reserved = 0
  local held = redis.call('HGETALL', held_k)
  for j = 1, #held, 2 do
    local n = #bad
    reserved = reserved + num(held[j + 1], 0, held_k .. ' ' .. held[j])
    if #bad > n then redis.call('HDEL', held_k, held[j]) end
  end
  if i == 1 then first_spent, first_reserved = spent, reserved end
  local max = tonumber(ARGV[3 + 2 * i]); local whole = ARGV[4 + 2 * i] == '1'
  if max >= 0 and (spent + reserved >= max or (whole and spent + reserved + usd > max + 1e-9)) then
    return {0, string.format('%.8f', spent), string.format('%.8f', reserved), i}
  end
end
if usd > 0 then
  for i = 1, n do
    redis.call('HSET', KEYS[3 * i - 1], ARGV[2], ARGV[3])
    redis.call('ZADD', KEYS[3 * i], now + tonumber(ARGV[4]), ARGV[2])
  end
end
return {1, string.format('%.8f', first_spent), string.format('%.8f', first_reserved), 0}
"""

# KEYS: per scope, spent, held, held-exp. ARGV: id, usd. Returns the first scope's spent.
SETTLE = """
local spent = '0'
for i = #KEYS / 3, 1, -1 do
  redis.call('HDEL', KEYS[3 * i - 1], ARGV[1]); redis.call('ZREM', KEYS[3 * i], ARGV[1])
  getnum(KEYS[3 * i - 2], 0)
  spent = redis.call('INCRBYFLOAT', KEYS[3 * i - 2], ARGV[2])
end
return spent
"""

SEED = """
local cur = getnum(KEYS[1], 0)
if tonumber(ARGV[1]) > cur then redis.call('SET', KEYS[1], ARGV[1]) end
return 1
"""

# KEYS: claim, claimed-mark. ARGV: owner, lease ms. Returns {holder or '', taken_over}
CLAIM = """
local cur = get(KEYS[1])
if cur and cur ~= ARGV[1] then return {cur, 0} end
local taken = 0
local mark = get(KEYS[2])
if (not cur) and mark and mark ~= ARGV[1] then
  taken = 1
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SET', KEYS[2], ARGV[1], 'PX', tonumber(ARGV[2]) * 10)
return {'', taken}
"""

RELEASE = """
if get(KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1], KEYS[2]) end
return 1
"""

SPENT = """
if getnum(KEYS[1], 0) == 0 then return '0' end
return redis.call('GET', KEYS[1])
"""

CAS = """
local cur = get(KEYS[1]) or ''
if cur == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2]); return 1 end
return 0
"""


def _checked(body: str) -> str:
    """A script's ``body`` inside :data:`_CHECKED`: it returns ``{answer, damaged}``."""
    return f"{_CHECKED}local function main()\n{body}\nend\nreturn {{main(), bad}}\n"


def _redact(url: str) -> str:
    """The URL without a password (redis://:secret@host → redis://***@host)."""
    parts = urlsplit(url)
    if parts.password is None and parts.username is None:
        return url
    return f"{parts.scheme}://***@{parts.hostname}" + (f":{parts.port}" if parts.port else "")


class RedisDoc:
    """A JSON document in one Redis key, replaced by compare-and-set; the token pool's
    operations run as one Lua script each (:meth:`pool_op`)."""

    def __init__(self, q: "RedisQuota", name: str) -> None:
        self.q = q
        self.key = PREFIX + "doc:" + name
        self._pool: RedisPoolOps | None = None

    def pool_op(self, op: str, pool: str, now: float, spec: dict[str, Any],
                *args: str) -> str | None:
        """One atomic pool operation (see :data:`scout.quota.redis_pool.POOL`): ``pick``
        returns the chosen token's name (None: no usable token); the others the
        token's status."""
        if self._pool is None:
            self._pool = RedisPoolOps(self.q, self.key)
        return self._pool.run(op, pool, now, spec, *args)

    def read(self) -> dict[str, Any]:
        return self._parsed(self.q._call(lambda: self.q.client.get(self.key)))

    def _parsed(self, raw: bytes | None) -> dict[str, Any]:
        """The document; one that is not a JSON object is read as empty (and replaced by
        the next update), and said once."""
        if not raw:
            return {}
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            data = None
        if not isinstance(data, dict):
            self.q.found([f"{self.key} = {raw[:60]!r} (not a JSON object)"])
            return {}
        return data

    def update(self, fn: Callable[[dict[str, Any]], Any]) -> Any:
        for _ in range(1000):
            raw = self.q._call(lambda: self.q.client.get(self.key)) or b""
            data = self._parsed(raw)
            result = fn(data)
            new = json.dumps(data, sort_keys=True)
            if self.q._run(self.q._cas, [self.key], raw, new, now=False):
                return result
        raise ConfigError(f"quota backend {self.q.display}: {self.key} kept changing",
                          code="CFG041")


class RedisQuota:
    name = "redis"

    def __init__(self, url: str, *, headroom: float = 1.0,
                 clock: Callable[[], float] | None = None, timeout_s: float = 5.0) -> None:
        try:
            import redis
        except ImportError:
            raise ConfigError("the redis quota backend needs the redis package",
                              code="CFG041", hint="pip install 'scout[dist]'") from None
        self.url = url
        self.display = _redact(url)
        self.headroom = headroom
        self.clock = clock  # None: the server's TIME
        self._errors: tuple[type[BaseException], ...] = (redis.RedisError, OSError)
        # no connection yet: redis-py connects on the first command, so building the
        # providers layer (`scout plan`, `doctor`...) needs no server, and the first
        # decision that does says CFG041 when it does not answer (see :meth:`ping`)
        from scout.quota.redis_conn import shared_client  # one pool per URL per process

        self.client = shared_client(url, socket_timeout=timeout_s,
                                    socket_connect_timeout=timeout_s)
        # computes each SHA here; loaded on first call
        def reg(body: str) -> Any:
            return self.client.register_script(_checked(body))

        self._rate, self._trip, self._left = reg(RATE), reg(TRIP), reg(LEFT)
        self._reserve, self._settle, self._seed = reg(RESERVE), reg(SETTLE), reg(SEED)
        self._claim, self._release, self._cas = reg(CLAIM), reg(RELEASE), reg(CAS)
        self._spent = reg(SPENT)
        self._said: set[str] = set()

    def ping(self) -> None:
        """Ask the server to answer now (``scout doctor``); CFG041 when it does not."""
        self._call(self.client.ping)

    def _call(self, fn: Callable[[], Any]) -> Any:
        try:
            return fn()
        except self._errors as exc:
            detail = f"{type(exc).__name__}: {str(exc).replace(self.url, self.display)[:200]}"
            if type(exc).__name__ == "ResponseError":  # it answered: a refused command
                raise ConfigError(
                    f"quota backend {self.display} refused a command: {detail}", code="CFG041",
                    hint=f"a key under {PREFIX} may hold what scout did not write there: "
                    f"delete it (redis-cli --scan --pattern '{PREFIX}*')") from None
            raise ConfigError(
                f"quota backend {self.display} is unreachable: {detail}",
                code="CFG041",
                hint="start redis-server there, fix quota.backend in config/adapters.yaml "
                "or SCOUTE_QUOTA_URL, or use backend: local on one machine") from None

    def _run(self, script: Any, keys: list[str], *args: Any, now: bool = True) -> Any:
        argv = ([f"{self.clock():.6f}" if self.clock else ""] if now else []) + list(args)
        answer, damaged = self._call(lambda: script(keys=keys, args=argv))
        if damaged:
            self.found([d.decode("utf-8", "replace") if isinstance(d, bytes) else str(d)
                        for d in damaged])
        return answer

    def found(self, damaged: list[str]) -> None:
        """Say once per value that the backend held one scout does not write (read as
        absent and rewritten; the run goes on)."""
        from scout.termsafe import clean

        for item in damaged:
            if item not in self._said:
                self._said.add(item)
                # a filled msgid: a run shows it as a notice in the request's language
                # (orchestrator.events.LogNotices)
                log.warning(N_("quota backend {backend}: {value} is not a value scout "
                               "writes; read as none and replaced").format(
                                   backend=self.display, value=clean(item)))

    def reserve_rate(self, key: str, per_minute: float, burst: int) -> float:
        interval = 60.0 / (per_minute * self.headroom)
        return float(self._run(self._rate, [PREFIX + "rate:" + key], f"{interval:.9f}",
                               f"{(burst - 1) * interval:.9f}"))

    def trip(self, adapter: str, cooldown: float) -> None:
        if cooldown > 0:
            self._run(self._trip, [PREFIX + "breaker:" + adapter], f"{cooldown:.6f}")

    def cooldown_left(self, adapter: str) -> float:
        return float(self._run(self._left, [PREFIX + "breaker:" + adapter]))

    def _budget_keys(self, scope: str) -> list[str]:
        return [PREFIX + "budget:" + scope, PREFIX + "held:" + scope,
                PREFIX + "held-exp:" + scope]

    def budget_seed(self, scope: str, spent: float) -> None:
        self._run(self._seed, self._budget_keys(scope)[:1], f"{spent:.8f}", now=False)

    def budget_hold(self, scopes: Sequence[BudgetScope], usd: float) -> Reservation:
        rid = uuid.uuid4().hex
        if not scopes:
            return Reservation(True, rid, usd, 0.0, 0.0)
        keys = [k for sc in scopes for k in self._budget_keys(sc.name)]
        caps = [a for sc in scopes for a in (
            f"{sc.max_cost:.8f}" if sc.max_cost is not None else "-1",
            "1" if sc.whole else "0")]
        ok, spent, reserved, which = self._run(self._reserve, keys, rid, f"{usd:.8f}",
                                               f"{RESERVATION_LEASE_S}", *caps)
        refused = scopes[int(which) - 1].name if int(which) else None
        return Reservation(bool(int(ok)), rid, usd, float(spent), float(reserved), refused)

    def budget_release(self, scopes: Sequence[str], reservation_id: str, usd: float) -> None:
        if scopes:
            self._run(self._settle, [k for sc in scopes for k in self._budget_keys(sc)],
                      reservation_id, f"{usd:.8f}", now=False)

    def budget_reserve(self, scope: str, usd: float, max_cost: float | None) -> Reservation:
        return self.budget_hold([BudgetScope(scope, max_cost)], usd)

    def budget_settle(self, scope: str, reservation_id: str, usd: float) -> float:
        return float(self._run(self._settle, self._budget_keys(scope), reservation_id,
                               f"{usd:.8f}", now=False))

    def budget_spent(self, scope: str) -> float:
        return float(self._run(self._spent, [PREFIX + "budget:" + scope], now=False))

    def claim(self, key: str, owner: str, lease_s: float) -> ClaimResult:
        holder, taken = self._run(self._claim, [PREFIX + "claim:" + key,
                                                PREFIX + "claimed:" + key],
                                  owner, str(max(1, int(lease_s * 1000))), now=False)
        holder = holder.decode() if isinstance(holder, bytes) else holder
        return ClaimResult(holder or None, taken_over=bool(int(taken)))

    def release(self, key: str, owner: str) -> None:
        self._run(self._release, [PREFIX + "claim:" + key, PREFIX + "claimed:" + key],
                  owner, now=False)

    def doc(self, name: str, path: Path) -> SharedDoc:
        return RedisDoc(self, name)

    def close(self) -> None:
        try:
            self.client.close()
        except self._errors:
            pass
