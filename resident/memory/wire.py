"""The graph API's wire format, shared by the daemon and RemoteGraph.

Every GraphStore method travels as `POST /v1/graph/<method>`: a JSON object of its arguments in,
`{"result": ...}` out, both derived from the Protocol's own type hints so the two sides cannot
drift. Table arguments (`Sequence[...] | pa.Table`) may instead travel as Arrow: the body is one
Arrow IPC stream per table argument, back to back in signature order, and the other arguments
ride in the query string. Errors come back as `{"error": code, "message": ...}` and are raised
again client side as the ResidentError subclass with that code.
"""

from __future__ import annotations

import functools
import inspect
import types
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import pyarrow as pa
from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, TypeAdapter, create_model
from pydantic_core import to_jsonable_python

from resident.errors import InvalidInput, ResidentError

ARROW_STREAM = "application/vnd.apache.arrow.stream"
#: Protocol methods that make no sense over the wire: a client closes its own connection.
NOT_SERVED = frozenset({"close"})
#: Bounds of the integer arguments, by name: out of range is invalid_input at the edge, never
#: a DuckDB error (a negative LIMIT, a 2**70 that overflows BIGINT) or a list of 10**12 bins.
INT_BOUNDS: dict[str, tuple[int, int]] = {
    "limit": (1, 100_000),
    "bins": (1, 1_000),
    "priority": (0, 1_000_000),
    "min_attempts": (0, 1_000_000),
}


@dataclass(frozen=True)
class Param:
    name: str
    annotation: Any
    default: Any
    table: bool


@dataclass(frozen=True)
class MethodSpec:
    """One GraphStore method as the wire sees it."""

    name: str
    params: tuple[Param, ...]
    args_model: type[BaseModel]
    result: TypeAdapter[Any]

    @property
    def table_params(self) -> tuple[Param, ...]:
        return tuple(p for p in self.params if p.table)

    def parse_args(self, data: dict[str, Any]) -> dict[str, Any]:
        """Validated keyword arguments; pydantic.ValidationError on bad input."""
        model = self.args_model.model_validate(data)
        return {p.name: getattr(model, p.name) for p in self.params}

    def dump_args(self, kwargs: dict[str, Any]) -> dict[str, Any]:
        return {k: to_jsonable_python(v) for k, v in kwargs.items()}

    def dump_result(self, value: Any) -> Any:
        return self.result.dump_python(value, mode="json")

    def load_result(self, data: Any) -> Any:
        return self.result.validate_python(data)


def _is_table_param(annotation: Any) -> bool:
    return typing.get_origin(annotation) in (typing.Union, types.UnionType) and any(
        arg is pa.Table for arg in typing.get_args(annotation)
    )


def _wire_annotation(name: str, annotation: Any) -> Any:
    bounds = INT_BOUNDS.get(name)
    if bounds is not None and annotation in (int, int | None):
        # strict: 1e12 or "5" is a type mistake, not a number to round.
        bounded = typing.Annotated[int, Field(ge=bounds[0], le=bounds[1], strict=True)]
        return bounded if annotation is int else bounded | None
    # A naive datetime would reach the store and fail deep inside; refuse it at the edge.
    if annotation is datetime:
        return AwareDatetime
    if annotation == datetime | None:
        return AwareDatetime | None
    return annotation


def protocol_methods() -> list[str]:
    """The GraphStore Protocol's method names, in declaration order."""
    from resident.memory.client import graph_method_names

    return graph_method_names()


@functools.cache
def graph_methods() -> dict[str, MethodSpec]:
    """Every served GraphStore method, by name."""
    from resident.memory.client import GraphStore

    specs: dict[str, MethodSpec] = {}
    for name in protocol_methods():
        if name in NOT_SERVED:
            continue
        fn = getattr(GraphStore, name)
        hints = typing.get_type_hints(fn)
        params = []
        fields: dict[str, Any] = {}
        for pname, p in inspect.signature(fn).parameters.items():
            if pname == "self":
                continue
            annotation = hints[pname]
            table = _is_table_param(annotation)
            params.append(Param(pname, annotation, p.default, table))
            default = ... if p.default is inspect.Parameter.empty else p.default
            fields[pname] = (_wire_annotation(pname, annotation), default)
        model = create_model(
            f"{name}_args",
            __config__=ConfigDict(arbitrary_types_allowed=True, extra="forbid"),
            **fields,
        )
        returns: Any = hints["return"]  # a type, never a string here (get_type_hints)
        specs[name] = MethodSpec(name, tuple(params), model, TypeAdapter(returns))
    return specs


# -- Arrow -------------------------------------------------------------------------------------


def encode_tables(tables: Sequence[pa.Table]) -> bytes:
    """Arrow IPC streams, one per table, back to back."""
    sink = pa.BufferOutputStream()
    for table in tables:
        with pa.ipc.new_stream(sink, table.schema) as writer:
            writer.write_table(table)
    return sink.getvalue().to_pybytes()


def decode_tables(body: bytes, count: int) -> list[pa.Table]:
    """Exactly `count` Arrow IPC streams from `body`; InvalidInput otherwise."""
    source = pa.BufferReader(body)
    tables = []
    try:
        for _ in range(count):
            tables.append(pa.ipc.open_stream(source).read_all())
    except (pa.ArrowInvalid, OSError) as exc:
        raise InvalidInput(
            f"body must hold {count} Arrow IPC stream(s), got {len(tables)} readable: {exc}"
        ) from exc
    if source.tell() != len(body):
        raise InvalidInput(f"body holds more than the {count} Arrow IPC stream(s) expected")
    return tables


def query_value(value: Any) -> str:
    """A scalar argument as it rides in the query string of an Arrow request."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)


# -- errors ------------------------------------------------------------------------------------


def _error_classes() -> dict[str, type[ResidentError]]:
    found: dict[str, type[ResidentError]] = {}
    pending: list[type[ResidentError]] = [ResidentError]
    while pending:
        cls = pending.pop()
        found.setdefault(cls.code, cls)
        pending.extend(cls.__subclasses__())
    return found


def error_from_wire(code: str, message: str) -> ResidentError:
    """The typed error a daemon reported, rebuilt client side (message as the daemon said it)."""
    cls = _error_classes().get(code)
    if cls is None:
        exc = ResidentError(f"{code}: {message}")
        exc.code = code
        return exc
    # Skip subclass constructors (ConfigError(key, problem), ...): the message is already built.
    rebuilt = cls.__new__(cls)
    Exception.__init__(rebuilt, message)
    return rebuilt
