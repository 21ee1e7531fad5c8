"""Step kind ``email``: deliver the finished report to the people who asked for it.

The message: the self-contained ``report.html`` as the HTML body, made as inert as the
PDF (:mod:`scout.report.mailbody`: no script, no remote load; the markdown as its
plain-text alternative), and the report files named in ``attach`` (``report.md``, the
PDF when the report phase made one) attached. ``to``, ``cc`` and ``subject`` are
templates rendered from the Task; every address is checked (email-validator, syntax
only: no DNS) before anything is sent.

Sending is a side effect, so it happens once per *delivery key* — the report files'
hashes, the recipients and the subject. ``deliveries.jsonl`` in the run dir (whole
lines, appended under a lock, fsynced) records ``sending`` before the call and
``sent`` after it:

* re-applying an unchanged mission reuses the phase (its inputs did not change), and a
  forced or resumed rerun finds ``sent`` for the key and sends nothing;
* a crash between the server's acceptance and the ``sent`` line leaves ``sending``
  alone: the delivery is *in doubt* and is not sent again (say so, never double-send);
* ``--replay`` sends nothing (the ``smtp`` adapter answers ``not_sent``) unless
  ``--send`` is given;
* a changed report (or other recipients) is a new key, and is sent.

The message file (``outbox/<key>.eml``) stays in the run dir as the record of what was
sent; the request journaled carries the file name, the key and the recipients'
domains, never an address.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from email.message import EmailMessage
from email.utils import formatdate
from pathlib import Path
from typing import Any

from filelock import FileLock

from scout.i18n import N_
from scout.errors import InvalidAddress, NothingToSend, StepError
from scout.fsutil import loads_stored, make_own_dirs, open_append, write_atomic
from scout.adapters.contract import EmailRequest
from scout.report.mailbody import inert_body
from scout.schemas.records import Report
from scout.schemas.sources import EmailDelivery
from scout.stepkit.context import StepContext
from scout.stepkit.params import EmailParams

LEDGER = "deliveries.jsonl"
OUTBOX = "outbox"
MIME = {"md": ("text", "markdown"), "pdf": ("application", "pdf"),
        "csv": ("text", "csv"), "json": ("application", "json"),
        "html": ("text", "html")}
_SPLIT = re.compile(r"[,;\s]+")


def addresses(text: str | None, field: str) -> list[str]:
    """The addresses in ``text`` (comma, semicolon or space separated), normalised."""
    from email_validator import EmailNotValidError, validate_email

    out: list[str] = []
    for raw in _SPLIT.split(text or ""):
        raw = raw.strip().strip("<>")
        if not raw:
            continue
        try:
            out.append(validate_email(raw, check_deliverability=False).normalized)
        except EmailNotValidError as exc:
            raise InvalidAddress(f"{field}: {raw!r} is not an e-mail address ({exc})",
                                 hint=N_("fix {field} (e.g. --set notify_email=ana@example.org)").format(
                                     field=field)) from None
    return list(dict.fromkeys(out))


def delivery_key(report: Report, to: list[str], cc: list[str], subject: str) -> str:
    doc = {"files": report.sha256, "to": sorted(to), "cc": sorted(cc), "subject": subject}
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()


def ledger_state(run_dir: Path, key: str) -> dict[str, Any] | None:
    """The last ledger line for ``key`` (``sending`` / ``sent`` / ``not_sent``), if any."""
    path = run_dir / LEDGER
    if not path.is_file():
        return None
    last = None
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            row = loads_stored(line)
        except ValueError:
            continue  # a torn last line (crash mid-append): it recorded nothing
        if isinstance(row, dict) and row.get("key") == key:
            last = row
    return last


def _append(run_dir: Path, row: dict[str, Any]) -> None:
    path = run_dir / LEDGER
    with FileLock(str(path) + ".lock"):
        fd = open_append(path, 0o600)  # never through a link out of the run dir
        try:
            os.write(fd, (json.dumps(row, sort_keys=True) + "\n").encode())
            os.fsync(fd)
        finally:
            os.close(fd)


def _own_file(run_dir: Path, name: str | None) -> Path | None:
    """The report file ``name`` when it is a regular file inside ``run_dir``, else None.
    The report artifact is read back from disk: one edited (with its state-log record)
    to name ``/home/me/.ssh/id_rsa`` or ``../other-mission/report.md`` must not mail it."""
    if not name:
        return None
    base = run_dir.resolve()
    path = (base / name).resolve()
    return path if path.is_relative_to(base) and path.is_file() else None


def build_message(ctx: StepContext, report: Report, params: EmailParams, to: list[str],
                  cc: list[str], subject: str, key: str) -> tuple[EmailMessage, list[str]]:
    msg = EmailMessage()
    msg["Subject"] = subject
    msg["To"] = ", ".join(to)
    if cc:
        msg["Cc"] = ", ".join(cc)
    msg["Date"] = formatdate(localtime=False)
    msg["Message-ID"] = f"<{key[:32]}.{ctx.mission_id}@scout>"
    files = report.files
    if "md" not in files and "html" not in files:
        raise NothingToSend(f"phase {ctx.phase_id}: the report artifact names no file",
                            hint=N_("the report phase must produce md (and html)"))
    md = _own_file(ctx.run_dir, files.get("md"))
    html = _own_file(ctx.run_dir, files.get("html"))
    text = md.read_text(encoding="utf-8") if md is not None else subject
    msg.set_content(text)
    if html is not None:
        # as inert as the PDF: a mail client shows it under no policy of its own
        msg.add_alternative(inert_body(html.read_text(encoding="utf-8")), subtype="html")
    attached: list[str] = []
    for fmt in params.attach:
        name = files.get(fmt)
        own = _own_file(ctx.run_dir, name)
        if name is None or own is None:
            continue  # a format the report phase did not produce (e.g. no PDF engine)
        maintype, subtype = MIME[fmt]
        data = own.read_bytes()
        if maintype == "text":  # declared UTF-8, so "≤" and "€" arrive as written
            msg.add_attachment(data.decode("utf-8", "replace"), subtype=subtype,
                               filename=Path(name).name)
        else:
            msg.add_attachment(data, maintype=maintype, subtype=subtype,
                               filename=Path(name).name)
        attached.append(Path(name).name)
    return msg, attached


def subject_line(rendered: str) -> str:
    """The rendered subject as one header line of at most 200 characters, with no control
    sequence, bidi override or zero-width character: an author's subject may name what a
    web page called a place or a hotel, and a mail client shows a U+202E reversed."""
    from scout.report.inert import visible

    return " ".join(visible(rendered).split())[:200]


def run(ctx: StepContext) -> EmailDelivery:
    params = ctx.params
    assert isinstance(params, EmailParams)
    if ctx.gateway is None or ctx.render is None:
        raise StepError(f"phase {ctx.phase_id}: email needs a chain and a template renderer")
    report = ctx.inputs.get(params.report)
    if not isinstance(report, Report):
        raise NothingToSend(f"phase {ctx.phase_id}: needs the report artifact "
                            f"'{params.report}'", hint=N_("add '{name}' to its needs").format(name=params.report))
    to = addresses(ctx.render(params.to), "to")
    cc = addresses(ctx.render(params.cc), "cc") if params.cc else []
    if not to:
        raise InvalidAddress(f"phase {ctx.phase_id}: 'to' rendered to no address",
                             hint=N_("set the recipient, e.g. --set notify_email=ana@example.org"))
    subject = subject_line((ctx.say or ctx.render)(params.subject))
    key = delivery_key(report, to, cc, subject)
    domains = sorted({a.rsplit("@", 1)[-1].lower() for a in to + cc})
    prev = ledger_state(ctx.run_dir, key)
    if prev is not None and prev.get("status") == "sent":
        return EmailDelivery(status="sent", key=key, message_id=prev.get("message_id"),
                             recipients=len(to) + len(cc), recipient_domains=domains,
                             subject=subject, sent_at=prev.get("at"),
                             reason="already sent for this report and these recipients",
                             adapter=str(prev.get("adapter") or ""))
    if prev is not None and prev.get("status") == "sending":
        return EmailDelivery(status="in_doubt", key=key, recipients=len(to) + len(cc),
                             recipient_domains=domains, subject=subject,
                             reason="an earlier run was cut off while sending this report: "
                             "it may have arrived, so it is not sent again (check the "
                             "mailbox; to send anyway remove its lines from "
                             f"{LEDGER} and apply with --force {ctx.phase_id})")
    msg, attached = build_message(ctx, report, params, to, cc, subject, key)
    eml = ctx.run_dir / OUTBOX / f"{key[:32]}.eml"
    make_own_dirs(eml.parent)
    write_atomic(eml, bytes(msg), mode=0o600)
    _append(ctx.run_dir, {"key": key, "status": "sending", "at": _now()})
    try:
        outcome = ctx.gateway.call(EmailRequest(message=str(eml), key=key,
                                                recipient_domains=domains))
    except Exception:
        # the server refused or could not be reached: nothing was accepted, so a later
        # run may send this key (an interrupt — Ctrl-C, a kill — leaves "sending": in doubt)
        _append(ctx.run_dir, {"key": key, "status": "failed", "at": _now()})
        raise
    delivery: EmailDelivery = outcome.value
    if delivery.status == "sent":
        _append(ctx.run_dir, {"key": key, "status": "sent", "at": delivery.sent_at or _now(),
                              "message_id": delivery.message_id,
                              "adapter": outcome.answered_by})
    else:
        _append(ctx.run_dir, {"key": key, "status": delivery.status, "at": _now()})
    return delivery.model_copy(update={"subject": subject, "attachments": attached,
                                       "recipient_domains": domains,
                                       "adapter": outcome.answered_by})


def _now() -> str:
    import datetime as dt

    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
