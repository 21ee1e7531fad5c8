"""Preflight: before anything runs, check the credentials of every adapter a pipeline uses.

* A link whose credentials are missing fails the start (exit 3) with each variable named
  and how to set it, fallbacks included: a fallback's missing key is found now, not at its
  first call.
* A link marked *used when configured* (``tavily?``) is skipped instead, visibly: in the
  report printed here, in the journal (result ``skipped``) and in the run report
  ("tavily skipped: TAVILY_API_KEY not set").
* A chain left with no usable link at all is an error too.

:func:`scout.providers.doctor.doctor` runs the same checks over a whole config, for
``scout doctor``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scout.config.baseurl import BAD_URL_HINT
from scout.config.headers import MAX_VALUE_CHARS
from scout.config.settings import AdapterSettings
from scout.config.models import ChainLink, Config
from scout.errors import ConfigError
from scout.i18n import N_
from scout.providers.pool_config import BAD_KEY, POOL_CONFIG_NAME, PoolDef, key_value


@dataclass(frozen=True)
class Availability:
    ok: bool
    reason: str | None = None  # why not, e.g. "TAVILY_API_KEY not set"
    missing_env: tuple[str, ...] = ()
    source: str = "none"  # none | env | pool | replay
    hint: str | None = None  # what to do, when the reason alone does not say


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
    bad_url = settings.env_url_problem(name, env) if name else None
    if bad_url is not None:  # set, but no provider's API: nothing is sent there
        return Availability(False, bad_url, hint=BAD_URL_HINT)
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
    unsendable = settings.env_problem(env)
    if unsendable is not None:  # a server's bare 431 would name nothing: name it now
        var, chars = unsendable
        return Availability(False, BAD_KEY.format(name=var) if chars < 0 else N_(
            "{var} holds {count} characters, more than the {limit} an HTTP header "
            "takes").format(var=var, count=chars, limit=MAX_VALUE_CHARS))
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
                if status == "missing" and not av.missing_env:  # set, but unusable
                    report.problems.append(f"chain {label}: {link.adapter}: {av.reason}")
                    if av.hint:
                        report.hints.append(av.hint)
                elif status == "missing":
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
