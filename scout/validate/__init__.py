"""Validation of whole files and folders: spec → checks → graph, every problem at once.

This is what ``scout validate`` and every command that loads a spec call. It never
raises for a user mistake; each file gets a :class:`FileReport` with sorted problems.
"""

from __future__ import annotations

import dataclasses

from dataclasses import dataclass, field
from pathlib import Path

from scout.config.loader import check_config, config_file_problem, find_config, where_looked
from scout.config.models import Config
from scout.errors import Location, Problem, SpecInvalid
from scout.spec.dag import build_graph, graph_problems
from scout.spec.factcache import flush as flush_fact_cache
from scout.validate.checks import check_pipeline
from scout.validate.templates import check_report_templates
from scout.validate.unused import unused_problems
from scout.spec.discover import SPEC_SUFFIXES, find_specs  # noqa: F401 - re-exported
from scout.spec.loader import LoadedSpec, load_spec, spec_from_yaml
from scout.spec.mission import mission_pipeline_path
from scout.validate.mission import check_mission_inputs
from scout.spec.models import Mission, Pipeline
from scout.spec.specfile import read_spec_text
from scout.spec.yamlload import gc_paused, load_yaml_file



@dataclass
class FileReport:
    path: str
    kind: str | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def ok(self) -> bool:
        return not self.errors


@dataclass
class ValidationResult:
    files: list[FileReport]
    skipped: list[str] = field(default_factory=list)  # YAML in folders that is not scout's
    #: the projects whose config and templates the files were checked against
    projects: list[Path] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(f.ok for f in self.files)

    @property
    def problems(self) -> list[Problem]:
        return [p for f in self.files for p in f.problems]


class _ConfigCache:
    """Validates each config file once per run, however many specs share it; and each
    pipeline once per run, however many missions name it."""

    def __init__(self, explicit: str | Path | None) -> None:
        self.explicit = explicit
        self.cache: dict[str, tuple[Config | None, list[Problem]]] = {}
        self.projects: list[Path] = []  # the project of each config, in the order found
        #: each pipeline loaded and checked in this run, by its path as written and its
        #: text: a mission checks the pipeline it names, which ``scout validate
        #: pipelines/`` has just checked as a file of its own (the same path once tidied,
        #: scout.spec.mission; the same config, found from the same path)
        self.pipelines: dict[tuple[str, str], _Checked] = {}

    def checked(self, path: str | Path) -> _Checked | None:
        """The pipeline at ``path`` as this run already loaded and checked it, or None
        (not yet, or its file changed since)."""
        text = read_spec_text(path)[0]
        return None if text is None else self.pipelines.get((str(path), text))

    def keep(self, path: str | Path, found: _Checked) -> None:
        text = read_spec_text(path)[0]
        if text is not None and found.spec is not None and found.spec.text == text:
            self.pipelines[(str(path), text)] = found

    def get(self, near: str | Path) -> tuple[Config | None, list[Problem]]:
        path = find_config(self.explicit, near)
        if path is None:
            return None, [
                Problem("CFG005", "no config/adapters.yaml found; chains and adapters were not "
                        f"checked: {where_looked(near)}", Location(str(near)), severity="warning",
                        hint="pass --config or set SCOUTE_RESEARCH_ROOT")
            ]
        key = str(path.resolve()) if path.exists() else str(path)
        if key not in self.cache:
            from scout.paths import project_root

            self.projects.append(project_root(path).resolve())
            problem = config_file_problem(path)
            if problem is not None:
                self.cache[key] = (None, [problem])
            else:
                self.cache[key] = check_config(path)
        return self.cache[key]


@dataclass(frozen=True)
class _Checked:
    """A pipeline file as one run loaded and checked it: its spec, the problems of
    loading it, of its config and of the checks (each handed out as a new list)."""

    spec: LoadedSpec | None
    loading: tuple[Problem, ...]
    config: tuple[Problem, ...] = ()
    checks: tuple[Problem, ...] = ()


def _pipeline_checked(spec: LoadedSpec, loading: list[Problem], path: str | Path,
                      configs: _ConfigCache) -> _Checked:
    """Check the pipeline ``spec`` loaded from ``path`` (with ``loading``'s problems), once
    per run: the result is kept for a mission that names the same file."""
    config, cfg_problems = configs.get(path)
    found = _Checked(spec, tuple(loading), tuple(cfg_problems),
                     tuple(_check_loaded_pipeline(spec, config)))
    configs.keep(path, found)
    return found


def _check_loaded_pipeline(spec: LoadedSpec, config: Config | None) -> list[Problem]:
    assert isinstance(spec.model, Pipeline)
    problems = check_pipeline(spec, config)
    problems += python_notes(spec)
    problems += graph_problems(spec.model, spec.source_map, build_graph(spec.model))
    if not spec.partial:  # templates are part of the spec (scout.validate.templates)
        tmpl_problems, task_attrs = check_report_templates(spec, config)
        problems += tmpl_problems + unused_problems(spec, task_attrs)
    return problems


def python_notes(spec: LoadedSpec) -> list[Problem]:
    """A note per ``python:`` phase: it runs arbitrary code, by design (SPEC075)."""
    assert isinstance(spec.model, Pipeline)
    return [
        Problem("SPEC075", f"phase '{pid}' runs Python: {phase.uses[len('python:'):]}",
                spec.source_map.locate(("phases", pid, "uses")), severity="note",
                hint="a python: step runs any code with your permissions; "
                     "apply only specs whose code you trust")
        for pid, phase in spec.model.phases.items() if phase.uses.startswith("python:")
    ]


def validate_file(path: str | Path, configs: _ConfigCache | None = None) -> FileReport:
    # the spec's models, source map and graph are all long-lived: see gc_paused
    with gc_paused():
        return _validate_file(path, configs or _ConfigCache(None))


def _validate_file(path: str | Path, configs: _ConfigCache) -> FileReport:
    report = FileReport(str(path))
    loaded, problems = load_yaml_file(path)
    if loaded is not None and isinstance(loaded.data, dict) and loaded.data.get("kind") == "Config":
        report.kind = "Config"
        report.problems += check_config(path)[1]
        return _finish(report)
    spec, problems = spec_from_yaml(loaded, problems, str(path))
    report.problems += problems
    if spec is None:
        return _finish(report)
    report.kind = spec.kind
    if spec.kind == "Pipeline":
        found = configs.checked(path)
        if found is None or found.spec is None:
            found = _pipeline_checked(spec, problems, path, configs)
        report.problems += found.config  # reported with every spec that relies on them
        report.problems += found.checks
    else:
        report.problems += _check_mission(spec, configs)
    return _finish(report)


def _check_mission(spec: LoadedSpec, configs: _ConfigCache) -> list[Problem]:
    assert isinstance(spec.model, Mission)
    where = spec.source_map.locate(("pipeline",))
    name = spec.model.pipeline
    ppath = mission_pipeline_path(spec)
    if not ppath.is_file():
        return [
            Problem("SPEC060", f"pipeline '{name}' not found (looked for {ppath})", where,
                    hint="the path is relative to the mission file")
        ]
    found = configs.checked(ppath)  # the pipeline validated as a file of this run
    if found is None:
        pspec, loading = load_spec(ppath)
        found = _Checked(pspec, tuple(loading))
        if pspec is not None and pspec.kind == "Pipeline":
            found = _pipeline_checked(pspec, loading, ppath, configs)
    pspec, problems = found.spec, list(found.loading)
    if pspec is not None and pspec.kind != "Pipeline":
        return problems + [Problem("SPEC060", f"'{name}' is a {pspec.kind}, not a Pipeline",
                                   where, hint="point 'pipeline:' at a kind: Pipeline file")]
    if pspec is not None:
        problems += found.config
        problems += found.checks
    if any(p.severity == "error" for p in problems):
        # the pipeline's own problems are listed too (located in the pipeline file)
        problems.append(Problem("SPEC060", f"pipeline '{name}' is invalid (see its problems)",
                                where, hint=f"run: scout validate {ppath}"))
    if pspec is not None:
        assert isinstance(pspec.model, Pipeline)  # its kind was checked above
        problems += check_mission_inputs(spec, pspec.model)
    return problems


def _finish(report: FileReport) -> FileReport:
    seen = set()
    unique = []
    # a value YAML misread (SPEC008: `010` is 8) is one mistake: the type error the model
    # then reports at the same place ("must be text (got 8)") says less, and is dropped
    misread = {p.location for p in report.problems if p.code == "SPEC008"
               and p.severity == "error"}
    for p in report.problems:
        key = (p.code, p.message, p.location)
        if p.code != "SPEC008" and p.severity == "error" and p.location in misread:
            continue
        if key not in seen:
            seen.add(key)
            unique.append(p)
    report.problems = sorted(unique, key=lambda p: p.sort_key)
    return report


def expand_paths(paths: list[str | Path]) -> tuple[list[Path], list[Problem], list[Path]]:
    """Files to validate, problems of the paths themselves, and YAML that is not scout's."""
    found = find_specs(paths)
    problems = [Problem("USE010", f"no .yaml files under {p}", Location(str(p)),
                        severity="warning") for p in found.empty_dirs]
    problems += [Problem("USE010", "no such file or folder", Location(str(p)))
                 for p in found.missing]
    return found.files, problems, found.skipped


def validate_paths(paths: list[str | Path], *, config: str | Path | None = None) -> ValidationResult:
    files, problems, skipped = expand_paths(paths)
    configs = _ConfigCache(config)
    reports = [validate_file(f, configs) for f in files]
    flush_fact_cache()  # what this run parsed, for the next run (one write per kind)
    for p in problems:
        reports.append(FileReport(p.location.file if p.location else "?", None, [p]))
    _drop_repeats(reports)
    return ValidationResult(reports, [str(s) for s in skipped], configs.projects)


def _drop_repeats(reports: list[FileReport]) -> None:
    """Report each problem once per run.

    A mission repeats its pipeline's problems, and every spec repeats those of the config
    it relies on; when those files are validated in the same run, their problems stay
    with them and the other reports drop their copies.
    """
    files: dict[str, str] = {}

    def key(p: Problem) -> tuple:
        # the same file however it was reached (`missions/../x.yaml`, a relative path)
        loc = p.location
        if loc is None:
            return (p.code, p.message, None)
        if loc.file not in files:
            files[loc.file] = str(Path(loc.file).resolve())
        return (p.code, p.message, files[loc.file], loc.line, loc.col)

    own = {key(p) for r in reports for p in r.problems
           if p.location is not None and _same_file(p.location.file, r.path)}
    seen: set[tuple] = set()
    for r in reports:
        kept = []
        for p in r.problems:
            k = key(p)
            mine = p.location is not None and _same_file(p.location.file, r.path)
            if not mine and (k in own or k in seen):
                continue
            seen.add(k)
            kept.append(p)
        r.problems = kept


def _same_file(a: str, b: str) -> bool:
    return a == b or Path(a).resolve() == Path(b).resolve()


def load_valid_pipeline(path: str | Path, *, config: str | Path | None = None
                        ) -> tuple[LoadedSpec, Config]:
    """Load a pipeline that must be valid, with its config; raises ``SpecInvalid``."""
    configs = _ConfigCache(config)
    report = validate_file(path, configs)
    if not report.ok:
        raise SpecInvalid(report.problems)
    spec, _ = load_spec(path)
    assert spec is not None and not spec.partial
    if spec.kind != "Pipeline":
        raise SpecInvalid([Problem("SPEC007", f"expected a Pipeline, found a {spec.kind}",
                                   spec.source_map.locate(("kind",)))])
    cfg, cfg_problems = configs.get(path)
    if cfg is None:
        # what validate only warns about stops a run: it cannot call anything without one
        raise SpecInvalid([dataclasses.replace(p, severity="error") for p in cfg_problems]
                          or [Problem("CFG005", "no config found", Location(str(path)))])
    return spec, cfg
