"""Find, load and validate ``config/adapters.yaml`` with located errors.

Where the config is found, in order: an explicit path (``--config``), the environment
variable ``SCOUTE_CONFIG``, the spec's own project (the nearest folder above it with
``config/adapters.yaml`` and ``templates/``, unless ``SCOUTE_RESEARCH_ROOT`` is set),
``$SCOUTE_RESEARCH_ROOT/config/adapters.yaml`` (the root defaults to the current
directory), then ``config/adapters.yaml`` in the folders above the spec being validated
(so ``scout validate`` works from anywhere in a checkout).
A ``base_url`` written with a credential in it is a warning (CFG007): the file is
committed, the URL belongs in ``SCOUTE_<NAME>_BASE_URL``.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from scout.paths import project_root, research_root
from scout.config.headers import url_secrets
from scout.config.settings import AdapterSettings, base_url_env, build_shared_models
from scout.config.adaptertypes import ADAPTER_TYPES
from scout.config.models import ChainLink, Config, ConfigDoc
from scout.errors import Location, Problem, SpecInvalid
from scout.spec.located import validate_located
from scout.spec.specfile import not_a_file
from scout.spec.yamlload import load_yaml_file
from scout.suggest import did_you_mean

CONFIG_NAME = "adapters.yaml"


def find_config(explicit: str | Path | None = None, near: str | Path | None = None) -> Path | None:
    if explicit:
        return Path(explicit)
    env = os.environ.get("SCOUTE_CONFIG")
    if env:
        return Path(env)
    own = own_project(near)
    if own is not None:
        return own / "config" / CONFIG_NAME
    candidate = research_root() / "config" / CONFIG_NAME
    if candidate.is_file():
        return candidate
    if near is not None:
        start = Path(near).resolve()
        for folder in [start, *start.parents] if start.is_dir() else start.parents:
            c = folder / "config" / CONFIG_NAME
            if c.is_file():
                return c
    return None


def own_project(near: str | Path | None) -> Path | None:
    """The project ``near`` (a spec file or a folder) sits in: the nearest folder at or
    above it with ``config/adapters.yaml`` and ``templates/``, as ``scout init`` lays one
    out. Its config and templates are the spec's, wherever scout runs from: from scout's
    repository root, ``scout validate examples/x/pipelines/x.yaml`` took the root's config
    and looked for x's report template under the root (SPEC054). None when ``near`` is
    None or in no such folder, and when ``$SCOUTE_RESEARCH_ROOT`` is set: the root an
    operator names is the project."""
    if near is None or os.environ.get("SCOUTE_RESEARCH_ROOT"):
        return None
    start = Path(near).resolve()
    for folder in [start, *start.parents] if start.is_dir() else start.parents:
        if (folder / "config" / CONFIG_NAME).is_file() and (folder / "templates").is_dir():
            return folder
    return None


def config_root(explicit: str | Path | None = None) -> Path:
    """The research root of a command that reads runs with no pipeline to look near
    (``status``, ``runs``, ``audit``, ``cost``, ...): the project of the config found
    (``--config``, ``$SCOUTE_CONFIG``, the current directory's), as ``apply`` takes it
    (:func:`scout.paths.project_root`), so both read and write the same ``runs/``."""
    return project_root(find_config(explicit))


def where_looked(near: str | Path | None = None) -> str:
    """Where :func:`find_config` looked for a config, for the error that found none."""
    places = [str(research_root() / "config" / CONFIG_NAME)]
    if near is not None:
        start = Path(near).resolve()
        folder = start if start.is_dir() else start.parent
        places.append(f"config/{CONFIG_NAME} in {folder} and each folder above it")
    return "looked for " + "; ".join(places) + " (SCOUTE_CONFIG is not set)"


def config_file_problem(path: Path) -> Problem | None:
    """Why ``path`` cannot be read as a config file (missing: CFG005; a folder, a device,
    a FIFO: CFG006, never opened), or None when it is a regular file. Other ``OSError``s
    of ``stat`` are raised."""
    try:
        st = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return Problem("CFG005", "config file not found", Location(str(path)),
                       hint="check the path given to --config or SCOUTE_CONFIG")
    # any other OSError (a name too long, a symlink loop) is the CLI's usage error (USE004)
    what = not_a_file(st.st_mode)
    if what is None:
        return None
    if what == "not a regular file":
        msg = f"{path} is not a regular file"
    else:
        msg = f"{path} is {what}, not a regular file"
    return Problem("CFG006", msg, Location(str(path)),
                   hint="pass the config file itself, e.g. config/adapters.yaml")


def check_config(path: str | Path) -> tuple[Config | None, list[Problem]]:
    """Validate a config file; returns the Config (when valid) and every problem."""
    loaded, problems = load_yaml_file(path)
    if loaded is None:
        return None, problems
    smap, data = loaded.source_map, loaded.data
    doc, errs = validate_located(ConfigDoc, data, smap)
    problems += errs
    if doc is None:
        # a misspelt top-level key, a bad currency table: the adapters and chains are
        # still checked, so every problem of the file is said at once
        doc = _adapters_and_chains(data)
        if doc is None:
            return None, problems

    adapters: dict[str, AdapterSettings] = {}
    if len(doc.adapters) > 1:
        build_shared_models()
    for name, raw in doc.adapters.items():
        at = ("adapters", name)
        if not isinstance(raw, dict):
            problems.append(Problem("CFG001", f"adapter '{name}' must be a mapping of settings",
                                    smap.locate(at)))
            continue
        type_name = raw.get("type", name)
        if not isinstance(type_name, str) or type_name not in ADAPTER_TYPES:
            problems.append(
                Problem(
                    "CFG001",
                    f"adapter '{name}' has unknown type '{type_name}'",
                    smap.locate(at + ("type",) if "type" in raw else at, key="type" not in raw),
                    hint=did_you_mean(str(type_name), ADAPTER_TYPES, what="adapter types"),
                )
            )
            continue
        settings, errs = validate_located(
            ADAPTER_TYPES[type_name].settings, {**raw, "type": type_name}, smap, at
        )
        problems += errs
        if settings is not None:
            adapters[name] = settings
            problems += _credentials_in_base_url(name, settings, smap.locate(at + ("base_url",)))

    chains: dict[str, tuple[ChainLink, ...]] = {}
    for cname, links in doc.chains.items():
        at = ("chains", cname)
        if not links:
            problems.append(Problem("CFG004", f"chain '{cname}' is empty", smap.locate(at),
                                    hint="list at least one adapter"))
            continue
        parsed = tuple(ChainLink.parse(x) for x in links)
        caps: dict[str, str] = {}
        for i, link in enumerate(parsed):
            if link.adapter not in doc.adapters:
                problems.append(
                    Problem(
                        "CFG002",
                        f"chain '{cname}' names adapter '{link.adapter}', which is not defined",
                        smap.locate(at + (i,)),
                        hint=did_you_mean(link.adapter, doc.adapters, what="adapters"),
                    )
                )
                continue
            if link.adapter in adapters:
                caps[link.adapter] = ADAPTER_TYPES[adapters[link.adapter].type].capability
        if len(set(caps.values())) > 1:
            desc = ", ".join(f"{a} ({c})" for a, c in caps.items())
            problems.append(
                Problem("CFG003", f"chain '{cname}' mixes adapters of different kinds: {desc}",
                        smap.locate(at), hint="a chain's links must all do the same job")
            )
        if len({link.adapter for link in parsed}) != len(parsed):
            problems.append(Problem("CFG004", f"chain '{cname}' lists an adapter twice",
                                    smap.locate(at)))
        chains[cname] = parsed

    if any(p.severity == "error" for p in problems):
        return None, problems
    return Config(str(path), doc.max_workers, adapters, chains, doc.currency,
                  ml=doc.ml, executor=doc.executor, quota=doc.quota,
                  default_lang=doc.default_lang, tax_rates=dict(doc.tax_rates)), problems


def _credentials_in_base_url(name: str, settings: AdapterSettings,
                             where: Location) -> list[Problem]:
    """A warning for a base_url written in the file with a password or a ``?key=`` in it:
    the file is committed and shown, as a secret header's value there would be (refused
    by scout.config.headers). A warning, not an error: configs that work stay runnable."""
    if not url_secrets(settings.base_url):
        return []
    var = base_url_env(name)
    return [Problem("CFG007", f"adapter '{name}': its base_url carries a credential (a "
                              f"password or a secret query value) in a file that is "
                              f"committed and shown", where, severity="warning",
                    hint=f"move the URL to the environment: export {var}='<the URL>' and "
                         f"remove base_url here (or send the key with credentials: "
                         f"{{env: VARIABLE}})")]


def _adapters_and_chains(data: object) -> ConfigDoc | None:
    """The document's ``adapters:`` and ``chains:`` alone, when they are well formed."""
    from pydantic import ValidationError

    if not isinstance(data, dict):
        return None
    part = {"apiVersion": "scout/v1", "adapters": data.get("adapters") or {},
            "chains": data.get("chains") or {}}
    try:
        return ConfigDoc.model_validate(part)
    except ValidationError:  # said already, located, by the whole document's check
        return None


@lru_cache(maxsize=16)
def _load_cached(path: str, mtime_ns: int) -> tuple[Config | None, tuple[Problem, ...]]:
    cfg, problems = check_config(path)
    return cfg, tuple(problems)


def load_config(path: str | Path | None = None, *, near: str | Path | None = None) -> Config:
    """Load a valid config or raise ``SpecInvalid`` with every problem."""
    found = find_config(path, near)
    if found is None:
        raise SpecInvalid(
            [
                Problem(
                    "CFG005",
                    f"no config/adapters.yaml found: {where_looked(near)}",
                    Location(str(research_root() / "config" / CONFIG_NAME)),
                    hint="run from the project folder, set SCOUTE_RESEARCH_ROOT, or pass --config",
                )
            ]
        )
    problem = config_file_problem(found)
    if problem is not None:
        raise SpecInvalid([problem])
    cfg, problems = _load_cached(str(found), found.stat().st_mtime_ns)
    if cfg is None:
        raise SpecInvalid(list(problems))
    return cfg
