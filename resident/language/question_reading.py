"""Questions read over the dependency parse into the statement shape with a gap (`Query`):
its wh-word, subject, verb, preposition, object words, the noun a "which"/"how many" names, its
tense. Pure; asking.py matches a Query against held claims.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from resident.language import lexicon
from resident.language.clause_parts import _time_tokens
from resident.language.copular import colour_asked
from resident.language.fit import names_a_day
from resident.language.hung_verb import hung_verb, subjects_of
from resident.language.known_names import named_complement
from resident.language.matching import PREPS as _PREPS
from resident.language.matching import STOP as _STOP
from resident.language.matching import asks_ahead
from resident.language.named_asked import named_thing
from resident.language.question_subject import (
    named_subject,
    names_owner,
    phrase_ref,
    question_subject,
    subject_modifiers,
)
from resident.language.roles import is_time
from resident.language.statement import Context, Ref, canonical_lemma
from resident.language.things import asked_state
from resident.language.used_to import used_to
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_WH = words("wh")
_DEICTIC = words("deictic_places")
#: "how old", "how long", ...: the second word makes the question's kind.
_HOW = frozenset({"old", "often"}) | frozenset(table("measure_kinds"))
_GENERIC = frozenset({"do", "be", "have"})
#: "Where is Ana going to travel?", "Who did Sam decide to visit?": the verb asked is the one
#: under "going to" or a verb of wanting (data/desire_verbs.txt), not the wanting.
_WANTING = words("desire_verbs") | {"go"}
_COUNT = ("many", "much")


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
    #: `prep` was left without its object ("Who did Evan go with?"): its object is the gap.
    stranded: bool = False
    #: Asked in the past tense ("Did Kofi come?"): a plan still ahead answers nothing.
    past: bool = False
    #: Asked of what is ahead ("Where will Ana live?", "Where is Ana going to travel?"):
    #: only then may a plan or a wish answer it.
    ahead: bool = False
    #: "How much" with no noun counted ("How much did Kenji sell the Volvo for?"): an amount
    #: said, never a count of the things named.
    amount: bool = False
    #: The question's own time phrase ("in the morning", "on Sunday"): an answer to any other
    #: question than "when" must have happened then (matching.holds_time).
    time_phrase: str | None = None
    #: "How many times a month ...": the time unit a count is asked per ("month"); the count
    #: said must be said per the same unit (counting.times_said).
    rate: str | None = None
    #: The modifiers of the subject's noun ("piano" of "Bram's piano teacher"), lemmas: a
    #: relative or owned thing reached through a weaker link than a relation held answers
    #: only when each is evidenced (kin_answers.evidenced).
    subject_words: tuple[str, ...] = ()
    #: The statement a yes/no question was read as (declared.py): its words are those asked.
    declared: str | None = None
    #: How a question about time asks: "since", "ago", "perfect" or "over" (`time_asked`).
    time_asked: str | None = None
    #: A place said by a deictic adverb ("When did we move here?", data/deictic_places.txt):
    #: a statement that names another place ("moved to the control room") does not answer.
    place_said: str | None = None


def time_asked(words: list[str]) -> str | None:
    """How a question about time asks (`Query.time_asked`): "since" ("Since when ...?"),
    "ago" ("How long ago ...?"), "perfect" ("How long has ...?", what still runs), "over"
    ("How long did ...?", what is over), else None."""
    said = [w.lower() for w in words[:3]]
    if said[:2] == ["since", "when"]:
        return "since"
    if said[:2] != ["how", "long"] or len(said) < 3:
        return None
    if said[2] == "ago":
        return "ago"
    return "perfect" if said[2] in ("has", "have", "'ve", "'s") else "over"


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
    if first in ("do", "does", "did", "is", "are", "was", "were", "has", "have", "had", "can"):
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
    stranded: bool = False
    type_noun: str | None = None
    object_words: list[str] = field(default_factory=list)
    context_words: list[str] = field(default_factory=list)

    @property
    def pobj_is_context(self) -> bool:
        # "What is Jon reading to the kids?": the thing asked is the wh word; "the kids" only
        # narrows it. "When did Lea go to the support group?": the group is the event asked.
        return self.wh in ("what", "which", "where", "how many")

    def take(self, tok: Token, context: bool = False) -> None:
        # "How much did Cal pay?": "much" is the question word's, not a thing paid.
        if tok.i in self.time_idx or tok.lower_ in (*_WH, *_COUNT):
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
            self.prep, self.stranded = prep.lower_, True
            # "When did Maya move in?": left without its object, the word is the verb's
            # particle, unless the question word is its object ("Where is Priti from?").
            self.particle = pobj is None and self.wh in ("when", "yes", "how long")
            return
        if not first_only or self.prep is None:
            self.prep, self.stranded = prep.lower_, False
        self.take(pobj, context)

    def read(self, child: Token, subj_tok: Token | None) -> None:
        dep = child.dep_
        # "Does Conor like cabbage?" may parse "like" as a preposition: its pobj is the object.
        # Tokens are compared by position: spaCy makes a new Token object at each access.
        if dep in ("dobj", "obj", "attr", "oprd", "pobj") and child.i != _at(subj_tok):
            if not (self.lemma == "be" and dep == "attr" and child.lower_ in _WH):
                self.take(child)
        elif dep in ("prt", "advmod") and child.i not in self.time_idx and child.lower_ in _PREPS:
            # "move in" (the tagger may call the particle an adverb).
            self.prep, self.particle = child.lower_, True
        elif dep == "dative" and child.pos_ == "ADP" and not list(child.children):
            # "Who did Ana give the keys to?": the stranded "to" (parsed as a dative).
            self.prep, self.stranded = child.lower_, True
        elif dep == "prep" and child.i not in self.time_idx:
            self.take_prep(child, self.pobj_is_context, first_only=True)
        elif dep == "acomp" and (self.wh == f"how {child.lower_}" or child.i == _at(subj_tok)):
            # "How long was Ivo a baker?": "long" is the question word's, not the verb; "How
            # old is Hafsa?" with Hafsa an adjective: the subject (known_names.py).
            return
        elif dep == "acomp":
            self.lemma = child.lemma_.lower()
            inner = next((c for c in child.children if c.dep_ == "prep"), None)
            if inner is not None:
                self.take_prep(inner, False, first_only=False)
        elif dep == "xcomp" and (
            child.pos_ == "VERB" or child.lemma_.lower() == "be" or used_to(child)
        ):
            # "What does Lena like to do?", "Where is Ana going to travel?"
            inner_lemma = child.lemma_.lower()
            if inner_lemma not in _GENERIC and self.lemma in _WANTING:
                self.lemma = canonical_lemma(inner_lemma)
            elif self.lemma == "use" and _used_to(child):
                # "What did Kwame use to be?": "used to" says it is past; the verb is the
                # one it takes, "be" and "do" too ("What did Ana use to fix?" uses a thing).
                self.lemma = canonical_lemma(inner_lemma)
            for c in child.children:
                if c.dep_ == "dobj":
                    self.take(c)
                elif c.dep_ == "prep":
                    self.take_prep(c, self.pobj_is_context, first_only=False)


def _at(tok: Token | None) -> int:
    return -1 if tok is None else tok.i


def _whose_asked(verb: Token, subj_tok: Token | None) -> Token | None:
    """ "Who is Skye's brother?" parsed with "Who" the subject, or with no subject at all,
    and "Skye's brother" a complement: the one asked about is the someone's relative or
    thing named."""
    named = subj_tok is not None and subj_tok.lower_ not in _WH
    if named or verb.lemma_.lower() != "be":
        return subj_tok
    attr = next((c for c in verb.children if c.dep_ == "attr" and c.lower_ not in _WH), None)
    if attr is not None and any(c.dep_ == "poss" for c in attr.children):
        return attr
    return subj_tok


def _verb_read_as_noun(root: Token, subj_tok: Token | None) -> tuple[Token, str] | None:
    """ "How far did Dev cycle?" parsed as no verb with a subject: "did" the root and "Dev
    cycle" one noun, or "cycle" the root with "Dev" its compound and no subject. A name said
    right before a word WordNet knows as a verb, with no other subject and no verb of the
    "do" besides, is the subject, and the word its verb: (the name, the verb's lemma)."""
    said: Token | None = None
    if subj_tok is None:
        said = root
    elif subj_tok.pos_ == "NOUN" and root.lemma_.lower() == "do":
        own = [c for c in root.children if c.pos_ == "VERB" or c.dep_ in ("dobj", "attr")]
        said = None if own else subj_tok
    if said is None or said.pos_ not in ("NOUN", "VERB"):
        return None
    # "When did the vicar visit me?" parsed the same way: a noun never takes "did", so a
    # common noun compounded before one that does is its subject too.
    done = any(c.dep_ == "aux" and c.lemma_.lower() == "do" for c in said.children)
    name = next(
        (
            c
            for c in said.children
            if c.dep_ == "compound" and (c.pos_ == "PROPN" or (done and c.pos_ == "NOUN"))
        ),
        None,
    )
    verb = lexicon.base(said.lower_, "v")
    if name is None or name.i != said.i - 1 or verb is None:
        return None
    return name, canonical_lemma(verb)


def _used_to(xcomp: Token) -> bool:
    """Is "use to <verb>" the past habit ("used to live", "used to be") rather than using a
    thing for something ("What did Ana use to fix the tap?")? The copula or "do" left with
    nothing after it takes the question word, whatever the parser hung it on; another verb
    when "use" has no object."""
    if xcomp.lemma_.lower() in ("be", "do"):
        said = [c for c in xcomp.children if c.dep_ in ("attr", "dobj", "acomp")]
        # "Did Sam use to be vegetarian?": nothing is used to be something.
        copula = xcomp.lemma_.lower() == "be" and used_to(xcomp)
        return copula or all(c.lower_ in _WH for c in said)
    return used_to(xcomp)


def read_question(sent: Span, ctx: Context) -> Query | None:
    """A question sentence as a Query (the statement shape with a gap), or None when it cannot
    be read."""
    words = [t for t in sent if not t.is_punct]
    wh = _question_word(words) if words else None
    subj = next((c for c in sent.root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    by = None if wh is None else _by_query(wh, sent.root, subj) or _named_query(wh, sent.root, ctx)
    return asked_of_counted(by or _read_question(sent, ctx))  # "How many kids came?": kids


def _read_question(sent: Span, ctx: Context) -> Query | None:
    words = [t for t in sent if not t.is_punct]
    wh = _question_word(words) if words else None
    if wh is None:
        return None
    verb = hung_verb(sent.root) or sent.root  # "Is Kerem living with Selin?" hung on Kerem
    time_phrase, time_idx = _time_tokens(verb)
    # "Does Lucía still work night shifts?": a time word inside the thing named is the thing's.
    named = {i for i in time_idx if _inside_thing(verb.doc[i], time_idx)}
    if named:
        time_idx -= named
        time_phrase = " ".join(verb.doc[i].text for i in sorted(time_idx)) or None
    subjects = subjects_of(verb)
    # "Who is Kirsty's partner?" parsed with two subjects: the one that is no question word.
    subj_tok = next((c for c in subjects if c.lower_ not in _WH), subjects[0] if subjects else None)
    subj_tok = _whose_asked(verb, subj_tok) or named_complement(verb, ctx)
    lemma = canonical_lemma(verb.lemma_.lower())
    as_noun = _verb_read_as_noun(verb, subj_tok)
    if as_noun is not None:
        # "How far did Dev cycle?" parsed with "Dev cycle" one noun: Dev, and his verb.
        subj_tok, lemma = as_noun
    subject: Ref | None = None
    parts = _Parts(wh=wh, lemma=lemma, time_idx=time_idx)
    if subj_tok is not None and any(c.dep_ == "det" and c.lower_ in _WH for c in subj_tok.children):
        # "Which drugs treat headache?": the subject is the gap, and its noun the kind asked.
        parts.type_noun = subj_tok.lemma_.lower()
    elif subj_tok is not None and subj_tok.lower_ not in _WH:
        subject = question_subject(subj_tok, ctx) or phrase_ref(subj_tok)
        if subject is None:
            return None
    for child in verb.children:
        parts.read(child, subj_tok)
    if parts.lemma == "be" and subj_tok is not None and not parts.object_words:
        # "How long was Ernst a watchmaker?": the parser may hang the noun on the subject, or
        # make it a second subject ("How long was Ivo a pilot?").
        hung = [c for c in subj_tok.children if c.dep_ in ("appos", "dobj", "attr")]
        for child in [*hung, *(c for c in subjects if c is not subj_tok)]:
            if child.pos_ == "NOUN":
                parts.take(child)
    if subj_tok is None and wh != "who" and parts.lemma != "be":
        return None
    unit = next(
        (t.head.lemma_.lower() for t in sent if t.lower_ in _COUNT and t.head.pos_ == "NOUN"), None
    )
    rate = _rate_asked(sent) if wh == "how many" else None
    if rate is not None and time_phrase is not None and rate.text in time_phrase.split():
        # "How many times a month": the rate is the count's unit, no time the answer must hold.
        time_phrase = None
    query = Query(
        wh=wh,
        time_asked=time_asked([w.lower_ for w in words]),
        subject_words=() if subject is None else subject_modifiers(named_subject(subj_tok)),
        rate=None if rate is None else rate.lemma_.lower(),
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
        place_said=next((c.lower_ for c in verb.children if c.lower_ in _DEICTIC), None),
        unit=unit,
        amount=wh == "how many" and unit is None,
        ahead=asks_ahead(verb, wh),
        particle=parts.particle and parts.prep is not None,
        stranded=parts.stranded and parts.prep is not None,
        past=any(t.tag_ == "VBD" for t in (verb, *verb.children) if t is verb or t.dep_ == "aux"),
        # "How many years did Alun drive buses?": the gap is no time the answer must hold.
        time_phrase=None
        if any(verb.doc[i].lower_ in (*_WH, *_COUNT) for i in time_idx)
        else time_phrase,
    )
    query = _state_asked(query, verb, subj_tok, ctx)  # "Is the boiler fixed?"
    said_of = subject is not None and subject.name in ctx.things  # "the fridge was delivered"
    if subj_tok is not None and _passive_thing(verb, subj_tok, subject) and not said_of:
        # "Where is the spare key kept?": the thing is what the statement's verb was done to
        # ("Ana keeps the spare key under the mat"), found by its object; whoever did it is
        # no one asked.
        said = tuple(w.lower_ for w in subj_tok.subtree if w.is_alpha and not w.is_stop)
        return query.model_copy(update={"subject": None, "object_words": said})
    if subject is not None and subject.role != "kin" and names_owner(subj_tok):
        # "What is Mrs Pugh's name?": her name, never whatever else she is or does.
        return query.model_copy(update={"verb": "name", "attribute": True})
    return colour_asked(query)  # "What colour is the van?": its colour


def _state_asked(query: Query, verb: Token, subj_tok: Token | None, ctx: Context) -> Query:
    """ "Is the boiler fixed?", "Is our roof leaking?": what befell a thing said of before,
    asked with its participle's verb (the statement said "the boiler got fixed")."""
    state = asked_state(verb, subj_tok, ctx) if query.wh == "yes" else None
    if state is None:
        return query
    thing = Ref(role="name", name=state[0], kind="thing")
    update = {"subject": thing, "verb": state[1], "also": (), "ahead": False}
    return query.model_copy(update={**update, "subject_words": ()})


def _by_query(wh: str, verb: Token, subj_tok: Token | None) -> Query | None:
    """ "Who was the shed built by?" read as "Who built the shed?": the thing is the object."""
    by = _done_by(verb, subj_tok) if wh == "who" else None
    if by is None or subj_tok is None:
        return None
    thing = [w.lemma_.lower() for w in subj_tok.subtree if w.is_alpha and not w.is_stop]
    said = tuple(w for w in thing if w not in {t.lemma_.lower() for t in by.subtree})
    verb_said = canonical_lemma(by.lemma_.lower())
    return Query(wh=wh, subject=None, verb=verb_said, object_words=said, past=verb.tag_ == "VBD")


def _named_query(wh: str, verb: Token, ctx: Context) -> Query | None:
    """ "What did they call the kitten?" read as "What is the kitten called?" (named_asked)."""
    thing = named_thing(wh, verb)
    subject = None if thing is None else question_subject(thing, ctx) or phrase_ref(thing)
    if thing is None or subject is None:
        return None
    said = subject_modifiers(named_subject(thing))
    return Query(wh=wh, subject=subject, verb="call", subject_words=said)


def _done_by(verb: Token, subj_tok: Token | None) -> Token | None:
    """The participle of "Who was the shed built by?" parsed with the copula the root and
    "built by" a clause under the thing: a past participle whose "by" has no object left
    (the question word is the one who did it); None for any other question."""
    if subj_tok is None or verb.lemma_.lower() != "be" or subj_tok.pos_ != "NOUN":
        return None
    for acl in (c for c in subj_tok.children if c.dep_ == "acl" and c.tag_ == "VBN"):
        by = [c for c in acl.children if c.dep_ == "agent" and not list(c.children)]
        if by and by[0].i == acl.i + 1:
            return acl
    return None


def _passive_thing(verb: Token, subj_tok: Token, subject: Ref | None) -> bool:
    """Is the question's subject a thing named (no one's, no name held) in the passive? The
    parser may label such a subject "nsubj" beside its passive auxiliary ("When was the
    shed built?")."""
    thing = subject is not None and subject.role == "name" and subject.kind == "thing"
    passive = subj_tok.dep_ == "nsubjpass" or any(c.dep_ == "auxpass" for c in verb.children)
    return thing and passive and subj_tok.pos_ == "NOUN"


def _rate_asked(sent: Span) -> Token | None:
    """The time noun a count is asked per: "a month" of "How many times a month ...", said
    under a rate determiner (data/frequency_rates.txt: a, per, every)."""
    rates = words("frequency_rates")
    for tok in sent:
        if is_time(tok) and any(c.dep_ == "det" and c.lower_ in rates for c in tok.children):
            return tok
    return None


def _inside_thing(tok: Token, time_idx: set[int]) -> bool:
    """Is a time word a modifier of a noun that names no time ("night" of "night shifts")?"""
    return tok.dep_ in ("compound", "amod") and tok.head.i not in time_idx


def days_named(sent: Span) -> str | None:
    """The days or months a question names wherever the parse hung them ("Does Pavel still
    work nights on Mondays?", "on Mondays" under "nights"), as its time phrase; None when
    it names none. A question's time is asked even when it is not the verb's."""
    said = [t for t in sent if names_a_day(t.text)]
    if not said:
        return None
    prep = said[0].head if said[0].dep_ == "pobj" else None
    return " ".join([*([prep.lower_] if prep is not None else []), *(t.text for t in said)])


#: How a counted subject is said in a question ("How many kids came?"), before its noun.
_COUNTED_ASKED = "how many "


def asked_of_counted(query: Query | None) -> Query | None:
    """ "How many kids came to Sol's birthday?": the kids are the subject the question is of,
    read with its question words ("How many kids"); the noun alone names what was stored."""
    subject = None if query is None else query.subject
    if query is None or query.wh != "how many" or subject is None or subject.role != "name":
        return query
    name = subject.name or ""
    if not name.lower().startswith(_COUNTED_ASKED):
        return query
    noun = Ref(role="name", name=name[len(_COUNTED_ASKED) :].lower(), kind="thing")
    return query.model_copy(update={"subject": noun})
