"""Questions about something a person has or does, asked through them: "Where is Conor's
garage?" (Conor has a garage, in Ennis), "Where is Kofi's wedding?" (Kofi gets married: the
deed said by its verb, deeds.says_deed), "When did Kyle's team win the final?" (a team is a
group its member speaks for: "we won"). The thing is found among the owner's statements by its
noun; the question's gap is filled from that statement's roles, and nothing is answered when
no statement names the thing or keeps the role asked."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from resident.language import lexicon
from resident.language.asking import Query, Resolved, gap_filler, hedge
from resident.language.counting import number_in, number_of
from resident.language.deeds import deed_word, says_deed
from resident.language.dictionary import Dictionary
from resident.language.knowledge import Answer, views
from resident.language.statement import base_form
from resident.language.told_time import said_time, told
from resident.records import Claim, Qualifier

#: What an owned-thing answer scores: the thing and the role asked both align, as a matched
#: verb, object and gap do in asking.score.
OWNED_SCORE = 3.5


def is_group(noun: str) -> bool:
    """Does `noun` name a group its members speak for ("team", "band", "family", "trio")?
    WordNet's class of its most frequent sense says."""
    return lexicon.first_lexname(noun, "n") == "noun.group"


def _names(label: str, noun: str) -> bool:
    words = [w.lower() for w in label.replace("-", " ").split()]
    heads = {base_form(w) for w in words} | {lexicon.base(w, "n") or w for w in words}
    return noun in heads or base_form(noun) in heads


#: The words that make a thing named in a role the claim's subject's own ("for his birthday").
_OWN = frozenset({"his", "her", "their", "its"})


def _for_own(qualifiers: Sequence[Qualifier], noun: str) -> bool:
    """Does a role of an owner's statement name the owner's own `noun` ("Tayo got a phone
    for his birthday"): then the statement's time is the thing's ("When was Tayo's
    birthday?")."""
    for q in qualifiers:
        words = q.value.lower().split()
        if any(a in _OWN and _names(b, noun) for a, b in zip(words, words[1:], strict=False)):
            return True
    return False


#: "What is X's book about?": the role a word left at the end of a what-question asks for.
_WHAT_ROLES = {"about": "theme", "with": "companion", "for": "purpose"}


def _filler(
    query: Query, claim: Claim, qualifiers: Sequence[Qualifier], now: datetime
) -> str | None:
    role = _WHAT_ROLES.get(query.prep or "") if query.wh == "what" else None
    if role is not None:
        return next((q.value for q in qualifiers if q.role == role), None)
    if query.wh == "when":
        if claim.occurred_at is None:
            return None
        return told(claim.occurred_at, now, said_time(qualifiers))
    if query.wh == "where":
        return gap_filler(query, qualifiers)
    return None


def owned_answer(
    dictionary: Dictionary, query: Query, noun: str, owner: Resolved, now: datetime
) -> Answer | None:
    """The answer to a where/when question about the owner's `noun`, from the statements
    whose object names it ("Conor has garage", location Ennis); None when none keeps it."""
    if query.wh not in ("where", "when", "what"):
        return None
    graph = dictionary.graph
    pool = [c for eid in owner.ids for c in graph.peek_claims(eid)]
    held = graph.qualifiers_of([c.id for c in pool])
    found: list[tuple[str, Claim]] = []
    for view in views(pool, dictionary):
        roles = held.get(view.claim.id, ())
        named = _names(view.object_label, noun) or (query.wh == "when" and _for_own(roles, noun))
        named = named or deed_word(noun, view.claim.predicate)  # "Hana has_interview_for"
        # "Amina got married" says where her wedding is; not when, which a plan said by the
        # verb gives at its coarsest ("in June") where the wedding's day is told apart.
        by_verb = query.wh != "when" and says_deed(noun, view.claim.predicate, view.object_label)
        if not (named or by_verb):
            continue
        filler = _filler(query, view.claim, held.get(view.claim.id, ()), now)
        if filler is not None:
            found.append((filler, view.claim))
    if not found:
        return None
    shown = views([graph.get_claim(c.id, now) for _, c in found], dictionary)
    short = " and ".join(dict.fromkeys(f for f, _ in found))
    lines = [f"{short}. {hedge(shown[0].claim)}", *(v.line for v in shown)]
    return Answer(text="\n".join(lines), claims=shown, known=True, short=short, score=OWNED_SCORE)


def parts_count(
    dictionary: Dictionary, unit: str, thing: str, owner: Resolved, now: datetime
) -> Answer | None:
    """ "How many rooms does our flat have?": the number of `unit` a statement of the owner's
    `thing` holds in its quantity ("has flat", "five rooms": parts_held.py), or None when none
    counts that unit (nor a kind of it)."""
    graph = dictionary.graph
    pool = [c for eid in owner.ids for c in graph.peek_claims(eid)]
    held = graph.qualifiers_of([c.id for c in pool])
    for view in views(pool, dictionary):
        if not _names(view.object_label, thing):
            continue
        # "a two-bedroom cabin": a number said with a noun before the thing's own counts
        # that noun of it, as a quantity role does.
        said = [
            view.object_label,
            *(q.value for q in held.get(view.claim.id, ()) if q.role == "quantity"),
        ]
        for value in said:
            number = number_of(value.replace("-", " "), unit)
            if number is not None:
                text = f"{number} ({value}). {hedge(view.claim)}\n{view.line}"
                return Answer(text=text, claims=[view], known=True, short=number, score=OWNED_SCORE)
    return None


#: A possessive before a count in an owner's own statement says the things are the owner's.
_OWN_COUNTED = _OWN | {"my", "our"}


def own_count(dictionary: Dictionary, noun: str, owner: Resolved, now: datetime) -> Answer | None:
    """ "How many boys does Helen have?" from a number said with the noun and a possessive
    in a role of one of her statements ("visiting from Toronto with her two boys"); None
    when none says one."""
    graph = dictionary.graph
    pool = [c for eid in owner.ids for c in graph.peek_claims(eid)]
    held = graph.qualifiers_of([c.id for c in pool])
    for claim in pool:
        for q in held.get(claim.id, ()):
            number = number_of_own(q.value, noun)
            if number is None:
                continue
            shown = views([graph.get_claim(claim.id, now)], dictionary)
            text = f"{number}. {hedge(shown[0].claim)}\n{shown[0].line}"
            return Answer(text=text, claims=shown, known=True, short=number, score=OWNED_SCORE)
    return None


def number_of_own(text: str, noun: str) -> str | None:
    """The number in "her two boys" for boys: a possessive, a number, the noun."""
    words = text.lower().replace("-", " ").split()
    for i in range(len(words) - 2):
        if words[i] in _OWN_COUNTED and number_in(words[i + 1]) is not None:
            rest = words[i + 1 :]
            end = next((k for k, w in enumerate(rest) if number_in(w) is None), len(rest))
            if end < len(rest) and _names(rest[end], noun):
                return number_in(" ".join(rest[:end]))
    return None
