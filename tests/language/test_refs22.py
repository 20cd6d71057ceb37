"""Who a pronoun or a kin word means (issue 21, refs22): agreement and salience by grammatical
role, a thing's name never a he/she, "his name is X" naming X, "a woman called X" as X.
Sentences written for these tests, through real turns on a real DuckDB graph."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_she_after_a_place_is_the_subject_before_it(max_: Max) -> None:
    # The island is said last, but "she" is the grandmother: the subject, a woman by her noun.
    tomas = _person(max_, "Tomas")
    turn = max_.say("My grandmother grew up on Corsica and she is 93.", tomas)
    stored = _stored(max_, turn.claims)
    assert ("Tomas's grandmother", "age", "93") in stored
    assert not any(s == "Corsica" for s, _, _ in stored)


def test_a_subject_outranks_the_relative_said_after_it(max_: Max) -> None:
    # Both are women; the one who lives with the other is whom the next sentence is about.
    tomas = _person(max_, "Tomas")
    turn = max_.say("My aunt shares a flat with my cousin Ines in Braga. She is sixty-four.", tomas)
    stored = _stored(max_, turn.claims)
    assert ("Tomas's aunt", "age", "sixty-four") in stored
    assert not any(s == "Ines" and p == "age" for s, p, _ in stored)


def test_a_subject_of_the_other_sex_leaves_the_named_object(max_: Max) -> None:
    # "he" cannot be the sister: the son called Leo keeps it.
    liam = _person(max_, "Liam")
    turn = max_.say("My sister has a son called Leo, he is four.", liam)
    stored = _stored(max_, turn.claims)
    assert ("Leo", "age", "four") in stored
    assert not any(s == "Liam's sister" and p == "age" for s, p, _ in stored)


def test_a_name_given_to_a_thing_is_no_one(max_: Max) -> None:
    # "He" after the salon's name is not the salon: nothing is stored of it.
    priya = _person(max_, "Priya")
    max_.say("We opened a bakery, it's called Crumb Street.", priya)
    turn = max_.say("He works there on Saturdays.", priya)
    assert not any(s == "Crumb Street" for s, _, _ in _stored(max_, turn.claims))


def test_his_name_is_names_the_one_the_pronoun_means(max_: Max) -> None:
    # Someone named before is not renamed, and "she" is the one just named.
    priya = _person(max_, "Priya")
    max_.say("My neighbour Gwen popped round yesterday.", priya)
    turn = max_.say("I have been dating someone, her name is Noor, she is a dentist.", priya)
    stored = _stored(max_, turn.claims)
    assert ("Noor", "works_as", "dentist") in stored
    assert not any(p == "name" for _, p, _ in stored)
    assert not any(s == "Gwen" for s, _, _ in stored)


def test_a_person_called_by_name_after_an_adjective(max_: Max) -> None:
    # "married to a guy named Theo": Theo, not "guy".
    liam = _person(max_, "Liam")
    turn = max_.say("My sister is married to a guy named Theo.", liam)
    stored = _stored(max_, turn.claims)
    assert ("Liam's sister", "married_to", "Theo") in stored
    assert not any(o == "guy" for _, _, o in stored)


def test_a_part_of_them_counts_the_thing_said_before(max_: Max) -> None:
    # "forty of them": forty scones, and the count is found by the thing's name.
    ana, oli = _person(max_, "Ana"), _person(max_, "Oli")
    turn = max_.say("Grandma showed me how to bake scones, I baked forty of them.", ana)
    assert ("Ana", "bakes", "forty scones") in _stored(max_, turn.claims)
    assert _answer(max_.say("How many scones did Ana bake?", oli)).startswith("forty")
    turn = max_.say("We grow tomatoes, this year we picked two hundred of them.", ana)
    assert ("Ana", "picks", "two hundred tomatoes") in _stored(max_, turn.claims)


def test_a_relative_by_noun_beside_a_place_the_recogniser_calls_a_person(max_: Max) -> None:
    # "she" is the mum, a woman by her noun, never the town said before her.
    claire = _person(max_, "Claire")
    turn = max_.say("I stayed in Kendal with my mum, she cooked every night.", claire)
    stored = _stored(max_, turn.claims)
    assert any(s == "Claire's mum" for s, _, _ in stored)
    assert not any(s == "Kendal" for s, _, _ in stored)
    turn = max_.say("My uncle wants to go to St Ives to surf, he is obsessed.", claire)
    assert not any(s == "St Ives" for s, _, _ in _stored(max_, turn.claims))


def test_the_kids_listed_with_the_speakers_own_are_the_speakers(max_: Max) -> None:
    # A household said without "my" before the group: the kids are still the speaker's.
    maeve = _person(max_, "Maeve")
    turn = max_.say(
        "Hi MAX, there are four of us here: me, my partner Kofi, the kids Ada and Jonah.", maeve
    )
    stored = _stored(max_, turn.claims)
    assert ("Ada", "kid_of", "Maeve") in stored
    assert ("Jonah", "kid_of", "Maeve") in stored


def test_named_members_of_a_group_the_speaker_has(max_: Max) -> None:
    # "I have the children ..., Dev is ten": Dev is one of them; a teacher's class is not.
    ravi, tess = _person(max_, "Ravi"), _person(max_, "Tess")
    turn = max_.say("I have the children at weekends, Dev is ten and Mira is seven.", ravi)
    stored = _stored(max_, turn.claims)
    assert ("Dev", "child_of", "Ravi") in stored
    assert ("Mira", "child_of", "Ravi") in stored
    turn = max_.say("I teach the kids at Hill Primary, Sol is six.", tess)
    assert not any(p.endswith("_of") for _, p, _ in _stored(max_, turn.claims))


def test_their_relative_is_no_single_name_of_an_earlier_turn(max_: Max) -> None:
    # "their mum" a turn after two brothers spoke is neither brother's, and "she" is not one.
    omar, yusuf, leila = _person(max_, "Omar"), _person(max_, "Yusuf"), _person(max_, "Leila")
    max_.say("me and Yusuf are brothers, im 16 hes 13.", omar)
    max_.say("omar has a bike and i have a scooter.", yusuf)
    turn = max_.say("Their mum works at the hospital, she is a radiographer.", leila)
    stored = _stored(max_, turn.claims)
    assert not any(s in ("Omar", "Yusuf") or s.startswith(("Omar", "Yusuf")) for s, _, _ in stored)


def test_a_subject_pronoun_outranks_a_name_said_as_an_object(max_: Max) -> None:
    # "the Tattoo" may be taken for a person; "he's obsessed" is still the dad, the subject.
    iona = _person(max_, "Iona")
    max_.say("My dad lands on Friday.", iona)
    said = "He wants to see the Tattoo, and he wants to go to Troon to play golf, he's obsessed."
    stored = _stored(max_, max_.say(said, iona).claims)
    assert ("Iona's dad", "is", "obsessed") in stored
    assert not any(s in ("Tattoo", "Troon") for s, _, _ in stored)
