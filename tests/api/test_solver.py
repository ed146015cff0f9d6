"""POST /v1/words-of-magic/solve."""

import pytest

NASTYA = {
    "cards": ["Ж", "З", "И", "М", "О", "Є", "*"],
    "tokens": 3,
    "familiar": [{"letter": "А"}, {"letter": "О"}, {"letter": "И", "available": False}],
}


def test_solve_returns_ranked_plays_and_the_pass_baseline(client):
    response = client.post("/v1/words-of-magic/solve", json={**NASTYA, "limit": 5})
    assert response.status_code == 200
    body = response.get_json()
    assert body["complete"] is True
    assert len(body["plays"]) == 5
    totals = [p["score"]["total"] for p in body["plays"]]
    assert totals == sorted(totals, reverse=True)
    best = body["plays"][0]
    assert best["kind"] == "word"
    assert best["length"] == len(best["slots"]) == 8
    assert "".join(s["letter"] for s in best["slots"]) == best["word"].replace("'", "")
    assert body["pass"]["kind"] == "pass"
    assert body["pass"]["score"]["total"] == 0
    assert body["pass"]["effects"]["drawn"] == 3
    assert body["table"]["players"] == 3


def test_morozyvo_is_laid_out_as_in_the_rulebook(client):
    body = client.post(
        "/v1/words-of-magic/solve",
        json={**NASTYA, "categories": ["noun-singular"], "limit": 100},
    ).get_json()
    plays = {p["word"]: p for p in body["plays"]}
    assert "морозиво" in plays
    morozyvo = plays["морозиво"]
    sources = [s["source"] for s in morozyvo["slots"]]
    assert morozyvo["tokens_used"] == 2
    assert sources.count("familiar") == 1
    assert sources.count("joker_card") == 1
    assert morozyvo["effects"]["balance"] == [["yellow", "red"], ["yellow", "red"]]


def test_can_i_make_this_word(client):
    body = client.post(
        "/v1/words-of-magic/solve",
        json={**NASTYA, "word": "Морозиво", "categories": ["noun-singular"]},
    ).get_json()
    (play,) = body["plays"]
    assert body["word"] == "Морозиво"
    assert play["word"] == "морозиво"
    assert play["tokens_used"] == 2
    sources = [s["source"] for s in play["slots"]]
    assert sources.count("familiar") == 1
    assert sources.count("joker_card") == 1


def test_a_house_word_is_playable_when_the_table_agreed_it(client):
    """A word no dictionary has, agreed at the table (a session's house words)."""
    asked = {**NASTYA, "cards": ["З", "О", "М", "И", "Ж", "*"], "word": "зомжи"}
    refused = client.post("/v1/words-of-magic/solve", json=asked)
    assert refused.status_code == 422
    assert refused.get_json()["code"] == "word_not_playable"
    agreed = client.post("/v1/words-of-magic/solve", json={**asked, "house_words": ["Зомжи"]})
    assert agreed.status_code == 200, agreed.get_json()
    assert agreed.get_json()["plays"][0]["word"] == "зомжи"
    not_a_word = client.post(
        "/v1/words-of-magic/solve", json={**asked, "house_words": ["зомжи", "12"]}
    )
    assert not_a_word.status_code == 422
    assert not_a_word.get_json()["code"] == "contains_digits"


def test_a_word_the_hand_cannot_make_is_a_problem_saying_what_is_missing(client):
    without_joker = {**NASTYA, "cards": ["Ж", "З", "И", "М", "О", "Є"], "word": "морозиво"}
    response = client.post("/v1/words-of-magic/solve", json=without_joker)
    assert response.status_code == 422
    problem = response.get_json()
    assert problem["code"] == "word_not_formable"
    assert sorted(problem["details"]["missing"]) == ["в", "о", "р"]
    assert problem["details"]["more_needed"] == 1
    refused = client.post(
        "/v1/words-of-magic/solve",
        json={**NASTYA, "word": "котики", "categories": ["noun-singular"]},
    ).get_json()
    assert refused["code"] == "word_not_playable"
    assert refused["details"]["categories"][0]["reason"] == "plural"


def test_pattern_and_min_length_filter_the_plays(client):
    body = client.post(
        "/v1/words-of-magic/solve",
        json={**NASTYA, "pattern": "м*о", "min_length": 5, "limit": 20},
    ).get_json()
    assert body["plays"]
    for play in body["plays"]:
        assert play["word"].startswith("м")
        assert play["word"].endswith("о")
        assert play["length"] >= 5
    assert body["steps"] > 0


def test_min_zipf_keeps_words_people_know_and_plays_say_how_common_they_are(client):
    body = client.post(
        "/v1/words-of-magic/solve", json={**NASTYA, "min_zipf": 3.5, "limit": 20}
    ).get_json()
    assert body["plays"]
    assert body["min_zipf"] == 3.5
    assert all(play["zipf"] >= 3.5 for play in body["plays"])
    assert body["pass"]["zipf"] is None


def test_the_document_lists_the_new_fields_and_codes(client):
    document = client.get("/openapi.json").get_json()
    body = document["components"]["schemas"]["SolveBody"]["properties"]
    assert {"word", "pattern", "min_length", "min_zipf", "house_words"} <= set(body)
    assert "zipf" in document["components"]["schemas"]["Play"]["properties"]
    verdict = document["components"]["schemas"]["Verdict"]["properties"]
    assert {"zipf", "commonness"} <= set(verdict)
    text = str(document["paths"]["/v1/words-of-magic/solve"]["post"]["responses"]["422"])
    assert "word_not_formable" in text
    assert "word_not_playable" in text


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"cards": ["Ж", "дракон"]}, 422, "unknown_card"),
        ({"cards": ["а"] * 61}, 400, "too_many_cards"),
        ({"cards": ["а"], "tokens": 4}, 400, "invalid_tokens"),
        ({"cards": ["а"], "limit": 101}, 400, "invalid_limit"),
        ({"cards": ["а"], "categories": ["nouns"]}, 422, "unknown_category"),
        ({"cards": ["а"], "colour": "red"}, 400, "unknown_field"),
        ({"cards": ["а"], "players": 9}, 400, "invalid_players"),
        ({"cards": "абв"}, 400, "invalid_cards"),
        ({"cards": ["а"], "tokens": True}, 400, "invalid_tokens"),
        ({"cards": ["а"], "deck": -1}, 400, "invalid_deck"),
        ({"cards": ["а"], "mode": "wild"}, 400, "invalid_mode"),
        ({"cards": ["а"], "familiar_properties": ["length"]}, 400, "invalid_familiar_properties"),
        (
            {"cards": ["а"], "familiar_properties": ["length", "length", "discard-deck"]},
            400,
            "invalid_familiar_properties",
        ),
        ({"cards": ["а"], "balance_decks": {"blue": 3}}, 400, "unknown_field"),
        ({"cards": ["а"], "two_player_deals_twice": "yes"}, 400, "invalid_two_player_deals_twice"),
        ({"cards": ["а"], "weights": {"token": 11}}, 400, "invalid_weights"),
        ({"cards": ["а"], "weights": {"luck": 1}}, 400, "unknown_field"),
        ({"cards": ["а"], "character": "wizard"}, 400, "invalid_character"),
        ({"cards": ["а"], "house_words": ["кіт"] * 1001}, 400, "too_many_house_words"),
        ({"cards": ["а"], "familiar": [{"letter": "z"}]}, 422, "invalid_familiar"),
        ({"cards": ["а"], "word": "кіт4"}, 422, "contains_digits"),
        ({"cards": ["а"], "word": ""}, 400, "invalid_word"),
        ({"cards": ["а"], "pattern": "*"}, 422, "pattern_too_broad"),
        ({"cards": ["а"], "min_length": 0}, 400, "invalid_min_length"),
        ({"cards": ["а"], "min_length": "5"}, 400, "invalid_min_length"),
        ({"cards": ["а"], "min_zipf": 9}, 400, "invalid_min_zipf"),
        ({"cards": ["а"], "min_zipf": -1}, 400, "invalid_min_zipf"),
        ({"cards": ["а"], "min_zipf": False}, 400, "invalid_min_zipf"),  # the fuzzer's find
        ({"cards": ["а"], "min_zipf": "3.5"}, 400, "invalid_min_zipf"),
    ],
)
def test_bad_requests_get_a_problem_with_a_code(client, body, status, code):
    response = client.post("/v1/words-of-magic/solve", json=body)
    assert response.status_code == status
    assert response.content_type == "application/problem+json"
    assert response.get_json()["code"] == code


def test_a_body_that_is_not_json_is_refused(client):
    response = client.post("/v1/words-of-magic/solve", data="cards=а")
    assert response.status_code == 415
