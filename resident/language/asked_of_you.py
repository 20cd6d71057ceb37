"""A question said without its subject is put to the one it is asked of (issue 21, reply48):
"Got a concert coming up?", "Seen the monster?", "Still doing pottery?", "Miss the branch?"
drop the "have you", "are you", "do you" talk leaves out, and the reply answers for its
speaker ("In April." - "I have got a concert coming up in April"). So before a reply is read
as the completion of such a question, the question gets back the auxiliary its verb's form
asks for and "you": a participle (or a past, which talk uses for one: "Got", "Made") takes
"have", an -ing form "are", a bare verb "do". A question with a subject, a wh-word, an
auxiliary of its own, or one that opens with anything but a verb (after adverbs such as
"still") is left as it is. Pure: the question's parse in, text out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.lexicon import base

if TYPE_CHECKING:
    from spacy.tokens import Span

#: The verb's form -> the auxiliary talk dropped before "you".
_AUX_FOR_TAG = {"VBN": "have", "VBD": "have", "VBG": "are", "VB": "do", "VBP": "do"}
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj"})


def put_to_you(sent: Span) -> str | None:
    """The question `sent` with its dropped auxiliary and "you" put back ("Seen the monster?"
    -> "Have you seen the monster?"), or None when it says a subject or is no such question."""
    words = [t for t in sent if not t.is_punct]
    if not words or not sent.text.rstrip().endswith("?"):
        return None
    if any(t.dep_ in _SUBJECTS for t in sent) or any(t.tag_ in ("WP", "WRB", "WDT") for t in sent):
        return None
    # "Still doing pottery?": adverbs before the verb stay after "you".
    lead = 0
    while lead < len(words) and words[lead].pos_ == "ADV" and words[lead].dep_ == "advmod":
        lead += 1
    if lead == len(words):
        return None
    verb = words[lead]
    # "Got a concert coming up?": a past form the tagger calls a present is a participle.
    past = verb.tag_ in ("VB", "VBP") and (base(verb.lower_, "v") or verb.lower_) != verb.lower_
    aux = "have" if past else _AUX_FOR_TAG.get(verb.tag_)
    if verb.pos_ != "VERB" or verb != sent.root or aux is None:
        return None
    if any(c.dep_ in ("aux", "auxpass") for c in verb.children):
        return None  # "Been doing Spanish?" says its own auxiliary
    rest = sent.text[words[0].idx - sent.start_char :].strip()
    return f"{aux.capitalize()} you {rest[0].lower()}{rest[1:]}"
