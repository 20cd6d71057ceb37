"""A "how many" question read through its "what" question (issue 21, count42): the small
parser misreads "How many cakes did the vicar bake?" with "did" the main verb, the noun
counted its subject and "the vicar bake" one noun phrase, so the doer and the act are lost
(a name is read right: "How many cakes did Tom bake?"). The same words after the question
word, asked with "What" ("What did the vicar bake?"), parse as a question of that doer and
act; the noun counted is put back as the thing asked, so the count said with it answers
("the vicar baked six cakes"), and only it (said_counts.py, answer_sense.meets). Pure,
given the parse function."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.question_reading import Query, read_question
from resident.language.question_subject import (
    named_subject,
    phrase_ref,
    question_subject,
    subject_modifiers,
)
from resident.language.statement import Context, Ref

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

#: The auxiliaries a "how many" question takes its doer after ("did the vicar bake",
#: "has Barnaby drunk", "will the ferry carry"); a copula asks no act, and is left out.
_AUX = frozenset({"do", "does", "did", "has", "have", "had", "will", "would", "can", "could"})
#: Parts of speech a noun counted is said with ("many lemon cakes", "many cups of tea").
_COUNTED_POS = frozenset({"NOUN", "PROPN", "ADJ", "ADP", "DET"})


def counted_as_what(sent: Span, ctx: Context, parse: Callable[[str], Doc]) -> Query | None:
    """ "How many <noun> <aux> <doer> <act>?" read as "What <aux> Sam <act>?" with the doer put
    back as its subject and the noun counted as the thing asked; None for any other question,
    or when no doer and act are found."""
    said = [t for t in sent if not t.is_punct]
    if len(said) < 5 or [t.lower_ for t in said[:2]] != ["how", "many"]:
        return None
    aux = next((i for i, t in enumerate(said) if i > 2 and t.lower_ in _AUX), None)
    counted = said[2:aux]
    if aux is None or not counted or any(t.pos_ not in _COUNTED_POS for t in counted):
        return None
    # "How many days a week": the rate is no noun counted, but asked with it.
    cut = next((i for i, t in enumerate(counted) if i and t.pos_ == "DET"), len(counted))
    rate = next((t.lemma_.lower() for t in counted[cut:] if t.pos_ == "NOUN"), None)
    counted = counted[:cut]
    # "How many cups of tea": the noun counted stands before the "of" that names its stuff.
    of = next((c.i for c in counted if c.pos_ == "ADP"), sent.end)
    nouns = [t for t in counted if t.pos_ in ("NOUN", "PROPN") and t.i < of]
    act = _act_at(said, aux + 1)
    if not nouns or act is None:
        return None
    doer = sent.doc[said[aux + 1].i : said[act].i].text
    rest = sent.doc[said[act].i : sent.end].text
    subject = _doer(doer, ctx, parse)
    query = None if subject is None else _what_of(f"{said[aux].lower_} {{}} {rest}", ctx, parse)
    if subject is None or query is None or query.verb != said[act].lower_:
        return None  # the act found is not the verb the question reads
    asked = tuple(t.lemma_.lower() for t in counted if t.pos_ in ("NOUN", "PROPN", "ADJ"))
    return query.model_copy(
        update={
            "wh": "how many",
            "subject": subject[0],
            "subject_words": subject[1],
            "unit": nouns[-1].lemma_.lower(),
            "object_words": asked,
            "amount": False,
            "type_noun": None,
            "rate": rate or query.rate,
        }
    )


#: Words the parser reads as a subject wherever they stand, for the doer while the question
#: is parsed again: a pronoun is never read as a compound with the verb after it ("Sam
#: cycle"), a name where a pronoun is read as someone held.
_STAND_INS = ("they", "Sam")
#: Words that end a noun phrase, so that a word after them may be its verb.
_HEADS = frozenset({"NOUN", "PROPN", "PRON"})


def _act_at(said: list[Token], start: int) -> int | None:
    """Where the act stands after the doer: a word WordNet knows as a verb in its base form
    that follows a noun ("the coach pick": "pick"), first one after a word tagged a noun
    ("the old dog eat": "eat", not "dog"), else one after a word WordNet knows as a noun,
    for the tagger may call the doer's noun an adjective ("the vicar bake")."""
    tagged: list[int] = []
    known: list[int] = []
    for i in range(start + 1, len(said)):
        word, before = said[i].lower_, said[i - 1]
        if before.is_stop or lexicon.base(word, "v") != word:
            continue
        if before.pos_ in _HEADS:
            tagged.append(i)
        elif before.is_alpha and lexicon.base(before.lower_, "n"):
            known.append(i)
    found = tagged or known
    return found[0] if found else None


def _what_of(frame: str, ctx: Context, parse: Callable[[str], Doc]) -> Query | None:
    """The "what" question of the frame ("did {} bake?") with a stand-in for the doer, read
    with its act for the verb and nothing else asked of it."""
    for stand_in in _STAND_INS:
        what = next(iter(parse(f"What {frame.format(stand_in)}").sents), None)
        query = None if what is None else read_question(what, ctx)
        if query is not None and query.wh == "what" and not query.object_words:
            return query  # "What did Ann give the kids?": the thing given is no count of kids
    return None


def _doer(
    text: str, ctx: Context, parse: Callable[[str], Doc]
) -> tuple[Ref, tuple[str, ...]] | None:
    """The doer's words read as the subject of a plain clause ("the vicar did it."), as the
    question's subject and the modifiers said of it."""
    doc = parse(f"{text} did it.")
    tok = next((t for t in doc if t.dep_ == "nsubj"), None)
    if tok is None or tok.i + 1 != len(doc) - 3:
        return None  # the words are no one noun phrase
    ref = question_subject(tok, ctx) or phrase_ref(tok)
    return None if ref is None else (ref, subject_modifiers(named_subject(tok)))
