"""Magos y Tabernas plugin of ``card_power.py``: how much each card design is worth to the seat
given it, in 2-player games between heuristic bots (docs/rules/magos-y-tabernas.md, "Card
power", has the table and the reasons for the band).

Variants, each a change to the new deal for seat 0 only, nothing created or lost (a card
taken from a hand or an obstacle pile is replaced from the top of the deck):

- ``<object> in play``: seat 0 starts with that object laid down (with its life gems);
- ``<card> in hand``: seat 0 starts with that spell or instant besides its three cards;
- ``<object> consumed``: seat 0 starts with what consuming it gives (the card discarded),
  for the designed objects consumed for 0 action points, so set against nothing;
- ``ref: ...``: references, not held to the band: one action's orb or card, the objects of
  the rulebook, whose numbers are not ours to change, and Anulador under the option that
  lets it be consumed at any moment.

    python scripts/power_magos_y_tabernas.py --games 400 --jobs 1
    python scripts/card_power.py magos-y-tabernas --games 400 --jobs 1   # the same
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from wordsvc.games.contract import State
from wordsvc.games.magos_y_tabernas import components as parts
from wordsvc.games.magos_y_tabernas import effects, table

GAME = "magos-y-tabernas"
OPTIONS: dict[str, Any] = {"players": 2}
BOT = "heuristic"
#: Seat 0's win rate with a designed card must stay within this band: the baseline (the bare
#: deal, about 0.51) less one action's worth (0.10), to the baseline plus 0.25, the worth of
#: the rulebook's own strongest objects in play (+0.22) and a little. The rules document's
#: "Card power" says why a band around the baseline alone would not do.
BAND = (0.41, 0.76)
SEAT = 0

Variant = Callable[[State], State]


def _copies(card: str) -> list[str]:
    return [f"{card}-{n}" for n in range(1, parts.CARDS[card].count + 1)]


def _refill(state: State, pile: list[str], index: int) -> None:
    """Put the deck's top card where a taken card was (a hand or an obstacle pile)."""
    pile[index] = state["deck"].pop()


def _take(state: State, card: str, own: bool = True) -> str | None:
    """A physical copy of design ``card``, taken from wherever it is (the deck first, then
    the discard pile, then the others' hands and obstacles, then, if ``own``, seat 0's), its
    place refilled from the deck so that no pile changes size but the deck; None when every
    copy is where ``own`` forbids."""
    copies = _copies(card)
    for pile in (state["deck"], state["discard"]):
        for copy in copies:
            if copy in pile:
                pile.remove(copy)
                return copy
    seats = [s for s in range(len(state["players"])) if s != SEAT] + ([SEAT] if own else [])
    for seat in seats:
        me = table.player(state, seat)
        for pile in (me["hand"], me["obstacles"]):
            for copy in copies:
                if copy in pile:
                    _refill(state, pile, pile.index(copy))
                    return copy
    return None


def in_play(card: str, seat: int = SEAT) -> Variant:
    """Seat 0 (or ``seat``) starts with ``card`` laid down, with its life gems from the supply."""

    def change(state: State) -> State:
        copy = _take(state, card)
        assert copy is not None, "a new deal leaves every card in a pile"
        life = parts.CARDS[card].life_gems or 0
        state["supply"]["life_gems"] -= life
        table.player(state, seat)["objects"].append({"card": copy, "life": life})
        return state

    return change


def in_hand(card: str) -> Variant:
    """Seat 0 starts with a copy of ``card`` besides its three cards (so four: at its first
    turn's end it discards one or uses it). A seat 0 already holding every copy outside
    its own hand is left as dealt: it has the card."""

    def change(state: State) -> State:
        copy = _take(state, card, own=False)
        if copy is not None:
            table.player(state, SEAT)["hand"].append(copy)
        return state

    return change


def consumed(card: str) -> Variant:
    """Seat 0 starts with what consuming ``card`` gives; the card is in the discard pile."""

    def change(state: State) -> State:
        copy = _take(state, card)
        assert copy is not None, "a new deal leaves every card in a pile"
        state["discard"].append(copy)
        item = {"id": 0, "seat": SEAT, "kind": "consume", "card": copy, "effect": copy}
        effects.run(state, item, parts.CARDS[card], [])
        return state

    return change


def plus(what: str) -> Variant:
    """One action's worth for seat 0: an orb from the supply, or the deck's top card."""

    def change(state: State) -> State:
        if what == "orbs":
            table.gain(state, SEAT, "orbs", 1, [])
        else:
            table.draw(state, SEAT, [])
        return state

    return change


#: Objects whose consumption is a variant of its own: the designed ones consumed for 0 action
#: points, so that what the consumption gives is set against nothing (one consumed with the
#: point, Cofre de Orbes, would be set against the action's orb; Amuleto's shield at the start
#: is worth nothing).
CONSUMED = tuple(
    c.id
    for c in parts.CARDS.values()
    if c.source == "designed" and c.consume_cost == 0 and {s.op for s in c.effect} != {"protect"}
)


def variants() -> dict[str, Variant]:
    """Each designed object in play (and consumed, where that means something), each
    designed spell and instant in hand; the rulebook's objects in play and one action's orb
    or card as references."""
    found: dict[str, Variant] = {"ref: +1 orb": plus("orbs"), "ref: +1 card": plus("card")}
    for card in parts.CARDS.values():
        prefix = "" if card.source == "designed" else "ref: "
        if card.is_object:
            found[f"{prefix}{card.id} in play"] = in_play(card.id)
        elif card.source == "designed":
            found[f"{card.id} in hand"] = in_hand(card.id)
        if card.id in CONSUMED:
            found[f"{card.id} consumed"] = consumed(card.id)
    found["ref: anulador in play, consume cost 0"] = _anulador_free(in_play("anulador"))
    return found


def _anulador_free(change: Variant) -> Variant:
    """``change`` in a game played with the option ``anulador_consume_cost: 0`` (for every
    seat: a reference for the option, not a card)."""

    def free(state: State) -> State:
        state["options"]["anulador_consume_cost"] = 0
        return change(state)

    return free


#: The variants shown for comparison but not held to the band.
REFERENCES = frozenset(name for name in variants() if name.startswith("ref: "))


def main(argv: list[str] | None = None) -> int:
    """Run ``card_power.py`` for this game."""
    import card_power

    return card_power.main([GAME, *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
