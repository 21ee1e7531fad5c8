"""docs/agents.md and the scout-orchestrate skill stay true to the code: every `scout …`
command they show parses, every JSON client config is valid JSON naming `scout mcp`, and
the tools they document are exactly the server's."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
import yaml

from scout.cli import main
from scout.mcp.server import build_mcp
from scout.mcp.workspace import Workspace

ROOT = Path(__file__).resolve().parents[2]
AGENTS = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
SKILL = (ROOT / ".agents" / "skills" / "scout-orchestrate" / "SKILL.md").read_text("utf-8")


def commands(doc: str) -> list[str]:
    out = []
    for block in re.findall(r"```bash\n(.*?)```", doc, re.S):
        for line in block.replace("\\\n", " ").splitlines():
            line = line.split("  #", 1)[0].strip()
            line = re.sub(r"^(\S+=\S+\s+)+", "", line)  # VAR=value prefixes
            if line.startswith("scout ") and "…" not in line:
                out.append(line)
    return out


def test_docs_show_commands() -> None:
    assert len(commands(AGENTS)) >= 5 and len(commands(SKILL)) >= 8


@pytest.mark.parametrize("line", commands(AGENTS) + commands(SKILL))
def test_command_parses(line: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(shlex.split(line)[1:] + ["--help"]) == 0, capsys.readouterr().err


def test_client_configs_are_valid_json() -> None:
    # every JSON block parses; the client configurations among them start scout's server
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", AGENTS, re.S)]
    configs = [b["mcpServers"]["scout"] for b in blocks if "mcpServers" in b]
    assert len(configs) >= 3
    for servers in configs:
        assert servers.get("args") == ["mcp"] or servers.get("url", "").endswith("/mcp")


def test_documented_tools_are_the_servers_tools(tmp_path: Path) -> None:
    import anyio

    server = build_mcp(Workspace(root=tmp_path))
    names = {t.name for t in anyio.run(server.list_tools)}
    table = set(re.findall(r"^\| `(\w+)\(", AGENTS, re.M))
    assert table == names
    for name in names:
        assert f"{name}(" in SKILL or name in ("runs", "validate", "plan", "apply")


def test_skill_front_matter() -> None:
    meta = yaml.safe_load(SKILL.split("---")[1])
    assert meta["name"] == "scout-orchestrate" and len(meta["description"]) > 50
