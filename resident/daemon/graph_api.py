"""The graph API: every GraphStore method for other processes, plus snapshots and Arrow bulk reads.

`POST /v1/graph/<method>` takes the method's arguments as JSON (or its table arguments as Arrow
IPC streams, scalars in the query string) and answers `{"result": ...}`; see resident.memory.wire.
Only the owner and service tokens may use it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse, StreamingResponse

from resident.daemon.edge import check_table, check_text, check_tree
from resident.daemon.runtime import Runtime
from resident.daemon.security import require
from resident.errors import InvalidInput, NotFound
from resident.memory.wire import ARROW_STREAM, decode_tables, encode_tables, graph_methods


def _content_type(request: Request) -> str:
    return request.headers.get("content-type", "").split(";")[0].strip().lower()


async def _json_body(request: Request) -> Any:
    raw = await request.body()
    if not raw:
        return {}
    try:
        body = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise InvalidInput(f"body is not valid JSON: {exc}") from exc
    check_tree(body)
    return body


def snapshot_dest(root: Path, requested: Any) -> Path:
    """Where a snapshot may be written: a file under `root` (InvalidInput otherwise)."""
    if requested is None or requested == "":
        return root / "graph.duckdb"
    if not isinstance(requested, str):
        raise InvalidInput("dest must be a string: a file name under the snapshots folder")
    check_text(requested, "dest")
    dest = Path(requested)
    dest = (dest if dest.is_absolute() else root / dest).resolve()
    if root not in dest.parents:
        raise InvalidInput(f"a snapshot must be written under {root}, not {dest}")
    if dest.is_dir():
        raise InvalidInput(f"dest {dest} is a folder; name a file to write the snapshot to")
    if dest.exists() and not dest.is_file():
        raise InvalidInput(f"dest {dest} exists and is not a regular file")
    return dest


def build_router(runtime: Runtime) -> APIRouter:
    router = APIRouter(prefix="/v1/graph")

    @router.post("/snapshot")
    async def snapshot(request: Request) -> dict[str, Any]:
        """Publish a consistent copy of the graph under data/snapshots/ (atomic rename)."""
        require(request, "owner", "service")
        body = await _json_body(request)
        if not isinstance(body, dict):
            raise InvalidInput("body must be a JSON object")
        if set(body) - {"dest"}:
            raise InvalidInput(f"snapshot takes only dest, not {sorted(set(body) - {'dest'})}")
        dest = snapshot_dest(runtime.settings.snapshots_dir.resolve(), body.get("dest"))
        path = await runtime.in_graph(lambda: runtime.graph.snapshot(dest))
        return {"path": str(path), "bytes": path.stat().st_size}

    @router.post("/claims_for_subjects")
    async def claims_for_subjects(request: Request) -> Response:
        """Bulk read: every claim about the listed subjects, as an Arrow IPC stream. The body is
        an Arrow table with a `subject` column, or JSON {"subjects": [...]}."""
        require(request, "owner", "service")
        if _content_type(request) == ARROW_STREAM:
            table = check_table(decode_tables(await request.body(), 1)[0], "subjects")
            if "subject" not in table.column_names:
                raise InvalidInput("the Arrow table needs a `subject` column")
            subjects = [s for s in table.column("subject").to_pylist() if s is not None]
        else:
            body = await _json_body(request)
            listed = body.get("subjects") if isinstance(body, dict) else None
            if not isinstance(listed, list) or not all(isinstance(s, str) for s in listed):
                raise InvalidInput('body must be {"subjects": [<entity id>, ...]}')
            subjects = listed
        result = await runtime.in_graph(lambda: runtime.graph.claims_for_subjects(subjects))
        return Response(encode_tables([result]), media_type=ARROW_STREAM)

    @router.get("/export/{table}")
    async def export(table: str, request: Request) -> StreamingResponse:
        """A whole table as an Arrow IPC stream, batch by batch."""
        require(request, "owner", "service")
        reader = await runtime.in_graph(lambda: runtime.graph.export_table(table))
        return StreamingResponse(arrow_chunks(reader), media_type=ARROW_STREAM)

    @router.post("/{method}")
    async def call(method: str, request: Request) -> JSONResponse:
        """Any GraphStore method by name."""
        require(request, "owner", "service")
        spec = graph_methods().get(method)
        if spec is None:
            raise NotFound(f"the graph API has no method {method!r}")
        if _content_type(request) == ARROW_STREAM:
            if not spec.table_params:
                raise InvalidInput(f"{method} takes no table argument; send JSON")
            tables = [
                check_table(t, p.name)
                for p, t in zip(
                    spec.table_params,
                    decode_tables(await request.body(), len(spec.table_params)),
                    strict=True,
                )
            ]
            raw: dict[str, Any] = dict(request.query_params)
            check_tree(raw, "query")
            raw.update({p.name: t for p, t in zip(spec.table_params, tables, strict=True)})
        else:
            body = await _json_body(request)
            if not isinstance(body, dict):
                raise InvalidInput("body must be a JSON object of the method's arguments")
            raw = body
        kwargs = spec.parse_args(raw)
        target = getattr(runtime.graph, method)
        result = await runtime.in_graph(lambda: target(**kwargs))
        return JSONResponse({"result": spec.dump_result(result)})

    return router


def arrow_chunks(reader: pa.RecordBatchReader) -> Iterator[bytes]:
    """One Arrow IPC stream, yielded a record batch at a time."""
    buffer = _Chunks()
    try:
        with pa.ipc.new_stream(buffer, reader.schema) as writer:
            for batch in reader:
                writer.write_batch(batch)
                yield from buffer.drain()
        yield from buffer.drain()
    finally:
        reader.close()


class _Chunks:
    """A write-only file that hands back what was written since the last drain."""

    def __init__(self) -> None:
        self._parts: list[bytes] = []
        self.closed = False

    def write(self, data: Any) -> int:
        chunk = bytes(data)
        self._parts.append(chunk)
        return len(chunk)

    def flush(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True

    def drain(self) -> Iterator[bytes]:
        if self._parts:
            out = b"".join(self._parts)
            self._parts.clear()
            yield out
