"""Pictures for the HTML report, drawn as inline SVG: the phase DAG and a price-vs-rating
chart of the candidates.

A small renderer of our own rather than a plotting or graph-layout library: the pictures
are two fixed shapes (a layered DAG whose layers the orchestrator already computes, and a
scatter with two threshold lines), the output must be byte-identical for the same input
(reports are compared across runs and resumes), it must be self-contained (no fonts,
scripts or requests), and it has to run in the core install — matplotlib or graphviz
would add tens of MB and a C toolchain or system binary for a few hundred lines of SVG.

Every text that comes from a pipeline or a provider is XML-escaped; nothing here emits
script, style blocks with URLs, or external references.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

#: fill colour per phase state (the same palette as the mermaid DAG)
STATE_FILL = {
    "succeeded": "#c8f7c5", "succeeded_partial": "#fff3b0", "failed_terminal": "#f7c5c5",
    "failed_retryable": "#f7dcc5", "skipped": "#e0e0e0", "blocked_missing_input": "#e0d0f0",
    "stale": "#d0e0f0", "running": "#c5e0f7", "pending": "#ffffff",
}
FONT = "font-family=\"system-ui, -apple-system, Segoe UI, sans-serif\""


def _t(text: object) -> str:
    return escape(str(text), {'"': "&quot;"})


def _n(v: float) -> str:
    """Coordinates with one decimal at most, so output does not depend on float noise."""
    r = round(v, 1)
    return str(int(r)) if r == int(r) else f"{r:.1f}"


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- the DAG -----------------------------------------------------------------------------

NODE_W, NODE_H, GAP_X, GAP_Y, PAD = 168, 44, 24, 40, 16


def dag_svg(waves: Sequence[Sequence[str]], edges: Iterable[tuple[str, str]],
            labels: dict[str, str], states: dict[str, str] | None = None,
            *, title: str = "Phases", state_names: dict[str, str] | None = None) -> str:
    """The phase graph top to bottom, one row per wave (phases that can run together),
    each box filled by its state; ``labels`` is the second line of each box (e.g.
    ``search × candidates``), ``state_names`` translates state words for the caption."""
    states = states or {}
    state_names = state_names or {}
    width = max((len(w) for w in waves), default=1)
    total_w = PAD * 2 + width * NODE_W + (width - 1) * GAP_X
    total_h = PAD * 2 + len(waves) * NODE_H + max(len(waves) - 1, 0) * GAP_Y
    pos: dict[str, tuple[float, float]] = {}
    for row, wave in enumerate(waves):
        row_w = len(wave) * NODE_W + (len(wave) - 1) * GAP_X
        x0 = (total_w - row_w) / 2
        for col, pid in enumerate(wave):
            pos[pid] = (x0 + col * (NODE_W + GAP_X), PAD + row * (NODE_H + GAP_Y))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="dag" role="img" '
           f'viewBox="0 0 {_n(total_w)} {_n(total_h)}" width="{_n(total_w)}" '
           f'height="{_n(total_h)}" aria-label="{_t(title)}">',
           f"<title>{_t(title)}</title>",
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
           'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
           'fill="#555"/></marker></defs>']
    for u, v in sorted(set(edges)):
        if u not in pos or v not in pos:
            continue
        (x1, y1), (x2, y2) = pos[u], pos[v]
        sx, sy = x1 + NODE_W / 2, y1 + NODE_H
        ex, ey = x2 + NODE_W / 2, y2
        mid = (sy + ey) / 2
        out.append(f'<path class="edge" data-from="{_t(u)}" data-to="{_t(v)}" '
                   f'd="M{_n(sx)},{_n(sy)} C{_n(sx)},{_n(mid)} {_n(ex)},{_n(mid)} '
                   f'{_n(ex)},{_n(ey)}" fill="none" stroke="#555" stroke-width="1.2" '
                   'marker-end="url(#arrow)"/>')
    for pid, (x, y) in pos.items():
        state = states.get(pid, "pending")
        fill = STATE_FILL.get(state, "#ffffff")
        word = state_names.get(state, state.replace("_", " "))
        out.append(f'<g class="node" data-phase="{_t(pid)}" data-state="{_t(state)}">'
                   f'<title>{_t(pid)}: {_t(word)}</title>'
                   f'<rect x="{_n(x)}" y="{_n(y)}" width="{NODE_W}" height="{NODE_H}" rx="6" '
                   f'fill="{fill}" stroke="#444"/>'
                   f'<text x="{_n(x + 8)}" y="{_n(y + 18)}" font-size="13" font-weight="600" '
                   f'{FONT}>{_t(_clip(pid, 18))} · <tspan class="state">'
                   f'{_t(_clip(word, 14))}</tspan></text>'
                   f'<text x="{_n(x + 8)}" y="{_n(y + 35)}" font-size="11" fill="#333" '
                   f'{FONT}>{_t(_clip(labels.get(pid, ""), 24))}</text></g>')
    out.append("</svg>")
    return "\n".join(out)


# --- price vs rating ----------------------------------------------------------------------


@dataclass(frozen=True)
class Point:
    name: str
    price: float | None
    rating: float | None  # 0-10
    shortlisted: bool = False
    rank: int | None = None


CHART_W, CHART_H = 640, 360
LEFT, RIGHT, TOP, BOTTOM = 56, 24, 24, 48


def _label_at(cx: float, gap: float, text: str, size: int) -> str:
    """``x`` and anchor of a point's label: to its right, or to its left when it would
    run past the chart's right edge (the priciest candidate's name was cut off)."""
    wide = len(text) * size * 0.6  # a generous estimate of the text's width
    if cx + gap + wide <= CHART_W:
        return f'x="{_n(cx + gap)}"'
    return f'x="{_n(cx - gap)}" text-anchor="end"'


def _plottable(v: float | None) -> bool:
    return v is not None and math.isfinite(v) and 0 <= v <= _FARTHEST


#: the largest figure the chart places: past it, the axis's tick arithmetic
#: (``hi - lo``, ``10 ** digits``) leaves floats
_FARTHEST = 1e300


def _ticks(lo: float, hi: float, n: int = 5) -> list[float]:
    if hi <= lo:
        return [lo]
    raw = (hi - lo) / n
    mag = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1.0
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    first = (lo // step) * step
    out, v = [], first
    while v <= hi + 1e-9:
        if v >= lo - 1e-9:
            out.append(round(v, 6))
        v += step
    return out


def _legend(words: dict[str, str], kinds: set[bool]) -> list[str]:
    """What a filled and a hollow point mean, in the top margin (above the plot, where
    no point or line is drawn): one entry per kind of point the chart shows."""
    out, x = ['<g class="legend">'], float(LEFT)
    for shortlisted in (True, False):
        if shortlisted not in kinds:
            continue
        text = words["shortlisted" if shortlisted else "other"]
        mark = ('fill="#1e8449"' if shortlisted
                else 'fill="#fff" stroke="#7f8c8d" stroke-width="2"')
        out.append(f'<circle cx="{_n(x + 5)}" cy="12" r="5" {mark}/>'
                   f'<text x="{_n(x + 14)}" y="16" font-size="11" {FONT}>{_t(text)}</text>')
        x += 14 + len(text) * 11 * 0.6 + 16  # the label's estimated width and a gap
    out.append("</g>")
    return out


def price_rating_svg(points: Sequence[Point], *, budget: float | None = None,
                     min_rating: float | None = None, currency: str = "",
                     title: str = "Price and rating",
                     words: dict[str, str] | None = None,
                     number: Callable[[float], str] | None = None,
                     money: Callable[[float], str] | None = None,
                     rating: Callable[[float], str] | None = None,
                     rating_scale: int = 10) -> str | None:
    """A scatter of price (x) against rating (y, 0-10) for the candidates that have both,
    with the budget (vertical) and minimum-rating (horizontal) lines; shortlisted ones
    filled and numbered by rank, and a legend saying which is which. None when fewer than one candidate has both values.
    ``words`` translates the axis, line and legend labels (keys: price, rating, budget,
    minimum, shortlisted, other); ``number`` writes a number the report's language's way
    ('8,5' in Spanish; default: as coordinates are written); ``money`` and ``rating`` write
    a point's price and rating as the report's tables do ('180 €', '9,0/10'; default: the
    number with the currency code, '/10'). ``rating_scale``: the kind's (5, 10, 100): the
    rating axis and the minimum line are labelled on it ('90'), points placed on 0-10."""
    num = number or _n
    said_money = money or (lambda v: f"{num(v)} {currency}")
    said_rating = rating or (lambda v: f"{num(v * rating_scale / 10)}/{rating_scale}")

    def on_scale(v: float) -> str:  # a 0-10 value as the kind's readers write it
        return num(round(v * rating_scale / 10, 1))

    w = {"price": "price", "rating": "rating", "budget": "budget", "minimum": "minimum",
         "shortlisted": "shortlisted", "other": "other candidates", **(words or {})}
    # a point or line only where its figures are finite and on the axes (0 and up): a
    # listing's price of 1e308 or a NaN rating made no chart but a report that crashed
    usable = [p for p in points if _plottable(p.price) and _plottable(p.rating)]
    if not usable:
        return None
    budget = budget if _plottable(budget) else None
    min_rating = min_rating if _plottable(min_rating) else None
    prices = [float(p.price) for p in usable if p.price is not None]
    hi = max(prices + ([budget] if budget else []))
    lo = 0.0
    hi = hi * 1.1 if hi > 0 else 1.0
    r_lo = min([p.rating for p in usable if p.rating is not None] + [min_rating or 10.0])
    r_lo = max(0.0, min(r_lo - 0.5, 10.0) // 1)
    r_hi = 10.0
    pw, ph = CHART_W - LEFT - RIGHT, CHART_H - TOP - BOTTOM

    def x(v: float) -> float:
        return LEFT + (v - lo) / (hi - lo) * pw

    def y(v: float) -> float:
        return TOP + (r_hi - v) / (r_hi - r_lo) * ph if r_hi > r_lo else TOP

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
           f'viewBox="0 0 {CHART_W} {CHART_H}" width="{CHART_W}" height="{CHART_H}" '
           f'aria-label="{_t(title)}">', f"<title>{_t(title)}</title>",
           f'<rect x="{LEFT}" y="{TOP}" width="{pw}" height="{ph}" fill="#fafafa" '
           'stroke="#999"/>']
    for v in _ticks(lo, hi):
        out.append(f'<line x1="{_n(x(v))}" y1="{TOP + ph}" x2="{_n(x(v))}" y2="{TOP + ph + 4}" '
                   f'stroke="#666"/><text x="{_n(x(v))}" y="{TOP + ph + 16}" font-size="11" '
                   f'text-anchor="middle" {FONT}>{_t(num(v))}</text>')
    for v in _ticks(r_lo, r_hi, 4):
        out.append(f'<line x1="{LEFT - 4}" y1="{_n(y(v))}" x2="{LEFT}" y2="{_n(y(v))}" '
                   f'stroke="#666"/><text x="{LEFT - 6}" y="{_n(y(v) + 4)}" font-size="11" '
                   f'text-anchor="end" {FONT}>{_t(on_scale(v))}</text>')
    unit = f" ({_t(currency)})" if currency else ""
    out.append(f'<text x="{_n(LEFT + pw / 2)}" y="{CHART_H - 8}" font-size="12" '
               f'text-anchor="middle" {FONT}>{_t(w["price"])}{unit}</text>')
    out.append(f'<text x="14" y="{_n(TOP + ph / 2)}" font-size="12" text-anchor="middle" '
               f'transform="rotate(-90 14 {_n(TOP + ph / 2)})" {FONT}>{_t(w["rating"])} '
               f'(0-{rating_scale})</text>')
    if budget:
        out.append(f'<line class="budget" x1="{_n(x(budget))}" y1="{TOP}" x2="{_n(x(budget))}" '
                   f'y2="{TOP + ph}" stroke="#c0392b" stroke-dasharray="5,4"/>'
                   f'<text x="{_n(x(budget) + 4)}" y="{TOP + 12}" font-size="11" '
                   f'fill="#c0392b" {FONT}>{_t(w["budget"])} {_t(num(budget))}</text>')
    if min_rating is not None and r_lo <= min_rating <= r_hi:
        out.append(f'<line class="min-rating" x1="{LEFT}" y1="{_n(y(min_rating))}" '
                   f'x2="{LEFT + pw}" y2="{_n(y(min_rating))}" stroke="#2471a3" '
                   f'stroke-dasharray="5,4"/><text x="{LEFT + pw - 4}" '
                   f'y="{_n(y(min_rating) - 4)}" font-size="11" fill="#2471a3" '
                   f'text-anchor="end" {FONT}>{_t(w["minimum"])} {_t(on_scale(min_rating))}</text>')
    out.extend(_legend(w, {p.shortlisted for p in usable}))
    ordered = sorted(usable, key=lambda p: (p.shortlisted, -(p.rank or 0), p.name))
    for p in ordered:
        assert p.price is not None and p.rating is not None
        cx, cy = x(float(p.price)), y(float(p.rating))
        if p.shortlisted:
            out.append(f'<g class="point shortlisted" data-name="{_t(p.name)}">'
                       f'<title>{_t(p.name)}: {_t(said_money(float(p.price)))}, '
                       f'{_t(said_rating(float(p.rating)))}</title>'
                       f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="9" fill="#1e8449"/>'
                       f'<text x="{_n(cx)}" y="{_n(cy + 4)}" font-size="11" fill="#fff" '
                       f'text-anchor="middle" {FONT}>{p.rank or ""}</text>'
                       f'<text {_label_at(cx, 12, _clip(p.name, 28), 11)} y="{_n(cy + 4)}" '
                       f'font-size="11" {FONT}>{_t(_clip(p.name, 28))}</text></g>')
        else:
            out.append(f'<g class="point" data-name="{_t(p.name)}">'
                       f'<title>{_t(p.name)}: {_t(said_money(float(p.price)))}, '
                       f'{_t(said_rating(float(p.rating)))}</title>'
                       f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="6" fill="#fff" '
                       f'stroke="#7f8c8d" stroke-width="2"/>'
                       f'<text {_label_at(cx, 9, _clip(p.name, 28), 10)} y="{_n(cy + 4)}" '
                       f'font-size="10" fill="#555" {FONT}>{_t(_clip(p.name, 28))}</text></g>')
    out.append("</svg>")
    return "\n".join(out)
