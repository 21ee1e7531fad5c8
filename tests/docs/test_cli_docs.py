"""Every `scout` command the docs show exists, with the options they show it with, its
`--help` works, and every command of the CLI is shown somewhere.

Reads docs/*.md and README.md: the lines of their shell blocks that run `scout ...`
(or `.venv/bin/scout ...`), and the inline code spans that start with `scout `. Each
names a command (or a group's subcommand) of the real CLI, each `--option` written
after it is one that command takes, and a value given to an option of fixed choices
(`--format md|json`, `--by adapter`) is one of them. The CLI is introspected (click's own tables), not
run, so the whole check takes well under a second. tests/docs/test_operations_doc.py
runs operations.md's commands through `--help` as well.
"""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from scout.cli import cli, main

ROOT = Path(__file__).resolve().parent.parent.parent
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
OPTION = re.compile(r"^(--?[A-Za-z][\w-]*)")


def _shell_lines(text: str) -> list[str]:
    out = []
    for block in re.findall(r"```(?:bash|sh|console|shell)\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.split("  #", 1)[0]
            m = re.match(r"\s*(?:\$ )?(?:\S*/)?scout ((?:[a-z]).*)", line)
            if m:
                out.append(m.group(1))
    return out


def _inline_spans(text: str) -> list[str]:
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    out = []
    for paragraph in re.split(r"\n\s*\n", prose):
        # the odd pieces between backticks are the code spans (a span never crosses a paragraph)
        for span in paragraph.replace("``", "").split("`")[1::2]:
            m = re.match(r"(?:\S*/)?scout ([a-z].*)", span.replace("\n", " "))
            if m:
                out.append(m.group(1))
    return out


def mentions() -> list[tuple[str, str]]:
    found = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for rest in _shell_lines(text) + _inline_spans(text):
            found.append((path.name, rest.strip()))
    return found


def _resolve(words: list[str]) -> tuple[click.Command | None, list[str]]:
    """The command `scout WORDS...` runs (a group's subcommand when one is named)."""
    ctx = click.Context(cli)
    cmd: click.Command = cli
    path: list[str] = []
    for word in words:
        if not isinstance(cmd, click.Group):
            break
        sub = cmd.get_command(ctx, word)
        if sub is None:
            return (None if not path else cmd), path
        cmd, path = sub, path + [word]
    return cmd, path


def _options(cmd: click.Command) -> set[str]:
    names = {"--help", "-h", "--traceback"}  # the group's own, accepted before any command
    for param in cmd.params:
        names |= set(param.opts) | set(param.secondary_opts)
    return names


def test_the_docs_show_many_commands() -> None:
    # the extraction itself works: the docs show dozens of commands
    assert len(mentions()) >= 100
    assert {doc for doc, _ in mentions()} >= {"README.md", "running.md", "operations.md",
                                              "agents.md", "authoring.md"}


@pytest.mark.parametrize("doc,line", sorted(set(mentions())))
def test_command_and_options_exist(doc: str, line: str) -> None:
    words = line.split()
    cmd, path = _resolve([w for w in words if not w.startswith("-")][:2])
    assert cmd is not None and cmd is not cli, f"{doc}: `scout {line}`: no such command"
    unknown = sorted({o for w in words for o in OPTION.findall(w)} - _options(cmd))
    assert not unknown, f"{doc}: `scout {line}`: `scout {' '.join(path)}` has no {unknown}"


def _commands_named() -> list[list[str]]:
    paths = {tuple(_resolve([w for w in line.split() if not w.startswith("-")][:2])[1])
             for _, line in mentions()}
    return sorted(list(p) for p in paths if p)


@pytest.mark.parametrize("path", _commands_named(), ids=" ".join)
def test_help_of_every_command_named_succeeds(path: list[str], capsys) -> None:
    assert main([*path, "--help"]) == 0, capsys.readouterr().err
    assert f"scout {' '.join(path)}" in capsys.readouterr().out


def test_every_command_is_named_in_the_docs() -> None:
    ctx = click.Context(cli)
    named = {tuple(p) for p in _commands_named()}
    every = set()
    for name in cli.list_commands(ctx):
        cmd = cli.get_command(ctx, name)
        subs = cmd.list_commands(ctx) if isinstance(cmd, click.Group) else []
        every |= {(name, s) for s in subs} if subs else {(name,)}
    assert len(every) > 15
    missing = sorted(" ".join(c) for c in every - named)
    assert not missing, f"no doc shows `scout {missing}`: add it to README.md's Commands"


# Every option of every command is described in running.md or operations.md, in a section
# whose heading names the command, with the default its --help shows.
REFERENCE = [ROOT / "docs" / "running.md", ROOT / "docs" / "operations.md"]


def _sections(text: str) -> list[tuple[str, str]]:
    """(heading, body) of each heading, the body running to the next heading of the same
    or a higher level (so a section holds its subsections); fenced lines are no headings."""
    lines, heads, fenced = text.splitlines(), [], False
    for i, line in enumerate(lines):
        fenced ^= line.startswith("```")
        m = None if fenced else re.match(r"(#{1,4}) (.*)", line)
        if m:
            heads.append((i, len(m.group(1)), m.group(2)))
    out = []
    for n, (i, level, title) in enumerate(heads):
        end = next((j for j, lv, _ in heads[n + 1:] if lv <= level), len(lines))
        out.append((title, "\n".join(lines[i:end])))
    return out


def _described(path: list[str]) -> str:
    """The reference docs' sections whose heading names every word of the command."""
    return "\n".join(body for doc in REFERENCE
                     for title, body in _sections(doc.read_text(encoding="utf-8"))
                     if all(re.search(rf"\b{w}\b", title) for w in path))


def _every_command() -> list[tuple[list[str], click.Command]]:
    ctx, out = click.Context(cli), []
    todo: list[tuple[list[str], click.Command]] = [([], cli)]
    while todo:
        path, cmd = todo.pop()
        if isinstance(cmd, click.Group):
            todo += [([*path, n], cmd.get_command(ctx, n)) for n in cmd.list_commands(ctx)]
        # a group counts when it has options of its own (`scout journal`); the root's are below
        if path and (not isinstance(cmd, click.Group) or cmd.params):
            out.append((path, cmd))
    return sorted(out, key=lambda pc: pc[0])


def _blocks(text: str) -> list[str]:
    # a table row, or a paragraph of prose or of a code block: what one option's words share
    return [b for para in re.split(r"\n\s*\n", text)
            for b in (para.splitlines() if para.lstrip().startswith("|") else [para])]


@pytest.mark.parametrize("path,cmd", _every_command(), ids=[" ".join(p) for p, _ in _every_command()])
def test_every_option_is_described_with_its_default(path: list[str], cmd: click.Command) -> None:
    text = _described(path)
    assert text, f"no section of running.md or operations.md is headed `scout {' '.join(path)}`"
    for param in cmd.params:
        if not isinstance(param, click.Option) or param.hidden:
            continue
        name = max(param.opts, key=len)
        said = [b for b in _blocks(text)
                if any(re.search(rf"{re.escape(o)}(?![\w-])", b) for o in param.opts)]
        assert said, f"`scout {' '.join(path)} {name}` is not described in running.md or operations.md"
        default = param.default
        if param.show_default and not param.is_flag and default not in (None, ""):
            assert any(re.search(rf"default[^|]*?`{re.escape(str(default))}`", b) for b in said), (
                f"`scout {' '.join(path)} {name}`: say its default (`{default}`) where it is described")


def test_the_group_options_are_described() -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for p in REFERENCE)
    missing = [o for p in cli.params for o in p.opts if o.startswith("--") and o not in text]
    assert not missing, f"running.md and operations.md do not describe `scout {missing}`"


@pytest.mark.parametrize("path,cmd", _every_command(), ids=[" ".join(p) for p, _ in _every_command()])
def test_every_option_says_what_it_does_in_its_help(path: list[str], cmd: click.Command) -> None:
    # `--help` is the first page a user reads: an option listed there with no words
    # (only its default) leaves them to guess
    bare = [max(p.opts, key=len) for p in cmd.params
            if isinstance(p, click.Option) and not p.hidden and not (p.help or "").strip()]
    assert not bare, f"`scout {' '.join(path)}`: give {bare} a help text"


# The values the docs give an option of fixed choices (`--format md|json`, `--by adapter`)
# are ones it takes: a value renamed or dropped in the CLI fails here, and a list of them
# (`a|b|c`) is the whole list, so a value added to the CLI is documented too.
VALUE = re.compile(r"^[a-z][\w.-]*(?:\|[a-z][\w.-]*)*$")


def _valued(words: list[str]) -> list[tuple[str, list[str]]]:
    """(option, values) for each option written with literal values after it; a
    placeholder (`USD`, `ID`), a number (`2h`), a quoted text or `k=v` is no value."""
    out = []
    for opt, value in zip(words, words[1:]):
        opt, value = opt.strip("[]`"), value.strip("[]`").replace("\\|", "|")
        if opt.startswith("--") and VALUE.match(value):
            out.append((opt, value.split("|")))
    return out


def _choices(cmd: click.Command, opt: str) -> list[str] | None:
    for param in cmd.params:
        if opt in param.opts and isinstance(param.type, click.Choice):
            return [str(c) for c in param.type.choices]
    return None


def test_every_value_an_option_is_shown_with_is_one_it_takes() -> None:
    wrong, checked = [], 0
    for doc, line in sorted(set(mentions())):
        words = line.split()
        cmd, path = _resolve([w for w in words if not w.startswith("-")][:2])
        if cmd is None or cmd is cli:
            continue  # test_command_and_options_exist says so
        for opt, values in _valued(words):
            choices = _choices(cmd, opt)
            if choices is None:
                continue
            checked += 1
            if not set(values) <= set(choices) or (len(values) > 1 and set(values) != set(choices)):
                wrong.append(f"{doc}: `scout {' '.join(path)} {opt} {'|'.join(values)}`: "
                             f"it takes {'|'.join(choices)}")
    assert checked >= 10  # the extraction works: the docs show many such values
    assert not wrong, "\n".join(wrong)


def test_every_list_of_values_in_the_reference_is_an_option_s_whole_list() -> None:
    # the options tables of running.md and operations.md: `--progress auto\|live\|...`
    every = [cmd for _, cmd in _every_command()]
    wrong, checked = [], 0
    for doc in REFERENCE:
        prose = doc.read_text(encoding="utf-8").replace("\\|", "|")
        for span in re.findall(r"`(--[a-z][\w-]* [^`]+)`", prose):
            for opt, values in _valued(span.split()):
                lists = [list(c) for c in dict.fromkeys(
                    tuple(c) for c in (_choices(cmd, opt) for cmd in every) if c)]
                if len(values) < 2 or not lists:
                    continue
                checked += 1
                if not any(set(values) == set(c) for c in lists):
                    wrong.append(f"{doc.name}: `{opt} {'|'.join(values)}`: the CLI's "
                                 f"{opt} takes {' or '.join('|'.join(c) for c in lists)}")
    assert checked >= 5
    assert not wrong, "\n".join(wrong)
