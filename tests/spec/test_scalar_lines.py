"""A line of a multi-line YAML string is found on the YAML line that writes it, for
every way YAML writes one (scout.spec.scalarlines), checked against what YAML reads."""

from __future__ import annotations

import pytest

from scout.spec.yamlload import load_yaml_text

CASES = {
    "literal": "q: |\n  one\n\n  three\n  four\n",
    "literal, kept and stripped": "q: |2-\n    one\n  two\n\n  four\n",
    "folded": "q: >\n  one\n  still one\n\n  two\n\n\n  four\n",
    "folded, more indented lines keep their breaks": "q: >\n  one\n    two\n  three\n  three\n",
    "folded, leading blank lines": "q: >\n\n  two\n  two\n",
    "double quoted": 'q: "one\n  one\n\n  two\\nthree\n  three"\n',
    "single quoted": "q: 'one\n\n  two\n\n\n  four'\n",
    "plain": "q: one\n  one\n\n  two\n",
}


@pytest.mark.parametrize("text", list(CASES.values()), ids=list(CASES))
def test_each_line_of_the_value_is_where_it_is_written(text: str) -> None:
    loaded, problems = load_yaml_text(text, "spec.yaml")
    assert loaded is not None and not problems
    value = loaded.data["q"]
    written = text.splitlines()
    for n, line in enumerate(value.split("\n"), 1):
        if not line.strip():
            continue
        at = loaded.source_map.locate_line(("q",), n)
        # the YAML line it points at writes the start of that template line
        first_word = line.split()[0]
        assert first_word in written[at.line - 1], (n, line, at)
        assert written[at.line - 1][at.col - 1:].lstrip(" \"'").startswith(first_word), (n, at)


def test_a_one_line_value_and_a_line_past_the_end_stay_on_the_value() -> None:
    loaded, _ = load_yaml_text('a: "x {{ y }"\nq: |\n  one\n  two\n', "spec.yaml")
    assert loaded is not None
    assert (loaded.source_map.locate_line(("a",), 1).line,
            loaded.source_map.locate_line(("a",), 3).line) == (1, 1)
    assert loaded.source_map.locate_line(("q",), 9).line == 4
