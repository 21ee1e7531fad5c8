"""Author commands: ``scout init KIND`` (scaffold a research kind)."""

from __future__ import annotations

import shlex
from pathlib import Path

import click

from scout.cli import cli
from scout.cli.params import PathParam


@cli.command("init")
@click.argument("kind")
@click.option("--dir", "folder", type=PathParam(file_okay=False), default=".",
              show_default=True, help="The project folder to write into.")
@click.option("--force", is_flag=True, help="Overwrite files that already exist.")
@click.option("--input", "inputs", multiple=True, metavar="NAME:TYPE",
              help="An input the kind needs (repeatable; TYPE: string, subject, place, month, "
                   "date, integer, year, number, area, data_size, weight, length, volume, "
                   "boolean, money, rating, duration; default string). The budget (the money input "
                   "named budget, max_… or price, else the first) caps the price; another "
                   "money input is no cap. A rating input is a minimum rating. The kind has "
                   "these and no other; "
                   "without any: place, budget and min_rating.")
@click.option("--name", "name", metavar="WORDS",
              help="The kind's name in English words (e.g. --name \"car repair workshops\"): "
                   "an English report is titled with it and its searches start with it. "
                   "Without it, the slug's words are (driving-schools: \"Driving "
                   "schools\"); a slug written as one word (drivingschools) needs it.")
@click.option("--es", "spanish", metavar="NAME",
              help="The kind's name in Spanish (e.g. --es congresos): a Spanish request's "
                   "report is titled with it, and a Spanish request that names the kind so "
                   "is read as naming it (written to locales/es/LC_MESSAGES/messages.po, "
                   "with the Spanish labels init knows of a trip's ends: origin → origen), "
                   "and its searches start with it. Without it, a Spanish report is titled by "
                   "the request's values alone and a Spanish request searches its own words.")
def init_cmd(kind: str, folder: str, force: bool, inputs: tuple[str, ...],
             name: str | None, spanish: str | None) -> int:
    """Write a working research kind KIND (a slug, e.g. coworking-spaces).

    \b
    scout init coworking-spaces                     # inputs: place, budget, min_rating
    scout init ultralight-laptops --input brand --input budget:money   # brand, budget
    scout init conferences --es congresos --input topic:subject --input dates:date
    scout init carrepair --name "car repair workshops" --es "talleres mecánicos"

    \b
    pipelines/KIND.yaml              inputs, a search, a fan-out, rank, synthesize, report
    templates/KIND_report.md.j2      its report (bilingual: words go through _())
    pipelines/missions/KIND-example.yaml   a kind: Mission to apply
    tests/test_KIND.py               runs the kind offline with scout.testing
    config/adapters.yaml             keyless adapters, only when the project has none
    schemas/*.schema.json            for editors (the files' $schema line), only when missing

    Then: scout validate pipelines/ ; pytest tests/test_KIND.py ;
    scout apply pipelines/missions/KIND-example.yaml
    """
    from scout.scaffold import init_kind

    written = init_kind(kind, Path(folder), force=force, inputs=inputs, spanish=spanish,
                         name=name)
    for w in written:
        click.echo(f"wrote {w.path}  ({w.what})")
    file = kind.replace("-", "_")
    click.echo("next:")
    # the next commands run from the project: run from another folder that is a project of
    # its own (the one init was called in), scout would take that project's config and
    # templates, and the new kind's template would not be found
    if Path(folder).resolve() != Path.cwd().resolve():
        click.echo(f"  cd {shlex.quote(str(Path(folder)))}")
    click.echo(f"  scout validate pipelines/{file}.yaml")
    click.echo(f"  python -m pytest tests/test_{file}.py")
    click.echo(f"  scout apply pipelines/missions/{kind}-example.yaml")
    return 0
