"""Steps shared by the Words of Magic handlers: moving cards, ending turns and the game."""

from __future__ import annotations

from collections.abc import Sequence

from wordsvc.games import contract
from wordsvc.games.contract import Event, Seat, State
from wordsvc.games.words_of_magic import components as parts


def card_in_hand(player: dict, card: object, field: str = "card") -> str:
    return contract.card_in_hand(player, card, parts.CATALOGUE, field)


def neighbours(state: State, seat: Seat) -> list[Seat]:
    """Left then right; one neighbour in a two-player game (or the same one twice)."""
    n = len(state["players"])
    left, right = (seat + 1) % n, (seat - 1) % n
    if n == 2:
        return [left, left] if state["options"]["two_player_deals_twice"] else [left]
    return [left, right]


def trigger_end(state: State, events: list[Event], seat: Seat, reason: str) -> None:
    if state["end"] is None:
        state["end"] = {"seat": seat, "reason": reason, "turn": state["turn"]}
        events.append(Event("end_triggered", {"seat": seat, "reason": reason}))


def take_from_deck(
    state: State, seat: Seat, count: int, events: list[Event], why: str
) -> list[str]:
    """Move up to ``count`` cards from the top of the deck into the hand; the player taking
    the last card triggers the end."""
    player = state["players"][seat]
    taken = player["deck"][:count]
    del player["deck"][: len(taken)]
    player["hand"] += taken
    if taken:
        # Hands are open, so the cards taken are public.
        events.append(Event("cards_taken", {"seat": seat, "cards": taken, "why": why}))
        if not player["deck"]:
            trigger_end(state, events, seat, "deck_empty")
    return taken


def finish_turn(state: State, events: list[Event]) -> None:
    """Close the turn, open the neighbours' ordering window if needed, else start the next."""
    orders = state["pending"].get("orders")
    if orders:
        state["phase"] = "order_balance"
        state["pending"] = {"seats": orders}
        return
    next_turn(state, events)


def next_turn(state: State, events: list[Event]) -> None:
    player = state["players"][state["active"]]
    player["turns"] += 1
    following = (state["active"] + 1) % len(state["players"])
    state["pending"] = {}
    if state["end"] is not None and following == state["first"]:
        state["phase"] = "over"
        events.append(Event("game_over", {"turns": player["turns"]}))
        return
    state["active"] = following
    state["turn"] += 1
    state["phase"] = "turn"
    events.append(Event("turn_started", {"seat": following, "turn": state["turn"]}))


def place_balance(state: State, seat: Seat, order: Sequence[str]) -> None:
    """Put the seat's held Balance of Power cards on top of its deck, colours top first."""
    player = state["players"][seat]
    held = player.pop("held", [])
    placed = []
    for colour in order:
        card = next(c for c in held if parts.CATALOGUE[c].colour == colour and c not in placed)
        placed.append(card)
    player["deck"][:0] = placed
