"""The month words of a request: CLDR's names and abbreviations (English and Spanish, see
:func:`scout.task.cldr.months`) plus the misspellings found in it.

A name of six letters or more takes any one edit ("septmber", "agostoo", "agsoto"); a
five-letter one only a transposition or a doubled letter ("abirl", "marzzo"): one
substitution would turn "marzo" into "marco" and "junio" into "julio". A capitalised word
mid-sentence may be a name ("Augusta", "Marcha"), so a month name plus letters written
that way is never read as the month. Weekday names of seven letters or more take one edit
too ("vienres", "saturdy", "wendesday"): :func:`weekday_typos`.
"""

from __future__ import annotations

import re

from scout.task.cldr import months


def osa1(a: str, b: str) -> bool:
    """True when a and b are at most one edit apart (with adjacent transposition)."""
    if a == b:
        return True
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    i = 0
    while i < min(la, lb) and a[i] == b[i]:
        i += 1
    if la == lb:
        if a[i + 1:] == b[i + 1:]:
            return True
        return a[i:i + 2] == b[i:i + 2][::-1] and a[i + 2:] == b[i + 2:]
    if la > lb:
        return a[i + 1:] == b[i:]
    return a[i:] == b[i + 1:]


def month_words(text: str, original: str) -> dict[str, tuple[int, bool]]:
    """The month words of this text: CLDR names plus misspellings found in it.

    A name of six letters or more takes any one edit ("septmber", "agostoo"); a
    five-letter one only a transposition or a doubled letter ("abirl", "marzzo"): one
    substitution would turn "marzo" into "marco" and "junio" into "julio".
    """
    table = dict(months())
    full = [(w, n) for w, (n, is_full) in table.items() if is_full and len(w) >= 5]
    for m in re.finditer(r"[a-z]{5,12}", text):
        word = m.group(0)
        if word in table:
            continue
        # a capitalised word mid-sentence may be a name ("Augusta", "Marcha"): a month
        # name plus letters is never read as the month; a long capitalised word with an
        # edit inside it ("Septmber", "Octuber") still is
        capital = original[m.start()].isupper() and not original.isupper() and m.start() > 0
        if capital and (len(word) < 7 or any(word.startswith(n) for n, _num in full)):
            continue
        for name, num in full:
            if len(name) >= 6 and len(word) >= 6 and osa1(word, name) or len(name) == 5 and (
                    _transposed(word, name) or _doubled(word, name)):
                table[word] = (num, True)
                break
    return table


def _transposed(a: str, b: str) -> bool:
    diff = [i for i in range(len(a)) if len(a) == len(b) and a[i] != b[i]]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] \
        and a[diff[1]] == b[diff[0]]


def _doubled(a: str, b: str) -> bool:
    return len(a) == len(b) + 1 and any(a[:i] + a[i + 1:] == b and a[i] == a[i - 1]
                                        for i in range(1, len(a)))


def weekday_typos(text: str, original: str, days: dict[str, int]) -> dict[str, int]:
    """The words of folded ``text`` one edit from a weekday name of seven letters or more
    ("vienres" → Friday, "saturdy", "miercole"); shorter names have everyday words one edit
    away ("sabado" / "salado", "jueves" / "jueces", "sunday" / "sundae"). A capitalised
    word mid-sentence may be a name ("Dominga"), and is not read as the day."""
    long_names = [(w, n) for w, n in days.items() if len(w) >= 7]
    out: dict[str, int] = {}
    for m in re.finditer(r"[a-z]{6,10}", text):
        word = m.group(0)
        if word in days or word in out:
            continue
        if original[m.start()].isupper() and not original.isupper() and m.start() > 0:
            continue
        for name, num in long_names:
            if osa1(word, name):
                out[word] = num
                break
    return out
