"""Preflight: before anything runs, check the credentials of every adapter a pipeline uses.

* A link whose credentials are missing fails the start (exit 3) with each variable named
  and how to set it, fallbacks included: a fallback's missing key is found now, not at its
  first call.
* A link marked *used when configured* (``tavily?``) is skipped instead, visibly: in the
  report printed here, in the journal (result ``skipped``) and in the run report
  ("tavily skipped: TAVILY_API_KEY not set").
* A chain left with no usable link at all is an error too.

:func:`doctor` runs the same checks over a whole config, plus the token pool file's mode
and validity and the runtime folder, for ``scout doctor``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scout.config.settings import ADAPTER_TYPES, AdapterSettings, base_url_env
from scout.config.models import ChainLink, Config
from scout.errors import ConfigError, ScoutError
from scout.fsutil import make_dirs
from scout.i18n import N_
from scout.providers.pool_config import BAD_KEY, POOL_CONFIG_NAME, PoolDef, key_value


@dataclass(frozen=True)
class Availability:
    ok: bool
    reason: str | None = None  # why not, e.g. "TAVILY_API_KEY not set"
    missing_env: tuple[str, ...] = ()
    source: str = "none"  # none | env | pool | replay


def pool_config_path(config: Config | None, root: Path) -> Path:
    env = os.environ.get("SCOUTE_TOKEN_POOL_CONFIG")
    if env:
        return Path(env)
    if config is not None and config.path:
        return Path(config.path).resolve().parent / POOL_CONFIG_NAME
    return root / "config" / POOL_CONFIG_NAME


def check_adapter(
    settings: AdapterSettings,
    env: Mapping[str, str],
    pools: Callable[[], dict[str, PoolDef]],
    name: str | None = None,
) -> Availability:
    """Whether an adapter can run with what is configured. Pool file errors raise."""
    missing = [v for v in settings.required_env() if not env.get(v, "").strip()]
    creds = settings.credentials
    keyless = settings.keyless_env(name) if name else None
    if keyless and creds is not None and creds.env in missing:
        if env.get(keyless):
            missing.remove(creds.env)  # a local server: the key is optional
            if not missing:
                return Availability(True, source="none")
        else:
            return Availability(False, N_("neither {env} nor {keyless} is set").format(
                env=creds.env, keyless=keyless), tuple(missing))
    if creds is not None and creds.pool:
        defs = pools()
        pool = defs.get(creds.pool)
        if pool is None:
            raise ConfigError(
                f"adapter '{settings.type}' uses token pool '{creds.pool}', which "
                f"{POOL_CONFIG_NAME} does not define", code="CFG013",
                hint=N_("add a pool named '{pool}' (see config/token_pool_config.example.json)"
                         ).format(pool=creds.pool))
        if not any(t.secret is not None for t in pool.tokens):
            missing += pool.missing_env()
            if not missing:
                missing.append(f"a token in pool '{creds.pool}'")
    if missing:
        return Availability(False, N_("{names} not set").format(names=", ".join(missing)),
                            tuple(missing))
    if creds is not None and creds.env and env.get(creds.env) \
            and not key_value(env[creds.env])[1]:
        return Availability(False, BAD_KEY.format(name=creds.env), (creds.env,))
    source = "pool" if creds is not None and creds.pool else ("env" if creds else "none")
    return Availability(True, source=source)


def credential_hint(name: str, settings: AdapterSettings, missing: tuple[str, ...] = (),
                    *, optional: bool = False) -> str:
    names = list(missing) or settings.required_env()
    sets = " ".join(f"{v}=..." for v in names if v.replace("_", "").isalnum() and v.isupper())
    how = f"export {sets}" if sets else "fill its token pool"
    keyless = settings.keyless_env(name)
    if keyless:
        how += f" (or {keyless}=URL of a local server that needs no key)"
    if optional:
        return f"{how} to use {name}; until then the chain runs without it"
    return (f"{how} (or put it in your shell profile / CI secrets); to run without it, "
            f"mark the link '{name}?' in the chain so it is used only when configured")


def misspelt_env(missing: tuple[str, ...], env: Mapping[str, str],
                 read: set[str]) -> str | None:
    """A note for a variable scout reads that is unset while one spelt like it is set
    (``TAVILY_KEY``, ``tavily_api_key``, ``BRAVE_SEARCH_API_KEY`` for ``TAVILY_API_KEY``,
    ``BRAVE_API_KEY``): the usual first mistake. Only names: no value is read or shown.
    A variable scout reads for something else (``read``) is no near miss."""
    from scout.suggest import closest

    said = []
    for want in missing:
        prefix = want.split("_", 1)[0].upper()
        near = [k for k in env if env.get(k) and k not in read and k != want
                and k.upper().split("_", 1)[0] == prefix]
        hit = closest(want, near, cutoff=0.75) or next(
            (k for k in near if k.upper() == want), None)
        if hit:
            said.append(f"{hit} is set, but scout reads {want}: export {want}=\"${hit}\"")
    return "; ".join(said) or None


@dataclass
class LinkCheck:
    chain: str
    adapter: str
    when_configured: bool
    status: str  # ok | skipped | missing
    reason: str | None = None
    missing_env: tuple[str, ...] = ()
    phases: list[str] = field(default_factory=list)

    @property
    def note(self) -> str:
        """The line the report shows, e.g. 'tavily skipped: TAVILY_API_KEY not set'."""
        if self.status == "ok":
            return f"{self.adapter} ok"
        return f"{self.adapter} {self.status}: {self.reason}"


@dataclass
class PreflightReport:
    checks: list[LinkCheck] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    hints: list[str] = field(default_factory=list)

    @property
    def skipped(self) -> list[LinkCheck]:
        return [c for c in self.checks if c.status == "skipped"]

    @property
    def ok(self) -> bool:
        return not self.problems

    def lines(self) -> list[str]:
        out = []
        for c in self.checks:
            mark = {"ok": "ok  ", "skipped": "skip", "missing": "FAIL"}[c.status]
            phases = ",".join(c.phases)
            out.append(f"[{mark}] chain {c.chain}: {c.note}" + (f"  (phases {phases})"
                                                                 if phases else ""))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "problems": self.problems,
                "checks": [{**c.__dict__, "missing_env": list(c.missing_env)}
                           for c in self.checks]}

    def raise_for_problems(self) -> None:
        if not self.problems:
            return
        raise ConfigError(
            "preflight failed: " + "; ".join(self.problems), code="CFG010",
            hint=" | ".join(dict.fromkeys(self.hints)) or None)


def run_preflight(
    phase_links: dict[str, tuple[str, tuple[ChainLink, ...]]],
    availability: Callable[[str], Availability],
    config: Config,
    conditional: frozenset[str] = frozenset(),
) -> PreflightReport:
    """Check every (chain, link) the phases use; collect problems instead of stopping.

    A chain with no usable adapter is a problem unless every phase using it is
    ``conditional`` (has an ``if:``): an e-mail phase that runs only when the request
    names a recipient must not stop every other mission; when it does run, it fails
    with the same reason."""
    report = PreflightReport()
    by_key: dict[tuple[str, str], LinkCheck] = {}
    chains: dict[str, list[LinkCheck]] = {}
    for pid, (label, links) in phase_links.items():
        for link in links:
            key = (label, link.adapter)
            if key in by_key:
                if pid not in by_key[key].phases:
                    by_key[key].phases.append(pid)
                continue
            if link.adapter not in config.adapters:
                check = LinkCheck(label, link.adapter, link.when_configured, "missing",
                                  "not defined in config", phases=[pid])
                report.problems.append(f"chain {label}: adapter '{link.adapter}' is not "
                                       "defined in config/adapters.yaml")
            else:
                av = availability(link.adapter)
                status = "ok" if av.ok else ("skipped" if link.when_configured else "missing")
                check = LinkCheck(label, link.adapter, link.when_configured, status, av.reason,
                                  av.missing_env, [pid])
                if status == "missing":
                    what = " and ".join(av.missing_env) or av.reason
                    report.problems.append(f"chain {label}: {link.adapter} needs {what}")
                    report.hints.append(credential_hint(link.adapter,
                                                        config.adapters[link.adapter],
                                                        av.missing_env))
            by_key[key] = check
            report.checks.append(check)
            chains.setdefault(label, []).append(check)
    for label, checks in chains.items():
        users = {pid for c in checks for pid in c.phases}
        if users and users <= conditional:
            continue
        if checks and all(c.status == "skipped" for c in checks):
            report.problems.append(
                f"chain {label}: no usable adapter ("
                + "; ".join(c.note for c in checks) + ")")
            report.hints.append("configure one of its adapters or add a keyless one")
    return report


# --- scout doctor ---------------------------------------------------------------------


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

    def hint(name: str, settings: AdapterSettings, av: Availability, **kw: bool) -> str:
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
