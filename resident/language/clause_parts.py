"""The parts of a clause the reader looks at before it reads one (pure, over spaCy's parse):
its mood and negation, its time phrase, a subject the small parser hung as a modifier, the
prepositional phrases a verb is said with, and the shapes that make a clause mean more than
its verb ("had my cataract done", "came home", "going to visit").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Literal, Protocol

from resident.language import lexicon
from resident.language import when as timewords
from resident.language.apposed import apposed_kind
from resident.language.clause_opener import opens_clause
from resident.language.clause_time import (
    becomes,
    completing_participle,
    shared_with,
    span_phrase,
    stranded_on,
    stranded_owner,
    with_preposition,
)
from resident.language.kin import _kin_edge
from resident.language.objects import (
    _direct_object,
    indirect_question,
    time_clause,
    told_in_passing,
    years_had,
)
from resident.language.phrases import third_person
from resident.language.purposes import purpose_mood
from resident.language.refs import (
    _conjuncts,
    _is_literal,
    _items,
    _name_of,
    _naming,
    _object_text,
    _relation_noun,
)
from resident.language.roles import count_of, is_time, name_figure
from resident.language.spliced import spliced_clauses
from resident.language.standing import standing_fact
from resident.language.statement import (
    _FUTURE,
    _MODALS_SKIP,
    _PLACE_WORDS,
    ACTIVITIES,
    Context,
    Ref,
    Statement,
    _predicate,
    canonical_lemma,
    gerund,
    verb_lemma,
)
from resident.language.studying import studied
from resident.language.used_to import habit_of, used_to
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: The dependencies under which a clause of its own hangs on another.
_CLAUSE_DEPS = frozenset({"conj", "ccomp", "advcl", "parataxis"})


def _misparsed_subject(verb: Token) -> Token | None:
    """ "Ibuprofen treats fever", where the small parser hangs the first noun on the verb as a
    compound: a noun opening the sentence, right before a verb with an object, is its subject."""
    first = next(iter(verb.lefts), None)
    if (
        first is None
        or verb.pos_ != "VERB"
        or first.dep_ not in ("compound", "nmod", "npadvmod")
        or first.pos_ not in ("NOUN", "PROPN")
        or first.i != verb.sent.start
        or first.i + 1 != verb.i
    ):
        return None
    return first if any(c.dep_ == "dobj" for c in verb.children) else None


def wished_object(xcomp: Token) -> Token | None:
    """What a wished verb is about: its direct object, or a copula's attribute ("wants to be
    an architect", "hopes to become a vet"), as an object is."""
    return _direct_object(xcomp) or next(
        (c for c in xcomp.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None
    )


def _negated(verb: Token) -> bool:
    """Whether the clause is said in the negative: a negation on the verb or on one of its
    auxiliaries ("I've never been skiing" hangs "never" on "been"), or a negating adverb the
    parser marked as a plain modifier (data/negating_adverbs.txt)."""
    heads = [verb, *(c for c in verb.children if c.dep_ in ("aux", "auxpass"))]
    return any(
        c.dep_ == "neg"
        or (c.dep_ == "advmod" and c.lower_ in words("negating_adverbs"))
        # "I no longer work there": the parser hangs "no" on "longer".
        or (c.dep_ == "advmod" and any(g.dep_ == "neg" and g.lower_ == "no" for g in c.children))
        for head in heads
        for c in head.children
    )


def verb_mood(verb: Token) -> Literal["fact", "past", "plan", "wish"] | None:
    """The clause's mood, or None for a hypothetical one (would, could, might)."""
    if used_to(verb):
        return "past"  # "I used to smoke": a habit that was
    auxes = [_aux_said(c) for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if any(a in _MODALS_SKIP for a in auxes):
        aim = purpose_mood(verb, verb_mood(verb.head)) if verb.dep_ == "advcl" else None
        if aim is not None:
            return aim  # "so she could travel": her aim, said as the clause it is for
        return "fact" if standing_fact(verb) else None  # "can't eat peanuts": a fact
    if any(a in _FUTURE for a in auxes):
        return "plan"
    if perfect_at_a_point(verb, auxes) or present_ahead(verb, auxes):
        return "plan"
    if irregular_past(verb, auxes):
        return "past"
    if verb.tag_ in ("VBD", "VBN") or any(a in ("did", "was", "were", "had") for a in auxes):
        return "past"
    return "fact"


def _aux_said(aux: Token) -> str:
    """The auxiliary as its word: a clitic "'d" the tagger reads as a modal is "would" ("I'd
    go down one weekend", "he'd lose his place": a hypothetical), as a past form "had"."""
    return "would" if aux.lower_ in ("'d", "d") and aux.tag_ == "MD" else aux.lower_


#: The present perfect's auxiliary forms: "I've got", "she has booked".
_PERFECT_AUX = frozenset({"have", "'ve", "has", "'s"})
#: Prepositions that put a clause at a point in time ("on Friday", "at noon"), not a span.
_POINT_PREPS = frozenset({"on", "at"})


def perfect_at_a_point(verb: Token, auxes: list[str]) -> bool:
    """ "We've got a gig on Friday", "I've booked a table for 8pm on Saturday": the present
    perfect takes no definite past time, so a point in time said with it ("on Friday", a
    date) is ahead: the clause is a plan, not something done."""
    if verb.tag_ != "VBN" or not any(a in _PERFECT_AUX for a in auxes):
        return False
    if any(c.dep_ in ("auxpass",) or c.lower_ == "been" for c in verb.children):
        return False
    return perfect_point(verb, tuple(_POINT_PREPS))


#: The present tense's forms of "be" that make a progressive ("I'm training ...").
_PROGRESSIVE_AUX = frozenset({"am", "is", "are", "'m", "'re", "'s"})


def present_ahead(verb: Token, auxes: list[str]) -> bool:
    """ "I'm training for a triathlon in July", "we fly out next week": a present clause said
    with a time ahead (data/ahead_words.txt: "next", "tomorrow"), or a progressive with a
    point in time ("in July", "on Friday"), is an arrangement, a plan."""
    if verb.tag_ not in ("VBP", "VBZ", "VBG") or any(a in ("did", "was", "were") for a in auxes):
        return False
    ahead = words("ahead_words")
    own = [t for c in verb.children if c.dep_ not in _CLAUSE_DEPS for t in c.subtree]
    if any(t.lower_ in ahead and t.ent_type_ in ("DATE", "TIME") for t in own):
        return True
    progressive = verb.tag_ == "VBG" and any(a in _PROGRESSIVE_AUX for a in auxes)
    return progressive and perfect_point(verb, ("on", "in"))


def irregular_past(verb: Token, auxes: list[str]) -> bool:
    """ "I swam a length": a past form the tagger took for a present one, known by WordNet's
    base differing from the word ("swam" -> swim), with no auxiliary to say otherwise."""
    if verb.pos_ != "VERB" or verb.tag_ not in ("VBP", "VB") or auxes or not verb.is_alpha:
        return False  # "are" is "be" by WordNet's base, but no past: an auxiliary is none
    if not lexicon.available():
        return False
    base = lexicon.base(verb.lower_, "v")
    return base is not None and base != verb.lower_


def perfect_point(verb: Token, preps: tuple[str, ...]) -> bool:
    """Is a point in time said on the verb ("on Friday", "in July": a date under one of
    `preps`)?"""
    return any(
        child.dep_ == "prep"
        and child.lower_ in preps
        and any(c.ent_type_ in ("DATE", "TIME") for c in child.children if c.dep_ == "pobj")
        for child in verb.children
    )


def _time_tokens(verb: Token) -> tuple[str | None, set[int]]:
    """The clause's time phrase ("last Saturday", "in two weeks") and its token indices, with
    the phrases the parser hung elsewhere that are this clause's (`clause_time`)."""
    phrases, used = _child_time_tokens([*verb.children, *stranded_on(verb)], verb)
    part = completing_participle(verb)
    if not phrases and part is not None:
        # "I got my ears pierced on Saturday": the time hangs on the participle.
        phrases, used = _child_time_tokens(list(part.children), part)
    if not phrases:
        # "I adopted a cat named Miso two weeks ago": the date hangs lower in the parse.
        own = _own_tokens(verb)
        for ent in verb.doc.ents:
            inside = all(t.i in own for t in ent)
            if ent.label_ in ("DATE", "TIME") and inside and timewords.mentions_time(ent.text):
                phrases.append(with_preposition(ent))
                used.update(t.i for t in ent)
                break
    if not phrases and (first := shared_with(verb)) is not None:
        # "Pat fell over yesterday and broke her wrist": the joined verb's time is hers too.
        said, at = _time_tokens(first)
        if said and not span_phrase(said) and at and max(at) < verb.i:
            return said, at
    return (" ".join(phrases) if phrases else None), used


def borrowed_time(verb: Token) -> str | None:
    """The clause's time phrase when it was found away from the verb's own modifiers (on an
    earlier verb, after a splice, on the participle), which the clause's roles do not read."""
    when, at = _time_tokens(verb)
    part = completing_participle(verb)
    own = {t.i for c in verb.children if c != part for t in c.subtree}
    return when if when and at and not at <= own and not span_phrase(when) else None


def _own_tokens(verb: Token) -> set[int]:
    """The clause's tokens, without the clauses under it nor what belongs to an earlier one."""
    out = {verb.i}
    for child in verb.children:
        if child.dep_ in _CLAUSE_DEPS and child.pos_ in ("VERB", "AUX"):
            continue
        if stranded_owner(child) is not None:
            continue
        out.update(t.i for t in child.subtree)
    return out


def _child_time_tokens(children: list[Token], owner: Token) -> tuple[list[str], set[int]]:
    """The time phrases among `children` that are `owner`'s (not an earlier clause's)."""
    phrases: list[str] = []
    used: set[int] = set()
    for child in children:
        if stranded_owner(child) not in (None, owner):
            continue
        # "on Sunday and Mali lost ...": the subject of the next clause is no part of the time.
        cut = {t.i for d in child.subtree if opens_clause(d) for t in d.subtree}
        span_tokens = [t for t in child.subtree if t.i not in cut]
        while cut and span_tokens and (span_tokens[-1].dep_ == "cc" or span_tokens[-1].is_punct):
            span_tokens.pop()
        text = " ".join(t.text for t in span_tokens)
        is_time = child.ent_type_ in ("DATE", "TIME") or (
            child.dep_ in ("npadvmod", "advmod", "prep", "tmod")
            and (timewords.mentions_time(text) or _names_a_date(child))
            and len(span_tokens) <= 5
        )
        if child.dep_ in ("prep",) and child.lower_ not in (
            "on",
            "in",
            "at",
            "during",
            "this",
            "last",
            "next",
            "since",
            "for",
        ):
            is_time = False
        if is_time and child.dep_ not in ("nsubj", "dobj", "ccomp", "xcomp", "conj"):
            phrases.append(text)
            used.update(t.i for t in span_tokens)
        elif phrases and max(used) + 1 == child.i and _before_last(text):
            # "the summer before last": the parser hangs "before last" on the verb beside it.
            phrases[-1] = f"{phrases[-1]} {text}"
            used.update(t.i for t in span_tokens)
    return phrases, used


def _before_last(text: str) -> bool:
    return text.lower() in ("before last", "after next")


def _names_a_date(prep: Token) -> bool:
    """ "in 2019": a preposition whose object the named-entity reader took for a date (a
    year said alone has no word of time in it)."""
    return prep.dep_ == "prep" and any(
        c.dep_ == "pobj" and c.ent_type_ == "DATE" and c.like_num for c in prep.children
    )


def _caused(verb: Token, obj: Token | None) -> tuple[Token, Token] | None:
    """ "had my cataract done", "got my ears pierced": the participle and the thing it was
    done to, when "have" or "get" is said with one (as its clause, or on its object)."""
    if obj is not None:
        done = next((c for c in obj.children if c.dep_ == "acl" and c.tag_ == "VBN"), None)
        # A participle with an argument of its own names or describes ("a cat called Mochi",
        # "a book written by Tom"); one standing alone says what was done to the object.
        if done is None or any(c.dep_ not in ("prep", "punct", "npadvmod") for c in done.children):
            return None
        if any(p.lower_ == "by" for p in done.children if p.dep_ in ("prep", "agent")):
            return None
        return done, obj
    for child in verb.children:
        if child.dep_ in ("ccomp", "xcomp") and child.tag_ == "VBN":
            thing = next((c for c in child.children if c.dep_ == "nsubj"), None)
            if thing is not None and thing.pos_ == "NOUN":
                return child, thing
    return None


def _gerund_after_prep(verb: Token) -> Token | None:
    """ "switched to teaching law": a gerund with an object of its own after the verb's
    preposition, which says what the subject does."""
    for prep in (c for c in verb.children if c.dep_ == "prep"):
        for comp in prep.children:
            if (
                comp.dep_ == "pcomp"
                and comp.tag_ == "VBG"
                and any(c.dep_ == "dobj" for c in comp.children)
            ):
                return comp
    return None


def _preps(verb: Token, prt: str) -> Iterator[tuple[Token, str]]:
    """The verb's prepositional phrases, each with the particle it is said with: the verb's
    own, then those under an adverb particle ("got back from Lagos": back, from Lagos)."""
    for prep in verb.children:
        if prep.dep_ in ("prep", "dative"):
            yield prep, prt
    for adverb in verb.children:
        # "moved out of Leeds": a particle the parser made a preposition with no object.
        bare = adverb.dep_ == "prep" and not any(c.dep_ == "pobj" for c in adverb.children)
        if (adverb.dep_ == "advmod" or bare) and adverb.pos_ in ("ADV", "ADP") and not prt:
            yield from ((p, adverb.lower_) for p in adverb.children if p.dep_ == "prep")


def _goes_somewhere(verb: Token) -> bool:
    """ "came home", "came to Lisbon": a verb of talk that here says where someone went."""
    for child in verb.children:
        if child.dep_ == "advmod" and child.lower_ in _PLACE_WORDS:
            return True
        if child.dep_ == "prep" and child.lower_ in _MOTION_PREPS:
            # "came to Lisbon", not "thinking of a wedding in Kumasi": a way to a place.
            pobj = next((c for c in child.children if c.dep_ == "pobj"), None)
            # A place by name; the tagger may call a town it does not know an organisation
            # ("from Vilnius"), but never a person.
            named = pobj is not None and pobj.pos_ == "PROPN" and pobj.ent_type_ != "PERSON"
            if pobj is not None and (pobj.ent_type_ in ("GPE", "LOC", "FAC") or named):
                return True
    return False


#: Prepositions of a way somewhere ("came to Lisbon", "came back from Lagos").
_MOTION_PREPS = frozenset({"to", "into", "from", "towards", "toward", "onto"})


def _plan_verb(verb: Token, xcomp: Token | None) -> bool:
    """ "I'm going to visit my mom": "going to" makes a plan of the inner verb."""
    return (
        verb_lemma(verb) == "go"
        and xcomp is not None
        and any(c.lower_ == "to" for c in xcomp.children if c.dep_ == "aux")
        and verb.tag_ == "VBG"
    )


def _read_clause_inner(
    verb: Token,
    subject: Ref,
    negated: bool,
    mood: Literal["fact", "past", "plan", "wish"],
    when: str | None,
    time_idx: set[int],
) -> list[Statement]:
    inner_when, inner_idx = _time_tokens(verb)
    when = when or inner_when
    skip = time_idx | inner_idx
    lemma = canonical_lemma(verb.lemma_.lower())
    out = []
    obj_tok = _direct_object(verb)
    targets: list[tuple[str | None, Token]] = []
    if obj_tok is not None:
        targets = [(_predicate(third_person(lemma)), o) for o in _conjuncts(obj_tok)]
    else:
        for prep in (c for c in verb.children if c.dep_ == "prep" and c.i not in skip):
            pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
            if pobj is not None:
                targets = [
                    (_predicate(third_person(lemma), prep.lower_), o) for o in _conjuncts(pobj)
                ]
                break
    for predicate, o in targets:
        text = _object_text(o, skip)
        if predicate and text:
            out.append(
                Statement(
                    subject=subject,
                    predicate=predicate,
                    object=text,
                    negated=negated,
                    mood=mood,
                    when=when,
                    verb=lemma,
                    literal=_is_literal(o),
                )
            )
    if not targets and lemma in ACTIVITIES:
        out.append(
            Statement(
                subject=subject,
                predicate="does",
                object=gerund(lemma),
                literal=True,
                negated=negated,
                mood=mood,
                when=when,
                verb=lemma,
            )
        )
    return out


def _object_key(tok: Token) -> str:
    return (_object_text(tok, set()) or tok.text).lower()


def _item_counts(objects: list[Token]) -> dict[str, str | None]:
    """Each coordinated object item, by its text and the names it gives, with its own count
    ("two cats called Tom and Jerry": tom, jerry and "two cats" are all two)."""
    out: dict[str, str | None] = {}
    items = [i for o in objects for i in _items(o)]
    if _restated(items):
        # "grew roses, forty bushes": the restating item's count is the first's.
        return {_object_key(items[0]): _count_of(items[1])}
    for item in items:
        count = _count_of(item)
        restating = next((c for c in item.children if c.dep_ == "appos" and c.pos_ == "NOUN"), None)
        if count is None and restating is not None:
            count = _count_of(restating)  # "tulips, two hundred bulbs", parsed as apposition
        out.setdefault(_object_key(item), count)
        named = _naming(item)
        for name in [] if named is None else [named, *named.conjuncts]:
            out[_name_of(name).lower()] = count
    return out


def _restated(items: list[Token]) -> bool:
    """ "grew roses, forty bushes": two nouns set side by side with no "and" are one thing
    said twice, the second restating the first."""
    return len(items) == 2 and not any(c.dep_ == "cc" for i in items for c in i.children)


def _side_by_side(a: Token, b: Token) -> bool:
    """Two coordinated nouns with nothing between them are one phrase the parser split."""
    return b.i == a.i + 1 and b.dep_ == "conj" and a.pos_ == b.pos_ == "NOUN"


def _listed_object(tok: Token) -> bool:
    """A further object of a list the parser hung on the verb: a direct object, or a noun it
    made a modifier ("a cottage in Wales, forty hens, a few pigs and a dog") that is no
    time and no measure."""
    if tok.dep_ == "dobj":
        return True
    return tok.dep_ == "npadvmod" and tok.pos_ == "NOUN" and not tok.ent_type_ and not is_time(tok)


def listed_after(verb: Token, obj: Token) -> list[Token]:
    """The further items of a list whose first item is `obj`: objects the parser hung on the
    verb, and counted things it hung on a name inside the first item's phrase ("a croft on
    Skye, sixty sheep, a few cows": "sixty sheep" set beside Skye, which a counted common noun
    cannot restate: a name is no count of things)."""
    on_verb = [c for c in verb.children if c.i > obj.i and _listed_object(c)]
    in_phrase = [
        t
        for t in obj.subtree
        if t.dep_ == "appos"
        and t.pos_ == "NOUN"
        and t.head.pos_ == "PROPN"
        and t.head.dep_ == "pobj"
        and not is_time(t)
        and any(c.dep_ == "nummod" for c in t.children)
    ]
    return sorted(in_phrase + on_verb, key=lambda t: t.i)


def _count_of(tok: Token) -> str | None:
    """The number said on a noun, whole ("two hundred bulbs": two hundred; "I got two
    thousand six hundred": all of it), as roles.count_of reads it; its first word where that
    reads no whole number ("3-1", a score)."""
    said = next((c for c in tok.children if c.dep_ == "nummod" and not name_figure(c)), None)
    return None if said is None else count_of(tok) or said.text


def overlaps(obj: str, role: str) -> bool:
    """Does a role's text hold the object ("to teaching law" for "teaches law")?"""
    return role == obj or obj.endswith(role) or bool(obj) and role.endswith(f" {obj}")


def passive_modality(verb: Token) -> Literal["plan", "done", "state"]:
    """How a passive state was said, from its auxiliaries (the participle itself is always a
    past form): "is getting married in June" a plan, "got engaged" / "had been married" done,
    "we've been married forty-seven years" a state that holds."""
    auxes = [c.lower_ for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if any(a in _FUTURE for a in auxes) or present_ahead(verb, auxes):
        return "plan"
    getting = any(a in _PROGRESSIVE_AUX for a in auxes) and any(a.endswith("ing") for a in auxes)
    ahead = any(t.lower_ in words("ahead_words") and t.ent_type_ for t in verb.subtree)
    if getting and (ahead or perfect_point(verb, ("on", "in"))):
        return "plan"
    return "done" if any(a in ("got", "was", "were", "had", "did") for a in auxes) else "state"


class _Emits(Protocol):
    """What `said_whole` needs of a clause being read (clause_frame._Clause)."""

    verb: Token
    lemma: str
    time_idx: set[int]

    def emit(
        self,
        predicate: str | None,
        obj: str | None,
        *,
        literal: bool = ...,
        verb_lemma: str | None = ...,
    ) -> None: ...


def said_whole(clause: _Emits, obj_tok: Token | None) -> bool:
    """A clause whose verb and object together say one thing: "Mum turned thirty-five" (an
    age), "I had my cataract done" (what was done to it)."""
    lemma = clause.lemma
    if obj_tok is not None and obj_tok.like_num and lemma in words("age_verbs"):
        said = obj_tok.doc[obj_tok.left_edge.i : obj_tok.right_edge.i + 1].text
        clause.emit("age", said, literal=True, verb_lemma="be")
        return True
    if (years := years_had(lemma, obj_tok)) is not None:
        clause.emit("age", years, literal=True, verb_lemma="be")  # "he has seven years"
        return True
    field = studied(clause.verb, obj_tok)
    if field is not None:
        clause.emit("studies", field, verb_lemma="study")  # "I'm doing history"
        return True
    part = completing_participle(clause.verb) if lemma == "get" and obj_tok is None else None
    if part is not None and part.dep_ == "acomp" and becomes(part):
        # "Dev got engaged to Hannah on Saturday": the change into a state, as `state_passive`
        # reads it where the parser made "got" the participle's auxiliary.
        clause.emit("gets", part.lower_, literal=True, verb_lemma="get")
        return True
    caused = _caused(clause.verb, obj_tok) if lemma in ("have", "get") else None
    if caused is not None:
        done, thing = caused
        verb = third_person(lemma)
        clause.emit(_predicate(verb, done.lower_), _object_text(thing, clause.time_idx))
        return True
    return False


def clause_heads(sent: Span) -> Iterator[Token]:
    """The root and every coordinated or subordinate verb under it, in the order said (so a
    name comes before the "he" that refers to it). A subordinate clause counts only when it has
    a subject of its own; `subject_token` sees to that. A time clause is the time of its clause
    and no clause of its own, unless it tells a deed done ("after Delphine finished her exams")."""
    root = sent.root
    heads = [root, *spliced_clauses(sent)]  # "..., I'm doing history" hung on a noun
    stack = list(heads)
    while stack:
        tok = stack.pop()
        for child in tok.children:
            if child.dep_ in _CLAUSE_DEPS and child.pos_ in ("VERB", "AUX"):
                if (time_clause(child) and not told_in_passing(child)) or indirect_question(child):
                    continue
                heads.append(child)
                stack.append(child)
    # "I used to play the cello": the clause is the habit's verb, said in the past.
    yield from sorted((habit_of(h) for h in heads), key=lambda t: t.i)


def subject_edges(subj_tok: Token, subject: Ref, ctx: Context) -> list[Statement]:
    """ "my sister Lena" as a subject: the relation itself is a claim."""
    if subj_tok.pos_ == "NOUN" and subject.role == "name":
        # "Cats are mammals" names the kind itself, not a cat called Cats.
        same = (subject.name or "").lower() == subj_tok.lower_
        return [] if same else _kin_edge(subj_tok, subject, ctx) or apposed_kind(subj_tok, subject)
    if subj_tok.pos_ == "PROPN":
        relation = _relation_noun(subj_tok)
        if relation is not None:
            return _kin_edge(relation, subject, ctx, subj_tok)
    return []
