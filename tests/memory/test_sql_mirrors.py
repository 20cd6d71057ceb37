"""The rules written twice, once in Python (records, cognition) and once in SQL (the migrations'
CHECKs, the store's expressions), say the same thing. The SQL side is read from the live graph's
catalog, so a later migration is held to the same standard as 001."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from resident.cognition.epistemic import level_for
from resident.config import Settings
from resident.memory.duck_store import DuckStore
from resident.memory.sql_rules import _level_sql
from resident.records import ENTITY_ID_RE, ID_PREFIXES, PREDICATE_RE

#: RE2's \s is [\t\n\f\r ]; Python's also takes \v and Unicode spaces. Strings drawn without
#: those must get the same verdict on both sides; with them Python may only be stricter.
_ASCII = st.characters(codec="ascii", exclude_characters="\v\x1c\x1d\x1e\x1f")
#: The store is only read (SELECTs of expressions), so one store serves every example.
_PROPS = hsettings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _check_pattern(store: DuckStore, table: str, column: str) -> str:
    rows = store._cur.execute(
        "SELECT expression FROM duckdb_constraints() "
        "WHERE table_name = ? AND constraint_type = 'CHECK'",
        [table],
    ).fetchall()
    for (expression,) in rows:
        found = re.search(rf"regexp_full_match\({column}, '((?:[^']|'')*)'\)", expression)
        if found:
            return found.group(1).replace("''", "'")
    raise AssertionError(f"no regexp CHECK on {table}.{column}")


def _db_accepts(store: DuckStore, pattern: str, value: str) -> bool:
    row = store._cur.execute("SELECT regexp_full_match(?, ?)", [value, pattern]).fetchall()
    return bool(row[0][0])


def test_every_python_prefix_is_one_the_database_accepts(store: DuckStore) -> None:
    pattern = _check_pattern(store, "entities", "id")
    for prefix in ID_PREFIXES:
        assert _db_accepts(store, pattern, f"{prefix}:x1")
        assert ENTITY_ID_RE.match(f"{prefix}:x1")
    assert not _db_accepts(store, pattern, "nosuchprefix:x1")
    assert not ENTITY_ID_RE.match("nosuchprefix:x1")


def test_a_trailing_newline_is_refused_on_both_sides(store: DuckStore) -> None:
    assert not PREDICATE_RE.match("is_a\n")
    assert not _db_accepts(store, _check_pattern(store, "claims", "predicate"), "is_a\n")
    assert not ENTITY_ID_RE.match("hp:0001\n")
    assert not _db_accepts(store, _check_pattern(store, "entities", "id"), "hp:0001\n")


@_PROPS
@given(
    prefix=st.sampled_from([*ID_PREFIXES, "nope", ""]),
    rest=st.text(_ASCII, max_size=12),
    wild=st.text(max_size=12),
)
def test_entity_ids_python_never_looser_than_sql(
    store: DuckStore, prefix: str, rest: str, wild: str
) -> None:
    pattern = _check_pattern(store, "entities", "id")
    plain = f"{prefix}:{rest}"
    assert bool(ENTITY_ID_RE.match(plain)) == _db_accepts(store, pattern, plain)
    odd = f"{prefix}:{wild}"
    assert not ENTITY_ID_RE.match(odd) or _db_accepts(store, pattern, odd)


@_PROPS
@given(value=st.text(_ASCII, max_size=70), wild=st.text(max_size=70))
def test_predicates_python_never_looser_than_sql(store: DuckStore, value: str, wild: str) -> None:
    pattern = _check_pattern(store, "claims", "predicate")
    assert bool(PREDICATE_RE.match(value)) == _db_accepts(store, pattern, value)
    assert not PREDICATE_RE.match(wild) or _db_accepts(store, pattern, wild)


@_PROPS
@given(belief_at=st.floats(0.05, 0.95), confidence=st.floats(0.0, 1.0))
def test_the_level_rule_in_sql_matches_level_for(
    store: DuckStore, settings: Settings, belief_at: float, confidence: float
) -> None:
    epistemic = settings.epistemic.model_copy(update={"belief_at": belief_at})
    varied = settings.model_copy(update={"epistemic": epistemic})
    sql = _level_sql(varied)
    row = store._cur.execute(
        f"SELECT {sql} FROM (SELECT CAST(NULL AS VARCHAR) AS rung, ?::DOUBLE AS confidence)",
        [confidence],
    ).fetchall()
    assert row[0][0] == level_for(confidence, epistemic).value
