"""``scout doctor``: every check of a whole config, each a line with its status and hint.

The credentials of each adapter and chain (what :mod:`scout.providers.preflight` checks
before a run, here over every adapter, not only a pipeline's, with a near-miss variable
name pointed out), the token pool file's mode and validity, variables with scout's prefix
that scout does not read, an SMTP server's login, the quota backend, and the runtime
folder and its journal.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scout.config.models import Config
from scout.config.settings import AdapterSettings, base_url_env
from scout.config.adaptertypes import ADAPTER_TYPES
from scout.errors import ConfigError, ScoutError
from scout.fsutil import make_dirs
from scout.providers.pool_config import PoolDef
from scout.providers.preflight import (
    Availability,
    check_adapter,
    credential_hint,
    misspelt_env,
    pool_config_path,
)


@dataclass
class DoctorCheck:
    name: str
    status: str  # ok | warn | fail
    detail: str
    hint: str | None = None


def doctor(config_path: str | Path | None, root: Path, env: Mapping[str, str] | None = None
           ) -> list[DoctorCheck]:
    """Every check of a whole config: validity, credentials, token pool, runtime folder."""
    from scout.config.loader import load_config
    from scout.providers.journal import read_journal
    from scout.providers.pool_config import check_mode, load_pool_config, read_pool_config

    env = os.environ if env is None else env
    out: list[DoctorCheck] = []
    try:
        config = load_config(config_path)
    except ScoutError as exc:
        problems = getattr(exc, "problems", None)
        if not problems:
            out.append(DoctorCheck("config", "fail", str(exc), exc.hint))
        # one line per problem, each with its own hint (they were joined on one line,
        # under the first one's hint)
        for p in problems or ():
            out.append(DoctorCheck("config", "fail" if p.severity == "error" else "warn",
                                   f"{p.location}: {p.message}", p.hint))
        return out
    out.append(DoctorCheck("config", "ok", f"{config.path}: {len(config.adapters)} adapters, "
                           f"{len(config.chains)} chains"))

    pool_path = pool_config_path(config, root)
    pool_error: ConfigError | None = None
    pool_defs: dict[str, PoolDef] | None = None
    if pool_path.exists():
        try:
            check_mode(pool_path)
            pool_defs, pool_fmt = read_pool_config(pool_path, env)
            fmt_note = ("seed format ('providers')" if pool_fmt == "seed"
                        else "scout format ('pools')")
            out.append(DoctorCheck("token pool", "ok", f"{pool_path}: {fmt_note}, mode 0600, "
                                   f"{len(pool_defs)} pool(s): "
                                   + ", ".join(f"{p.name} ({len(p.tokens)} tokens, "
                                               f"{p.strategy})" for p in pool_defs.values())))
            used = {a.credentials.pool for a in config.adapters.values()
                    if a.credentials is not None and a.credentials.pool}
            for p in pool_defs.values():
                if p.name not in used:
                    out.append(DoctorCheck(f"token pool {p.name}", "warn",
                                           "no adapter uses it: its tokens are never sent",
                                           f"set credentials: {{pool: {p.name}}} on the "
                                           "adapter it is for, in " + str(config.path)))
                if p.missing_env():
                    out.append(DoctorCheck(f"token pool {p.name}", "warn",
                                           "tokens without a value: "
                                           + ", ".join(p.missing_env()) + " not set",
                                           "export them or remove those tokens"))
        except ConfigError as exc:
            pool_error = exc
            out.append(DoctorCheck("token pool", "fail", exc.message, exc.hint))
    else:
        out.append(DoctorCheck("token pool", "ok", f"{pool_path}: absent (no pooled adapters "
                               "need it)" if not _uses_pools(config) else f"{pool_path}: absent"))

    def pools() -> dict[str, PoolDef]:
        if pool_error is not None:
            raise pool_error
        if pool_defs is None:
            return load_pool_config(pool_path, env)  # raises "not found" with a hint
        return pool_defs

    optional_only: dict[str, bool] = {}
    for links in config.chains.values():
        for link in links:
            optional_only[link.adapter] = optional_only.get(link.adapter, True) and \
                link.when_configured
    read = {v for a in config.adapters.values() if a.type in ADAPTER_TYPES
            for v in a.required_env()}
    # a token pool's `env:` variables are read too: a pool token is no misspelt key
    read |= {t.env for p in (pool_defs or {}).values() for t in p.tokens if t.env}

    def hint(name: str, settings: AdapterSettings, av: Availability, **kw: bool
             ) -> str | None:
        if not av.missing_env:  # every variable set, one unusable: the reason says which
            return None
        said = credential_hint(name, settings, av.missing_env, **kw)
        near = misspelt_env(av.missing_env, env, read)
        return f"{near}; or {said}" if near else said

    for name, settings in config.adapters.items():
        label = f"adapter {name} ({settings.type})"
        if settings.type not in ADAPTER_TYPES:
            out.append(DoctorCheck(label, "fail", f"unknown type '{settings.type}'"))
            continue
        try:
            av = check_adapter(settings, env, pools, name)
        except ConfigError as exc:
            out.append(DoctorCheck(label, "fail", exc.message, exc.hint))
            continue
        if av.ok and settings.type == "smtp":
            out.append(_smtp_check(name, settings, env, label))
        elif av.ok:
            how = {"env": "credential set", "pool": "token pool", "none": "no credential needed"}
            out.append(DoctorCheck(label, "ok", how.get(av.source, av.source)))
        elif optional_only.get(name, False):
            out.append(DoctorCheck(label, "warn", f"skipped when used: {av.reason}",
                                   hint(name, settings, av, optional=True)))
        elif name not in optional_only:
            out.append(DoctorCheck(label, "warn", f"in no chain; {av.reason}",
                                   hint(name, settings, av)))
        else:
            out.append(DoctorCheck(label, "fail", av.reason or "not usable",
                                   hint(name, settings, av)))
    out += _stray_checks(config, env)
    for cname, links in config.chains.items():
        usable = []
        for link in links:
            link_settings = config.adapters.get(link.adapter)
            try:
                if link_settings is not None and check_adapter(link_settings, env, pools,
                                                               link.adapter).ok:
                    usable.append(link.adapter)
            except ConfigError:
                pass
        if usable:
            out.append(DoctorCheck(f"chain {cname}", "ok", "answers with: " + " → ".join(usable)))
        elif links and all(link.when_configured for link in links):
            # every link is `name?`: what apply does too (preflight above) — a phase on it
            # with an `if:`, or optional, is skipped and says why; only another one stops
            out.append(DoctorCheck(
                f"chain {cname}", "warn", "no usable adapter: every link is used only "
                "when configured", "configure one of its adapters to use it; until then a "
                "phase that needs it is skipped when optional, else it fails saying why"))
        else:
            out.append(DoctorCheck(f"chain {cname}", "fail", "no usable adapter",
                                   "configure at least one of its adapters"))

    out.append(_quota_check(config, env))
    runtime = root / "runtime"
    try:
        make_dirs(runtime)
        probe = runtime / ".doctor-probe"
        probe.write_text("ok")
        probe.unlink()
        journal = read_journal(runtime)
        detail = f"{runtime}: writable; journal {len(journal.entries)} line(s) in " \
                 f"{len(journal.files)} file(s)"
        if journal.torn:
            torn = journal.torn
            out.append(DoctorCheck("runtime", "warn", detail + f"; {len(torn)} torn "
                                   f"line(s), first at {torn[0].file}:{torn[0].line}",
                                   "a crash cut a line; readers skip it"))
        else:
            out.append(DoctorCheck("runtime", "ok", detail))
    except OSError as exc:
        out.append(DoctorCheck("runtime", "fail", f"{runtime}: {exc.strerror}",
                               "set SCOUTE_RESEARCH_ROOT to a writable folder"))
    return out


def _stray_checks(config: Config, env: Mapping[str, str]) -> list[DoctorCheck]:
    """A warning for each variable with scout's prefix that scout does not read: it is
    ignored, and what it meant to set is not (scout.config.envvars)."""
    from scout.config.envvars import stray_variables

    also = {base_url_env(n) for n in config.adapters} | {
        v for a in config.adapters.values() if a.type in ADAPTER_TYPES for v in a.required_env()}
    return [DoctorCheck(f"environment {name}", "warn", "set, but scout reads no such variable",
                        f"did you mean {hit}? export {hit}=\"${name}\"" if hit
                        else "unset it, or see docs/running.md for the variables scout reads")
            for name, hit in stray_variables(env, also)]


def _quota_check(config: Config, env: Mapping[str, str]) -> DoctorCheck:
    """The quota backend answers: a Redis server is asked (PING); the layer itself
    connects only on its first decision, so nothing else here needs the server."""
    from scout.quota.factory import ENV_URL

    backend = env.get(ENV_URL) or config.quota.backend
    if not backend.startswith(("redis://", "rediss://", "unix://")):
        return DoctorCheck("quota backend", "ok", backend)
    try:
        from scout.quota.factory import make_quota
        from scout.quota.redis import RedisQuota

        quota = make_quota(backend, Path("."), env=env)  # CFG040 for a malformed URL
        try:
            if isinstance(quota, RedisQuota):
                quota.ping()
        finally:
            quota.close()
    except ScoutError as exc:
        return DoctorCheck("quota backend", "fail", exc.message, exc.hint)
    return DoctorCheck("quota backend", "ok", f"{getattr(quota, 'display', 'redis')}: answers")


def _smtp_check(name: str, settings: Any, env: Mapping[str, str], label: str) -> DoctorCheck:
    """An SMTP server is checked for real: connect, TLS, login, quit (nothing is sent), so
    a wrong password shows here rather than after a whole mission."""
    from scout.adapters.smtp import SmtpAdapter

    adapter = SmtpAdapter(name, settings)
    adapter.env = env
    try:
        return DoctorCheck(label, "ok", "server reached: " + adapter.check())
    except ScoutError as exc:
        hint = {"PRV003": "check the user and password in the URL (percent-encode ':' '@' "
                          "'/' in them)",
                "PRV001": "is the server up and the port right? (587 STARTTLS, 465 SMTPS)"
                }.get(exc.code, exc.hint)
        return DoctorCheck(label, "fail", exc.message, hint)


def _uses_pools(config: Config) -> bool:
    return any(s.credentials is not None and s.credentials.pool for s in config.adapters.values())
