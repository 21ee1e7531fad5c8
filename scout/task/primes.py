"""Numbers written with an apostrophe in Spanish, as the decimal comma and the minute they
stand for: "12'5 kg" is 12,5 kg, "1'5 km" 1,5 km, "2'50 €" 2,50 € (Spain's handwriting
habit, kept on keyboards); "una sesión de 90'" is 90 minutes, as a match's time is written.

Only in a Spanish request: in English the same marks are feet and inches ("a 20' container",
"5'11"), which the length readers read. A number right after another apostrophe or a letter
("rock'n'roll 2'") and a third part ("1'2'3") are left alone.
"""

from __future__ import annotations

import re

# "12'5", "2’50": a decimal comma written as an apostrophe (one or two decimals)
_DECIMAL = re.compile(r"(?<![\w'’.,])(\d{1,6})['’](\d{1,2})(?![\w'’.,])")
# "90'", "45’": minutes, the mark alone after the number (no letter, digit or quote after it)
_MINUTES = re.compile(r"(?<![\w'’.,])(\d{1,3})['’](?![\w'’\"”])")


def unprimed(text: str) -> str:
    """``text`` (a Spanish request) with an apostrophe decimal written as a comma and an
    apostrophe minute as "min"; other text as it is."""
    if "'" not in text and "’" not in text:
        return text
    text = _DECIMAL.sub(r"\1,\2", text)
    return _MINUTES.sub(r"\1 min", text)
