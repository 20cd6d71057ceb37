"""What a turn says in passing is stored (issue 21, the storing side): a relation said by an
apposition or the copula between a person and a relative's noun with its owner, each pet of a
coordination, the number beside a clause, and the subject the text means. Each case is a
mechanism over the parse, checked on phrasings of our own."""

from __future__ import annotations

from typing import Any

import pytest

from resident.language.pipeline import installed_trained_pipeline, load_pipeline
from resident.language.reading import read
from resident.language.statement import Context

pytestmark = pytest.mark.skipif(
    installed_trained_pipeline() is None, reason="the statement reader needs a trained pipeline"
)


@pytest.fixture(scope="module")
def nlp() -> Any:
    return load_pipeline("auto")


def _who(ref: Any) -> str:
    return "" if ref is None else ref.name or ref.role


def _read_all(nlp: Any, *texts: str) -> set[tuple[str, str, str]]:
    ctx = Context()
    out: set[tuple[str, str, str]] = set()
    for text in texts:
        statements, _ = read(nlp(text), ctx, reparse=nlp)
        ctx.turn += 1
        out |= {
            (_who(st.subject), st.stored_predicate, st.object or _who(st.object_ref))
            for st in statements
        }
    return out


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        # The relative's noun in apposition to the name.
        (("This is Piotr, my husband.",), ("Piotr", "husband_of", "speaker")),
        (("Marta, my cousin, is visiting.",), ("Marta", "cousin_of", "speaker")),
        # Noun and name the parser hung on the verb side by side.
        (("Our grandson Yaw lives with us.",), ("Yaw", "grandson_of", "speaker")),
        # The copula with the speaker as the relative.
        (("Ada and Ben are at school.", "I'm their mum."), ("speaker", "mum_of", "Ben")),
        (("You are my best friend.",), ("listener", "friend_of", "speaker")),
        # A plural relative's noun names each coordinated name.
        (("Meet my husband Karim and our kids Nour and Sami.",), ("Sami", "kid_of", "speaker")),
        (("These are my daughters Ines and Clara.",), ("Clara", "daughter_of", "speaker")),
    ],
)
def test_a_relation_said_in_passing_is_stored(
    nlp: Any, texts: tuple[str, ...], expected: tuple
) -> None:
    assert expected in _read_all(nlp, *texts)


def test_no_one_is_their_own_relative(nlp: Any) -> None:
    assert not any(p == "sister_of" for _, p, _ in _read_all(nlp, "I am my sister."))


@pytest.mark.parametrize(
    ("text", "names", "owner"),
    [
        ("We got a dog called Rex and a cat called Mochi.", ("Rex", "Mochi"), "speaker"),
        ("Tom adopted two cats, Salt and Pepper.", ("Salt", "Pepper"), "Tom"),
        (
            "Lina has a hamster named Biscuit and a rabbit named Clover.",
            ("Biscuit", "Clover"),
            "Lina",
        ),
    ],
)
def test_each_coordinated_pet_is_the_owners(
    nlp: Any, text: str, names: tuple[str, str], owner: str
) -> None:
    read = _read_all(nlp, text)
    for name in names:
        assert (name, "pet_of", owner) in read
        assert any(s == name and p == "is_a" for s, p, _ in read)


def test_a_thing_got_is_no_pet(nlp: Any) -> None:
    assert not any(p == "pet_of" for _, p, _ in _read_all(nlp, "I got a letter from Tom."))


def test_a_list_of_relatives_relates_each_name_once(nlp: Any) -> None:
    read = _read_all(nlp, "Hi, this is my wife Lin, my father, and our son Tao.")
    assert ("Lin", "wife_of", "speaker") in read
    assert ("Lin", "father_of", "speaker") not in read


_PETS_LISTED = (
    "im 12 and tara is 9 and we have lots of pets, a dog called Bo, two cats called Tom and Jerry"
)


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        # A lower-case name is the name, capitalised as the rest of the talk writes it.
        (("My brother is called Ciaran.", "im 12 and ciaran is 9"), ("Ciaran", "age", "9")),
        (("im 15 and niamh is 10",), ("Niamh", "age", "10")),
        # A copula says one thing: a noun of a lost clause hung on it is not the subject's.
        ((_PETS_LISTED,), ("Jerry", "pet_of", "speaker")),
    ],
)
def test_the_subject_is_who_the_text_means(
    nlp: Any, texts: tuple[str, ...], expected: tuple
) -> None:
    assert expected in _read_all(nlp, *texts)


def test_a_pet_list_gives_no_pet_to_the_copula_subject(nlp: Any) -> None:
    read = _read_all(nlp, _PETS_LISTED)
    assert not any(s == "Tara" and p == "is_a" for s, p, _ in read)


def test_an_auxiliary_is_no_part_of_a_name(nlp: Any) -> None:
    read = _read_all(nlp, "Ama got picked for the county team.", "Kwesi got chosen as captain.")
    assert not any(" got" in s for s, _, _ in read)


def _roles(nlp: Any, text: str) -> dict[str, set[tuple[str, str]]]:
    statements, _ = read(nlp(text), Context(), reparse=nlp)
    out: dict[str, set[tuple[str, str]]] = {}
    for st in statements:
        out.setdefault(st.object or _who(st.object_ref), set()).update(
            (r.role, r.text) for r in st.roles
        )
    return out


@pytest.mark.parametrize(
    ("text", "item", "quantity"),
    [
        # Each item of a list keeps its own count, not the first item's.
        ("We keep sixty sheep, a few goats and two donkeys.", "two donkeys", "two"),
        ("We keep sixty sheep, a few goats and two donkeys.", "sixty sheep", "sixty"),
        # A list the parser cut at a comma, its items hung on the verb as modifiers.
        ("We've a cottage in Wales, forty hens and a dog called Bran.", "forty hens", "forty"),
        # A count said of the pets a name is one of.
        ("we have 2 guinea pigs called salt and pepper", "Salt", "2"),
    ],
)
def test_a_count_beside_an_item_is_its_quantity(
    nlp: Any, text: str, item: str, quantity: str
) -> None:
    assert ("quantity", quantity) in _roles(nlp, text)[item]


def test_the_first_count_is_no_other_items(nlp: Any) -> None:
    roles = _roles(nlp, "We keep sixty sheep, a few goats and two donkeys.")
    assert ("quantity", "sixty") not in roles["two donkeys"]


@pytest.mark.parametrize(
    ("text", "kind", "duration"),
    [
        ("Mum was a nurse for forty-five years.", "nurse", "for forty-five years"),
        ("Bea was a ballerina for twenty-two years.", "ballerina", "for twenty-two years"),
        ("Our neighbour Alf was a lifeguard for ten years.", "lifeguard", "for ten years"),
    ],
)
def test_how_long_someone_was_something_is_kept(
    nlp: Any, text: str, kind: str, duration: str
) -> None:
    assert ("duration", duration) in _roles(nlp, text)[kind]


def test_a_dropped_comma_keeps_its_space(nlp: Any) -> None:
    assert not any("bakerynine" in o for o in _roles(nlp, "I run a bakery, nine staff."))


@pytest.mark.parametrize(
    ("texts", "expected", "wrong"),
    [
        # A relative's noun shows the sex: "she" is not the husband.
        (
            ("This is Marek, my husband, and Hania, she is ninety.",),
            ("Hania", "age", "ninety"),
            ("Marek", "age", "ninety"),
        ),
        (
            (
                "My son Tomek is at school.",
                "We went to the zoo with Tomek and Jana, she loved the tigers.",
            ),
            ("Jana", "loves", "tigers"),
            ("Tomek", "loves", "tigers"),
        ),
        # What "he" said of a name earlier is its sex from then on.
        (
            ("We have a son, Oskar.", "He is seven.", "Later she rang from Krakow."),
            ("Oskar", "age", "seven"),
            ("Oskar", "rings_from", "Krakow"),
        ),
    ],
)
def test_he_and_she_agree_with_whom_they_name(
    nlp: Any, texts: tuple[str, ...], expected: tuple, wrong: tuple
) -> None:
    read = _read_all(nlp, *texts)
    assert expected in read
    assert wrong not in read


def test_a_relatives_noun_with_its_owner_is_no_kind(nlp: Any) -> None:
    read = _read_all(nlp, "This is Ida, she is Ida's aunt.")
    assert not any(p == "is_a" for _, p, _ in read)


@pytest.mark.parametrize(
    ("texts", "expected", "wrong"),
    [
        # A relative's noun said to be called a name.
        (
            ("Lena lives in Oslo.", "Her brother is called Tomas."),
            ("Tomas", "brother_of", "Lena"),
            None,
        ),
        (("My aunt is called Greta.",), ("Greta", "aunt_of", "speaker"), None),
        # A relative clause says nothing of the name coordinated after it.
        (
            ("My two, Ola who is nine and mad about horses, and Kai who is six.",),
            ("Ola", "age", "nine"),
            ("Kai", "age", "nine"),
        ),
        # A name said before, alone, is whom the turn's "he" means.
        (
            (
                "We have a dog called Bruno.",
                "My son Kai is six.",
                "Bruno! He is fine, he is four now.",
            ),
            ("Bruno", "age", "four"),
            ("Kai", "age", "four"),
        ),
    ],
)
def test_who_a_phrase_names(
    nlp: Any, texts: tuple[str, ...], expected: tuple, wrong: tuple | None
) -> None:
    read = _read_all(nlp, *texts)
    assert expected in read
    assert wrong is None or wrong not in read


@pytest.mark.parametrize(
    "text",
    [
        "dafydd, welsh, 22, work in a bakery, hate sundays, love my car",
        "ffion, welsh, 19, study in a college, love my cat",
    ],
)
def test_words_set_off_by_commas_are_no_kind_of_subject(nlp: Any, text: str) -> None:
    assert not any(any(c.isdigit() for c in s) for s, _, _ in _read_all(nlp, text))


@pytest.mark.parametrize(
    ("text", "who"),
    [
        (
            "I'd like you to meet my wife Dana and our boys Eli and Sam.",
            ("Sam", "boy_of", "speaker"),
        ),
        ("I want you to meet my cousin Ivo.", ("Ivo", "cousin_of", "speaker")),
    ],
)
def test_an_introduction_says_who_people_are_not_a_meeting(nlp: Any, text: str, who: tuple) -> None:
    read = _read_all(nlp, text)
    assert who in read
    assert not any(s == "listener" and p.startswith("meets") for s, p, _ in read)


def test_a_meeting_said_is_still_a_meeting(nlp: Any) -> None:
    assert ("speaker", "meets_at", "climbing wall") in _read_all(
        nlp, "Felix and I met at a climbing wall."
    )
