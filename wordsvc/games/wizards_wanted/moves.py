"""Every move of every step, as one table built at import: the fields each takes, its check
(refuses, changes nothing), its effect, and the candidates its check filters into the legal
actions.

Steps: ``choose`` (before the first turn, with the option ``wizards: "chosen"``: each player
in turn order picks a wizard, and so its starting charm), ``place`` (the first turn: the
wizard onto a village), ``move`` (walk, speed mushroom,
taxi, teleport, then ``end_move``; an action ends the movement step by itself), ``action``
(buy dust, complete a job, visit the castle, or ``end``) and ``castle`` (the licences seen:
take one whose requirements are met, or ``leave``).

Listed actions carry their ``cost`` (``{"dust": n, "coins": n}``, negative for a gain); an
action sent with a ``cost`` is refused if the price is no longer that (``cost_changed``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from wordsvc.errors import InternalError
from wordsvc.games.contract import Action, Event, RuleError, Seat
from wordsvc.games.phases import Move, Moves, only
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted import movement, table
from wordsvc.games.wizards_wanted.board import BOARD
from wordsvc.games.wizards_wanted.state import Money, Phase, Village, WizardsWantedState
from wordsvc.games.wizards_wanted.table import player


def _free(state: WizardsWantedState, seat: Seat, action: Action) -> dict[str, int]:
    return {}


@dataclass(frozen=True, slots=True)
class PricedMove(Move[WizardsWantedState]):
    """A move whose check returns the price (``{"dust": n, "coins": n}``, empty when free):
    the legal actions carry it, and an action sent with another ``cost`` is refused."""

    def handle(
        self, state: WizardsWantedState, seat: Seat, action: Action, events: list[Event]
    ) -> None:
        cost = self.check(state, seat, action)
        if "cost" in action and not isinstance(action["cost"], dict):
            raise RuleError("malformed_action", "`cost` is an object of dust and coins.")
        if "cost" in action and action["cost"] != cost:
            raise RuleError(
                "cost_changed", "The price is not what the action says.", {"cost": cost}
            )
        self.effect(state, seat, action, events)

    def legal(self, state: WizardsWantedState, seat: Seat) -> list[Action]:
        found = []
        for action in self.candidates(state, seat):
            try:
                cost = self.check(state, seat, action)
            except RuleError:
                continue
            found.append({**action, "cost": cost} if cost else action)
        return found


def _price(**amounts: int) -> dict[str, int]:
    return {k: v for k, v in amounts.items() if v}


def _funded(
    state: WizardsWantedState, seat: Seat, what: Money, amount: int
) -> dict[str, list[str]]:
    """The ``mushrooms`` a listed action needs to afford ``amount``: none when the purse
    does, else the fewest money mushrooms, largest first."""
    me = player(state, seat)
    if amount <= me[what]:
        return {}
    kind = table.MONEY_MUSHROOM[what]
    held = sorted(
        (m for m in me["mushrooms"] if table.mushroom(m).type == kind),
        key=lambda m: (-(table.mushroom(m).value or 0), m),
    )
    used: list[str] = []
    for card in held:
        if me[what] + sum(table.mushroom(m).value or 0 for m in used) >= amount:
            break
        used.append(card)
    return {"mushrooms": used} if used else {}


def _charge(
    state: WizardsWantedState, seat: Seat, what: Money, amount: int, action: Action
) -> None:
    """Refuse a payment the wizard cannot make with its purse and the mushrooms named."""
    me = player(state, seat)
    used = table.payment_mushrooms(me, what, action.get("mushrooms"))
    if amount > 0:
        table.check_pay(me, what, amount, used)
    elif used:
        raise RuleError("malformed_action", "Nothing to pay: name no `mushrooms`.")


def _pay(state: WizardsWantedState, seat: Seat, what: Money, amount: int, action: Action) -> None:
    if amount > 0:
        table.pay(state, seat, what, amount, action.get("mushrooms") or [])


# --- choosing wizards, and the first turn ---------------------------------------------------


def _taken_charms(state: WizardsWantedState) -> set[str]:
    return {p["starting_charm"] for p in state["players"] if p["starting_charm"]}


def _choose_check(state: WizardsWantedState, seat: Seat, action: Action) -> dict[str, int]:
    charm = action.get("charm")
    if charm not in parts.STARTING_CHARMS:
        raise RuleError(
            "bad_wizard",
            "Choose a wizard by its player board's charm.",
            {"wizards": list(parts.STARTING_CHARMS)},
        )
    if charm in _taken_charms(state):
        raise RuleError("wizard_taken", "Another player has that wizard.", {"charm": charm})
    return {}


def _choose(state: WizardsWantedState, seat: Seat, action: Action, events: list[Event]) -> None:
    """The wizard and its player board; the next player in turn order chooses, and when all
    have, the first player's first turn begins."""
    player(state, seat)["starting_charm"] = action["charm"]
    events.append(Event("wizard_chosen", {"seat": seat, "charm": action["charm"]}))
    following = (seat + 1) % len(state["players"])
    if player(state, following)["starting_charm"] is None:
        state["active"] = following
    else:
        table.start_turn(state, state["first_player"], events)


def _place_check(state: WizardsWantedState, seat: Seat, action: Action) -> dict[str, int]:
    if action.get("space") not in BOARD.villages:
        raise RuleError(
            "bad_space", "On your first turn, place your wizard on one of the 8 villages."
        )
    return {}


def _place(state: WizardsWantedState, seat: Seat, action: Action, events: list[Event]) -> None:
    player(state, seat)["position"] = action["space"]
    events.append(Event("placed", {"seat": seat, "space": action["space"]}))
    state["phase"] = "move"


# --- movement --------------------------------------------------------------------------------


def _walk_check(state: WizardsWantedState, seat: Seat, action: Action) -> dict[str, int]:
    limit = parts.WALK_LIMIT - state["this_turn"]["walked"]
    path = movement.check_path(player(state, seat)["position"], action.get("path"), limit)
    cost = movement.walk_cost(state["this_turn"]["walked"], len(path))
    _charge(state, seat, "dust", cost, action)
    return _price(dust=cost)


def _walk(state: WizardsWantedState, seat: Seat, action: Action, events: list[Event]) -> None:
    me = player(state, seat)
    cost = movement.walk_cost(state["this_turn"]["walked"], len(action["path"]))
    if cost < 0:  # provisional: the cap applies when the movement step ends (Interpretations)
        me["dust"] -= cost
    _pay(state, seat, "dust", cost, action)
    state["this_turn"]["walked"] += len(action["path"])
    me["position"] = action["path"][-1]
    events.append(Event("walked", {"seat": seat, "path": list(action["path"]), "dust": -cost}))
    table.collect(state, seat, action["path"], events)


def _walk_candidates(state: WizardsWantedState, seat: Seat) -> list[Action]:
    limit = parts.WALK_LIMIT - state["this_turn"]["walked"]
    found = []
    for path in movement.walks(table.position(state, seat), limit, state["board_mushrooms"]):
        cost = movement.walk_cost(state["this_turn"]["walked"], len(path))
        found.append({"type": "walk", "path": path, **_funded(state, seat, "dust", cost)})
    return found


def _held(state: WizardsWantedState, seat: Seat, card: object, kind: str) -> parts.Mushroom:
    if not isinstance(card, str) or card not in player(state, seat)["mushrooms"]:
        raise RuleError("mushroom_not_held", "You do not hold that mushroom.", {"mushroom": card})
    found = table.mushroom(card)
    if found.type != kind:
        raise RuleError(
            "wrong_mushroom",
            f"That is a {found.type} mushroom, not a {kind} one.",
            {"mushroom": card},
        )
    return found


def _speed_check(state: WizardsWantedState, seat: Seat, action: Action) -> dict[str, int]:
    found = _held(state, seat, action.get("mushroom"), "speed")
    movement.check_path(
        player(state, seat)["position"],
        action.get("path"),
        found.value or 0,
        "This speed mushroom moves up to {limit} spaces",
    )
    return {}


def _speed(state: WizardsWantedState, seat: Seat, action: Action, events: list[Event]) -> None:
    me = player(state, seat)
    me["mushrooms"].remove(action["mushroom"])
    state["mushroom_discard"].append(action["mushroom"])
    me["position"] = action["path"][-1]
    events.append(
        Event("sped", {"seat": seat, "path": list(action["path"]), "mushroom": action["mushroom"]})
    )
    table.collect(state, seat, action["path"], events)


def _speed_candidates(state: WizardsWantedState, seat: Seat) -> list[Action]:
    me = player(state, seat)
    found = []
    for card in sorted(set(me["mushrooms"])):
        if table.mushroom(card).type != "speed":
            continue
        reach = table.mushroom(card).value or 0
        for path in movement.walks(table.position(state, seat), reach, state["board_mushrooms"]):
            found.append({"type": "speed", "mushroom": card, "path": path})
    return found


def _taxi_check(state: WizardsWantedState, seat: Seat, action: Action) -> dict[str, int]:
    if BOARD.next_taxi(table.position(state, seat)) is None:
        raise RuleError("not_at_taxi", "The Royal Bird Taxi stops only at its taxi spaces.")
    _charge(state, seat, "coins", parts.TAXI_FARE, action)
    return _price(coins=parts.TAXI_FARE)


def _taxi(state: WizardsWantedState, seat: Seat, action: Action, events: list[Event]) -> None:
    me = player(state, seat)
    _pay(state, seat, "coins", parts.TAXI_FARE, action)
    stop = BOARD.next_taxi(table.position(state, seat))
    events.append(Event("taxi", {"seat": seat, "from": me["position"], "to": stop}))
    me["position"] = stop


def _destination(state: WizardsWantedState, seat: Seat, action: Action) -> str:
    to = action.get("to")
    if to not in table.active_stones(state) or to == player(state, seat)["position"]:
        raise RuleError(
            "bad_destination",
            "Teleport to another teleport stone: a corner's, or the mountain pixie's.",
            {"stones": table.active_stones(state)},
        )
    assert isinstance(to, str)
    return to


def _teleport_check(state: WizardsWantedState, seat: Seat, action: Action) -> dict[str, int]:
    if player(state, seat)["position"] not in table.active_stones(state):
        raise RuleError(
            "not_at_stone", "Teleporting with dust starts at a teleport stone (or the pixie's)."
        )
    _destination(state, seat, action)
    _charge(state, seat, "dust", parts.TELEPORT_COST, action)
    return _price(dust=parts.TELEPORT_COST)


def _teleport(state: WizardsWantedState, seat: Seat, action: Action, events: list[Event]) -> None:
    _pay(state, seat, "dust", parts.TELEPORT_COST, action)
    events.append(Event("teleported", {"seat": seat, "to": action["to"]}))
    table.arrive(state, seat, action["to"], events)


def _teleport_candidates(state: WizardsWantedState, seat: Seat) -> list[Action]:
    return [
        {"type": "teleport", "to": s, **_funded(state, seat, "dust", parts.TELEPORT_COST)}
        for s in table.active_stones(state)
    ]


def _mushroom_teleport_check(
    state: WizardsWantedState, seat: Seat, action: Action
) -> dict[str, int]:
    _held(state, seat, action.get("mushroom"), "teleport")
    _destination(state, seat, action)
    return {}


def _mushroom_teleport(
    state: WizardsWantedState, seat: Seat, action: Action, events: list[Event]
) -> None:
    me = player(state, seat)
    me["mushrooms"].remove(action["mushroom"])
    state["mushroom_discard"].append(action["mushroom"])
    events.append(
        Event("teleported", {"seat": seat, "to": action["to"], "mushroom": action["mushroom"]})
    )
    table.arrive(state, seat, action["to"], events)


def _mushroom_teleport_candidates(state: WizardsWantedState, seat: Seat) -> list[Action]:
    cards = sorted(
        m for m in set(player(state, seat)["mushrooms"]) if table.mushroom(m).type == "teleport"
    )
    return [
        {"type": "teleport_mushroom", "mushroom": card, "to": s}
        for card in cards[:1]
        for s in table.active_stones(state)
    ]


def _end_move(state: WizardsWantedState, seat: Seat, action: Action, events: list[Event]) -> None:
    # An event of its own, so that a log shows what the move did (an action that ends the
    # movement step by itself is logged as that action).
    events.append(Event("movement_ended", {"seat": seat, "at": player(state, seat)["position"]}))
    table.end_movement(state, seat, events)


# --- actions ---------------------------------------------------------------------------------


def _market_fee(state: WizardsWantedState, seat: Seat) -> int:
    here = player(state, seat)["position"]
    if here == BOARD.marketplace:
        return 0
    if here in BOARD.merchants:
        return parts.MERCHANT_FEE
    raise RuleError(
        "not_at_market", "Dust is sold at the marketplace entrance and by the two merchants."
    )


def _buy_check(state: WizardsWantedState, seat: Seat, action: Action) -> dict[str, int]:
    fee = _market_fee(state, seat)
    toadstool = parts.TOADSTOOLS[state["forest_pixie"]]
    lots = action.get("lots")
    if type(lots) is not int or lots < 1:
        raise RuleError("malformed_action", "`lots` is how many lots of dust to buy, 1 or more.")
    if lots * toadstool.dust > toadstool.max:
        raise RuleError(
            "over_maximum",
            f"The toadstool sells at most {toadstool.max} dust at once.",
            {"max": toadstool.max, "lot": toadstool.dust},
        )
    room = _room(state, seat)
    if room == 0:
        raise RuleError(
            "dust_full", f"You hold {parts.DUST_CAP} dust already: no dust would get in."
        )
    cost = lots * toadstool.coins + fee
    _charge(state, seat, "coins", cost, action)
    return _price(coins=cost, dust=-min(lots * toadstool.dust, room))


def _room(state: WizardsWantedState, seat: Seat) -> int:
    """The dust a purchase can add before the cap (dust mushrooms do not count)."""
    room: int = max(0, parts.DUST_CAP - player(state, seat)["dust"])
    return room


def _buy(state: WizardsWantedState, seat: Seat, action: Action, events: list[Event]) -> None:
    toadstool = parts.TOADSTOOLS[state["forest_pixie"]]
    cost = action["lots"] * toadstool.coins + _market_fee(state, seat)
    _pay(state, seat, "coins", cost, action)
    got = table.gain_dust(player(state, seat), action["lots"] * toadstool.dust)
    events.append(Event("bought", {"seat": seat, "coins": cost, "dust": got}))
    table.move_forest_pixie(state, events)
    table.end_turn(state, events)


def _buy_candidates(state: WizardsWantedState, seat: Seat) -> list[Action]:
    """Purchases of 1 lot up to the toadstool's maximum, but none whose last lot would all go
    back to the supply (a larger one is accepted, and its excess returned)."""
    toadstool = parts.TOADSTOOLS[state["forest_pixie"]]
    lot = max(1, toadstool.dust)
    useful = -(-_room(state, seat) // lot)
    found = []
    for lots in range(1, min(toadstool.max // lot, useful) + 1):
        try:
            cost = lots * toadstool.coins + _market_fee(state, seat)
        except RuleError:
            return []
        found.append({"type": "buy", "lots": lots, **_funded(state, seat, "coins", cost)})
    return found


def _job_here(state: WizardsWantedState, seat: Seat) -> tuple[str, Village]:
    here = table.position(state, seat)
    slot = state["villages"].get(here)
    if slot is None or not slot["job"] or not slot["face_up"]:
        raise RuleError("no_job_here", "Jobs are done at a village with a face-up spell job.")
    return here, slot


def _face_up(slot: Village) -> str:
    """The job of a village whose job is face up (:func:`_job_here` checked it)."""
    if slot["job"] is None:
        raise InternalError("a face-up job was checked for")
    return slot["job"]


def _job_check(state: WizardsWantedState, seat: Seat, action: Action) -> dict[str, int]:
    _, slot = _job_here(state, seat)
    cost = parts.JOBS[_face_up(slot)].cost
    _charge(state, seat, "dust", cost, action)
    return _price(dust=cost)


def _job(state: WizardsWantedState, seat: Seat, action: Action, events: list[Event]) -> None:
    """Fame and coins, 1 more of each per matching charm per icon, the coins on the card;
    the card is kept; the village is refilled."""
    village, slot = _job_here(state, seat)
    job = parts.JOBS[_face_up(slot)]
    me = player(state, seat)
    _pay(state, seat, "dust", job.cost, action)
    pays = table.job_pays(job, slot["coins"], me)
    table.add_fame(me, "jobs", job.fame)
    table.add_fame(me, "charm_bonus", pays.bonus)
    me["coins"] += pays.coins
    me["jobs"].append(job.id)
    events.append(
        Event(
            "job_done",
            {"seat": seat, "job": job.id, "village": village, "fame": pays.fame,
             "coins": pays.coins},
        )
    )  # fmt: skip
    table.refill(state, village, events)
    table.end_turn(state, events)


def _job_candidates(state: WizardsWantedState, seat: Seat) -> list[Action]:
    slot = state["villages"].get(player(state, seat)["position"] or "")
    if not slot or not slot["job"] or not slot["face_up"]:
        return []
    return [{"type": "job", **_funded(state, seat, "dust", parts.JOBS[slot["job"]].cost)}]


def _castle_check(state: WizardsWantedState, seat: Seat, action: Action) -> dict[str, int]:
    if player(state, seat)["position"] != BOARD.castle:
        raise RuleError("not_at_castle", "The licences are looked at from the castle entrance.")
    if player(state, seat)["licence"] is not None:
        raise RuleError("already_licensed", "You have a spell licence already.")
    return {}


def _castle(state: WizardsWantedState, seat: Seat, action: Action, events: list[Event]) -> None:
    """The wizard picks up and looks at the courtyard's licences (its memory keeps them)."""
    me = player(state, seat)
    me["seen_licences"] = sorted(set(me["seen_licences"]) | set(state["courtyard"]))
    events.append(
        Event("licences_seen", {"seat": seat, "licences": list(state["courtyard"])}, (seat,))
    )
    events.append(Event("castle_visited", {"seat": seat}))
    state["phase"] = "castle"


def _take_check(state: WizardsWantedState, seat: Seat, action: Action) -> dict[str, int]:
    licence = action.get("licence")
    if licence not in state["courtyard"]:
        raise RuleError("bad_licence", "`licence` names one of the courtyard's licences.")
    assert isinstance(licence, str)
    found = parts.LICENCES[licence]
    if not parts.meets(found, table.holdings(player(state, seat))):
        raise RuleError(
            "requirements_not_met",
            f"You do not meet this licence: {found.text_en}",
            {"missing": parts.shortfall(found, table.holdings(player(state, seat)))},
        )
    return {}


def _take(state: WizardsWantedState, seat: Seat, action: Action, events: list[Event]) -> None:
    """+3 fame and the top seal, its value seen by its owner only."""
    me = player(state, seat)
    state["courtyard"].remove(action["licence"])
    me["licence"] = action["licence"]
    table.add_fame(me, "licence", parts.LICENCE_FAME)
    me["seal"] = state["seals"].pop() if state["seals"] else None
    events.append(
        Event(
            "licence_taken",
            {"seat": seat, "licence": action["licence"], "fame": parts.LICENCE_FAME},
        )
    )
    if me["seal"]:
        events.append(Event("seal_taken", {"seat": seat, "seal": me["seal"]}, (seat,)))
    table.end_turn(state, events)


def _leave_check(state: WizardsWantedState, seat: Seat, action: Action) -> dict[str, int]:
    """ "If you meet the requirements listed on one of these cards ..., put the card in front
    of you": leaving is for a wizard who meets none (Interpretations)."""
    holdings = table.holdings(player(state, seat))
    met = [c for c in state["courtyard"] if parts.meets(parts.LICENCES[c], holdings)]
    if met:
        raise RuleError(
            "must_take_licence", "You meet a licence here: take one.", {"licences": met}
        )
    return {}


def _leave(state: WizardsWantedState, seat: Seat, action: Action, events: list[Event]) -> None:
    events.append(Event("castle_left", {"seat": seat}))
    table.end_turn(state, events)


def _end(state: WizardsWantedState, seat: Seat, action: Action, events: list[Event]) -> None:
    events.append(Event("turn_ended", {"seat": seat}))
    table.end_turn(state, events)


def _and_end_move(move: PricedMove) -> PricedMove:
    """An action taken in the movement step ends it first."""

    def effect(state: WizardsWantedState, seat: Seat, action: Action, events: list[Event]) -> None:
        table.end_movement(state, seat, events)
        move.effect(state, seat, action, events)

    return PricedMove(move.fields, move.check, effect, move.candidates)


PAID = ("mushrooms", "cost")
ACTIONS = {
    "buy": PricedMove(("lots", *PAID), _buy_check, _buy, _buy_candidates),
    "job": PricedMove(PAID, _job_check, _job, _job_candidates),
    "castle": PricedMove(("cost",), _castle_check, _castle, only({"type": "castle"})),
    "end": PricedMove(("cost",), _free, _end, only({"type": "end"})),
}
MOVES: Moves[WizardsWantedState] = {
    "choose": {
        "choose_wizard": PricedMove(
            ("charm", "cost"),
            _choose_check,
            _choose,
            lambda state, seat: [
                {"type": "choose_wizard", "charm": c} for c in parts.STARTING_CHARMS
            ],
        )
    },
    "place": {
        "place": PricedMove(
            ("space", "cost"),
            _place_check,
            _place,
            lambda state, seat: [{"type": "place", "space": v} for v in BOARD.villages],
        )
    },
    "move": {
        "walk": PricedMove(("path", *PAID), _walk_check, _walk, _walk_candidates),
        "speed": PricedMove(("mushroom", "path", "cost"), _speed_check, _speed, _speed_candidates),
        "taxi": PricedMove(PAID, _taxi_check, _taxi, only({"type": "taxi"})),
        "teleport": PricedMove(("to", *PAID), _teleport_check, _teleport, _teleport_candidates),
        "teleport_mushroom": PricedMove(
            ("mushroom", "to", "cost"),
            _mushroom_teleport_check,
            _mushroom_teleport,
            _mushroom_teleport_candidates,
        ),
        "end_move": PricedMove(("cost",), _free, _end_move, only({"type": "end_move"})),
        **{kind: _and_end_move(move) for kind, move in ACTIONS.items()},
    },
    "action": ACTIONS,
    "castle": {
        "take_licence": PricedMove(
            ("licence", "cost"),
            _take_check,
            _take,
            lambda state, seat: [
                {"type": "take_licence", "licence": c} for c in state["courtyard"]
            ],
        ),
        "leave": PricedMove(("cost",), _leave_check, _leave, only({"type": "leave"})),
    },
    "over": {},
}


#: Where one action may lead from each phase (``PhasedGame.transitions``).
TRANSITIONS: Mapping[Phase, frozenset[Phase]] = {
    "choose": frozenset({"choose", "place"}),
    "place": frozenset({"move"}),
    "move": frozenset({"move", "action", "castle", "place", "over"}),
    "action": frozenset({"move", "place", "castle", "over"}),
    "castle": frozenset({"move", "place", "over"}),
}
