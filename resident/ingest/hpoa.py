"""HPO annotation tables (phenotype.hpoa): disease -> phenotype claims with OMIM and ORPHA ids.

The annotations only mean something against the ontology they cite, so an hpoa source is
written together with its hp.obo: phenotype terms, diseases and annotations land in one
transaction, and an annotation naming a term the ontology lacks refuses the whole file.
"""

from __future__ import annotations

import re
from pathlib import Path

import pyarrow as pa

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
from resident.ingest.obo import stable_id, term_ids

DATASET = "hpo-annotations"
COLUMNS = (
    "database_id",
    "disease_name",
    "qualifier",
    "hpo_id",
    "reference",
    "evidence",
    "onset",
    "frequency",
    "sex",
    "modifier",
    "aspect",
    "biocuration",
)
_DISEASE = re.compile(r"^(OMIM|ORPHA|DECIPHER):(\d+)$")
_HPO = re.compile(r"^HP:\d{7}$")
#: The annotation's aspect names what the term says about the disease.
ASPECTS = {
    "P": "phenotype",
    "I": "inheritance",
    "C": "clinical_course",
    "M": "clinical_modifier",
    "H": "past_medical_history",
}
#: Disease databases MAX has stable ids for; DECIPHER rows are counted and left out.
DISEASE_PREFIXES = {"OMIM": "omim", "ORPHA": "orpha"}


def predicate_for(aspect: str, negated: bool) -> str:
    """`has_phenotype`, or `lacks_phenotype` for a NOT annotation (and so on per aspect)."""
    return f"{'lacks' if negated else 'has'}_{ASPECTS[aspect]}"


def references(field: str) -> tuple[str, ...]:
    """The references one annotation cites (`OMIM:1;PMID:2` -> each its own evidence source),
    in order, without blanks or repeats. Whether two are independent is not decided here
    (resident.cognition.independence)."""
    out: list[str] = []
    for ref in field.split(";"):
        ref = ref.strip()
        if ref and ref not in out:
            out.append(ref)
    return tuple(out)


def parse_hpoa(
    path: Path,
    ontology: ParsedSource,
    confidence: float,
    progress: Progress = no_progress,
    every: int = 50_000,
) -> ParsedSource:
    """Parse an annotation table whole against its ontology, or refuse it naming the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise MalformedSource(str(path), None, f"not UTF-8 text: {exc}") from exc
    lines = text.splitlines()
    total = len(lines)
    known_terms = term_ids(ontology)
    header: dict[str, str] = {}
    version: str | None = None
    provenance = ""
    columns_seen = False
    entities = EntityRows()
    names: dict[str, list[str]] = {}
    claims: ClaimRows | None = None
    skipped: dict[str, int] = {}
    records = 0
    name = path.name
    for number, line in enumerate(lines, start=1):
        if number % every == 0:
            progress("parse", number, total)
        if not line.strip():
            continue
        if not columns_seen:
            if line.startswith("#"):
                key, _, value = line[1:].partition(":")
                header[key.strip()] = value.strip()
                continue
            if tuple(line.split("\t")) != COLUMNS:
                raise MalformedSource(
                    str(path), number, f"expected the column header {' '.join(COLUMNS)}"
                )
            version = header.get("version")
            if not version:
                raise MalformedSource(str(path), number, "no '#version:' line before the header")
            provenance = provenance_for(DATASET, version)
            claims = ClaimRows(provenance=provenance, confidence=confidence)
            columns_seen = True
            continue
        assert claims is not None
        fields = line.split("\t")
        if len(fields) != len(COLUMNS):
            raise MalformedSource(
                str(path),
                number,
                f"expected {len(COLUMNS)} tab-separated fields, found {len(fields)}",
            )
        database_id, disease_name, qualifier, hpo_id = fields[0], fields[1], fields[2], fields[3]
        reference, aspect = fields[4], fields[10]
        records += 1
        m = _DISEASE.match(database_id)
        if not m:
            raise MalformedSource(
                str(path), number, f"database_id {database_id!r} is not OMIM:, ORPHA: or DECIPHER:"
            )
        if not _HPO.match(hpo_id):
            raise MalformedSource(str(path), number, f"hpo_id {hpo_id!r} is not HP:nnnnnnn")
        if qualifier not in ("", "NOT"):
            raise MalformedSource(str(path), number, f"qualifier {qualifier!r} is not '' or NOT")
        if aspect not in ASPECTS:
            raise MalformedSource(
                str(path), number, f"aspect {aspect!r} is not one of {', '.join(ASPECTS)}"
            )
        phenotype = stable_id(hpo_id, path, number)
        if phenotype not in known_terms:
            raise MalformedSource(
                str(path),
                number,
                f"{hpo_id} is not a term of {ontology.path.name} ({ontology.version})",
            )
        label = check_label(disease_name, path, number)
        prefix = DISEASE_PREFIXES.get(m.group(1))
        if prefix is None:
            reason = f"{m.group(1)} rows (no stable id prefix for {m.group(1)})"
            skipped[reason] = skipped.get(reason, 0) + 1
            continue
        disease = f"{prefix}:{m.group(2)}"
        names.setdefault(disease, []).append(label)
        claims.add_edge(
            disease,
            predicate_for(aspect, qualifier == "NOT"),
            phenotype,
            f"{name}:{number}",
            references(reference),
        )
    progress("parse", total, total)
    if claims is None or version is None:
        raise MalformedSource(str(path), None, "no column header line: not an hpoa table")
    for disease, labels in names.items():
        # The first name a disease is given is its label; any others become aliases.
        entities.add(disease, "disease", labels[0], labels[1:])
    return ParsedSource(
        dataset=DATASET,
        version=version,
        path=path,
        entities=pa.concat_tables([ontology.entities, entities.table()]),
        claims=pa.concat_tables([ontology.claims, claims.table()]),
        records=records,
        provenances=(*ontology.provenances, provenance),
        skipped=skipped,
    )
