"""A pronoun names only something of its kind (issue 21, anim38): he/she never a thing said
beside a person, in its own sentence or the one before; "it" never a person; "they" never a
place. Played on a real booted resident."""

from __future__ import annotations

from resident.language.animacy import noun_kind, pronoun_fits
from resident.language.statement import Context, Ref
from tests.language.test_conversation import Max, answer_of, person


def test_he_is_not_the_thing_of_his_own_sentence(max_: Max) -> None:
    # "the Dyson" (a name with an article, which the recogniser calls a person) bakes nothing.
    imran, odile = person(max_, "Imran"), person(max_, "Odile")
    max_.say("Uncle Farid fixed the Dyson yesterday, then he baked bread.", imran)
    assert "bread" in answer_of(max_.say("What did Farid bake?", odile))
    assert answer_of(max_.say("What did the Dyson bake?", odile)) == ""


def test_he_skips_the_thing_named_last_for_the_person(max_: Max) -> None:
    # A sentence on, the last name said was the Dyson: "he" is Farid, the one fitting person.
    imran, odile = person(max_, "Imran"), person(max_, "Odile")
    max_.say("Uncle Farid fixed the Dyson on Sunday. He baked bread after.", imran)
    assert "bread" in answer_of(max_.say("What did Farid bake?", odile))
    assert answer_of(max_.say("What did the Dyson bake?", odile)) == ""


def test_the_kinds_of_nouns_come_from_wordnet() -> None:
    assert noun_kind("nephew") == "person"
    assert noun_kind("poodle") == "animal"
    assert noun_kind("tractor") == "thing"
    assert noun_kind("council") == "group"


def test_each_pronoun_agrees_with_the_kind_it_names() -> None:
    ctx = Context()
    ctx.places["glasgow"] = None
    person_ref, town = (
        Ref(role="name", name="Becky", kind="person"),
        Ref(role="name", name="Glasgow"),
    )
    assert pronoun_fits("she", person_ref, ctx) and not pronoun_fits("she", town, ctx)
    assert not pronoun_fits("it", person_ref, ctx) and pronoun_fits("it", town, ctx)
    assert pronoun_fits("they", person_ref, ctx) and not pronoun_fits("they", town, ctx)
    assert pronoun_fits("he", Ref(role="kin", noun="poodle"), ctx)
    assert not pronoun_fits("he", Ref(role="kin", noun="tractor"), ctx)
