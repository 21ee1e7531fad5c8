"""What a kind written by someone else can make one filter call cost (scout.spec.sandbox):
Jinja's own filters that grow their text, ``sum`` of lists, ``wordwrap`` of a text of
many lines, and a loop whose every step is such a call. Each was a template that ran for
minutes or built gigabytes with no bound crossed; each is a bound crossed now (RUN020 from
a phase, never a hang), and the ordinary uses render as before."""

from __future__ import annotations

import time
import tracemalloc

import pytest

from scout.errors import TemplateLimit
from scout.orchestrator.scope import render
from scout.spec.sandboxsize import MAX_LEN, MAX_WRAP_LINES, SandboxLimit
from scout.spec.templating import make_env

#: each filter here grows its text; chained, they grow it again (none was measured: only
#: the size-taking filters were, so '%' * 9M urlencoded three times was 63 MB, '&' * 9M
#: force-escaped four times 153 MB, and every filter more made it bigger)
GROWING = [
    "{{ s | urlencode | urlencode | urlencode | length }}",
    "{{ s | forceescape | forceescape | forceescape | length }}",
    "{{ s | tojson | tojson | tojson | length }}",
    "{{ (s | upper) ~ '' }}",
    "{{ s | pprint | pprint | length }}",
]


@pytest.mark.parametrize("source,value", [
    (GROWING[0], "%" * 4_000_000), (GROWING[1], "&" * 3_000_000),
    (GROWING[2], '"' * 3_000_000), (GROWING[3], "ﬃ" * 4_000_000),
    (GROWING[4], "\x00" * 3_000_000),
])
def test_a_filter_that_grows_its_text_is_measured(source: str, value: str) -> None:
    tracemalloc.start()
    try:
        with pytest.raises(TemplateLimit, match="the result of the filter"):
            render(source, {"s": value})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 12 * MAX_LEN  # one step past the bound, never the whole chain


def test_sum_of_lists_is_joined_once_and_measured() -> None:
    """Python adds lists one at a time, copying all so far each time: 3,000 lists of
    1,000 items took 42 s inside one call (no clock is read in it), 10,000 would take
    minutes."""
    lists = [list(range(1000))] * 3000
    start = time.monotonic()
    assert render("{{ xs | sum(start=[]) | length }}", {"xs": lists}) == "3000000"
    assert time.monotonic() - start < 5
    with pytest.raises(TemplateLimit, match="the sum of the lists"):
        render("{{ xs | sum(start=[]) | length }}", {"xs": [list(range(1000))] * 20_000})


@pytest.mark.parametrize("source,expected", [
    ("{{ [1, 2, 3] | sum }}", "6"),
    ("{{ [1.5, 2] | sum(start=1) }}", "4.5"),
    ("{{ [{'a': 1}, {'a': 2}] | sum(attribute='a') }}", "3"),
    ("{{ [{'a': 1}, {'a': 2}] | sum('a', 10) }}", "13"),
    ("{{ [{'a': [1]}, {'a': [2]}] | sum('a', start=[]) }}", "[1, 2]"),
    ("{{ [[1], [2, 3]] | sum(start=[0]) }}", "[0, 1, 2, 3]"),
    ("{{ [(1, 2), (3,)] | sum(start=()) }}", "(1, 2, 3)"),
    ("{{ [] | sum(start=[]) }}", "[]"),
])
def test_sum_still_adds_as_jinja_does(source: str, expected: str) -> None:
    assert make_env().from_string(source).render() == expected


def test_sum_of_a_list_and_a_tuple_fails_as_python_says() -> None:
    with pytest.raises(TypeError, match="concatenate"):
        make_env().from_string("{{ [[1], (3,)] | sum(start=[]) }}").render()


def test_wrapping_a_text_of_very_many_lines_is_bounded() -> None:
    """Jinja wraps each line with a textwrap wrapper of its own: four million empty
    lines took 22 s inside one call."""
    start = time.process_time()  # CPU time: a loaded machine does not stretch it
    with pytest.raises(TemplateLimit, match="the text to wrap"):
        render("{{ s | wordwrap(10) }}", {"s": "\n" * (MAX_WRAP_LINES * 20)})
    assert time.process_time() - start < 2
    text = "una línea corta\n" * 1000
    assert render("{{ s | wordwrap(10) }}", {"s": text}).count("\n") == 1999


class _Ticks:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.mark.parametrize("step", [
    "{{ s | upper | length }}",          # a filter
    "{{ s.upper() | length }}",          # a method
    "{% set x = s | urlencode %}",       # a filter that writes nothing
])
def test_the_clock_is_read_at_every_filter_and_call(step: str) -> None:
    """The clock was read every 256 loop steps or pieces of output: a loop of 255 steps,
    each a filter taking seconds on its (bounded) text, ran for many minutes with its
    budget long spent. It is read at every 8th filter or call now: 1,000 steps read it
    about 130 times (10 before)."""
    env = make_env()
    env.render_clock, env.render_seconds = _Ticks(), 60.0
    template = env.from_string("{% for i in range(1000) %}" + step + "{% endfor %}")
    with pytest.raises(SandboxLimit, match="takes more than 60 s to render"):
        template.render(s="abc")
    # a render of the same steps under its budget passes
    env.render_seconds = 1000.0
    template.render(s="abc")
