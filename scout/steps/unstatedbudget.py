"""A budget said with no period ("máximo 500 €", "under 200 EUR") against prices stated per
one, for ``rank``: the basis it is compared on, and the words the report says it in.

Someone who writes "máximo 500 €" for a room to rent means 500 € a month, and "under 200
EUR" for a hotel 200 € a night: the period the kind's prices are sold per, which the
listings themselves show. So a careful reader takes the budget per the period most of the
prices compared state (the shorter on a tie, as :func:`scout.steps.rank_peers.peer_period`
does), puts a price per another period on it (a rent per year as one per month, flagged
"converted", approximate), and says once which period that was. Where most prices state
no period (a laptop's one-off price), the budget is a one-off amount: a price per month
beside them (a financing plan's "18 €/mes") is no price a one-off budget can be put on,
so it is compared as it is, flagged and noted so the reader sees it never was a
like-for-like check, and ranked after the prices stating none (its 18 is no cheaper than
a 849 € laptop): rank orders it after them. With no money asked the same price among
one-off ones is flagged, noted and ranked after them alike (:func:`set_apart`).

A kind that declares its budget's basis (the money input's ``per``) and a request that
says one ("máximo 500 € al mes") never come here: rank compares on that period.
"""

from __future__ import annotations

from scout.i18n import N_, N_plural
from scout.schemas.records import Candidate
from scout.i18n.values import MEASURE_WORDS
from scout.steps.periodnotes import BUDGET
from scout.steps.rank_periods import put_on_period
from scout.steps.staylength import Span
from scout.steps.workbasis import Work
from scout.units import PERIOD_DAYS

#: a candidate compared as it is though its price states a period the budget does not
AS_IS_FLAG = N_("price per {per} compared as it is with a budget that states no period, "
                "ranked after the prices that state none")
#: the same with no money asked: a price per a period among prices stating none
APART_FLAG = N_("price per {per} among prices that state no period: ranked after them")


def _as_is_note(n: int) -> str:
    return N_plural(
        "{count} price per {per} was compared as it is with the budget, which states no "
        "period, and ranked after the others",
        "{count} prices per {per} were compared as they are with the budget, which states "
        "no period, and ranked after the others", n)


def _apart_note(n: int) -> str:
    return N_plural(
        "{count} price per {per} among prices that state no period was ranked after them",
        "{count} prices per {per} among prices that state no period were ranked after them",
        n)


def _read_per_note(n: int) -> str:
    return N_plural(
        "the budget states no period: {count} price compared is stated per {target}, so "
        "the budget was read per the same period",
        "the budget states no period: {count} of the prices compared are stated per "
        "{target}, so the budget was read per the same period", n)


def _period(c: Candidate) -> str | None:
    """The period ``c``'s price (as compared) is stated per, when it is one of time."""
    price = c.price_converted or c.price
    return price.per if price is not None and price.per in PERIOD_DAYS else None


def implied_period(cands: list[Candidate]) -> tuple[str | None, int]:
    """The period a budget stating none is read per, and how many prices state it: the one
    most priced candidates state, the shorter on a tie; None when as many or more state no
    period of time (a one-off price, a price per person or per unit of work: compared as
    they are, as the budget)."""
    counts: dict[str | None, int] = {}
    for c in cands:
        if c.price is not None and c.video is None:
            p = _period(c)
            counts[p] = counts.get(p, 0) + 1
    timed = [p for p in counts if p is not None]
    if not timed:
        return None, 0
    best = min(timed, key=lambda p: (-counts[p], PERIOD_DAYS[p], p))
    if counts[best] <= counts.get(None, 0):
        return None, 0
    return best, counts[best]


def compare_unstated(cands: list[Candidate], periods: dict[tuple[str, str, str], int],
                     span: Span | None, work: Work | None,
                     counted: dict[str, dict[tuple[str, str, str], int]] | None = None,
                     apart: set[str] | None = None) -> list[str]:
    """Put ``cands``' prices on the basis a budget stating no period is read per
    (:func:`implied_period`), flagging each moved or left as it was; the notes that say
    how the budget was compared (English msgids, localised by the report). ``periods``
    counts the conversions for :func:`scout.steps.periodnotes.period_notes`; ``counted``
    what each candidate added to it (rank's ``_costed_itself`` takes it back); ``apart``
    gets the keys of those compared as they are, which rank orders after the others."""
    target, stating = implied_period(cands)
    as_is: dict[str, int] = {}
    for c in cands:
        per = _period(c)
        if per is None or per == target or c.video is not None:
            continue
        if target is not None:
            before = dict(periods)
            put_on_period(c, target, periods, BUDGET, span, work)
            if counted is not None:
                added = {k: n - before.get(k, 0) for k, n in periods.items()
                         if n != before.get(k, 0)}
                for k, n in added.items():
                    mine = counted.setdefault(c.key, {})
                    mine[k] = mine.get(k, 0) + n
            continue
        word = MEASURE_WORDS.get(per, per)
        c.flags.append(AS_IS_FLAG.format(per=word))
        as_is[word] = as_is.get(word, 0) + 1
        if apart is not None:
            apart.add(c.key)
    notes = [_as_is_note(n).format(count=n, per=per) for per, n in sorted(as_is.items())]
    if target is not None:
        notes.insert(0, _read_per_note(stating).format(
            count=stating, target=MEASURE_WORDS.get(target, target)))
    return notes


def set_apart(cands: list[Candidate], apart: set[str]) -> list[str]:
    """With no money asked and more prices stating no period than stating one (a laptop's), each
    price per a period of time beside them (a financing plan's "45 €/mes") flagged and
    its key put in ``apart`` (rank orders it after them: 45 a month is no cheaper than
    849 once); the notes saying so. Nothing where most state a period (rank then puts
    them on it: :func:`scout.steps.rank_peers.peer_period`)."""
    target, _ = implied_period(cands)
    priced = [_period(c) for c in cands if c.price is not None and c.video is None]
    # only where most prices state none: one of each (a flat's night beside a flat's
    # bare amount) says nothing of which the kind's are, so both are compared as they are
    if target is not None or 2 * sum(p is None for p in priced) <= len(priced):
        return []
    said: dict[str, int] = {}
    for c in cands:
        per = _period(c)
        if per is None or c.video is not None:
            continue
        word = MEASURE_WORDS.get(per, per)
        c.flags.append(APART_FLAG.format(per=word))
        said[word] = said.get(word, 0) + 1
        apart.add(c.key)
    return [_apart_note(n).format(count=n, per=per) for per, n in sorted(said.items())]
