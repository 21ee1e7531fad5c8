"""Hostile spec input (issue 13 §5): a corpus (tests/spec/hostile/) plus generated files
(over the size limit, a FIFO, a folder, random mutations) through ``scout validate`` and
``scout apply`` in a subprocess with a memory limit and a timeout.

Every run: exit 0 or 2, no traceback, no "internal error", each error line carries the
file (and line:col when the problem is inside it), output lines of readable width.
The fast variant runs the corpus and a few dozen mutations; ``--chaos-full`` runs
hundreds of Hypothesis-generated files.
"""

from __future__ import annotations

import os
import random
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORPUS = sorted((ROOT / "tests" / "spec" / "hostile").glob("*.yaml"))
FULL = os.environ.get("SCOUT_CHAOS_FULL") == "1"
MEMORY_LIMIT = 1536 * 1024 * 1024  # bytes of address space for one scout process
TIME_LIMIT = 60  # seconds of wall clock (the CI machine is shared and slow)
ERROR_LINE = re.compile(r"^(?P<file>[^\s].*?)(?::(?P<line>\d+):(?P<col>\d+))?: "
                        r"(?:error|warning|note) (?P<code>[A-Z]+\d{3}):")


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_scout(args: list[str], cwd: Path, env: dict[str, str] | None = None
              ) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    full_env.pop("SCOUT_TRACEBACK", None)
    return subprocess.run([sys.executable, "-m", "scout", *args], cwd=cwd, env=full_env,
                          capture_output=True, text=True, errors="replace",
                          timeout=TIME_LIMIT, preexec_fn=_limits)


def check_outcome(proc: subprocess.CompletedProcess[str], spec: Path) -> None:
    out = proc.stdout + proc.stderr
    assert proc.returncode in (0, 2), f"{spec.name}: exit {proc.returncode}\n{out[-2000:]}"
    assert "Traceback" not in out, f"{spec.name}: traceback\n{out[-2000:]}"
    assert "internal error" not in out, f"{spec.name}: internal error\n{out[-2000:]}"
    for banned in ("<unicode string>", "first occurrence", "second occurrence", "position "):
        assert banned not in out, f"{spec.name}: pyyaml wording {banned!r}\n{out[-1500:]}"
    widest = max((len(line) for line in out.splitlines()), default=0)
    assert widest <= 600, f"{spec.name}: an output line of {widest} characters"
    if proc.returncode == 2:
        errors = [m for m in map(ERROR_LINE.match, out.splitlines()) if m]
        assert errors, f"{spec.name}: exit 2 without a located error\n{out[-1500:]}"
        for m in errors:
            assert m.group("file"), out


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A research root with the shipped config and templates, so chains are checked."""
    import shutil

    root = tmp_path_factory.mktemp("hostile")
    for sub in ("config", "templates"):
        shutil.copytree(ROOT / sub, root / sub)
    return root


def test_corpus_is_there() -> None:
    assert len(CORPUS) >= 40


def test_validate_hostile_corpus_at_once(workdir: Path) -> None:
    """One process for the whole corpus (fast): every file is reported, none crashes."""
    proc = run_scout(["validate", *map(str, CORPUS)], workdir)
    check_outcome(proc, CORPUS[0].parent)
    reported = {Path(m.group("file")).name
                for m in map(ERROR_LINE.match, (proc.stdout + proc.stderr).splitlines()) if m}
    quiet = {"bom.yaml", "crlf.yaml", "big_flat.yaml", "bool_values.yaml", "null_key.yaml",
             "complex_key.yaml", "float_inf.yaml", "c1_control.yaml", "control_char.yaml",
             "surrogate_escape.yaml", "unicode_escape_control.yaml", "deep_block.yaml",
             "bad_binary.yaml"}
    missing = {p.name for p in CORPUS} - reported - quiet
    assert not missing, f"no problem reported for {sorted(missing)}"


@pytest.mark.skipif(not FULL, reason="one process per file: --chaos-full")
@pytest.mark.parametrize("spec", CORPUS, ids=[p.name for p in CORPUS])
def test_validate_hostile_corpus(spec: Path, workdir: Path) -> None:
    proc = run_scout(["validate", str(spec)], workdir)
    check_outcome(proc, spec)


APPLY_SAMPLE = [p for p in CORPUS if p.name in {
    "long_integer.yaml", "jinja_bomb.yaml", "huge_width_line.yaml", "mission_escape.yaml"}]


@pytest.mark.parametrize("spec", APPLY_SAMPLE if not FULL else CORPUS,
                         ids=[p.name for p in (APPLY_SAMPLE if not FULL else CORPUS)])
def test_apply_hostile_corpus(spec: Path, workdir: Path) -> None:
    proc = run_scout(["apply", str(spec), "--query", "hotels in Rome", "--runs-dir",
                      str(workdir / "runs"), "--progress", "none"], workdir)
    assert proc.returncode != 0 or spec.name == "ok", proc.stdout + proc.stderr
    check_outcome(proc, spec)


def test_over_the_size_limit_is_refused_up_front(workdir: Path) -> None:
    big = workdir / "big.yaml"
    big.write_text("apiVersion: scout/v1\nname: big\ndescription: " + "x" * 6_000_000 + "\n")
    proc = run_scout(["validate", str(big)], workdir)
    check_outcome(proc, big)
    assert proc.returncode == 2 and "SPEC072" in proc.stdout
    small = run_scout(["validate", str(CORPUS[0])], workdir, env={"SCOUTE_MAX_SPEC_BYTES": "10"})
    assert "SPEC072" in small.stdout and "10-byte limit" in small.stdout


def test_a_fifo_or_a_folder_says_what_it_is(workdir: Path) -> None:
    fifo = workdir / "pipe.yaml"
    os.mkfifo(fifo)  # nobody ever writes: opening it for reading would block
    folder = workdir / "folder.yaml"
    folder.mkdir()
    for args in (["validate", str(fifo)], ["apply", str(fifo), "--query", "x"],
                 ["plan", str(folder), "--query", "x"]):
        proc = run_scout(args, workdir)
        check_outcome(proc, fifo)
        out = proc.stdout + proc.stderr
        assert proc.returncode == 2
        assert "named pipe (FIFO)" in out or "is a folder" in out, out


def test_wide_values_are_cut_in_excerpts(workdir: Path) -> None:
    spec = ROOT / "tests" / "spec" / "hostile" / "huge_width_line.yaml"
    proc = run_scout(["validate", str(spec)], workdir)
    assert max(len(line) for line in proc.stdout.splitlines()) <= 600
    assert "…" in proc.stdout or len(proc.stdout) < 5000


def _mutations(n: int, seed: int) -> list[bytes]:
    rng = random.Random(seed)
    seeds = [p.read_bytes() for p in CORPUS if p.stat().st_size < 20000]
    seeds.append((ROOT / "pipelines" / "hotel_research.yaml").read_bytes())
    hostile = [b"\x00", b"\x1b[31m", b"\xff", b"&a ", b"*a", b"{{ 9**9**9 }}", b"'",
               b'"', b"\t", b"9" * 4400, b"[" * 200, b"!!binary ", b"<<: ", b": ", b"\r"]
    out = []
    for _ in range(n):
        data = bytearray(rng.choice(seeds))
        for _ in range(rng.randint(1, 4)):
            pos = rng.randrange(len(data) + 1)
            op = rng.random()
            if op < 0.5:
                data[pos:pos] = rng.choice(hostile)
            elif op < 0.8 and data:
                del data[pos:pos + rng.randint(1, 20)]
            else:
                data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        out.append(bytes(data))
    return out


def test_validate_mutated_specs(workdir: Path, tmp_path: Path) -> None:
    """Many files per process (scout validate takes several), then each problem file on
    its own if the batch fails, so a failure names its input."""
    files = []
    for i, data in enumerate(_mutations(300 if FULL else 40, seed=random.randrange(10**6)
                                        if FULL else 13)):
        f = tmp_path / f"m{i:04d}.yaml"
        f.write_bytes(data)
        files.append(f)
    proc = run_scout(["validate", *map(str, files)], workdir)
    try:
        check_outcome(proc, tmp_path)
    except AssertionError:
        for f in files:
            check_outcome(run_scout(["validate", str(f)], workdir), f)
        raise
