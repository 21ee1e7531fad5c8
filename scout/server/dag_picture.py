"""A small inline SVG of a mission's phase DAG for the dashboard (one row per wave).

The report's own renderer (``scout.report.svg.dag_svg``, on the visual branch) was not on
main when the dashboard was written; this one keeps the same contract — every phase is a
``<g class="node" data-phase=ID data-state=STATUS>`` — so the page's script can recolour
a phase by setting ``data-state`` (the CSS fills by state), and swapping renderers later
changes nothing else. Every id is XML-escaped; nothing here emits script or URLs.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

NODE_W, NODE_H, GAP_X, GAP_Y, PAD = 150, 40, 20, 34, 12


def _t(text: object) -> str:
    return escape(str(text), {'"': "&quot;"})


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def dag_picture(waves: Sequence[Sequence[str]], edges: Sequence[tuple[str, str]],
                states: dict[str, str], *, title: str = "Phases") -> str:
    width = max((len(w) for w in waves), default=1)
    total_w = PAD * 2 + width * NODE_W + (width - 1) * GAP_X
    total_h = PAD * 2 + len(waves) * NODE_H + max(len(waves) - 1, 0) * GAP_Y
    pos: dict[str, tuple[int, int]] = {}
    for row, wave in enumerate(waves):
        x0 = (total_w - (len(wave) * NODE_W + (len(wave) - 1) * GAP_X)) // 2
        for col, pid in enumerate(wave):
            pos[pid] = (x0 + col * (NODE_W + GAP_X), PAD + row * (NODE_H + GAP_Y))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="dag" role="img" '
           f'viewBox="0 0 {total_w} {total_h}" width="{total_w}" height="{total_h}" '
           f'aria-label="{_t(title)}"><title>{_t(title)}</title>']
    for u, v in sorted(set(edges)):
        if u in pos and v in pos:
            (x1, y1), (x2, y2) = pos[u], pos[v]
            out.append(f'<line class="edge" x1="{x1 + NODE_W // 2}" y1="{y1 + NODE_H}" '
                       f'x2="{x2 + NODE_W // 2}" y2="{y2}" stroke="#666"/>')
    for pid, (x, y) in pos.items():
        state = states.get(pid, "pending")
        out.append(f'<g class="node" data-phase="{_t(pid)}" data-state="{_t(state)}">'
                   f'<title>{_t(pid)}: {_t(state)}</title>'
                   f'<rect x="{x}" y="{y}" width="{NODE_W}" height="{NODE_H}" rx="6" '
                   f'stroke="#444"/><text x="{x + 8}" y="{y + 17}" font-size="13" '
                   f'font-weight="600">{_t(_clip(pid, 18))}</text>'
                   f'<text class="state" x="{x + 8}" y="{y + 33}" font-size="11">'
                   f'{_t(_clip(state.replace("_", " "), 22))}</text></g>')
    out.append("</svg>")
    return "".join(out)
