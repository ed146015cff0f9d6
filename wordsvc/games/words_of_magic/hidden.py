"""What a Words of Magic seat cannot see, for the search bot (wordsvc.games.search): hands
are open, so only the decks' order and contents, the discard piles under their top cards
(another player's, unless ``open_discards``), the Balance of Power cards taken face down
and the Balance of Power decks, drawn afresh from the cards the view leaves unaccounted for;
and a quick score of a game under way, by the cards each player still has to shed.

A player's own cards never leave their deck, hand or discard pile; a Balance of Power card
goes from its deck to a player's held cards, then onto that player's deck. So each player's
unseen cards of their own are dealt back to them, and the Balance of Power cards not in a
deck or held fill what is left of their piles.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import cast

from wordsvc.games import rng as random_
from wordsvc.games.contract import Action, BotError, Seat, State
from wordsvc.games.search import take_last
from wordsvc.games.words_of_magic import components as parts
from wordsvc.games.words_of_magic.state import (
    Pending,
    Player,
    WordsOfMagicState,
    plain,
    typed,
)
from wordsvc.games.words_of_magic.view import CardFace, PlayerView, typed_view

#: How many cards of lead make a game under way worth about three quarters of a win: a
#: word sheds two to five cards, so two cards are about half a turn.
LEAD_SCALE = 3.0
#: A joker token left, in cards: it stands in for a letter in a later word.
TOKEN_WORTH = 0.5
#: ... and at the end, where tokens only break a tie of cards.
TOKEN_TIE_BREAK = 0.1


def _ids(faces: Sequence[CardFace] | None) -> list[str]:
    return [face["id"] for face in faces or ()]


class WordsOfMagicHidden:
    """:class:`wordsvc.games.search.Hidden` for Words of Magic."""

    def determinise(self, view: Mapping[str, object], seat: Seat, rng: random.Random) -> State:
        v = typed_view(view)
        if v["phase"] == "choose_character":
            raise BotError("Characters are chosen blind: the search deals no game before.")
        opts = v["options"]
        seen: set[str] = set()
        for player in v["players"]:
            seen.update(_ids(player["hand"]))
            seen.update(_ids(player["discard"]))
            if player["discard_top"] is not None:
                seen.add(player["discard_top"]["id"])
        fate = _ids(v["pending"].get("cards"))
        seen.update(fate)
        # The Balance of Power cards: their decks and the held cards by colour; the rest are
        # somewhere in the players' decks and hidden discards.
        by_colour: dict[str, list[str]] = {}
        balance: dict[str, list[str]] = {}
        for colour, cards in parts.BALANCE_CARDS.items():
            by_colour[colour] = [c for c in cards if c not in seen]
            rng.shuffle(by_colour[colour])
            balance[colour] = take_last(by_colour[colour], v["balance"].get(colour, 0))
        held = [[by_colour[colour].pop() for colour in player["held"]] for player in v["players"]]
        loose = [c for cards in by_colour.values() for c in cards]
        rng.shuffle(loose)
        players: list[Player] = []
        for s, player in enumerate(v["players"]):
            own = [
                c
                for c in parts.player_deck(s, with_magic=opts["mode"] == "magic")
                if parts.CATALOGUE[c].magic not in opts["magic_left_out"] and c not in seen
            ]
            searching = v["phase"] == "choose_fate" and s == v["active"] and not fate
            fate_unseen = int(v["pending"].get("count", 0)) if searching else 0
            shown = _shown_discard(player)
            hidden_discard = player["discard_size"] - len(shown)
            room = player["deck_size"] + hidden_discard + fate_unseen
            if len(own) > room:
                raise BotError(f"The view leaves {len(own)} cards of seat {s} for {room} places.")
            pool = own + take_last(loose, room - len(own))
            rng.shuffle(pool)
            under = take_last(pool, hidden_discard)
            fate += take_last(pool, fate_unseen)
            players.append(_player(player, pool, under + shown, held[s]))
        if loose:
            raise BotError(f"The view leaves {len(loose)} Balance of Power cards unplaced.")
        pending = cast(Pending, {k: val for k, val in v["pending"].items() if k != "count"})
        if "cards" in v["pending"]:
            pending["cards"] = fate
        state: WordsOfMagicState = {
            "game": v["game"],
            "options": opts,
            "rng": random_.new_rng(rng.getrandbits(63)),
            "players": players,
            "balance": balance,
            "familiar": {
                "letters": list(v["familiar"]["letters"]),
                "figure": v["familiar"]["figure"],
            },
            "first": v["first"],
            "active": v["active"],
            "turn": v["turn"],
            "phase": v["phase"],
            "pending": pending,
            "word_formed": None if v["word_formed"] is None else v["word_formed"].copy(),
            "end": None if v["end"] is None else v["end"].copy(),
            "over": v["phase"] == "over",
        }
        return plain(state)

    def evaluate(self, state: State) -> Sequence[float]:
        """Half a win, plus or minus half the tanh of the lead in cards still to shed (hand
        and deck, as the end counts them, less the tokens left) over the best of the others,
        in :data:`LEAD_SCALE` s; also at the end, where a token only breaks a tie."""
        game = typed(state)
        token = TOKEN_TIE_BREAK if game["phase"] == "over" else TOKEN_WORTH
        totals = [len(p["hand"]) + len(p["deck"]) - token * p["tokens"] for p in game["players"]]
        return [
            0.5
            + 0.5
            * math.tanh((min(t for i, t in enumerate(totals) if i != seat) - total) / LEAD_SCALE)
            for seat, total in enumerate(totals)
        ]

    def complete(self, state: State, seat: Seat, action: Action, rng: random.Random) -> Action:
        raise BotError("The Words of Magic search lists its own actions at the root.")


def _shown_discard(player: PlayerView) -> list[str]:
    """The discard pile as far as the view shows it: all of it, or its top card."""
    if player["discard"] is not None:
        return _ids(player["discard"])
    return [] if player["discard_top"] is None else [player["discard_top"]["id"]]


def _player(player: PlayerView, deck: list[str], discard: list[str], held: list[str]) -> Player:
    return {
        "hand": _ids(player["hand"]),
        "deck": deck,
        "discard": discard,
        "held": held,
        "tokens": player["tokens"],
        "used_tokens": player["used_tokens"],
        "character": player["character"],
        "offered": list(player["offered"] or []),
        "witch_used": player["witch_used"],
        "turns": player["turns"],
        "words": list(player["words"]),
    }
