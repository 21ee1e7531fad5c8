"""What a batch sets up per mission and what it shares between them: the executor a job's
phases run on, the executor settings a batch passes on, and the per-process memo of
valid pipelines (reused while unchanged, validated again after any edit, never holding
a mission's own state)."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from scout import api
from scout.batch.service import _executor_settings, batch_apply
from scout.dist.jobs import MissionJob, run_mission_job
from scout.errors import SpecInvalid
from scout.orchestrator.executor import EXECUTORS, LocalExecutor
from scout.validate import memo
from tests.dist.cluster import config, pipeline

BODY = """
inputs:
  city: {type: string}
phases:
  L: {uses: STEPS:items, with: {n: 3}, produces: [things]}
  P: {uses: STEPS:square, needs: [things], for_each: things, as: item, produces: [sq]}
"""


@pytest.fixture(autouse=True)
def _fresh_memo() -> Any:
    memo.clear()
    yield
    memo.clear()


def _job(root: Path, p: Path, mid: str, city: str) -> MissionJob:
    return MissionJob(str(p), mission_id=mid, query=f"research {city}", inputs={"city": city},
                      runs_dir=str(root / "runs"), root=str(root),
                      config=str(root / "config" / "adapters.yaml"))


def test_a_job_runs_its_phases_on_its_own_threads(tmp_path: Path) -> None:
    """The config names a Dask scheduler nobody runs: a mission of a batch still runs
    (its fan-out on threads of the process running the job), where a plain apply, which
    uses the config's executor, cannot reach it."""
    config(tmp_path, '{kind: dask, address: "tcp://127.0.0.1:9", '
                     'settings: {connect_timeout: 1}}')
    p = pipeline(tmp_path, BODY)
    res = run_mission_job(_job(tmp_path, p, "m-lima", "lima"))
    assert res.status == "succeeded", res.error
    state = api.status("m-lima", runs_dir=tmp_path / "runs")
    assert state.phases["P"].status == "succeeded"
    with pytest.raises(Exception) as err:  # the config's executor: the scheduler is away
        api.apply(p, query="research quito", sets={"city": "quito"}, mission_id="m-quito",
                  runs_dir=tmp_path / "runs", root=tmp_path,
                  config=tmp_path / "config" / "adapters.yaml")
    assert getattr(err.value, "code", None) in ("CFG050", "CFG052")


def test_the_batch_executor_gets_the_config_executor_options(tmp_path: Path) -> None:
    config(tmp_path, '{kind: capture, address: "local:3", threads_per_worker: 5, '
                     'settings: {note: x}}')
    p = pipeline(tmp_path, BODY)
    q = tmp_path / "q.csv"
    q.write_text("query,mission_id,city\nresearch lima,m-lima,lima\n")
    seen: list[tuple[int, dict[str, Any]]] = []

    def capture(n: int, settings: dict[str, Any]) -> LocalExecutor:
        seen.append((n, settings))
        return LocalExecutor(n)

    EXECUTORS["capture"] = capture
    try:
        out = batch_apply(p, queries=q, runs_dir=tmp_path / "runs", root=tmp_path,
                          config=tmp_path / "config" / "adapters.yaml", parallel=3)
    finally:
        EXECUTORS.pop("capture", None)
    assert out.record.totals()["done"] == 1
    assert seen == [(3, {"note": "x", "address": "local:3", "threads_per_worker": 5})]


def test_a_local_cluster_for_a_batch_gets_threads_for_parallel_missions() -> None:
    assert _executor_settings("dask", 32, {"address": "local:2"})["threads_per_worker"] == 16
    assert _executor_settings("dask", 5, {})["threads_per_worker"] == 3  # local:2 default
    # set by the config: kept; a remote cluster's workers have their own threads
    assert _executor_settings("dask", 32, {"address": "local:2", "threads_per_worker": 1}
                              )["threads_per_worker"] == 1
    assert "threads_per_worker" not in _executor_settings("dask", 32,
                                                          {"address": "tcp://h:8786"})
    assert _executor_settings("local", 8, {"x": 1}) == {"x": 1}


def _pipeline_with_report(root: Path) -> Path:
    (root / "templates").mkdir(exist_ok=True)
    (root / "templates" / "r.md.j2").write_text("# {{ task.query }}\n")
    return pipeline(root, BODY + "  R: {uses: report, needs: [sq], "
                    "with: {template: r.md.j2}, produces: [report]}\n")


def test_the_memo_reuses_a_pipeline_until_a_file_it_read_changes(tmp_path: Path) -> None:
    cfg = config(tmp_path, "{kind: local}")
    p = _pipeline_with_report(tmp_path)
    first = memo.load_valid_pipeline(p, config=cfg)
    assert memo.load_valid_pipeline(p, config=cfg)[0] is first[0]  # reused
    assert memo.cached(p, config=cfg) is not None

    p.write_text(p.read_text().replace("n: 3", "n: 4"))  # the pipeline, same size
    second = memo.load_valid_pipeline(p, config=cfg)
    assert second[0] is not first[0]
    assert second[0].model.phases["L"].with_["n"] == 4

    cfg.write_text(cfg.read_text().replace("max_workers: 4", "max_workers: 3"))
    third = memo.load_valid_pipeline(p, config=cfg)
    assert third[1] is not second[1] and third[1].max_workers == 3

    # a template the report reads: now it names an artifact nobody makes
    tmpl = tmp_path / "templates" / "r.md.j2"
    tmpl.write_text("# {{ task.query }} {{ nothing_makes_this.x }}\n")
    os.utime(tmpl, ns=(1, 1))  # whatever the clock's resolution: the stamp differs
    assert memo.cached(p, config=cfg) is None
    with pytest.raises(SpecInvalid):
        memo.load_valid_pipeline(p, config=cfg)
    with pytest.raises(SpecInvalid):  # an invalid result is never kept
        memo.load_valid_pipeline(p, config=cfg)

    tmpl.write_text("# {{ task.query }}\n")
    kept = memo.load_valid_pipeline(p, config=cfg)
    api.register_phase_handler("memo-test-kind", lambda ctx: None)  # the registry changed
    try:
        assert memo.cached(p, config=cfg) is None
        assert memo.load_valid_pipeline(p, config=cfg)[0] is not kept[0]
    finally:
        from scout.stepkit.registry import STEP_KINDS

        STEP_KINDS.pop("memo-test-kind", None)


def test_prepare_sees_an_edit_between_two_missions(tmp_path: Path) -> None:
    cfg = config(tmp_path, "{kind: local}")
    p = pipeline(tmp_path, BODY)
    a = api.prepare(p, query="q", sets={"city": "lima"}, config=cfg, root=tmp_path)
    p.write_text(p.read_text().replace("city: {type: string}",
                                       "city: {type: string}\n  size: {type: integer}"))
    b = api.prepare(p, query="q", sets={"city": "lima", "size": "2"}, config=cfg,
                    root=tmp_path)
    assert "size" not in a[0].inputs and "size" in b[0].inputs
    p.write_text("apiVersion: scout/v1\nkind: Pipeline\nname: broken\nphases: {}\nbad: 1\n")
    with pytest.raises(SpecInvalid):
        api.prepare(p, query="q", config=cfg, root=tmp_path)


def test_missions_sharing_the_memo_keep_their_own_state(tmp_path: Path) -> None:
    """Many missions of one pipeline on threads of one process (as on a Dask worker):
    each has its own request, run dir and results; the shared pipeline is unchanged."""
    cfg = config(tmp_path, "{kind: local}")
    p = pipeline(tmp_path, BODY)
    cities = [f"city{i}" for i in range(8)]
    results: dict[str, Any] = {}

    def run(city: str) -> None:
        results[city] = run_mission_job(_job(tmp_path, p, f"m-{city}", city))

    threads = [threading.Thread(target=run, args=(c,)) for c in cities]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert all(r.status == "succeeded" for r in results.values()), \
        {c: r.error for c, r in results.items()}
    for city in cities:
        task = json.loads((tmp_path / "runs" / f"m-{city}" / "task.json").read_text())
        assert task["mission_id"] == f"m-{city}" and task["inputs"] == {"city": city}
        assert task["query"] == f"research {city}"
        arts = api.get_mission_artifacts(f"m-{city}", runs_dir=tmp_path / "runs")
        assert len(arts["sq"]) == 3
    shared = memo.cached(p, config=cfg)
    assert shared is not None
    from scout.validate import load_valid_pipeline

    fresh = load_valid_pipeline(p, config=cfg)  # not the memo: validated again
    assert shared[0].model is not fresh[0].model
    assert shared[0].model.model_dump() == fresh[0].model.model_dump()
    assert shared[1] == fresh[1]


def test_a_queries_file_that_is_a_fifo_is_named_as_one_and_not_opened(tmp_path: Path) -> None:
    """`--queries` of a named pipe said "no such file" (it is there); it is never opened,
    which would wait for a writer forever."""
    from scout.batch.inputs import read_rows
    from scout.errors import UsageError

    fifo = tmp_path / "q.csv"
    os.mkfifo(fifo)
    with pytest.raises(UsageError) as info:
        read_rows(fifo)
    assert info.value.code == "USE080"
    assert "is a named pipe (FIFO), not a file of queries" in info.value.message
    with pytest.raises(UsageError, match="no such file"):
        read_rows(tmp_path / "missing.csv")


def test_a_queries_file_too_large_is_refused_before_it_is_read(tmp_path: Path,
                                                               monkeypatch) -> None:
    from scout.batch import inputs
    from scout.errors import UsageError

    big = tmp_path / "q.csv"
    big.write_text("query\n" + "hotels in Rome\n" * 100)
    monkeypatch.setattr(inputs, "MAX_BYTES", 1000)
    monkeypatch.setattr(Path, "read_text", lambda *a, **k: pytest.fail("read whole"))
    with pytest.raises(UsageError) as info:
        inputs.read_rows(big)
    assert info.value.code == "USE080" and "split the list" in (info.value.hint or "")


def test_a_queries_list_of_aliases_of_aliases_is_refused_before_it_is_built(
        tmp_path: Path) -> None:
    """A YAML query list of a few hundred bytes whose aliases expand to 387 million
    entries: PyYAML builds it by reference, then the row's query became text (``str``)
    and the batch ran for minutes into gigabytes. Refused with its line, at once."""
    import time

    from scout.batch.inputs import read_rows

    levels = ['  a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi"):
        levels.append(f"  {name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    bomb = tmp_path / "q.yaml"
    bomb.write_text("- hotels in Rome\n- anchors:\n" + "\n".join(levels) + "\n- {query: *i}\n")
    start = time.monotonic()
    with pytest.raises(SpecInvalid) as info:
        read_rows(bomb)
    assert time.monotonic() - start < 10
    (problem,) = info.value.problems
    assert "expands to more than 1,000,000 entries" in problem.message
    assert problem.location.line == 2  # the row whose anchors expand past the bound
    # a list that reuses an anchor a little is read as it always was
    fine = tmp_path / "ok.yaml"
    fine.write_text("- {query: a, inputs: &i {budget: 150 EUR}}\n- {query: b, inputs: *i}\n")
    assert [row["inputs"] for _, row in read_rows(fine)[0]] == [{"budget": "150 EUR"}] * 2


def test_a_queries_list_nested_past_the_yaml_reader_is_a_usage_error(tmp_path: Path) -> None:
    # PyYAML's composer recurses: a row's inputs thousands of brackets deep raised
    # RecursionError out of `scout batch apply` (an internal error)
    from scout.batch.inputs import read_rows

    deep = tmp_path / "q.yaml"
    deep.write_text("- {query: hotels, inputs: {destination: " + "[" * 5000 + "]" * 5000 + "}}\n")
    with pytest.raises(SpecInvalid) as info:
        read_rows(deep)
    (problem,) = info.value.problems
    assert problem.code == "USE081" and "nested deeper than the reader goes" in problem.message


def test_hundreds_of_duplicate_rows_print_a_bounded_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """300 rows of one request are 299 duplicates (USE082): the text error shows the
    first problems and the count (5,000 printed 20,000 lines, 1 MB); --format json has
    every one."""
    from scout.cli import main
    from scout.cli.render import MAX_SHOWN

    rows = tmp_path / "q.yaml"
    rows.write_text("- {query: hotels, inputs: {city: Rome}}\n" * 300)
    args = ["batch", "apply", str(pipeline(tmp_path, BODY)), "--queries", str(rows),
            "--config", str(config(tmp_path, "{kind: local}")),
            "--runs-dir", str(tmp_path / "runs")]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("error USE082") == MAX_SHOWN and len(err) < 30_000
    assert f"and {299 - MAX_SHOWN} more" in err and "299 problem(s)" in err
    assert main([*args, "--format", "json"]) == 2
    body = json.loads(capsys.readouterr().out)
    assert len(body["error"]["problems"]) == 299


def test_a_queries_row_is_read_as_apply_reads_its_request(tmp_path: Path) -> None:
    """A row of only invisible marks is no request (not a mission that fails later), and
    a row with a colour code, a bidi override or a NUL names the mission ``scout apply``
    names for the same text: the same request twice is a duplicate (USE082), never a
    second mission whose id says '31m'."""
    from scout.batch.inputs import missions_from_queries

    p = pipeline(tmp_path, BODY)
    cfg = str(config(tmp_path, "{kind: local}"))
    rows = tmp_path / "q.csv"
    rows.write_bytes("query,city\n\u200b\u202e ,\nhotels\x1b[31m in Rome,Rome\n"
                     "hotels in Rome,Rome\nhotels in \u202eRome\x00,Rome\n"
                     "\ufeffhotels in \u200bPorto,Porto\n".encode())
    with pytest.raises(SpecInvalid) as info:
        missions_from_queries(p, rows, runs_dir=None, config=cfg, root=tmp_path)
    assert [(pr.code, pr.location.line) for pr in info.value.problems] == [
        ("USE081", 2), ("USE082", 4)]
    rows.write_bytes(b"query,city\nhotels\x1b[31m in \xe2\x80\xaeRome\x00,Rome\n")
    (entry,) = missions_from_queries(p, rows, runs_dir=None, config=cfg, root=tmp_path)
    _, _, request = api.prepare(p, query="hotels\x1b[31m in \u202eRome\x00",
                                sets={"city": "Rome"}, config=cfg, root=tmp_path)
    assert entry.mission_id == request.mission_id and "31m" not in entry.mission_id
    assert entry.job.query == request.query


def test_tsv_and_json_lines_query_lists(tmp_path: Path) -> None:
    """A .tsv is split at tabs (read as commas, its header was one column and a query
    with a comma two cells); a .jsonl has one item per line, and each line that is no
    item (broken JSON, nesting past the parser, a lone surrogate, a list) is named by
    its line, with the others."""
    from scout.batch.inputs import missions_from_queries

    p = pipeline(tmp_path, BODY)
    cfg = str(config(tmp_path, "{kind: local}"))
    tsv = tmp_path / "q.tsv"
    tsv.write_text("query\tcity\nhotels in Rome, near the Pantheon\tRome\n", encoding="utf-8")
    (entry,) = missions_from_queries(p, tsv, runs_dir=None, config=cfg, root=tmp_path)
    assert entry.job.query == "hotels in Rome, near the Pantheon"
    assert entry.job.inputs == {"city": "Rome"}
    rows = tmp_path / "q.jsonl"
    rows.write_text('{"query": "hotels in Rome", "inputs": {"city": "Rome"}}\n\n'
                    '"hotels in Porto"\n{"query": "broken\n' + "[" * 100_000 + "\n"
                    '{"query": "a \\ud800 b"}\n[1, 2]\n{"query": NaN, "inputs": {"city": "X"}}\n',
                    encoding="utf-8")
    with pytest.raises(SpecInvalid) as info:
        missions_from_queries(p, rows, runs_dir=None, config=cfg, root=tmp_path)
    assert [(pr.code, pr.location.line) for pr in info.value.problems] == [
        ("USE081", n) for n in (4, 5, 6, 7)]
    rows.write_text('{"query": "hotels in Rome", "inputs": {"city": "Rome"}}\n'
                    '"hotels in Porto"\n', encoding="utf-8")
    entries = missions_from_queries(p, rows, runs_dir=None, config=cfg, root=tmp_path)
    assert [e.source for e in entries] == [f"{rows}:1", f"{rows}:2"]


def test_a_query_list_in_another_encoding_is_read_or_located(tmp_path: Path) -> None:
    """Excel's "Unicode text" export (UTF-16 with its BOM, tab-separated) is read; a
    cp1252 file is refused naming the line of the first byte that is not UTF-8."""
    from scout.batch.inputs import read_rows

    tsv = tmp_path / "q.tsv"
    tsv.write_bytes("query\tcity\r\nhoteles en A Coruña\tCoruña\r\n".encode("utf-16"))
    assert read_rows(tsv) == ([(2, {"query": "hoteles en A Coruña",
                                     "inputs": {"city": "Coruña"}})], [])
    csv_file = tmp_path / "q.csv"
    csv_file.write_bytes("query\nhotels in Rome\nhoteles en A Coruña\n".encode("cp1252"))
    with pytest.raises(SpecInvalid) as info:
        read_rows(csv_file)
    (problem,) = info.value.problems
    assert problem.location.line == 3 and "not UTF-8" in problem.message


def test_an_unknown_executor_on_the_command_line_is_a_usage_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`batch apply --executor lokal`: the command line is wrong, not the config (exit 2,
    USE001), with the registered kind it is closest to, a plugin's included."""
    from scout.cli import main

    cfg = config(tmp_path, "{kind: local}")
    p = pipeline(tmp_path, BODY)
    q = tmp_path / "q.csv"
    q.write_text("query,mission_id,city\nresearch lima,m-lima,lima\n")
    args = ["batch", "apply", str(p), "--queries", str(q), "--config", str(cfg),
            "--runs-dir", str(tmp_path / "runs"), "--progress", "none", "--executor"]
    EXECUTORS["plumbing"] = lambda n, _settings: LocalExecutor(n)
    try:
        for kind, near in (("lokal", "local"), ("plumbin", "plumbing")):
            rc = main(args + [kind])
            err = capsys.readouterr().err
            assert rc == 2, err
            assert "USE001" in err and f"--executor {kind}" in err and near in err, err
    finally:
        EXECUTORS.pop("plumbing", None)
    assert not (tmp_path / "runs" / "m-lima").exists()  # refused before any mission ran
