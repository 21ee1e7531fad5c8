"""The YAML loader: source map positions, merge keys, anchors, located problems."""

from __future__ import annotations

import gc

import pytest
import yaml

from scout.spec import yamlload
from scout.spec.yamlload import gc_paused, load_yaml_file, load_yaml_text

TEXT = """\
apiVersion: scout/v1
name: x
defaults: &defaults
  retry: {attempts: 3}
phases:
  F1:
    <<: *defaults
    uses: search
    needs:
      - task
      - "pages?"
    with: {query: "hé {{ task.destination }}", limit: 5}
"""

# both parsers must behave the same; libyaml is the default when PyYAML has it
LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])


@pytest.fixture(params=LOADERS, ids=lambda c: c.__name__)
def loader(request, monkeypatch):
    monkeypatch.setattr(yamlload, "LOADER", request.param)
    return request.param


def test_source_map_positions_of_keys_and_values(loader) -> None:
    loaded, problems = load_yaml_text(TEXT, "p.yaml")
    assert problems == []
    smap = loaded.source_map
    assert smap.keys[("phases", "F1")] == (6, 3)
    assert smap.keys[("phases", "F1", "uses")] == (8, 5)
    assert smap.values[("phases", "F1", "uses")] == (8, 11)
    assert smap.values[("phases", "F1", "needs", 1)] == (11, 9)
    # columns count characters, not bytes ("é" before the value does not shift it)
    assert smap.keys[("phases", "F1", "with", "limit")] == (12, 48)
    assert smap.values[("phases", "F1", "with", "limit")] == (12, 55)


def test_locate_falls_back_to_the_nearest_parent(loader) -> None:
    loaded, _ = load_yaml_text(TEXT, "p.yaml")
    loc = loaded.source_map.locate(("phases", "F1", "with", "missing", 3))
    assert (loc.file, loc.line, loc.col) == ("p.yaml", 12, 11)
    assert loaded.source_map.locate(("phases", "F1"), key=True).col == 3
    assert loaded.source_map.locate(("nothing",)).line == 1


def test_merge_keys_and_anchors_are_resolved(loader) -> None:
    loaded, _ = load_yaml_text(TEXT, "p.yaml")
    f1 = loaded.data["phases"]["F1"]
    assert f1["retry"] == {"attempts": 3}
    assert "<<" not in f1
    assert loaded.data["defaults"]["retry"] == {"attempts": 3}


def test_merge_key_does_not_count_as_duplicate_but_explicit_keys_win(loader) -> None:
    text = "base: &b {a: 1, b: 2}\nx:\n  <<: *b\n  b: 3\n"
    loaded, problems = load_yaml_text(text, "m.yaml")
    assert problems == []
    assert loaded.data["x"] == {"a": 1, "b": 3}


def test_duplicate_key_names_both_lines(loader) -> None:
    _, problems = load_yaml_text("a: 1\nb: 2\na: 3\n", "d.yaml")
    (p,) = problems
    assert p.code == "SPEC004"
    assert (p.location.line, p.location.col) == (3, 1)
    assert "first defined at line 1" in p.message


def test_yaml_11_boolean_words_stay_text_as_keys(loader) -> None:
    loaded, problems = load_yaml_text("retry:\n  on: [timeout]\n  yes: 1\nflag: yes\n", "b.yaml")
    assert problems == []
    assert loaded.data["retry"] == {"on": ["timeout"], "yes": 1}
    assert loaded.data["flag"] is True  # values keep YAML's reading


def test_unquoted_jinja_is_reported_and_kept_as_text(loader) -> None:
    loaded, problems = load_yaml_text("query: {{ task.destination }}\n", "j.yaml")
    (p,) = problems
    assert p.code == "SPEC005" and (p.location.line, p.location.col) == (1, 8)
    assert "quote" in p.hint
    assert loaded.data["query"] == "{{ task.destination }}"


def test_unquoted_optional_name_in_flow_list_is_refused_by_both_parsers(loader) -> None:
    _, problems = load_yaml_text("needs: [task, pages?]\n", "q.yaml")
    assert [p.code for p in problems] == ["SPEC001"]
    assert problems[0].location.line == 1
    assert "quote" in problems[0].hint
    loaded, problems = load_yaml_text('needs: [task, "pages?"]\n', "q.yaml")
    assert problems == [] and loaded.data["needs"] == ["task", "pages?"]


@pytest.mark.parametrize(
    "text, line, words",
    [
        ("a: 1\n  b: 2\n", 2, "unexpected ':'"),
        ("a:\n  b: 1\n c: 2\n", 3, "does not line up"),
        ('a: "open\nb: 2\n', 1, "never closed"),
        ("a: [1, 2\nb: 3\n", 2, "not closed"),
        ("a:\n\tb: 1\n", 2, "tab"),
        ("a: *nope\n", 1, "anchor"),
    ],
)
def test_syntax_errors_are_located_and_in_plain_words(loader, text, line, words) -> None:
    data, problems = load_yaml_text(text, "s.yaml")
    assert data is None
    (p,) = problems
    assert p.code == "SPEC001"
    assert p.location.line == line
    assert words in p.message
    assert "<block" not in p.message and "<scalar>" not in p.message
    assert p.hint


@pytest.mark.parametrize(
    "text, code, words",
    [
        ("", "SPEC002", "empty"),
        ("# only a comment\n\n", "SPEC002", "empty"),
        ("- a\n- b\n", "SPEC003", "a list"),
        ("42\n", "SPEC003", "a single value"),
        ("a: 1\n---\nb: 2\n", "SPEC001", "more than one YAML document"),
    ],
)
def test_documents_that_are_not_one_mapping(loader, text, code, words) -> None:
    data, problems = load_yaml_text(text, "e.yaml")
    assert data is None
    assert [p.code for p in problems] == [code]
    assert words in problems[0].message
    assert problems[0].location.line >= 1


def test_unreadable_and_non_utf8_files(tmp_path) -> None:
    _, problems = load_yaml_file(tmp_path / "missing.yaml")
    assert problems[0].code == "SPEC060"
    bad = tmp_path / "latin1.yaml"
    bad.write_bytes("name: caf\xe9\n".encode("latin-1"))
    _, problems = load_yaml_file(bad)
    assert problems[0].code == "SPEC001" and "UTF-8" in problems[0].message


def test_gc_paused_restores_the_collector() -> None:
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(RuntimeError), gc_paused():
        raise RuntimeError
    assert gc.isenabled()
