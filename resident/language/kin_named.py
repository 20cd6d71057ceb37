"""The store's side of a relative named later (kin_links.named_later): "Jean's a saint" after
Ken's "My mum's coming ... She lives in Hove" names the entity filed then as "Ken's mum", which
keeps what was said of her and now answers to "Jean" as well; nothing is filed where Ken's mum
was never left unnamed (someone is held as his mum already, or "my mum" was never filed)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from resident.language.knowledge import resolve
from resident.records import Entity

if TYPE_CHECKING:
    from resident.language.dictionary import Dictionary
    from resident.language.statement import Ref, Statement
    from resident.language.turn import _Ctx
    from resident.memory.client import GraphStore


class StoringMixin(Protocol):
    """What of the store these rules read (storing.StoringMixin; named here, not imported,
    because storing calls this module)."""

    graph: GraphStore
    dictionary: Dictionary

    def _ref_entity(self, ctx: _Ctx, ref: Ref) -> Entity | None: ...
    def _known_person(self, ctx: _Ctx, name: str, introduced: bool = False) -> str | None: ...


def linked_subject(store: StoringMixin, ctx: _Ctx, st: Statement) -> Entity | None:
    """The subject of a tie kin_links read from the talk's turns, where what is held allows it."""
    return named_relative(store, ctx, st)


def named_relative(store: StoringMixin, ctx: _Ctx, st: Statement) -> Entity | None:
    """The unnamed relative the statement names, given the name, else None (not stored)."""
    noun = st.predicate.removesuffix("_of").replace("_", "-")
    name = st.subject.name
    if st.object_ref is None or not name:
        return None
    owner = store._ref_entity(ctx, st.object_ref)
    if owner is None or store._known_person(ctx, name) is not None:
        return None
    if any(e.kind == "person" for e in resolve(store.dictionary, name)):
        return None  # a Jean MAX already knows is someone else's to link, not this one's
    filed = [e for e in resolve(store.dictionary, f"{owner.label}'s {noun}") if e.kind == "person"]
    if len(filed) != 1:
        return None
    old = filed[0]
    aliases = tuple(dict.fromkeys((old.label, *old.aliases)))
    named = Entity(id=old.id, kind="person", label=name, aliases=aliases)
    ctx.pending.append(named)
    return named
