"""Word matching for questions: the verbs a stored predicate carries, verbs asked in other words
(a group, a WordNet synonym), the lemmas of what was said. Pure; asking.py scores with these."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from spacy.lang.en.lex_attrs import like_num

from resident.language import lexicon
from resident.language import when as timewords
from resident.language.deeds import names_deed_of
from resident.language.statement import KIN, base_form, canonical_lemma
from resident.language.told_time import precision
from resident.language.words import groups, table, words
from resident.records import Claim, Qualifier

PREPS = words("asking_preps")
STOP = words("asking_stop")
#: Verbs asked about in other words than were said.
_VERB_GROUPS = groups("verb_groups")
_AHEAD = words("ahead_words")
_GAP_WORDS = words("asking_gap_words")
_WH_WORDS = words("wh")
#: Number words and the digits they stand for ("fifty": "50").
_NUMBERS = {w: v for w, v in table("number_words").items() if v.isdigit() and w not in ("a", "an")}

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


def verb_group(lemma: str) -> frozenset[str]:
    out = {lemma, canonical_lemma(lemma)}
    for group in _VERB_GROUPS:
        if lemma in group:
            out |= group
    return frozenset(out)


def _ing_forms(word: str) -> tuple[str, ...]:
    """The lemmas an -ing form may come from ("reading" -> read; "hiking" -> hike)."""
    if not word.endswith("ing") or len(word) < 5:
        return (word,)
    stem = word[:-3]
    forms = [stem, stem + "e"]
    if len(stem) > 2 and stem[-1] == stem[-2]:
        forms.insert(0, stem[:-1])
    # The form WordNet knows as a verb first: "moving" is "move", never "mov".
    # WordNet's base comes first even where no suffix rule makes it ("dying" is "die").
    known = lexicon.base(word, "v")
    if known:
        if known in forms:
            forms.remove(known)
        forms.insert(0, known)
    return tuple(forms)


def claim_verbs(predicate: str) -> tuple[bool, frozenset[str], str | None]:
    """(negated, verb lemmas, preposition) of a stored predicate ("not_goes_to")."""
    parts = predicate.split("_")
    negated = parts[0] == "not"
    if negated:
        parts = parts[1:]
    prep = parts[-1] if len(parts) > 1 and parts[-1] in PREPS else None
    verbs = {base_form(p) for p in parts if p not in PREPS and p != "a"}
    if parts[:2] == ["is", "a"]:
        verbs = {"be"}
    if parts == ["works", "as"]:
        # "Ernst was a watchmaker" is stored as the job he worked as: "How long was Ernst a
        # watchmaker?" asks it with the copula.
        verbs |= {"be"}
    if predicate.endswith("_of") and (len(parts) == 2 or parts[-2] in KIN):
        verbs = {parts[-2], "be"}  # "lab_partner_of": a partner one is
    return negated, frozenset(verbs | {p for p in parts if p not in PREPS}), prep


def _tokens(text: str) -> set[str]:
    return {w for w in text.lower().replace("-", " ").split() if w not in STOP}


def _lemma_tokens(text: str) -> set[str]:
    out = set()
    for w in _tokens(text):
        out.add(w)
        out.add(base_form(w))
        # WordNet's noun base where the suffix rule misses ("buses": bus).
        out.add(lexicon.base(w, "n") or w)
    return out


def same_meaning(asked: str, said: Iterable[str]) -> bool:
    """Does a verb said share a frequent WordNet sense with the verb asked ("dislike" and
    "hate", "reside" and "live")? Lemmas only without WordNet."""
    near = lexicon.synonyms(asked, "v")
    return any(v in near or asked in lexicon.synonyms(v, "v") or asked in _entails(v) for v in said)


#: The forms of the verbs that say least ("has" of "have"): a group of verbs that means the
#: same thing never answers a verb that says more with one of these ("Who bought the shop?"
#: is not "Winifred's father has the shop"). Data: data/least_verbs.txt.
LEAST = words("least_verbs")


def group_answers(asked: str, said: Iterable[str]) -> bool:
    """May a verb said answer the verb asked through their shared group (verb_groups.txt)?
    Not when all it shares is a verb that says less than the one asked ("buy" by "have"),
    nor when it is another manner of the same act ("Does Winifred still drive?" is not
    answered by "walks to the church hall"; "go walking" by "flew to Belfast")."""
    others = {v for v in said if v != asked and base_form(v) != asked}
    if not others:
        return True
    full = {base_form(v) for v in others if v not in LEAST and base_form(v) not in LEAST}
    if not full:
        # "Does Ana own a car?" by "Ana has a car": WordNet gives "have" as a sense of "own".
        return asked in LEAST or bool(others & lexicon.synonyms(asked, "v"))
    return any(not other_manner(asked, v) for v in full)


@functools.lru_cache(maxsize=4096)
def other_manner(asked: str, said: str) -> bool:
    """Are two verbs two manners of one act: WordNet puts a frequent sense of each directly
    under one verb ("walk" and "drive" are ways to travel, "bake" and "fry" ways to cook),
    and neither is the other or a way of doing it ("fly" is a way to "go": not another)?"""
    wn = lexicon.reader()
    if wn is None or asked == said:
        return False
    a_senses, s_senses = wn.synsets(asked, "v")[:3], wn.synsets(said, "v")[:3]
    if set(a_senses) & set(s_senses):
        return False
    if any(a in set(s.closure(lambda x: x.hypernyms())) for s in s_senses for a in a_senses):
        # What was said is a way of doing what was asked ("flew" for "go").
        return False
    parents = {h for a in a_senses for h in a.hypernyms()}
    return any(h in parents for s in s_senses for h in s.hypernyms())


@functools.lru_cache(maxsize=4096)
def _entails(lemma: str) -> frozenset[str]:
    """What doing `lemma` in its most frequent sense entails doing (WordNet: to buy is to
    pay, to snore is to sleep): "How much did Callum pay for the bike?" is answered by "I
    bought the bike for 300". The first sense only: "divorce" entails "marry" in its second."""
    wn = lexicon.reader()
    senses = wn.synsets(lemma.lower(), "v")[:1] if wn is not None else []
    return frozenset(
        name.lower()
        for s in senses
        for e in s.entailments()
        for name in e.lemma_names()
        if "_" not in name
    )


@functools.lru_cache(maxsize=4096)
def _antonyms(lemma: str) -> frozenset[str]:
    """The WordNet antonyms of verb `lemma`'s three most frequent senses ("love": hate)."""
    wn = lexicon.reader()
    if wn is None:
        return frozenset()
    return frozenset(
        a.name().lower()
        for sense in wn.synsets(lemma.lower(), "v")[:3]
        for said in sense.lemmas()
        for a in said.antonyms()
        if "_" not in a.name()
    )


#: Where an antonym denies the verb: a feeling ("love" / "hate"), a contest ("win" / "lose").
#: Not motion: "came" does not deny "went".
_DENYING = frozenset({"verb.emotion", "verb.competition"})


def opposites(lemma: str) -> frozenset[str]:
    """Verbs that say the opposite of `lemma` ("like": dislike, hate): the WordNet antonyms
    of it and of its synonyms, each with the verbs of its own group; only for a feeling or a
    contest, where saying one denies the other."""
    if lexicon.first_lexname(lemma, "v") not in _DENYING:
        return frozenset()
    near = lexicon.synonyms(lemma, "v") | {lemma}
    out: set[str] = set()
    for v in near:
        for a in _antonyms(v):
            out |= verb_group(a)
    return frozenset(out - verb_group(lemma))


#: Parts of speech that carry no content a yes/no answer must hold.
_FUNCTION_POS = frozenset(
    {"AUX", "ADV", "PRON", "DET", "ADP", "CCONJ", "SCONJ", "PART", "INTJ", "PUNCT", "NUM"}
)


def asked_words(
    sent: Span,
    subject_words: Iterable[str],
    verbs: Iterable[str] | None = None,
    nouns: list[frozenset[str]] | None = None,
) -> list[frozenset[str]]:
    """The content words a question says besides its subject and its verb, each as the forms
    it may be held in ("Does Conor hate hurling?": {hurling, hurl}); an answer must hold every
    one of them, or it answers another question ("When did Dev get engaged?" is not answered
    by when Dev came up from Leicester). `verbs`: the verbs the question was read with (the
    answer's verb already matched them); None skips the parse's root instead. Words that
    name the gap ("old", "called") and the noun a wh-word asks for ("what sport") are no
    content an answer must repeat. With `nouns`, the nouns go there instead: of a thing
    named, the answer need hold only one word ("the county final" kept as "county")."""
    skip = {w.lower() for w in subject_words} | _GAP_WORDS
    skip |= {sent.root.lemma_.lower()} if verbs is None else {v.lower() for v in verbs}
    # The subject as parsed, all of it ("Kofi and Daniel", "Aiko's dad").
    subject = {t.i for s in _subjects(sent) for t in s.subtree}
    subject -= _said_of_subject(sent)
    out: list[frozenset[str]] = []
    for t in sent:
        numeral = t.is_digit and t.pos_ == "NUM"  # "the 52", "number 9": which one is named
        plain = t.is_alpha and not t.is_stop and t.pos_ not in _FUNCTION_POS
        if not (numeral or plain) or t.lower_ in _WH_WORDS:
            continue
        if t.i in subject or (verbs is None and t.dep_ == "ROOT"):
            continue
        if t.ent_type_ in ("DATE", "TIME") or timewords.mentions_time(t.text):
            continue
        if any(c.dep_ == "det" and c.lower_ in _WH_WORDS for c in t.children):
            continue
        forms = frozenset({t.lower_, t.lemma_.lower(), base_form(t.lower_)})
        # "What book is Sam reading?" parsed with "reading" a noun: still the verb asked.
        if not (forms | set(_ing_forms(t.lower_))) & skip:
            if nouns is not None and _names_thing(t) and not _contents(t):
                nouns.append(forms)
            else:
                out.append(forms)
    return out


def _contents(tok: Token) -> bool:
    """Is a noun what another noun holds or is made of ("tomatoes" of "tins of tomatoes",
    "rice" of "a bag of rice")? Then it says which thing is named, and an answer must hold
    it: "8 tins of beans" is no answer to "How many tins of tomatoes?"."""
    prep = tok.head
    return (
        tok.dep_ == "pobj"
        and prep.lower_ == "of"
        and prep.head.pos_ == "NOUN"
        and prep.head.lemma_.lower() != "name"
    )


def kinds_asked(sent: Span) -> list[tuple[frozenset[str], frozenset[str]]]:
    """The kinds a question names of its things: (the modifier's forms, the head's) for each
    noun before a noun ("hip" of "hip operation")."""
    return [
        (
            frozenset({t.lower_, t.lemma_.lower()}),
            frozenset({t.head.lower_, t.head.lemma_.lower()}),
        )
        for t in sent
        if t.dep_ == "compound" and t.pos_ == "NOUN" and t.head.pos_ == "NOUN"
    ]


def names_other_kind(kinds: Sequence[tuple[frozenset[str], frozenset[str]]], label: str) -> bool:
    """Does a statement's object name another kind of the thing asked: the head asked with
    another word before it ("knee operation" for "hip operation")? Said without one ("had
    the operation") it may still be the one asked."""
    words = label.lower().replace("-", " ").split()
    for modifier, head in kinds:
        for before, word in zip(words, words[1:], strict=False):
            other = before not in modifier and before not in STOP and not like_num(before)
            if {word, base_form(word)} & head and other and lexicon.base(before, "n"):
                return True
    return False


#: The classes of kinds (WordNet lexicographer files of the noun's first sense) whose members
#: WordNet lists well enough to tell a thing that is none ("What medicine ...?": chess is no
#: medicine); a time, a place, a job or a deed asked is left to the other checks.
_TYPED_KINDS = frozenset(
    {"noun.cognition", "noun.artifact", "noun.substance", "noun.food", "noun.plant"}
)


def kind_named(sent: Span) -> str | None:
    """The kind a "what N" or "which N" question asks for ("What medicine does Ambrose
    take?": medicine), when it is of a class WordNet lists well; None otherwise."""
    for t in sent:
        # The object asked ("What medicine does he take?"), not a misparsed verb ("What
        # treats diabetes?", "treats" a noun).
        object_asked = _asked_noun(t.head)
        if t.dep_ == "det" and t.lower_ in ("what", "which") and object_asked:
            # "What kind of car ...?" asks a car, "What sort of medicine ...?" a medicine.
            of = [g for c in t.head.children if c.lower_ == "of" for g in c.children]
            noun = (of[0] if of and of[0].pos_ == "NOUN" else t.head).lemma_.lower()
            return noun if lexicon.first_lexname(noun, "n") in _TYPED_KINDS else None
    return None


def echoes_question(sent: Span, label: str) -> bool:
    """Does an answer only say again words of the question ("What game is Felix obsessed
    with?" answered "obsessed", of "Felix is obsessed {with chess}")? What the question says
    itself is no answer to it."""
    said = [w.lower() for w in label.replace("-", " ").split()]
    content = [w for w in said if w not in STOP and w.isalpha()]
    asked = {t.lower_ for t in sent} | {t.lemma_.lower() for t in sent}
    return bool(content) and all(w in asked or base_form(w) in asked for w in content)


def _asked_noun(noun: Token) -> bool:
    """Is `noun` what a "what N" question asks: the verb's object ("What medicine does he
    take?"), the copula's complement ("What colour is Biscuit?", "What game is Felix obsessed
    with?") or a preposition's object ("What school does Zosia go to?")? Not a misparsed verb
    ("What treats diabetes?": "treats" the complement of "diabetes", read as a verb)."""
    if noun.pos_ not in ("NOUN", "PROPN"):
        return False
    if noun.dep_ in ("dobj", "obj"):
        return noun.head.pos_ in ("VERB", "AUX")
    if noun.dep_ == "attr":
        return noun.head.lemma_.lower() == "be"
    return noun.dep_ == "pobj" and noun.head.pos_ == "ADP"


def of_kind_named(label: str, kind: str) -> bool:
    """Could a statement's object be a `kind`: it names the kind, or a word of it is one in
    any WordNet sense ("chess" is a game, no medicine), or it holds a name or no word WordNet
    knows ("amlodipine", "Dune")."""
    said = label.replace("-", " ").split()
    words = [w.lower() for w in said if w.lower() not in STOP]
    known = [b for w in words if (b := lexicon.base(w, "n"))]
    if kind in words or base_form(kind) in words or not known or any(w.istitle() for w in said):
        return True
    return any(lexicon.is_a(b, kind, None) for b in known) or lexicon.is_a(
        "_".join(words), kind, None
    )


def reads_an_auxiliary(sent: Span, verb: str) -> bool:
    """Was `verb` taken from an auxiliary of another verb ("Which eye will Alun have done?"
    read as "have")? Then no statement of that verb answers the question."""
    said = [t for t in sent if t.lemma_.lower() == verb or t.lower_ == verb]
    root = sent.root
    return (
        bool(said)
        and all(t.dep_ in ("aux", "auxpass") for t in said)
        and root.pos_ == "VERB"
        and root.lemma_.lower() != verb
    )


def _subjects(sent: Span) -> list[Token]:
    return [s for s in sent.root.children if s.dep_ in ("nsubj", "nsubjpass")]


#: What the copula may have said of its subject besides a preposition.
_COMPLEMENTS = frozenset({"attr", "acomp", "prep", "dobj", "oprd", "xcomp"})


#: What the parser may hang on a subject that a bare copula says of it.
_SAID_UNDER = frozenset({"prep", "acl", "relcl"})


def _said_of_subject(sent: Span) -> set[int]:
    """ "Is Liam in Cairns?" parsed with "in Cairns" under "Liam", "Is Kerem living with
    Selin?" with "living with Selin" a clause of "Kerem": a copula with nothing else said of
    its subject says it with that phrase, which is no part of the subject and must be held by
    a yes (else any statement of Kerem, "Kerem is clever", answers it)."""
    root = sent.root
    if root.lemma_.lower() != "be" or any(c.dep_ in _COMPLEMENTS for c in root.children):
        return set()
    return {
        t.i for s in _subjects(sent) for c in s.children if c.dep_ in _SAID_UNDER for t in c.subtree
    }


#: Where a word is (part of) a thing named, whatever its tag ("the county final", "rose
#: bushes"): the parser tags such words ADJ or VERB often enough.
_THING_DEPS = frozenset({"dobj", "pobj", "attr", "compound", "amod", "nmod", "poss"})


def _names_thing(tok: Token) -> bool:
    """Is the word a noun, or inside the phrase of an object ("my tram driving test")?"""
    if tok.pos_ in ("NOUN", "PROPN"):
        return True
    return any(t.dep_ in _THING_DEPS for t in (tok, *tok.ancestors))


def holds_some(asked: Sequence[frozenset[str]], said: str, verbs: Iterable[str] = ()) -> bool:
    """Does a statement hold one of the nouns asked, by its words or as a kind of it ("a lemon
    tart" for "dessert", WordNet)? True when none was asked."""
    if not asked:
        return True
    held = _lemma_tokens(said)
    # "What does Dad do for work?": "works as an electrician" holds the work.
    if any(forms & (held | set(verbs)) for forms in asked):
        return True
    return any(lexicon.is_a(w, f) for w in held for forms in asked for f in forms)


def modifier_held(modifier: str, said: Iterable[tuple[str, Iterable[str]]]) -> bool:
    """Is a modifier of a noun asked ("swimming" of "swimming instructor") held in one of
    the statements said (each its words with its qualifiers, and its verbs): by its forms
    ("swims", "swimming lesson") or as a kind of it (WordNet)?"""
    forms = frozenset({modifier, base_form(modifier), *_ing_forms(modifier)})
    forms |= {lexicon.base(modifier, "n") or modifier}
    return any(
        holds_some([forms], text, {*verbs, *(f for v in verbs for f in _ing_forms(v))})
        for text, verbs in said
    )


def holds_all(asked: Sequence[frozenset[str]], said: str, verbs: Iterable[str]) -> bool:
    """Does what a statement said (its words, its verbs and theirs in other words) hold every
    word asked?"""
    said_verbs = set(verbs)
    held = _lemma_tokens(said) | said_verbs
    # A number asked in digits is held said in words too ("the 52" of "fifty-two").
    held |= {_NUMBERS[w] for w in said.lower().replace("-", " ").split() if w in _NUMBERS}
    held |= {f for w in list(held) for f in _ing_forms(w)}
    grouped = {g for v in said_verbs for g in verb_group(v)}
    # A verb of the group counts unless it is another manner of the act ("walking" is not
    # held by "flew to Belfast"), group_answers.
    return all(
        forms & held
        or any(f in grouped and group_answers(f, said_verbs & verb_group(f)) for f in forms)
        for forms in asked
    )


def said_ahead(claim: Claim, qualifiers: Iterable[Qualifier], now: datetime) -> bool:
    """Was the statement said of a time still ahead, as a plan ("next year I'm doing the
    triathlon")? Then a question in the past tense ("Did Kofi come?") is not answered by it.
    A plan or a wish, or time words that point ahead ("next", "tomorrow", "in two weeks"),
    kept with a time still after `now`."""
    if claim.occurred_at is None or claim.occurred_at <= now:
        return False
    for q in qualifiers:
        if q.role == "modality" and q.value in ("plan", "wish", "hypothetical"):
            return True
        said = q.value.lower().split()
        counted_ahead = len(said) > 2 and said[0] == "in" and timewords.mentions_time(q.value)
        if q.role == "time" and (set(said) & _AHEAD or counted_ahead):
            return True
    return False


#: The modalities of a statement that has not happened (reading.py writes them).
_NOT_YET = frozenset({"plan", "wish", "hypothetical"})


def planned(
    qualifiers: Iterable[Qualifier], claim: Claim | None = None, now: datetime | None = None
) -> bool:
    """Was the statement a plan or a wish, not something that is or was so? Given the claim
    and the moment, a plan for a time now past is no longer one ("Has Kofi been to Lisbon?",
    after "we're going to Lisbon in September")."""
    when = None if claim is None else claim.occurred_at
    if when is not None and now is not None and when <= now:
        return False
    if claim is not None and when is not None and claim.predicate == "age":
        # "He is ten in October", "Lily turns seven in March": an age said of a time after it
        # was said is the age to come, so until then, not how old they are.
        return when > claim.created_at
    return any(q.role == "modality" and q.value in _NOT_YET for q in qualifiers)


def asks_ahead(verb: Token, wh: str | None = None) -> bool:
    """Is the question about what is ahead: "will"/"shall", "going to", a verb it wants or
    plans, a present progressive ("Where is Ana moving?"), or "when" in the present ("When
    does Ffion start the course?": the time of a plan is what is asked)?"""
    auxes = [c for c in verb.children if c.dep_ == "aux"]
    if any(c.lemma_.lower() in ("will", "shall") for c in auxes):
        return True
    if wh == "when" and not any(t.tag_ == "VBD" for t in (verb, *auxes)):
        return True
    progressive = verb.tag_ == "VBG" and any(c.lemma_.lower() == "be" for c in auxes)
    return progressive or any(c.dep_ == "xcomp" and c.pos_ == "VERB" for c in verb.children)


_CESSATION = words("cessation_verbs")


#: Words of a time phrase that say nothing of which time ("in the", "on a").
_TIME_FILLER = PREPS | STOP | {"the", "a", "an", "every", "each"}


def holds_time(
    phrase: str, qualifiers: Iterable[Qualifier], occurred_at: datetime | None, now: datetime
) -> bool:
    """Did the statement happen at the time a question names ("What does Noelle do in the
    morning?", "How many goals did Tolu score on Sunday?")? Its time qualifier shares a word
    of the phrase ("every morning"), or the phrase's day (resolved against `now`, as said) is
    the day it happened, or its month (its year) when the phrase names no finer time."""
    asked = {w for w in _lemma_tokens(phrase) if w not in _TIME_FILLER}
    said = " ".join(q.value for q in qualifiers if q.role == "time")
    if asked & _lemma_tokens(said):
        return True
    day = timewords.resolve(phrase, now)
    if day is None or occurred_at is None:
        return False
    # As finely as the phrase names its time: "on Sunday" is a day even when it is the 1st.
    kind = precision(phrase)
    if kind == "year":
        return occurred_at.year == day.year
    if kind == "day":
        return occurred_at.date() == day.date()
    return (occurred_at.year, occurred_at.month) == (day.year, day.month)


#: Verbs that take an event noun ("got a job", "started a course"); not "have", which says
#: more often what one owns ("has a house in Spain") than what one does.
_LIGHT = (words("light_verbs") | {"start", "find", "land", "begin"}) - {"have", "has"}
#: Verbs that name no deed when their object does: the light verbs, and "have" and "go"
#: ("had a fall", "went for a swim"), which only a noun of a deed lets through.
_DEED_LIGHT = _LIGHT | {"have", "has", "go", "goes"}


@functools.lru_cache(maxsize=4096)
def event_nouns(verb: str) -> frozenset[str]:
    """The nouns WordNet derives from a verb's two most frequent senses that name its event,
    not its doer ("work": work, employment; not worker)."""
    return frozenset(
        d.name().lower()
        for d in lexicon.verb_derivations(verb, 2)
        if d.synset().pos() == "n"
        and d.synset().lexname() not in ("noun.person", "noun.animal")
        and "_" not in d.name()
    )


def light_event(asked: str, verbs: Iterable[str], label: str) -> bool:
    """Does "got a job" say the verb asked ("Where does Tayo work?")? A light verb whose
    object is, by WordNet, a kind of the event the asked verb names (a job is work); or a
    light verb, "have" and "go" among them, whose object is the asked verb's own deed
    (`names_deed_of`: "had a fall", "went for a walk", "had her wedding")."""
    if not label:
        return False
    head = label.lower().split(" of ")[0].split()[-1]
    noun = lexicon.base(head, "n") or head
    said = set(verbs)
    if said & _DEED_LIGHT and names_deed_of(noun, asked):
        return True
    # "has a job" as "got a job": "have" and "go" only with a noun whose first sense is a deed
    # ("has a house in Leeds" says nothing of living there).
    deed = bool(said & _DEED_LIGHT) and lexicon.first_lexname(noun, "n") == "noun.act"
    if not (said & _LIGHT or deed):
        return False
    return any(noun == e or lexicon.is_a(noun, e) for e in event_nouns(asked))


def names_act_of(noun: str, claim: Claim) -> bool:
    """Does a noun asked of someone ("What is Piotr's job?") name, by WordNet, the act a
    statement's verb says ("works as an electrician": a job is work)? Only a noun whose most
    frequent sense is an act: a thing or a place ("workshop", "chapter") is no act, whatever
    its hypernyms. Not through the verbs that say least ("has", "is"), which name nothing
    done."""
    negated, verbs, _ = claim_verbs(claim.predicate)
    noun = lexicon.base(noun, "n") or noun
    if negated or lexicon.first_lexname(noun, "n") != "noun.act":
        return False
    full = {v for v in verbs if v not in LEAST and base_form(v) not in LEAST}
    return any(noun == e or lexicon.is_a(noun, e) for v in full for e in event_nouns(v))


#: Verbs of wanting ("want", "hope", "plan"): what follows them is a wish.
_DESIRES = words("desire_verbs")


_WANTING = words("wanting_verbs")


def only_wanted(predicate: str) -> bool:
    """Is the statement a want that commits to nothing ("wants_to_move_to Leeds", not
    "plans_to_move_to York")? It answers no question of what is or will be: "Is Bea moving to
    Leeds?" is not known from it."""
    parts = predicate.split("_")
    return len(parts) > 2 and parts[1] == "to" and base_form(parts[0]) in _WANTING


def not_yet_so(ahead: bool, claim: Claim, qualifiers: Iterable[Qualifier], now: datetime) -> bool:
    """Does the statement not say what is so (a want, `only_wanted`) or what is still so (a
    plan, `planned`, unless the question is of what is ahead)? Then it answers only a question
    that asks the wish itself (`asks_the_wish`)."""
    return only_wanted(claim.predicate) or not ahead and planned(qualifiers, claim, now)


def asks_the_wish(query_verb: str, predicate: str) -> bool:
    """Does a question ask the wish itself ("What does Skye want to be?" against "Skye
    wants_to_be vet", a wish)? Then the wish answers it, though it is not yet so."""
    return query_verb in _DESIRES and query_verb in claim_verbs(predicate)[1]
