"""E-mail delivery over SMTP (the ``smtp`` adapter behind ``uses: email``).

The server comes from one URL in the environment (``SCOUTE_SMTP_URL`` by default)::

    smtp://user:pass@mail.example.org:587?starttls=true   # STARTTLS (submission port)
    smtps://user:pass@mail.example.org:465               # TLS from the first byte
    smtp://127.0.0.1:2525                                # plain, no login (a local relay)

User and password are percent-decoded; ``?starttls=true`` upgrades a plain connection
before AUTH. Certificates are verified against the system store, or ``ca_file`` from
the settings (a private server's CA). The standard library's ``smtplib`` does the
protocol.

Errors map into the ProviderError tree so the providers layer retries what may pass on
a second try and nothing else: an unreachable server, a dropped connection or a
temporary (4xx) answer is ``Unavailable`` (retried); a refused login is ``AuthError``
(never retried; ``scout doctor`` checks it); a refused sender or recipient, a TLS
failure or a permanent (5xx) answer is ``Rejected``. The password never reaches an
error message: server answers are scrubbed of it (and of its base64 forms, which AUTH
PLAIN/LOGIN send) before they are quoted.

``timeout`` bounds each read, and :func:`exchange_seconds` the whole exchange (a server
answering a byte per read just in time held a run forever): six timeouts for the
greeting, EHLO, STARTTLS, login and the commands around the message, plus a second per
64 KiB of the message. Past it the connection is shut down and the call is
``Unavailable`` ("did not finish … within Ns").
"""

from __future__ import annotations

import base64
import contextlib
import datetime as dt
import smtplib
import ssl
from dataclasses import dataclass
from email import policy
from email.parser import BytesParser
from email.utils import getaddresses
from pathlib import Path
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from scout.i18n import N_
from scout.config.settings import SmtpSettings
from scout.errors import AuthError, ConfigError, ProviderError, Rejected, Unavailable
from scout.adapters.contract import EmailAdapter, EmailRequest, Reply, Request, Secret
from scout.adapters.contract.sockdeadline import ExchangeDeadline
from scout.schemas.sources import EmailDelivery

NOT_SENT_REPLAY = ("--replay answers from a recording and sends no e-mail; add --send to "
                   "deliver this report for real")


@dataclass(frozen=True)
class SmtpTarget:
    """A parsed ``SCOUTE_SMTP_URL`` (its ``repr`` never shows the password)."""

    host: str
    port: int
    tls: str  # "ssl" | "starttls" | "none"
    user: str | None
    password: Secret | None

    def __repr__(self) -> str:
        return f"SmtpTarget({self.host}:{self.port}, tls={self.tls}, user={self.user!r})"


def parse_smtp_url(value: str, var: str = "SCOUTE_SMTP_URL") -> SmtpTarget:
    """``smtp[s]://[user[:pass]@]host[:port][?starttls=true]`` → :class:`SmtpTarget`;
    a ``ConfigError`` (CFG030) that never quotes the value otherwise."""
    parts = urlsplit(value.strip())
    hint = N_("e.g. export {var}='smtp://user:password@mail.example.org:587?starttls=true' "
              "or 'smtps://user:password@mail.example.org:465'").format(var=var)
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise ConfigError(f"{var} is not an smtp:// or smtps:// URL with a host", code="CFG030",
                          hint=hint)
    try:
        port = parts.port
    except ValueError:
        raise ConfigError(f"{var} has an invalid port", code="CFG030", hint=hint) from None
    query = {k.lower(): v[-1].lower() for k, v in parse_qs(parts.query).items()}
    starttls = query.get("starttls") in ("1", "true", "yes")
    tls = "ssl" if parts.scheme == "smtps" else ("starttls" if starttls else "none")
    user = unquote(parts.username) if parts.username else None
    if any(c < " " or c == "\x7f" for c in (user or "") + unquote(parts.password or "")):
        # the user is the default sender, written into MAIL FROM and the From: header
        raise ConfigError(f"{var} has a line break or control character in its user or "
                          "password", code="CFG030", hint=hint)
    password = Secret(var, unquote(parts.password)) if parts.password else None
    return SmtpTarget(parts.hostname, port or (465 if tls == "ssl" else 587 if starttls else 25),
                      tls, user, password)


def _scrub(text: str, password: Secret | None) -> str:
    if password is None:
        return text
    value = password.reveal()
    if len(value) < 4:
        return text
    forms = {value, base64.b64encode(value.encode()).decode()}
    for form in forms:
        text = text.replace(form, f"[secret:{password.name}]")
    return text


def _answer(exc: smtplib.SMTPResponseException) -> str:
    msg = exc.smtp_error
    text = msg.decode("utf-8", "replace") if isinstance(msg, bytes) else str(msg)
    return f"{exc.smtp_code} {' '.join(text.split())}"[:300]


#: bytes of a message allowed per second of the exchange's deadline (a slow uplink)
SEND_BYTES_PER_SECOND = 64 * 1024


def exchange_seconds(timeout: float, message_bytes: int = 0) -> float:
    """The longest a whole SMTP exchange may take: six per-read timeouts, plus a second
    for each :data:`SEND_BYTES_PER_SECOND` of the message."""
    return 6 * timeout + message_bytes / SEND_BYTES_PER_SECOND


def _domains(addresses: list[str]) -> list[str]:
    return sorted({a.rsplit("@", 1)[-1].lower() for a in addresses if "@" in a})


class SmtpAdapter(EmailAdapter):
    type_name = "smtp"
    uses_http = False

    def _target(self) -> SmtpTarget:
        settings = self.settings
        assert isinstance(settings, SmtpSettings)
        value = self.env.get(settings.url_env)
        if not value:
            raise ConfigError(f"{settings.url_env} is not set", code="CFG030",
                              hint=N_("export {var}=smtp://user:password@host:587?starttls=true").format(
                                  var=settings.url_env))
        return parse_smtp_url(value, settings.url_env)

    @contextlib.contextmanager
    def _bounded(self, target: SmtpTarget, message_bytes: int = 0) -> Iterator[None]:
        """The block's exchange ends within :func:`exchange_seconds`; past it, whatever
        the shut-down connection raised is the timeout it is."""
        seconds = exchange_seconds(float(self.settings.timeout), message_bytes)
        with ExchangeDeadline(seconds) as deadline:
            try:
                yield
            except (ProviderError, OSError, smtplib.SMTPException) as exc:
                if not deadline.expired:
                    raise
                raise Unavailable(f"the SMTP server {target.host}:{target.port} did not "
                                  f"finish the exchange within {round(seconds, 1):g}s (timed out)",
                                  adapter=self.name) from exc

    def _context(self) -> ssl.SSLContext:
        settings = self.settings
        assert isinstance(settings, SmtpSettings)
        return ssl.create_default_context(cafile=settings.ca_file)

    def connect(self, target: SmtpTarget) -> smtplib.SMTP:
        """An open, authenticated connection (what ``scout doctor`` checks too)."""
        timeout = float(self.settings.timeout)
        where = f"{target.host}:{target.port}"
        try:
            if target.tls == "ssl":
                conn: smtplib.SMTP = smtplib.SMTP_SSL(target.host, target.port, timeout=timeout,
                                                      context=self._context())
            else:
                conn = smtplib.SMTP(target.host, target.port, timeout=timeout)
            try:
                conn.ehlo()
                if target.tls == "starttls":
                    conn.starttls(context=self._context())
                    conn.ehlo()
                if target.user is not None:
                    _login(conn, target.user,
                           target.password.reveal() if target.password else "")
            except BaseException:
                conn.close()
                raise
        except smtplib.SMTPAuthenticationError as exc:
            raise AuthError(f"the SMTP server {where} refused the login of "
                            f"'{target.user}': {_scrub(_answer(exc), target.password)}",
                            adapter=self.name) from None
        except smtplib.SMTPNotSupportedError as exc:
            raise Rejected(f"the SMTP server {where} does not support "
                           f"{'STARTTLS' if target.tls == 'starttls' else 'AUTH'}: {exc}",
                           adapter=self.name) from None
        except ssl.SSLError as exc:
            raise Rejected(f"TLS with the SMTP server {where} failed: {exc.reason or exc}",
                           adapter=self.name) from None
        except smtplib.SMTPResponseException as exc:
            raise self._by_code(exc, where, target) from None
        except (OSError, smtplib.SMTPException) as exc:
            raise Unavailable(f"cannot reach the SMTP server {where}: "
                              f"{_scrub(str(exc) or type(exc).__name__, target.password)}",
                              adapter=self.name) from None
        return conn

    def _by_code(self, exc: smtplib.SMTPResponseException, where: str,
                 target: SmtpTarget) -> ProviderError:
        text = _scrub(_answer(exc), target.password)
        if 400 <= exc.smtp_code < 500:
            return Unavailable(f"the SMTP server {where} answered {text} (temporary)",
                               adapter=self.name)
        return Rejected(f"the SMTP server {where} answered {text}", adapter=self.name)

    def call(self, request: Request, credential: Secret | None = None) -> Reply[Any]:
        assert isinstance(request, EmailRequest)
        if self.offline and not self.send_allowed:
            return Reply(EmailDelivery(status="not_sent", key=request.key,
                                       recipient_domains=request.recipient_domains,
                                       reason=NOT_SENT_REPLAY, adapter=self.name), status=None)
        settings = self.settings
        assert isinstance(settings, SmtpSettings)
        path = Path(request.message)
        data = path.read_bytes()
        if len(data) > settings.max_bytes:
            raise Rejected(f"the message is {len(data)} bytes, over this adapter's max_bytes "
                           f"({settings.max_bytes})", adapter=self.name)
        msg = BytesParser(policy=policy.SMTP).parsebytes(data)
        recipients = [a for _n, a in getaddresses(msg.get_all("To", []) + msg.get_all("Cc", []))
                      if a]
        target = self._target()
        sender = settings.sender or (target.user if target.user and "@" in target.user
                                     else f"scout@{target.host}")
        if "From" not in msg:
            msg["From"] = sender
        with self._bounded(target, len(data)):
            refused = self._send(target, msg, _bare(sender), recipients)
        delivered = [a for a in recipients if a not in refused]
        return Reply(EmailDelivery(
            status="sent", key=request.key, message_id=msg.get("Message-ID"),
            recipients=len(delivered), recipient_domains=_domains(delivered),
            refused_domains=_domains(list(refused)), subject=str(msg.get("Subject", "")),
            sent_at=dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
            adapter=self.name), status=250)

    def _send(self, target: SmtpTarget, msg: Any, sender: str,
              recipients: list[str]) -> dict[str, Any]:
        """Connect, send ``msg``, quit: the refused recipients."""
        where = f"{target.host}:{target.port}"
        conn = self.connect(target)
        try:
            refused: dict[str, Any] = conn.send_message(msg, from_addr=sender,
                                                        to_addrs=recipients)
        except smtplib.SMTPRecipientsRefused as exc:
            raise Rejected(f"the SMTP server {where} refused every recipient "
                           f"({', '.join(_domains(list(exc.recipients)))})",
                           adapter=self.name) from None
        except smtplib.SMTPSenderRefused as exc:
            raise Rejected(f"the SMTP server {where} refused the sender: "
                           f"{_scrub(_answer(exc), target.password)}", adapter=self.name) from None
        except smtplib.SMTPResponseException as exc:
            raise self._by_code(exc, where, target) from None
        except (OSError, smtplib.SMTPException) as exc:
            raise Unavailable(f"the connection to the SMTP server {where} failed while "
                              f"sending: {type(exc).__name__}", adapter=self.name) from None
        finally:
            try:
                conn.quit()
            except (OSError, smtplib.SMTPException):
                conn.close()
        return refused

    def check(self) -> str:
        """Connect, upgrade and log in, then quit: what ``scout doctor`` reports."""
        target = self._target()
        with self._bounded(target):
            conn = self.connect(target)
            try:
                conn.quit()
            except (OSError, smtplib.SMTPException):
                conn.close()
        how = {"ssl": "SMTPS", "starttls": "STARTTLS", "none": "plain"}[target.tls]
        login = f", logged in as {target.user}" if target.user else ", no login"
        return f"{target.host}:{target.port} ({how}{login})"


def _login(conn: smtplib.SMTP, user: str, password: str) -> None:
    try:
        conn.login(user, password)
    except UnicodeEncodeError:
        # smtplib encodes AUTH as ASCII; RFC 4616 PLAIN carries UTF-8, so a password
        # with accents ("contraseña") is sent that way instead of failing
        token = base64.b64encode(f"\0{user}\0{password}".encode()).decode()
        code, answer = conn.docmd("AUTH", "PLAIN " + token)
        if code != 235:
            raise smtplib.SMTPAuthenticationError(code, answer) from None


def _bare(address: str) -> str:
    pairs = getaddresses([address])
    return pairs[0][1] if pairs and pairs[0][1] else address
