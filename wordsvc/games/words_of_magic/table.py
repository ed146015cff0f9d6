"""The table of a Words of Magic game: its name, and the steps its moves share: cards taken
from a deck, the end triggered, the turn resumed after a window, the draw step, the next turn,
and Balance of Power cards put on a deck."""

from __future__ import annotations

from collections.abc import Sequence

from wordsvc.errors import InternalError
from wordsvc.games import contract
from wordsvc.games.contract import Event, RuleError, Seat
from wordsvc.games.words_of_magic import components as parts
from wordsvc.games.words_of_magic.state import Player, WordsOfMagicState
from wordsvc.rules.words_of_magic import codex
from wordsvc.rules.words_of_magic import turn as rules

NAME = "words-of-magic"
#: The Familiar's codex, which every word is dealt and drawn by.
CODEX = codex.load_codex()


def card_in_hand(player: Player, card: object, field: str = "card") -> str:
    return contract.card_in_hand(player, card, parts.CATALOGUE, field)


def neighbours(state: WordsOfMagicState, seat: Seat) -> list[Seat]:
    """The seats that take the codex's cards after ``seat``'s word, left first (the rule:
    :func:`wordsvc.rules.words_of_magic.codex.neighbours`)."""
    return codex.neighbours(seat, len(state["players"]), state["options"]["two_player_deals_twice"])


def no_word_yet(state: WordsOfMagicState) -> None:
    """Refused with ``word_already_formed`` once the turn's word is formed: one word per
    turn, and no pass after it (the magic window before the draw step stays open)."""
    if state["word_formed"] is not None:
        raise RuleError(
            "word_already_formed",
            "You formed a word this turn: one word per turn, and no pass after it.",
        )


def trigger_end(state: WordsOfMagicState, events: list[Event], seat: Seat, reason: str) -> None:
    if state["end"] is None:
        state["end"] = {"seat": seat, "reason": reason, "turn": state["turn"]}
        events.append(Event("end_triggered", {"seat": seat, "reason": reason}))


def take_from_deck(
    state: WordsOfMagicState, seat: Seat, count: int, events: list[Event], why: str
) -> list[str]:
    """Move up to ``count`` cards from the top of the deck into the hand; the player taking
    the last card triggers the end."""
    player = state["players"][seat]
    taken: list[str] = player["deck"][:count]
    del player["deck"][: len(taken)]
    player["hand"] += taken
    if taken:
        # Hands are open, so the cards taken are public.
        events.append(Event("cards_taken", {"seat": seat, "cards": taken, "why": why}))
        if not player["deck"]:
            trigger_end(state, events, seat, "deck_empty")
    return taken


def magic_has_effect(player: Player, magic: str, *, in_hand: bool = True) -> bool:
    """Whether ``magic`` would change something for this player now (the rule is
    :func:`wordsvc.rules.words_of_magic.turn.magic_has_effect`); ``in_hand``: the card
    itself is still in the hand (a Mage's repeat has discarded it already)."""
    return rules.magic_has_effect(
        magic,
        used_tokens=player["used_tokens"],
        other_cards=len(player["hand"]) - in_hand,
        deck=len(player["deck"]),
    )


def playable_magic(player: Player) -> list[str]:
    """The magic cards in the player's hand whose effect would change something."""
    return [
        card
        for card in player["hand"]
        if (magic := parts.CATALOGUE[card].magic) and magic_has_effect(player, magic)
    ]


def resume_turn(state: WordsOfMagicState, events: list[Event]) -> None:
    """Back to the active player's turn after a window. After a word, the magic window stays
    open while a magic card could still do something; then comes the draw step."""
    state["phase"], state["pending"] = "turn", {}
    if state["word_formed"] is not None and not playable_magic(state["players"][state["active"]]):
        draw_step(state, events)


def draw_step(state: WordsOfMagicState, events: list[Event]) -> None:
    """Rulebook "d. Draw cards": draw up to the codex number, then the next turn; the Elf may
    then draw up to as many more as the magic cards left in her hand (an ``elf_draw`` step of
    her choice, none included). No magic card may be played from here on."""
    seat = state["active"]
    player = state["players"][seat]
    magic_left = sum(1 for c in player["hand"] if parts.CATALOGUE[c].kind == "magic")
    formed = state["word_formed"]
    if formed is None:
        raise InternalError("the draw step comes after a word")
    up_to = formed["draw_up_to"]
    take_from_deck(state, seat, max(0, up_to - len(player["hand"])), events, "draw_up_to")
    most = rules.elf_may_draw(
        up_to, player["character"], magic_left, len(player["hand"]), len(player["deck"])
    )
    if most:
        state["phase"], state["pending"] = "elf_draw", {"most": most}
        return
    next_turn(state, events)


def next_turn(state: WordsOfMagicState, events: list[Event]) -> None:
    player = state["players"][state["active"]]
    player["turns"] += 1
    following = (state["active"] + 1) % len(state["players"])
    state["pending"], state["word_formed"] = {}, None
    if state["end"] is not None and following == state["first"]:
        state["phase"] = "over"
        events.append(Event("game_over", {"turns": player["turns"]}))
        return
    state["active"] = following
    state["turn"] += 1
    state["phase"] = "turn"
    events.append(Event("turn_started", {"seat": following, "turn": state["turn"]}))


def place_balance(state: WordsOfMagicState, seat: Seat, order: Sequence[str]) -> None:
    """Put the seat's held Balance of Power cards on top of its deck, colours top first."""
    player = state["players"][seat]
    held, player["held"] = player["held"], []
    placed: list[str] = []
    for colour in order:
        card = next(c for c in held if parts.CATALOGUE[c].colour == colour and c not in placed)
        placed.append(card)
    player["deck"][:0] = placed
