"""Request journal: fields, redaction, rotation, torn lines, threads and processes."""

from __future__ import annotations

import json
import multiprocessing as mp
import threading
from pathlib import Path

from scout.adapters.contract import EvidenceItem, SearchRequest, SynthesisRequest
from scout.providers.journal import FIELDS, Journal, journal_files, read_journal
from scout.adapters.contract.redact import keywords, redact_request, scrub_text
from tests.providers.fakes import ScriptedAdapter, make_config, settings


def test_a_line_has_the_design_fields_in_order(tmp_path: Path, make_runtime) -> None:
    cfg = make_config({"a": settings(cache_ttl="0s", tariff={"per_request": 0.005},
                                     credentials={"env": "A_KEY"})}, {"web": ["a"]})
    rt = make_runtime(cfg, {"a": ScriptedAdapter("a", cfg.adapters["a"])},
                      env={"A_KEY": "a-key-value-123"})
    rt.gateway("F1", "web").call(SearchRequest(query="hotels", limit=3))
    raw = (tmp_path / "runtime" / "request_journal.jsonl").read_text()
    sent, line = map(json.loads, raw.splitlines())  # a paid call: 'sent', then the answer
    assert tuple(sent) == FIELDS and sent["result"] == "sent"
    assert sent["response_summary"]["call"] == line["response_summary"]["call"]
    assert tuple(line) == FIELDS
    assert line["ts"].endswith("Z") and line["mission_id"] == "m-1"
    assert (line["phase"], line["adapter"], line["action"]) == ("F1", "a", "search")
    assert line["token_name"] == "A_KEY" and "a-key-value-123" not in raw
    assert line["request"] == {"type": "SearchRequest", "query": "hotels", "limit": 3,
                               "options": {}}
    summary = line["response_summary"]
    assert summary["status"] == 200 and summary["items"] == 2 and "duration_ms" in summary
    assert line["result"] == "ok" and line["error"] is None
    assert line["cost"] == {"usd": 0.005, "basis": "tariff:request"}
    assert line["chain"] == {"name": "web", "position": 0, "answered_by": "a"}


def test_free_text_is_keywords_only_and_emails_phones_are_scrubbed() -> None:
    req = SynthesisRequest(
        question="Which hotel is quiet? Ask maria.lopez@example.com or call +34 612 345 678",
        task={"destination": "Barcelona", "notes": "my phone is (555) 123-4567"},
        evidence=[EvidenceItem(url="https://h.example/x", text="Rooms were quiet and clean")])
    doc = redact_request(req)
    text = json.dumps(doc)
    assert "maria" not in text and "612 345" not in text and "555" not in text
    assert doc["question"] == {"keywords": ["hotel", "quiet", "ask", "call"]}
    assert "barcelona" in doc["task"]["keywords"]
    assert {"rooms", "quiet", "clean"} <= set(doc["evidence"]["keywords"])
    assert "Rooms were quiet" not in text
    assert scrub_text("mail a.b@c.org, tel 93 301 23 45, date 2026-09-01") == \
        "mail [email], tel [phone], date 2026-09-01"
    # non-free-text fields keep their text but still lose emails
    s = redact_request(SearchRequest(query="contact info@hotel.es Barcelona"))
    assert s["query"] == "contact [email] Barcelona"
    assert keywords("The the AND and quiet") == ["quiet"]


def test_rotation_renames_with_a_timestamp_and_the_reader_reads_in_order(tmp_path: Path) -> None:
    j = Journal(tmp_path, max_bytes=2000)
    for i in range(100):
        j.append({"i": i, "pad": "x" * 50})
    j.close()
    files = journal_files(tmp_path)
    assert len(files) > 3 and files[-1].name == "request_journal.jsonl"
    assert all(f.stat().st_size <= 2000 for f in files)
    assert all(f.name.startswith("request_journal.2") for f in files[:-1])
    read = read_journal(tmp_path)
    assert [e["i"] for e in read.entries] == list(range(100)) and not read.torn


def test_a_torn_last_line_is_reported_and_never_glued_to(tmp_path: Path) -> None:
    j = Journal(tmp_path)
    j.append({"i": 1})
    j.close()
    with open(tmp_path / "request_journal.jsonl", "ab") as fh:
        fh.write(b'{"i": 2, "half')  # a crash mid-line
    read = read_journal(tmp_path)
    assert [e["i"] for e in read.entries] == [1]
    assert len(read.torn) == 1 and read.torn[0].line == 2
    j2 = Journal(tmp_path)
    j2.append({"i": 3})
    j2.close()
    read = read_journal(tmp_path)
    assert [e["i"] for e in read.entries] == [1, 3] and len(read.torn) == 1


def test_threads_never_interleave(tmp_path: Path) -> None:
    j = Journal(tmp_path, max_bytes=50_000)

    def work(t: int) -> None:
        for i in range(500):
            j.append({"t": t, "i": i, "pad": "y" * (i % 97)})

    threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    j.close()
    read = read_journal(tmp_path)
    assert not read.torn and len(read.entries) == 4000
    assert len({(e["t"], e["i"]) for e in read.entries}) == 4000
    for t in range(8):  # each writer's own lines stay in order
        mine = [e["i"] for e in read.entries if e["t"] == t]
        assert mine == list(range(500))


def _writer(root: str, proc: int, n: int, max_bytes: int) -> None:
    j = Journal(root, max_bytes=max_bytes)
    for i in range(n):
        j.append({"p": proc, "i": i, "pad": "z" * (17 + (i * 7) % 120)})
    j.close()


def test_four_processes_2000_appends_each_with_small_rotation(tmp_path: Path) -> None:
    ctx = mp.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(str(tmp_path), p, 2000, 64_000))
             for p in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    files = journal_files(tmp_path)
    assert len(files) > 10  # rotation really happened, many times
    total = 0
    for f in files:
        data = f.read_bytes()
        assert data.endswith(b"\n")
        for line in data.splitlines():
            json.loads(line)  # every line parses: none interleaved or torn
            total += 1
    read = read_journal(tmp_path)
    assert total == 8000 and len(read.entries) == 8000 and not read.torn
    seen = {(e["p"], e["i"]) for e in read.entries}
    assert seen == {(p, i) for p in range(4) for i in range(2000)}  # none lost
    for p in range(4):  # and in order per process, across rotated files
        assert [e["i"] for e in read.entries if e["p"] == p] == list(range(2000))


def test_a_huge_error_message_is_cut_after_its_secrets_are_scrubbed(tmp_path: Path) -> None:
    """An adapter's bug on a hostile answer (a KeyError of a 10 MB key) wrote megabytes
    into its journal line; the cut comes after the scrub, so a key near the cut is still
    recognised, and the line stays a few kB."""
    from scout.adapters.contract.redact import SecretScrubber
    from scout.providers.cost import FREE
    from scout.providers.ledger import ERROR_WIDTH, Ledger

    key = "tvly-LEDGER-CUT-SENTINEL-9f3e2a"
    secrets = SecretScrubber()
    secrets.add_value("TAVILY_API_KEY", key)
    ledger = Ledger(Journal(tmp_path), secrets, "m1", lambda: 0.0)
    half = ERROR_WIDTH // 2 - 10  # the key (30 characters) straddles the middle cut
    message = "x" * half + key + "y" * 5_000_000 + key
    line = ledger.entry(phase="F1", adapter="tavily", action="search", token_name=None,
                        request=None, response_summary={}, result="error",
                        error={"kind": "KeyError", "code": None, "message": message},
                        cost=FREE, chain={})
    said = line["error"]["message"]
    assert len(said) <= ERROR_WIDTH and "tvly-" not in said  # not even its first half
    assert said.startswith("x" * half + "[secret:")
    assert line["error"]["kind"] == "KeyError"
