"""The ``smtp`` adapter against a real SMTP server (aiosmtpd on 127.0.0.1): plain,
STARTTLS with a self-signed certificate, SMTPS, and AUTH; the errors it maps to (and
that the password never shows in them)."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path
from urllib.parse import quote

import pytest

from scout.config.settings import SmtpSettings
from scout.adapters.smtp import NOT_SENT_REPLAY, SmtpAdapter, parse_smtp_url
from scout.errors import AuthError, ConfigError, Rejected, Unavailable
from scout.adapters.contract import EmailRequest
from tests.email.smtpd import smtp_server
from tests.ports import closed_port

PASSWORD = "pa:ss/wörd-9f3c1e"


def adapter(url: str, *, ca_file: str | None = None, **extra) -> SmtpAdapter:
    settings = SmtpSettings(type="smtp", timeout="5s", ca_file=ca_file, **extra)
    a = SmtpAdapter("smtp", settings)
    a.env = {"SCOUTE_SMTP_URL": url}
    return a


def message(tmp: Path, to: str = "ana@example.org", cc: str | None = None) -> EmailRequest:
    msg = EmailMessage()
    msg["Subject"] = "scout: hotels in Sevilla"
    msg["To"] = to
    if cc:
        msg["Cc"] = cc
    msg["Message-ID"] = "<k1@scout>"
    msg.set_content("# Hotels\n\n1. Casa")
    msg.add_alternative("<h1>Hotels</h1>", subtype="html")
    msg.add_attachment(b"# Hotels\n", maintype="text", subtype="markdown",
                       filename="report.md")
    path = tmp / "m.eml"
    path.write_bytes(bytes(msg))
    domains = sorted({a.split("@")[1] for a in [to] + ([cc] if cc else [])})
    return EmailRequest(message=str(path), key="k1", recipient_domains=domains)


@pytest.mark.parametrize("tls", [None, "starttls", "ssl"])
def test_delivers_with_each_tls_mode_and_auth(tmp_path: Path, tls: str | None) -> None:
    with smtp_server(tmp_path, tls=tls, auth=("ana", PASSWORD)) as srv:
        a = adapter(srv.url("ana", PASSWORD), ca_file=srv.ca_file, **{"from": "lab@example.org"})
        reply = a.call(message(tmp_path, cc="luis@example.com"))
    assert reply.value.status == "sent"
    assert reply.value.recipient_domains == ["example.com", "example.org"]
    assert reply.value.recipients == 2
    [got] = srv.messages
    assert got.mail_from == "lab@example.org"
    assert sorted(got.rcpt_tos) == ["ana@example.org", "luis@example.com"]
    assert got.message["Subject"] == "scout: hotels in Sevilla"
    assert got.message["From"] == "lab@example.org"
    assert srv.auth_attempts  # it logged in
    parts = [p.get_content_type() for p in got.message.walk()]
    assert "text/html" in parts and "text/markdown" in parts


def test_starttls_verifies_the_certificate(tmp_path: Path) -> None:
    with smtp_server(tmp_path, tls="starttls") as srv:
        with pytest.raises(Rejected, match="TLS"):
            adapter(srv.url()).call(message(tmp_path))  # the system CAs do not know it
    assert srv.messages == []


def test_a_wrong_password_is_an_auth_error_without_the_password(tmp_path: Path) -> None:
    with smtp_server(tmp_path, auth=("ana", "right-password")) as srv:
        with pytest.raises(AuthError) as err:
            adapter(srv.url("ana", PASSWORD)).call(message(tmp_path))
    assert not AuthError.retryable
    text = str(err.value) + repr(err.value) + str(err.value.hint)
    assert PASSWORD not in text and "ana" in text
    assert srv.messages == []


def test_an_unreachable_server_is_unavailable_and_retryable(tmp_path: Path) -> None:
    with closed_port() as port, pytest.raises(Unavailable, match="cannot reach") as err:
        adapter(f"smtp://127.0.0.1:{port}").call(message(tmp_path))
    assert err.value.retryable


def test_a_refused_recipient_is_rejected(tmp_path: Path) -> None:
    with smtp_server(tmp_path) as srv:
        srv.refuse.add("ana@example.org")
        with pytest.raises(Rejected, match="refused every recipient.*example.org"):
            adapter(srv.url()).call(message(tmp_path))


def test_under_replay_without_send_nothing_is_sent(tmp_path: Path) -> None:
    with smtp_server(tmp_path) as srv:
        a = adapter(srv.url())
        a.offline, a.send_allowed = True, False
        reply = a.call(message(tmp_path))
        assert reply.value.status == "not_sent" and reply.value.reason == NOT_SENT_REPLAY
        a.send_allowed = True  # --replay --send
        assert a.call(message(tmp_path)).value.status == "sent"
    assert len(srv.messages) == 1


@pytest.mark.parametrize("url", ["http://host", "smtp://", "smtp://h:99999", "mail.example.org"])
def test_bad_urls_are_config_errors_that_do_not_echo_the_value(url: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_smtp_url(url + "#" + PASSWORD)
    assert err.value.code == "CFG030" and PASSWORD not in str(err.value)


@pytest.mark.parametrize("user", ["lab%40example.org%0d%0aRCPT%20TO%3a%3cevil%40x.test%3e",
                                  "lab%0aBcc%3a%20evil%40x.test", "lab%00"])
def test_a_url_user_with_a_line_break_is_refused_before_anything_is_sent(
        tmp_path: Path, user: str) -> None:
    """The URL's user is the default sender (MAIL FROM and the From: header): a line
    break in it is a configuration error, not a ValueError from smtplib mid-send."""
    with smtp_server(tmp_path) as srv:
        a = adapter(srv.url().replace("smtp://", f"smtp://{user}:{quote(PASSWORD, safe='')}@"))
        with pytest.raises(ConfigError) as err:
            a.call(message(tmp_path))
    assert err.value.code == "CFG030" and PASSWORD not in str(err.value)
    assert "line break" in err.value.message and srv.messages == []


@pytest.mark.parametrize("sender", ["lab@example.org\r\nBcc: evil@x.test",
                                    "lab@example.org\nRCPT TO:<evil@x.test>", "lab\x00@x.org"])
def test_a_from_address_on_more_than_one_line_is_a_settings_error(sender: str) -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="one address on one line"):
        SmtpSettings(type="smtp", **{"from": sender})
    assert SmtpSettings(type="smtp", **{"from": "Laboratório <lab@example.org>"}).sender


def test_url_forms() -> None:
    t = parse_smtp_url("smtps://a%40b.org:p%3Aw@mail.example.org")
    assert (t.host, t.port, t.tls, t.user) == ("mail.example.org", 465, "ssl", "a@b.org")
    assert t.password is not None and t.password.reveal() == "p:w" and "p:w" not in repr(t)
    assert parse_smtp_url("smtp://h?starttls=true").port == 587
    assert parse_smtp_url("smtp://h").tls == "none"


def test_doctor_checks_the_smtp_login(tmp_path: Path) -> None:
    from scout.providers.doctor import doctor
    from tests.integration.helpers import write_config

    write_config(tmp_path)
    cfg = str(tmp_path / "config" / "adapters.yaml")
    with smtp_server(tmp_path, auth=("ana", "right-password")) as srv:
        good = [c for c in doctor(cfg, tmp_path, {"SCOUTE_SMTP_URL": srv.url("ana", "right-password")})
                if c.name.startswith("adapter smtp")]
        bad = [c for c in doctor(cfg, tmp_path, {"SCOUTE_SMTP_URL": srv.url("ana", PASSWORD)})
               if c.name.startswith("adapter smtp")]
    assert srv.messages == []  # a check sends nothing
    assert good[0].status == "ok" and "logged in as ana" in good[0].detail
    assert bad[0].status == "fail" and "refused the login" in bad[0].detail
    assert PASSWORD not in bad[0].detail + (bad[0].hint or "")
    unset = [c for c in doctor(cfg, tmp_path, {}) if c.name.startswith("adapter smtp")]
    assert unset[0].status == "warn" and "SCOUTE_SMTP_URL" in unset[0].detail
