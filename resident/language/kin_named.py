"""The store's side of a relative named later (kin_links.named_later): "Jean's a saint" after
Ken's "My mum's coming ... She lives in Hove" names the entity filed then as "Ken's mum", which
keeps what was said of her and now answers to "Jean" as well; nothing is filed where Ken's mum
was never left unnamed (someone is held as his mum already, or "my mum" was never filed).
Also the store's side of a call answered (kin_links.answered_call)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from resident.language.kin_links import ADDRESSED
from resident.language.kinship import family, of_sex
from resident.language.knowledge import resolve
from resident.language.relatives import relative_of
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
    def _person_entity(self, ctx: _Ctx, person_id: str) -> Entity: ...
    def _known_person(self, ctx: _Ctx, name: str, introduced: bool = False) -> str | None: ...


def linked_subject(store: StoringMixin, ctx: _Ctx, st: Statement) -> Entity | None:
    """The subject of a tie kin_links read from the talk's turns, where what is held allows it."""
    if st.verb == ADDRESSED:
        return addressed_relative(store, ctx, st)
    return named_relative(store, ctx, st)


def addressed_relative(store: StoringMixin, ctx: _Ctx, st: Statement) -> Entity | None:
    """The one who answered a call ("Mum, ...?"), as the caller's relative of that noun, where
    the caller has none held, no tie to them is held already, and their sex does not say
    otherwise; None (not stored) else."""
    noun = st.predicate.removesuffix("_of").replace("_", "-")
    if st.object_ref is None or ctx.person_id is None:
        return None
    caller = store._ref_entity(ctx, st.object_ref)
    me = ctx.person_id
    if caller is None or caller.id == me:
        return None
    if relative_of(store.graph, caller.id, noun, ctx.now) is not None:
        return None
    if set(family(store.graph, caller.id, ctx.now, hops=1)) & {me}:
        return None  # already her sister, his partner: the answer is no call of a parent
    if not of_sex(store.graph, [me], noun, ctx.now):
        return None
    return store._person_entity(ctx, me)


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
