"""YAML → plain Python data plus a source map, with located errors.

PyYAML's own constructor silently keeps the last of two duplicate keys and reports
unhashable keys with parser internals. We compose the node graph ourselves so that:

* every mapping key and value gets a ``(line, col)`` in a :class:`SourceMap`, keyed by
  the data path (``("phases", "F1", "with", "query")``), so model errors can be located;
* duplicate keys, an unquoted ``{{ ... }}`` (which YAML reads as a nested mapping),
  empty files, non-mapping documents and syntax errors all become :class:`Problem`s
  with ``file:line:col`` and a hint instead of a traceback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from scout.errors import Location, Problem

PathT = tuple[Any, ...]


@dataclass
class SourceMap:
    """Positions of keys and values by data path (1-based line/col)."""

    file: str
    keys: dict[PathT, tuple[int, int]] = field(default_factory=dict)
    values: dict[PathT, tuple[int, int]] = field(default_factory=dict)

    def locate(self, path: PathT, *, key: bool = False) -> Location:
        """The closest known location for ``path``: the path itself or its nearest parent."""
        path = tuple(path)
        while True:
            table = self.keys if key else self.values
            pos = table.get(path) or self.keys.get(path) or self.values.get(path)
            if pos:
                return Location(self.file, pos[0], pos[1])
            if not path:
                return Location(self.file, 1, 1)
            path = path[:-1]

    def has(self, path: PathT) -> bool:
        return tuple(path) in self.values


@dataclass
class LoadedYaml:
    data: Any
    source_map: SourceMap
    text: str


class _Composer:
    """Builds Python data from a composed node tree, recording positions and problems."""

    def __init__(self, file: str, loader: yaml.SafeLoader) -> None:
        self.file = file
        self.loader = loader
        self.smap = SourceMap(file)
        self.problems: list[Problem] = []

    def _loc(self, node: Node) -> Location:
        return Location(self.file, node.start_mark.line + 1, node.start_mark.column + 1)

    def _pos(self, node: Node) -> tuple[int, int]:
        return (node.start_mark.line + 1, node.start_mark.column + 1)

    def build(self, node: Node, path: PathT) -> Any:
        self.smap.values[path] = self._pos(node)
        if isinstance(node, ScalarNode):
            return self.loader.construct_object(node, deep=True)
        if isinstance(node, SequenceNode):
            return [self.build(child, path + (i,)) for i, child in enumerate(node.value)]
        if isinstance(node, MappingNode):
            return self._mapping(node, path)
        return None  # pragma: no cover - PyYAML has no other node types

    def _mapping(self, node: MappingNode, path: PathT) -> dict:
        if _looks_like_unquoted_jinja(node):
            self.problems.append(
                Problem(
                    "SPEC005",
                    "unquoted Jinja expression: YAML reads '{{ ... }}' as a nested mapping",
                    self._loc(node),
                    hint='quote the whole value, e.g. query: "{{ task.destination }} hotels"',
                )
            )
            return {}
        self.loader.flatten_mapping(node)  # resolve YAML merge keys ("<<")
        out: dict = {}
        for key_node, value_node in node.value:
            if isinstance(key_node, MappingNode) and _looks_like_unquoted_jinja(key_node):
                self.problems.append(
                    Problem(
                        "SPEC005",
                        "unquoted Jinja expression: YAML reads '{{ ... }}' as a nested mapping",
                        self._loc(key_node),
                        hint='quote the whole value, e.g. query: "{{ task.destination }} hotels"',
                    )
                )
                continue
            if not isinstance(key_node, ScalarNode):
                self.problems.append(
                    Problem(
                        "SPEC003",
                        "mapping keys must be plain strings",
                        self._loc(key_node),
                        hint="write the key as a plain word, e.g. 'query:'",
                    )
                )
                continue
            key = self.loader.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int, float, bool)) and key is not None:
                key = str(key)
            if key in out:
                first = self.smap.keys.get(path + (key,))
                where = f" (first defined at line {first[0]})" if first else ""
                self.problems.append(
                    Problem(
                        "SPEC004",
                        f"duplicate key '{key}'{where}",
                        self._loc(key_node),
                        hint="remove one of the two; YAML would silently keep only the last",
                    )
                )
                continue
            self.smap.keys[path + (key,)] = self._pos(key_node)
            out[key] = self.build(value_node, path + (key,))
        return out


def _looks_like_unquoted_jinja(node: MappingNode) -> bool:
    """``{{ x }}`` in YAML is a flow mapping whose only key is another flow mapping."""
    if not node.flow_style or len(node.value) != 1:
        return False
    key, value = node.value[0]
    return (
        isinstance(key, MappingNode)
        and key.flow_style
        and isinstance(value, ScalarNode)
        and value.value in ("", "null", "~")
    ) or (isinstance(key, MappingNode) and _looks_like_unquoted_jinja(key))


def load_yaml_text(text: str, file: str) -> tuple[LoadedYaml | None, list[Problem]]:
    """Parse one YAML document. Returns the data (or None) and every problem found."""
    if not text.strip() or all(
        not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()
    ):
        return None, [
            Problem(
                "SPEC002",
                "file is empty",
                Location(file, 1, 1),
                hint="start from the example in docs/authoring.md (apiVersion: scout/v1 ...)",
            )
        ]
    loader = yaml.SafeLoader(text)
    try:
        try:
            node = loader.get_single_node()
        except yaml.composer.ComposerError as exc:
            if "expected a single document" in str(exc):
                mark = exc.problem_mark
                loc = Location(file, mark.line + 1, mark.column + 1) if mark else Location(file)
                return None, [
                    Problem(
                        "SPEC001",
                        "file holds more than one YAML document ('---')",
                        loc,
                        hint="put each pipeline or mission in its own file",
                    )
                ]
            raise
        if node is None:
            return None, [Problem("SPEC002", "file is empty", Location(file, 1, 1))]
        composer = _Composer(file, loader)
        if not isinstance(node, MappingNode):
            kind = "a list" if isinstance(node, SequenceNode) else "a single value"
            return None, [
                Problem(
                    "SPEC003",
                    f"the document is {kind}, expected a mapping of keys",
                    composer._loc(node),
                    hint="a spec starts with 'apiVersion: scout/v1' at the top level",
                )
            ]
        data = composer.build(node, ())
        return LoadedYaml(data, composer.smap, text), composer.problems
    except yaml.MarkedYAMLError as exc:
        return None, [_syntax_problem(exc, text, file)]
    except yaml.YAMLError as exc:  # pragma: no cover - unmarked YAML errors are rare
        return None, [Problem("SPEC001", f"YAML error: {exc}", Location(file, 1, 1))]
    finally:
        loader.dispose()


def _syntax_problem(exc: yaml.MarkedYAMLError, text: str, file: str) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark else 1
    col = mark.column + 1 if mark else 1
    what = exc.problem or "invalid YAML"
    if exc.context:
        what = f"{exc.context}, {what}"
    lines = text.splitlines()
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    hint = "check indentation and quoting on this line"
    if re.search(r"[\w-]\?\s*[,\]]", src) and "[" in src:
        hint = ("inside [ ... ] YAML reads '?' as a special character: quote the name "
                "('pages?') or write the list one item per line ('- pages?')")
    elif "{{" in src or "{%" in src:
        hint = 'a value containing Jinja must be quoted, e.g. query: "{{ hotel.name }} reviews"'
    elif "\t" in src:
        hint = "YAML does not allow tabs for indentation; use spaces"
    elif ": " in src.split(":", 1)[-1]:
        hint = "a value that contains ': ' must be quoted"
    return Problem("SPEC001", f"YAML syntax error: {what}", Location(file, line, col), hint=hint)


def load_yaml_file(path: str | Path) -> tuple[LoadedYaml | None, list[Problem]]:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None, [Problem("SPEC001", "file is not UTF-8 text", Location(str(p), 1, 1))]
    except OSError as exc:
        return None, [
            Problem("SPEC060", f"cannot read file: {exc.strerror or exc}", Location(str(p)))
        ]
    return load_yaml_text(text, str(p))
