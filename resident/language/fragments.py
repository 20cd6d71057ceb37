"""A verbless fragment that finishes the statement before it (issue 21). Pure.

"I got a bike last week. A green one, secondhand from a colleague." / "We went walking. Last
Saturday, in Otley." / "With Joel and his sister.": people say the details of a claim in a
fragment after it, and the reader, which reads clauses, stored nothing of them. A sentence with
no verb, said after a sentence of the same turn that the reader made statements of, adds its
parts to those statements:

- a time phrase (a DATE or TIME entity, or a preposition's time phrase) -> the time, and the
  statement's `when` where it had none (resolved by the store, as if said in the clause);
- a preposition's phrase of place, direction, origin or company -> that role
  (data/fragment_roles.txt);
- "a green one", "a green bike" after "I got a bike": the adjectives -> the object's modifiers.

Precision first: the fragment's head must be a preposition, a time, "one" or the object's own
noun. A reaction ("Lovely!", "No way.", "Same here", "What a day", "Thanks for the lift") has
another head, opens with a wh-word or is exclaimed ("In your garage!"), and adds nothing; a
question is never a fragment. A role the statement has already is not said twice, and a
statement of a state or a habit takes no time or place of an event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.roles import RoleFill, _prep_roles, is_time
from resident.language.statement import Statement
from resident.language.when_days import day_index, tokens
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_TIME_ENTS = ("DATE", "TIME")
#: How a statement is said for a fragment's time or place to be the one of its deed.
_EVENT_MODALITIES = ("done", "plan")


def is_fragment(sent: Span) -> bool:
    """A sentence with no verb whose head a detail may hang on (see the module's doc)."""
    tokens = [t for t in sent if not t.is_punct]
    if not tokens or any(t.pos_ in ("VERB", "AUX") for t in tokens):
        return False
    if tokens[0].tag_ in ("WDT", "WP", "WRB") or tokens[0].lower_ in ("what", "how", "such"):
        return False  # "What a day.", "How lovely."
    if sent.text.rstrip().endswith("!"):
        return False  # "In your garage!": an exclamation at what was said, not a detail of it
    return not any(t.pos_ == "INTJ" for t in tokens)


def _head(sent: Span) -> Token:
    return next((t for t in sent if t.dep_ == "ROOT"), sent[0])


def _modifiers(head: Token, obj: str) -> list[str]:
    """ "a green one" / "a green bike" after a bike: ["green"]; [] when the head is another
    noun ("a green car" finishes no bike)."""
    obj_head = obj.split()[-1].lower() if obj.split() else ""
    if head.pos_ != "NOUN" or head.lower_ not in ("one", obj_head) and head.lemma_ != obj_head:
        return []
    return [c.lower_ for c in head.children if c.dep_ == "amod" and c.pos_ == "ADJ"]


def fragment_parts(sent: Span) -> tuple[tuple[RoleFill, ...], Token] | None:
    """The roles a fragment says, and its head (for the object's modifiers); None when it is
    no fragment a detail hangs on."""
    if not is_fragment(sent):
        return None
    head = _head(sent)
    allowed = words("fragment_roles")
    roles: list[RoleFill] = []
    used: set[int] = set()
    for prep in (t for t in sent if t.pos_ == "ADP" and t.dep_ in ("prep", "ROOT")):
        pobj = [c for c in prep.children if c.dep_ in ("pobj", "pcomp")]
        for role in _prep_roles(prep, used, False):
            if role.role in allowed:
                roles.append(_whole_of(role, pobj))
        used.update({prep.i, *(t.i for c in pobj for t in c.subtree)})  # not "Last Saturday, in"
    for ent in _times(sent):
        counted = any(t.like_num for t in ent) and not any(t.lower_ == "ago" for t in ent)
        if counted and day_index(tokens(ent.text)) is None:
            continue  # "One hour fifty-eight.": how long (or a count), not when
        if not any(t.i in used for t in ent):
            roles.append(RoleFill(role="time", text=ent.text))
    timed = head.ent_type_ in _TIME_ENTS or is_time(head)
    if head.pos_ in ("ADP", "ADV") or timed or head.lower_ == "one":
        return tuple(roles), head  # "In Otley.", "Back in March.", "Last Saturday, in Otley."
    if head.pos_ == "NOUN":
        # "A green bike." may finish a bike; "Congrats on the house in Leeds" says no place of
        # the statement before it.
        return (), head
    return None


def _times(sent: Span) -> list[Span]:
    """The fragment's times, a date the NER split in two joined again: "September the
    twenty-seventh" is tagged "September" and "twenty-seventh" (or an ordinal "fourth"), with
    only "the" or "of" between them."""
    out: list[Span] = []
    for ent in (e for e in sent.ents if e.label_ in (*_TIME_ENTS, "ORDINAL")):
        between = sent.doc[out[-1].end : ent.start] if out else None
        if between is not None and all(t.lower_ in ("the", "of") for t in between):
            out[-1] = sent.doc[out[-1].start : ent.end]
        elif ent.label_ != "ORDINAL":  # "fourth" alone names no day of a month
            out.append(ent)
    return out


def _whole_of(role: RoleFill, pobj: list[Token]) -> RoleFill:
    """ "At the top of Snowdon.": the place is the top of Snowdon, not "top" (a nested "of"
    phrase says which one, where in a clause it is a role of its own)."""
    if role.role == "time" or len(pobj) != 1:
        return role
    of = next((c for c in pobj[0].children if c.dep_ == "prep" and c.lower_ == "of"), None)
    if of is None or role.text != pobj[0].text:
        return role
    said = [t for t in pobj[0].subtree if t.dep_ != "det" and not t.is_punct]
    return RoleFill(role=role.role, text=" ".join(t.text for t in said))


def finish(statements: list[Statement], sent: Span) -> list[Statement] | None:
    """The statements of the sentence before, finished by the fragment `sent`; None when
    `sent` adds nothing to them."""
    parts = fragment_parts(sent)
    if parts is None or not statements:
        return None
    roles, head = parts
    out: list[Statement] = []
    changed = False
    for st in statements:
        done = _finished(st, roles, head)
        changed = changed or done is not st
        out.append(done)
    return out if changed else None


def _finished(st: Statement, roles: tuple[RoleFill, ...], head: Token) -> Statement:
    update: dict[str, object] = {}
    mods = [] if st.object_ref is not None or st.literal else _modifiers(head, st.object)
    if mods and not any(m in st.object.lower().split() for m in mods):
        update["object"] = " ".join([*mods, st.object])
    if st.modality in _EVENT_MODALITIES and not st.negated:
        had = {r.role for r in st.roles}
        new = tuple(r for r in roles if r.role not in had)
        if new:
            update["roles"] = (*st.roles, *new)
        when = next((r.text for r in new if r.role == "time"), None)
        if when is not None and st.when is None:
            update["when"] = when
    elif not mods:
        return st
    return st.model_copy(update=update) if update else st
