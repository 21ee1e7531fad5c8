"""A real SMTP server for the e-mail tests: aiosmtpd on 127.0.0.1, a free port.

    with smtp_server(tls="starttls", auth=("ana", "s3cret")) as srv:
        url = srv.url("ana", "s3cret")          # smtp://ana:s3cret@127.0.0.1:PORT?starttls=true
        ... srv.messages                        # [Received(mail_from, rcpt_tos, message)]

TLS uses a self-signed certificate made for the test (``srv.ca_file`` trusts it).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import ssl
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from tests.ports import retry_in_use


@dataclass
class Received:
    mail_from: str
    rcpt_tos: list[str]
    message: EmailMessage
    raw: bytes


@dataclass
class Server:
    port: int
    tls: str | None
    ca_file: str | None
    messages: list[Received] = field(default_factory=list)
    auth_attempts: list[str] = field(default_factory=list)
    refuse: set[str] = field(default_factory=set)  # recipients answered 550

    def url(self, user: str | None = None, password: str | None = None) -> str:
        scheme = "smtps" if self.tls == "ssl" else "smtp"
        cred = ""
        if user is not None:
            cred = quote(user, safe="") + (f":{quote(password, safe='')}" if password else "")
            cred += "@"
        query = "?starttls=true" if self.tls == "starttls" else ""
        return f"{scheme}://{cred}127.0.0.1:{self.port}{query}"


class _Handler:
    def __init__(self, server: Server) -> None:
        self.server = server
        self.lock = threading.Lock()

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          rcpt_options: list[str]) -> str:
        if address in self.server.refuse:
            return "550 5.1.1 no such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw = envelope.original_content or envelope.content
        msg = BytesParser(policy=policy.default).parsebytes(raw)
        with self.lock:
            self.server.messages.append(Received(envelope.mail_from, list(envelope.rcpt_tos),
                                                 msg, raw))
        return "250 2.0.0 queued"


class _Auth:
    def __init__(self, server: Server, user: str, password: str) -> None:
        self.server, self.user, self.password = server, user, password

    def __call__(self, server: Any, session: Any, envelope: Any, mechanism: str,
                 auth_data: Any) -> AuthResult:
        ok = (isinstance(auth_data, LoginPassword)
              and auth_data.login.decode() == self.user
              and auth_data.password.decode() == self.password)
        self.server.auth_attempts.append(mechanism)
        return AuthResult(success=ok, handled=False)


def self_signed(folder: Path) -> tuple[str, str]:
    """A certificate for 127.0.0.1 (and localhost) and its key, as PEM files."""
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = dt.datetime.now(dt.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(minutes=5))
            .not_valid_after(now + dt.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([
                x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")]),
                critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = folder / "smtp-cert.pem", folder / "smtp-key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return str(cert_path), str(key_path)


@contextlib.contextmanager
def smtp_server(tmp: Path, *, tls: str | None = None,
                auth: tuple[str, str] | None = None) -> Iterator[Server]:
    """An aiosmtpd server on 127.0.0.1: plain, ``starttls`` or ``ssl``; with ``auth``
    it requires a login (LOGIN/PLAIN) with that user and password."""
    ca_file = None
    kw: dict[str, Any] = {}
    if tls is not None:
        cert, key = self_signed(tmp)
        ca_file = cert
        ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        ctx.load_cert_chain(cert, key)
        if tls == "ssl":
            kw["ssl_context"] = ctx
        else:
            kw["tls_context"] = ctx
            kw["require_starttls"] = True
    if auth is not None:
        kw["auth_required"] = True
        # implicit TLS (smtps) is TLS from the first byte, but aiosmtpd only counts
        # STARTTLS as "TLS" for auth_require_tls
        kw["auth_require_tls"] = tls == "starttls"

    def start(port: int) -> tuple[Server, Controller]:
        server = Server(port=port, tls=tls, ca_file=ca_file)
        if auth is not None:
            kw["authenticator"] = _Auth(server, *auth)
        # ready_timeout: a loaded CI machine starts the loop's thread slowly
        controller = Controller(_Handler(server), hostname="127.0.0.1", port=port,
                                server_hostname="127.0.0.1", ready_timeout=60, **kw)
        try:
            controller.start()  # binds the port itself: EADDRINUSE if another took it
        except BaseException:
            with contextlib.suppress(Exception):
                controller.loop.close()
            raise
        return server, controller

    # aiosmtpd's controller connects to its own port to check it started, so it cannot
    # bind port 0: a port lost to another worker is another try (tests/ports.py)
    server, controller = retry_in_use(start)
    try:
        yield server
    finally:
        controller.stop()
