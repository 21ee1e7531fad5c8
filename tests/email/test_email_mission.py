"""The hotel mission e-mails its report (``uses: email``) to a real SMTP server on
127.0.0.1 — once per report and recipients: re-applying, rerunning the phase, or
replaying a recording sends nothing more; a changed report sends a new one; a wrong
password fails at once, without the password anywhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser

from scout.report.mailbody import inert_body
from tests.e2e.harness import run_cli
from tests.e2e.world import QUERY, ROOT, World
from tests.email.smtpd import smtp_server
from tests.integration.helpers import find_leaks

PIPELINE = str(ROOT / "pipelines/hotel_research.yaml")
USER, PASSWORD = "lab@example.org", "smtp-pass-6d1f0a9c"


def apply(*extra: str, mission: str = "mail") -> int:
    return run_cli(["apply", PIPELINE, "--query", QUERY, "--mission-id", mission,
                    "--progress", "none", *extra])


def delivery(world: World, mission: str = "mail") -> dict:
    doc = json.loads((world.run_dir(mission) / "artifacts" / "delivery.json").read_text())
    return doc["data"]


def test_the_report_is_sent_once_per_report(world: World, tmp_path: Path,  # noqa: F811
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    with smtp_server(tmp_path, auth=(USER, PASSWORD)) as srv:
        monkeypatch.setenv("SCOUTE_SMTP_URL", srv.url(USER, PASSWORD))
        assert apply("--set", "notify_email=ana@example.org") == 0
        assert len(srv.messages) == 1
        got = srv.messages[0]
        run = world.run_dir("mail")
        assert got.rcpt_tos == ["ana@example.org"]
        assert got.mail_from == USER
        assert got.message["Subject"] == "scout: hotels in Barcelona, September 2026"
        html = got.message.get_body(("html",)).get_content().replace("\r\n", "\n")
        page = (run / "report.html").read_text()
        # the wire has CRLF line ends, and ends its part with one
        assert html.rstrip("\n") == inert_body(page).rstrip("\n")
        # the built-in report runs and loads nothing: a reader of the mail sees all of it
        assert LexborHTMLParser(html).body.text().strip() == \
            LexborHTMLParser(page).body.text().strip()
        [md] = [p for p in got.message.iter_attachments() if p.get_filename() == "report.md"]
        assert md.get_content().replace("\r\n", "\n") == (run / "report.md").read_text()
        d = delivery(world)
        assert d["status"] == "sent" and d["recipient_domains"] == ["example.org"]
        assert d["attachments"] == ["report.md"]  # no PDF: the report phase made none

        # re-applying the unchanged mission reuses the phase: nothing is sent
        assert apply("--set", "notify_email=ana@example.org") == 0
        # rerunning the phase itself (as a resume after a crash does) finds the ledger
        assert apply("--set", "notify_email=ana@example.org", "--force", "E7") == 0
        assert len(srv.messages) == 1
        assert "already sent" in delivery(world)["reason"]

        # a changed report is a new delivery
        template = world.root / "templates" / "hotel_report.md.j2"
        template.write_text(template.read_text() + "\nPrices checked again.\n")
        assert apply("--set", "notify_email=ana@example.org") == 0
        assert len(srv.messages) == 2
        assert "Prices checked again." in srv.messages[1].message.get_body(
            ("plain",)).get_content()
    journal = [e for e in world.journal() if e["adapter"] == "smtp"]
    assert [e["result"] for e in journal] == ["ok", "ok"]
    text = json.dumps(journal)
    assert "ana@example.org" not in text and "example.org" in text


def test_a_cut_off_send_is_in_doubt_and_not_sent_again(world: World, tmp_path: Path,  # noqa: F811
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    with smtp_server(tmp_path) as srv:
        monkeypatch.setenv("SCOUTE_SMTP_URL", srv.url())
        assert apply("--set", "notify_email=ana@example.org") == 0
        ledger = world.run_dir("mail") / "deliveries.jsonl"
        rows = [json.loads(line) for line in ledger.read_text().splitlines()]
        assert [r["status"] for r in rows] == ["sending", "sent"]
        # a kill between the server's 250 and the ledger's "sent" line leaves this:
        ledger.write_text(json.dumps(rows[0]) + "\n")
        assert apply("--set", "notify_email=ana@example.org", "--force", "E7") == 0
        assert len(srv.messages) == 1
        d = delivery(world)
        assert d["status"] == "in_doubt" and "not sent again" in d["reason"]


def test_without_notify_email_the_phase_is_skipped(world: World, tmp_path: Path,  # noqa: F811
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    with smtp_server(tmp_path) as srv:
        monkeypatch.setenv("SCOUTE_SMTP_URL", srv.url())
        assert apply() == 0
    state = json.loads((world.run_dir("mail") / "phase.json").read_text())["state"]
    e7 = state["phases"]["E7"]
    assert e7["status"] == "skipped" and "notify_email" in e7["reason"]
    assert srv.messages == []


def test_an_invalid_address_fails_before_anything_is_sent(world: World, tmp_path: Path,  # noqa: F811
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    # refused with the request, before any phase runs (it was E7's failure, after every
    # paid phase before it: scout.api.askback.check_addresses)
    with smtp_server(tmp_path) as srv:
        monkeypatch.setenv("SCOUTE_SMTP_URL", srv.url())
        assert apply("--set", "notify_email=ana@@example") == 2
    assert srv.messages == []
    out = capsys.readouterr()
    assert "MAIL001" in out.err and "'ana@@example' is not an e-mail address" in out.err
    assert "phase E7" in out.err and "Traceback" not in out.err
    assert not (world.run_dir("mail") / "phase.json").exists()


def test_a_wrong_password_fails_without_retry_or_trace(world: World, tmp_path: Path,  # noqa: F811
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    wrong = "wrong-smtp-password-41be77"
    with smtp_server(tmp_path, auth=(USER, PASSWORD)) as srv:
        monkeypatch.setenv("SCOUTE_SMTP_URL", srv.url(USER, wrong))
        assert apply("--set", "notify_email=ana@example.org") == 1
        # one login (smtplib tries each AUTH mechanism the server offers once), no retry
        assert 1 <= len(srv.auth_attempts) <= 2
    assert srv.messages == []
    state = json.loads((world.run_dir("mail") / "phase.json").read_text())["state"]
    assert state["phases"]["E7"]["status"] == "failed_terminal"
    attempts = [e for e in world.journal() if e["adapter"] == "smtp"]
    assert len(attempts) == 1 and attempts[0]["error"]["kind"] == "auth_error"
    out = capsys.readouterr()
    assert find_leaks([wrong, srv.url(USER, wrong)],
                      [world.root / "runs", world.root / "runtime"],
                      stdout=out.out, stderr=out.err) == {}


def test_replay_sends_nothing_unless_send(world: World, tmp_path: Path,  # noqa: F811
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    cassette = tmp_path / "cassette"
    with smtp_server(tmp_path) as srv:
        monkeypatch.setenv("SCOUTE_SMTP_URL", srv.url())
        assert apply("--set", "notify_email=ana@example.org", "--record", str(cassette)) == 0
        assert len(srv.messages) == 1
        assert apply("--set", "notify_email=ana@example.org", "--replay", str(cassette),
                     mission="mail-replay") == 0
        assert len(srv.messages) == 1
        d = delivery(world, "mail-replay")
        assert d["status"] == "not_sent" and "--send" in d["reason"]
        assert apply("--set", "notify_email=ana@example.org", "--replay", str(cassette),
                     "--send", mission="mail-replay-send") == 0
        assert len(srv.messages) == 2
        assert delivery(world, "mail-replay-send")["status"] == "sent"


def test_without_an_smtp_server_only_the_email_phase_fails(world: World,  # noqa: F811
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    monkeypatch.delenv("SCOUTE_SMTP_URL", raising=False)
    assert apply(mission="no-mail") == 0  # a conditional phase does not fail preflight
    assert apply("--set", "notify_email=ana@example.org", mission="mail") == 1
    state = json.loads((world.run_dir("mail") / "phase.json").read_text())["state"]
    assert state["phases"]["F6"]["status"] == "succeeded"
    assert state["phases"]["E7"]["status"] == "failed_terminal"
    out = capsys.readouterr().out
    assert "SCOUTE_SMTP_URL not set" in out


def test_a_spanish_request_gets_a_spanish_subject(world: World, tmp_path: Path,  # noqa: F811
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The subject read "scout: hotels in Barcelona, September 2026" above a Spanish
    report: it is in the request's language, its month written the Spanish way."""
    spanish = ("hoteles en Barcelona para septiembre de 2026 por menos de 200 euros con "
               "buenas reseñas")
    with smtp_server(tmp_path, auth=(USER, PASSWORD)) as srv:
        monkeypatch.setenv("SCOUTE_SMTP_URL", srv.url(USER, PASSWORD))
        assert run_cli(["apply", PIPELINE, "--query", spanish, "--mission-id", "correo",
                        "--progress", "none", "--set", "notify_email=ana@example.org"]) == 0
        [got] = srv.messages
        assert got.message["Subject"] == "scout: hoteles en Barcelona, septiembre de 2026"
        [md] = [p for p in got.message.iter_attachments() if p.get_filename() == "report.md"]
        assert md.get_content().startswith("# Hoteles en Barcelona, septiembre de 2026")
