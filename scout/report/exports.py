"""The report's data in forms people reuse: CSV of the shortlist and of every candidate,
JSON of the report's data, and PDF rendered from the self-contained HTML.

CSV columns are typed and stable (a spreadsheet or pandas reads them without guessing):
integers and decimals unformatted, booleans ``true``/``false``, money as amount and ISO
currency in separate columns with its period, range, unit and tax basis beside them, lists joined with ``; ``. Cells that a spreadsheet would
run as a formula (starting ``=``, ``+``, ``-``, ``@``, tab or CR — provider text can be
anything — also after spaces, which some importers trim, and in their full-width forms
``＝＋－＠``, which spreadsheets in CJK locales read as the ASCII ones) are prefixed with a
quote, the OWASP rule for CSV injection; control, bidi and zero-width characters go, as in
the reports, so none hides such a start.

PDF: headless Chromium prints the HTML report (``--print-to-pdf``), so the PDF is the
page a person sees, with the report's print CSS; a browser engine renders the inline SVG
pictures and any script the same way the HTML does, which WeasyPrint would not. The
binary is ``$SCOUTE_CHROMIUM`` or the first of ``chromium``, ``chromium-browser``,
``google-chrome`` on PATH; without one a PDF is a clear error (``REP001``). The browser
prints a copy of the page under the built-in report's Content-Security-Policy (no script,
no frame, nothing loaded but inline style and ``data:`` pictures) and with every network
request sent to a proxy that is not there: a project's HTML template without that policy,
or one that writes outside text with ``| safe``, printed what it pointed at — a local
file in an ``<iframe src=file:///...>`` ended up in the PDF the e-mail step sends, and
pictures, stylesheets and script reached any address.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from scout.errors import PdfUnavailable, StepError
from scout.report.inert import visible, without_credentials

#: a price's columns: its amount (a range's top) and currency, then what the report says
#: beside them — its period or unit of work (``night``, ``month``, ``word``), a range's low
#: end, what one amount is for (``user``, ``seat``) and its tax basis (``included``: VAT in
#: it, ``excluded``: "+ IVA"), each empty when the page does not say
_PRICE_COLUMNS = ["price", "currency", "price_per", "price_min", "price_each", "price_tax"]
CANDIDATE_COLUMNS = ["rank", "name", "shortlisted", *_PRICE_COLUMNS,
                     "rating", "rating_count", "url", "domain", "found_by", "flags",
                     "excluded_because"]
SHORTLIST_COLUMNS = ["rank", "name", *_PRICE_COLUMNS, "rating",
                     "rating_count", "url", "domain", "found_by", "unknown"]
#: what a spreadsheet runs a cell as a formula from: its first character, after any spaces
_FORMULA = re.compile("^(?:[\t\r]|[\\s\u3000]*[=+\\-@\uff1d\uff0b\uff0d\uff20])")


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}" if abs(value) < 1e15 else repr(value)
    if isinstance(value, (list, tuple)):
        value = "; ".join(str(v) for v in value)
    # a report shows no credential whole: a found page's login or token (report/inert.py)
    text = without_credentials(visible(str(value).replace("\r\n", " ").replace("\n", " ")))
    if _FORMULA.match(text) and not _is_number(text):
        return "'" + text
    return text


def _is_number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


def _money(c: Any) -> dict[str, Any]:
    """``c``'s price in :data:`_PRICE_COLUMNS` (none without one)."""
    price = getattr(c, "price", None)
    if price is None:
        return {}
    return {"price": price.amount, "currency": price.currency, "price_per": price.per,
            "price_min": price.min, "price_each": price.each, "price_tax": price.tax}


def _row(columns: list[str], values: dict[str, Any]) -> list[str]:
    return [_cell(values.get(col)) for col in columns]


def _write(columns: list[str], rows: Iterable[dict[str, Any]]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(columns)
    for r in rows:
        writer.writerow(_row(columns, r))
    return buf.getvalue()


def _base(c: Any) -> dict[str, Any]:
    return {"name": c.name, **_money(c),
            "rating": c.rating, "rating_count": c.rating_count, "url": c.url,
            "domain": c.domain, "found_by": c.adapter}


def shortlist_csv(shortlist: Any) -> str:
    """One row per shortlisted candidate, in rank order."""
    rows = [{**_base(item.candidate), "rank": item.rank, "unknown": item.unknown}
            for item in shortlist.items]
    return _write(SHORTLIST_COLUMNS, rows)


def candidates_csv(candidates: Any, shortlist: Any | None = None) -> str:
    """One row per candidate found: its rank when shortlisted, why it was excluded
    otherwise."""
    ranks: dict[str, int] = {}
    reasons: dict[str, list[str]] = {}
    if shortlist is not None:
        ranks = {item.candidate.key: item.rank for item in shortlist.items}
        reasons = {c.key: list(why) for c, why in shortlist.excluded}
    rows = []
    for c in candidates.items:
        rows.append({**_base(c), "rank": ranks.get(c.key), "shortlisted": c.key in ranks,
                     "flags": c.flags, "excluded_because": reasons.get(c.key)})
    return _write(CANDIDATE_COLUMNS, rows)


def report_json(data: dict[str, Any]) -> str:
    """The report's data as one JSON document (artifacts as their models dump them)."""

    def plain(v: Any) -> Any:
        if hasattr(v, "model_dump"):
            return v.model_dump(mode="json")
        if isinstance(v, dict):
            return {str(k): plain(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        if hasattr(v, "__dataclass_fields__"):
            return {k: plain(getattr(v, k)) for k in v.__dataclass_fields__}
        return v if isinstance(v, (str, int, float, bool)) or v is None else str(v)

    text = json.dumps(plain(data), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    # every address's credentials, wherever the data holds one (a JSON string ends at
    # the '"' that ends an address here, and an escaped one reads as no address)
    return without_credentials(text)


def chromium() -> str | None:
    explicit = os.environ.get("SCOUTE_CHROMIUM")
    if explicit:
        return explicit if Path(explicit).is_file() else None
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


#: flags for a browser that must not reach the network or keep state between runs: every
#: request, loopback included (``<-loopback>``), goes to a proxy on a port nothing serves
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--disable-extensions",
                  "--no-pdf-header-footer", "--run-all-compositor-stages-before-draw",
                  "--proxy-server=socks5://127.0.0.1:9", "--proxy-bypass-list=<-loopback>"]
#: what the printed page may load: the built-in report's policy (report.html.j2)
PRINT_CSP = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; "
             "base-uri 'none'; form-action 'none'")
_HEAD = re.compile(r"<head\b[^>]*>|<!doctype[^>]*>", re.I)


def inert_page(html: str) -> str:
    """``html`` with :data:`PRINT_CSP` declared before anything it could load: after its
    ``<head>`` (or doctype: a meta before that would put the page in quirks mode).
    A policy of the page's own still applies too: a browser enforces both."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{PRINT_CSP}">'
    m = _HEAD.search(html, 0, 4096)
    at = m.end() if m is not None else 0
    return html[:at] + meta + html[at:]


def html_to_pdf(html: Path, pdf: Path, *, timeout: float = 120.0) -> None:
    """Print ``html`` (a local, self-contained file) to ``pdf`` with headless Chromium."""
    binary = chromium()
    if binary is None:
        raise PdfUnavailable(
            "formats: pdf needs headless Chromium, and none was found",
            hint="install it (Debian/Ubuntu: apt-get install chromium) or set "
                 "SCOUTE_CHROMIUM to the browser binary; or drop pdf from formats")
    with tempfile.TemporaryDirectory(prefix="scout-pdf-") as profile:
        tmp = pdf.with_name(pdf.name + ".part")
        page = Path(profile) / "print.html"
        page.write_text(inert_page(html.read_text(encoding="utf-8", errors="replace")),
                        encoding="utf-8")
        cmd = [binary, *CHROMIUM_FLAGS, f"--user-data-dir={profile}",
               f"--print-to-pdf={tmp}", page.as_uri()]
        try:
            done = subprocess.run(cmd, capture_output=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            raise StepError(f"Chromium did not print the PDF within {timeout:g}s",
                            retryable=True) from None
        if done.returncode != 0 or not tmp.is_file() or tmp.stat().st_size == 0:
            tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-3:]
            raise StepError("Chromium could not print the PDF: " + " / ".join(tail)[:400],
                            retryable=True)
        os.replace(tmp, pdf)
