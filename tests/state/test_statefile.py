"""Atomic state files: whole writes, a last good copy, honest loads of broken files."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pydantic import BaseModel

from resident.state.statefile import Source, StateFile

T0 = datetime(2026, 1, 1, tzinfo=UTC)


class Counter(BaseModel):
    n: int
    note: str = ""


def _file(tmp_path: Path) -> StateFile[Counter]:
    return StateFile(tmp_path / "state" / "counter.json", Counter, "counter")


def test_first_load_is_absent_and_writes_count_versions(tmp_path: Path) -> None:
    f = _file(tmp_path)
    assert f.load().source is Source.ABSENT
    assert f.write(Counter(n=1), T0) == 1
    assert f.write(Counter(n=2), T0 + timedelta(seconds=1)) == 2
    loaded = _file(tmp_path).load()
    assert loaded.source is Source.PRIMARY
    assert loaded.value == Counter(n=2)
    assert (loaded.seq, loaded.format, loaded.written_at) == (2, 1, T0 + timedelta(seconds=1))
    # The previous write is the last good copy, itself a complete envelope.
    backup = json.loads(f.last_good.read_text())
    assert (backup["seq"], backup["state"]) == (1, {"n": 1, "note": ""})


def test_a_new_process_continues_the_version_count(tmp_path: Path) -> None:
    f = _file(tmp_path)
    for n in range(3):
        f.write(Counter(n=n), T0)
    again = _file(tmp_path)
    again.load()
    assert again.write(Counter(n=9), T0) == 4


@pytest.mark.parametrize(
    "damage",
    ["empty", "truncated", "garbage", "checksum", "wrong_kind", "invalid_state", "whitespace"],
)
def test_a_broken_file_falls_back_to_the_last_good_copy(tmp_path: Path, damage: str) -> None:
    f = _file(tmp_path)
    f.write(Counter(n=1), T0)
    f.write(Counter(n=2), T0)
    text = f.path.read_text()
    broken = {
        "empty": "",
        "whitespace": "\n  \n",
        "truncated": text[: len(text) // 2],
        "garbage": "\x00\x01 not json",
        "checksum": text.replace('"n": 2', '"n": 7'),
        "wrong_kind": text.replace('"kind": "counter"', '"kind": "other"'),
        "invalid_state": json.dumps({**json.loads(text), "state": {"n": "x"}}),
    }[damage]
    f.path.write_text(broken)
    loaded = _file(tmp_path).load()
    assert loaded.source is Source.LAST_GOOD
    assert loaded.value == Counter(n=1)
    assert loaded.seq == 1
    assert len(loaded.problems) == 1 and loaded.problems[0].startswith("counter.json: ")


def test_both_broken_is_unknown_never_a_default(tmp_path: Path) -> None:
    f = _file(tmp_path)
    f.write(Counter(n=1), T0)
    f.write(Counter(n=2), T0)
    f.path.write_text("{")
    f.last_good.write_bytes(b"")
    loaded = _file(tmp_path).load()
    assert loaded.source is Source.UNKNOWN
    assert loaded.value is None
    assert [p.split(":")[0] for p in loaded.problems] == ["counter.json", "counter.json.last-good"]


def test_a_corrupt_primary_never_becomes_the_last_good_copy(tmp_path: Path) -> None:
    f = _file(tmp_path)
    f.write(Counter(n=1), T0)
    f.write(Counter(n=2), T0)
    f.path.write_text("torn")
    again = _file(tmp_path)
    assert again.load().value == Counter(n=1)
    again.write(Counter(n=3), T0)
    # The good backup survived, the broken file is kept for a person to look at.
    assert _file(tmp_path).load().value == Counter(n=3)
    assert json.loads(f.last_good.read_text())["state"]["n"] == 1
    assert f.broken.read_text() == "torn"
    again.write(Counter(n=4), T0)
    assert json.loads(f.last_good.read_text())["state"]["n"] == 3


def test_a_missing_primary_with_a_good_backup_recovers(tmp_path: Path) -> None:
    f = _file(tmp_path)
    f.write(Counter(n=1), T0)
    f.write(Counter(n=2), T0)
    f.path.unlink()
    loaded = _file(tmp_path).load()
    assert (loaded.source, loaded.value) == (Source.LAST_GOOD, Counter(n=1))


def test_load_never_writes(tmp_path: Path) -> None:
    f = _file(tmp_path)
    f.write(Counter(n=1), T0)
    f.write(Counter(n=2), T0)
    f.path.write_text("torn")
    before = {p.name: p.read_bytes() for p in f.path.parent.iterdir()}
    _file(tmp_path).load()
    assert {p.name: p.read_bytes() for p in f.path.parent.iterdir()} == before


def test_the_file_is_private_to_its_owner(tmp_path: Path) -> None:
    f = _file(tmp_path)
    f.write(Counter(n=1), T0)
    assert f.path.stat().st_mode & 0o077 == 0
