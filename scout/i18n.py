"""Message catalogs for the languages scout writes in (en, es).

Catalogs are gettext ``.po`` files under ``scout/locales/<lang>/LC_MESSAGES/messages.po``,
read with Babel at run time (no compiled ``.mo`` to keep in step). English is the source
language: its catalog is the identity. Report templates get these translations through
Jinja's i18n extension; Python code that writes user-facing text (the synthesis, notes)
calls :func:`translations` directly.
"""

from __future__ import annotations

import functools
import gettext
from pathlib import Path

LANGS = ("en", "es")
_LOCALES = Path(__file__).parent / "locales"


@functools.lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog for ``lang`` (a NullTranslations for English or an unknown language)."""
    path = _LOCALES / lang / "LC_MESSAGES" / "messages.po"
    if lang == "en" or not path.is_file():
        return gettext.NullTranslations()
    import io

    from babel.messages.mofile import write_mo  # lazy: only reports and synthesis need Babel
    from babel.messages.pofile import read_po
    from babel.support import Translations

    with path.open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    buf = io.BytesIO()
    write_mo(buf, catalog)  # compiled in memory: plural forms and fuzzy rules as gettext has them
    buf.seek(0)
    return Translations(fp=buf, domain="messages")
