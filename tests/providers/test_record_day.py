"""The recording day: ``--record`` stamps it in the cassette manifest, ``--replay`` runs the
mission on it (so relative dates and "already past" notes resolve as they did), and a
manifest's ``day`` is checked like the rest of an untrusted cassette."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from scout.api import _cassette_day
from scout.errors import CassetteInvalid
from scout.providers.record import MANIFEST, Exchanges, recorded_day, stamp_day

DAY = dt.date(2025, 3, 14)


def test_stamped_day_survives_the_runs_manifest_writes(tmp_path: Path) -> None:
    stamp_day(tmp_path / "rec", DAY)
    store = Exchanges(tmp_path / "rec")
    # the runtime rewrites the manifest as it checks each link; the day stays
    store.write_manifest({"mission_id": "m", "links": {"a": {"ok": True, "reason": None}}})
    store.write_manifest({"mission_id": "m", "links": {"a": {"ok": True, "reason": None},
                                                       "b": {"ok": False, "reason": "x"}}})
    data = json.loads((tmp_path / "rec" / MANIFEST).read_text())
    assert data["day"] == "2025-03-14" and set(data["links"]) == {"a", "b"}
    assert recorded_day(tmp_path / "rec") == DAY
    # recording again into the same folder on another day stamps the new day
    stamp_day(tmp_path / "rec", dt.date(2025, 4, 1))
    assert recorded_day(tmp_path / "rec") == dt.date(2025, 4, 1)
    assert json.loads((tmp_path / "rec" / MANIFEST).read_text())["links"]["b"]["ok"] is False


def test_a_cassette_without_a_day_has_none(tmp_path: Path) -> None:
    assert recorded_day(tmp_path) is None  # no manifest at all
    Exchanges(tmp_path).write_manifest({"mission_id": "m", "links": {}})
    assert recorded_day(tmp_path) is None


@pytest.mark.parametrize("day", ["2025-13-01", "14/03/2025", 20250314, "2025-03-14T00:00",
                                 "", ["2025-03-14"]])
def test_a_bad_day_is_refused_like_any_malformed_cassette(tmp_path: Path, day: object) -> None:
    (tmp_path / MANIFEST).write_text(json.dumps({"mission_id": "m", "day": day, "links": {}}))
    with pytest.raises(CassetteInvalid, match="'day' must be"):
        Exchanges(tmp_path).check()


def opts(record: Path | None = None, replay: Path | None = None) -> SimpleNamespace:
    return SimpleNamespace(record_dir=record, replay_dir=replay)


def test_apply_day_under_record_and_replay(tmp_path: Path) -> None:
    rec = tmp_path / "rec"
    # recording with an injected day stamps that day; without one, today's
    assert _cassette_day(opts(record=rec), DAY) == DAY
    assert recorded_day(rec) == DAY
    # a replay runs on the recorded day; an explicit day still wins
    assert _cassette_day(opts(replay=rec), None) == DAY
    assert _cassette_day(opts(replay=rec), dt.date(2030, 1, 1)) == dt.date(2030, 1, 1)
    # neither (or no options): the caller's day, None meaning the clock's
    assert _cassette_day(None, None) is None
    assert _cassette_day(opts(), DAY) == DAY
    # an old cassette, recorded before days were stamped: today's date (None)
    old = tmp_path / "old"
    Exchanges(old).write_manifest({"mission_id": "m", "links": {}})
    assert _cassette_day(opts(replay=old), None) is None
    today = _cassette_day(opts(record=tmp_path / "new"), None)
    assert today is not None and recorded_day(tmp_path / "new") == today
