"""Questions read over the dependency parse and matched to held claims through lemmas, a small
synonym table and the entity dictionary: who/what/when/where/which/how many/yes-no, through one
intermediate entity ("Where does Ana's sister live?").

Reading a question (`read_question`) is pure; `answer_query` reads the graph. Nothing is answered
unless a held claim matches the question's verb (and its object, when the question names one):
"I don't know" beats a made-up answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from resident.language import lexicon
from resident.language import when as timewords
from resident.language.dictionary import Dictionary
from resident.language.knowledge import Answer, ClaimView, views
from resident.language.reading import (
    KIN,
    PETS,
    Context,
    Ref,
    _time_tokens,
    base_form,
    canonical_lemma,
    subject_ref,
)
from resident.records import Claim, Level, Qualifier

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_WH = frozenset({"what", "who", "whom", "which", "where", "when", "whose", "how", "why"})
#: "how old", "how long", ...: the second word makes the question's kind.
_HOW = frozenset({"old", "long", "often", "far"})
#: The qualifier roles (migration 009) whose filler answers each kind of question, best first.
GAP_ROLES: dict[str, tuple[str, ...]] = {
    "where": ("destination", "location", "origin"),
    "when": ("time",),
    "how long": ("duration",),
    "how often": ("manner",),
    "why": ("purpose",),
}
#: "Who did Evan go with?": the preposition left without its object names the role asked.
_WHO_ROLES = {"with": ("companion",), "to": ("recipient", "destination"), "for": ("recipient",)}
_PREPS = frozenset({"in", "to", "at", "from", "with", "into", "for", "on", "about", "of", "by"})
_PLACE_PREPS = frozenset({"in", "to", "at", "from"})
_PLACE_VERBS = frozenset(
    {
        "live",
        "go",
        "visit",
        "move",
        "travel",
        "work",
        "stay",
        "come",
        "grow",
        "bear",
        "study",
        "locate",
    }
)
_GENERIC = frozenset({"do", "be", "have"})
_STOP = frozenset(
    {
        "the",
        "a",
        "an",
        "my",
        "your",
        "his",
        "her",
        "their",
        "our",
        "of",
        "to",
        "in",
        "at",
        "on",
        "for",
        "with",
        "and",
        "or",
        "some",
        "any",
        "this",
        "that",
        "currently",
        "now",
        "usually",
        "ever",
        "still",
        "really",
        "kind",
        "type",
        "sort",
    }
)
#: Verbs asked about in other words than were said.
_VERB_GROUPS: tuple[frozenset[str], ...] = (
    frozenset({"like", "love", "enjoy", "adore", "prefer", "fancy", "into"}),
    frozenset({"go", "visit", "travel", "attend", "head", "drive", "fly", "walk", "take"}),
    frozenset({"live", "stay", "reside"}),
    frozenset({"read", "finish"}),
    frozenset({"have", "own", "get", "buy", "adopt"}),
    frozenset({"watch", "see"}),
    frozenset({"study", "learn", "take"}),
    frozenset({"cook", "make", "bake"}),
    frozenset({"start", "begin", "pick", "join"}),
    frozenset({"work", "job"}),
    frozenset({"hate", "dislike"}),
    frozenset({"want", "plan", "hope", "wish"}),
)


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


def verb_group(lemma: str) -> frozenset[str]:
    out = {lemma, canonical_lemma(lemma)}
    for group in _VERB_GROUPS:
        if lemma in group:
            out |= group
    return frozenset(out)


def read_question(sent: Span, ctx: Context) -> Query | None:
    """A question sentence as a Query, or None when it cannot be read."""
    words = [t for t in sent if not t.is_punct]
    if not words:
        return None
    first = words[0].lower_
    if first in _WH:
        wh = first
        if first == "how" and len(words) > 1 and words[1].lower_ in ("many", "much"):
            wh = "how many"
        elif first == "how" and len(words) > 1 and words[1].lower_ in _HOW:
            wh = f"how {words[1].lower_}"
        elif first == "how":
            return None
        if first in ("who", "whom"):
            wh = "who"
    elif first in ("do", "does", "did", "is", "are", "was", "were", "has", "have", "had"):
        wh = "yes"
    else:
        return None
    root = sent.root
    verb = root
    _, time_idx = _time_tokens(root)
    subj_tok = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    subject: Ref | None = None
    if subj_tok is not None and subj_tok.lower_ not in _WH:
        subject = question_subject(subj_tok, ctx) or _phrase_ref(subj_tok)
        if subject is None:
            return None
    lemma = canonical_lemma(verb.lemma_.lower())
    prep: str | None = None
    object_words: list[str] = []
    context_words: list[str] = []
    type_noun: str | None = None
    # "What is Jon reading to the kids?": the thing asked is the wh word; "the kids" only
    # narrows it. "When did Lea go to the support group?": the group is the event asked about.
    pobj_is_context = wh in ("what", "which", "where", "how many")

    def take(tok: Token, context: bool = False) -> None:
        nonlocal type_noun
        if tok.i in time_idx:
            return
        wh_det = any(c.lower_ in _WH for c in tok.children if c.dep_ in ("det", "attr"))
        if tok.lower_ in _WH:
            return
        if wh_det:
            type_noun = tok.lemma_.lower()
            return
        (context_words if context else object_words).extend(
            t.lemma_.lower()
            for t in tok.subtree
            if not t.is_punct
            and t.lower_ not in _STOP
            and t.i not in time_idx
            and t.lower_ not in _WH
        )

    for child in verb.children:
        if child.dep_ in ("dobj", "obj", "attr", "oprd") and child is not subj_tok:
            if lemma == "be" and child.dep_ == "attr" and child.lower_ in _WH:
                continue
            take(child)
        elif child.dep_ in ("prep", "prt") and child.i not in time_idx:
            pobj = next((c for c in child.children if c.dep_ == "pobj"), None)
            if child.dep_ == "prt" or pobj is None or pobj.lower_ in _WH:
                prep = child.lower_
            elif pobj is not None:
                prep = prep or child.lower_
                take(pobj, pobj_is_context)
        elif child.dep_ == "acomp":
            lemma = child.lemma_.lower()
            inner = next((c for c in child.children if c.dep_ == "prep"), None)
            if inner is not None:
                prep = inner.lower_
                pobj = next((c for c in inner.children if c.dep_ == "pobj"), None)
                if pobj is not None:
                    take(pobj)
        elif child.dep_ == "xcomp" and child.pos_ == "VERB":
            # "What does Lena like to do?", "Where is Ana going to travel?"
            inner_lemma = child.lemma_.lower()
            if inner_lemma not in _GENERIC:
                lemma = canonical_lemma(inner_lemma) if lemma in ("go", "want", "plan") else lemma
            for c in child.children:
                if c.dep_ in ("dobj",):
                    take(c)
                elif c.dep_ == "prep":
                    prep = c.lower_
                    pobj = next((g for g in c.children if g.dep_ == "pobj"), None)
                    if pobj is not None:
                        take(pobj, pobj_is_context)
    if subj_tok is None and wh != "who" and lemma != "be":
        return None
    negated = any(c.dep_ == "neg" for c in verb.children)
    also = tuple(
        canonical_lemma(c.lemma_.lower())
        for c in verb.children
        if c.dep_ == "xcomp" and c.pos_ == "VERB"
    )
    return Query(
        wh=wh,
        subject=subject,
        verb=lemma,
        prep=prep,
        object_words=tuple(dict.fromkeys(object_words)),
        type_noun=type_noun,
        negated=negated,
        also=also,
        context_words=tuple(dict.fromkeys(context_words)),
    )


_AUX = frozenset(
    {
        "do",
        "does",
        "did",
        "is",
        "are",
        "was",
        "were",
        "has",
        "have",
        "had",
        "am",
        "will",
        "'s",
        "'re",
    }
)


def _ing_forms(word: str) -> tuple[str, ...]:
    """The lemmas an -ing form may come from ("reading" -> read; "hiking" -> hike)."""
    if not word.endswith("ing") or len(word) < 5:
        return (word,)
    stem = word[:-3]
    forms = [stem, stem + "e"]
    if len(stem) > 2 and stem[-1] == stem[-2]:
        forms.insert(0, stem[:-1])
    return tuple(forms)


def read_question_shallow(sent: Span, ctx: Context) -> Query | None:
    """The same reading from word order and tags alone, for the questions the small parser
    gets wrong ("What is Mia reading?" parses "Mia reading" as one noun)."""
    words = [t for t in sent if not t.is_punct]
    if len(words) < 3:
        return None
    first = words[0].lower_
    i = 1
    if first in _WH and first != "how":
        wh = "who" if first in ("who", "whom") else first
    elif first in _AUX:
        wh, i = "yes", 0
    else:
        return None
    type_noun = None
    if wh in ("what", "which") and words[1].pos_ == "NOUN":
        type_noun, i = words[1].lemma_.lower(), 2
    if i < len(words) and words[i].lower_ in _AUX:
        i += 1
    if i >= len(words):
        return None
    subject: Ref | None
    tok = words[i]
    if tok.lower_ in ("i", "you", "he", "she", "we"):
        subject, i = subject_ref(tok, ctx), i + 1
    elif tok.lower_ in ("my", "your") and i + 1 < len(words) and words[i + 1].pos_ == "NOUN":
        owner = Ref(role="speaker" if tok.lower_ == "my" else "listener", kind="person")
        subject = Ref(role="kin", owner=owner, noun=words[i + 1].lemma_.lower(), kind="person")
        i += 2
    elif tok.pos_ == "PROPN":
        j = i
        while j < len(words) and words[j].pos_ == "PROPN":
            j += 1
        name = " ".join(w.text for w in words[i:j])
        subject = Ref(role="name", name=name, kind="person")
        i = j
        if i + 1 < len(words) and words[i].lower_ == "'s" and words[i + 1].pos_ == "NOUN":
            subject = Ref(
                role="kin", owner=subject, noun=words[i + 1].lemma_.lower(), kind="person"
            )
            i += 2
    else:
        return None
    while i < len(words) and words[i].pos_ == "ADV":
        i += 1
    if subject is None or i >= len(words):
        return None
    verb_tok = words[i]
    forms = (
        _ing_forms(verb_tok.lower_)
        if verb_tok.lower_.endswith("ing")
        else (verb_tok.lemma_.lower(),)
    )
    i += 1
    rest = words[i:]
    prep = None
    if rest and rest[-1].pos_ == "ADP":
        prep = rest[-1].lower_
        rest = rest[:-1]
    _, time_idx = _time_tokens(sent.root)
    object_words = tuple(
        dict.fromkeys(
            t.lemma_.lower()
            for t in rest
            if t.lower_ not in _STOP
            and t.i not in time_idx
            and not t.is_punct
            and t.pos_ in ("NOUN", "PROPN", "ADJ", "NUM")
        )
    )
    return Query(
        wh=wh,
        subject=subject,
        verb=canonical_lemma(forms[0]),
        prep=prep,
        object_words=object_words,
        type_noun=type_noun,
        also=tuple(canonical_lemma(f) for f in forms[1:]),
    )


def question_subject(tok: Token, ctx: Context) -> Ref | None:
    """Whom a question asks about: "the dog's name" asks about the dog, and "the dog", "the
    kids" in a household are the speaker's (a definite relative or pet noun said without an
    owner means the speaker's own)."""
    if tok.lemma_.lower() == "name":
        owner = next((c for c in tok.children if c.dep_ == "poss"), None)
        if owner is not None:
            tok = owner
    ref = subject_ref(tok, ctx)
    noun = tok.lemma_.lower()
    if (
        ref is None
        and tok.pos_ == "NOUN"
        and (noun in KIN or noun in PETS)
        and any(c.lower_ == "the" for c in tok.children)
    ):
        kind = "person" if noun in KIN else "animal"
        ref = Ref(role="kin", owner=Ref(role="speaker", kind="person"), noun=noun, kind=kind)
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


def claim_verbs(predicate: str) -> tuple[bool, frozenset[str], str | None]:
    """(negated, verb lemmas, preposition) of a stored predicate ("not_goes_to")."""
    parts = predicate.split("_")
    negated = parts[0] == "not"
    if negated:
        parts = parts[1:]
    prep = parts[-1] if len(parts) > 1 and parts[-1] in _PREPS else None
    verbs = {base_form(p) for p in parts if p not in _PREPS and p != "a"}
    if parts[:2] == ["is", "a"]:
        verbs = {"be"}
    if predicate.endswith("_of") and len(parts) == 2:
        verbs = {parts[0], "be"}
    return negated, frozenset(verbs | {p for p in parts if p not in _PREPS}), prep


def _tokens(text: str) -> set[str]:
    return {w for w in text.lower().replace("-", " ").split() if w not in _STOP}


def _lemma_tokens(text: str) -> set[str]:
    out = set()
    for w in _tokens(text):
        out.add(w)
        out.add(base_form(w))
    return out


def gap_roles(query: Query) -> tuple[str, ...]:
    """The qualifier roles that fill the question's gap ("where" -> destination, location,
    origin; "who ... with" -> companion)."""
    if query.wh == "who" and query.subject is not None and query.prep in _WHO_ROLES:
        return _WHO_ROLES[query.prep]
    return GAP_ROLES.get(query.wh, ())


def gap_filler(query: Query, qualifiers: Sequence[Qualifier]) -> str | None:
    """The qualifier that answers the question, if the statement kept one."""
    for role in gap_roles(query):
        for q in qualifiers:
            if q.role == role:
                return q.value
    return None


def same_meaning(asked: str, said: Iterable[str]) -> bool:
    """Does a verb said share a frequent WordNet sense with the verb asked ("dislike" and
    "hate", "reside" and "live")? Lemmas only without WordNet."""
    near = lexicon.synonyms(asked, "v")
    return any(v in near or asked in lexicon.synonyms(v, "v") for v in said)


def score(
    query: Query,
    claim: Claim,
    object_label: str,
    object_is_person: bool,
    qualifiers: Sequence[Qualifier] = (),
) -> float | None:
    """How well a claim answers a query; None when it does not answer it."""
    if query.wh == "how old":
        # "How old is Jonas?": the age said ("Jonas is 12"), nothing else.
        return 3.0 if claim.predicate == "age" else None
    negated, verbs, prep = claim_verbs(claim.predicate)
    wanted = verb_group(query.verb).union(*(verb_group(v) for v in query.also))
    verb_ok = bool(verbs & wanted)
    if not verb_ok and query.verb not in _GENERIC and same_meaning(query.verb, verbs):
        verb_ok = True
    if query.verb == "do" and not verb_ok:
        # "What does Sam do?": a job or an activity.
        verb_ok = bool(verbs & {"be", "work", "do"}) and query.wh != "yes"
    if query.verb in _GENERIC - {"do"} and not verb_ok:
        verb_ok = not query.object_words and query.wh in ("what", "who")
    if query.verb not in _GENERIC and query.verb in verbs:
        verb_ok = True
    if not verb_ok:
        return None
    s = 2.0
    if query.object_words:
        overlap = _lemma_tokens(object_label) & {
            w for q in query.object_words for w in (q, base_form(q))
        }
        if not overlap:
            if query.wh in ("when", "yes", "where", "who") or query.subject is not None:
                # The question names a thing that this claim is not about.
                return None
        else:
            s += 1.5
    if query.prep and prep:
        if query.prep == prep or {query.prep, prep} <= _PLACE_PREPS:
            s += 0.5
        elif query.wh != "yes":
            s -= 0.5
    filler = gap_filler(query, qualifiers)
    if filler is not None:
        # The statement kept what the question asks ("to Jasper" for "where").
        s += 1.0
    elif gap_roles(query) and query.wh not in ("where", "when"):
        return None
    if (
        query.wh == "where"
        and filler is None
        and not (prep in _PLACE_PREPS or verbs & _PLACE_VERBS)
    ):
        return None
    if query.wh == "who" and query.subject is not None and not object_is_person:
        s -= 1.0
    if query.wh == "when" and claim.occurred_at is not None:
        s += 0.5
    if query.type_noun and query.type_noun in _lemma_tokens(object_label):
        s += 0.25
    if query.context_words and _lemma_tokens(object_label) & set(query.context_words):
        s += 0.5
    if negated != query.negated and query.wh not in ("yes",):
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
    for v in shown:
        person = v.claim.object_entity is not None and v.claim.object_entity.startswith("person:")
        s = score(query, v.claim, v.object_label, person, held.get(v.claim.id, ()))
        if s is not None:
            scored.append((s, v))
    if not scored:
        return None
    best = max(s for s, _ in scored)
    top = [v for s, v in scored if s >= best - 0.25]
    top.sort(
        key=lambda v: (
            -v.claim.confidence,
            -(v.claim.occurred_at or v.claim.created_at).timestamp(),
        )
    )
    top = top[:limit]
    # Reading counts as a retrieval: bump what the answer rests on.
    fresh = [graph.get_claim(v.claim.id, now) for v in top]
    top = views(fresh, dictionary)
    lead = top[0]
    fillers = [f for v in top if (f := gap_filler(query, held.get(v.claim.id, ()))) is not None]
    if fillers and not (query.wh == "when" and lead.claim.occurred_at is not None):
        short = " and ".join(dict.fromkeys(fillers))
        prefix = f"{short}. {hedge(lead.claim)}"
    elif query.wh == "yes":
        negated, _, _ = claim_verbs(lead.claim.predicate)
        overlap = not query.object_words or bool(
            _lemma_tokens(lead.object_label) & set(query.object_words)
        )
        if not overlap:
            return None
        said = "no" if negated != query.negated else "yes"
        short = "Yes" if said == "yes" else "No"
        prefix = hedge(lead.claim) if said == "yes" else "No, as far as I know:"
    elif query.wh == "when":
        moments = [v.claim.occurred_at for v in top if v.claim.occurred_at is not None]
        if moments:
            short = timewords.render(moments[0])
        else:
            short = f"some time before {timewords.render(lead.claim.created_at)}"
        prefix = f"{short}. {hedge(lead.claim)}"
    elif subject is None:
        short = " and ".join(dict.fromkeys(v.subject_label for v in top))
        prefix = f"{short}. {hedge(lead.claim)}"
    else:
        short = " and ".join(dict.fromkeys(v.object_label for v in top))
        prefix = f"{short}. {hedge(lead.claim)}"
    lines = [prefix, *(_with_time(v) for v in top)]
    return Answer(text="\n".join(lines), claims=top, known=True, short=short)


def _with_time(view: ClaimView) -> str:
    if view.claim.occurred_at is None:
        return view.line
    return f"{view.line} It happened (or is due) on {timewords.render(view.claim.occurred_at)}."
