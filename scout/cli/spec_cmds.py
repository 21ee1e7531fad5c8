"""Spec commands: ``scout validate``, ``scout graph``, ``scout schema``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from scout.cli import cli
from scout.cli.params import PathParam, config_help, json_flag
from scout.cli.render import format_problem, github_annotation
from scout.errors import EXIT_USAGE, UsageError
from scout.i18n.problems import author_lang, line, said, say
from scout.spec.discover import skipped_summary
from scout.spec.loader import load_spec
from scout.spec.mission import mission_pipeline_path
from scout.validate import load_valid_pipeline, validate_paths


def _projects_used(projects: list[Path], lang: str = "en") -> list[str]:
    """A line for each project other than the current folder whose config and templates
    the files were checked against (a kind's own project inside another, scout's
    ``examples/x``): what a run of them from here uses too."""
    here = Path.cwd().resolve()
    lines = []
    for project in projects:
        if project != here:
            shown = project.relative_to(here) if project.is_relative_to(here) else project
            lines.append(line("project: {path} (its config/ and templates/)", lang, path=shown))
    return lines


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=PathParam())
@click.option("--format", "fmt", type=click.Choice(["text", "json", "github", "sarif"]),
              default="text", show_default=True,
              help="github prints ::error annotations for CI logs; sarif prints a SARIF "
                   "2.1.0 log for code scanning.")
@click.option("--config", type=PathParam(), default=None,
              help=config_help("to check chains against", near="the spec"))
@click.option("--quiet", "-q", is_flag=True, help="Print problems only, no summary.")
@click.option("--lang", type=click.Choice(["en", "es"]), default=None,
              help="The language of the messages and hints (default: the locale's, from "
                   "LANGUAGE, LC_ALL, LC_MESSAGES or LANG: es_ES.UTF-8 is Spanish; English "
                   "otherwise). Codes and --format json stay English.")
@json_flag
def validate(paths: tuple[str, ...], fmt: str, config: str | None, quiet: bool,
             lang: str | None) -> int:
    """Check pipeline and mission files (or folders of them).

    Every problem in every file is reported at once, each with file:line:col, an error
    code (see docs/errors.md) and a hint. In a folder, only YAML files declaring
    'apiVersion: scout/...' (or a scout kind) are checked; others are skipped with one
    summary line. Files named explicitly are always checked. A file inside a project
    of its own (the nearest folder above it with config/ and templates/, as scout init
    writes one) is checked against that project's config and templates from wherever
    scout runs, and a line says which project ("project: examples/carrepair"). Exits 0
    when all files are valid, 2 otherwise. Messages and hints are in English, or in
    Spanish with --lang es or a Spanish locale (LANG=es_ES.UTF-8).
    """
    said_in = author_lang(lang, os.environ)
    result = validate_paths(list(paths), config=config)
    skipped = skipped_summary([Path(s) for s in result.skipped])
    if skipped and said_in != "en":
        skipped = say(skipped, ("validate",), said_in) or skipped
    shown = [said(p, said_in) for p in result.problems] if said_in != "en" \
        and fmt in ("sarif", "github") else result.problems
    if fmt == "sarif":
        from scout.cli.sarif import sarif_text

        click.echo(sarif_text(shown))
        if skipped and not quiet:
            click.echo(skipped, err=True)  # stdout stays one SARIF document
    elif fmt == "json":
        click.echo(json.dumps({
            "ok": result.ok,
            "skipped": result.skipped,
            "projects": [str(p) for p in result.projects],
            "files": [
                {"path": f.path, "kind": f.kind, "ok": f.ok,
                 "problems": [p.to_dict() for p in f.problems]}
                for f in result.files
            ],
        }, indent=2))
    elif fmt == "github":
        for p in shown:
            click.echo(github_annotation(p))
        if skipped and not quiet:
            click.echo(f"::notice title=scout::{skipped}")
    else:
        for f in result.files:
            for p in f.problems:
                click.echo(format_problem(said(p, said_in) if said_in != "en" else p))
        if not quiet:
            for text in _projects_used(result.projects, said_in):
                click.echo(text)
            if skipped:
                click.echo(skipped)
            bad = [f for f in result.files if not f.ok]
            n_err = sum(len(f.errors) for f in result.files)
            if bad:
                click.echo(line("{count} problem(s) in {bad} of {files} file(s)", said_in,
                                count=n_err, bad=len(bad), files=len(result.files)))
            else:
                # a folder without .yaml files is a USE010 entry, not a file that was valid
                checked = [f for f in result.files
                           if not (f.problems and all(p.code == "USE010" for p in f.problems))]
                click.echo(line("{count} file(s) valid", said_in, count=len(checked))
                           if checked else line("no spec files to check", said_in))
    return 0 if result.ok else EXIT_USAGE


@cli.command()
@click.argument("pipeline", type=PathParam())
@click.option("--format", "fmt", type=click.Choice(["mermaid", "dot", "json"]),
              default="mermaid", show_default=True,
              help="mermaid or Graphviz dot text, or the graph as JSON.")
@click.option("--config", type=PathParam(), default=None,
              help=config_help("to use", near="the pipeline"))
@json_flag
def graph(pipeline: str, fmt: str, config: str | None) -> None:
    """Print a pipeline's phase DAG (mermaid, Graphviz dot, or JSON).

    PIPELINE is a pipeline file, or a mission file (its pipeline is drawn).
    """
    path = Path(pipeline)
    if path.is_dir():
        raise UsageError(f"{pipeline} is a folder; 'scout graph' draws one pipeline file",
                         hint=f"e.g. scout graph {path / 'hotel_research.yaml'}")
    if not path.is_file():
        # a FIFO or a device exists: "no such file" sent people looking for a typo
        from scout.spec.specfile import not_a_file

        try:
            what = not_a_file(path.stat().st_mode)
        except OSError:
            what = None
        if what is not None:
            raise UsageError(f"{pipeline} is {what}, not a pipeline file",
                             hint="pass a .yaml file")
        raise UsageError(f"no such file: {pipeline}")
    mission, _ = load_spec(path)
    if mission is not None and mission.kind == "Mission":
        path = mission_pipeline_path(mission)
    spec, _ = load_valid_pipeline(path, config=config)
    from scout.spec.dag import PhaseGraph
    from scout.spec.models import Pipeline

    assert isinstance(spec.model, Pipeline)  # load_valid_pipeline refuses other kinds
    g = PhaseGraph.of(spec.model)
    out = {"mermaid": g.to_mermaid, "dot": g.to_dot, "json": g.to_json}[fmt]()
    click.echo(out, nl=False)


def _default_schema_dir() -> Path:
    return Path.cwd() / "schemas"


@cli.command()
@click.option("--check", is_flag=True, help="Exit 2 when the files differ from the models.")
@click.option("--dir", "folder", type=PathParam(file_okay=False), default=None,
              help="Where the schema files live (default: ./schemas).")
def schema(check: bool, folder: str | None) -> int:
    """Write (or --check) the JSON Schemas generated from the spec models.

    schemas/pipeline.schema.json validates pipelines and missions in editors
    (yaml-language-server); schemas/config.schema.json validates config/adapters.yaml.
    """
    target = Path(folder) if folder else _default_schema_dir()
    if check:
        from scout.validate.jsonschema import stale_schemas

        stale = stale_schemas(target)
        if stale:
            for name in stale:
                click.echo(f"{target / name} is stale or missing; run 'scout schema'", err=True)
            return EXIT_USAGE
        click.echo(f"schemas in {target} are up to date")
        return 0
    from scout.validate.jsonschema import write_schemas

    for path in write_schemas(target):
        click.echo(f"wrote {path}")
    return 0
