"""The one Statement type, from reader to store: a clause's subject, predicate and object, its
other roles (kept as the claim's qualifiers, migration 009), how it was said, and the words
the reader knows (data files under resident/language/data). Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from resident.language import lexicon
from resident.language.kin_nouns import kin_nouns
from resident.language.pronoun_fit import fits_kind, rival_blocks
from resident.language.roles import NAMING_VERBS, Modality, RoleFill
from resident.language.words import table, words
from resident.records import PREDICATE_RE, Claim, Qualifier

if TYPE_CHECKING:
    from spacy.tokens import Token

Role = Literal["speaker", "listener", "name", "kin"]


class Ref(BaseModel):
    """Who or what a phrase names: the speaker, the listener, a name, or someone's relative
    ("my sister" is kin of the speaker with noun "sister")."""

    model_config = ConfigDict(frozen=True)

    role: Role
    name: str | None = None
    #: kin: whose relative (a speaker, listener or name ref), and the noun ("sister").
    owner: Ref | None = None
    noun: str | None = None
    #: "person", "animal" or "thing", as far as the text says.
    kind: str = "thing"


_K = TypeVar("_K")
_V = TypeVar("_V")


@dataclass(frozen=True)
class Candidate:
    """Someone a sentence said, kept for a pronoun in a later sentence or turn."""

    ref: Ref
    sex: str | None
    sentence: int
    turn: int
    speaker: str | None


class Statement(BaseModel):
    """One clause read: subject, predicate, object, and how it was said."""

    model_config = ConfigDict(frozen=True)

    subject: Ref
    predicate: str
    object: str
    #: The object is a value (a number, a date, an activity), not a thing to file.
    literal: bool = False
    #: The object names a person or an animal ("my sister Lena"): filed as such.
    object_ref: Ref | None = None
    negated: bool = False
    #: fact (present), past, plan (future), wish ("want to").
    mood: Literal["fact", "past", "plan", "wish"] = "fact"
    #: The time phrase of the clause ("last Saturday"), resolved by the caller.
    when: str | None = None
    #: The verb's lemma, for matching questions ("read" for reads).
    verb: str = ""
    #: The clause's other arguments (where, when, with whom, why ...), kept as qualifiers.
    roles: tuple[RoleFill, ...] = ()
    #: How it was said: done, habit, plan, wish, hypothetical, question, or a present state.
    modality: Modality = "state"
    #: The turn declares a change of state ("not anymore", "no longer", "I switched jobs",
    #: "... now"): what it says replaces an earlier value (the household work hooks on this).
    change: bool = False

    @property
    def stored_predicate(self) -> str:
        """Negation is kept as a polarity on the predicate: "not_likes"."""
        return f"not_{self.predicate}" if self.negated else self.predicate


#: How many names the reader keeps for lower-case spellings.
_NAMES_KEPT = 512
#: How many things said of are kept (Context.things), in the talk and restored after a restart.
THINGS_KEPT = _NAMES_KEPT
#: How many names of one pet noun are kept ("the dog" with two is no one either way).
_CALLED_KEPT = 4


def keep_latest(kept: dict[_K, _V], key: _K, value: _V, most: int) -> None:
    """Put `key` last in `kept` (said most recently, though said before), dropping the oldest
    beyond `most`: what the talk keeps of its things, names and prices stays bounded."""
    kept.pop(key, None)
    kept[key] = value
    while len(kept) > most:
        del kept[next(iter(kept))]


@dataclass
class Context:
    """What the reader carries from one sentence (and turn) to the next."""

    #: The last person (or pet) named, for he/she: (name, kind).
    last_mention: tuple[str, str] | None = None
    #: Turns read so far, and the turn of the last mention: "she" two turns on is no one.
    turn: int = 0
    mention_turn: int = 0

    #: People and pets named so far, by their lower-case spelling (the latest few hundred):
    #: "ronan is 10", typed in lower case after "Aoife and Ronan", is Ronan.
    names: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: The sex the talk has shown of a name, by its lower-case spelling ("my husband Karim",
    #: "Kuba ... he"): "she" is never Karim after that.
    sexes: dict[str, str] = field(default_factory=dict)
    #: The last relative named by a family noun alone ("Dad", "my father"), with its turn and
    #: whether it was said after the last name: "he" after "Dad has physio" is Dad.
    relative: Ref | None = None
    relative_turn: int = 0
    relative_last: bool = False
    #: Who is speaking now (a person id, set by the store before it reads a turn), and who
    #: said the relative: "my dad" from Maya is not the next speaker's dad.
    speaker: str | None = None
    relative_speaker: str | None = None
    #: The names of those who have spoken (lower case, the latest few hundred): such a name
    #: said at a sentence's edge is whom the sentence is said to (vocatives.py).
    speakers: dict[str, None] = field(default_factory=dict)

    #: A relative or pet just introduced without a name ("Hana had a baby girl", "I adopted a
    #: greyhound"): its owners, its noun and the turn, for the "her name is ..." after it.
    introduced: tuple[tuple[Ref, ...], str, int] | None = None
    #: Who introduced it: only they name it in a later turn ("Her name's Miso").
    introduced_by: str | None = None

    #: Who asked about the last relative as "your mum": the relative is then the one of
    #: whoever answers ("How's your mum?" - "She's coming in July": the answerer's mum).
    asked_by: str | None = None
    #: The person or pet the last question between people named, with its turn, and who
    #: asked it: an answer with no subject next is about them (asked_about.py).
    asked_about: tuple[Ref, int] | None = None
    asked_about_by: str | None = None

    #: The last noun said as an argument that can have a price, with its turn, for an "it"
    #: in the turn's next sentence ("I bought a kiln. It cost me 400 pounds": prices.py).
    priceable: tuple[str, int] | None = None
    #: The things a price was said of (latest last): "Full groom is fifty now" after "a full
    #: groom is forty-five pounds" is its new price, though no currency is said (prices.py).
    priced: dict[str, None] = field(default_factory=dict)
    #: The priceable noun of the sentence read last, the mood of the deal (a sale, a purchase,
    #: a booking) said of it or None, and the turn: a verbless amount next is its price
    #: ("I sold the Honda. Two thousand three hundred.": amount_pieces.py).
    continued: tuple[str, Literal["fact", "past", "plan", "wish"] | None, int] | None = None
    #: The one thing the sentence read last took as its verb's object, with its turn: a
    #: verbless count next counts what is in it ("I run a choir. Forty voices.": count_pieces).
    object_said: tuple[str, int] | None = None
    #: The last deal said of one thing alone (its name, mood, turn and teller), kept for a
    #: verbless sum by the same teller ("I bought a van." / "How much?" / "Six grand.").
    dealt: tuple[str, Literal["fact", "past", "plan", "wish"], int, str | None] | None = None

    #: The person whose clause named the last mention, an animal they have ("My aunt Vera has
    #: a dog called Toby"): "she" next is Vera when the talk showed her a woman.
    keeper: str | None = None

    #: The subject of the clause read last, with its turn and speaker: a he/she subject next
    #: is that subject when the talk showed it of the pronoun's sex (salience.py).
    subject_said: tuple[Ref, int, str | None] | None = None
    #: The subject word, verb lemma and turn of the last clause said with a subject of its
    #: own ("we", "decide"): a clause with no subject after another's "we decided" or "I sold
    #: my car" may go on about them (elided_subject.py); after "I'm Odile" it need not.
    subject_word: tuple[str, str, int] | None = None
    #: The people the last turn that said something of someone said it of, with its turn and
    #: speaker: a bare event next ("the interview") is theirs when they are one (event_owner).
    people_said: tuple[int, str | None, tuple[Ref, ...]] | None = None
    #: The last turn that said a name the reader took as no one ("..., Pickle."): a pronoun
    #: after it reaches back to no earlier turn's person (pronoun_scope.py).
    unread_turn: int = -1
    #: The mention before the last one, with its turn: "Her husband Des ..." has just made Des
    #: the last one named, and "her" is never Des himself (pronoun_scope.own_phrase).
    prior_mention: tuple[tuple[str, str], int] | None = None

    #: The people said in the sentences read so far, latest last, each with its sex, whether
    #: it was a clause's subject, its sentence, turn and speaker: what a he/she/him/her that
    #: the nearer rules leave unread may name (antecedent_ranking.py).
    candidates: tuple[Candidate, ...] = ()
    #: Sentences read so far: the candidates' order.
    sentence: int = 0
    #: Names said where a place is said ("a job in Dundee"): no candidate when said again.
    places: dict[str, None] = field(default_factory=dict)
    #: Names the recogniser or WordNet showed to be no one ("the Dyson", "St Luke's
    #: Hospital"), with their kind: whom no he/she may name (animacy.py).
    inanimate: dict[str, str] = field(default_factory=dict)
    #: The last turn that said a plural noun ("with the twins"): a "they" in it is as likely
    #: theirs as one person's, so it is no singular "they" (pronoun_scope.singular_they).
    plural_turn: int = -1

    def remember_relative(self, ref: Ref) -> None:
        self.relative, self.relative_turn, self.relative_last = ref, self.turn, True
        self.relative_speaker, self.asked_by = self.speaker, None

    def remember_asked(self, noun: str) -> None:
        """ "your mum" said by the speaker: the relative of whoever speaks next."""
        answerer = Ref(role="speaker", kind="person")
        self.relative = Ref(role="kin", owner=answerer, noun=noun, kind="person")
        self.relative_turn, self.relative_last = self.turn, True
        self.relative_speaker, self.asked_by = None, self.speaker

    def relative_for(self, pronoun: str) -> Ref | None:
        """Whom he/she/his/her means when the last one named was a relative ("Dad ... he"),
        within two turns and of the pronoun's sex as the family noun shows it."""
        ref = self.relative
        if ref is None or not self.relative_last or self.turn - self.relative_turn > 2:
            return None
        if self.asked_by is not None:
            # Only the one asked answers of their own: someone else than who asked.
            if self.speaker in (None, self.asked_by):
                return None
        elif self.relative_speaker != self.speaker:
            return None  # someone else's "Dad": whose, this reader cannot name.
        said = table("pronoun_sex").get(pronoun.lower())
        sex = family_sex(ref.noun or "")
        return ref if said is None or sex in (None, said) else None

    def note_sex(self, name: str, sex: str) -> None:
        if sex in ("m", "f"):
            self.sexes[name.lower()] = sex

    def shown_as(self, name: str, pronoun: str) -> bool:
        """Has the talk shown `name` of the sex of the personal pronoun he/she/him/her?"""
        said = table("pronoun_sex").get(pronoun.lower())
        return said is not None and self.sexes.get(name.lower()) == said

    def agrees(self, name: str, pronoun: str) -> bool:
        """Could a he/she/his/her name `name`? Not where the talk showed the other sex."""
        said = table("pronoun_sex").get(pronoun.lower())
        known = self.sexes.get(name.lower())
        return said is None or known is None or said == known

    #: The last group said together ("Ana and Tom moved", "Leah lives with her boy Sol"),
    #: with its turn: "they" next is each of them.
    group: tuple[Ref, ...] = ()
    group_turn: int = 0

    def remember_group(self, refs: list[Ref]) -> None:
        unique = tuple(dict.fromkeys(refs))
        if len(unique) > 1:
            self.group, self.group_turn = unique, self.turn

    def they(self) -> tuple[Ref, ...]:
        """Whom "they" names: the last group said, in this turn or the one before, unless
        someone else was named since."""
        if self.turn - self.group_turn > 1:
            return ()
        if any(r.role == "kin" for r in self.group) and self.relative_speaker != self.speaker:
            return ()
        return self.group

    #: What the last name was said with ("a dog called Rex and a cat called Mochi",
    #: "Grandad's dog"): a pronoun the next sentence says that fits one of them as well names
    #: no one (antecedents.py).
    rivals: tuple[tuple[str, str, str | None], ...] = ()

    #: The names given to each pet noun so far ("a dog called Rex": dog -> Rex), for "the
    #: dog" later in the talk.
    called: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def note_called(self, noun: str, name: str) -> None:
        said = self.called.get(noun, ())
        self.called[noun] = (*[n for n in said if n != name], name)[-_CALLED_KEPT:]

    def the_one(self, noun: str) -> str | None:
        """Whom "the dog" names: the one name given to a dog in the talk; none when there were
        two (which one is meant, the reader cannot tell)."""
        said = self.called.get(noun, ())
        return said[0] if len(said) == 1 else None

    #: The last thing a clause was said of ("the boiler broke"), with its turn: "it" after it
    #: (antecedents.thing_it).
    thing: str | None = None
    thing_turn: int = 0
    #: Who said it: in that speaker's next turn "it" may still name it ("I made a bowl." /
    #: "A bowl!" / "... so I made it for her").
    thing_speaker: str | None = None

    #: Every thing a clause was said of, the latest few hundred: "What broke on Tuesday?"
    #: asks which of them (thing_answers.py).
    things: dict[str, None] = field(default_factory=dict)
    #: The things named in this turn: one is said of (`things`) only where a statement has it
    #: as its subject ("the apple trees were planted by Oli" says a deed of Oli).
    named_things: dict[str, int] = field(default_factory=dict)
    #: The last event a sentence of the turn named, with its turn: "it's on the 5th" after
    #: "I've booked a first aid course" (copular.event_of_it).
    event_said: tuple[str, int] | None = None

    def remember_thing(self, name: str) -> None:
        self.thing, self.thing_turn, self.thing_speaker = name, self.turn, self.speaker
        self.named_things = {n: t for n, t in self.named_things.items() if t == self.turn}
        self.named_things[name] = self.turn

    def restore_things(self, names: Sequence[str]) -> None:
        """The things said of before a restart (the store's `told_subjects`, latest last), so
        the talk's things outlive the process as everything else he was told does."""
        for name in names:
            keep_latest(self.things, name, None, THINGS_KEPT)

    def note_said_of(self, statements: list[Statement]) -> None:
        for st in statements:
            name = st.subject.name
            if st.subject.role != "name" or not name or self.named_things.get(name) != self.turn:
                continue
            keep_latest(self.things, name, None, THINGS_KEPT)

    def recent_thing(self) -> str | None:
        """The thing "it" may name: the last one said of, in this turn or in the same
        speaker's turn before (the other's turn between said no thing of its own; a turn
        later "it" is as often what was said since)."""
        if not self.thing or self.turn - self.thing_turn > 2:
            return None
        if self.turn == self.thing_turn:
            return self.thing
        return self.thing if self.speaker and self.thing_speaker == self.speaker else None

    def remember(self, name: str, kind: str) -> None:
        self.rivals, self.keeper = (), None
        if kind in ("person", "animal") and all(r.name != name for r in self.group):
            self.group = ()  # "Ana and Tom moved. Lena came too. They ...": not the pair.
        self.relative_last = False
        if self.last_mention is not None and self.last_mention[0] != name:
            self.prior_mention = (self.last_mention, self.mention_turn)
        self.last_mention = (name, kind)
        self.mention_turn = self.turn
        if kind in ("person", "animal"):
            keep_latest(self.names, name.lower(), (name, kind), _NAMES_KEPT)

    def named(self, word: str) -> tuple[str, str] | None:
        """The person or pet a word names when written in lower case, if one was named."""
        return self.names.get(word.lower())

    def mention(self, pronoun: str = "") -> tuple[str, str] | None:
        """Whom he/she means: the last person named, within the last two turns, unless the
        talk showed them of the other sex."""
        if self.last_mention is None or self.turn - self.mention_turn > 2:
            return None
        if not self.agrees(self.last_mention[0], pronoun):
            return None
        if not fits_kind(pronoun, self.last_mention[1]):
            return None  # "it" names an animal only
        keeper = self.keeper
        if self.last_mention[1] == "animal" and keeper and self.shown_as(keeper, pronoun):
            # The subject before the animal it has, known to be of the pronoun's sex.
            return (keeper, "person")
        plural = pronoun.lower() in ("they", "them", "their")  # "Ada and Ben ... their": both
        if not plural and any(rival_blocks(r, pronoun, self.agrees) for r in self.rivals):
            return None  # "We have a dog called Rex and a cat called Mochi. He ...": either.
        return self.last_mention


#: Relation nouns: the family nouns of kin_paths.txt and the other relations of
#: social_relations.txt (friend, neighbour, boss ...), each noun defined once.
#: (kin_nouns.py reads kin_paths.txt; the stored spellings with "_" are not words said.)
_SAID_KIN = {noun: kin for noun, kin in kin_nouns().items() if "_" not in noun}
KIN = words("social_relations") | frozenset(_SAID_KIN)


#: Family nouns and their sex (data/kin_paths.txt: "dad m parent ..."; "-" for either).
_FAMILY = {noun: kin.sex for noun, kin in _SAID_KIN.items()}
#: Of those, the elders: reached first through a parent ("grandma": parent.parent).
_ELDERS = frozenset(noun for noun, kin in _SAID_KIN.items() if kin.paths[0][0] == "parent")


def is_elder(noun: str) -> bool:
    return noun.lower() in _ELDERS


def is_family(noun: str) -> bool:
    """A family noun of data/kin_paths.txt ("grandad", "nana"), or of the reader's KIN."""
    return noun.lower() in _FAMILY or noun.lower() in KIN


def family_sex(noun: str) -> str | None:
    sex = _FAMILY.get(noun.lower())
    return sex if sex in ("m", "f") else None


PETS = words("reading_pets")


#: Verbs of talk about talk (thanks, hopes, opinions of the moment) that carry no claim.
SOCIAL_VERBS = words("reading_social_verbs")


#: Of SOCIAL_VERBS, those that do carry a claim when their object is a thing.
CONTENT_WHEN_OBJECT = words("reading_content_when_object")


#: Verbs reporting another clause ("I think Sam likes jazz"): the clause is read instead.
REPORTING = words("reading_reporting")


#: Verbs that are activities by themselves ("I've been running"): the activity is the object.
ACTIVITIES = words("reading_activities")


_NOT_OBJECTS = words("reading_not_objects")


_DROP_DET = words("reading_drop_det")


_MODALS_SKIP = words("reading_modals_skip")


_FUTURE = frozenset({"will", "'ll", "wo", "shall"})


_WISH_VERBS = table("wish_verbs")


#: A small controlled vocabulary: lemmas that mean the same thing in a claim.
SYNONYMS = table("synonyms")


#: Adverbs that are where someone went ("flew home").
_PLACE_WORDS = words("reading_place_words")


#: Feelings of the moment ("grateful for the support"): talk, not a claim about the person.
FEELINGS = words("reading_feelings")


_PRONOUN_PEOPLE = frozenset({"he", "she", "him", "her"})


#: Participles that give a name ("a cat called Mochi").
_NAMING_VERBS = NAMING_VERBS


_WH = words("wh")


_AUX_START = words("reading_aux_start")


def base_form(word: str) -> str:
    """The lemma behind a predicate's verb ("likes" -> "like", "goes" -> "go"); inverse of
    `third_person` for the forms it makes."""
    irregular = {"has": "have", "does": "do", "goes": "go", "is": "be"}
    if word in irregular:
        return irregular[word]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "zzes", "shes", "ches", "xes", "oes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def gerund(lemma: str) -> str:
    """ "run" -> "running", "hike" -> "hiking"."""
    if lemma.endswith("ie"):
        return lemma[:-2] + "ying"
    if lemma.endswith("e") and not lemma.endswith(("ee", "ye", "oe")):
        return lemma[:-1] + "ing"
    if (
        len(lemma) >= 3
        and lemma[-1] not in "aeiouwxy"
        and lemma[-2] in "aeiou"
        and lemma[-3] not in "aeiou"
        # One syllable ("win", "fit", "swim"): its last consonant doubles; "visit" keeps one.
        and sum(
            1 for a, b in zip(" " + lemma, lemma, strict=False) if b in "aeiou" and a not in "aeiou"
        )
        == 1
    ):
        return lemma + lemma[-1] + "ing"
    return lemma + "ing"


def is_pet(noun: str) -> bool:
    """Is `noun` a kind of animal someone may keep ("dog", "guinea pig", "tortoise")? The pets
    list, else WordNet's class of the noun's most frequent sense (noun.animal)."""
    noun = noun.lower()
    return noun in PETS or lexicon.first_lexname(noun, "n") == "noun.animal"


def canonical_lemma(lemma: str) -> str:
    return SYNONYMS.get(lemma, lemma)


def verb_lemma(tok: Token) -> str:
    """The token's lemma, mended where the small model's lemmatizer cuts a present-tense verb
    short ("hates" -> "hat")."""
    lemma = tok.lemma_.lower()
    text = tok.lower_
    if (
        tok.tag_ == "VBZ"
        and text == lemma + "es"
        and not lemma.endswith(("s", "sh", "ch", "x", "z", "o"))
    ):
        lemma = text[:-1]
    if tok.pos_ == "VERB" and lemma.isalpha():
        # "swam" left as its own lemma: WordNet's base of it ("swim").
        lemma = lexicon.base(lemma, "v") or lemma
    return canonical_lemma(lemma)


def _predicate(*parts: str) -> str | None:
    name = "_".join(p for p in parts if p).lower().replace("-", "_").replace("'", "")
    return name if PREDICATE_RE.match(name) else None


#: Modalities kept as a qualifier: a present state and a done deed need none (the claim and
#: its occurred_at say them).
_KEPT_MODALITIES = frozenset({"habit", "plan", "wish"})


def qualifiers_of(statement: Statement, change: bool = False) -> tuple[Qualifier, ...]:
    """The qualifiers of a statement: its roles, how it was said, and whether the turn declared
    a change of state."""
    out = [Qualifier(role=r.role, value=r.text[:512]) for r in statement.roles if r.text.strip()]
    if statement.modality in _KEPT_MODALITIES:
        out.append(Qualifier(role="modality", value=statement.modality))
    if change:
        out.append(Qualifier(role="change", value="declared"))
    return tuple(dict.fromkeys(out))


class StatedClaim(Claim):
    """A claim as a turn reports it: with the qualifiers its statement was stored with (role:
    what was said), so the turn shows everything the clause said, not only subject, predicate
    and object."""

    qualifiers: dict[str, str] = {}


def stated(claim: Claim, qualifiers: tuple[Qualifier, ...]) -> Claim:
    """`claim` carrying its qualifiers, for the turn's report; the claim itself when none."""
    if not qualifiers:
        return claim
    held: dict[str, str] = {}
    for q in qualifiers:
        held[q.role] = f"{held[q.role]}; {q.value}" if q.role in held else q.value
    return StatedClaim(**claim.model_dump(), qualifiers=held)
