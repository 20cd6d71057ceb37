"""Questions read over the dependency parse and matched to held claims through lemmas, a small
synonym table and the entity dictionary: who/what/when/where/which/how many/yes-no, through one
intermediate entity ("Where does Ana's sister live?").

Reading a question (`read_question`) is pure; `answer_query` reads the graph. Nothing is answered
unless a held claim matches the question's verb (and its object, when the question names one):
"I don't know" beats a made-up answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from resident.language import when as timewords
from resident.language.clauses import _time_tokens
from resident.language.counting import counted
from resident.language.dictionary import Dictionary
from resident.language.fit import TOLD_ONLY, answer_type_fit
from resident.language.kinship import kin_ref
from resident.language.knowledge import Answer, ClaimView, hedge_line, views
from resident.language.matching import PREPS as _PREPS
from resident.language.matching import STOP as _STOP
from resident.language.matching import (
    _ing_forms,
    _lemma_tokens,
    asks_ahead,
    claim_verbs,
    moves_of,
    outdated_by_move,
    planned,
    said_ahead,
    same_meaning,
    verb_group,
)
from resident.language.refs import _owner_ref, subject_ref
from resident.language.statement import KIN, Context, Ref, base_form, canonical_lemma, is_pet
from resident.language.words import words
from resident.records import Claim, Level, Qualifier

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_WH = words("wh")
#: "how old", "how long", ...: the second word makes the question's kind.
_HOW = frozenset({"old", "long", "often", "far"})
#: The qualifier roles (migration 009) whose filler answers each kind of question, best first.
GAP_ROLES: dict[str, tuple[str, ...]] = {
    "where": ("destination", "location", "origin"),
    "when": ("time",),
    "how long": ("duration",),
    "how often": ("manner",),
    "why": ("purpose",),
    "how many": ("quantity",),
}
#: "Who did Evan go with?": the preposition left without its object names the role asked.
_WHO_ROLES = {"with": ("companion",), "to": ("recipient", "destination"), "for": ("recipient",)}
_PLACE_PREPS = frozenset({"in", "to", "at", "from"})
_PLACE_VERBS = words("asking_place_verbs")
_GENERIC = frozenset({"do", "be", "have"})


class Query(BaseModel):
    """A question as read: what it asks (wh), about whom, with which verb and object."""

    model_config = ConfigDict(frozen=True)

    wh: str
    #: None when the question word is the subject ("Who likes jazz?").
    subject: Ref | None
    verb: str
    prep: str | None = None
    #: Content words of the object the question names ("support group").
    object_words: tuple[str, ...] = ()
    #: "what book": the kind of answer wanted.
    type_noun: str | None = None
    negated: bool = False
    #: Other verbs the question carries ("start reading": read), or other readings of a form.
    also: tuple[str, ...] = ()
    #: Words that narrow the question without being what it asks for ("to the kids").
    context_words: tuple[str, ...] = ()
    #: The verb is an attribute's predicate ("When is Ana's birthday?": birthday).
    attribute: bool = False
    #: "How many years ...": the noun counted.
    unit: str | None = None
    #: `prep` is the verb's particle ("move in"), which no other preposition replaces.
    particle: bool = False
    #: Asked in the past tense ("Did Kofi come?"): a plan still ahead answers nothing.
    past: bool = False
    #: Asked of what is ahead ("Where will Ana live?", "Where is Ana going to travel?"):
    #: only then may a plan or a wish answer it.
    ahead: bool = False
    #: "How much" with no noun counted ("How much did Kenji sell the Volvo for?"): an amount
    #: said, never a count of the things named.
    amount: bool = False


def _question_word(words: list[Token]) -> str | None:
    """What kind of question a sentence is: its wh-word ("how many", "how old" as one), "yes"
    for a yes/no question, None for no question this reader reads."""
    first = words[0].lower_
    if first in ("since", "until", "till") and len(words) > 1 and words[1].lower_ == "when":
        return "when"
    if first in _WH:
        second = words[1].lower_ if len(words) > 1 else ""
        if first == "how":
            if second in ("many", "much"):
                return "how many"
            return f"how {second}" if second in _HOW else None
        return "who" if first == "whom" else first
    if first in ("do", "does", "did", "is", "are", "was", "were", "has", "have", "had"):
        return "yes"
    return None


@dataclass
class _Parts:
    """What a question's parse says besides its subject, gathered child by child."""

    wh: str
    lemma: str
    time_idx: set[int]
    prep: str | None = None
    particle: bool = False
    type_noun: str | None = None
    object_words: list[str] = field(default_factory=list)
    context_words: list[str] = field(default_factory=list)

    @property
    def pobj_is_context(self) -> bool:
        # "What is Jon reading to the kids?": the thing asked is the wh word; "the kids" only
        # narrows it. "When did Lea go to the support group?": the group is the event asked.
        return self.wh in ("what", "which", "where", "how many")

    def take(self, tok: Token, context: bool = False) -> None:
        if tok.i in self.time_idx or tok.lower_ in _WH:
            return
        if any(c.lower_ in _WH for c in tok.children if c.dep_ in ("det", "attr")):
            self.type_noun = tok.lemma_.lower()
            return
        (self.context_words if context else self.object_words).extend(
            t.lemma_.lower()
            for t in tok.subtree
            if not t.is_punct
            and t.lower_ not in _STOP
            and t.i not in self.time_idx
            and t.lower_ not in _WH
        )

    def take_prep(self, prep: Token, context: bool, first_only: bool) -> None:
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if pobj is None or pobj.lower_ in _WH:
            self.prep = prep.lower_
            # "When did Maya move in?": left without its object, the word is the verb's
            # particle, unless the question word is its object ("Where is Priti from?").
            self.particle = pobj is None and self.wh in ("when", "yes", "how long")
            return
        self.prep = (self.prep or prep.lower_) if first_only else prep.lower_
        self.take(pobj, context)

    def read(self, child: Token, subj_tok: Token | None) -> None:
        dep = child.dep_
        # "Does Conor like cabbage?" may parse "like" as a preposition: its pobj is the object.
        if dep in ("dobj", "obj", "attr", "oprd", "pobj") and child is not subj_tok:
            if not (self.lemma == "be" and dep == "attr" and child.lower_ in _WH):
                self.take(child)
        elif dep in ("prt", "advmod") and child.i not in self.time_idx and child.lower_ in _PREPS:
            # "move in" (the tagger may call the particle an adverb).
            self.prep, self.particle = child.lower_, True
        elif dep == "prep" and child.i not in self.time_idx:
            self.take_prep(child, self.pobj_is_context, first_only=True)
        elif dep == "acomp":
            self.lemma = child.lemma_.lower()
            inner = next((c for c in child.children if c.dep_ == "prep"), None)
            if inner is not None:
                self.take_prep(inner, False, first_only=False)
        elif dep == "xcomp" and child.pos_ == "VERB":
            # "What does Lena like to do?", "Where is Ana going to travel?"
            inner_lemma = child.lemma_.lower()
            if inner_lemma not in _GENERIC and self.lemma in ("go", "want", "plan"):
                self.lemma = canonical_lemma(inner_lemma)
            for c in child.children:
                if c.dep_ == "dobj":
                    self.take(c)
                elif c.dep_ == "prep":
                    self.take_prep(c, self.pobj_is_context, first_only=False)


def read_question(sent: Span, ctx: Context) -> Query | None:
    """A question sentence as a Query (the statement shape with a gap), or None when it cannot
    be read."""
    words = [t for t in sent if not t.is_punct]
    wh = _question_word(words) if words else None
    if wh is None:
        return None
    verb = sent.root
    _, time_idx = _time_tokens(verb)
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    # "Who is Kirsty's partner?" parsed with two subjects: the one that is no question word.
    subj_tok = next((c for c in subjects if c.lower_ not in _WH), subjects[0] if subjects else None)
    subject: Ref | None = None
    parts = _Parts(wh=wh, lemma=canonical_lemma(verb.lemma_.lower()), time_idx=time_idx)
    if subj_tok is not None and any(c.dep_ == "det" and c.lower_ in _WH for c in subj_tok.children):
        # "Which drugs treat headache?": the subject is the gap, and its noun the kind asked.
        parts.type_noun = subj_tok.lemma_.lower()
    elif subj_tok is not None and subj_tok.lower_ not in _WH:
        subject = question_subject(subj_tok, ctx) or _phrase_ref(subj_tok)
        if subject is None:
            return None
    for child in verb.children:
        parts.read(child, subj_tok)
    if subj_tok is None and wh != "who" and parts.lemma != "be":
        return None
    unit = next(
        (t.head.lemma_.lower() for t in sent if t.lower_ in _COUNT and t.head.pos_ == "NOUN"), None
    )
    return Query(
        wh=wh,
        subject=subject,
        verb=parts.lemma,
        prep=parts.prep,
        object_words=tuple(dict.fromkeys(parts.object_words)),
        type_noun=parts.type_noun,
        negated=any(c.dep_ == "neg" for c in verb.children),
        also=tuple(
            canonical_lemma(c.lemma_.lower())
            for c in verb.children
            if c.dep_ == "xcomp" and c.pos_ == "VERB"
        ),
        context_words=tuple(dict.fromkeys(parts.context_words)),
        unit=unit,
        amount=wh == "how many" and unit is None,
        ahead=asks_ahead(verb),
        particle=parts.particle and parts.prep is not None,
        past=any(t.tag_ == "VBD" for t in (verb, *verb.children) if t is verb or t.dep_ == "aux"),
    )


_AUX = words("asking_aux")
_COUNT = ("many", "much")
_CESSATION = words("cessation_verbs")


def question_subject(tok: Token, ctx: Context) -> Ref | None:
    """Whom a question asks about: "the dog's name" asks about the dog, and "the dog", "the
    kids" in a household are the speaker's (a definite relative or pet noun said without an
    owner means the speaker's own)."""
    if tok.lemma_.lower() == "name":
        owner = next((c for c in tok.children if c.dep_ == "poss"), None)
        if owner is not None:
            tok = owner
    kin = kin_ref(tok)
    if kin is not None:
        return kin
    if tok.lower_ == "we":
        # "When did we buy the house?": the asker and their partner, either may have said it.
        return Ref(role="speaker", kind="person", noun="we")
    ref = subject_ref(tok, ctx)
    noun = tok.lemma_.lower()
    if (
        ref is None
        and tok.pos_ == "NOUN"
        and (noun in KIN or is_pet(noun))
        and any(c.lower_ == "the" for c in tok.children)
    ):
        kind = "person" if noun in KIN else "animal"
        ref = Ref(role="kin", owner=Ref(role="speaker", kind="person"), noun=noun, kind=kind)
    owner = next((c for c in tok.children if c.dep_ == "poss"), None)
    if ref is not None and ref.role == "kin" and owner is not None and owner.lower_ == "our":
        # "our daughter": the asker's, else their family's or household's (answering._we).
        ref = ref.model_copy(update={"owner": Ref(role="speaker", kind="person", noun="we")})
    if ref is None and tok.pos_ == "NOUN" and owner is not None:
        # "Kofi's wedding", "Kyle's team": a thing asked through its owner (owned.py).
        whose = _owner_ref(owner, ctx)
        ref = None if whose is None else Ref(role="kin", owner=whose, noun=noun, kind="thing")
    return ref


def _phrase_ref(tok: Token) -> Ref | None:
    if tok.pos_ in ("NOUN", "PROPN") and not any(c.dep_ == "poss" for c in tok.children):
        return Ref(
            role="name",
            name=" ".join(t.text for t in tok.subtree if t.dep_ not in ("det",)),
            kind="thing",
        )
    return None


# -- matching -----------------------------------------------------------------------------------


def gap_roles(query: Query) -> tuple[str, ...]:
    """The qualifier roles that fill the question's gap ("where" -> destination, location,
    origin; "who ... with" -> companion)."""
    if query.wh == "who" and query.subject is not None and query.prep in _WHO_ROLES:
        return _WHO_ROLES[query.prep]
    return GAP_ROLES.get(query.wh, ())


def gap_filler(query: Query, qualifiers: Sequence[Qualifier], label: str = "") -> str | None:
    """The qualifier that answers the question, if the statement kept one; for "how many",
    a number said with the noun asked, in the object or another role ("forty bushes")."""
    if query.wh == "how many":
        asked = () if query.amount else (query.unit,) if query.unit else query.object_words
        return counted(asked, label, qualifiers)
    for role in gap_roles(query):
        for q in qualifiers:
            if q.role == role:
                return q.value
    return None


def _verb_matches(
    query: Query, verbs: frozenset[str], object_label: str = "", prep: str | None = None
) -> bool:
    """Does a claim's verb answer the question's: the same lemma, one of its group, a WordNet
    synonym; "do" for a job or an activity; "be"/"have" for what a subject is or has; a
    copula with a preposition for any verb with it ("Where is Priti from?": comes_from)."""
    # "Has Kofi ever been to Lisbon?" too: a yes needs the place said besides (_said).
    # A phrasal verb ("break up with") says more than its preposition: "Is Tayo still with
    # Maya?" is not answered by "Tayo broke up with Maya".
    single = len({base_form(v) for v in verbs}) == 1
    asks_thing = query.wh != "yes" or bool(query.object_words)
    if query.verb == "be" and prep is not None and single and asks_thing:
        placed = query.prep is None and query.wh == "where" and prep in _PLACE_PREPS
        if query.prep == prep or placed:
            return True
    wanted = verb_group(query.verb).union(*(verb_group(v) for v in query.also))
    if verbs & wanted or (query.verb not in _GENERIC and query.verb in verbs):
        return True
    if query.verb not in _GENERIC and same_meaning(
        query.verb, verbs - _GENERIC - {"does", "is", "has"}
    ):
        return True
    light = query.prep is None and query.verb not in _GENERIC and bool(query.object_words)
    if verbs & {"do", "does"} and light:
        # "Does Ming play guitar?" against "Ming does guitar": the object decides (score); a
        # verb with a preposition ("come to the triathlon") says more than "do".
        return True
    if verbs & {"do", "does"} and query.verb in _ing_forms(object_label.lower()):
        # "When did Spike escape?" against "Spike does escaping" (an event said with a time).
        return True
    if query.verb == "do":
        # "What does Sam do?": a job or an activity.
        return bool(verbs & {"be", "work", "do"}) and query.wh != "yes"
    if query.verb in _GENERIC:
        return not query.object_words and query.wh in ("what", "who")
    return False


def _been_to(query: Query, qualifiers: Sequence[Qualifier]) -> bool:
    """ "Have we ever been to Graz?": any statement that kept the place as where it happened
    ("we visited Jonathan in Graz")."""
    if query.verb != "be" or query.prep != "to" or not query.object_words:
        return False
    places = " ".join(q.value for q in qualifiers if q.role in GAP_ROLES["where"])
    return bool(_lemma_tokens(places) & set(query.object_words))


def _roles_score(
    query: Query, claim: Claim, prep: str | None, verbs: frozenset[str], filler: str | None
) -> float | None:
    """What the question's other parts add: its preposition, its gap, its kind of answer."""
    s = 0.0
    if query.prep and prep:
        if query.prep == prep or ({query.prep, prep} <= _PLACE_PREPS and not query.particle):
            s += 0.5
        elif query.particle:
            # "When did they move in together?" is not when they moved to Montreal.
            return None
        elif query.wh != "yes":
            s -= 0.5
    if filler is not None:
        # The statement kept what the question asks ("to Jasper" for "where").
        s += 1.0
    elif gap_roles(query) and query.wh not in ("where", "when"):
        return None
    # "works as a cook" names no place; "works in Bath", "visited Graz" do.
    place = prep in _PLACE_PREPS or (prep is None and bool(verbs & _PLACE_VERBS))
    if query.wh == "where" and filler is None and not place:
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
    if query.wh == "how old" or query.attribute:
        # "How old is Jonas?", "When is Ana's birthday?": that attribute, nothing else ("How
        # old is Ivy's great-granny?" asks the great-granny's age, not Ivy's).
        return 3.0 if claim.predicate == (query.verb if query.attribute else "age") else None
    negated, verbs, prep = claim_verbs(claim.predicate)
    if not (_verb_matches(query, verbs, object_label, prep) or _been_to(query, qualifiers)):
        return None
    s = 2.0
    # What the statement said, its object and its other roles ("to Jasper", "with Tom").
    said = _lemma_tokens(" ".join([object_label, *(q.value for q in qualifiers)]))
    if query.object_words:
        if said & {w for q in query.object_words for w in (q, base_form(q))}:
            s += 1.5
        elif query.wh in ("when", "yes", "where", "who") or query.subject is not None:
            # The question names a thing that this statement is not about.
            return None
    roles = _roles_score(query, claim, prep, verbs, gap_filler(query, qualifiers, object_label))
    if roles is None:
        return None
    s += roles
    if query.wh == "who" and query.subject is not None and not object_is_person:
        s -= 1.0
    if query.type_noun and query.type_noun in _lemma_tokens(object_label):
        s += 0.25
    if query.context_words and said & set(query.context_words):
        s += 0.5
    if negated != query.negated and query.wh != "yes":
        s -= 1.5
    return s


def hedge(claim: Claim) -> str:
    """How sure the answer sounds, from the rung: a told-once hypothesis is not a yes."""
    if claim.level is Level.FACT:
        return "I know this:"
    if claim.level is Level.BELIEF:
        return "I believe so:"
    if claim.level is Level.OPINION:
        return "That is an opinion I hold:"
    return "I have been told so, but I am not sure yet:"


class Resolved(BaseModel):
    """Entity ids for the query's subject, and the words to say it with."""

    ids: list[str]
    name: str


def _when(view: ClaimView) -> float:
    return (view.claim.occurred_at or view.claim.created_at).timestamp()


def _ceased(
    query: Query, shown: list[ClaimView], held: Mapping[str, Sequence[Qualifier]]
) -> ClaimView | None:
    """For "Does Tomas still brew beer?": the latest statement that it ended ("I stopped
    brewing beer"), if one was said."""
    if query.wh != "yes":
        return None
    asked = {*query.object_words, query.verb, *query.also}
    for v in sorted(shown, key=_when, reverse=True):
        _, verbs, _ = claim_verbs(v.claim.predicate)
        if not verbs & _CESSATION:
            continue
        text = " ".join([v.object_label, *(q.value for q in held.get(v.claim.id, ()))])
        words_said = _lemma_tokens(text) | verbs
        said = {f for w in words_said for f in _ing_forms(w)} | words_said
        if said & asked:
            return v
    return None


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
    if subject is not None:
        pool = [c for eid in subject.ids for c in graph.peek_claims(eid)]
    else:
        ids = object_ids() if object_ids is not None else []
        pool = [c for eid in ids for c in graph.claims_by_object(eid, now)]
    pool = list({c.id: c for c in pool}.values())
    if not pool:
        return None
    shown = views(pool, dictionary)
    held = graph.qualifiers_of([c.id for c in pool])
    scored: list[tuple[float, ClaimView]] = []
    moves = moves_of(((v.claim, v.object_label) for v in shown), held)
    for v in shown:
        if query.past and said_ahead(v.claim, held.get(v.claim.id, ()), now):
            continue
        if not query.ahead and outdated_by_move(v, held, moves):
            # "Where does Pavel work?" is not answered by where he worked before he moved.
            continue
        if not query.ahead and planned(held.get(v.claim.id, ()), v.claim, now):
            # "Where does Callum work?" is not answered by where he plans to work.
            continue
        person = v.claim.object_entity is not None and v.claim.object_entity.startswith("person:")
        s = score(query, v.claim, v.object_label, person, held.get(v.claim.id, ()))
        if s is not None:
            # Each candidate's own type fit: a relative ("Iain", daughter_of) must not stand
            # first for "What does Kirsty do?" and sink the job held beside it.
            short = _candidate_short(query, v, held.get(v.claim.id, ()), subject is None)
            fit = answer_type_fit(query, short, v, asks_subject=subject is None)
            scored.append((s + fit, v))
    ceased = _ceased(query, shown, held)
    best = max((s for s, _ in scored), default=0.0)
    top = [v for s, v in scored if s >= best - 0.25]
    if query.wh == "yes":
        # What was said last stands: "I don't play the trumpet anymore" after "I play it".
        top.sort(key=_when, reverse=True)
    else:
        top.sort(key=lambda v: (-v.claim.confidence, -_when(v)))
    if ceased is not None and (not top or _when(ceased) >= _when(top[0])):
        fresh = views([graph.get_claim(ceased.claim.id, now)], dictionary)
        text = "No, not any more as far as I know:\n" + _with_time(fresh[0])
        return Answer(text=text, claims=fresh, known=True, short="No", score=max(best, 3.0))
    if not top:
        return None
    # Reading counts as a retrieval: bump what the answer rests on.
    order = [v.claim.id for v in top[:limit]]
    bumped = {v.claim.id: v for v in views([graph.get_claim(i, now) for i in order], dictionary)}
    top = [bumped[i] for i in order]
    said = _said(query, top, held, subject is None)
    if said is None:
        return None
    short, prefix = said
    lines = [prefix, *(_with_time(v) for v in top)]
    return Answer(text="\n".join(lines), claims=top, known=True, short=short, score=best)


def _candidate_short(
    query: Query, view: ClaimView, qualifiers: Sequence[Qualifier], asks_subject: bool
) -> str:
    """What one candidate alone would answer, for its type fit."""
    filler = gap_filler(query, qualifiers, view.object_label)
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
) -> tuple[str, str] | None:
    """The answer in a few words and the line that leads the reply, or None when the claims
    found do not answer after all."""
    lead = top[0]
    if query.attribute and query.wh != "yes":
        short = " and ".join(dict.fromkeys(v.object_label for v in top))
        return short, f"{short}. {hedge(lead.claim)}"
    fillers = [f for v in top if (f := gap_filler(query, held.get(v.claim.id, ()), v.object_label))]
    if fillers and not (query.wh == "when" and lead.claim.occurred_at is not None):
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
        if negated != query.negated:
            return "No", "No, as far as I know:"
        # The same hedge as every yes: "Possibly: ..." for a hypothesis, "Yes:" for a fact.
        return "Yes", hedge_line(lead.claim.level)
    if query.wh == "when":
        moments = [v.claim.occurred_at for v in top if v.claim.occurred_at is not None]
        if moments:
            short = timewords.render(moments[0])
        else:
            short = f"{TOLD_ONLY} {timewords.render(lead.claim.created_at)}"
        return short, f"{short}. {hedge(lead.claim)}"
    labels = [v.subject_label if asks_subject else v.object_label for v in top]
    short = " and ".join(dict.fromkeys(labels))
    return short, f"{short}. {hedge(lead.claim)}"


def _with_time(view: ClaimView) -> str:
    if view.claim.occurred_at is None:
        return view.line
    return f"{view.line} It happened (or is due) on {timewords.render(view.claim.occurred_at)}."
