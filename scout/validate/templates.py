"""Report templates are part of the spec: checked at validate time, located at run time.

``scout validate`` parses every template a ``report`` phase names (and the templates it
imports or includes) and checks each name it uses against what the phase will have in
scope: ``task`` and the Task's declared inputs, the phase's ``needs``, and the
documented report context (:data:`REPORT_CONTEXT`). Problems are reported at the
template's own ``file:line:col`` with the same codes as Jinja in the spec (SPEC050
syntax, SPEC051 name not in scope, SPEC052 ``task.X`` not an input, SPEC053 unknown
filter, SPEC070 a constant past the sandbox's bounds), with did-you-mean and the fix ("add
'candidates' to F6's needs"), and a ``{% set %}`` a loop keeps to itself (SPEC088,
scout.validate.block_sets). A template's file is named as the spec's is. The msgids
the project's own templates pass to ``_()`` / ``{% trans %}`` are checked against the
catalogs (scout.validate.catalogs: SPEC058, SPEC059), and its input names and enum
values too (scout.validate.kind_words: SPEC078).

The task attributes the templates read go on to :func:`scout.validate.unused.unused_problems`
(SPEC055: inputs nothing reads). (A template error raised while a report renders is
located by ``scout.report.locate``, which the report step uses.)
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from scout.errors import Location, Problem
from scout.report.files import (
    BUILTIN,
    DEFAULT_TEMPLATE,
    HTML_WRAPPER_NAME,
    outside,
    project_locales,
    resolve_template,
)
from scout.report.locate import column_of, msgid_column, shown_path
from scout.schemas.task import TASK_BUILTIN_ATTRS
from scout.validate.builtin_facts import shipped as shipped_facts
from scout.validate.catalogs import catalog_problems, kind_locales
from scout.validate.kind_words import KindWords, kind_word_problems
from scout.validate.unused import strings_in
from scout.validate.jinja_checks import error_token, inplace_problem
from scout.validate.checks import meant_needs, producers as producers_of
from scout.spec.loader import LoadedSpec
from scout.spec.factcache import FactStore, module_file
from scout.validate.template_facts import TemplateFacts
from scout.validate.template_facts import decode as _decode
from scout.validate.template_facts import encode as _encode
from scout.validate.template_facts import facts_of as _facts_of
from scout.validate.template_facts import parse_env as _parse_env
from scout.spec.models import Pipeline
from scout.spec.filtersig import call_problem, shown
from scout.validate.evidence_words import evidence_word_problem, one_language_units
from scout.validate.mention_lists import alternatives_problem
from scout.validate.rawlinks import raw_link_problems
from scout.spec.templating import GLOBAL_NAMES, has_jinja, known_filters, known_tests
from scout.suggest import did_you_mean

#: names every report template sees besides ``task`` and its phase's needs
#: (scout/steps/report.py; docs/authoring.md "What a report template sees")
REPORT_CONTEXT = frozenset({"artifacts", "mission", "citations", "title", "pipeline",
                            "_", "gettext", "ngettext", "pgettext", "npgettext",
                            "caller", "varargs", "kwargs"})
#: what the default report (no template:) also gets
DEFAULT_CONTEXT = frozenset({"sections", "syntheses"})


#: gettext's names: functions in a template, never filters (``map('gettext')``)
GETTEXT_NAMES = frozenset({"_", "gettext", "ngettext", "pgettext", "npgettext"})
#: the filter that translates a value, and (through ``map``) each value of a list
TRANSLATE_HINT = ("_() and gettext are functions, not filters: translate a value with "
                  "x | l10n, each one of a list with xs | map('l10n') (the kind's catalog, "
                  "then scout's)")


#: a template nested past what Jinja's recursive parser reads (not cached: the depth
#: reached depends on the caller's stack)
TOO_DEEP = ("nested too deeply for Jinja to read (brackets inside brackets, or blocks "
            "inside blocks, about a hundred deep); split it into shorter expressions, "
            "macros or included templates")


class TemplateSyntax(Exception):
    """A template does not parse: Jinja's message and line."""

    def __init__(self, message: str | None, lineno: int) -> None:
        super().__init__(message)
        self.message, self.lineno = message, lineno


#: template facts by the SHA-256 of the template's text: the shared sections
#: (``_report.md.j2``, ``_synthesis.md.j2``) are imported by every pipeline's report and a
#: mission checks its pipeline again, so one ``scout validate pipelines/`` would parse and
#: walk them many times. Bounded, for the long-lived server and MCP processes.
_FACTS: OrderedDict[str, TemplateFacts] = OrderedDict()
_FACTS_MAX = 256
_facts_lock = threading.Lock()

#: and across processes, on disk (scout.spec.factcache): a pre-commit hook runs
#: ``scout validate`` on every commit, and the templates rarely change. The facts depend
#: on scout.validate.template_facts (what is collected), the report environment (its
#: extensions parse ``{% trans %}``) and jinja2's parser.
_STORE = FactStore("template-facts", lambda: (__file__, module_file("scout.report.render"),
                                              module_file("scout.report.files"),
                                              module_file("scout.validate.template_facts"),
                                              module_file("scout.validate.block_sets"),
                                              module_file("scout.spec.sandbox"),
                                              module_file("scout.spec.filtercall"),
                                              module_file("scout.spec.templating"),
                                              module_file("jinja2")))


def _shipped_facts(sha: str) -> TemplateFacts | None:
    """The facts shipped for a built-in template of this text (scout.validate.builtin_facts)."""
    doc = shipped_facts().get(sha)
    if doc is None:
        return None
    try:
        return _decode(doc)
    except ValueError:
        return None


def template_facts(source: str, *, name: str, filename: str) -> TemplateFacts:
    """The facts of ``source``, parsed once per content (in this process; else the facts
    shipped for the built-in templates, else the on-disk cache); a syntax error is raised
    (:class:`TemplateSyntax`), never cached, so it always names the file it was found in."""
    key = hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()
    with _facts_lock:
        facts = _FACTS.get(key)
        if facts is not None:
            _FACTS.move_to_end(key)
            return facts
    facts = _shipped_facts(key)
    disk_key = _STORE.key(source) if facts is None else ""
    if facts is None:
        facts = _STORE.load(disk_key, _decode)
    if facts is None:
        from jinja2 import TemplateSyntaxError

        try:
            ast = _parse_env().parse(source, name=name, filename=filename)
        except TemplateSyntaxError as exc:
            raise TemplateSyntax(exc.message, exc.lineno or 1) from None
        except ValueError as exc:  # Jinja's lexer: a number literal past 4,300 digits
            raise TemplateSyntax(f"a literal Jinja cannot read: {str(exc)[:120]}", 1) from None
        except RecursionError:  # Jinja's parser recurses: ~90 brackets or blocks deep
            rows = source.splitlines() or [""]  # at the line with the most brackets
            deepest = max(range(len(rows)), key=lambda i: sum(map(rows[i].count, "([{")))
            raise TemplateSyntax(TOO_DEEP, deepest + 1) from None
        facts = _facts_of(ast)
        _STORE.save(disk_key, _encode(facts))
    with _facts_lock:
        _FACTS[key] = facts
        while len(_FACTS) > _FACTS_MAX:
            _FACTS.popitem(last=False)
    return facts


def templates_dir(spec: LoadedSpec, config: Any) -> Path:
    """The project's templates/, where a run looks (the config's project's:
    :func:`scout.paths.project_root`), else beside the pipeline's folder."""
    if config is not None:
        from scout.paths import project_root

        return project_root(config.path) / "templates"
    return Path(spec.path).resolve().parent.parent / "templates"


class _Use:
    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.task_attrs: set[str] = set()
        self.seen: set[Path] = set()
        #: (msgid, context, where) of each gettext call in the project's own templates
        self.msgids: list[tuple[str, str, Location]] = []
        #: the project's own templates' text (scout.validate.kind_words reads it)
        self.texts: list[str] = []
        #: whether the spec's path was given from the current folder: a template's is
        #: then shown so too (:func:`shown_path`)
        self.relative = False


def _attr_loc(loc: Any, lines: list[str], lineno: int, attr: str) -> Location:
    """At ``task.attr`` (or ``task["attr"]``) in the line when found there."""
    line = lines[lineno - 1] if 0 < lineno <= len(lines) else ""
    pattern = r"task\s*(?:\.\s*" + re.escape(attr) + r"\b|\[\s*['\"]" + re.escape(attr) + ")"
    m = re.search(pattern, line)
    return loc(lineno, "task") if not m else Location(loc(lineno).file, lineno, m.start() + 1)


def check_template(path: Path, *, pid: str, scope: set[str], pipeline: Pipeline,
                   producers: dict[str, list[str]], templates: Path, use: _Use) -> None:
    """Check one template file (and what it imports) against the phase's scope."""
    if path in use.seen:
        return
    use.seen.add(path)
    if outside(path, BUILTIN if BUILTIN in path.parents else templates):
        # a link, or a name that leaves the folder ({% include '../../etc/passwd' %})
        what = "a link to a file" if path.is_symlink() else "a path"
        use.problems.append(Problem("SPEC054", f"phase '{pid}': template {path.name} is {what} "
                                    f"outside {templates}; scout reads no file there",
                                    Location(str(path)),
                                    hint="copy the template into the templates folder"))
        return
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        use.problems.append(Problem("SPEC054", f"phase '{pid}': template {path} cannot be "
                                    f"read: {exc}", Location(str(path))))
        return
    lines = source.splitlines() or [""]
    where = shown_path(path, use.relative)

    def loc(lineno: int, token: str = "") -> Location:
        line = lines[lineno - 1] if 0 < lineno <= len(lines) else ""
        return Location(where, lineno, column_of(line, token) if token else 1)

    try:
        facts = template_facts(source, name=path.name, filename=where)
    except TemplateSyntax as exc:
        use.problems.append(Problem(
            "SPEC050", f"phase '{pid}': report template does not parse: {exc.message}",
            loc(exc.lineno, error_token(exc.message or "")),
            hint="fix the Jinja syntax at this line"))
        return
    bound = facts.bound
    # scout's own templates' msgids are its catalog's concern; resolved once, not per
    # msgid (a built-in section has hundreds: 28 ms of a warm validate)
    builtin = BUILTIN in path.resolve().parents
    if not builtin:
        use.texts.append(source)
        use.problems.extend(raw_link_problems(source, pid, loc))
    task_fields = set(pipeline.inputs) | TASK_BUILTIN_ATTRS
    reported: set[tuple[str, int]] = set()
    for kind, *rest in facts.uses:
        if kind == "name":
            name, lineno = rest
            if name in bound or name in scope or name in GLOBAL_NAMES:
                continue
            if (name, lineno) in reported:
                continue
            reported.add((name, lineno))
            if name in producers or name in pipeline.inputs:
                src = producers.get(name, ["an input"])[0]
                hint = f"add '{name}' to {pid}'s needs" + (
                    f" (produced by {src})" if src != "an input" else "")
            else:
                hint = did_you_mean(name, scope, what="names in scope") or \
                    f"add '{name}' to {pid}'s needs, or fix the name"
            use.problems.append(Problem(
                "SPEC051", f"phase '{pid}': report template uses '{name}', which is not in "
                f"the phase's scope", loc(lineno, name), hint=hint))
        elif kind == "attr":
            base, attr, lineno = rest
            # task rebound by the template (a set, a for) is not the Task; a macro's
            # parameter named task is (the sections are called with it)
            if base != "task" or ("task" in bound and "task" not in facts.params):
                continue
            if not builtin:  # the shared sections show every input, whatever the kind reads
                use.task_attrs.add(attr)
            if attr not in task_fields:
                use.problems.append(Problem(
                    "SPEC052", f"phase '{pid}': report template uses 'task.{attr}', which "
                    f"is not an input of pipeline '{pipeline.name}'",
                    _attr_loc(loc, lines, lineno, attr),
                    hint=did_you_mean(attr, task_fields, what="task fields")
                    or f"declare '{attr}' under inputs:, or fix the name"))
        elif kind == "filter" and rest[0] not in known_filters():
            use.problems.append(Problem(
                "SPEC053", f"phase '{pid}': unknown Jinja filter '{rest[0]}'",
                loc(rest[1], rest[0]),
                hint=TRANSLATE_HINT if rest[0] in GETTEXT_NAMES
                else did_you_mean(rest[0], known_filters(), what="filters")))
        elif kind == "msgid":
            if not builtin:
                msgid, context, lineno = rest
                line = lines[lineno - 1] if 0 < lineno <= len(lines) else ""
                use.msgids.append((msgid, context,
                                   Location(where, lineno, msgid_column(line, msgid))))
        elif kind == "call" and rest[0] in known_filters():
            wrong = call_problem(rest[0], rest[2])
            if wrong:
                use.problems.append(Problem(
                    "SPEC057", f"phase '{pid}': filter '{rest[0]}' called with arguments it "
                    f"cannot take: {wrong}", loc(rest[1], rest[0]),
                    hint=f"call it as {shown(rest[0])}"))
            never = None if wrong else evidence_word_problem(rest[0], rest[2])
            if never:  # a word no listing states: the same as in a pipeline (SPEC083)
                use.problems.append(Problem(
                    "SPEC083", f"phase '{pid}': report template calls '{rest[0]}' with a "
                    f"word no listing states: {never[0]}", loc(rest[1], rest[0]),
                    severity="warning", hint=never[1]))
            either = None if wrong or never else alternatives_problem(rest[0], rest[2], pipeline)
            if either:  # a list of alternatives read as all-of: as in a pipeline (SPEC092)
                use.problems.append(Problem(
                    "SPEC092", f"phase '{pid}': report template: {either[0]}",
                    loc(rest[1], rest[0]), severity="warning", hint=either[1]))
        elif kind == "inplace":  # as in a pipeline's templates (scout.validate.jinja_checks)
            use.problems.append(inplace_problem(f"phase '{pid}': report template", rest[0],
                                                loc(rest[1], rest[0])))
        elif kind == "bomb":  # as in a pipeline's templates (scout.validate.jinja_checks)
            use.problems.append(Problem(
                "SPEC070", f"phase '{pid}': report template: {rest[0]}",
                loc(rest[1]), hint="a template cannot compute huge numbers, strings or "
                "loops; use a smaller constant"))
        elif kind == "blockset":
            name, lineno, before, block = rest
            use.problems.append(Problem(
                "SPEC088", f"phase '{pid}': report template sets '{name}' inside a {block}, "
                f"which keeps the value to itself: after it, '{name}' is still what line "
                f"{before} set", loc(lineno, name), severity="warning",
                hint=f"keep it in a namespace, which the {block} does change: "
                f"{{% set ns = namespace({name}=...) %}} before it, {{% set ns.{name} = ... %}} "
                f"inside, ns.{name} after"))
        elif kind == "test" and rest[0] not in known_tests():
            use.problems.append(Problem(
                "SPEC053", f"phase '{pid}': unknown Jinja test '{rest[0]}'",
                loc(rest[1], rest[0]),
                hint=did_you_mean(rest[0], known_tests(), what="tests")))
    for name, lineno in facts.imports:
        target = resolve_template(templates, name)
        if target is None:
            use.problems.append(Problem(
                "SPEC054", f"phase '{pid}': template {path.name} imports '{name}', which is "
                f"not in {templates}", loc(lineno, name)))
            continue
        check_template(target, pid=pid, scope=scope, pipeline=pipeline,
                       producers=producers, templates=templates, use=use)


def check_report_templates(spec: LoadedSpec, config: Any) -> tuple[list[Problem], set[str]]:
    """Problems of every report template the pipeline names, and the task fields they read."""
    pipeline = spec.model
    assert isinstance(pipeline, Pipeline)
    templates = templates_dir(spec, config)
    made = producers_of(pipeline)
    available = set(made) | set(pipeline.inputs)
    use = _Use()
    use.relative = not Path(spec.path).is_absolute()
    for pid, phase in pipeline.phases.items():
        if phase.uses != "report" or pid in spec.broken_phases:
            continue
        raw = phase.with_ if isinstance(phase.with_, dict) else {}
        name = raw.get("template")
        names = [name if isinstance(name, str) else DEFAULT_TEMPLATE]
        formats = raw.get("formats") or ["md"]
        # a misspelt need is SPEC021's alone: the template reads the name it meant
        scope = {"task", *phase.need_names, *meant_needs(phase, available), *REPORT_CONTEXT}
        if not isinstance(name, str):
            scope |= DEFAULT_CONTEXT
            use.task_attrs |= set(pipeline.inputs)  # the default report shows every input
        use.seen = set()
        for n in names:
            path = resolve_template(templates, n)
            if path is not None:  # a missing file is SPEC054 (scout.validate.project_refs)
                check_template(path, pid=pid, scope=scope, pipeline=pipeline, producers=made,
                               templates=templates, use=use)
        html = raw.get("html_template")
        if isinstance(formats, list) and "html" in formats:
            path = resolve_template(templates, html if isinstance(html, str)
                                    else HTML_WRAPPER_NAME)
            if path is not None:
                use.seen = set()
                check_template(path, pid=pid, scope={"title", "body_html", "mission",
                                                     *REPORT_CONTEXT},
                               pipeline=pipeline, producers=made, templates=templates, use=use)
    use.msgids += reason_msgids(spec)
    # the kind's own catalog (locales/ of the project above the pipeline), whichever
    # project's config is in use
    locales = Path(shown_path(kind_locales(spec.path, templates), use.relative))
    # an input's name and its enum words are msgids too ("What you asked" labels them)
    labels = {w for n, i in pipeline.inputs.items() for w in (n, *(i.enum or ()))}
    use.problems += catalog_problems(locales, use.msgids, project_locales(templates),
                                     labels=labels)
    # the kind's input names and enum values (SPEC078): read where its templates and its
    # phases' with: (a rank reason, a title) may translate them
    words = KindWords(spec, texts=use.texts + [t for phase in pipeline.phases.values()
                                               for t in strings_in(phase.with_)],
                      msgids=[(m, c) for m, c, _ in use.msgids])
    use.problems += kind_word_problems(words, locales)
    use.problems += one_language_units(spec, locales)
    return use.problems, use.task_attrs


def reason_msgids(spec: LoadedSpec) -> list[tuple[str, str, Location]]:
    """(msgid, context, where) of each ``_()`` / ``{% trans %}`` in a ``rank`` phase's
    ``reasons``: the report shows them, translated with the same catalogs as its templates
    (scout.steps.rank), so the same check applies, located at the reason in the spec."""
    pipeline = spec.model
    assert isinstance(pipeline, Pipeline)
    out: list[tuple[str, str, Location]] = []
    for pid, phase in pipeline.phases.items():
        raw = phase.with_ if isinstance(phase.with_, dict) else {}
        reasons = raw.get("reasons")
        if phase.uses != "rank" or pid in spec.broken_phases or not isinstance(reasons, list):
            continue
        for i, reason in enumerate(reasons):
            if not isinstance(reason, str) or not has_jinja(reason):
                continue
            try:
                facts = template_facts(reason, name=f"{pid}.reasons[{i}]",
                                       filename=str(spec.source_map.file))
            except TemplateSyntax:
                continue  # SPEC050, from the spec's own Jinja checks
            where = spec.source_map.locate(("phases", pid, "with", "reasons", i))
            out += [(msgid, context, where)
                    for kind, *rest in facts.uses if kind == "msgid"
                    for msgid, context, _line in [rest]]
    return out
