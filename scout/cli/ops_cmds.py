"""Operations commands: ``scout doctor`` (is this deployment ready to run?)."""

from __future__ import annotations

import json

import click

from scout.cli import cli
from scout.cli.params import PathParam, config_help
from scout.errors import EXIT_OK, EXIT_PROVIDER, EXIT_USAGE
from scout.paths import research_root
from scout.providers.doctor import doctor as run_doctor
from scout.termsafe import clean

_MARK = {"ok": "ok  ", "warn": "warn", "fail": "FAIL"}


@cli.command()
@click.option("--config", type=PathParam(), default=None,
              help=config_help("to check"))
@click.option("--json", "as_json", is_flag=True, help="Print the checks as one JSON object.")
def doctor(config: str | None, as_json: bool) -> int:
    """Check a whole config: validity, credentials of every adapter, token pool file
    (mode 0600, values set), chains with a usable adapter, the runtime folder, and
    step-kind plug-ins that failed to load.

    Exits 0 when nothing fails (warnings allowed), 2 when the config is invalid, 3 when
    a credential or the token pool is not usable.
    """
    from scout.providers.doctor import DoctorCheck
    from scout.stepkit.registry import plugin_failures

    checks = run_doctor(config, research_root())
    for name, why in sorted(plugin_failures().items()):
        checks.append(DoctorCheck(f"plug-in {name}", "warn", f"did not load: {why}",
                                  hint="fix or uninstall the package that provides it; "
                                       "`uses: " + name + "` fails until then"))
    failed = [c for c in checks if c.status == "fail"]
    if as_json:
        click.echo(json.dumps({"ok": not failed, "checks": [c.__dict__ for c in checks]},
                              indent=2))
    else:
        for c in checks:
            # a detail may quote a server (an SMTP reply, a Redis error): terminal-safe
            click.echo(clean(f"[{_MARK[c.status]}] {c.name}: {c.detail}"))
            if c.hint and c.status != "ok":
                click.echo(clean(f"       hint: {c.hint}"))
        warns = sum(c.status == "warn" for c in checks)
        click.echo(f"{len(checks)} check(s): {len(failed)} failed, {warns} warning(s)")
    if not failed:
        return EXIT_OK
    return EXIT_USAGE if any(c.name == "config" for c in failed) else EXIT_PROVIDER
