"""OBO 1.2 ontologies (the Human Phenotype Ontology's hp.obo): terms, synonyms, is_a edges.

Each [Term] becomes an entity with a stable id (`HP:0000118` -> `hp:0000118`), its synonyms as
aliases; each is_a line becomes an `is_a` claim and each def line a `definition` claim, located
at its line. Typedef stanzas and tags MAX has no use for are read past, never guessed at.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from resident.errors import MalformedSource
from resident.ingest._rows import (
    ClaimRows,
    EntityRows,
    ParsedSource,
    Progress,
    check_label,
    no_progress,
    provenance_for,
)
from resident.records import ID_PREFIXES

_TAG_LINE = re.compile(r"^([^\s:\[\]!]+):(.*)$")
_STANZA = re.compile(r"^\[([A-Za-z]+)\]$")
_OBO_ID = re.compile(r"^([A-Za-z][A-Za-z0-9_]*):(\S+)$")
#: What kind of thing an ontology's terms are, by id prefix.
KINDS = {"hp": "phenotype", "doid": "disease", "uberon": "anatomy"}


def stable_id(obo_id: str, path: Path, line: int) -> str:
    """`HP:0000118` -> `hp:0000118`, or MalformedSource when MAX has no stable prefix for it."""
    m = _OBO_ID.match(obo_id)
    if not m:
        raise MalformedSource(str(path), line, f"{obo_id!r} is not an ontology id (PREFIX:LOCAL)")
    prefix = m.group(1).lower()
    if prefix not in ID_PREFIXES:
        raise MalformedSource(
            str(path),
            line,
            f"id {obo_id!r} has a prefix MAX keeps no stable ids for "
            f"(known: {', '.join(ID_PREFIXES)})",
        )
    return f"{prefix}:{m.group(2)}"


def quoted(value: str, path: Path, line: int) -> str:
    """The leading double-quoted string of a def or synonym value, backslash escapes undone."""
    if not value.startswith('"'):
        raise MalformedSource(str(path), line, "expected a quoted string")
    out = []
    i = 1
    while i < len(value):
        ch = value[i]
        if ch == "\\" and i + 1 < len(value):
            out.append(value[i + 1])
            i += 2
            continue
        if ch == '"':
            return "".join(out)
        out.append(ch)
        i += 1
    raise MalformedSource(str(path), line, "unterminated quoted string")


@dataclass
class _Term:
    line: int
    id: str | None = None
    name: str | None = None
    name_line: int = 0
    synonyms: list[str] = field(default_factory=list)
    parents: list[tuple[str, int]] = field(default_factory=list)
    definition: tuple[str, int] | None = None


def _version(data_version: str) -> str:
    """`hp/releases/2025-01-16` -> `2025-01-16`; other forms are kept as they are."""
    _, sep, after = data_version.partition("releases/")
    return after.split("/")[0] if sep and after else data_version


def parse_obo(
    path: Path, confidence: float, progress: Progress = no_progress, every: int = 50_000
) -> ParsedSource:
    """Parse an OBO file whole, or refuse it with MalformedSource naming the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise MalformedSource(str(path), None, f"not UTF-8 text: {exc}") from exc
    lines = text.splitlines()
    total = len(lines)
    header: dict[str, str] = {}
    terms: list[_Term] = []
    term: _Term | None = None
    in_header = True
    skipping = False  # inside a stanza other than [Term]
    for number, raw in enumerate(lines, start=1):
        if number % every == 0:
            progress("parse", number, total)
        line = raw.strip()
        if not line or line.startswith("!"):
            continue
        if line.startswith("["):
            m = _STANZA.match(line)
            if not m:
                raise MalformedSource(str(path), number, f"bad stanza header {line!r}")
            in_header = False
            skipping = m.group(1) != "Term"
            term = None if skipping else _Term(line=number)
            if term is not None:
                terms.append(term)
            continue
        m = _TAG_LINE.match(line)
        if not m:
            raise MalformedSource(str(path), number, f"expected 'tag: value', found {line!r}")
        tag, value = m.group(1), m.group(2).strip()
        if in_header:
            header.setdefault(tag, value)
        elif term is not None and not skipping:
            _term_tag(term, tag, value, path, number)
    progress("parse", total, total)
    if "ontology" not in header:
        raise MalformedSource(str(path), None, "no 'ontology:' header line")
    if "data-version" not in header:
        raise MalformedSource(str(path), None, "no 'data-version:' header line")
    dataset = header["ontology"].removesuffix(".obo").strip().lower()
    version = _version(header["data-version"])
    return _build(path, dataset, version, terms, confidence)


def _term_tag(term: _Term, tag: str, value: str, path: Path, line: int) -> None:
    if tag == "id":
        if term.id is not None:
            raise MalformedSource(str(path), line, "a term with two id lines")
        term.id = stable_id(value.split()[0] if value else value, path, line)
    elif tag == "name":
        if term.name is not None:
            raise MalformedSource(str(path), line, "a term with two name lines")
        term.name = check_label(value, path, line)
        term.name_line = line
    elif tag == "synonym":
        term.synonyms.append(quoted(value, path, line))
    elif tag == "def":
        term.definition = (quoted(value, path, line), line)
    elif tag == "is_a":
        if not value:
            raise MalformedSource(str(path), line, "is_a without a parent id")
        term.parents.append((stable_id(value.split()[0], path, line), line))


def _build(
    path: Path, dataset: str, version: str, terms: list[_Term], confidence: float
) -> ParsedSource:
    entities = EntityRows()
    provenance = provenance_for(dataset, version)
    claims = ClaimRows(provenance=provenance, confidence=confidence)
    for term in terms:
        if term.id is None:
            raise MalformedSource(str(path), term.line, "a [Term] without an id line")
        if term.name is None:
            raise MalformedSource(str(path), term.line, f"term {term.id} has no name line")
        kind = KINDS.get(term.id.partition(":")[0], "term")
        if not entities.add(term.id, kind, term.name, term.synonyms):
            raise MalformedSource(str(path), term.line, f"term {term.id} is defined twice")
    name = path.name
    for term in terms:
        assert term.id is not None
        for parent, line in term.parents:
            if parent not in entities:
                raise MalformedSource(
                    str(path), line, f"is_a names {parent}, which this file does not define"
                )
            claims.add_edge(term.id, "is_a", parent, f"{name}:{line}")
        if term.definition is not None and term.definition[0].strip():
            text, line = term.definition
            claims.add_literal(term.id, "definition", text.strip(), f"{name}:{line}")
    return ParsedSource(
        dataset=dataset,
        version=version,
        path=path,
        entities=entities.table(),
        claims=claims.table(),
        records=len(terms),
        provenances=(provenance,),
    )


def term_ids(parsed: ParsedSource) -> set[str]:
    """The stable ids of an ontology's terms (for checking what annotations refer to)."""
    return set(parsed.entities.column("id").to_pylist())
