"""The token pool's state in Redis: every pool operation is ONE Lua script.

The state is the same JSON document the file backend keeps (``scout pool status`` reads
it unchanged), in ``scout:quota:doc:<name>``. Instead of reading it, deciding in Python
and swapping it back by compare-and-set (retried under contention by many workers), the
decision itself runs inside Redis: the script decodes the document (one scout did not
write is read as empty, replaced and said once, as :meth:`RedisDoc.read` says it), rests
expired tokens, picks by the pool's strategy (failover, least-used, round-robin, smooth
weighted round-robin: the same rules as :meth:`scout.providers.pool.TokenPool._choose`),
counts the request and writes the document back, with nothing in between. Token *names*
and weights travel to the script; values never do. Redis's cjson keeps 14 significant
digits: timestamps in the state are kept to 0.1 ms.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scout.quota.redis import RedisQuota

# KEYS[1]: the document. ARGV: op, pool, now, spec (JSON: strategy, tokens [{name, weight,
# ok}], exclude [names]), then per op: failed -> kind, message, mark ('' none), rest seconds
POOL = """
local raw = redis.call('GET', KEYS[1])
local data = {}
-- the start of a document scout did not write (not a JSON object), which the caller says
local bad = false
if raw and raw ~= '' then
  -- a document that is not JSON (not written by scout) is read as empty and replaced
  local ok, decoded = pcall(cjson.decode, raw)
  if ok then data = decoded end
  -- cjson reads an array as a table too: its first element says it is none of scout's
  if not ok or type(data) ~= 'table' or data[1] ~= nil then bad = string.sub(raw, 1, 60) end
end
if type(data) ~= 'table' or data[1] ~= nil then data = {} end
if data['version'] == nil then data['version'] = 1 end
if type(data['pools']) ~= 'table' then data['pools'] = {} end
local op, pname, now = ARGV[1], ARGV[2], tonumber(ARGV[3])
local spec = cjson.decode(ARGV[4])
local ps = data['pools'][pname]
if type(ps) ~= 'table' then ps = {cursor = -1, tokens = {}}; data['pools'][pname] = ps end
if ps['cursor'] == nil then ps['cursor'] = -1 end
if type(ps['tokens']) ~= 'table' then ps['tokens'] = {} end
local toks = ps['tokens']
for _, t in ipairs(spec['tokens']) do
  if type(toks[t.name]) ~= 'table' then
    toks[t.name] = {status = 'active', ['until'] = cjson.null, requests = 0, errors = 0,
                    last_error = cjson.null, last_success = cjson.null,
                    last_used = cjson.null, current_weight = 0}
  end
end
local function save() redis.call('SET', KEYS[1], cjson.encode(data)) end
local function num(v) if type(v) == 'number' then return v end return 0 end

if op == 'pick' then
  local excluded = {}
  for _, n in ipairs(spec['exclude']) do excluded[n] = true end
  local usable = {}
  for _, t in ipairs(spec['tokens']) do
    local st = toks[t.name]
    if st.status ~= 'active' and type(st['until']) == 'number' and st['until'] <= now then
      st.status = 'active'; st['until'] = cjson.null
    end
    if st.status == 'active' and t.ok and not excluded[t.name] then
      table.insert(usable, t)
    end
  end
  if #usable == 0 then return {'', bad} end  -- nothing written: as the file backend
  local chosen = nil
  local strategy = spec['strategy']
  if strategy == 'failover' then
    chosen = usable[1]
  elseif strategy == 'least-used' then
    for _, t in ipairs(usable) do
      if chosen == nil or num(toks[t.name].requests) < num(toks[chosen.name].requests) then
        chosen = t
      end
    end
  elseif strategy == 'round-robin' then
    local n = #spec['tokens']
    local last = num(ps['cursor'])
    local ok = {}
    for _, t in ipairs(usable) do ok[t.name] = t end
    for step = 1, n do
      local idx = (last + step) % n  -- 0-based, as the file backend's cursor
      local t = spec['tokens'][idx + 1]
      if ok[t.name] then chosen = ok[t.name]; ps['cursor'] = idx; break end
    end
  end
  if chosen == nil then  -- weighted-round-robin (nginx smooth)
    local total = 0
    for _, t in ipairs(usable) do
      total = total + t.weight
      local st = toks[t.name]
      st.current_weight = num(st.current_weight) + t.weight
      if chosen == nil or st.current_weight > toks[chosen.name].current_weight then
        chosen = t
      end
    end
    toks[chosen.name].current_weight = toks[chosen.name].current_weight - total
  end
  local st = toks[chosen.name]
  st.requests = num(st.requests) + 1
  st.last_used = now
  save()
  return {chosen.name, bad}
end

local st = toks[ARGV[5]]
if st == nil then return redis.error_reply('unknown token') end
if op == 'attempt' then
  st.requests = num(st.requests) + 1; st.last_used = now
elseif op == 'succeeded' then
  st.last_success = now
elseif op == 'failed' then
  st.errors = num(st.errors) + 1
  st.last_error = {at = now, kind = ARGV[6], message = ARGV[7]}
  if ARGV[8] ~= '' then st.status = ARGV[8]; st['until'] = now + tonumber(ARGV[9]) end
end
save()
return {st.status, bad}
"""


class RedisPoolOps:
    """The pool operations of one Redis document (``RedisDoc.pool_op`` calls it)."""

    def __init__(self, q: "RedisQuota", key: str) -> None:
        self.q = q
        self.key = key
        self._script = q.client.register_script(POOL)

    def run(self, op: str, pool: str, now: float, spec: dict[str, Any],
            *args: str) -> str | None:
        out, bad = self.q._call(lambda: self._script(
            keys=[self.key], args=[op, pool, f"{now:.6f}", json.dumps(spec), *args]))
        if bad:  # said as RedisDoc.read says it, so one damaged document is said once
            self.q.found([f"{self.key} = {bad!r} (not a JSON object)"])
        out = out.decode() if isinstance(out, bytes) else out
        return out or None
