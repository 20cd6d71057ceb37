"""A read statement as the graph keeps it: its claim's qualifiers (migration 009)."""

from __future__ import annotations

from resident.language.reading import Statement
from resident.records import Qualifier

#: Modalities kept as a qualifier: a present state and a done deed need none (the claim and
#: its occurred_at say them).
_KEPT_MODALITIES = frozenset({"habit", "plan", "wish"})


def qualifiers_of(statement: Statement, change: bool = False) -> tuple[Qualifier, ...]:
    """The qualifiers of a statement: its roles, how it was said, and whether the turn declared
    a change of state."""
    out = [Qualifier(role=r.role, value=r.text[:512]) for r in statement.roles if r.text.strip()]
    if statement.modality in _KEPT_MODALITIES:
        out.append(Qualifier(role="modality", value=statement.modality))
    if change:
        out.append(Qualifier(role="change", value="declared"))
    return tuple(dict.fromkeys(out))
