"""The mission lock as a Redis lease, for runs whose ``runs/`` is shared by machines
(flock over a network filesystem is unreliable).

Chosen when the quota backend is Redis (``quota: {backend: "redis://host:port/db"}`` in
config/adapters.yaml, or ``SCOUTE_QUOTA_URL``); otherwise the flock of ``locks.py`` stays.
The lease is one key, ``scout:lease:mission:<mission id>``, whose value names the holder
(a random token, host, pid, start time, and the process identity below):

- taken with ``SET key value NX PX ttl`` — only when nobody holds it;
- renewed every ``ttl / 3`` by a Lua script that extends it only while the value is still
  ours (``PEXPIRE`` after a ``GET`` comparison, atomically);
- released by a Lua script that deletes it only while it is ours, so a holder that lost
  the lease (paused past its ttl) never deletes the next holder's.

A holder that dies stops renewing: the lease expires after ``ttl`` (default 30 s) and the
mission can be applied again. A renewal that finds the lease gone sets :attr:`lost`.

**Taking over a dead holder's lease.** Unlike a flock, a lease outlives its process, so a
mission rescheduled after its worker was killed would wait out the ttl. When ``acquire``
finds the lease held by a process *provably dead on this machine*, it takes the lease over
at once with a Lua compare-and-set (replaced only while the stored value is still exactly
the dead holder's, so of two takers one wins and a holder that renewed in between keeps
it), and says so (:attr:`took_over`, an INFO line on the ``scout.lease`` logger, and a
warning notice in the mission's log). The proof (``liveness.py``): the holder's record names this host, this kernel boot
(``/proc/sys/kernel/random/boot_id``) and this pid namespace (``/proc/self/ns/pid``), and
its pid is not alive, or is alive but started at another time than recorded (reused), or
is a zombie. The assumption: a pid means the same process only to processes sharing a
kernel boot and a pid namespace. A hostname alone is not enough (two containers can be
configured with one name, a machine reboots under its name); boot id plus namespace are
what the kernel itself tells apart, and a namespace whose processes still run is never
mistaken for ours.
Anything short of that proof — another host, boot or namespace, a record of the older
format without these fields, ``/proc`` unreadable, the holder alive and the same process,
the value changed meanwhile — keeps the wait: MissionLocked (RUN003) until it expires.

Errors: the ``redis`` package missing → CFG053; Redis unreachable → CFG054 (exit 3); a
lease held by another apply → MissionLocked (RUN003), naming the holder.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
import uuid
from typing import Any

from scout.errors import ConfigError, MissionLocked
from scout.orchestrator.liveness import dead_reason, identity

DEFAULT_TTL_MS = 30_000
log = logging.getLogger("scout.lease")
_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""
#: replace the value only while it is still exactly the dead holder's (compare-and-set)
_TAKE_OVER = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0
"""


def quota_url(config: Any, env: Any = None) -> str | None:
    """The Redis URL of the quota backend: ``SCOUTE_QUOTA_URL``, else
    ``config.quota.backend`` when it is ``redis://``/``rediss://``/``unix://``; None
    otherwise (``env``: the environment to read, default ``os.environ``; read
    tolerantly: a config without a ``quota`` section means the local backend)."""
    from_env = (os.environ if env is None else env).get("SCOUTE_QUOTA_URL")
    backend = from_env or getattr(getattr(config, "quota", None), "backend", None)
    if isinstance(backend, str) and backend.startswith(("redis://", "rediss://", "unix://")):
        return backend
    return None


def check_quota_reachable(config: Any, env: Any = None) -> None:
    """An apply under the Redis quota backend asks the server once before anything runs,
    so Redis being down is CFG041 (the quota backend's code, password hidden) rather than
    whichever piece happens to need it first. ``plan``/``validate``/``doctor`` never call
    this: the backend connects lazily, so they work while Redis is down."""
    url = quota_url(config, env)
    if url is None:
        return
    from scout.quota.redis import RedisQuota

    quota = RedisQuota(url, timeout_s=5.0)
    try:
        quota.ping()
    finally:
        quota.close()


def _redis(url: str) -> Any:
    try:
        import redis  # noqa: F401 - only to say CFG053 when it is missing
    except ImportError:
        raise ConfigError("the redis quota backend needs the 'dist' extra (redis-py)",
                          hint="pip install 'scout[dist]'", code="CFG053") from None
    from scout.quota.redis_conn import shared_client  # one pool per URL per process

    return shared_client(url, socket_timeout=5, socket_connect_timeout=5)


def _parse(raw: Any) -> dict[str, Any]:
    """A lease value read back (untrusted: any shape); {} when it is not a JSON object."""
    try:
        info = json.loads(raw) if raw else {}
    except (ValueError, UnicodeDecodeError, RecursionError):  # nested past the parser
        return {}
    return info if isinstance(info, dict) else {}


def _where(url: str) -> str:
    """The URL without credentials, for messages."""
    rest = url.split("://", 1)[-1]
    return url.split("://", 1)[0] + "://" + rest.rsplit("@", 1)[-1]


class RedisLease:
    """One mission's lease in Redis; ``acquire``/``renew``/``release``."""

    def __init__(self, url: str, mission_id: str, *, ttl_ms: int = DEFAULT_TTL_MS,
                 client: Any = None) -> None:
        self.url = url
        self.mission_id = mission_id
        self.key = f"scout:lease:mission:{mission_id}"
        self.ttl_ms = int(ttl_ms)
        self.token = uuid.uuid4().hex
        self.client = client if client is not None else _redis(url)
        self.lost = threading.Event()
        self._renew = self.client.register_script(_RENEW)
        self._release = self.client.register_script(_RELEASE)
        self._take_over = self.client.register_script(_TAKE_OVER)
        self.holder: dict[str, Any] = {}
        #: when acquire took over a dead holder's lease: that holder's record, with
        #: ``reason`` (why it is known dead) and ``notice`` (the sentence to show)
        self.took_over: dict[str, Any] | None = None

    def _call(self, fn: Any, *args: Any, **kw: Any) -> Any:
        import redis

        try:
            return fn(*args, **kw)
        except redis.RedisError as exc:
            raise ConfigError(f"mission lease: Redis at {_where(self.url)} failed: "
                              f"{type(exc).__name__}: {exc}"[:300],
                              hint="start redis-server or fix quota.backend / "
                                   "SCOUTE_QUOTA_URL", code="CFG054") from None

    def acquire(self) -> "RedisLease":
        self.holder = {"token": self.token, **identity(), "mission_id": self.mission_id,
                       "since": time.time()}
        value = json.dumps(self.holder)
        # a few rounds, because what was read can change under us: the lease may expire
        # between SET NX and GET, or another taker win the compare-and-set
        for _ in range(3):
            if self._call(self.client.set, self.key, value, nx=True, px=self.ttl_ms):
                break
            raw = self._call(self.client.get, self.key)
            if raw is None:
                continue  # expired or released since the SET: try again
            info = _parse(raw)
            reason = dead_reason(info)
            if reason is None:
                raise self._locked_error(info)
            if self._call(self._take_over, keys=[self.key], args=[raw, value, self.ttl_ms]):
                self._note_takeover(info, reason)
                break
        else:
            raise self._locked_error(_parse(self._call(self.client.get, self.key)))
        self._value = value
        return self

    def _note_takeover(self, info: dict[str, Any], reason: str) -> None:
        notice = (f"took over the lease of mission '{self.mission_id}' from dead pid "
                  f"{info.get('pid')} on host {info.get('host')} (that pid {reason})")
        self.took_over = {**info, "reason": reason, "notice": notice}
        # INFO, not WARNING: the mission emits it as a warning notice (terminal and
        # mission.log); at WARNING Python's last-resort handler printed it a second time
        log.info("%s", notice)

    def _locked_error(self, info: dict[str, Any] | None = None) -> MissionLocked:
        info = info or {}
        ttl = self._call(self.client.pttl, self.key)
        who = f"pid {info.get('pid', '?')} on {info.get('host', '?')}"
        left = f", lease expires in {max(0, int(ttl)) / 1000:.0f}s unless renewed" \
            if isinstance(ttl, int) and ttl > 0 else ""
        return MissionLocked(
            f"mission '{self.mission_id}' is being applied by {who} (Redis lease at "
            f"{_where(self.url)}{left})",
            hint="wait for it to finish, or stop that process; a lease whose holder died "
                 "on this machine is taken over at once, one that died elsewhere expires "
                 f"by itself after {self.ttl_ms / 1000:.0f}s")

    def renew(self) -> bool:
        """Extend the lease while it is ours; False (and :attr:`lost` set) when not."""
        try:
            ok = bool(self._renew(keys=[self.key], args=[self._value, self.ttl_ms]))
        except Exception:  # noqa: BLE001 - a failed renewal is retried at the next beat
            return not self.lost.is_set()
        if not ok:
            self.lost.set()
        return ok

    def release(self) -> None:
        try:
            self._release(keys=[self.key], args=[self._value])
        except Exception:  # noqa: BLE001 - it expires by itself after its ttl
            pass
        finally:
            self.client.close()
