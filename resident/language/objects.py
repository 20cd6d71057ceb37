"""What a clause's object and subject may be, and how a claim is shaped from them. Pure.

The parse says which token is the object; these rules say whether a phrase is content a claim
may hold (an entity or a content noun phrase, never an adjective or a number standing alone as
a subject), and which predicate a copula's noun makes ("I'm a mechanic": works_as, since a
mechanic is an occupation in WordNet; "Duncan is a goose": is_a).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Literal

from resident.language import deals, lexicon
from resident.language.change import said_over
from resident.language.deal_parties import goods_of
from resident.language.frequency import is_frequency
from resident.language.roles import (
    RoleFill,
    idiom_words,
    inner_hyphen,
    is_person_like,
    is_time,
    second_object_told_to,
)
from resident.language.unsaid import becomes, object_in_a_state
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Token

    from resident.language.statement import Ref


@functools.lru_cache(maxsize=4096)
def is_occupation(noun: str) -> bool:
    """Does `noun` (its head: "junior accountant", "restorer of paintings") name an
    occupation? A WordNet noun whose first two senses have one of
    data/occupation_ancestors.txt among its hypernyms."""
    # "restorer of old paintings": the noun before its "of" is the head.
    said = noun.split(" of ")[0].split()
    last = said[-1].lower() if said else ""
    if not last.isalpha() or not lexicon.available():
        return False
    # A closed compound WordNet lacks is read by its longest known tail ("headteacher":
    # "teacher"); a short word ("vet", "DJ") by itself.
    tails = (last[i:] for i in range(max(1, len(last) - 3)))
    head = next((b for t in tails if (b := lexicon.base(t, "n"))), None)
    if head is None or head in words("plain_person_nouns"):
        # "a lovely man": a noun that only says someone is a person is no job, whatever its
        # rarer sense ("man": a serviceman).
        return False
    return any(lexicon.is_a(head, a, senses=2) for a in words("occupation_ancestors"))


def copula_predicate(predicate: str, subject: Ref, obj: str) -> str:
    """ "is_a" for a person whose noun is an occupation is what they work as."""
    if predicate != "is_a" or not _personal(subject) or not is_occupation(obj):
        return predicate
    return "works_as"


def physical_thing(tok: Token) -> bool:
    """Does the noun `tok` name a physical thing: its most frequent WordNet sense in one of
    data/physical_lexnames.txt ("mice", "bus"; not "cold", "story", "news")?"""
    if tok.pos_ != "NOUN" and not common_noun_misread(tok):
        return False
    return lexicon.first_lexname(tok.lemma_.lower()) in words("physical_lexnames")


def common_noun_misread(tok: Token) -> bool:
    """A word the tagger called a proper noun that is written in lower case, names nothing the
    recogniser knows and is a noun WordNet knows ("we caught two mackerel"): a common noun."""
    if tok.pos_ != "PROPN" or tok.ent_type_ or not tok.text.islower():
        return False
    return lexicon.base(tok.lower_, "n") is not None


def years_had(verb_lemma: str, obj: Token | None) -> str | None:
    """The age a non-native "have" says ("he has seven years"): the count of a bare
    data/age_have_units.txt noun that is the verb's only object and the subject a person's;
    None otherwise ("we have two years left", "three years of Spanish" keep their meaning)."""
    if verb_lemma != "have" or obj is None or obj.lemma_.lower() not in words("age_have_units"):
        return None
    subject = next((c for c in obj.head.children if c.dep_ == "nsubj"), None)
    if subject is None or not is_person_like(subject) or "Plur" in subject.morph.get("Number", []):
        return None  # "we have two years": no one's age
    counts = [c for c in obj.children if c.dep_ == "nummod"]
    others = [c for c in obj.children if c.dep_ not in ("nummod", "punct")]
    rest = [c for c in obj.head.children if c.i > obj.i and c.dep_ not in ("punct", "cc", "conj")]
    if len(counts) != 1 or others or rest:
        return None
    return _words(counts[0])


def counted(obj: str) -> bool:
    """Does the phrase open with a count above one ("two cats", "3 kids")?"""
    first = obj.split()[0].lower() if obj.split() else ""
    value = first if first.isdigit() else table("number_words").get(first, "")
    return value.isdigit() and int(value) > 1


def _personal(subject: Ref) -> bool:
    """May the subject hold a job: anyone but an animal (a name the recogniser did not tag a
    person still may: "Finn ... he's a DJ now")."""
    return subject.kind != "animal"


#: Noun classes of an eventive noun a light verb joins with ("a look", "a try", "a call").
_EVENT_CLASSES = frozenset({"noun.act", "noun.event", "noun.communication", "noun.attribute"})
#: Noun classes of what is no thing: a noun with no other sense, said as "some news" or "any
#: ideas" after a light verb, is no object a claim may hold.
_ABSTRACT_CLASSES = frozenset(
    {
        "noun.communication",
        "noun.cognition",
        "noun.time",
        "noun.attribute",
        "noun.act",
        "noun.event",
        "noun.state",
        "noun.relation",
        "noun.feeling",
    }
)


def light_object(verb_lemma: str, obj: Token, timed: bool) -> Literal["keep", "join", "empty"]:
    """How a light verb's object reads: "join" when the bare noun is an event the subject
    does (the verb and noun make one predicate: "took a look at the car"), "empty" when the
    noun is "some" abstract thing and the clause says no time ("I got some news"),
    else "keep" (the object is a thing: "got a job", "had a swimming lesson")."""
    if object_in_a_state(obj.head, obj) or becomes(obj.head, obj):
        # "keep my fingers crossed", "she made partner": the verb and the object alone say
        # what the speaker did not (resident.language.unsaid).
        return "empty"
    if verb_lemma not in words("light_verbs") or obj.pos_ != "NOUN" or obj.ent_type_:
        return "keep"
    noun = obj.lemma_.lower()
    kind = lexicon.first_lexname(noun, "n")
    timed_noun = kind == "noun.time" and not lexicon.mostly_verb(noun)
    if timed_noun and not any(c.dep_ in ("poss", "compound") for c in obj.children):
        # "we set a date", "had a great day": a light verb's time noun is when, not a thing;
        # a noun said more often as a verb is the act ("had a fall", not an autumn).
        return "empty"
    if any(c.dep_ not in ("det", "punct", "prep") for c in obj.children):
        return "keep"
    indefinite = all(c.lower_ in ("a", "an") for c in obj.children if c.dep_ == "det")
    eventive = kind in _EVENT_CLASSES and indefinite and lexicon.mostly_verb(noun)
    if eventive and verb_lemma in words("light_verbs_joining"):
        return "join"
    vague = any(c.dep_ == "det" and c.lower_ in ("some", "any") for c in obj.children)
    senses = lexicon.lexnames(noun, "n")
    abstract = bool(senses) and senses <= _ABSTRACT_CLASSES
    has_prep = any(c.dep_ == "prep" for c in obj.children)
    return "empty" if vague and abstract and not has_prep and not timed else "keep"


def content_object(tok: Token) -> bool:
    """May `tok` head a claim's object? A noun phrase, a name, a number or a verb's -ing
    form; never an adjective or an adverb the parser hung as one ("trying to eat healthier"),
    though a word the tagger called one that WordNet knows as a noun, or not at all, may be
    ("hates cilantro", "a little terrier", a made-up name)."""
    if tok.dep_ == "npadvmod" and lexicon.first_lexname(tok.lemma_.lower(), "n") == "noun.time":
        return False  # "we go there every easter": when, not what.
    if tok.pos_ not in ("ADJ", "ADV") or tok.ent_type_:
        return True
    return _noun_or_unknown(tok.lower_) or headed_noun(tok)


#: Determiners that make a word the head of a noun phrase ("the flat", "a local", "my green").
_HEADED_BY = frozenset({"det", "poss"})


def headed_noun(tok: Token) -> bool:
    """Is `tok` a word the tagger called an adjective that heads a noun phrase of its own: said
    after an article or an owner, with no noun after it, and known to WordNet as a noun ("Tom
    kept the flat", "we went to the local")? A comparative or superlative ("did the best",
    "the latest") is no noun however WordNet lists it."""
    if tok.pos_ != "ADJ" or tok.tag_ != "JJ" or not tok.is_alpha:
        return False
    if not any(c.dep_ in _HEADED_BY for c in tok.children):
        return False
    if any(c.i > tok.i and c.pos_ in ("ADJ", "ADV") for c in tok.children):
        return False  # "his flat, very small": an adjective said of it, no noun phrase
    return lexicon.base(tok.lower_, "n") is not None


def role_only(prep: Token, pobj: Token) -> bool:
    """ "as a kid": a person noun after "as" that is no occupation says in what role or at
    what age, never what the clause is about ("as a nurse" may be). Nor is a reason ("moved
    because of his job") what the clause is about: it is why (roles.py)."""
    return (
        prep.lower_ == "because"
        or adverbial_idiom(prep, pobj)
        or (
            prep.lower_ == "as"
            and pobj.pos_ == "NOUN"
            and lexicon.person_noun(pobj.lemma_.lower())
            and not is_occupation(pobj.lemma_)
        )
    )


def adverbial_idiom(prep: Token, pobj: Token) -> bool:
    """ "in the end", "on the whole", "for good", "on time": a prepositional phrase WordNet lists
    whole as an adverb says how or when, never what the clause is about ("turned it down in the
    end" is no turning down in an end). One said without an article whose noun is a place ("at
    home") is still where."""
    if lexicon.base("_".join(idiom_words(prep, pobj)), "r") is None:
        return False
    article = any(c.dep_ == "det" for c in pobj.children)
    return article or lexicon.first_lexname(pobj.lemma_.lower(), "n") != "noun.location"


def verb_like(head: Token) -> bool:
    """Can `head` be a clause's verb? A noun or a name the parser made the root ("I do tai
    chi": "tai") is none, unless WordNet knows it as a verb; nor is a word tagged a verb that
    WordNet knows as none, by its form or its lemma (a typo: "shes in love" read as "ses")."""
    if head.pos_ == "VERB" and head.is_alpha and lexicon.available():
        known = (head.lower_, head.lemma_.lower())
        return any(lexicon.base(w, "v") is not None for w in known)
    if head.pos_ not in ("NOUN", "PROPN"):
        return True
    return not lexicon.available() or lexicon.base(head.lower_, "v") is not None


def indirect_question(verb: Token) -> bool:
    """Is the clause under `verb` a question said inside another ("I don't know how you do
    nights", "I wonder whether she moved")? It asks; it states nothing."""
    if verb.dep_ != "ccomp":
        return False
    return any(
        c.tag_ in ("WRB", "WP", "WDT") or (c.dep_ == "mark" and c.lower_ in ("whether", "if"))
        for c in verb.children
        if c.i < verb.i
    )


def has_number(text: str) -> bool:
    """Does the phrase say a number ("ninety", "thirty-five", "5 months"), not an ordinal
    ("the first")?"""
    from spacy.lang.en.lex_attrs import like_num

    parts = text.lower().replace("-", " ").split()
    return any(
        p.isdigit() or like_num(p) and not p.endswith(("st", "nd", "rd", "th")) for p in parts
    )


#: Noun classes of things, not of a property: "their halloumi is amazing" and "your family is
#: ridiculously successful" praise a thing; they are no attribute of its owner.
_THING_CLASSES = frozenset(
    {
        "noun.food",
        "noun.group",
        "noun.person",
        "noun.animal",
        "noun.plant",
        "noun.artifact",
        "noun.substance",
        "noun.object",
        "noun.Tops",
    }
)


def praise_of_thing(predicate: str, verb: Token) -> bool:
    """Is an attribute statement ("<owner>'s <noun> is <adjective>") an opinion of a thing
    the owner has, not a property of the owner? Its value is an adjective and every sense of
    its noun is a thing (WordNet), or WordNet does not know it."""
    if not any(c.dep_ == "acomp" and c.pos_ == "ADJ" for c in verb.children):
        return False
    senses = lexicon.lexnames(predicate.split("_")[-1], "n")
    return lexicon.available() and senses <= _THING_CLASSES


def conditional(verb: Token) -> bool:
    """Does a condition hang on the clause ("we will stay home if it rains")? Then what it
    says holds only if, and is no fact."""
    marks = words("hypothetical_marks")
    return any(
        c.dep_ == "advcl"
        and any(m.dep_ == "mark" and m.lower_ in marks for m in c.children)
        and not _polite(c)
        for c in verb.children
    )


def _polite(condition: Token) -> bool:
    """ "if you'll have me", "if you'd like": a condition said with will/would is courtesy;
    a real one is said in the present ("if it rains")."""
    return any(
        c.dep_ == "aux" and c.lower_ in ("will", "'ll", "would", "'d") for c in condition.children
    )


_MEASURES = frozenset({"QUANTITY", "MONEY", "PERCENT"})


def measures(verb: Token, used: set[int]) -> tuple[RoleFill, ...]:
    """How much the clause says was done ("I swam four hundred metres last week"), when the
    parse hung the measure on the verb as a modifier: a quantity qualifier."""
    out = []
    for child in [*verb.children, *_set_off_after(verb)]:
        if child.i in used or child.ent_type_ not in _MEASURES:
            continue
        if child.dep_ in ("npadvmod", "advmod", "dobj"):
            ent = next((e for e in verb.doc.ents if e.start <= child.i < e.end), None)
            if ent is not None:
                out.append(RoleFill(role="quantity", text=ent.text))
    return tuple(out)


def _set_off_after(verb: Token) -> list[Token]:
    """Measures said after the clause between commas, before the next clause's subject ("i
    cycled to brecon on saturday, 120 km, legs are dead"): the parse hangs them on the next
    clause, but a measure said ahead of a clause's subject is an afterthought to the one
    before."""
    out = []
    for clause in (c for c in verb.children if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX")):
        subject = next((c for c in clause.children if c.dep_ == "nsubj"), None)
        for m in clause.children:
            start = min(t.i for t in m.subtree)
            ahead = subject is not None and m.i < subject.i and start > verb.i
            if ahead and m.dep_ == "npadvmod" and verb.doc[start - 1].text == ",":
                out.append(m)
    return out


def time_clause(verb: Token) -> bool:
    """Is the clause under `verb` the time of the one it hangs on ("when I was twelve",
    "before he finished the question")? Then it is that clause's time; `told_in_passing` says
    when it is a deed of its own as well."""
    if verb.dep_ != "advcl":
        return False
    marks = words("time_clause_marks")
    return any(c.dep_ in ("mark", "advmod") and c.lower_ in marks for c in verb.children)


def told_in_passing(verb: Token) -> bool:
    """Is a time clause also a deed told in passing ("after Delphine finished her exams", "when
    Anselm phoned him", "since Griselda moved to Perth"): a verb other than be or have, done in
    the past (a past form or a past perfect, no modal) by a subject of its own? A present one ("when
    it rains", "after she finishes") is a habit or a time to come, and a state ("when I was
    twelve") held then, not now: each stays only the time of its clause."""
    if verb.pos_ != "VERB" or verb.lemma_.lower() in ("be", "have"):
        return False
    unasserted = words("time_clause_unasserted")
    if any(c.dep_ == "mark" and c.lower_ in unasserted for c in verb.children):
        return False
    if not any(
        c.dep_ in ("nsubj", "nsubjpass") and c.tag_ not in ("WP", "WDT") for c in verb.children
    ):
        return False
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if any(a.tag_ == "MD" for a in auxes):
        return False
    # "until we've paid the car off": a present perfect in a time clause is a time to come.
    return verb.tag_ == "VBD" or (verb.tag_ == "VBN" and any(a.lower_ == "had" for a in auxes))


def time_clauses(verb: Token) -> tuple[RoleFill, ...]:
    """The time clauses under `verb`, as its time qualifiers, in the words said."""
    return tuple(RoleFill(role="time", text=_words(c)) for c in verb.children if time_clause(c))


def _words(tok: Token) -> str:
    kept = (t for t in tok.subtree if not t.is_punct or inner_hyphen(t))
    return "".join(t.text_with_ws for t in kept).strip()


def _direct_object(verb: Token) -> Token | None:
    # "Three of us live here: me, Raj and Tomas": a list that says who the subject is, hung
    # on the verb, is none of its objects.
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    who = set() if subject is None else {t.i for t in partitive_members(subject)}
    over = said_over(verb)  # "doesn't drive any more": "more" says it ended, it is no object
    said = [
        c
        for c in verb.children
        if c.dep_ in ("dobj", "obj") and c.i not in who and not is_frequency(c) and c not in over
    ]
    if said:
        # "which Joel's sister lent me", said again as "... lent me Braiding Sweetgrass" and
        # parsed with two objects: the pronoun first is whom it was lent to (roles.py).
        obj = said[1] if len(said) > 1 and second_object_told_to(said[0]) else said[0]
        # "buying my cousin Pavan's old Golf": the Golf is bought, not the cousin.
        dealt = verb.lemma_.lower() in deals.object_verbs()
        return (goods_of(obj) or obj) if dealt else obj
    # The small model reads an unfamiliar noun after a verb as a modifier ("hates cilantro"),
    # a made-up name even as punctuation: a word WordNet knows as a noun, or does not know at
    # all, and not as an adverb or adjective, is the object.
    # A lone word read as a clause of its own ("relieves migraine": migraine a verb) is one
    # too, when WordNet knows no verb of that spelling.
    for child in verb.rights:
        if (
            child.is_punct
            or child.ent_type_
            or child.i in who
            or not _noun_or_unknown(child.lower_)
        ):
            continue
        if _after_a_role(verb, child) or is_time(child):
            # "I work in the library part time": a noun after the clause's prepositional
            # phrase, or a time ("every morning"), says how or when, not what.
            continue
        loose = child.dep_ in ("advmod", "acomp", "npadvmod", "punct", "dep") and child.pos_ in (
            "ADJ",
            "ADV",
            "NOUN",
            "PUNCT",
            "X",
        )
        lone = (
            child.dep_ in ("ccomp", "xcomp")
            and child.n_lefts + child.n_rights == 0
            and lexicon.available()
            and lexicon.base(child.lower_, "v") is None
        )
        if loose or lone:
            return child
    return None


def _after_a_role(verb: Token, child: Token) -> bool:
    """Does a prepositional phrase of `verb` come between it and `child`?"""
    return any(c.dep_ == "prep" and verb.i < c.i < child.i for c in verb.children)


def _noun_or_unknown(word: str) -> bool:
    """WordNet knows `word` as a noun, or (a made-up name: "birchitis") not at all; never as
    an adverb or adjective."""
    if lexicon.base(word, "r") or lexicon.base(word, "a"):
        return False
    if lexicon.base(word, "n"):
        return True
    return lexicon.available() and not lexicon.base(word, "v") and any(c.isalpha() for c in word)


def counted_parts(tok: Token) -> list[str]:
    """What a hyphenated count before a noun says its thing has: "a three-legged cat" has
    three legs, "a one-eyed dog" one eye. The noun is the "-ed" adjective's stem as WordNet
    knows it (legged: leg, eyed: eye), the count said before the hyphen."""
    out = []
    for mod in tok.children:
        count = next((c for c in mod.children if c.like_num and c.i + 2 == mod.i), None)
        hyphen = mod.i > 0 and tok.doc[mod.i - 1].text == "-"
        if mod.dep_ != "amod" or count is None or not hyphen or not mod.lower_.endswith("ed"):
            continue
        word = mod.lower_
        stems = (word[:-1], word[:-2], word[:-3])  # eyed, horned, legged
        noun = next((s for s in stems if len(s) > 1 and lexicon.base(s, "n") == s), None)
        if noun is not None:
            one = count.lower_ in ("one", "1")
            out.append(f"{count.lower_} {noun if one else _plural(noun)}")
    return out


def _plural(noun: str) -> str:
    """English's regular plural (leg: legs, box: boxes, fly: flies)."""
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return f"{noun}es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return f"{noun[:-1]}ies"
    return f"{noun}s"


def partitive_members(subj_tok: Token) -> list[Token]:
    """ "Three of us live here in Headingley: me, Raj and Tomas", "The two of us, Lena and I,
    moved": a count of "us" said with the list of who they are names each of them. Only when
    the list holds as many people as the count says: a list that is not the group (or a
    count the reader cannot check) says nothing of it."""
    of = next((c for c in subj_tok.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    if of is None or not any(c.dep_ == "pobj" and c.lower_ == "us" for c in of.children):
        return []
    count = table("number_words").get(subj_tok.lower_, subj_tok.text)
    head = next((c for c in subj_tok.children if c.dep_ == "appos"), None) or _after_colon(subj_tok)
    if head is None or not count.isdigit():
        return []
    members = [t for t in _listed(head) if not (t.dep_ == "appos" and t.head.pos_ == "NOUN")]
    people = all(t.pos_ in ("PRON", "PROPN", "NOUN") for t in members)
    return members if people and len(members) == int(count) else []


def _after_colon(subj_tok: Token) -> Token | None:
    """The first word after a colon that ends the clause of `subj_tok`, in its sentence."""
    sent = subj_tok.sent
    colon = next((t for t in sent if t.i > subj_tok.i and t.text == ":"), None)
    if colon is None or colon.i + 1 >= sent.end:
        return None
    first = subj_tok.doc[colon.i + 1]
    # "...: my husband Tom and me": the word after the colon may modify the list's first noun.
    while first.head.i > colon.i and first.head.i != first.i and first.dep_ in ("poss", "det"):
        first = first.head
    return first


def _listed(head: Token) -> list[Token]:
    """`head` and what the parse listed with it, as appositions or conjuncts, in order."""
    out = [head]
    for child in head.children:
        if child.dep_ in ("appos", "conj"):
            out.extend(_listed(child))
    return sorted(out, key=lambda t: t.i)


def qualified_indefinite(tok: Token) -> str | None:
    """ "hates anything with avocado in it", "eats nothing without cheese": an indefinite
    pronoun (morphology PronType=Ind) is no object alone, but with a "with"/"without" phrase it
    names the kind of thing meant: the pronoun with its phrase."""
    if "Ind" not in tok.morph.get("PronType", []) or tok.lower_ in ("nothing", "none"):
        return None
    for prep in (c for c in tok.children if c.dep_ == "prep" and c.lower_ in ("with", "without")):
        pobj = next((c for c in prep.children if c.dep_ == "pobj" and c.pos_ == "NOUN"), None)
        if pobj is not None:
            return f"{tok.lower_} {prep.lower_} {_words(pobj)}"
    return None


def set_off_before(noun: Token, child: Token) -> bool:
    """ "I'm Freda, staff nurse": a name set off before the noun by a comma is no part of it
    (the parser hung it there as a modifier)."""
    if child.i > noun.i or child.dep_ not in ("nmod", "compound"):
        return False
    # The comma may hang on the name itself, its subtree's last word.
    edge = child.right_edge.i
    return edge < noun.i and "," in (noun.doc[edge].text, noun.doc[edge + 1].text)


def set_off_after(noun: Token, child: Token) -> bool:
    """ "an electrician, self-employed": a modifier set off after the noun by a comma says
    more of the one named (an aside), no part of the noun's name."""
    if child.i < noun.i or child.dep_ != "amod" or child.left_edge.i == 0:
        return False
    return noun.doc[child.left_edge.i - 1].text == ","
