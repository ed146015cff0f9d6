"""Rulebook scenarios, every magic card and character, and every refusal code."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.helpers import (
    Box,
    assert_refused,
    assert_sound_action,
    checked_playout,
    odd_actions,
)
from tests.games.words_of_magic.box import BOX
from tests.games.words_of_magic.conftest import WordList
from wordsvc.games.contract import RuleError
from wordsvc.games.words_of_magic import engine as engine_module
from wordsvc.games.words_of_magic.engine import WordsOfMagic
from wordsvc.rules.words_of_magic import components as parts

#: The engine's package and the rules it shares with the solver (every RuleError code in
#: either must be raised by a test here).
ENGINE_DIRS = (
    Path(engine_module.__file__).resolve().parent,
    Path(parts.__file__).resolve().parent,
)


#: The Familiar's layout the tests name positions by (a table's own is drawn at the deal).
LAYOUT = ["discard-deck", "length", "discard-hand"]


def new_table(words=(), players=3, **options):
    game = WordsOfMagic(WordList(*words))
    options = {
        "players": players,
        "characters": False,
        "first_player": 0,
        "familiar_properties": LAYOUT,
        **options,
    }
    return game, game.new(options, 1)


def take(state: dict, spec: str) -> list[str]:
    """Card ids for a spec like "к о т * revival", taken out of wherever they lie."""
    ids = []
    for name in spec.split():
        for card in parts.CATALOGUE.values():
            if card.id in ids:
                continue
            if (
                (name == "*" and card.kind == "joker")
                or (card.kind == "letter" and card.letter == name)
                or card.magic == name
            ):
                ids.append(card.id)
                break
        else:
            raise AssertionError(f"no card {name}")
    for player in state["players"]:
        for pile in ("hand", "deck", "discard"):
            player[pile] = [c for c in player[pile] if c not in ids]
    for colour, deck in state["balance"].items():
        state["balance"][colour] = [c for c in deck if c not in ids]
    return ids


def letters(ids: list[str]) -> list[dict]:
    return [{"source": "letter_card", "card": c} for c in ids]


def test_nastyas_turn_with_revival():
    """Rulebook "Example of a player's turn": 3 players; 6 letter cards and Revival; she
    restores a token, forms a 5-letter word; each neighbour takes one yellow card; she has 1
    card left and must draw up to 7, but her deck has only 4 cards: she takes them all."""
    game, state = new_table(["котик"])
    nastya = state["players"][0]
    hand = take(state, "к о т и к м revival")
    nastya["hand"], nastya["deck"] = hand, take(state, "а б в г")
    nastya["tokens"], nastya["used_tokens"] = 2, 1
    neighbour_decks = [len(state["players"][s]["deck"]) for s in (1, 2)]
    state, _ = game.apply(state, 0, {"type": "play_magic", "card": hand[-1]})
    assert (state["players"][0]["tokens"], state["players"][0]["used_tokens"]) == (3, 0)
    state, _events = game.apply(
        state, 0, {"type": "form_word", "word": "котик", "slots": letters(hand[:5])}
    )
    nastya = state["players"][0]
    assert len(nastya["discard"]) == 6  # Revival and the 5 letter cards
    assert len(nastya["hand"]) == 1 + 4
    assert nastya["deck"] == []
    for seat, before in zip((1, 2), neighbour_decks, strict=True):
        top = state["players"][seat]["deck"][0]
        assert parts.CATALOGUE[top].colour == "yellow"
        assert len(state["players"][seat]["deck"]) == before + 1
    assert state["end"] == {"seat": 0, "reason": "deck_empty", "turn": 1}
    assert state["active"] == 1  # the round goes on


def test_end_of_game_example_sasha_wins_on_tokens():
    game, state = new_table(players=3)
    for player, (hand, deck, tokens) in zip(
        state["players"], [(6, 4, 0), (9, 3, 3), (5, 5, 1)], strict=True
    ):
        cards = player["hand"] + player["deck"]
        player["hand"], player["deck"] = cards[:hand], cards[hand : hand + deck]
        player["tokens"], player["used_tokens"] = tokens, 3 - tokens
    state["phase"] = "over"
    result = game.result(state)
    assert result.scores == [10, 12, 10]
    assert result.winners == [2]
    assert result.places == [2, 3, 1]


def test_the_plus_minus_one_example():
    """A 5-letter word with the Familiar card under ±1, counted as 4: each neighbour takes a
    green card instead of a yellow one, and the player draws up to 8 instead of 7."""
    game, state = new_table(["книга"], mode="magic")
    state["familiar"] = {"letters": ["о", "и", "е"], "figure": 0}
    player = state["players"][0]
    player["hand"] = take(state, "к н г а")
    slots = [*letters(player["hand"][:2]), {"source": "familiar", "position": 1}]
    slots += letters(player["hand"][2:])
    state, _ = game.apply(
        state, 0, {"type": "form_word", "word": "книга", "slots": slots, "property": "length-"}
    )
    for seat in (1, 2):
        assert parts.CATALOGUE[state["players"][seat]["deck"][0]].colour == "green"
    assert len(state["players"][0]["hand"]) == 8
    assert state["familiar"]["figure"] == 1


def test_the_elf_example():
    """Sasha, the Elf, forms ПРИБУТОК and has 2 magic cards left: he draws up to 5 + 2."""
    game, state = new_table(["прибуток"], mode="magic", balance_order="dealt")
    sasha = state["players"][0]
    sasha["character"] = "elf"
    sasha["hand"] = take(state, "п р и б у т о к revival extra-portion")
    state, _ = game.apply(
        state, 0, {"type": "form_word", "word": "прибуток", "slots": letters(sasha["hand"][:8])}
    )
    # Extra Portion could still be played, so the magic window is open before the draw.
    assert state["word_formed"] == {"word": "прибуток", "draw_up_to": 5}
    assert [a["type"] for a in game.legal_actions(state, 0)] == ["play_magic", "end_turn"]
    state, _ = game.apply(state, 0, {"type": "end_turn"})
    assert len(state["players"][0]["hand"]) == 5  # the codex's must
    assert state["phase"] == "elf_draw"  # and the Elf's "may" (Interpretations)
    assert game.legal_actions(state, 0) == [{"type": "elf_draw", "count": n} for n in range(3)]
    state, _ = game.apply(state, 0, {"type": "elf_draw", "count": 2})
    assert len(state["players"][0]["hand"]) == 7
    assert state["active"] == 1


def test_the_elfs_extra_draw_is_hers_to_choose_none_included():
    """Interpretation: the Elf *may* draw up to the codex plus her magic cards. With a 2-card
    deck she no longer has to draw both, which would empty it and end the game."""
    game, state = new_table(["прибуток"], mode="magic", balance_order="dealt")
    elf = state["players"][0]
    elf["character"] = "elf"
    elf["hand"] = take(state, "п р и б у т о к revival revival а б в")
    elf["deck"] = elf["deck"][:2]
    word = {"type": "form_word", "word": "прибуток", "slots": letters(elf["hand"][:8])}
    state, _ = game.apply(state, 0, word)  # 5 cards left, 2 of them magic: up to 5 + 2
    assert state["phase"] == "elf_draw"
    assert state["pending"] == {"most": 2}
    assert_refused(game, state, 0, {"type": "elf_draw", "count": 3}, "invalid_count")
    assert_refused(game, state, 0, {"type": "elf_draw", "count": True}, "invalid_count")
    assert_refused(game, state, 1, {"type": "elf_draw", "count": 0}, "not_your_turn")
    kept, _ = game.apply(state, 0, {"type": "elf_draw", "count": 0})
    assert (len(kept["players"][0]["hand"]), len(kept["players"][0]["deck"])) == (5, 2)
    assert kept["end"] is None
    assert kept["active"] == 1
    emptied, _ = game.apply(state, 0, {"type": "elf_draw", "count": 2})
    assert emptied["players"][0]["deck"] == []
    assert emptied["end"]["reason"] == "deck_empty"


def test_revival_after_the_word_wins_back_the_token_it_used():
    """ "Whichever action you choose on your turn, you may also play any number of your magic
    cards": after a word, before the draw step, Revival restores the token the word used."""
    game, state = new_table(["кіт"], mode="magic")
    player = state["players"][0]
    k, i, x, revival = player["hand"] = take(state, "к і ф revival")
    slots = [*letters([k, i]), {"source": "token", "card": x, "letter": "т"}]
    state, _ = game.apply(state, 0, {"type": "form_word", "word": "кіт", "slots": slots})
    assert (state["players"][0]["tokens"], state["active"]) == (2, 0)
    assert_refused(game, state, 0, {"type": "pass"}, "word_already_formed")
    assert_refused(
        game, state, 0, {"type": "form_word", "word": "кіт", "slots": []}, "word_already_formed"
    )
    state, events = game.apply(state, 0, {"type": "play_magic", "card": revival})
    # Nothing else could be played: the window closed and the draw step ran (up to 9).
    assert state["players"][0]["tokens"] == 3
    assert len(state["players"][0]["hand"]) == 9
    assert [e.type for e in events][-2:] == ["cards_taken", "turn_started"]
    assert state["active"] == 1


def test_magic_cards_are_played_only_for_an_effect():
    """One rule for every magic card: it must change something (docs, Interpretations)."""
    game, state = new_table(mode="magic")
    player = state["players"][0]
    revival, renewal, fate, portion, a = player["hand"] = take(
        state, "revival renewal-of-strength search-for-fate extra-portion а"
    )
    play = {"type": "play_magic"}
    assert_refused(game, state, 0, {**play, "card": revival}, "magic_without_effect")
    assert_refused(game, state, 0, {**play, "card": renewal, "cards": []}, "magic_without_effect")
    assert_refused(game, state, 0, {**play, "card": fate, "cards": [a]}, "malformed_action")
    legal = game.legal_actions(state, 0)
    assert {"type": "play_magic", "card": renewal, "needs": ["cards"]} in legal
    assert {"type": "play_magic", "card": revival} not in legal
    state["players"][0]["deck"] = []
    for card in (renewal, fate, portion):
        action = {**play, "card": card, **({"cards": [a]} if card == renewal else {})}
        assert_refused(game, state, 0, action, "magic_without_effect")
    assert [a["type"] for a in game.legal_actions(state, 0)] == ["pass", "form_word"]


def test_end_turn_needs_a_word_and_a_pass_ends_the_turn_at_once():
    game, state = new_table(mode="magic")
    assert_refused(game, state, 0, {"type": "end_turn"}, "no_word_formed")
    state, _ = game.apply(state, 0, {"type": "pass"})
    assert state["active"] == 1


def test_nastyas_morozyvo_layout_is_accepted():
    game, state = new_table(["морозиво"])
    state["familiar"] = {"letters": ["а", "о", "и"], "figure": 2}
    nastya = state["players"][0]
    zh, z, y, m, o, ye, joker = nastya["hand"] = take(state, "ж з и м о є *")
    slots = [
        {"source": "letter_card", "card": m},
        {"source": "letter_card", "card": o},
        {"source": "token", "card": zh, "letter": "р"},
        {"source": "familiar", "position": 1},
        {"source": "letter_card", "card": z},
        {"source": "letter_card", "card": y},
        {"source": "joker_card", "card": joker, "letter": "в"},
        {"source": "token", "card": ye, "letter": "о"},
    ]
    state, events = game.apply(state, 0, {"type": "form_word", "word": "МОРОЗИВО", "slots": slots})
    assert state["players"][0]["tokens"] == 1
    assert state["familiar"]["figure"] == 1
    formed = next(e for e in events if e.type == "word_formed")
    assert formed.data["length"] == 8
    assert formed.data["tokens"] == 2


def test_renewal_search_for_fate_extra_portion_and_the_mage():
    game, state = new_table(mode="magic")
    player = state["players"][0]
    player["character"] = "mage"
    renewal, fate, portion, a, b = take(
        state, "renewal-of-strength search-for-fate extra-portion а б"
    )
    player["hand"] = [renewal, fate, portion, a, b]
    deck_top = player["deck"][:6]
    state, _ = game.apply(state, 0, {"type": "play_magic", "card": renewal, "cards": [a]})
    player = state["players"][0]
    assert player["deck"][-1] == a
    assert player["hand"][-1] == deck_top[0]
    assert state["phase"] == "mage_repeat"
    state, _ = game.apply(state, 0, {"type": "decline"})
    state, _ = game.apply(state, 0, {"type": "play_magic", "card": portion})
    assert state["players"][0]["hand"][-2:] == deck_top[1:3]
    state, _ = game.apply(state, 0, {"type": "repeat_magic"})  # the Mage takes 2 more
    assert state["players"][0]["hand"][-2:] == deck_top[3:5]
    state, _ = game.apply(state, 0, {"type": "play_magic", "card": fate})
    assert state["phase"] == "choose_fate"
    revealed = state["pending"]["cards"]
    state, _ = game.apply(state, 0, {"type": "choose_card", "card": revealed[1]})
    assert revealed[1] in state["players"][0]["hand"]
    assert state["players"][0]["deck"][-2:] == [revealed[0], revealed[2]]
    assert state["phase"] == "mage_repeat"


def test_search_for_fate_is_seen_by_its_player_who_orders_the_rest_under_the_deck():
    """Interpretations: the searching player alone sees the 3 cards (the one taken joins the
    open hand); the other two go under the deck in the order the player chooses."""
    game, state = new_table(mode="magic")
    player = state["players"][0]
    fate, _letter = player["hand"] = take(state, "search-for-fate а")
    top = player["deck"][:3]
    state, events = game.apply(state, 0, {"type": "play_magic", "card": fate})
    shown = [(e.type, e.audience, e.data) for e in events if "cards" in e.type or "fate" in e.type]
    assert shown == [
        ("cards_revealed", (0,), {"seat": 0, "cards": top}),
        ("fate_searched", None, {"seat": 0, "count": 3}),
    ]
    assert [c["id"] for c in game.view(state, 0)["pending"]["cards"]] == top
    for other in (1, None):
        assert game.view(state, other)["pending"] == {"cards": None, "count": 3}
    legal = game.legal_actions(state, 0)
    assert len(legal) == 3 * 2  # a card, and an order for the other two
    assert {"type": "choose_card", "card": top[0], "under": [top[2], top[1]]} in legal
    assert_refused(
        game, state, 0, {"type": "choose_card", "card": top[0], "under": [top[1]]}, "invalid_order"
    )
    assert_refused(
        game,
        state,
        0,
        {"type": "choose_card", "card": top[0], "under": [top[0], top[1]]},
        "invalid_order",
    )
    after, events = game.apply(
        state, 0, {"type": "choose_card", "card": top[0], "under": [top[2], top[1]]}
    )
    assert after["players"][0]["deck"][-2:] == [top[2], top[1]]
    assert top[0] in after["players"][0]["hand"]
    under = next(e for e in events if e.type == "fate_under_deck")
    assert (under.audience, under.data["cards"]) == ((0,), [top[2], top[1]])


def test_dragon_druid_witch_gnome_and_librarian():
    game, state = new_table(["кіт"], mode="magic")
    druid, dragon, gnome = state["players"]
    druid["character"], dragon["character"], gnome["character"] = "druid", "dragon", "gnome"
    # The Druid uses the occupied Familiar card; the figure stays where it is.
    state["familiar"] = {"letters": ["о", "і", "е"], "figure": 1}
    druid["hand"] = take(state, "к т")
    slots = [
        {"source": "letter_card", "card": druid["hand"][0]},
        {"source": "familiar", "position": 1},
        {"source": "letter_card", "card": druid["hand"][1]},
    ]
    state, _ = game.apply(state, 0, {"type": "form_word", "word": "кіт", "slots": slots})
    assert state["familiar"]["figure"] == 1
    # The Gnome may take a card when another player passes.
    state, _ = game.apply(state, 1, {"type": "pass"})
    assert state["phase"] == "gnome"
    assert game.to_act(state) == [2]
    hand = len(state["players"][2]["hand"])
    state, _ = game.apply(state, 2, {"type": "gnome_take"})
    assert len(state["players"][2]["hand"]) == hand + 1
    assert state["active"] == 2


def test_a_dragon_never_takes_red_and_short_decks_deal_from_the_left():
    game, state = new_table(["кошеня"], players=3, balance_order="dealt")
    player = state["players"][0]
    player["hand"] = take(state, "к о ш е н я")
    state["balance"]["red"] = state["balance"]["red"][:2]
    dragon_state = {**state, "players": [dict(p) for p in state["players"]]}
    dragon_state["players"][2]["character"] = "dragon"
    action = {"type": "form_word", "word": "кошеня", "slots": letters(player["hand"])}
    after, _ = game.apply(dragon_state, 0, action)
    assert parts.CATALOGUE[after["players"][1]["deck"][0]].colour == "red"
    assert parts.CATALOGUE[after["players"][2]["deck"][0]].colour is None  # the Dragon
    assert len(after["balance"]["red"]) == 1
    state["balance"]["red"] = state["balance"]["red"][:1]
    red = state["balance"]["red"][0]
    after, _ = game.apply(state, 0, action)
    assert after["players"][1]["deck"][0] == red  # the left neighbour takes the last red
    assert parts.CATALOGUE[after["players"][2]["deck"][0]].colour is None
    assert after["end"]["reason"] == "red_deck_empty"


def test_neighbours_order_several_cards_and_two_players_take_them_once():
    game, state = new_table(["котики"] * 1 + ["кошенята"], players=2)
    player = state["players"][0]
    player["hand"] = take(state, "к о ш е н я т а")
    state, _ = game.apply(
        state, 0, {"type": "form_word", "word": "кошенята", "slots": letters(player["hand"])}
    )
    assert state["phase"] == "order_balance"
    assert game.to_act(state) == [1]
    assert game.view(state, 1)["players"][1]["held"] == ["yellow", "red"]
    state, _ = game.apply(state, 1, {"type": "order_balance", "order": ["red", "yellow"]})
    deck = state["players"][1]["deck"]
    assert [parts.CATALOGUE[c].colour for c in deck[:2]] == ["red", "yellow"]
    assert all(parts.CATALOGUE[c].colour is None for c in deck[2:])  # once, not twice


def test_the_witch_and_the_librarian():
    game, state = new_table(["кіт"], players=3)
    witch = state["players"][0]
    witch["character"] = "witch"
    witch["hand"] = take(state, "к і т")
    hands = [len(p["hand"]) for p in state["players"]]
    state, _ = game.apply(
        state,
        0,
        {"type": "form_word", "word": "кіт", "slots": letters(witch["hand"]), "witch": True},
    )
    for seat in (1, 2):
        assert len(state["players"][seat]["hand"]) == hands[seat] + 1
        assert parts.CATALOGUE[state["players"][seat]["hand"][-1]].colour == "yellow"
    state["players"][1]["character"] = "librarian"
    card = state["players"][1]["hand"][0]
    state, _ = game.apply(state, 1, {"type": "pass", "under_deck": card})
    assert state["players"][1]["deck"][-1] == card


def test_familiar_properties_discard_from_deck_and_hand():
    game, state = new_table(["кіт", "кет"], mode="magic")
    state["familiar"] = {"letters": ["і", "о", "е"], "figure": 1}
    player = state["players"][0]
    player["hand"] = take(state, "к т ф")
    top = player["deck"][0]
    slots = [
        {"source": "letter_card", "card": player["hand"][0]},
        {"source": "familiar", "position": 0},
        {"source": "letter_card", "card": player["hand"][1]},
    ]
    state, events = game.apply(
        state, 0, {"type": "form_word", "word": "кіт", "slots": slots, "property": "discard-deck"}
    )
    assert top in state["players"][0]["discard"]
    # Interpretation: the card goes "face up", so everyone sees it go (as a word's cards do);
    # the discard pile itself stays its owner's to review.
    told = [(e.audience, e.data) for e in events if e.type == "deck_top_discarded"]
    assert told == [(None, {"seat": 0, "card": top})]
    assert game.view(state, 1)["players"][0]["discard"] is None
    assert game.view(state, 1)["players"][0]["discard_top"]["id"] == top  # face up on top


REFUSALS = {
    "malformed_action": {"type": 5},
    "invalid_action": {"type": "choose_card", "card": "d0-00"},
    "unknown_card": {"type": "play_magic", "card": "nothing"},
    "card_not_in_hand": {"type": "play_magic", "card": "d1-00"},
    "invalid_word": {"type": "form_word", "word": "k1t", "slots": []},
    "word_too_short": {"type": "form_word", "word": "ок", "slots": []},
    "layout_mismatch": {"type": "form_word", "word": "кіт", "slots": []},
}


@pytest.mark.parametrize(("code", "action"), REFUSALS.items())
def test_simple_refusals(code, action):
    game, state = new_table(["кіт"])
    assert_refused(game, state, 0, action, code)


def test_every_refusal_code_is_raised_by_a_test():
    """Each RuleError code in the engine's source appears in these tests' expectations."""
    source = "".join(
        p.read_text(encoding="utf-8") for d in ENGINE_DIRS for p in sorted(d.glob("*.py"))
    )
    codes = set(re.findall(r'RuleError\(\s*"([a-z_]+)"', source))
    codes.add("invalid_options")  # options.py raises it through _fail()
    tested = Path(__file__).read_text(encoding="utf-8")
    missing = sorted(c for c in codes if f'"{c}"' not in tested)
    assert not missing, f"no test raises {missing}"


def test_layout_refusals():
    game, state = new_table(["кіт", "кот"], mode="classic")
    state["familiar"] = {"letters": ["і", "о", "е"], "figure": 1}
    k, i, t, star = state["players"][0]["hand"] = take(state, "к і т *")
    state["players"][0]["tokens"] = 0

    def word(slots, text="кіт", **extra):
        return {"type": "form_word", "word": text, "slots": slots, **extra}

    def card(c, letter=None):
        return {"source": "letter_card", "card": c, **({"letter": letter} if letter else {})}

    def familiar(position):
        return {"source": "familiar", "position": position}

    def joker(c, letter=None):
        return {"source": "joker_card", "card": c, **({"letter": letter} if letter else {})}

    cases = [
        ("not_your_turn", 1, {"type": "pass"}),
        ("letter_mismatch", 0, word([card(k), card(i), card(t, "х")])),
        ("card_used_twice", 0, word([card(k), card(i), card(k)])),
        ("card_letter_mismatch", 0, word([card(k), card(t), card(i)])),
        ("not_a_joker_card", 0, word([card(k), joker(i), card(t)])),
        ("unknown_familiar_card", 0, word([card(k), familiar(9), card(t)])),
        ("familiar_card_occupied", 0, word([card(k), familiar(1), card(t)], "кот")),
        ("not_enough_tokens", 0, word([card(k), {"source": "token", "card": star}, card(t)])),
        ("word_not_allowed", 0, word([card(k), joker(star, "и"), card(t)], "кит")),
        ("not_your_ability", 0, word([card(k), card(i), card(t)], witch=True)),
        ("no_magic", 0, word([card(k), card(i), card(t)], property="discard-deck")),
        ("malformed_action", 0, word([1, 2, 3])),
        ("one_familiar_card", 0, word([familiar(0), familiar(0), card(t)], "ііт")),
    ]
    for code, seat, action in cases:
        assert_refused(game, state, seat, action, code)


def test_property_refusals():
    game, state = new_table(["кіт", "кет"], mode="magic")
    state["familiar"] = {"letters": ["і", "о", "е"], "figure": 1}
    k, t, x = state["players"][0]["hand"] = take(state, "к т ф")
    with_i = [
        {"source": "letter_card", "card": k},
        {"source": "familiar", "position": 0},
        {"source": "letter_card", "card": t},
    ]
    with_e = [with_i[0], {"source": "familiar", "position": 2}, with_i[2]]

    def word(slots, text="кіт", **extra):
        return {"type": "form_word", "word": text, "slots": slots, **extra}

    assert_refused(game, state, 0, word(with_i, property="mystery"), "unknown_property")
    assert_refused(game, state, 0, word(with_i, property=["length"]), "unknown_property")
    assert_refused(game, state, 0, word(with_i, witch="yes"), "malformed_action")
    assert_refused(
        game,
        state,
        0,
        word(
            letters([k, t, x])[:0]
            + with_i[:1]
            + [{"source": "token", "card": x, "letter": "і"}]
            + with_i[2:],
            property="discard-deck",
        ),
        "property_needs_familiar",
    )
    assert_refused(game, state, 0, word(with_i, property="length-"), "wrong_property")
    assert_refused(game, state, 0, word(with_e, "кет", property="discard-hand"), "missing_discard")
    # a hand card named to discard, but another property (or none) chosen: refused, never
    # silently kept in hand (issue 40)
    for other in ("length-", None):
        assert_refused(
            game, state, 0, word(with_i, property=other, discard=x), "discard_without_property"
        )
    state["options"]["familiar_properties"] = ["length", "discard-deck", "discard-hand"]
    assert_refused(game, state, 0, word(with_i, property="length-"), "length_too_short")


def test_magic_and_window_refusals():
    game, state = new_table(mode="magic", characters=True)
    assert_refused(
        game, state, 0, {"type": "choose_character", "character": "nobody"}, "character_not_offered"
    )
    for seat in range(3):
        offered = state["players"][seat]["offered"][0]
        state, _ = game.apply(state, seat, {"type": "choose_character", "character": offered})
    player = state["players"][0]
    revival, letter = player["hand"][:2] = take(state, "revival к")
    player["hand"] = [revival, letter]
    assert_refused(game, state, 0, {"type": "play_magic", "card": letter}, "not_a_magic_card")
    assert_refused(game, state, 0, {"type": "play_magic", "card": revival}, "magic_without_effect")
    fate = take(state, "search-for-fate")[0]
    state["players"][0]["hand"].append(fate)
    state["players"][0]["character"] = "amazon"
    state, _ = game.apply(state, 0, {"type": "play_magic", "card": fate})
    assert_refused(game, state, 0, {"type": "choose_card", "card": "d3-00"}, "card_not_revealed")


def test_order_refusal_and_game_over():
    game, state = new_table(["кошенята"], players=2)
    state["players"][0]["hand"] = take(state, "к о ш е н я т а")
    state, _ = game.apply(
        state,
        0,
        {"type": "form_word", "word": "кошенята", "slots": letters(state["players"][0]["hand"])},
    )
    assert_refused(game, state, 1, {"type": "order_balance", "order": ["red"]}, "invalid_order")
    assert_refused(game, state, 1, {"type": "order_balance", "order": [{}, "red"]}, "invalid_order")
    state["phase"] = "over"
    assert_refused(game, state, 0, {"type": "pass"}, "game_over")


@pytest.mark.parametrize(
    "options",
    [
        {"players": 5},
        {"mode": "wild"},
        {"colour": 1},
        {"house_words": ["k1t"]},
        {"familiar_properties": ["length"]},
        {"characters_left_out": ["cat"]},
        {"characters": True, "players": 4, "characters_left_out": ["amazon"]},
    ],
)
def test_bad_options_are_refused(options):
    game = WordsOfMagic(WordList())
    with pytest.raises(RuleError) as error:
        game.new(options, 1)
    assert error.value.code == "invalid_options"


def test_house_words_count_and_the_schema_lists_defaults():
    game, state = new_table([], house_words=["Гикач"])
    assert state["options"]["house_words"] == ["гикач"]
    schema = game.options_schema()
    assert schema["properties"]["mode"]["default"] == "magic"


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 40)
    | st.text(max_size=8)
    | st.sampled_from(["d0-00", "g-01", "red", "length-", "letter_card", "familiar"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
ACTION_TYPES = [
    "pass",
    "form_word",
    "play_magic",
    "choose_character",
    "order_balance",
    "choose_card",
    "repeat_magic",
    "decline",
    "gnome_take",
    7,
]
FIELDS = [
    "word",
    "slots",
    "property",
    "discard",
    "witch",
    "card",
    "cards",
    "order",
    "character",
    "under_deck",
]


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from(ACTION_TYPES),
    fields=st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=4),
    slots=st.lists(
        st.dictionaries(
            st.sampled_from(["source", "card", "letter", "position"]), json_values, max_size=4
        ),
        max_size=4,
    ),
    seat=st.integers(-1, 3),
)
def test_malformed_actions_are_refused_with_a_rule_error(kind, fields, slots, seat):
    """Whatever JSON a client sends, the engine answers with a RuleError or applies it."""
    game, state = new_table(["кіт"], mode="magic")
    action = {"type": kind, **fields}
    if kind == "form_word" and "slots" not in fields:
        action["slots"] = slots
    assert_sound_action(Box(game, BOX.components, BOX.fill), state, seat, action, random.Random(0))


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4]),
    mode=st.sampled_from(["magic", "classic"]),
    characters=st.booleans(),
    balance_order=st.sampled_from(["choose", "dealt"]),
    odd=odd_actions(ACTION_TYPES, FIELDS, json_values),
)
def test_random_playouts_keep_the_contract_at_every_step(
    seed, players, mode, characters, balance_order, odd
):
    """The shared property harness: cards and tokens conserved, every listed action (a word
    laid out at random) accepted, refusals harmless, only the seats to act act, nothing
    leaked; these odd actions too."""
    options = {
        "players": players,
        "mode": mode,
        "characters": characters,
        "balance_order": balance_order,
    }
    checked_playout(BOX, options, seed, odd=odd, steps=150)


def test_the_amazons_parkan():
    """Rulebook, the Amazon: Sasha has К Р П А Н and forms the 6-letter ПАРКАН with all his
    cards and the Amazon's А; he discards the 5 letter cards, and the word counts 6."""
    game, state = new_table(["паркан"], mode="classic", balance_order="dealt")
    sasha = state["players"][0]
    sasha["character"] = "amazon"
    k, r, p, a, n = sasha["hand"] = take(state, "к р п а н")
    slots = [*letters([p, a, r, k]), {"source": "amazon"}, *letters([n])]
    state, events = game.apply(state, 0, {"type": "form_word", "word": "ПАРКАН", "slots": slots})
    formed = next(e for e in events if e.type == "word_formed")
    assert (formed.data["length"], formed.data["counted"]) == (6, 6)
    assert state["players"][0]["discard"] == [p, a, r, k, n]
    for seat in (1, 2):  # a 6-letter word: one red card for each neighbour
        assert parts.CATALOGUE[state["players"][seat]["deck"][0]].colour == "red"
    assert len(state["players"][0]["hand"]) == 6  # drawn up to 6


def test_the_apostrophe_is_free_and_not_a_letter():
    """Rulebook: «М'ЯСО» needs only М, Я, С, О; the apostrophe is always at hand and does not
    count, so the word is 4 letters long. Any apostrophe a player types is read the same."""
    game, state = new_table(["м'ясо"], mode="classic")
    m, ya, s, o = state["players"][0]["hand"] = take(state, "м я с о")
    for typed in ("м’ясо", "МʼЯСО", "м'ясо"):
        after, events = game.apply(
            state, 0, {"type": "form_word", "word": typed, "slots": letters([m, ya, s, o])}
        )
        formed = next(e for e in events if e.type == "word_formed")
        assert (formed.data["word"], formed.data["length"]) == ("м'ясо", 4)
        assert parts.CATALOGUE[after["players"][1]["deck"][0]].colour == "green"
    assert_refused(
        game,
        state,
        0,
        {"type": "form_word", "word": "м'ясо", "slots": letters([m, ya, s, o, o])},
        "layout_mismatch",
    )


def test_characters_are_chosen_blind_and_shown_once_all_have_chosen():
    """Interpretation: a seat still choosing does not see what the others chose."""
    game, state = new_table(players=3, characters=True)
    first = state["players"][0]["offered"][0]
    state, events = game.apply(state, 0, {"type": "choose_character", "character": first})
    assert game.view(state, 0)["players"][0]["character"] == first
    for viewer in (1, 2, None):
        assert game.view(state, viewer)["players"][0]["character"] is None
    told = [(e.type, e.audience, e.data) for e in events if "chose" in e.type]
    assert told == [
        ("character_chosen", (0,), {"seat": 0, "character": first}),
        ("seat_chose_character", None, {"seat": 0}),
    ]
    for seat in (1, 2):
        offered = state["players"][seat]["offered"][1]
        state, events = game.apply(state, seat, {"type": "choose_character", "character": offered})
    chosen = [p["character"] for p in state["players"]]
    assert next(e for e in events if e.type == "characters_revealed").data == {"characters": chosen}
    for viewer in (0, 1, 2, None):
        assert [p["character"] for p in game.view(state, viewer)["players"]] == chosen


def test_the_witchs_curse_is_kept_when_no_yellow_card_is_left_to_give():
    """Interpretation: the once-per-game curse is refused, not spent, when the yellow deck is
    empty once the word's own Balance of Power cards are dealt."""
    game, state = new_table(["котик"], players=3)
    witch = state["players"][0]
    witch["character"] = "witch"
    witch["hand"] = take(state, "к о т и к")
    curse = {"type": "form_word", "word": "котик", "slots": letters(witch["hand"]), "witch": True}
    yellow = list(state["balance"]["yellow"])
    state["balance"]["yellow"] = yellow[:2]  # a 5-letter word: one yellow card per neighbour
    assert_refused(game, state, 0, curse, "curse_without_effect")
    after, _ = game.apply(state, 0, {**curse, "witch": False})
    assert after["players"][0]["witch_used"] is False
    state["balance"]["yellow"] = yellow[:3]  # one left for the curse: seat 1 takes it
    after, events = game.apply(state, 0, curse)
    assert after["players"][0]["witch_used"] is True
    assert [e.data["seat"] for e in events if e.type == "witch_card"] == [1]
