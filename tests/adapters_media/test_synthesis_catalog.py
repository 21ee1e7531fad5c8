"""Every sentence the keyless synthesis writes has its Spanish translation."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.extract import extract
from babel.messages.pofile import read_po

from scout.adapters.aspects import CUES, OVERALL
from scout.adapters.structured import Builder

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "scout/locales/es/LC_MESSAGES/messages.po"
KEYWORDS = {"_": None, "_n": (1, 2), "gettext": None, "pgettext": ((1, "c"), 2)}


def _catalog() -> dict[tuple[str | None, str], object]:
    with PO.open("rb") as fh:
        cat = read_po(fh, locale="es")
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m.string
            for m in cat if m.id}


def test_code_and_template_messages_are_translated() -> None:
    cat = _catalog()
    wanted: list[tuple[str | None, str]] = []
    for name in ("structured.py", "recommend.py", "candidate_notes.py", "conflicts.py",
                 "subjects.py", "localefmt.py"):
        with (ROOT / "scout/adapters" / name).open("rb") as fh:
            for _, msg, _, ctx in extract("python", fh, keywords=KEYWORDS):
                wanted.append((ctx, msg if isinstance(msg, str) else msg[0]))
    template = (ROOT / "scout/report/builtin/_synthesis.md.j2").read_text()
    wanted += [(None, m) for m in re.findall(r'_\("((?:[^"\\]|\\.)*)"', template)]
    # built at run time, so the extractor cannot see them
    wanted += [(None, Builder.QUOTE_MSGIDS[True]), (None, Builder.QUOTE_MSGIDS[False])]
    wanted += [("aspect", a) for a in [*CUES, OVERALL]]
    wanted += [("price unit", u) for u in ("night", "person")]
    assert len(wanted) > 40
    missing = [w for w in wanted if not cat.get(w)]
    assert missing == []


def test_placeholders_survive_translation() -> None:
    for (_, msgid), msgstr in _catalog().items():
        # a singular form may say "one" in words instead of a placeholder: check the plural
        strings = msgstr[-1:] if isinstance(msgstr, tuple) else (msgstr,)
        for s in strings:
            # the same placeholders; one may be said twice ("dividido entre {count}")
            assert set(re.findall(r"\{\w+\}|%\(\w+\)s", s)) == set(
                re.findall(r"\{\w+\}|%\(\w+\)s", msgid)) or not s, msgid


def test_catalog_has_each_message_once() -> None:
    """A msgid written twice (merged branches each adding it) is ambiguous: Babel keeps
    the first, so a second, different translation would silently never show."""
    text = PO.read_text(encoding="utf-8")
    keys = []
    for block in re.split(r"\n\s*\n", text):
        ctx = re.search(r'^msgctxt (".*")$', block, re.M)
        mid = re.search(r'^msgid ((?:".*"\n?)+)', block, re.M)
        if mid:
            keys.append((ctx.group(1) if ctx else None, mid.group(1).strip()))
    repeated = sorted({k for k in keys if keys.count(k) > 1}, key=str)
    assert not repeated, repeated


def test_catalog_header_declares_spanish_plural_forms() -> None:
    """GNU gettext tools (msgfmt -c, Poedit) refuse a catalog with plural entries whose
    header declares no Plural-Forms. Read from the file's own header entry: Babel's
    ``mime_headers`` fills in the locale's rule when the file has none."""
    text = PO.read_text(encoding="utf-8")
    header_entry = text[text.index('msgid ""\nmsgstr ""\n'):].split("\n\n", 1)[0]
    fields = dict(re.findall(r'^"([A-Za-z-]+): ([^"]*?)\\n"$', header_entry, re.M))
    assert fields.get("Plural-Forms", "").replace(" ", "") == "nplurals=2;plural=(n!=1);"
    assert fields.get("Content-Type", "").lower().endswith("charset=utf-8")
