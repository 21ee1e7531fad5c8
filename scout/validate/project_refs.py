"""What a phase names in the project, checked against it: its chain or inline adapters
against the config (each exists, and is of the capability the step kind calls), and a
report's templates against the project's templates/ folder and the built-in ones.

Both are part of :func:`scout.validate.checks.check_pipeline`; each problem is located
at the key that names the missing or mismatched thing, with a "did you mean".
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from scout.config.models import ChainLink, Config
from scout.config.adaptertypes import ADAPTER_TYPES
from scout.errors import Problem
from scout.paths import BUILTIN_TEMPLATES
from scout.spec.models import Phase
from scout.spec.yamlload import PathT, SourceMap
from scout.stepkit.registry import StepKind
from scout.suggest import did_you_mean


def check_chain(
    pid: str, phase: Phase, kind: StepKind, smap: SourceMap, config: Config | None
) -> list[Problem]:
    at: PathT = ("phases", pid)
    problems: list[Problem] = []
    uses_chain = phase.chain is not None or phase.adapters is not None
    if kind.capability is None:
        if uses_chain:
            key = "chain" if phase.chain is not None else "adapters"
            problems.append(
                Problem("SPEC043", f"phase '{pid}': step kind '{kind.name}' calls no adapters, "
                        f"so '{key}' has no effect", smap.locate(at + (key,), key=True),
                        hint=f"remove '{key}'")
            )
        return problems
    if not uses_chain:
        if kind.chain_required:
            problems.append(
                Problem("SPEC044", f"phase '{pid}': step kind '{kind.name}' needs a chain of "
                        f"{kind.capability} adapters", smap.locate(at + ("uses",)),
                        hint="add 'chain: <name from config/adapters.yaml>' or 'adapters: [...]'")
            )
        return problems
    if config is None:
        return problems
    if phase.chain is not None:
        if phase.chain not in config.chains:
            return [
                Problem("SPEC040", f"phase '{pid}' uses chain '{phase.chain}', which "
                        f"{config.path} does not define", smap.locate(at + ("chain",)),
                        hint=did_you_mean(phase.chain, config.chains, what="chains"))
            ]
        links = list(config.chains[phase.chain])
        link_paths = [at + ("chain",)] * len(links)
    else:
        links = [ChainLink.parse(a) for a in phase.adapters or []]
        link_paths = [at + ("adapters", i) for i in range(len(links))]
        if not links:
            problems.append(Problem("SPEC041", f"phase '{pid}': 'adapters' is empty",
                                    smap.locate(at + ("adapters",))))
    for link, path in zip(links, link_paths):
        settings = config.adapters.get(link.adapter)
        if settings is None:
            problems.append(
                Problem("SPEC041", f"phase '{pid}' names adapter '{link.adapter}', which "
                        f"{config.path} does not define", smap.locate(path),
                        hint=did_you_mean(link.adapter, config.adapters, what="adapters"))
            )
            continue
        cap = ADAPTER_TYPES[settings.type].capability
        if cap != kind.capability:
            what = f"chain '{phase.chain}'" if phase.chain else f"adapter '{link.adapter}'"
            problems.append(
                Problem("SPEC042", f"phase '{pid}' ({kind.name}) needs {kind.capability} "
                        f"adapters, but {what} holds '{link.adapter}', a {cap} adapter",
                        smap.locate(path), hint="choose a chain of the right kind")
            )
            if phase.chain:
                break
    return problems


def check_template_files(pid: str, params: BaseModel | None, smap: SourceMap,
                          config: Config | None) -> list[Problem]:
    """Report templates must exist under the project's templates/ (beside config/) or
    among the built-in ones."""
    from scout.stepkit.params import ReportParams

    # only the built-in report kind reads templates/ (python steps' keys mean what they like)
    if config is None or not isinstance(params, ReportParams):
        return []
    from scout.paths import project_root

    templates = project_root(config.path) / "templates"  # where the run will look
    if not templates.is_dir():
        return []  # no templates folder next to this config: nothing to check against
    names = {"template": params.template}
    if params.html_template:
        names["html_template"] = params.html_template
    problems = []
    available = sorted(p.name for p in templates.glob("*.j2"))
    for key, name in names.items():
        if isinstance(name, str) and not (templates / name).is_file() \
                and not (BUILTIN_TEMPLATES / name).is_file():
            problems.append(Problem(
                "SPEC054", f"phase '{pid}': template '{name}' not found in {templates} (report "
                f"templates live in templates/ next to the project's config/)",
                smap.locate(("phases", pid, "with", key)),
                hint=_other_project(name, smap.file, templates)
                or did_you_mean(name, available, what="templates")))
    return problems


def _other_project(name: str, spec_file: str, templates: Path) -> str | None:
    """A hint when the template sits in a project folder above the spec whose config is
    not the one in use (the current directory's config wins over the spec's own)."""
    for folder in Path(spec_file).resolve().parents:
        if folder / "templates" == templates:
            return None
        if (folder / "templates" / name).is_file() and (folder / "config").is_dir():
            return (f"'{name}' is in {folder / 'templates'}, the templates of the project at "
                    f"{folder}; the config in use is {templates.parent / 'config'}: run scout "
                    f"from {folder}, or pass --config {folder / 'config' / 'adapters.yaml'}")
    return None
