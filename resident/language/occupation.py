"""What someone works as, beside what a copula's noun says (objects.is_occupation judges the
noun by WordNet: under worker, professional, administrator, firefighter, ...). Pure.

- Every statement that someone is an occupation noun, however read (a copula, an apposition
  "To Marcus, a firefighter from Brighouse", a kin phrase), is held one way: what they work as
  (`held_as`), which "What does X do?", "What is X's job?" and "Where does X work?" read.
- "Marjory is a retired nurse", "Cuthbert is a former postman": a word before the occupation
  that says it is over makes it what they worked as, said as the past ("was a nurse"), so it
  answers "What did Marjory do?" and not "What does she do?" (`former_role`).
- "I got a job as a receptionist at the Grand Hotel", "took a post as a lecturer": a job taken
  "as" an occupation is what the taker works as from then on; what follows the occupation ("at
  the Grand Hotel") is read where the job is, as before (`job_as`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from resident.language import lexicon
from resident.language.objects import copula_predicate, is_occupation
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from resident.language.statement import Statement

Mood = Literal["fact", "past", "plan", "wish"]


def held_as(st: Statement) -> list[Statement]:
    """The statement, with an occupation said of someone held as what they work as too ("is_a
    firefighter": works_as), and one said over ("retired nurse") as what they worked as. An
    "is_a" is kept beside it: "My manager's called Priyanka" says whose manager she is, which
    "Who is Ellis's manager?" reads."""
    if st.predicate not in ("is_a", "works_as"):
        return [st]
    if copula_predicate("is_a", st.subject, st.object) != "works_as":
        return [st]
    kept = [st] if st.predicate == "is_a" else []
    former = former_role(st.object)
    if former is not None:
        update = {"predicate": "works_as", "object": former, "mood": "past"}
        return [*kept, st.model_copy(update=update)]
    return [*kept, st.model_copy(update={"predicate": "works_as"})]


def former_role(obj: str) -> str | None:
    """The occupation a word before it says is over ("retired nurse" -> "nurse"), or None
    ("practice manager", "retired" alone, "former friend")."""
    said = obj.split()
    if len(said) < 2 or said[0].lower() not in words("former_role_words"):
        return None
    rest = " ".join(said[1:])
    return rest if is_occupation(rest) else None


def job_as(verb: Token, obj: Token) -> Token | None:
    """The occupation a job taken is "as" ("got a job as a porter": porter), or None: the verb
    one of taking (data/job_taking_verbs.txt: not "was offered", "turned down"), its object a
    kind of occupation by WordNet (a job, a post, a position), the noun after "as" an
    occupation."""
    if verb.lemma_.lower() not in words("job_taking_verbs") or obj.dep_ != "dobj":
        return None
    if not lexicon.is_a(obj.lemma_.lower(), "occupation", senses=3, kinds=1):
        return None
    prep = next((c for c in obj.children if c.dep_ == "prep" and c.lower_ == "as"), None)
    prep = prep or next((c for c in verb.children if c.dep_ == "prep" and c.lower_ == "as"), None)
    noun = None if prep is None else next((c for c in prep.children if c.dep_ == "pobj"), None)
    return noun if noun is not None and is_occupation(noun.lemma_) else None


def taken_mood(mood: Mood) -> Mood:
    """The mood of the job a taking gives: a job got is held now ("I got a job as a porter":
    works as one), one to be taken is a plan, a wished one a wish."""
    return "fact" if mood == "past" else mood


def said_former(st: Statement, doc: Doc) -> bool:
    """Is the statement an occupation said over by a word before its noun ("Marjory is a
    retired nurse": works_as nurse, over when said), though its verb is a present?"""
    if st.predicate != "works_as" or st.mood != "past" or st.negated or not st.object:
        return False
    noun = st.object.split()[-1].lower()
    marks = words("former_role_words")
    return any(t.lower_ in marks and t.head.lower_ == noun for t in doc)
