"""Who may call what: :class:`Credentials` — each adapter's availability, its env
credential, the token pool, and the environment an adapter reads.

Preflight and the chains read the same answers (cached for the run), so a link that
preflight called usable is usable in the call. Under ``--replay`` nothing leaves:
availability comes from the cassette's manifest and credentials are placeholders. Every
value handed out is added to the run's scrubber first, so it can never be journaled.
"""

from __future__ import annotations

import threading
from collections import ChainMap
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from scout.adapters.contract import Secret
from scout.adapters.contract.http import base_url_secrets
from scout.adapters.contract.redact import SecretScrubber
from scout.config.models import Config
from scout.i18n import N_
from scout.providers.pool_config import key_value, load_pool_config
from scout.providers.pool import POOL_STATE_NAME, TokenPool
from scout.providers.preflight import Availability, check_adapter, credential_hint
from scout.providers.record import Exchanges
from scout.quota.base import Quota


class Credentials:
    """The run's keys and what each adapter may use."""

    def __init__(self, config: Config, env: Mapping[str, str], secrets: SecretScrubber, *,
                 runtime_dir: Path, pool_config_path: Path, quota: Quota,
                 clock: Callable[[], float], replay_manifest: dict[str, Any] | None = None,
                 recording: Exchanges | None = None, mission_id: str = "") -> None:
        self.config = config
        self.env = env
        self.secrets = secrets
        self.runtime_dir = runtime_dir
        self.pool_config_path = pool_config_path
        self.quota = quota
        self.clock = clock
        #: the cassette's manifest under --replay (None: a live run)
        self.replay_manifest = replay_manifest
        #: the cassette written under --record: it learns each link's availability
        self.recording = recording
        self.mission_id = mission_id
        self._lock = threading.RLock()
        self._avail: dict[str, Availability] = {}
        self._pool: TokenPool | None = None
        for name, settings in config.adapters.items():  # every known key from day one
            for var in settings.secret_env():  # keys, and ids sent beside them (Google cx)
                value = env.get(var)
                if value:  # as set, and as sent (without the spaces around it)
                    secrets.add(Secret(var, value))
                    secrets.add(Secret(var, key_value(value)[0]))
            for mark, value in base_url_secrets(name, settings):  # ?api-key=, user:pass@
                secrets.add(Secret(mark, value))

    @property
    def replaying(self) -> bool:
        return self.replay_manifest is not None

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
            if self.replay_manifest is not None:
                links = self.replay_manifest.get("links") or {}
                rec = links.get(adapter)
                if links and rec is None:
                    # the recording predates this link: it has nothing to replay for it
                    av = Availability(False, N_("not in the recording"), source="replay")
                else:
                    av = (Availability(False, rec.get("reason"), source="replay")
                          if rec and not rec.get("ok") else Availability(True, source="replay"))
            else:
                av = check_adapter(self.config.adapters[adapter], self.env,
                                   lambda: self.token_pool().pools, adapter)
            self._avail[adapter] = av
            if self.recording is not None:
                self.recording.write_manifest({"mission_id": self.mission_id, "links": {
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
            # as sent: without the newline or spaces around it (preflight refused the rest)
            secret = Secret(var, key_value(value)[0])
        self.secrets.add(secret)
        return secret

    def adapter_env(self, adapter: str) -> Mapping[str, str]:
        """The environment an adapter reads (``Adapter.env``): the run's own, so the
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

    def hint(self, adapter: str) -> str:
        """What to set so that ``adapter`` can run."""
        av = self.availability(adapter)
        return credential_hint(adapter, self.config.adapters[adapter], av.missing_env)
