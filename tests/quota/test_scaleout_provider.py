"""The scale-out benchmark's capped provider holds issue 16's definition of the cap
("cap + burst" answered requests in any one-second window) and measures the stricter
token-bucket reading of the arrivals."""

from __future__ import annotations

from benchmarks.scaleout_lib.provider import CappedTavily, strict_excess


class Clock:
    t = 100.0

    def __call__(self) -> float:
        return self.t


def test_window_answers_cap_plus_burst_a_second_then_refuses():
    clock = Clock()
    p = CappedTavily(20, 4, clock=clock)
    got = [p._take() for _ in range(30)]  # 30 at one instant
    assert got.count(True) == 24 and got[24:] == [False] * 6
    clock.t += 0.999
    assert not p._take()  # the window still holds the 24
    clock.t += 0.002
    assert all(p._take() for _ in range(24)) and not p._take()


def test_a_steady_stream_at_the_cap_is_never_refused():
    clock = Clock()
    p = CappedTavily(20, 4, clock=clock)
    for i in range(400):
        clock.t = 100.0 + i * 0.05
        assert p._take()
    assert p.strict_excess() == 0


def test_strict_excess_counts_bunches_beyond_the_burst():
    assert strict_excess([0.0] * 4, 20, 4) == 0
    assert strict_excess([0.0] * 6, 20, 4) == 2
    gcra = [0.0] * 4 + [i * 0.05 for i in range(1, 40)]  # burst, then one per interval
    assert strict_excess(gcra, 20, 4) == 0
    assert strict_excess(gcra + [1.0, 1.0], 20, 4) == 2  # two extra in one slot
