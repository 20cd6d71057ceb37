"""Questions read over the dependency parse and matched to held claims through lemmas, a small
synonym table and the entity dictionary: who/what/when/where/which/how many/yes-no, through one
intermediate entity ("Where does Ana's sister live?").

Reading a question (`read_question`) is pure; `answer_query` reads the graph. Nothing is answered
unless a held claim matches the question's verb (and its object, when the question names one):
"I don't know" beats a made-up answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime

from resident.language import when as timewords
from resident.language.asked_meaning import (
    as_asked,
    employer_place,
    said_by_meaning,
    went_where_was,
)
from resident.language.asked_time import at_time_asked, lasted, reckoned_from, spanned
from resident.language.asked_verb import takes_place, verb_matches
from resident.language.counting import holds_count_of
from resident.language.deeds import phrasal_says
from resident.language.denied_roles import asks_denied
from resident.language.dictionary import Dictionary
from resident.language.doer_said import doer_said
from resident.language.ended import NOT_ANY_MORE, _when, ceased, current, moved_away, with_time
from resident.language.finer_time import finest, finest_said, refined
from resident.language.fit import TOLD_ONLY, answer_type_fit
from resident.language.gap_fill import GAP_ROLES, gap_filler, gap_roles, latest_counts
from resident.language.held_shapes import began_as
from resident.language.knowledge import Answer, ClaimView, hedge_line, views
from resident.language.matching import PREPS as _PREPS
from resident.language.matching import STOP as _STOP
from resident.language.matching import (
    _ing_forms,
    _lemma_tokens,
    asks_the_wish,
    claim_verbs,
    names_act_of,
    not_yet_so,
    said_ahead,
)
from resident.language.moves import dwells, moves_of, outdated_by_move
from resident.language.placed import PLACE_PREPS as _PLACE_PREPS
from resident.language.placed import says_place
from resident.language.question_reading import (
    _GENERIC,
    _WH,
    Query,
    _question_word,
    read_question,
)
from resident.language.question_subject import question_subject
from resident.language.render import local_day, possessive
from resident.language.resolved import Resolved
from resident.language.restated import restated_in
from resident.language.statement import base_form
from resident.language.told_time import occurred, told
from resident.language.words import words
from resident.records import Claim, Level, Qualifier

#: Re-exported: the question's reading lives in question_reading.py.
__all__ = [
    "NOT_ANY_MORE",
    "_AUX",
    "_PREPS",
    "_STOP",
    "_WH",
    "GAP_ROLES",
    "Query",
    "Resolved",
    "_ing_forms",
    "_question_word",
    "answer_query",
    "gap_filler",
    "hedge",
    "question_subject",
    "read_question",
    "score",
]

_AUX = words("asking_aux")
#: The prepositions of where someone is or goes, one for another; "from" says where they left.
_AT_PREPS = _PLACE_PREPS - {"from"}
#: The roles that name where a statement happened or led.
_PLACE_ROLES = frozenset({"location", "destination", "origin"})
_PLACE_VERBS = words("asking_place_verbs")
_ORIGINS = words("asking_origin_attributes")


# -- matching -----------------------------------------------------------------------------------


def _asks_what_one_does(query: Query) -> bool:
    """ "What does Femi do?": the present simple of "do" with nothing named asks a job or a
    habit."""
    return query.wh == "what" and query.verb == "do" and not query.past and not query.object_words


def _one_off(claim: Claim, qualifiers: Sequence[Qualifier]) -> bool:
    """A statement of one event: it happened on a day, and no habit was said of it."""
    habit = any(q.role == "modality" and q.value == "habit" for q in qualifiers)
    return claim.occurred_at is not None and not habit


def _been_to(query: Query, qualifiers: Sequence[Qualifier]) -> bool:
    """ "Have we ever been to Graz?": any statement that kept the place as where it happened
    ("we visited Jonathan in Graz")."""
    if query.verb != "be" or query.prep != "to" or not query.object_words:
        return False
    places = " ".join(q.value for q in qualifiers if q.role in GAP_ROLES["where"])
    return bool(_lemma_tokens(places) & set(query.object_words))


def _object_fills(query: Query, prep: str | None) -> bool:
    """ "Who is Leo engaged to?" against "Leo engage_to Mia": the statement's own preposition
    is the one asked, so its object is the person asked for."""
    return query.wh == "who" and query.prep is not None and query.prep == prep


def _asks_direct_object(query: Query) -> bool:
    """ "What does Tolu play?": a what-question of a full verb with no preposition left
    over and no thing named besides asks the verb's direct object."""
    return (
        query.wh in ("what", "which")
        and query.prep is None
        and not query.object_words
        and query.verb not in _GENERIC
    )


def _roles_score(
    query: Query, claim: Claim, prep: str | None, verbs: frozenset[str], filler: str | None
) -> float | None:
    """What the question's other parts add: its preposition, its gap, its kind of answer."""
    s = 0.0
    if _asks_direct_object(query) and prep is not None and prep != "as":
        # "What position does Tolu play?" asks what he plays, not whom he plays for
        # ("plays for Peckham Town"): a question about a preposition's object strands it.
        return None
    if query.prep and prep:
        if query.prep == prep or ({query.prep, prep} <= _AT_PREPS and not query.particle):
            s += 0.5
        elif query.particle:
            # "When did they move in together?" is not when they moved to Montreal.
            return None
        elif query.wh != "yes":
            s -= 0.5
    if filler is not None or _object_fills(query, prep):
        # The statement kept what the question asks ("to Jasper" for "where"; "engaged to
        # Mia" for "who ... engaged to").
        s += 1.0
    elif gap_roles(query) and query.wh not in ("where", "when") and not _object_fills(query, prep):
        return None
    # "works as a cook" names no place; "works in Bath", "visited Graz" do.
    place = says_place(claim, prep) or (prep is None and bool(verbs & _PLACE_VERBS))
    place = place or employer_place(query, claim, prep)  # "works for the council"
    if query.wh == "where" and filler is None and not place:
        return None
    if query.wh == "where" and query.prep == "from" and filler is None and prep != "from":
        # "Where is Arjun from?" is not answered by where he works.
        return None
    if query.wh == "when" and claim.occurred_at is not None:
        s += 0.5
    return s


def score(
    query: Query,
    claim: Claim,
    object_label: str,
    object_is_person: bool,
    qualifiers: Sequence[Qualifier] = (),
) -> float | None:
    """How well a claim answers a query, by how many of its roles align; None when it does not
    answer it (its verb means something else, or it is about another thing)."""
    if query.wh == "where" and query.prep == "from" and claim.predicate in _ORIGINS:
        # "Where is Arjun from?": his native place, said as an attribute.
        return 3.0
    if query.wh == "how old" or query.attribute:
        return _attribute_score(query, claim)
    negated, verbs, prep = claim_verbs(claim.predicate)
    matched = verb_matches(query, verbs, object_label, prep) or _been_to(query, qualifiers)
    matched = matched or went_where_was(query, claim)
    matched = matched or said_by_meaning(query, claim, object_label, qualifiers) is not None
    matched = matched or doer_said(query, claim, object_label) is not None  # "a swimmer"
    matched = matched or began_as(query, claim)  # "When did Gareth become an instructor?"
    matched = matched or phrasal_says(query.verb, claim.predicate)  # "signed up": joined
    if not (matched or takes_place(query, verbs)) or _says_only_the_asked(
        query, claim, object_label
    ):
        return None
    if _about_else(query, claim, prep, qualifiers):
        return None
    if negated != query.negated and query.wh != "yes":
        # "Who bought the caravan?" is not answered by "Mel did not buy it": a statement of the
        # other polarity fills no gap (a yes/no question weighs it as a "no" elsewhere).
        return None
    s = 2.0
    # What the statement said, its object and its other roles ("to Jasper", "with Tom").
    said = _lemma_tokens(" ".join([object_label, *(q.value for q in qualifiers)]))
    # "How many times a week ... croissants": the noun counted and its rate are no thing named
    # (a shallow reading keeps them as objects), and "three times a week" holds them.
    named = [w for w in query.object_words if query.wh != "how many" or w not in _counted(query)]
    if named:
        if said & {w for q in named for w in (q, base_form(q))}:
            s += 1.5
        elif query.wh == "how many" and holds_count_of(
            query.object_words[-1], object_label, qualifiers
        ):
            # "How many kilometres did Gethin cycle?" against "cycled to Brecon {120 km}".
            s += 1.5
        elif (
            query.wh in ("when", "yes", "where", "who") or query.subject is not None or query.amount
        ):
            # The question names a thing that this statement is not about ("How much did Wyn
            # get for the camera?" is not what he got for his laptop).
            return None
    if query.wh == "how many" and query.unit and {query.unit, base_form(query.unit)} & said:
        # "How many tins of beans?": the statement that names the tins before the one that
        # counts kilos of rice, said in the same breath.
        s += 0.5
    # "How long ago ...?" of "last Christmas": the time said is what the answer counts from.
    filler = gap_filler(query, qualifiers, object_label, claim.predicate)
    filler = filler or reckoned_from(query, claim, qualifiers)
    roles = _roles_score(query, claim, prep, verbs, filler)
    if roles is None:
        return None
    s += roles
    if query.wh == "who" and query.subject is not None and not object_is_person:
        s -= 1.0
    if query.type_noun and query.type_noun in _lemma_tokens(object_label):
        s += 0.25
    if query.context_words and said & set(query.context_words):
        s += 0.5
    return s


def _says_only_the_asked(query: Query, claim: Claim, object_label: str) -> bool:
    """A statement that says nothing the question does not: "What kind of dog is Biscuit?"
    is not answered by "Biscuit is a dog" (the kind named is the question's own word), and
    "What does Callum do?" not by what he is like ("Callum is brave": an adjective's state,
    which WordNet may also list as a noun of a person)."""
    named = query.type_noun is not None and query.wh in ("what", "which")
    if named and _lemma_tokens(object_label) <= {query.type_noun, f"{query.type_noun}s"}:
        return True
    return query.verb == "do" and claim.predicate in ("is", "not_is")


def _attribute_score(query: Query, claim: Claim) -> float | None:
    """ "How old is Jonas?", "When is Ana's birthday?": that attribute, nothing else ("How
    old is Ivy's great-granny?" asks the great-granny's age, not Ivy's); "What is Piotr's
    job?" also a statement whose verb says the act the noun names ("works as an
    electrician", WordNet)."""
    if query.attribute and query.wh in ("what", "which") and names_act_of(query.verb, claim):
        # "What was Tomasz's job?" is not where he works ("works in a warehouse"): only what
        # the act is said as ("works as a mechanic", "teaches history") names the job.
        return None if claim_verbs(claim.predicate)[2] in _PLACE_PREPS else 3.0
    return 3.0 if claim.predicate == (query.verb if query.attribute else "age") else None


def _about_else(
    query: Query, claim: Claim, prep: str | None, qualifiers: Sequence[Qualifier]
) -> bool:
    """Is a statement whose verb matches still about something else than the question?"""
    if query.place_said and _elsewhere(query.place_said, claim, prep, qualifiers):
        # "When did we move here?" is not when Joe moved to the control room.
        return True
    # "What does Femi do?" is his job or a habit, not "Femi proposed last night".
    return _asks_what_one_does(query) and _one_off(claim, qualifiers)


def _elsewhere(place: str, claim: Claim, prep: str | None, qualifiers: Sequence[Qualifier]) -> bool:
    """Does the statement name a place other than the deictic one asked ("here")? One that
    says the same word, in its predicate or a role, does not; nor one that names no place."""
    said = [claim.predicate.split("_"), *(q.value.lower().split() for q in qualifiers)]
    if any(place in told for told in said):
        return False
    return prep in _PLACE_PREPS or any(q.role in _PLACE_ROLES for q in qualifiers)


def _counted(query: Query) -> set[str]:
    return {
        w for w in (query.unit, query.rate) if w is not None and w not in query.object_words[-1:]
    }


def hedge(claim: Claim) -> str:
    """How sure the answer sounds, from the rung: a told-once hypothesis is not a yes."""
    if claim.level is Level.FACT:
        return "I know this:"
    if claim.level is Level.BELIEF:
        return "I believe so:"
    if claim.level is Level.OPINION:
        return "That is an opinion I hold:"
    return "I have been told so, but I am not sure yet:"


def said_last(
    found: Sequence[tuple[Claim, str]], reads: Dictionary
) -> tuple[str, list[ClaimView], str]:
    """Of the statements found with the short answer each gives, the one said last (by id when
    two share a moment): its short answer, its view, and the answer's text (the short answer,
    how sure, and the statement's line beneath it)."""
    claim, short = max(found, key=lambda f: (f[0].created_at, f[0].id))
    shown = views([claim], reads)
    return short, shown, f"{short}. {hedge(claim)}\n{shown[0].line}"


def answer_query(
    dictionary: Dictionary,
    query: Query,
    subject: Resolved | None,
    now: datetime,
    *,
    object_ids: Callable[[], list[str]] | None = None,
    limit: int = 8,
) -> Answer | None:
    """The answer from held claims, or None when nothing held answers the query."""
    graph = dictionary.graph
    query = as_asked(query)
    if subject is not None:
        pool = [c for eid in subject.ids for c in graph.peek_claims(eid)]
    else:
        ids = object_ids() if object_ids is not None else []
        pool = [c for eid in ids for c in graph.claims_by_object(eid, now)]
    pool = list({c.id: c for c in pool}.values())
    if not pool:
        return None
    shown = views(pool, dictionary)
    every = graph.qualifiers_of([c.id for c in pool])
    # What each statement holds now: a role said again with a change replaces what it was.
    held = {cid: current(qs) for cid, qs in every.items()}
    scored: list[tuple[float, ClaimView]] = []
    moves = moves_of(((v.claim, v.object_label) for v in shown), held)
    left: list[ClaimView] = []
    for v in shown:
        if query.past and said_ahead(v.claim, held.get(v.claim.id, ()), now):
            continue
        if (not query.ahead or dwells(query.verb)) and outdated_by_move(v, held, moves):
            # "Where does Pavel work?" is not answered by where he worked before he moved.
            left.append(v)
            continue
        wish = asks_the_wish(query.verb, v.claim.predicate)
        if not wish and not_yet_so(query.ahead, v.claim, held.get(v.claim.id, ()), now):
            continue  # "Where does Callum work?": not where he plans to; "Is Bea moving?"
        if not at_time_asked(query, v, held.get(v.claim.id, ()), now):
            # "What does my girlfriend do in the morning?" is not answered by her job.
            continue
        person = v.claim.object_entity is not None and v.claim.object_entity.startswith("person:")
        s = score(query, v.claim, v.object_label, person, held.get(v.claim.id, ()))
        if s is not None:
            # Each candidate's own type fit: a relative ("Iain", daughter_of) must not stand
            # first for "What does Kirsty do?" and sink the job held beside it.
            short = spanned(query, v.claim, held.get(v.claim.id, ()), now) or _candidate_short(
                query, v, held.get(v.claim.id, ()), subject is None
            )
            fit = answer_type_fit(query, short, v, asks_subject=subject is None)
            scored.append((s + fit, v))
    ended = ceased(query, shown, every, gone=(dictionary, subject.ids if subject else None, now))
    best = max((s for s, _ in scored), default=0.0)
    top = [v for s, v in scored if s >= best - 0.25]
    if query.wh == "yes":
        # What was said last stands: "I don't play the trumpet anymore" after "I play it".
        top.sort(key=_when, reverse=True)
    elif query.wh == "when":
        # The telling that came last stands: "Mum had the operation on the 3rd" after "she is
        # having it next month", whichever day each points at.
        top.sort(key=lambda v: (-v.claim.confidence, -v.claim.created_at.timestamp()))
        top = refined(query.verb, top, shown, held)  # "my flight is on the 6th"
    else:
        top.sort(key=lambda v: (-v.claim.confidence, -_when(v)))
    if ended is not None and (not top or _told_later(ended, top[0])):
        fresh = views([graph.get_claim(ended.claim.id, now)], dictionary)
        text = f"{NOT_ANY_MORE}\n" + with_time(fresh[0], now, held)
        return Answer(text=text, claims=fresh, known=True, short="No", score=max(best, 3.0))
    if not top:
        return moved_away(dictionary, query, shown, left, held, now)
    # "How many guests did we have?": a count said again ("fifty-two in the end") stands for
    # the one it replaced.
    top = restated_in(top, shown, now)
    # Reading counts as a retrieval: bump what the answer rests on.
    order = [v.claim.id for v in top[:limit]]
    bumped = {v.claim.id: v for v in views([graph.get_claim(i, now) for i in order], dictionary)}
    top = [bumped[i] for i in order]
    said = _said(query, top, held, subject is None, now)
    if said is None:
        return None
    short, prefix = said
    lines = [prefix, *(with_time(v, now, held) for v in top)]
    return Answer(text="\n".join(lines), claims=top, known=True, short=short, score=best)


def _candidate_short(
    query: Query, view: ClaimView, qualifiers: Sequence[Qualifier], asks_subject: bool
) -> str:
    """What one candidate alone would answer, for its type fit."""
    filler = gap_filler(query, qualifiers, view.object_label, view.claim.predicate)
    if filler is not None:
        return filler
    if query.wh == "when" and view.claim.occurred_at is None and not query.attribute:
        return TOLD_ONLY
    return view.subject_label if asks_subject else view.object_label


def _said(
    query: Query,
    top: list[ClaimView],
    held: Mapping[str, Sequence[Qualifier]],
    asks_subject: bool,
    now: datetime,
) -> tuple[str, str] | None:
    """The answer in a few words and the line that leads the reply, or None when the claims
    found do not answer after all."""
    lead = top[0]
    # "How long ago ...?", "Since when ...?": arithmetic on the time said (asked_time.py).
    spans = [s for v in top if (s := spanned(query, v.claim, held.get(v.claim.id, ()), now))]
    if spans:
        return spans[0], f"{spans[0]}. {hedge(lead.claim)}"
    dated = [
        (v, at)
        for v in top
        if query.wh == "when" and (at := occurred(v.claim, held.get(v.claim.id, ()), query.past))
    ]
    on_day = bool(dated) and dated[0][0].claim.occurred_at is not None
    if query.attribute and query.wh != "yes" and not on_day:
        short = " and ".join(dict.fromkeys(_placed(query, v, held) for v in top))
        return short, f"{short}. {hedge(lead.claim)}"
    if query.attribute and on_day:
        # "When is Meera's interview?" of "my interview is on Friday": the day it was said to
        # be, read from the day it was said, not the words "on Friday".
        short = told(dated[0][1], now, dated[0][0].object_label)
        return short, f"{short}. {hedge(lead.claim)}"
    # "sold 30 tickets", later "sold 45 tickets": the number said last.
    counts = latest_counts(query, top, held)
    fillers = [
        f
        for v in counts
        if (f := gap_filler(query, held.get(v.claim.id, ()), v.object_label, v.claim.predicate))
    ]
    if fillers and not dated:
        if query.wh == "how long":
            # "for four years" said a year before the lead claim is asked: five years now.
            held_roles = [q for v in top for q in held.get(v.claim.id, ())]
            durations = {q.value for q in held_roles if q.role == "duration"}
            over = query.time_asked == "over"
            fillers = [lasted(f, lead.claim, now, over) if f in durations else f for f in fillers]
        short = " and ".join(dict.fromkeys(fillers))
        return short, f"{short}. {hedge(lead.claim)}"
    if query.wh == "yes":
        negated, _, _ = claim_verbs(lead.claim.predicate)
        # What the statement said: its object, or another role ("in Graz" for "been to Graz").
        said = " ".join([lead.object_label, *(q.value for q in held.get(lead.claim.id, ()))])
        overlap = not query.object_words or bool(_lemma_tokens(said) & set(query.object_words))
        if not overlap and query.attribute:
            # "Is Canberra the capital of Australia?" when another value is held.
            return "No", f"No, as far as I know: {lead.object_label}."
        if not overlap:
            return None
        roles = [q.value for v in top for q in held.get(v.claim.id, ())]
        if negated != query.negated or asks_denied(query.object_words, lead.object_label, roles):
            return "No", "No, as far as I know:"
        # The same hedge as every yes: "Possibly: ..." for a hypothesis, "Yes:" for a fact.
        return "Yes", hedge_line(lead.claim.level)
    if query.wh == "when":
        if dated:
            # No finer than it was said: "in March" is March, not the 1st it is stored at;
            # the finest said of it wins (finer_time).
            first, at = finest(dated, held)
            at, phrase = finest_said(first.claim, held.get(first.claim.id, ()), at, query.past)
            short = told(at, now, phrase)
        else:
            short = f"{TOLD_ONLY} {timewords.render(local_day(lead.claim.created_at, now))}"
        return short, f"{short}. {hedge(lead.claim)}"
    labels = [_label(query, v, asks_subject) for v in top]
    short = " and ".join(dict.fromkeys(labels))
    return short, f"{short}. {hedge(lead.claim)}"


def _placed(query: Query, view: ClaimView, held: Mapping[str, Sequence[Qualifier]]) -> str:
    """An attribute's value; for "where", with the place it was said in ("works at a hotel
    in Marseille": "hotel in Marseille"), which the value alone leaves out."""
    label = view.object_label
    if query.wh != "where":
        return label
    place = next((q.value for q in held.get(view.claim.id, ()) if q.role == "location"), None)
    if place is None or _lemma_tokens(place) <= _lemma_tokens(label):
        return label
    return f"{label} in {place}"


def _label(query: Query, view: ClaimView, asks_subject: bool) -> str:
    """What one statement answers: its subject or its object; for "Who is Derek?" from a
    relation ("Derek is Ines' neighbour") the relation with its other side, "Ines'
    neighbour", never "Ines" alone, who is someone else."""
    if asks_subject:
        return view.subject_label
    meant = said_by_meaning(query, view.claim, view.object_label)
    if meant is not None:
        return meant
    relation = view.claim.predicate.removesuffix("_of")
    if query.wh == "who" and query.verb == "be" and relation != view.claim.predicate:
        return f"{possessive(view.object_label)} {relation.replace('_', ' ')}"
    return view.object_label


def _told_later(ended: ClaimView, held: ClaimView) -> bool:
    """Was the ending told after what it ends? The order of telling, not the day each names:
    "Pip died on Sunday", told after "we have a rabbit called Pip", ends it."""
    return ended.claim.created_at >= held.claim.created_at or _when(ended) >= _when(held)
