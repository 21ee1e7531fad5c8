"""Every command's ``--config`` help names where the config is looked for in the order
``find_config`` looks: ``--config``, then ``$SCOUTE_CONFIG``, then the research root's
``config/``, then (for a command given a file) the nearest one above it. `scout mcp
--help` named only ``<root>/config/adapters.yaml`` though ``$SCOUTE_CONFIG`` wins."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from scout.cli import cli
from scout.config.loader import find_config


def _commands(group: click.Group, ctx: click.Context, path: tuple[str, ...] = ()):
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if isinstance(cmd, click.Group):
            yield from _commands(cmd, ctx, path + (name,))
        elif cmd is not None:
            yield " ".join(path + (name,)), cmd


def _config_helps() -> dict[str, str]:
    ctx = click.Context(cli)
    return {name: p.help or "" for name, cmd in _commands(cli, ctx)
            for p in cmd.params if p.name == "config"}


def test_every_config_help_says_the_order_find_config_looks_in() -> None:
    helps = _config_helps()
    assert {"apply", "plan", "validate", "mcp", "serve", "doctor"} <= set(helps)
    for name, text in helps.items():
        text = " ".join(text.split())
        env, root = text.find("$SCOUTE_CONFIG"), text.find("<root>/config/adapters.yaml")
        assert 0 <= env < root, (name, text)
        assert "$SCOUTE_RESEARCH_ROOT" in text, (name, text)


def test_the_order_the_help_says_is_the_one_find_config_uses(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    project = tmp_path / "project"
    (project / "config").mkdir(parents=True)
    (project / "config" / "adapters.yaml").write_text("")
    (project / "pipelines").mkdir()
    pipeline = project / "pipelines" / "p.yaml"
    env_config, root = tmp_path / "env.yaml", tmp_path / "root"
    (root / "config").mkdir(parents=True)
    (root / "config" / "adapters.yaml").write_text("")
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(root))
    monkeypatch.setenv("SCOUTE_CONFIG", str(env_config))
    assert find_config("x.yaml", pipeline) == Path("x.yaml")
    assert find_config(None, pipeline) == env_config
    monkeypatch.delenv("SCOUTE_CONFIG")
    assert find_config(None, pipeline) == root / "config" / "adapters.yaml"
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    assert find_config(None, pipeline) == project / "config" / "adapters.yaml"
