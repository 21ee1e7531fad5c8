"""Counts of counts in every example kind's report ("1 gym out of 3 found"): a plural
message takes its form from one number only, so a second count in the same message (a
``%(total)d`` beside ``%(num)d``) reads "1 gimnasio de 1 encontrados" in Spanish, where the
participle agrees with the total. Each count must be its own ``ngettext`` (the total's
nested in the shortlist's, as docs/authoring.md shows). Checked on every template under
examples/ and scout's built-in ones, so a kind written later is held to it too; and the
nested messages are rendered with each kind's own catalogs, 1 of 1, 1 of 3 and 2 of 3, in
both languages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from jinja2 import Environment, nodes

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted([*ROOT.glob("examples/*/templates/*.j2"),
                    *ROOT.glob("scout/report/builtin/*.j2")])
# a number placeholder in a msgid: %(name)d, %(name)i
_COUNT = re.compile(r"%\((\w+)\)[di]")
# a Spanish plural participle ("encontrados", "publicadas", "recibidos"): agrees with a count
_PLURAL_PARTICIPLE = re.compile(r"\b\w+[aií]d[oa]s\b")


def _env() -> Environment:
    return Environment(extensions=["jinja2.ext.i18n"])


def _ngettexts(path: Path) -> Iterator[nodes.Call]:
    tree = _env().parse(path.read_text(encoding="utf-8"))
    for call in tree.find_all(nodes.Call):
        if isinstance(call.node, nodes.Name) and call.node.name == "ngettext":
            yield call


def _msgids(call: nodes.Call) -> list[str]:
    return [a.value for a in call.args[:2] if isinstance(a, nodes.Const)
            and isinstance(a.value, str)]


def _nested(call: nodes.Call) -> tuple[str, nodes.Call] | None:
    """The keyword whose value is itself an ngettext (a count of counts), if any."""
    for kw in call.kwargs:
        v = kw.value
        if isinstance(v, nodes.Call) and isinstance(v.node, nodes.Name) \
                and v.node.name == "ngettext":
            return kw.key, v
    return None


def test_templates_are_found() -> None:
    assert len(TEMPLATES) > 60  # the glob reaches the kinds (a moved folder would pass)


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: f"{p.parents[1].name}/{p.name}")
def test_a_plural_message_counts_one_number(path: Path) -> None:
    """Any number other than the one the plural follows (``%(num)d``) must come from a
    nested ngettext with its own count, so its words agree with it."""
    bad = []
    for call in _ngettexts(path):
        for msgid in _msgids(call):
            others = [n for n in _COUNT.findall(msgid) if n != "num"]
            if others:
                bad.append(f"line {call.lineno}: {msgid!r} counts {others}")
    assert not bad, "\n".join(bad)


def _counts_of_counts() -> list[tuple[Path, str, str, str, str, str]]:
    out = []
    for path in TEMPLATES:
        if path.parents[1].parent.name != "examples":
            continue
        for call in _ngettexts(path):
            nested = _nested(call)
            if nested is None:
                continue
            key, inner = nested
            outer_ids, inner_ids = _msgids(call), _msgids(inner)
            if len(outer_ids) == 2 and len(inner_ids) == 2:
                out.append((path, *outer_ids, key, *inner_ids))
    return out


COUNTS_OF_COUNTS = _counts_of_counts()


def test_the_kinds_say_a_count_of_counts() -> None:
    # the kinds that write "N of M found" do so with nested ngettext (most of them)
    assert len({p.parents[1].name for p, *_ in COUNTS_OF_COUNTS}) >= 40


def _render(path: Path, lang: str, outer: tuple[str, str], key: str,
            inner: tuple[str, str], n: int, total: int) -> str:
    from scout.i18n import reader_translations
    from scout.report.files import project_locales
    from scout.spec.catalogtext import install_catalog

    env = _env()
    install_catalog(env, reader_translations(lang, project_locales(path.parent)))
    src = (f"{{{{ ngettext({outer[0]!r}, {outer[1]!r}, n, "
           f"{key}=ngettext({inner[0]!r}, {inner[1]!r}, total)) }}}}")
    return env.from_string(src).render(n=n, total=total)


@pytest.mark.parametrize(
    "path,one,many,key,inner_one,inner_many", COUNTS_OF_COUNTS,
    ids=[f"{p.parents[1].name}:{o[:30]}" for p, o, *_ in COUNTS_OF_COUNTS])
def test_a_count_of_counts_agrees_with_each(path: Path, one: str, many: str, key: str,
                                            inner_one: str, inner_many: str) -> None:
    for lang in ("en", "es"):
        said = {(n, total): _render(path, lang, (one, many), key, (inner_one, inner_many),
                                    n, total)
                for n, total in ((1, 1), (1, 3), (2, 3))}
        for (n, total), text in said.items():
            assert str(n) in text and str(total) in text, (lang, text)
            assert "%(" not in text, (lang, text)
        if lang == "es":
            # "1 gimnasio de 1 encontrado", never "… de 1 encontrados"; "de 3 encontrados"
            assert not _PLURAL_PARTICIPLE.search(said[1, 1]), said[1, 1]
            assert said[1, 1] != said[1, 3].replace("3", "1"), said
        else:
            assert said[1, 3] != said[2, 3], said  # the shortlist's own count shows


def test_the_rule_catches_the_old_way(tmp_path: Path) -> None:
    """The check above fails on what 25 kinds wrote before (it can fail)."""
    bad = tmp_path / "examples" / "k" / "templates" / "k_report.md.j2"
    bad.parent.mkdir(parents=True)
    bad.write_text('{{ ngettext("%(num)d gym out of %(total)d found", '
                   '"%(num)d gyms out of %(total)d found", n, total=total) }}\n')
    with pytest.raises(AssertionError, match="counts"):
        test_a_plural_message_counts_one_number(bad)
