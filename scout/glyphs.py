"""Cyrillic and Greek letters that look like a Latin one ("а" U+0430 and "a"), from
Unicode's confusables (UTS #39) for these three scripts; nothing else of scout imported.

Read where a name is written in one alphabet and seen in another: a candidate's name
spelt with a disguised letter (scout.adapters.lookalike), and a mission id pasted from a
page or a chat that holds one, which is refused with the Latin id it looks like
(scout.paths) rather than an id with the letter cut out.
"""

from __future__ import annotations

#: per script, pairs of (its letter, the Latin letter it looks like)
LOOKS_LATIN = {
    "CYRILLIC": "АAВBЕEКKМMНHОOРPСCТTХXУYЅSІIЈJҮYӀlаaеeоoрpсcуyхxѕsіiјjԁdһhԛqԝwүy",
    "GREEK": "ΑAΒBΕEΖZΗHΙIΚKΜMΝNΟOΡPΤTΥYΧXοoνvιiρpυuκk",
}
#: per script, its look-alike letters to the Latin letter each looks like
AS_LATIN = {script: dict(zip(pairs[::2], pairs[1::2])) for script, pairs in LOOKS_LATIN.items()}
#: every look-alike letter to its Latin twin
_TO_LATIN = str.maketrans({c: latin for table in AS_LATIN.values() for c, latin in table.items()})


def as_latin(text: str) -> str:
    """``text`` with each Cyrillic or Greek look-alike letter written as the Latin letter
    it looks like ("mіssіon" with Cyrillic "і" -> "mission"); every other character as it
    was."""
    return text.translate(_TO_LATIN)


def lookalikes(text: str) -> list[str]:
    """The look-alike letters in ``text``, each once, in order."""
    return list(dict.fromkeys(c for c in text if c != c.translate(_TO_LATIN)))
