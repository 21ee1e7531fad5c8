"""The Spanish words ``scout init --es`` writes into the project's Spanish catalog
(``locales/es/LC_MESSAGES/messages.po``): the kind's Spanish name as the translation of
its words, where the request parser finds it, and the labels init knows of the inputs
scout's catalog does not name (scout.scaffold.labels). Added to a catalog the project
has, never over an entry of it; a new one gets a header ``msgfmt -c`` accepts."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from scout.fsutil import make_dirs, write_atomic
from scout.scaffold.names import Written

_CATALOG_HEAD = """# Spanish words of this project's kinds (msgid = the English text). scout reads this
# file beside templates/ and merges it over its own catalog (docs/authoring.md, "A kind's
# own words"); a kind's name here is how a Spanish request names the kind.
msgid ""
msgstr ""
"Project-Id-Version: __PROJECT__\\n"
"PO-Revision-Date: __DATE__\\n"
"Last-Translator: \\n"
"Language-Team: Spanish\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Language: es\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"""


def labels_in_catalog(root: Path, inputs: list[tuple[str, str]]) -> Written | None:
    """The Spanish labels init knows of the inputs scout's own catalog does not name
    (scout.scaffold.labels), added to the project's Spanish catalog, never over an entry
    of it; None when there is nothing to add."""
    from scout.i18n import catalog_path
    from scout.scaffold.labels import label_entries

    path = catalog_path(root / "locales", "es")
    text = path.read_text(encoding="utf-8")
    entries = label_entries([n for n, _ in inputs], text)
    if not entries:
        return None
    write_atomic(path, text.rstrip("\n") + "\n" + "".join(e for _, e in entries))
    return Written(path, "the Spanish labels of " + ", ".join(n for n, _ in entries))


def name_in_catalog(root: Path, words: str, spanish: str) -> Written | None:
    """The kind's Spanish name (``--es``) as the translation of its words in the project's
    Spanish catalog, so the request parser knows a Spanish request that names the kind
    ("salas de escape en Madrid" for escape-rooms): it claims the name, which is then no
    subject and no place. Added to a catalog the project has, never over an entry of it
    (the author's own translation stays); None when the entry is there already."""
    from scout.i18n import catalog_path

    path = catalog_path(root / "locales", "es")
    # a new catalog's header has every field `msgfmt -c` asks for, so checking the
    # project's catalogs (as scout's own are checked) starts with no warning
    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M+0000")
    text = path.read_text(encoding="utf-8") if path.exists() else _CATALOG_HEAD.replace(
        "__PROJECT__", (root.resolve().name or "scout kinds").replace('"', "")).replace(
        "__DATE__", stamp)
    if re.search(r'^msgid "' + re.escape(words) + r'"$', text, re.M):
        return None
    entry = f'\nmsgid "{words}"\nmsgstr "{spanish}"\n'
    make_dirs(path.parent)
    write_atomic(path, text.rstrip("\n") + "\n" + entry)
    return Written(path, "the kind's Spanish name, for Spanish requests")
