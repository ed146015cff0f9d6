"""The magic cards (rulebook, "Magic cards"): whether one may be played now, the hand cards
Renewal of Strength names, and each card's effect. A card played from the hand
(``play_magic``) or repeated by the Mage (``repeat_magic``) is checked in full, its named
cards too, before anything moves; the effect then changes the state and cannot refuse.
"""

from __future__ import annotations

from wordsvc.games import contract
from wordsvc.games.contract import Action, Event, RuleError, Seat
from wordsvc.games.words_of_magic import components as parts
from wordsvc.games.words_of_magic.state import Player, WordsOfMagicState
from wordsvc.games.words_of_magic.table import magic_has_effect, take_from_deck

RENEWAL = "renewal-of-strength"


def without_effect(magic: str) -> RuleError:
    return RuleError(
        "magic_without_effect",
        f"{magic} would change nothing now; a magic card is played only for its effect.",
        {"magic": magic},
    )


def check_playable(player: Player, magic: str, action: Action, *, in_hand: bool) -> None:
    """What a magic card needs before the cards it names: ``cards`` for Renewal of Strength
    only, and an effect that changes something (``in_hand``: the card is still in the hand;
    a Mage's repeat has discarded it)."""
    if "cards" in action and magic != RENEWAL:
        raise RuleError("malformed_action", "Only Renewal of Strength takes `cards`.")
    if not magic_has_effect(player, magic, in_hand=in_hand):
        raise without_effect(magic)


def check_renewed(player: Player, action: Action, played: str | None) -> None:
    """The cards Renewal of Strength puts under the deck: distinct cards of the hand, at
    least one, and not the card being played (``played``; None for a repeat), which is on
    the discard pile by the time its effect applies."""
    cards = action.get("cards")
    if not isinstance(cards, list) or len(set(map(str, cards))) != len(cards):
        raise RuleError("malformed_action", "`cards` lists distinct hand cards to renew.")
    if not cards:
        raise without_effect(RENEWAL)
    left: contract.HandHolder = {"hand": [card for card in player["hand"] if card != played]}
    for card in cards:
        contract.card_in_hand(left, card, parts.CATALOGUE, "cards")


def apply(
    state: WordsOfMagicState, seat: Seat, magic: str, action: Action, events: list[Event]
) -> None:
    """The card's effect, once checked. Search for Fate opens the ``choose_fate`` window."""
    player = state["players"][seat]
    if magic == "revival":
        player["used_tokens"] -= 1
        player["tokens"] += 1
        events.append(Event("token_restored", {"seat": seat}))
    elif magic == RENEWAL:
        cards = action["cards"]
        for card in cards:
            player["hand"].remove(card)
        player["deck"] += cards
        events.append(Event("cards_under_deck", {"seat": seat, "cards": cards}))
        take_from_deck(state, seat, len(cards), events, RENEWAL)
    elif magic == "search-for-fate":
        revealed = player["deck"][:3]
        if revealed:
            del player["deck"][: len(revealed)]
            # Seen by the player searching only; the others learn how many, in an event of its
            # own (Interpretations).
            events.append(Event("cards_revealed", {"seat": seat, "cards": revealed}, (seat,)))
            events.append(Event("fate_searched", {"seat": seat, "count": len(revealed)}))
            state["phase"] = "choose_fate"
            state["pending"] = {"cards": revealed}
    elif magic == "extra-portion":
        take_from_deck(state, seat, 2, events, "extra-portion")
