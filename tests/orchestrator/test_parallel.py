"""Parallel groups overlap in time; phases without a group never overlap anything.

Members that must run at the same time wait for each other to start (``wait_for``, see
tests/orchestrator/steps.py), then sleep: run one after the other they would fail, and
how fast a loaded machine starts them does not matter. Sleeps remain only where they
make an overlap that should not happen more likely to show.
"""

from __future__ import annotations


def _spans(ws):
    out = {}
    for c in ws.calls():
        out[c["phase"]] = (c["start"], c["end"])
    return out


def _overlap(a, b):
    return min(a[1], b[1]) - max(a[0], b[0])


def test_group_members_overlap_and_ungrouped_phases_run_alone(ws):
    p = ws.pipeline("""
        phases:
          A:  {uses: STEPS:echo, with: {sleep: 0.15}, produces: [a]}
          G1: {uses: STEPS:echo, needs: [a], parallel_group: 1, with: {sleep: 0.3, wait_for: [G2, G3]}, produces: [g1]}
          G2: {uses: STEPS:echo, needs: [a], parallel_group: 1, with: {sleep: 0.3, wait_for: [G1, G3]}, produces: [g2]}
          G3: {uses: STEPS:echo, needs: [a], parallel_group: 1, with: {sleep: 0.3, wait_for: [G1, G2]}, produces: [g3]}
          S1: {uses: STEPS:echo, needs: [a], with: {sleep: 0.15}, produces: [s1]}
          S2: {uses: STEPS:echo, needs: [a], with: {sleep: 0.15}, produces: [s2]}
          Z:  {uses: STEPS:echo, needs: [g1, g2, g3, s1, s2], with: {sleep: 0.05}, produces: [z]}
    """)
    r = ws.apply(p, sleep=None)
    assert r.exit_code == 0, {pid: st.reason for pid, st in r.phases.items()}
    sp = _spans(ws)
    # the three members of group 1 ran at the same time: each saw the others start, then
    # slept 0.3 s
    for x, y in (("G1", "G2"), ("G1", "G3"), ("G2", "G3")):
        assert _overlap(sp[x], sp[y]) >= 0.3, (x, y, sp)
    # every phase without a group ran on its own: it overlaps nothing
    for solo in ("A", "S1", "S2", "Z"):
        for other in sp:
            if other != solo:
                assert _overlap(sp[solo], sp[other]) <= 0, (solo, other, sp)


def test_two_groups_do_not_mix(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:echo, produces: [a]}
          X1: {uses: STEPS:echo, needs: [a], parallel_group: x, with: {sleep: 0.15, wait_for: [X2]}, produces: [x1]}
          X2: {uses: STEPS:echo, needs: [a], parallel_group: x, with: {sleep: 0.15, wait_for: [X1]}, produces: [x2]}
          Y1: {uses: STEPS:echo, needs: [a], parallel_group: y, with: {sleep: 0.15, wait_for: [Y2]}, produces: [y1]}
          Y2: {uses: STEPS:echo, needs: [a], parallel_group: y, with: {sleep: 0.15, wait_for: [Y1]}, produces: [y2]}
    """)
    r = ws.apply(p, sleep=None)
    assert r.exit_code == 0, {pid: st.reason for pid, st in r.phases.items()}
    sp = _spans(ws)
    assert _overlap(sp["X1"], sp["X2"]) >= 0.15 and _overlap(sp["Y1"], sp["Y2"]) >= 0.15
    for x in ("X1", "X2"):
        for y in ("Y1", "Y2"):
            assert _overlap(sp[x], sp[y]) <= 0


def test_group_fanouts_share_the_workers_round_robin(ws):
    """More lanes than workers: every member of the group starts at once. Before, the
    first fan-out's lanes took every worker until all its items were done, so a long
    fan-out (or a one-call phase) declared after it waited (benchmarks/mission.py)."""
    (ws.root / "config" / "adapters.yaml").write_text(
        "apiVersion: scout/v1\nkind: Config\nmax_workers: 3\n")
    p = ws.pipeline("""
        phases:
          L: {uses: STEPS:items, with: {n: 6}, produces: [items]}
          A: {uses: STEPS:per_item, needs: [items], for_each: items, as: item, max_parallel: 3,
              parallel_group: g, with: {sleep: 0.05, wait_for: [B, C]}, produces: [a]}
          B: {uses: STEPS:per_item, needs: [items], for_each: items, as: item, max_parallel: 3,
              parallel_group: g, with: {sleep: 0.05}, produces: [b]}
          C: {uses: STEPS:echo, needs: [items], parallel_group: g, produces: [c]}
    """)
    # A's items wait for B and C to start: if A's lanes took every worker, they never
    # would, and A fails
    r = ws.apply(p, sleep=None)
    assert r.exit_code == 0, {pid: st.reason for pid, st in r.phases.items()}
    calls = [c for c in ws.calls() if c["phase"] in ("A", "B", "C")]
    first_a_end = min(c["end"] for c in calls if c["phase"] == "A")
    # B's first item and C started before A's first item had even finished
    assert min(c["start"] for c in calls if c["phase"] == "B") < first_a_end
    assert min(c["start"] or c["end"] for c in calls if c["phase"] == "C") < first_a_end
