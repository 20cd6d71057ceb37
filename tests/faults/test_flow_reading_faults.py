"""The literature and ingest flows, run on a real Prefect server, handed paths MAX may not read
(issue 22, finding 1): each run fails with read_refused naming the path and the rule, and
nothing the file holds reaches the graph, the event log, the logs, or Prefect's artifacts."""

from __future__ import annotations

import os
from pathlib import Path

import duckdb
import pytest
from prefect.client.orchestration import get_client

from flows.ingest import ingest
from flows.literature import literature
from resident.config import load_settings
from resident.errors import ReadRefused, UnreadableDocument
from tests.flows.conftest import flow_env, prefect_server  # noqa: F401 (fixtures)

#: A line of /etc/passwd on every Linux: what must never be seen again.
MARK = "root:x:0:0"


def _cases(inbox: Path) -> dict[str, str]:
    link = inbox / "notes.txt"
    link.symlink_to("/etc/passwd")
    fifo = inbox / "pipe.txt"
    os.mkfifo(fifo)
    return {
        "passwd": "/etc/passwd",
        "symlink": str(link),
        "traversal": f"{inbox}/../../../../../../../../../etc/passwd",
        "fifo": str(fifo),
    }


def test_refused_paths_leave_no_trace(flow_env: Path) -> None:  # noqa: F811
    assert MARK in Path("/etc/passwd").read_text()
    inbox = flow_env / "inbox"
    inbox.mkdir(exist_ok=True)
    for case, path in _cases(inbox).items():
        with pytest.raises(UnreadableDocument) as err:
            literature(path=path)
        assert err.value.code == "read_refused", case
        assert path in str(err.value) and "refused by the rule" in str(err.value)
        assert MARK not in str(err.value)
    with pytest.raises(ReadRefused, match="allowed places"):
        ingest(source="/etc/passwd")
    # The inbox run skips the link and the FIFO: nothing read, nothing refused loudly.
    assert literature()["read"] == []

    settings = load_settings(data_dir=flow_env, env={})
    if settings.graph_path.exists():
        con = duckdb.connect(str(settings.graph_path), read_only=True)
        try:
            assert con.execute("SELECT count(*) FROM claims").fetchall()[0][0] == 0
        finally:
            con.close()
    for f in flow_env.rglob("*"):
        if f.is_file() and not f.is_symlink():
            assert MARK not in f.read_bytes().decode(errors="replace"), f

    async def artifacts() -> list[str]:
        async with get_client() as client:
            return [str(a.data) for a in await client.read_artifacts()]

    import asyncio

    assert not [a for a in asyncio.run(artifacts()) if MARK in a]
