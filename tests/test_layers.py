"""The house's layout holds: every import points down the layers below, and no module or package
imports itself back through others. A new package must be given a layer here before it can land.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Ground up. A unit is a top-level module or package of resident/, or flows/. A unit may import
#: its own layer's units and those below; the package-level graph must still have no circle.
LAYERS: list[set[str]] = [
    # ground: typed errors, the clock, record types, settings, session ids, state on disk, events
    {
        "resident",
        "resident.errors",
        "resident.clock",
        "resident.records",
        "resident.report",
        "resident.config",
        "resident.config_reading",
        "resident.config_council",
        "resident.places",
        "resident.session",
        "resident.state",
        "resident.events",
        "resident.hidden_imports",
    },
    # pure rules
    {"resident.cognition"},
    # the graph: schemas, migrations, the store, the wire
    {"resident.memory"},
    # self and capabilities, over the graph
    {
        "resident.affect",
        "resident.body",
        "resident.people",
        "resident.awareness",
        "resident.language",
        "resident.learning",
        "resident.ingest",
        "resident.exploration",
        "resident.literature",
        "resident.council",
        "resident.hygiene",
        "resident.biometrics",
    },
    # processes: supervision, ownership of the data directory, the Prefect companions
    {"resident.house"},
    # the daemon (boot, HTTP API) and the way to the graph for every other process
    {"resident.daemon"},
    # what flows and people call
    {
        "resident.maintenance",
        "resident.cli",
        "resident.cli_common",
        "resident.cli_house",
        "resident.cli_report",
    },
    # Prefect flows on top
    {"flows"},
]


def _modules() -> dict[str, Path]:
    found = {}
    for path in [*ROOT.glob("resident/**/*.py"), *ROOT.glob("flows/**/*.py")]:
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Every module of ours that `name` imports, at the top or inside a function."""
    out: set[str] = set()
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package[: len(package) - (node.level - 1)]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            targets = [f"{base}.{a.name}" for a in node.names] + [base]
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def _unit(module: str) -> str:
    parts = module.split(".")
    return parts[0] if parts[0] == "flows" else ".".join(parts[:2])


def _layer(unit: str) -> int:
    for i, layer in enumerate(LAYERS):
        if unit in layer:
            return i
    raise AssertionError(f"{unit} has no layer in tests/test_layers.py: give it one")


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle in `graph`, or None (depth-first search with colours)."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def test_every_import_points_down() -> None:
    upward = [
        f"{module} ({_unit(module)}, layer {_layer(_unit(module))}) imports {dep} "
        f"({_unit(dep)}, layer {_layer(_unit(dep))})"
        for module, deps in sorted(_graph().items())
        for dep in sorted(deps)
        if _layer(_unit(dep)) > _layer(_unit(module))
    ]
    assert upward == []


def test_no_module_imports_itself_back() -> None:
    graph = _graph()
    # A package's __init__ re-exporting its own modules is not a circle of the design.
    for name in graph:
        graph[name] = {d for d in graph[name] if not name.startswith(d + ".")}
    assert _cycle(graph) is None


def test_no_package_imports_itself_back() -> None:
    units: dict[str, set[str]] = {}
    for module, deps in _graph().items():
        units.setdefault(_unit(module), set()).update(
            _unit(d) for d in deps if _unit(d) != _unit(module) and _unit(d) != "resident"
        )
    assert _cycle(units) is None


def test_the_checks_catch_what_they_claim() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    assert _layer("flows") > _layer("resident.daemon") > _layer("resident.memory")
