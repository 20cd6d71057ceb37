"""Plain renderings: claims, sources and times as the sentences MAX says, with no IO.

Every number and label MAX states comes from here, so the language model's phrasing can be
checked against it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from resident.language.phrases import VERB_PREDICATES
from resident.language.statement import KIN
from resident.language.words import words
from resident.records import Claim

_VERB_HEADS = words("render_verb_heads")


def fmt_time(when: datetime) -> str:
    """A time as MAX says it: minutes, UTC."""
    return when.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def local_day(moment: datetime, now: datetime) -> datetime:
    """`moment` in the asker's own time zone (that of `now`): a day said in Pune or Oban is
    stored as its local midnight, which in UTC is the evening before, and "yesterday" must
    not come back as the day before it."""
    if moment.tzinfo is None or now.tzinfo is None:
        return moment
    return moment.astimezone(now.tzinfo)


def fmt_confidence(confidence: float) -> str:
    return f"{confidence:.2f}"


def label_of(entity_id: str, labels: Mapping[str, str]) -> str:
    """An entity's label, or its id's local part when the graph has no label for it."""
    return labels.get(entity_id) or entity_id.partition(":")[2] or entity_id


def reads_as_verb(predicate: str) -> bool:
    """Whether a claim reads "subject predicate object" ("aspirin treats headache", "X has
    phenotype Y") rather than as an attribute ("Ana's birthday is 3 May")."""
    if predicate in VERB_PREDICATES:
        return True
    head = predicate.split("_", 1)[0]
    return head in _VERB_HEADS or (
        len(head) > 3 and head.endswith("s") and not head.endswith(("ss", "us", "is"))
    )


#: Relations read "Lena is Ana's sister" (the reader's `<noun>_of` edges): the reader's kin
#: words, and a pet.
_RELATIVE_OF = KIN | {"pet"}


def sentence(subject: str, predicate: str, obj: str) -> str:
    """One claim as a clause, without a capital or a full stop."""
    relation = predicate.removesuffix("_of")
    # "lab_partner_of" (kin_nouns): the relation with the word said before its noun.
    if relation != predicate and relation.split("_")[-1] in _RELATIVE_OF:
        owner = f"{obj}'" if obj.endswith("s") else f"{obj}'s"
        return f"{subject} is {owner} {relation.replace('_', ' ')}"
    if predicate.startswith("not_") and len(predicate) > 4:
        # Negation is a polarity kept on the predicate ("not_likes").
        rest = predicate[4:]
        if rest == "is_a":
            article = "an" if obj[:1].lower() in "aeiou" else "a"
            return f"{subject} is not {article} {obj}"
        if reads_as_verb(rest):
            head, _, tail = rest.partition("_")
            verb = _base(head)
            words = " ".join(w for w in (verb, tail.replace("_", " "), obj) if w)
            return f"{subject} does not {words}"
        return f"{possessive(subject)} {rest.replace('_', ' ')} is not {obj}"
    if predicate in ("is_a", "works_as"):
        # "Sam is a nurse"; an occupation said so is what Sam works as ("works as a nurse").
        article = "an" if obj[:1].lower() in "aeiou" else "a"
        verb = "is" if predicate == "is_a" else "works as"
        return f"{subject} {verb} {article} {obj}"
    if reads_as_verb(predicate):
        return f"{subject} {predicate.replace('_', ' ')} {obj}"
    return f"{possessive(subject)} {predicate.replace('_', ' ')} is {obj}"


def _base(verb: str) -> str:
    irregular = {"has": "have", "does": "do", "goes": "go", "is": "be"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("shes", "ches", "xes", "oes", "sses")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def claim_sentence(claim: Claim, labels: Mapping[str, str]) -> str:
    obj = (
        label_of(claim.object_entity, labels)
        if claim.object_entity is not None
        else str(claim.object_literal)
    )
    return sentence(label_of(claim.subject, labels), claim.predicate, obj)


def source_phrase(provenance: str, labels: Mapping[str, str]) -> str:
    """Where a claim came from, in words, with the provenance string itself in brackets."""
    prefix, _, rest = provenance.partition(":")
    if prefix == "interaction":
        who = "someone I did not know" if rest in ("", "unknown") else label_of(rest, labels)
        gloss = f"{who} told me"
    elif prefix == "user_correction":
        gloss = (
            f"a correction {label_of(rest, labels)} gave me" if rest else "a correction I was given"
        )
    elif prefix == "ingest":
        dataset, _, version = rest.partition("@")
        gloss = f"the {dataset} dataset" + (f", version {version}" if version else "")
    elif prefix == "literature":
        gloss = "the literature"
    elif prefix == "observation":
        gloss = "my own observation"
    elif prefix == "peer":
        gloss = f"another model ({rest})" if rest else "another model"
    elif prefix == "inference":
        gloss = "my own inference"
    else:
        gloss = "an unknown source"
    return f"{gloss} ({provenance})"


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def claim_line(claim: Claim, labels: Mapping[str, str]) -> str:
    """A claim with everything MAX owes about it: rung, confidence, source, when learned."""
    level = claim.level.value
    article = "an" if level[:1] in "aeiou" else "a"
    return (
        f"{capitalised(claim_sentence(claim, labels))}: {article} {level} at confidence "
        f"{fmt_confidence(claim.confidence)}; source: "
        f"{source_phrase(claim.provenance, labels)}; learned {fmt_time(claim.created_at)}."
    )


def listing(claims: Sequence[Claim], labels: Mapping[str, str], limit: int) -> str:
    """Claims one per line, strongest first, saying how many were left out."""
    ranked = sorted(claims, key=lambda c: (-c.confidence, c.created_at, c.id))
    lines = [claim_line(c, labels) for c in ranked[:limit]]
    if len(ranked) > limit:
        lines.append(f"({len(ranked) - limit} more not listed.)")
    return "\n".join(lines)


def possessive(name: str) -> str:
    """ "Ines' neighbour", "Bob's birthday": a name as its owner is said."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
