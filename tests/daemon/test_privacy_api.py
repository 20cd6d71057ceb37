"""Rule 8 on a real daemon: a person's token reads what is theirs and what is shared, never
another person's remarks, and cannot become someone else by saying "I'm X"."""

from __future__ import annotations

from typing import Any


def _token(daemon: Any, name: str) -> str:
    with daemon.client() as c:
        return str(c.post("/v1/tokens", json={"name": name}).json()["token"])


def _ids(answer: dict[str, Any]) -> set[str]:
    return {v["claim"]["id"] if "claim" in v else v["id"] for v in answer["claims"]}


def test_a_person_reads_their_own_remarks_and_shared_ones_only(daemon: Any) -> None:
    ana, bob = _token(daemon, "Ana"), _token(daemon, "Bob")
    birthday = daemon.say("My birthday is May 3", token=ana)["claims"][0]
    assert birthday["subject"] == "person:ana"
    aspirin = daemon.say("Aspirin treats headache", token=ana)["claims"][0]
    shared = daemon.say("Ibuprofen treats fever")["claims"][0]  # the owner, no speaker
    assert shared["provenance"] == "interaction:unknown"

    with daemon.client(ana) as c:
        mine = c.get("/v1/facts", params={"subject": "Ana"}).json()
        assert birthday["id"] in _ids(mine) and "May 3" in mine["text"]
    with daemon.client(bob) as c:
        theirs = c.get("/v1/facts", params={"subject": "Ana"}).json()
        assert birthday["id"] not in _ids(theirs) and "May 3" not in theirs["text"]
        by_id = c.get("/v1/facts", params={"subject": "person:ana"}).json()
        assert not by_id["known"]
        claims = c.get("/v1/claims", params={"subject": "Ana"}).json()
        assert claims["claims"] == []
        # What MAX holds about the world is shared, whoever said it.
        told = c.get("/v1/claims", params={"subject": "aspirin"}).json()["claims"]
        assert [x["id"] for x in told] == [aspirin["id"]]
        fever = c.get("/v1/claims", params={"subject": "ibuprofen"}).json()
        assert [x["id"] for x in fever["claims"]] == [shared["id"]]
        hidden = c.get(f"/v1/claims/{birthday['id']}/why")
        assert hidden.status_code == 404
        why = c.get("/v1/why", params={"q": "Ana"}).json()
        assert "May 3" not in why["text"]
    # In conversation too: Bob asking about Ana's birthday hears nothing of it.
    asked = daemon.say("When is Ana's birthday?", token=bob)
    assert "May 3" not in asked["reply"] and birthday["id"] not in {
        c["id"] for c in asked["claims"]
    }
    own = daemon.say("When is my birthday?", token=ana)
    assert "May 3" in own["reply"]
    # The owner and the service token read everything.
    for token in ("owner", "service"):
        with daemon.client(token) as c:
            everything = c.get("/v1/facts", params={"subject": "Ana"}).json()
            assert birthday["id"] in _ids(everything)
            assert aspirin["id"] in {
                x["id"] for x in c.get("/v1/claims", params={"subject": "aspirin"}).json()["claims"]
            }


def test_saying_im_someone_else_does_not_make_you_them(daemon: Any) -> None:
    eve, fay = _token(daemon, "Eve"), _token(daemon, "Fay")
    assert fay
    spoof = daemon.say("I'm Fay", token=eve)
    assert spoof["person_id"] == "person:eve" and "Eve" in spoof["reply"]
    after = daemon.say("My birthday is June 9", token=eve)["claims"][0]
    assert after["subject"] == "person:eve"
    assert after["provenance"] == "interaction:person:eve"
    # Her own name is fine.
    assert daemon.say("I'm Eve", token=eve)["person_id"] == "person:eve"


def test_a_remark_about_someone_is_theirs_and_the_tellers_only(daemon: Any) -> None:
    gus, hal, ivy = (_token(daemon, n) for n in ("Gus", "Hal", "Ivy"))
    said = daemon.say("Hal's birthday is April 1", token=gus)["claims"][0]
    assert said["subject"] == "person:hal"
    for token, sees in ((gus, True), (hal, True), (ivy, False)):
        with daemon.client(token) as c:
            found = c.get("/v1/claims", params={"subject": "person:hal"}).json()["claims"]
            assert (said["id"] in {x["id"] for x in found}) is sees
