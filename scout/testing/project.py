"""Run a pipeline offline against :class:`~scout.testing.server.FakeProviders`.

:func:`run_pipeline` lays out a throwaway research root (``config/adapters.yaml``,
``templates/``, ``runtime/``, ``runs/``) in a folder the test owns and applies the
pipeline (or a Mission) there with scout's real runner, providers layer and adapters.
The config is generated from the pipeline itself: every chain and inline adapter it names
becomes a link to the fake server of the right kind (search → a Tavily-shaped endpoint,
synthesize → a Perplexity-shaped one, fetch → the fake's pages, loopback allowed,
videos → yt-dlp and transcripts → youtube-transcript-api with their network pointed at
the fake's YouTube, :mod:`scout.testing.youtube`), so an author's kind runs however its
real config names its chains. A synthesizer that needs no network (``extractive``) runs as
the kind's real config sets it, in its place in the chain, so an author sees the keyless
report offline; the chain's network synthesizers (perplexity, openai) become one link to
the fake. Phases of other capabilities (e-mail, images) are refused with a clear message.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from scout.errors import UsageError
from scout.testing.fake_http import FAKE_KEY
from scout.testing.server import FakeProviders
from scout.testing.youtube import adapter_factory

KEY_ENV = "SCOUT_TESTING_FAKE_KEY"
_ADAPTER_OF = {"search": "testing_search", "synthesize": "testing_synthesis",
               "fetch": "testing_pages", "videos": "testing_videos",
               "transcripts": "testing_transcripts"}


@dataclass
class OfflineRun:
    """What an offline apply produced."""

    result: Any  # scout.orchestrator.mission_runner.MissionResult
    root: Path

    @property
    def exit_code(self) -> int:
        return int(self.result.exit_code)

    @property
    def status(self) -> str:
        return str(self.result.status)

    @property
    def run_dir(self) -> Path:
        return Path(self.result.run_dir)

    @property
    def report(self) -> str:
        """``report.md`` of the run ('' when the report phase did not run)."""
        path = self.run_dir / "report.md"
        return path.read_text(encoding="utf-8") if path.is_file() else ""

    @property
    def report_html(self) -> str:
        path = self.run_dir / "report.html"
        return path.read_text(encoding="utf-8") if path.is_file() else ""

    def artifact(self, name: str) -> Any:
        """An artifact's data as stored in ``artifacts/<name>.json`` (without the envelope
        of schema, hash and producer)."""
        path = self.run_dir / "artifacts" / f"{name}.json"
        if not path.is_file():
            raise KeyError(f"no artifact '{name}' in {self.run_dir / 'artifacts'}")
        doc = json.loads(path.read_text(encoding="utf-8"))
        return doc.get("data", doc) if isinstance(doc, dict) and "schema" in doc else doc


def _pipeline_of(file: Path) -> Path:
    from scout.spec.loader import load_spec
    from scout.spec.mission import mission_pipeline_path

    spec, _ = load_spec(file)
    if spec is not None and spec.kind == "Mission":
        return mission_pipeline_path(spec)
    return file


def _real_config(base: str | Path | None) -> dict[str, Any]:
    if base is None or not Path(base).is_file():
        return {}
    try:
        real = yaml.safe_load(Path(base).read_text(encoding="utf-8"))
    except yaml.YAMLError:
        return {}  # scout validate says what is wrong with it
    return real if isinstance(real, dict) else {}


def _runs_locally(raw: Any) -> bool:
    """Whether a config entry is a synthesizer that needs no network (``extractive``: its
    class speaks no HTTP): it runs offline as configured, not against the fake."""
    from scout.config.adaptertypes import ADAPTER_TYPES

    kind = raw.get("type") if isinstance(raw, dict) else None
    entry = ADAPTER_TYPES.get(kind) if isinstance(kind, str) else None
    if entry is None:
        return False
    try:
        cls = entry.load()
    except (ImportError, AttributeError):
        return False
    return getattr(cls, "capability", None) == "synthesize" and \
        not getattr(cls, "uses_http", True)


def offline_config(pipeline_file: str | Path, fake: FakeProviders,
                   base: str | Path | None = None) -> dict[str, Any]:
    """The config document that points every chain of the pipeline at ``fake``.

    ``base``: a real config whose ``currency``, ``tax_rates`` and ``ml`` sections are kept
    (prices are converted the same way offline), and whose synthesizers that need no network
    (``extractive``) run as it configures them, in their place in the phase's chain or
    ``adapters:``; its network synthesizers become one link to the fake."""
    from scout.adapters.search_http import json_object
    from scout.spec.loader import load_spec
    from scout.stepkit.registry import get_step_kind

    spec, problems = load_spec(pipeline_file)
    if spec is None or spec.kind != "Pipeline":
        raise UsageError(f"{pipeline_file} is not a pipeline scout.testing can read",
                         hint="run: scout validate " + str(pipeline_file))
    real = _real_config(base)
    real_adapters = json_object(real.get("adapters"))
    real_chains = json_object(real.get("chains"))
    local = {name: dict(raw) for name, raw in real_adapters.items() if _runs_locally(raw)}
    fast = {"timeout": "10s", "cache_ttl": "0s", "retry": {"attempts": 1}}
    adapters: dict[str, Any] = {
        # made-up tariffs, so that `scout plan` and the report's costs show numbers
        "testing_search": {"type": "tavily", "base_url": fake.url,
                           "credentials": {"env": KEY_ENV}, **fast,
                           "tariff": {"per_credit": 0.001, "source": "scout.testing (fake)"}},
        "testing_synthesis": {"type": "perplexity", "base_url": fake.url,
                              "credentials": {"env": KEY_ENV}, **fast,
                              "tariff": {"per_request": 0.005,
                                         "source": "scout.testing (fake)"}},
        "testing_pages": {"type": "page", "allow_hosts": ["127.0.0.1"], **fast},
        # keyless, as on YouTube; their network is the fake's (scout.testing.youtube)
        "testing_videos": {"type": "yt_dlp", "max_results": 50, **fast},
        "testing_transcripts": {"type": "youtube_transcripts", **fast},
        "extractive": {"type": "extractive"},
    }
    chains: dict[str, list[str]] = {}
    for pid, phase in spec.model.phases.items():  # type: ignore[union-attr]
        try:
            cap = get_step_kind(phase.uses).capability
        except (LookupError, ValueError):
            continue  # the validator reports it
        if cap is None:
            continue
        if cap not in _ADAPTER_OF:
            raise UsageError(f"phase {pid} ({phase.uses}) calls {cap} adapters, which "
                             "scout.testing cannot fake", hint="scout.testing fakes search, "
                             "fetch, synthesize, videos and transcripts; test the other "
                             "phases with --replay")
        fake_link = _ADAPTER_OF[cap]
        if phase.chain:
            links: list[str] = []
            named = real_chains.get(phase.chain) if cap == "synthesize" else None
            for link in named if isinstance(named, list) else []:
                name = str(link).rstrip("?")
                if name in local:  # extractive: as configured, where configured
                    adapters[name] = local[name]
                    links.append(str(link))
                elif fake_link not in links:
                    links.append(fake_link)
            chains[phase.chain] = links or [fake_link]
        for name in phase.adapters or []:
            name = name.rstrip("?")
            keep = cap == "synthesize" and name in local
            adapters[name] = local[name] if keep else dict(adapters[fake_link])
    doc: dict[str, Any] = {"apiVersion": "scout/v1", "kind": "Config", "max_workers": 4,
                           "adapters": adapters, "chains": chains}
    for key in ("currency", "tax_rates", "ml"):
        if key in real:
            doc[key] = real[key]
    return doc


def _kind_config(pipeline_file: Path) -> Path | None:
    """The kind's own ``config/adapters.yaml``: the nearest one above its pipeline (as
    ``scout init`` lays a kind out), before the one of the folder the tests run in."""
    from scout.config.loader import CONFIG_NAME, find_config

    for folder in pipeline_file.parents:
        if (folder / "config" / CONFIG_NAME).is_file():
            return folder / "config" / CONFIG_NAME
    return find_config(None, pipeline_file)


def run_pipeline(
    file: str | Path,
    *,
    fake: FakeProviders,
    workdir: str | Path,
    query: str | None = None,
    sets: dict[str, Any] | None = None,
    mission_id: str | None = None,
    templates: str | Path | None = None,
    config: str | Path | None = None,
    force: tuple[str, ...] = (),
    today: dt.date | None = None,
) -> OfflineRun:
    """Apply FILE (a pipeline or a Mission) offline; the research root is ``workdir``.

    ``templates``: the folder of the kind's templates (default: ``templates/`` beside the
    pipeline's folder, as ``scout init`` lays it out); the kind's own message catalogs
    (``locales/`` beside that folder) come along. ``config``: the kind's real
    config, whose currency rates are kept and whose synthesizers that need no network
    (``extractive``) run as it sets them (default: the nearest ``config/adapters.yaml``
    above the pipeline, else the one ``scout`` would find from here).
    ``today``: the day the request is read on ("este fin de semana", "next month", the
    past-date check; default: the real one), so a kind's test reads the same any day.
    Applying twice in the same ``workdir`` converges like ``scout apply`` does.
    """
    from scout import api
    from scout.providers.hook import ProviderOptions, ProvidersHook

    file = Path(file).resolve()
    root = Path(workdir).resolve()
    pipeline_file = _pipeline_of(file).resolve()
    (root / "config").mkdir(parents=True, exist_ok=True)
    base = Path(config) if config else _kind_config(pipeline_file)
    cfg_path = root / "config" / "adapters.yaml"
    cfg_path.write_text(yaml.safe_dump(offline_config(pipeline_file, fake, base),
                                       sort_keys=False), encoding="utf-8")
    src = Path(templates) if templates else pipeline_file.parent.parent / "templates"
    if src.is_dir() and src.resolve() != (root / "templates").resolve():
        shutil.copytree(src, root / "templates", dirs_exist_ok=True)
        if (src.parent / "locales").is_dir():  # the words its templates translate
            shutil.copytree(src.parent / "locales", root / "locales", dirs_exist_ok=True)
    env = {**os.environ, KEY_ENV: FAKE_KEY}
    hook = ProvidersHook(root, ProviderOptions(env=env, sleep=lambda s: None,
                                               adapter_factory=adapter_factory(fake.url)))
    result = api.apply(file, query=query, sets=sets, mission_id=mission_id,
                       runs_dir=root / "runs", config=cfg_path, root=root, providers=hook,
                       force=force, sleep=lambda s: None, today=today)
    return OfflineRun(result, root)
