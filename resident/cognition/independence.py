"""What makes two sources independent: the one rule every FACT's evidence is counted by.

A source is what an evidence row (or, without one, a claim's provenance) names: a publication
(`PMID:12345`, `ISBN-13:978...`, a web address), a database record (`OMIM:601234`,
`ORPHA:558`, `DECIPHER:16`), a dataset (`ingest:hpo-annotations@2025-01-16`), a document
(`literature:<doc>`) or a sensor (`observation:<sensor>`). Each maps to an *origin*, the body
of work that vouches for it; two sources are independent when their origins differ:

- different publications are independent; one publication cited twice is one source;
- records of one database are one source (one curation: OMIM:1 and OMIM:2 are not two);
- a dataset's versions are one source (`ingest:x@1` and `ingest:x@2`);
- a claim derived from an annotation carries the annotation's references, so two claims
  derived from one annotation share their origins and never corroborate each other;
- a document naming a publication (`literature:PMID:12345`) is that publication;
- peer:, interaction:, inference: and user_correction are never evidence (no origin).

Pure: strings in, strings out.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

#: Provenance prefixes that are hint-capped or a person's word: never evidence, whatever they say.
NOT_EVIDENCE_PREFIXES = ("peer:", "interaction:", "inference:", "user_correction")
#: Reference prefixes that name one publication (the id is the publication).
_PUBLICATION_PREFIXES = {
    "pmid": "pmid",
    "pmcid": "pmcid",
    "doi": "doi",
    "isbn": "isbn",
    "isbn-10": "isbn",
    "isbn-13": "isbn",
}
_DB_REFERENCE = re.compile(r"^([A-Za-z][A-Za-z0-9_.-]*):(\S+)$")
_WEB = re.compile(r"^https?://(\S+)$", re.IGNORECASE)


# Pure and asked again for the same few sources by every gap of a batch (issue 26, point 6).
@functools.lru_cache(maxsize=65_536)
def source_origin(source: str) -> str | None:
    """The origin a source stands for, or None when it is not evidence at all.

    Origins read `publication:<kind>:<id>`, `database:<name>`, `dataset:<name>`,
    `literature:<doc>`, `observation:<sensor>`, `web:<address>`.
    """
    source = source.strip()
    if not source or any(source.startswith(p) for p in NOT_EVIDENCE_PREFIXES):
        return None
    web = _WEB.match(source)
    if web:
        return f"web:{web.group(1).rstrip('/').lower()}"
    if source.startswith("ingest:"):
        dataset = source[len("ingest:") :].partition("@")[0]
        return f"dataset:{dataset}" if dataset else None
    if source.startswith("literature:"):
        doc = source[len("literature:") :]
        # A document that names a publication or record is that source, not a second one.
        cited = source_origin(doc) if _DB_REFERENCE.match(doc) or _WEB.match(doc) else None
        if cited is not None:
            return cited
        return f"literature:{doc}" if doc else None
    if source.startswith("observation:"):
        sensor = source[len("observation:") :]
        return f"observation:{sensor}" if sensor else None
    ref = _DB_REFERENCE.match(source)
    if ref is None:
        return None
    kind, ident = ref.group(1).lower(), ref.group(2)
    publication = _PUBLICATION_PREFIXES.get(kind)
    if publication is not None:
        if publication == "isbn":
            ident = ident.replace("-", "")
        return f"publication:{publication}:{ident.lower()}"
    return f"database:{kind}"


def independent(a: str, b: str) -> bool:
    """Whether two sources are independent: both are evidence and their origins differ."""
    oa, ob = source_origin(a), source_origin(b)
    return oa is not None and ob is not None and oa != ob


@dataclass(frozen=True)
class Witness:
    """One claim's say-so for a statement: its provenance and its evidence rows' sources."""

    provenance: str
    sources: tuple[str, ...] = ()


def witness_origins(w: Witness) -> frozenset[str]:
    """The origins one claim brings: those of the references its evidence rows cite, or, when
    it cites none, its own source (its provenance: the dataset, document or sensor). A dataset
    that cites references carries them; it is not one more source beside them. A claim whose
    provenance is not grounded brings nothing, whatever rows it has: hint-capped provenance is
    never evidence."""
    prov = w.provenance
    if not prov.startswith(("ingest:", "literature:", "observation:")):
        return frozenset()
    own = source_origin(prov)
    cited = {o for o in (source_origin(s) for s in w.sources) if o is not None and o != own}
    if cited:
        return frozenset(cited)
    return frozenset() if own is None else frozenset({own})


def statement_origins(witnesses: Iterable[Witness]) -> frozenset[str]:
    """The independent origins behind one statement (same subject, predicate and object)."""
    out: set[str] = set()
    for w in witnesses:
        out |= witness_origins(w)
    return frozenset(out)


def origin_kind(origin: str) -> str:
    """A coarse label for reports: `publication`, `database:omim`, `dataset:hpo-obo` ..."""
    kind, _, rest = origin.partition(":")
    if kind in ("database", "dataset"):
        return f"{kind}:{rest}"
    return kind


def why(origins: Iterable[str]) -> str:
    """The reason a statement is a FACT, as the kinds of its origins (`database:omim +
    publication x2`, `publication x3+`), for the promotion report's tally."""
    kinds = Counter(origin_kind(o) for o in set(origins))
    return " + ".join(
        k if n == 1 else f"{k} x{min(n, 3)}{'+' if n >= 3 else ''}"
        for k, n in sorted(kinds.items())
    )
