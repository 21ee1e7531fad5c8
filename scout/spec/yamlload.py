"""YAML → plain Python data plus a source map, with located errors.

PyYAML's own constructor silently keeps the last of two duplicate keys and reports
unhashable keys with parser internals. We compose the node graph ourselves so that:

* every mapping key and value gets a ``(line, col)`` in a :class:`SourceMap`, keyed by
  the data path (``("phases", "F1", "with", "query")``), so model errors can be located;
* duplicate keys, an unquoted ``{{ ... }}`` (which YAML reads as a nested mapping),
  empty files, non-mapping documents and syntax errors all become :class:`Problem`s
  with ``file:line:col`` and a hint (in plain words, not parser terms) instead of a
  traceback;
* keys such as ``on:`` stay text (YAML 1.1 would make them booleans), merge keys
  (``<<: *anchor``) work, and aliases that contain themselves or expand without bound
  are refused.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from scout.errors import Location, Problem
from scout.spec.specfile import read_spec_text
from scout.spec.yamlbound import ALIAS, ANCHOR, MAX_NODES, past_bound
from scout.spec.yamlgotchas import scalar_gotcha

PathT = tuple[Any, ...]

#: libyaml's parser when PyYAML was built with it (about 10x faster on big specs), else
#: the pure-Python one. Both are safe loaders; the composer below does the constructing.
LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while building large node trees.

    Parsing a 5,000-phase spec allocates hundreds of thousands of small objects that all
    stay alive; each of them counts towards a collection, and every full collection
    walks all of them again, so the time grows faster than the file. Nothing built here
    forms garbage cycles, so collecting afterwards loses nothing.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@dataclass
class SourceMap:
    """Positions of keys and values by data path (1-based line/col)."""

    file: str
    keys: dict[PathT, tuple[int, int]] = field(default_factory=dict)
    values: dict[PathT, tuple[int, int]] = field(default_factory=dict)
    #: string values written over several lines: (style, start, end offset in ``text``)
    spans: dict[PathT, tuple[str | None, int, int]] = field(default_factory=dict)
    text: str = ""

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

    def locate_line(self, path: PathT, line: int, token: str = "") -> Location:
        """Where line ``line`` (1-based) of the string value at ``path`` is written: a
        template's error line in a block scalar is on its own YAML line; at ``token``
        (the word an error names) when that line has it."""
        from scout.spec.scalarlines import line_location, token_column

        start = self.locate(path)
        span = self.spans.get(tuple(path))
        if span is not None:
            style, begin, end = span
            start = line_location(style, self.text[begin:end], start, line)
        return token_column(start, self.text, token)

    def has(self, path: PathT) -> bool:
        return tuple(path) in self.values


@dataclass
class LoadedYaml:
    data: Any
    source_map: SourceMap
    text: str


class _TooBig(Exception):
    def __init__(self, location: Location) -> None:
        super().__init__("too big")
        self.location = location


class _Composer:
    """Builds Python data from a composed node tree, recording positions and problems."""

    def __init__(self, file: str, loader: yaml.SafeLoader, text: str) -> None:
        self.file = file
        self.text = text
        self.loader = loader
        self.smap = SourceMap(file, text=text)
        self.problems: list[Problem] = []
        self.open: set[int] = set()  # ids of the collections being built (loop guard)
        self.budget = MAX_NODES  # collection entries left to build (alias-bomb guard)
        self.built: set[int] = set()  # ids of collections built so far
        self.aliased = False  # whether an alias expanded a collection (for messages)

    def _scalar(self, node: ScalarNode) -> Any:
        try:
            return self.loader.construct_object(node, deep=True)
        except (ValueError, OverflowError, yaml.YAMLError) as exc:
            # an integer past Python's 4,300-digit limit, an impossible date
            # (2026-13-45), bad base64 under !!binary: a located problem, not a crash
            from scout.spec.yamlerrors import value_problem

            self.problems.append(value_problem(node, exc, self._loc(node)))
            return node.value if len(node.value) <= 200 else None

    def _loc(self, node: Node) -> Location:
        return Location(self.file, node.start_mark.line + 1, node.start_mark.column + 1)

    def _pos(self, node: Node) -> tuple[int, int]:
        return (node.start_mark.line + 1, node.start_mark.column + 1)

    def build(self, node: Node, path: PathT) -> Any:
        self.smap.values[path] = self._pos(node)
        if isinstance(node, ScalarNode):
            if node.end_mark.line != node.start_mark.line:
                self.smap.spans[path] = (node.style, node.start_mark.index,
                                         node.end_mark.index)
            gotcha = scalar_gotcha(node, self.text, self._loc(node))
            if gotcha is not None:
                self.problems.append(gotcha)
            return self._scalar(node)
        if id(node) in self.built:
            self.aliased = True  # the same node twice: an alias is being expanded
        self.built.add(id(node))
        # Aliases make the node graph a DAG (or, written on purpose, a loop); each alias
        # is expanded as a copy so that every path has a position. Guard both ways that
        # can go wrong: a structure that contains itself, and "billion laughs" expansion.
        self.budget -= len(node.value)
        if self.budget < 0:
            raise _TooBig(self._loc(node))
        if id(node) in self.open:
            self.problems.append(
                Problem("SPEC001", "YAML syntax error: an alias refers to a mapping or list "
                        "that contains it (a structure that never ends)",
                        self.smap.locate(path, key=True),  # where the alias is used
                        hint="anchors ('&name') can only be reused outside themselves")
            )
            return None
        self.open.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                if node.flow_style:
                    self._check_flow_items(node)
                return [self.build(child, path + (i,)) for i, child in enumerate(node.value)]
            return self._mapping(node, path)
        finally:
            self.open.discard(id(node))

    def _mapping(self, node: MappingNode, path: PathT) -> Any:
        if _looks_like_unquoted_jinja(node):
            self.problems.append(
                Problem(
                    "SPEC005",
                    "unquoted Jinja expression: YAML reads '{{ ... }}' as a nested mapping",
                    self._loc(node),
                    hint='quote the whole value, e.g. query: "{{ task.destination }} hotels"',
                )
            )
            # carry on with the text the author meant, so later checks (types, Jinja
            # scope) judge the template itself instead of reporting an empty mapping
            return self.text[node.start_mark.index : node.end_mark.index]
        written = {id(k) for k, _ in node.value}
        self.loader.flatten_mapping(node)  # resolve YAML merge keys ("<<")
        out: dict = {}
        merged: set = set()  # keys that came in through "<<": written keys override them
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
            key = self._key(key_node)
            if id(key_node) not in written:
                merged.add(key)
            elif key in merged:
                merged.discard(key)
                out.pop(key)  # an explicit key overrides the merged one, as YAML says
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


    def _check_flow_items(self, node: SequenceNode) -> None:
        # libyaml accepts `[task, pages?]`, the pure-Python parser (and some editors) do
        # not. Reject it under both so a spec never depends on how PyYAML was built.
        for child in node.value:
            if (
                isinstance(child, ScalarNode)
                and child.style in (None, "")
                and child.value.endswith("?")
            ):
                from scout.spec.yamlerrors import QUESTION_HINT

                line, col = self._pos(child)
                self.problems.append(
                    Problem(
                        "SPEC001",
                        f"YAML syntax error: unquoted '{child.value}' inside [ ... ]",
                        Location(self.file, line, col + len(child.value) - 1),
                        hint=QUESTION_HINT,
                    )
                )

    def _key(self, key_node: ScalarNode) -> Any:
        # YAML 1.1 reads plain on/off/yes/no/y/n/true/false/null as booleans or None.
        # As a *key* that is never what an author means (`retry: {on: [...]}` would become
        # {True: [...]}), so such keys keep their text, as GitHub Actions does for `on:`.
        if key_node.style in (None, "") and key_node.tag in (
            "tag:yaml.org,2002:bool",
            "tag:yaml.org,2002:null",
        ):
            return key_node.value
        key = self._scalar(key_node)
        if not isinstance(key, (str, int, float, bool)) and key is not None:
            key = str(key)
        return key


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
    loader = LOADER(text)
    try:
        try:
            with gc_paused():
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
        composer = _Composer(file, loader, text)
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
        try:
            # with no anchor or no alias the document is a tree, which the build's budget
            # bounds at the file's size (the walk would only slow the big specs down)
            if ANCHOR.search(text) and ALIAS.search(text) \
                    and (past := past_bound(node)) is not None:
                composer.aliased = past[1]
                raise _TooBig(composer._loc(past[0]))
            with gc_paused():
                data = composer.build(node, ())
        except _TooBig as exc:
            if composer.aliased:
                return None, [
                    Problem("SPEC001", f"YAML syntax error: the document expands to more "
                            f"than {MAX_NODES:,} entries (aliases of aliases?)", exc.location,
                            hint="reuse anchors sparingly; a spec is never that big")
                ]
            return None, [
                Problem("SPEC072", f"the document has more than {MAX_NODES:,} entries",
                        exc.location, hint="a spec is never that big; split it, or check "
                                           "that it is the file you meant")
            ]
        return LoadedYaml(data, composer.smap, text), composer.problems
    except yaml.MarkedYAMLError as exc:
        from scout.spec.yamlerrors import syntax_problem

        return None, [syntax_problem(exc, text, file)]
    except yaml.reader.ReaderError as exc:
        from scout.spec.yamlerrors import reader_problem

        return None, [reader_problem(exc, text, file)]
    except yaml.YAMLError as exc:  # pragma: no cover - unmarked YAML errors are rare
        from scout.spec.yamlerrors import strip_parser_wording

        return None, [Problem("SPEC001", f"YAML error: {strip_parser_wording(str(exc))}",
                              Location(file, 1, 1))]
    finally:
        loader.dispose()


def load_yaml_file(path: str | Path) -> tuple[LoadedYaml | None, list[Problem]]:
    """Read a spec file (:func:`scout.spec.specfile.read_spec_text`) and parse it."""
    text, problems = read_spec_text(path)
    if text is None:
        return None, problems
    return load_yaml_text(text, str(path))
