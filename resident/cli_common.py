"""What every `resident` command shares: typed errors as one line, the settings of this
invocation, `--data-dir` and `--json` options, and the daemon-or-embedded choice."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from resident.config import Settings, load_settings
from resident.errors import ResidentError

if TYPE_CHECKING:
    from resident.daemon.client import DaemonClient
    from resident.memory.client import GraphStore

_F = TypeVar("_F", bound=Callable[..., Any])
_T = TypeVar("_T")


class ResidentGroup(click.Group):
    """Turns MAX's typed errors into one readable line and exit status 2, never a traceback."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except ResidentError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)


def settings_from(ctx: click.Context) -> Settings:
    """Settings for this invocation, loaded once per command line."""
    obj = ctx.ensure_object(dict)
    if "settings" not in obj:
        obj["settings"] = load_settings(config_path=obj.get("config"), data_dir=obj.get("data_dir"))
    return obj["settings"]


def _use_data_dir(ctx: click.Context, param: click.Parameter, value: Path | None) -> None:
    if value is not None:
        ctx.ensure_object(dict)["data_dir"] = value


#: `resident up --data-dir DIR` as well as `resident --data-dir DIR up`.
data_dir_option = click.option(
    "--data-dir",
    type=click.Path(path_type=Path),
    default=None,
    expose_value=False,
    callback=_use_data_dir,
    help="Data directory (default: data/ or RESIDENT_DATA_DIR).",
)


def json_option(what: str) -> Callable[[_F], _F]:
    """`--json` (as the command's `as_json` argument): print `what` as JSON instead of text."""
    return click.option("--json", "as_json", is_flag=True, help=f"Print {what} as JSON.")


def daemon_or_embedded(
    settings: Settings,
    daemon: Callable[[DaemonClient], _T],
    embedded: Callable[[GraphStore], _T],
) -> _T:
    """Ask the live daemon when one runs (it owns the graph), else open the graph here."""
    from resident.daemon.client import DaemonClient, open_graph

    client = DaemonClient.find(settings)
    if client is not None:
        with client:
            return daemon(client)
    with open_graph(settings) as graph:
        return embedded(graph)
