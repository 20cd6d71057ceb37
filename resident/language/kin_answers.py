"""Relatives, pets and "we" for questions: whom "my son", "our dog", "Ana's sister" name
(through relations held, kin paths and the household), "Who is my husband?" answered by the
relative itself, "How many children do we have?" counted over the relatives and pets held."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from resident.cognition.statements import told_by
from resident.language import lexicon
from resident.language.asking import Query, Resolved, hedge
from resident.language.counting import number_value
from resident.language.described import age_order, by_age
from resident.language.dictionary import Dictionary
from resident.language.held_counts import NOT_SURE, held_members, same_noun
from resident.language.kin_nouns import kin_nouns
from resident.language.kinship import (
    address_groups,
    family,
    is_relation,
    kin_edge,
    kin_of,
    of_sex,
    shown_sex,
)
from resident.language.knowledge import resolve, views
from resident.language.matching import claim_verbs, modifier_held
from resident.language.statement import Ref, is_pet
from resident.language.storing import StoringMixin
from resident.language.turn import _Ctx, _Reply

_ADDRESS = address_groups()


def address_forms(noun: str) -> list[str]:
    """What the asker's relative of `noun` may have been called ("grandmother": Gran, Nan)."""
    return sorted({w for group in _ADDRESS if noun in group for w in group} - {noun})


#: What every pet is: "How many pets (animals) do we have?" counts them all.
_ANIMALS = frozenset({"pet", "animal"})


class KinAnsweringMixin(StoringMixin):
    def _ours(self, ctx: _Ctx, owner: Resolved, noun: str) -> list[str]:
        """ "our daughter" when the asker told of none: the one their family, else their
        household, told of as theirs (a relation said directly, never walked further)."""
        reads = ctx.reads or self.dictionary
        for circle in self._we(ctx, owner)[1:]:
            ids = [
                c.subject
                for oid in circle
                for c in reads.graph.claims_by_object(oid, ctx.now, f"{noun}_of")
            ]
            # "our dog": the household's dog, whoever of them told of it.
            ids += [p for oid in circle for p in self._pets(reads, oid, noun, ctx.now)]
            if ids:
                return ids
        return []

    def _we(self, ctx: _Ctx, subject: Resolved | None) -> list[list[str]]:
        """Whom "we" takes in, widening: the asker and their partners, their family, the
        household (everyone introduced to MAX)."""
        if subject is None or not subject.ids:
            return []
        reads = ctx.reads or self.dictionary
        asker = subject.ids[0]
        partners = [asker, *_partners(reads, asker, ctx.now)]
        relatives = list(dict.fromkeys([*partners, *family(reads.graph, asker, ctx.now)]))
        # Everyone introduced (people.People.all; not every turn's people registry has it).
        everyone = getattr(ctx.resident.people, "all", None)
        people = [str(p.id) for p in everyone()] if callable(everyone) else []
        household = list(dict.fromkeys([*relatives, *people]))
        circles = [partners, relatives, household]
        return [c for i, c in enumerate(circles) if i == 0 or len(c) > len(circles[i - 1])]

    def _relative(self, ctx: _Ctx, query: Query, subject: Resolved) -> _Reply | None:
        """ "Who is my husband?": the relative the question names is the answer itself."""
        reads = ctx.reads or self.dictionary
        assert query.subject is not None
        noun = query.subject.noun
        claims = [
            c
            for eid in subject.ids
            for predicate in (f"{noun}_of", "pet_of")
            for c in reads.graph.peek_claims(eid, predicate)
        ]
        if not claims and query.subject.kind == "animal":
            # "What is the cat called?": the animal found by its kind (Biscuit is a cat) is
            # the answer, resting on what it is.
            claims = [c for eid in subject.ids for c in reads.graph.peek_claims(eid, "is_a")]
        if not claims and noun:
            # "Who is Kofi's instructor?" reached through what Kofi said Greta is
            # (said_to_be): that statement is what the answer rests on.
            claims = [
                c
                for eid in subject.ids
                for c in reads.graph.peek_claims(eid, "is_a")
                if c.object_entity is not None and reads.label(c.object_entity) == noun
            ]
        direct = bool(claims)
        if not direct:
            # Reached through other relatives ("my grandfather": a parent's father): the
            # relations that lead there are what the answer rests on.
            claims = [
                c
                for eid in subject.ids
                for c in reads.graph.peek_claims(eid)
                if is_relation(c.predicate) and (c.object_entity or "").startswith("person:")
            ]
            # "Tomos's grandad", Wyn, told of only as the one Idris is a son of: the ties
            # held on others that end at the relative reached.
            # Only one shown of the noun's sex: "Felix's dad" is not his mother Marta, whose
            # sex no tie said.
            claims += [
                c
                for eid in shown_sex(reads.graph, subject.ids, noun or "", ctx.now)
                for c in reads.graph.claims_by_object(eid, ctx.now)
                if kin_edge(c.predicate) not in (None, ("ex",)) and c.subject.startswith("person:")
            ]
            # "Kit's ex" when Sam is the one who broke up with Kit: the parting, held on Sam.
            claims += [
                c
                for eid in subject.ids
                for c in reads.graph.claims_by_object(eid, ctx.now)
                if kin_edge(c.predicate) == ("ex",) and c.subject.startswith("person:")
            ]
        ids = subject.ids if direct else of_sex(reads.graph, subject.ids, noun or "", ctx.now)
        claims = [c for c in claims if direct or c.subject in ids or c.object_entity in ids]
        if not claims:
            return None
        shown = views(claims, reads)
        # Through other relatives the answer is the people reached, not those claims' subjects.
        labels = (v.subject_label for v in shown) if direct else map(reads.label, ids)
        short = " and ".join(dict.fromkeys(labels))
        lead = hedge(shown[0].claim)
        return _Reply(f"{short}. {lead}\n" + "\n".join(v.line for v in shown), shown, answer=short)

    def _resolve_ref(self, ctx: _Ctx, ref: Ref, modifiers: Sequence[str] = ()) -> Resolved | None:
        """Entity ids a question's subject names (through one hop for "Ana's sister");
        `modifiers`: what the question said of its noun ("piano" of "Bram's piano teacher"),
        which a weaker link than a relation held must evidence."""
        if ref.role == "speaker":
            return None if ctx.person_id is None else Resolved(ids=[ctx.person_id], name="you")
        if ref.role == "listener":
            return None if ctx.listener is None else Resolved(ids=[ctx.listener], name="you")
        if ref.role == "name" and ref.name:
            ids = [e.id for e in resolve(self.dictionary, ref.name)]
            known = self._known_person(ctx, ref.name)
            if known and known not in ids:
                ids.insert(0, known)
            return Resolved(ids=ids, name=ref.name) if ids else None
        if ref.role == "kin" and ref.owner is not None and ref.noun:
            owner = self._resolve_ref(ctx, ref.owner)
            if owner is None:
                return None
            reads = ctx.reads or self.dictionary
            ordered = age_order(modifiers) is not None
            for strong, find in self._kin_finders(ctx, ref, owner):
                ids = list(dict.fromkeys(find()))
                if ids and ordered:
                    # "my older granddaughter": the one of them the ages held pick, or none.
                    ids = by_age(reads, ids, modifiers, ctx.now)
                    return Resolved(ids=ids, name=f"{owner.name}'s {ref.noun}") if ids else None
                if ids and not strong and modifiers:
                    # "Who is Bram's piano teacher?" is not the teacher Bram named at pottery.
                    ids = evidenced(reads, modifiers, ids, owner.ids)
                if ids:
                    return Resolved(ids=ids, name=f"{owner.name}'s {ref.noun}")
        return None

    def _kin_finders(
        self, ctx: _Ctx, ref: Ref, owner: Resolved
    ) -> list[tuple[bool, Callable[[], list[str]]]]:
        """The ways a relative or pet may be reached, strongest first, each with whether it
        is a relation held (strong) or a weaker link (a walk, a form of address, the
        household's, what the owner said someone is)."""
        reads = ctx.reads or self.dictionary
        noun = ref.noun or ""

        def direct(owners: list[str] = owner.ids, forms: Sequence[str] = (noun,)) -> list[str]:
            ids: list[str] = []
            for oid in _shared_with_partner(reads, owners, ref, ctx.now):
                for form in forms:
                    held = reads.graph.claims_by_object(oid, ctx.now, f"{form}_of")
                    ids += [c.subject for c in held]
                    ids += [e.id for e in resolve(reads, f"{reads.label(oid)}'s {form}")]
                ids += self._pets(reads, oid, noun, ctx.now)
            return ids

        def addressed() -> list[str]:
            # "my grandmother" when she was only ever told of as "Gran" (a name) or as the
            # asker's "Nan" (the relative the storing side keeps for it).
            if ref.owner is None or ref.owner.role != "speaker":
                return []
            who = [reads.label(oid) for oid in owner.ids]
            said = [n for f in address_forms(noun) for n in (f, *(f"{w}'s {f}" for w in who))]
            return [e.id for name in said for e in resolve(reads, name)]

        def siblings() -> list[str]:
            # "Grandad", said by Skye, is her brother Callum's grandad too: an elder
            # relative (kin_paths.txt: a path up through a parent) of a sibling held.
            if not elder(noun):
                return []
            found = kin_of(reads.graph, owner.ids, "sibling", ctx.now)
            ids = direct([s for s in found if s not in owner.ids])
            for sib in found:
                label = reads.label(sib)
                said = [f"{label}'s {f}" for f in (noun, *address_forms(noun))]
                ids += [e.id for name in said for e in resolve(reads, name)]
            return ids

        return [
            (True, direct),
            # "my grandfather": a parent's father, through the relatives held.
            (
                False,
                lambda: (
                    kin_of(reads.graph, owner.ids, noun, ctx.now) if ref.kind == "person" else []
                ),
            ),
            # "Dad", when he was only ever told of as "Dad".
            (True, lambda: [e.id for e in resolve(reads, ref.name)] if ref.name else []),
            (False, addressed),
            (False, siblings),
            # "the horse" when the asker owns none: the one the household has.
            (False, lambda: self._of_kind_kept(reads, ref, ctx.now)),
            (False, lambda: self._ours(ctx, owner, noun) if _owner_is_we(ref) else []),
            (False, lambda: said_to_be(reads, owner.ids, noun, ctx.now)),
            # "Harvey's mother", held only as "Harvey's mum": one relation, one sex, one path
            # (kinship.address_groups), so another word of it names the same person; last,
            # as the storing side may hold one person twice, the finders above know better.
            (False, lambda: direct(forms=address_forms(noun))),
        ]

    def _count(self, ctx: _Ctx, query: Query, subject: Resolved) -> _Reply | None:
        """ "How many children do we have?", "How many cats do we have?": the relatives and
        pets held of the asker (and, for "we", of their partner, else of the household) that
        are such a thing, or the number said of them."""
        reads = ctx.reads or self.dictionary
        noun = query.object_words[-1]
        owners = list(subject.ids)
        for oid in subject.ids:
            owners += _partners(reads, oid, ctx.now)
        circles = [owners, *(self._we(ctx, subject)[-1:] if _is_we(query) else [])]
        if len(circles) > 1 and (is_pet(noun) or noun in _ANIMALS):
            # "How many cats do we have?": a household's animals are everyone's in it, whoever
            # said "we have a dog"; its relatives are not.
            circles = [list(dict.fromkeys([*owners, *circles[1]]))]
        for i, circle in enumerate(circles):
            members, said = held_members(reads, list(dict.fromkeys(circle)), noun, ctx.now)
            if i > 0:
                # The household's relatives are nobody's "we"; only a number said of it
                # ("we have 2 guinea pigs", said by a sister) counts.
                members = {}
            if members or said is not None:
                break
        else:
            return None
        shown = views([*members.values(), *([] if said is None else said[1])], reads)
        if said is not None and said[0] == NOT_SURE:
            told = "\n".join(v.line for v in shown)
            return _Reply(f"I don't know: two of these may be one.\n{told}")
        stated = None if said is None else number_value(said[0])
        if said is not None and stated is not None and len(members) > stated:
            # "We have two kids" and three named as ours: the two accounts disagree, and
            # which is right is not MAX's to choose (no other reading may answer either).
            told = "\n".join(v.line for v in shown)
            return _Reply(
                f"I don't know: I was told {said[0]}, and {len(members)} are named.\n{told}"
            )
        # "we have two cats called Tom and Jerry": the number said stands over a count of
        # the things held (one of them may have been read without its kind).
        short = str(len(members)) if said is None else said[0]
        names = " and ".join(reads.label(m) for m in members) or shown[0].object_label
        lead = hedge(shown[0].claim)
        text = f"{short} ({names}). {lead}\n" + "\n".join(v.line for v in shown)
        return _Reply(text, shown, answer=short)

    def _of_kind_kept(self, reads: Dictionary, ref: Ref, now: datetime) -> list[str]:
        """ "The horse" when the asker owns none: an animal of that kind MAX holds. Asked
        through a named owner ("Zain's fish", "our fish"), an animal not held as the owner's
        is someone else's (Zain's cousin's) or no one's said: not the owner's; so is one asked
        as "my dog" (question_reading marks "the dog" by its owner's noun)."""
        plain = ref.owner is not None and ref.owner.role == "speaker" and ref.owner.noun == "the"
        if ref.kind != "animal" or not ref.noun or not plain:
            return []
        return self._of_kind(reads, ref.noun, now)

    @staticmethod
    def _of_kind(reads: Dictionary, noun: str, now: datetime) -> list[str]:
        """What MAX holds to be a `noun` ("Star is a horse")."""
        out = []
        for kind in resolve(reads, noun):
            out += [c.subject for c in reads.graph.claims_by_object(kind.id, now, "is_a")]
        return out

    @staticmethod
    def _pets(reads: Dictionary, owner_id: str, noun: str, now: datetime) -> list[str]:
        """The owner's pets that are a `noun` ("the dog": Rex, pet_of Marta, is a dog)."""
        out = []
        for c in reads.graph.claims_by_object(owner_id, now, "pet_of"):
            kinds = reads.graph.peek_claims(c.subject, "is_a")
            # "our dog" is Dai the terrier too (WordNet: a terrier is a dog).
            if any(_kind_of(reads.label(k.object_value), noun) for k in kinds):
                out.append(c.subject)
        return out


def _kind_of(label: str, noun: str) -> bool:
    """Is a kind's label a `noun` by name or by WordNet ("terrier" is a "dog")?"""
    words = label.lower().split()
    return same_noun(label, noun) or bool(words) and lexicon.is_a(words[-1], noun)


#: Whose relatives and pets "we" also counts: the asker's partner's.
_PARTNERS = ("husband_of", "wife_of", "partner_of", "spouse_of", "married_to")


def _partners(reads: Dictionary, person: str, now: datetime) -> list[str]:
    """The person's partners, told either way round ("Tom husband_of Marta", "Marta wife_of
    Tom")."""
    out: list[str] = []
    for predicate in _PARTNERS:
        out += [c.subject for c in reads.graph.claims_by_object(person, now, predicate)]
        out += [c.object_entity or "" for c in reads.graph.peek_claims(person, predicate)]
    return [p for p in dict.fromkeys(out) if p and p != person]


def elder(noun: str) -> bool:
    """Is a kin noun a relative reached up through a parent ("grandad", "aunt", "mum": its
    first path in kin_paths.txt starts at a parent), whom siblings share?"""
    kin = kin_nouns().get(noun)
    return kin is not None and bool(kin.paths) and kin.paths[0][0] == "parent"


def _owner_is_we(ref: Ref) -> bool:
    return ref.owner is not None and ref.owner.noun == "we"


def _is_we(query: Query) -> bool:
    return (
        query.subject is not None and query.subject.role == "speaker" and query.subject.noun == "we"
    )


def _shared_with_partner(
    reads: Dictionary, owner_ids: list[str], ref: Ref, now: datetime
) -> list[str]:
    """Whose relatives a kin noun may name: the owner's, and for a child or a pet (WordNet:
    a son is an offspring) the owner's partner's too: "my son", said by Tom, is the son Marta
    told of, when Tom is her husband."""
    noun = ref.noun or ""
    if ref.kind != "animal" and not lexicon.is_a(noun, "offspring"):
        return owner_ids
    out = list(owner_ids)
    for oid in owner_ids:
        for predicate in _PARTNERS:
            out += [c.subject for c in reads.graph.claims_by_object(oid, now, predicate)]
            out += [
                c.object_entity
                for c in reads.graph.peek_claims(oid, predicate)
                if c.object_entity is not None
            ]
    return list(dict.fromkeys(out))


def said_to_be(reads: Dictionary, owners: list[str], noun: str, now: datetime) -> list[str]:
    """ "Who is Kofi's instructor?" when no relation names one: the one person Kofi himself
    said is an instructor ("The instructor, Greta, was very patient": `Greta is_a
    instructor`, told by Kofi). Only a noun whose first WordNet sense is a person, only what
    the owner told, and only one: two instructors Kofi named answer nothing."""
    if not lexicon.person_noun(noun):
        return []
    told = {told_by(o) for o in owners}
    found = [
        c.subject
        for e in resolve(reads, noun)
        for c in reads.graph.claims_by_object(e.id, now, "is_a")
        if c.provenance in told and c.subject.startswith("person:")
    ]
    found = list(dict.fromkeys(found))
    return found if len(found) == 1 else []


def evidenced(
    reads: Dictionary, modifiers: Sequence[str], found: list[str], owners: list[str]
) -> list[str]:
    """Those found of whom every modifier asked is evidenced ("piano" of "Bram's piano
    teacher"): held in a statement of the one found (what they are, with its qualifiers:
    "Henrike is_a teacher {at: the piano school}", "Henrike teaches piano") or of the owner
    ("Bram does pottery", "Kofi has swimming lesson"). Unevidenced, a weaker link answers
    nothing: the teacher Bram named at pottery is no piano teacher."""
    owned = _said(reads, owners)
    return [
        f for f in found if all(modifier_held(m, [*owned, *_said(reads, [f])]) for m in modifiers)
    ]


def owner_evidences(reads: Dictionary, modifiers: Sequence[str], owners: list[str]) -> bool:
    """Is every modifier asked of an owned thing ("piano" of "Kofi's piano recital") held
    in a statement of its owner ("Kofi plays piano")? True when none was asked."""
    if not modifiers:
        return True
    said = _said(reads, owners)
    return all(modifier_held(m, said) for m in modifiers)


def _said(reads: Dictionary, ids: list[str]) -> list[tuple[str, frozenset[str]]]:
    """What is held of each id: (the object's label with the qualifiers, the verbs)."""
    shown = views([c for i in ids for c in reads.graph.peek_claims(i)], reads)
    held = reads.graph.qualifiers_of([v.claim.id for v in shown])
    return [
        (
            " ".join([v.object_label, *(q.value for q in held.get(v.claim.id, ()))]),
            claim_verbs(v.claim.predicate)[1],
        )
        for v in shown
    ]
