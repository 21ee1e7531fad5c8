"""A user's or the machine's problem is never an internal error (issue 13 §5): each of
these is a located problem (or a usage error) with a code and a hint, in plain words."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scout.cli.render import excerpt, format_problem
from scout.errors import UsageError, machine_error
from scout.spec.yamlload import load_yaml_file, load_yaml_text

HEAD = "apiVersion: scout/v1\nname: x\n"
ROOT = Path(__file__).resolve().parents[2]


def _one(problems, code):
    found = [p for p in problems if p.code == code]
    assert found, [(p.code, p.message) for p in problems]
    return found[0]


def test_an_integer_past_the_int_string_limit_is_located() -> None:
    _, problems = load_yaml_text(HEAD + "limit: " + "9" * 5000 + "\n", "p.yaml")
    p = _one(problems, "SPEC074")
    assert (p.location.line, p.location.col) == (3, 8)
    assert "5,000 digits" in p.message and p.hint


def test_an_impossible_date_is_located() -> None:
    _, problems = load_yaml_text(HEAD + "description: 2026-13-45\n", "p.yaml")
    assert _one(problems, "SPEC074").location.line == 3


@pytest.mark.parametrize("line", [1, 3, 7])
def test_a_nul_byte_is_located_at_its_real_line(line: int) -> None:
    rows = [f"k{i}: v{i}" for i in range(1, 9)]
    rows[line - 1] = rows[line - 1][:3] + "\x00" + rows[line - 1][3:]
    _, problems = load_yaml_text("\n".join(rows) + "\n", "p.yaml")
    p = _one(problems, "SPEC001")
    assert (p.location.line, p.location.col) == (line, 4)
    assert "NUL" in p.message and "position" not in p.message


@pytest.mark.parametrize("text,banned", [
    (HEAD + "a: &x 1\nb: &x 2\n", "occurrence"),
    (HEAD + "a: b\x07\n", "<unicode string>"),
    (HEAD + "a: b\x00\n", "position"),
])
def test_pyyamls_own_wording_never_reaches_the_user(text: str, banned: str) -> None:
    _, problems = load_yaml_text(text, "p.yaml")
    assert problems
    for p in problems:
        assert banned not in p.message and "<unicode string>" not in p.message
        assert p.location.line >= 1


def test_aliases_are_blamed_only_when_they_are_the_cause(monkeypatch) -> None:
    import scout.spec.yamlload as Y

    monkeypatch.setattr(Y, "MAX_NODES", 50)
    flat = HEAD + "".join(f"k{i}: {i}\n" for i in range(100))
    _, problems = load_yaml_text(flat, "p.yaml")
    assert "aliases" not in " ".join(p.message for p in problems)
    assert _one(problems, "SPEC072")
    bomb = HEAD + "a: &a [1, 2, 3, 4, 5, 6, 7, 8]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n"
    _, problems = load_yaml_text(bomb, "p.yaml")
    assert "aliases of aliases" in _one(problems, "SPEC001").message


def test_a_spec_over_the_size_limit_is_refused_without_parsing(tmp_path: Path,
                                                               monkeypatch) -> None:
    big = tmp_path / "big.yaml"
    big.write_text(HEAD + "description: " + "x" * 5_100_000 + "\n")
    start = time.process_time()  # CPU time: a loaded machine does not stretch it
    loaded, problems = load_yaml_file(big)
    assert loaded is None and time.process_time() - start < 2
    assert "5,000,000-byte limit" in _one(problems, "SPEC072").message
    monkeypatch.setenv("SCOUTE_MAX_SPEC_BYTES", "6000000")
    assert load_yaml_file(big)[0] is not None


def test_a_fifo_or_a_folder_says_what_it_is_and_never_blocks(tmp_path: Path) -> None:
    """A FIFO with no writer: opening it to read would wait forever. The load runs in a
    thread the test waits on (an event, not a wall-time bound a loaded machine
    stretches); one that blocked is freed by opening the FIFO to write, and fails."""
    fifo = tmp_path / "p.yaml"
    os.mkfifo(fifo)
    got: dict[str, Any] = {}
    done = threading.Event()

    def load() -> None:
        try:
            got["fifo"] = load_yaml_file(fifo)[1]
            got["folder"] = load_yaml_file(tmp_path)[1]
        finally:
            done.set()

    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    if not done.wait(60):  # minutes under any load; forever when it blocks
        with contextlib.suppress(OSError):  # free the blocked open, so the thread ends
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(10)
        pytest.fail("loading a FIFO blocked: it was opened to read")
    assert "named pipe (FIFO)" in _one(got["fifo"], "SPEC073").message
    assert "is a folder" in _one(got["folder"], "SPEC073").message


def test_an_invalid_utf8_byte_is_located(tmp_path: Path) -> None:
    f = tmp_path / "p.yaml"
    f.write_bytes(HEAD.encode() + b"description: caf\xe9\n")
    _, problems = load_yaml_file(f)
    p = _one(problems, "SPEC001")
    assert (p.location.line, p.location.col) == (3, 17) and "UTF-8" in p.message


def test_excerpts_are_cut_to_a_readable_width(tmp_path: Path) -> None:
    f = tmp_path / "p.yaml"
    f.write_text(HEAD + "description: " + "w" * 5_000_000 + " ]\n")
    from scout.errors import Location, Problem

    p = Problem("SPEC001", "x" * 10_000, Location(str(f), 3, 5_000_010), hint="h" * 5000)
    text = format_problem(p)
    assert max(len(line) for line in text.splitlines()) < 500
    src, col = excerpt("a" * 1000 + "^" + "b" * 1000, 1001)
    assert src[col - 1] == "^" and len(src) <= 122


@pytest.mark.parametrize("value", ["hotels \udcff\udcfe", "\ud800", "ok\udc80"])
def test_invalid_utf8_in_the_query_is_a_usage_error(value: str, tmp_path: Path) -> None:
    from scout import api

    with pytest.raises(UsageError) as info:
        api.prepare(tmp_path / "nope.yaml", query=value)
    assert info.value.code == "USE045" and info.value.exit_code == 2 and info.value.hint
    with pytest.raises(UsageError):
        api.prepare(tmp_path / "nope.yaml", query="x", sets=[f"destination={value}"])


@pytest.mark.parametrize("errno_name,code", [("ENOSPC", "RUN021"), ("EROFS", "RUN022"),
                                             ("EACCES", "RUN022"), ("EISDIR", "RUN023")])
def test_the_machines_refusals_are_mapped_once_even_when_wrapped(errno_name: str,
                                                                 code: str) -> None:
    import errno

    inner = OSError(getattr(errno, errno_name), os.strerror(getattr(errno, errno_name)),
                    "/runs/m/phase.json")
    try:
        try:
            raise inner
        except OSError as exc:
            raise RuntimeError("the state log syncer failed") from exc
    except RuntimeError as outer:
        mapped = machine_error(outer)
    assert mapped is not None and mapped.code == code and mapped.exit_code == 3
    assert "/runs/m/phase.json" in mapped.message and mapped.hint
    assert machine_error(OSError(errno.EBADF, "bad fd")) is None  # a bug stays a bug


_YAMLISH = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=400)


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(body=_YAMLISH, num=st.integers(min_value=4000, max_value=6000))
def test_generated_text_is_always_a_located_problem_or_data(body: str, num: int) -> None:
    for text in (body, HEAD + body, HEAD + "x: " + "7" * num + "\n" + body):
        loaded, problems = load_yaml_text(text, "g.yaml")
        for p in problems:
            assert p.location is not None and p.location.line >= 1, p
            assert "<unicode string>" not in p.message and "occurrence" not in p.message
            assert len(p.message) < 2000


@pytest.mark.parametrize("where,words,said", [
    ("nouns", [f"word{i}" for i in range(2000)], "nouns: has more than 500 entries"),
    ("aliases", ["", "ok"], "inputs.budget.aliases.0: must not be empty"),
    ("aliases", ["   "], "inputs.budget.aliases.0: '   ' has the wrong form"),
    ("nouns", ["x" * 20_000], "nouns.0: string should have at most 100 characters"),
    ("synonyms", [f"s{i}" for i in range(501)],
     "inputs.kind.synonyms.a: has more than 500 entries"),
])
def test_a_kinds_words_are_bounded_and_not_blank(tmp_path: Path, where: str,
                                                 words: list[str], said: str) -> None:
    """A kind written by someone else with 20,000 nouns made every `plan` of it take 10 s
    (each is tried against the request); an empty alias named nothing. SPEC012, located."""
    import yaml

    from scout.validate import validate_file

    spec = yaml.safe_load((ROOT / "pipelines" / "hotel_research.yaml").read_text())
    if where == "nouns":
        spec["nouns"] = words
    elif where == "aliases":
        spec["inputs"]["budget"]["aliases"] = words
    else:
        spec["inputs"]["kind"] = {"type": "string", "enum": ["a", "b"], "synonyms": {"a": words}}
    path = tmp_path / "kind.yaml"
    path.write_text(yaml.safe_dump(spec, allow_unicode=True))
    problems = validate_file(path).problems
    assert [p.message[:len(said)] for p in problems if p.code == "SPEC012"] == [said], \
        [(p.code, p.message[:120]) for p in problems]
    assert all(p.location.line > 1 for p in problems if p.code == "SPEC012")


@pytest.mark.parametrize("section,count,said", [
    ("phases", 10_000, "phases: has more than 1000 entries"),
    ("inputs", 5_000, "inputs: has more than 500 entries"),
])
def test_a_kind_past_the_most_phases_or_inputs_is_one_error_at_once(
        tmp_path: Path, section: str, count: int, said: str) -> None:
    """A kind written by someone else with 10,000 phases took 44 s to validate (each phase
    checked against all the others, 10,000 warnings) and `scout graph` of it never ended:
    SPEC012, located, in the time one file takes."""
    from scout.validate import validate_file

    if section == "phases":
        body = "".join(f"  X{i}:\n    uses: task\n    produces: [t{i}]\n" for i in range(count))
        text = HEAD + "phases:\n" + body
    else:
        body = "".join(f"  in{i}: {{type: string, aliases: [a{i}]}}\n" for i in range(count))
        text = HEAD + "inputs:\n" + body + "phases:\n  F0: {uses: task, produces: [task]}\n"
    path = tmp_path / "kind.yaml"
    path.write_text(text)
    start = time.monotonic()
    problems = validate_file(path).problems
    assert time.monotonic() - start < 15
    assert [(p.code, p.message, p.location.line) for p in problems] == [("SPEC012", said, 4)]
