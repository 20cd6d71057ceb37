"""RemoteGraph: the GraphStore of a process that is not the owner, over the daemon's graph API.

Same methods, same types, same typed errors as the embedded DuckStore: a flow or the CLI does
not care which one `open_graph()` handed it. Table arguments travel as Arrow IPC.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pyarrow as pa

from resident.errors import DaemonNotRunning, ResidentError
from resident.memory.client import GraphStore, forwarding
from resident.memory.rows import _claims_table, _entities_table
from resident.memory.wire import (
    ARROW_STREAM,
    encode_tables,
    error_from_wire,
    graph_methods,
    query_value,
)
from resident.records import Entity, NewClaim


def raise_for_error(resp: httpx.Response) -> None:
    """Raise the daemon's JSON error as its typed ResidentError."""
    if resp.status_code < 400:
        return
    try:
        body = resp.json()
        code, message = str(body["error"]), str(body.get("message", ""))
    except (ValueError, KeyError, TypeError):
        code, message = "http_error", f"HTTP {resp.status_code}: {resp.text[:200]}"
    raise error_from_wire(code, message)


class _ResponseFile(io.RawIOBase):
    """A streamed HTTP body as a file, so pyarrow reads an export batch by batch."""

    def __init__(self, resp: httpx.Response) -> None:
        self._resp = resp
        self._chunks: Iterator[bytes] = resp.iter_bytes()
        self._pending = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while not self._pending:
            try:
                self._pending = next(self._chunks)
            except StopIteration:
                return 0
        n = min(len(buffer), len(self._pending))
        buffer[:n] = self._pending[:n]
        self._pending = self._pending[n:]
        return n

    def close(self) -> None:
        self._resp.close()
        super().close()


if TYPE_CHECKING:
    # For the type checker the generated methods are GraphStore's (and what this class writes
    # itself is checked against them); at run time `forwarding` writes them.
    _Graph = GraphStore
else:
    _Graph = object


@forwarding("_call", by_keyword=True)
class RemoteGraph(_Graph):
    """GraphStore over HTTP. `url` is the daemon's base URL, `token` a bearer token that may use
    the graph API (the service or owner token in tokens.json). Every GraphStore method is
    generated from the Protocol (resident.memory.client.forwarding) and travels through `_call`
    as the wire derives it (resident.memory.wire), so a new Protocol method needs no edit here."""

    def __init__(
        self,
        url: str,
        token: str,
        timeout: float = 600.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.url = url.rstrip("/")
        self._http = httpx.Client(
            base_url=self.url,
            timeout=httpx.Timeout(timeout, connect=5.0),
            transport=transport,
            headers={"Authorization": f"Bearer {token}"},
        )

    # plumbing

    def _send(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        try:
            resp = self._http.request(method, path, **kwargs)
        except httpx.TransportError as exc:
            raise DaemonNotRunning(f"the daemon at {self.url} did not answer: {exc}") from exc
        raise_for_error(resp)
        return resp

    def _call(self, method: str, /, **kwargs: Any) -> Any:
        spec = graph_methods()[method]
        tables = [kwargs.pop(p.name) for p in spec.table_params]
        if tables:
            body = encode_tables(
                [
                    _as_table(value, p.name)
                    for value, p in zip(tables, spec.table_params, strict=True)
                ]
            )
            params = {k: query_value(v) for k, v in kwargs.items() if v is not None}
            resp = self._send(
                "POST",
                f"/v1/graph/{method}",
                content=body,
                params=params,
                headers={"Content-Type": ARROW_STREAM},
            )
        else:
            resp = self._send("POST", f"/v1/graph/{method}", json=spec.dump_args(kwargs))
        return spec.load_result(resp.json()["result"])

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> RemoteGraph:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # the daemon itself

    def health(self) -> dict[str, Any]:
        """GET /healthz: the daemon reads and writes its graph to answer."""
        result: dict[str, Any] = self._send("GET", "/healthz").json()
        return result

    def snapshot(self, dest: Path) -> Path:
        """Ask the daemon to publish a consistent copy of the graph at `dest`, which must lie
        under the data directory's snapshots/ folder."""
        resp = self._send("POST", "/v1/graph/snapshot", json={"dest": str(dest)})
        return Path(resp.json()["path"])

    def claims_for_subjects(self, subjects: Sequence[str]) -> pa.Table:
        """Every claim about any of `subjects`, as they stand, as one Arrow table."""
        body = encode_tables([pa.table({"subject": pa.array(list(subjects), pa.string())})])
        resp = self._send(
            "POST",
            "/v1/graph/claims_for_subjects",
            content=body,
            headers={"Content-Type": ARROW_STREAM},
        )
        return pa.ipc.open_stream(resp.content).read_all()

    def export_table(self, table: str) -> pa.RecordBatchReader:
        """A whole table, streamed as Arrow record batches (read it to the end, or close it)."""
        request = self._http.build_request("GET", f"/v1/graph/export/{table}")
        try:
            resp = self._http.send(request, stream=True)
        except httpx.TransportError as exc:
            raise DaemonNotRunning(f"the daemon at {self.url} did not answer: {exc}") from exc
        if resp.status_code >= 400:
            resp.read()
            resp.close()
            raise_for_error(resp)
        try:
            # Buffered: pyarrow wants every read whole, an HTTP chunk is whatever arrived.
            return pa.ipc.open_stream(io.BufferedReader(_ResponseFile(resp), 1 << 20))
        except BaseException:
            resp.close()
            raise


def _as_table(value: Sequence[Entity] | Sequence[NewClaim] | pa.Table, param: str) -> pa.Table:
    """A table argument as Arrow: lists of models are converted with the store's own schemas."""
    if isinstance(value, pa.Table):
        return value
    items = list(value)
    if param == "entities":
        return _entities_table([_check(e, Entity) for e in items])
    if param == "claims":
        return _claims_table([_check(c, NewClaim) for c in items])
    raise ResidentError(f"no Arrow form known for the table argument {param!r}")


def _check(item: object, cls: type[Any]) -> Any:
    if not isinstance(item, cls):
        raise TypeError(f"expected {cls.__name__}, got {type(item).__name__}")
    return item
