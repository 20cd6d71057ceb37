"""Whether the subject of an intransitive clause can be the doer of an activity (issue 21,
precision on long talk): "I run" says Ana does running, but "the tomatoes are ripening", "the
water is freezing" or "the bike is going well" say how a thing is, not an activity it does, and
`does ripening` is a fragment. Read over the parse and WordNet. Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.roles import is_person_like

if TYPE_CHECKING:
    from spacy.tokens import Token


def thing_doer(verb: Token) -> bool:
    """Is the subject of `verb` a common noun that names no person, animal or group of them
    ("the chillies", "the water", "the new bike")? A name or a pronoun may be anyone's."""
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subject is None or subject.pos_ != "NOUN":
        return False
    return not is_person_like(subject)
