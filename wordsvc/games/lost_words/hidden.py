"""What a Lost Words seat cannot see, for the search bot (wordsvc.games.search): the other
hands, the draw pile, the discard pile under its top card and the boxed nature cards, drawn
afresh from the cards the view leaves unaccounted for; and a quick score of a game under
way, by the nature cards each player has paired."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from wordsvc.games import rng as random_
from wordsvc.games.contract import Action, BotError, Seat, State
from wordsvc.games.lost_words import components as parts
from wordsvc.games.lost_words.state import LostWordsState, Player, plain, typed
from wordsvc.games.lost_words.view import typed_view
from wordsvc.games.search import take_last

#: Every spell and action card, and every nature card, by id (each id is one card).
HIGH_CARDS = tuple(c for c, card in parts.CATALOGUE.items() if card.kind != "nature")
NATURE_CARDS = tuple(c for c, card in parts.CATALOGUE.items() if card.kind == "nature")
HIGH_SET = frozenset(HIGH_CARDS)


class LostWordsHidden:
    """:class:`wordsvc.games.search.Hidden` for The Lost Words."""

    def determinise(self, view: Mapping[str, object], seat: Seat, rng: random.Random) -> State:
        v = typed_view(view)
        mine = v["players"][seat]["hand"]
        if mine is None:
            raise BotError("The view shows no hand for the bot's own seat.")
        seen = {card["id"] for card in mine}
        for player in v["players"]:
            for slot in player["nature"]:
                seen |= {c for c in (slot["spell"], slot["wall"]) if c is not None}
        if v["discard_top"] is not None:
            seen.add(v["discard_top"])
        # an Acorn being played waits beside the piles until its draws are done
        seen |= {c for c in v["pending"].values() if isinstance(c, str) and c in HIGH_SET}
        unseen = [c for c in HIGH_CARDS if c not in seen]
        rng.shuffle(unseen)
        players: list[Player] = []
        for s, player in enumerate(v["players"]):
            hand = [c["id"] for c in mine] if s == seat else take_last(unseen, player["hand_size"])
            players.append(
                {
                    "nature": [
                        {"card": slot["card"], "spell": slot["spell"], "wall": slot["wall"]}
                        for slot in player["nature"]
                    ],
                    "hand": hand,
                    "skip": player["skip"],
                    "turns": player["turns"],
                }
            )
        under = take_last(unseen, max(0, v["discard_size"] - 1))
        top = [v["discard_top"]] if v["discard_top"] is not None else []
        if len(unseen) != v["draw_size"]:
            raise BotError(
                f"The view leaves {len(unseen)} cards for a draw pile of {v['draw_size']}."
            )
        on_table = {slot["card"] for p in v["players"] for slot in p["nature"]} | set(v["middle"])
        state: LostWordsState = {
            "game": v["game"],
            "options": dict(v["options"]),  # type: ignore[typeddict-item]
            "rng": random_.new_rng(rng.getrandbits(63)),
            "players": players,
            "middle": list(v["middle"]),
            "out": [c for c in NATURE_CARDS if c not in on_table],
            "draw": unseen,
            "discard": under + top,
            "active": v["active"],
            "turn": v["turn"],
            "phase": v["phase"],
            "pending": dict(v["pending"]),  # type: ignore[typeddict-item]
            "this_turn": dict(v["this_turn"]),  # type: ignore[typeddict-item]
            "winner": v["winner"],
        }
        return plain(state)

    def evaluate(self, state: State) -> Sequence[float]:
        """Half a win, plus half the lead (or minus half the gap) in the share of one's nature
        cards paired, against the best of the others."""
        shares = [
            sum(1 for slot in p["nature"] if slot["spell"]) / max(1, len(p["nature"]))
            for p in typed(state)["players"]
        ]
        return [
            0.5 + 0.5 * (share - max(s for i, s in enumerate(shares) if i != seat))
            for seat, share in enumerate(shares)
        ]

    def complete(self, state: State, seat: Seat, action: Action, rng: random.Random) -> Action:
        """A discard too long to list: its cards and their order drawn at random."""
        hand = typed(state)["players"][seat]["hand"]
        return {"type": "discard", "cards": rng.sample(hand, int(action["count"]))}
