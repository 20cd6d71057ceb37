"""Is the graph file whole? Checked at boot, before the daemon opens it for writing, and (the
per-table read) by /healthz.

A DuckDB file cut short or with flipped bits may still open: its catalog sits at the front,
the damage shows only when a block is read (a checksum mismatch, a read past the end). So the
check reads the catalog, then every table: one row of each, then a sample of every column
(system sampling: whole vectors spread over the file, so damage anywhere has a fair chance to
be read; `sample_percent` of the rows). A file that fails is refused with ONE line naming it and
the recovery (the last good snapshot and `resident restore`, which moves the damaged file aside
rather than overwriting it).
"""

from __future__ import annotations

import re
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

import duckdb

from resident.errors import GraphDamaged

_SNAPSHOT = re.compile(r"^graph-\d{8}T\d{6}(\.\d+)?Z\.duckdb$")


@dataclass(frozen=True)
class IntegrityReport:
    tables: int
    rows_sampled: int
    seconds: float


def read_each_table(con: duckdb.DuckDBPyConnection, sample_percent: float = 0.0) -> int:
    """Read the catalog and every table (one row; with `sample_percent`, a sample of every
    column too). Returns the rows the sample read; raises what DuckDB raises."""
    tables = [
        (schema, name)
        for schema, name in con.execute(
            "SELECT schema_name, table_name FROM duckdb_tables() WHERE NOT internal"
        ).fetchall()
    ]
    sampled = 0
    for schema, name in tables:
        ref = f'"{schema}"."{name}"'
        con.execute(f"SELECT * FROM {ref} LIMIT 1").fetchall()
        if sample_percent > 0:
            # hash() of the whole row: every column of a sampled vector is decompressed.
            row = con.execute(
                f"SELECT count(*), bit_xor(hash(t)) FROM {ref} t "
                f"USING SAMPLE {sample_percent:g} PERCENT (system)"
            ).fetchone()
            sampled += int(row[0]) if row else 0
    return sampled


def last_snapshot(snapshots_dir: Path) -> Path | None:
    if not snapshots_dir.is_dir():
        return None
    found = sorted(p for p in snapshots_dir.iterdir() if _SNAPSHOT.match(p.name))
    return found[-1] if found else None


def recovery(path: Path, snapshots_dir: Path) -> str:
    snap = last_snapshot(snapshots_dir)
    if snap is None:
        return (
            f"no snapshot in {snapshots_dir} to restore; move {path.name} aside to start "
            "an empty graph"
        )
    return (
        f"the last good snapshot is {snap}; restore it with "
        f"`resident --data-dir {path.parent} restore {snap.name}` (the damaged file is kept "
        "beside it)"
    )


def check_graph(path: Path, snapshots_dir: Path, sample_percent: float = 2.0) -> IntegrityReport:
    """GraphDamaged (one line: the file, what failed, the recovery) unless the catalog and every
    table read cleanly. A missing file is not damage: a first boot makes one."""
    started = time.perf_counter()
    try:
        con = duckdb.connect(str(path), read_only=True)
    except duckdb.Error as exc:
        raise _damaged(path, snapshots_dir, exc) from None
    try:
        tables = con.execute("SELECT count(*) FROM duckdb_tables() WHERE NOT internal").fetchone()
        sampled = read_each_table(con, sample_percent)
    except duckdb.Error as exc:
        raise _damaged(path, snapshots_dir, exc) from None
    finally:
        con.close()
    return IntegrityReport(
        tables=int(tables[0]) if tables else 0,
        rows_sampled=sampled,
        seconds=time.perf_counter() - started,
    )


def _damaged(path: Path, snapshots_dir: Path, exc: Exception) -> GraphDamaged:
    what = " ".join(str(exc).split())[:160]
    return GraphDamaged(
        f"the graph file {path} is damaged ({type(exc).__name__}: {what}); it was not opened "
        f"for writing and is left as it is; {recovery(path, snapshots_dir)}"
    )


def restore_snapshot(path: Path, snapshots_dir: Path, name: str, stamp: str) -> Path | None:
    """Put snapshot `name` (a file in `snapshots_dir`) in place of the graph at `path`. The file
    it replaces is moved aside to <path>.damaged-<stamp> (with its WAL), never overwritten or
    removed; returns where it went (None when there was none). The snapshot is checked first:
    restoring a damaged one is refused."""
    snap = snapshots_dir / Path(name).name
    if not snap.is_file():
        raise GraphDamaged(f"no snapshot {snap}; the snapshots are in {snapshots_dir}")
    check_graph(snap, snapshots_dir)
    aside: Path | None = None
    if path.exists():
        aside = path.with_name(f"{path.name}.damaged-{stamp}")
        path.rename(aside)
        wal = path.with_name(path.name + ".wal")
        if wal.exists():
            wal.rename(aside.with_name(aside.name + ".wal"))
    temp = path.with_name(path.name + ".restoring")
    shutil.copyfile(snap, temp)
    temp.rename(path)
    return aside
