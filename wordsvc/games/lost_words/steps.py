"""Steps shared by the Lost Words moves: finding cards, the two piles, turns and the win."""

from __future__ import annotations

from wordsvc.games import contract
from wordsvc.games import rng as random_
from wordsvc.games.contract import Action, Event, RuleError, Seat
from wordsvc.games.lost_words import components as parts
from wordsvc.games.lost_words.state import LostWordsState, Player, Slot

HAND = parts.HAND


# --- reading an action ----------------------------------------------------------------------


def need(action: Action, field: str) -> object:
    """The field's value; a missing one is ``malformed_action`` naming the field (never the
    type of a missing value)."""
    value = action.get(field)
    if value is None:
        raise RuleError(
            "malformed_action",
            f"A {action['type']!r} action needs `{field}`.",
            {"missing": field},
        )
    return value


def in_hand(player: Player, card: object, field: str = "card") -> str:
    """``card`` if it is a card id in the player's hand (``unknown_card``, ``card_not_in_hand``)."""
    return contract.card_in_hand(player, card, parts.CATALOGUE, field)


def slot_of(
    player: Player,
    nature: object,
    seat: Seat,
    field: str = "nature",
    code: str = "not_your_nature_card",
) -> Slot:
    """The seat's slot (nature card, spell, wall) holding nature card ``nature``, or ``code``
    (``no_such_pair`` when it is another player's) naming the field."""
    for slot in player["nature"]:
        if slot["card"] == nature:
            return slot
    shown = repr(nature) if isinstance(nature, str) else "of that id"
    raise RuleError(
        code,
        f"Seat {seat} has no nature card {shown} (`{field}`).",
        {field: nature if isinstance(nature, str) else None},
    )


def protected(slot: Slot) -> bool:
    """A Wall, or the Wild as its spell, protects a pair."""
    return slot["wall"] is not None or (
        slot["spell"] is not None and parts.action_name(slot["spell"]) == "wild"
    )


def singles(player: Player) -> list[Slot]:
    """The player's nature cards without a spell."""
    return [slot for slot in player["nature"] if slot["spell"] is None]


# --- the two piles --------------------------------------------------------------------------


def reshuffle(state: LostWordsState, events: list[Event]) -> None:
    """The discard pile, turned over and shuffled, becomes the new draw pile."""
    state["draw"] = state["discard"]
    state["discard"] = []
    random_.shuffle(state["rng"], state["draw"])
    events.append(Event("reshuffled", {"cards": len(state["draw"])}))


def settle_piles(state: LostWordsState, events: list[Event]) -> None:
    """After every move that takes a card: a draw pile that ran out is refilled from the
    discard pile at once ("runs out before anyone has won"), and the discard pile shows a
    face-up card ("at any time"), turned over from the draw pile. A discard pile of one card
    is left as it is rather than turned over and straight back."""
    if not state["draw"] and len(state["discard"]) > 1:
        reshuffle(state, events)
    if not state["discard"] and state["draw"]:
        card = state["draw"].pop(0)
        state["discard"].append(card)
        events.append(Event("discard_started", {"card": card}))


def draw(state: LostWordsState, seat: Seat, events: list[Event], why: str) -> str | None:
    """The top card of the draw pile into the seat's hand, then the piles settled; None, with
    an event, when there is nothing to draw. A discard pile of one card is never reshuffled
    into the draw: turned over, it would be turned straight back up as the new discard pile
    ("at any time"), so taking it would take a card from the discard pile, which step 1
    forbids for an action card (Interpretations, "The lone face-up card")."""
    if not state["draw"] and len(state["discard"]) > 1:
        reshuffle(state, events)
    if not state["draw"]:
        events.append(Event("nothing_to_draw", {"seat": seat}))
        return None
    card: str = state["draw"].pop(0)
    state["players"][seat]["hand"].append(card)
    events.append(Event("drew", {"seat": seat, "from": "pile", "why": why}))
    events.append(Event("drew_card", {"seat": seat, "card": card}, audience=(seat,)))
    settle_piles(state, events)
    return card


def refill(state: LostWordsState, seat: Seat, events: list[Event], why: str) -> None:
    """Draw until the seat holds three cards (or nothing is left to draw)."""
    while len(state["players"][seat]["hand"]) < HAND and draw(state, seat, events, why):
        pass


def discard(state: LostWordsState, card: str) -> None:
    """A card face up on top of the discard pile."""
    state["discard"].append(card)


# --- turns ----------------------------------------------------------------------------------


def start_turn(state: LostWordsState, seat: Seat, events: list[Event]) -> None:
    """The seat's turn, or the next one's when a failed Heron makes it skip (once)."""
    count = len(state["players"])
    for _ in range(count + 1):
        player = state["players"][seat]
        if not player["skip"]:
            break
        player["skip"] = False
        events.append(Event("turn_skipped", {"seat": seat}))
        seat = (seat + 1) % count
    settle_piles(state, events)
    state["active"] = seat
    state["turn"] += 1
    state["phase"] = "draw"
    state["pending"] = {}
    state["this_turn"] = {"actions_left": 1, "acted": 0, "skylark": False, "last_heron": None}
    events.append(Event("turn_started", {"seat": seat, "turn": state["turn"]}))


def end_turn(state: LostWordsState, seat: Seat, events: list[Event]) -> None:
    player = state["players"][seat]
    player["turns"] += 1
    if state["this_turn"]["last_heron"] == "failure":
        player["skip"] = True  # once, however many Herons failed
        events.append(Event("will_skip", {"seat": seat}))
    start_turn(state, (seat + 1) % len(state["players"]), events)


def check_win(state: LostWordsState, events: list[Event], first: Seat) -> bool:
    """A seat with a spell on every nature card wins; ``first`` (the mover) is asked first."""
    count = len(state["players"])
    for step in range(count):
        seat = (first + step) % count
        if all(slot["spell"] for slot in state["players"][seat]["nature"]):
            state["winner"] = seat
            state["phase"] = "over"
            events.append(Event("won", {"seat": seat}))
            return True
    return False


def need_action_left(state: LostWordsState) -> None:
    """Refused with ``no_action_left`` once the turn's action (and the Skylark's) is used."""
    if state["this_turn"]["actions_left"] <= 0:
        raise RuleError(
            "no_action_left", "You have performed your action (the Skylark gives one more)."
        )


def use_action(state: LostWordsState) -> None:
    turn = state["this_turn"]
    turn["actions_left"] -= 1
    turn["acted"] += 1
