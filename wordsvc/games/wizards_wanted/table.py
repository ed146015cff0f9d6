"""The table: each wizard's purse and collection, paying (with dust and coin mushrooms as
money, change from the supply), the villages and the job deck, pixies and mushrooms on the
board, turns, and the final scoring. The supply of coins and dust is unlimited (the box's 41
coins and 65 dust gems come in denominations; Interpretations)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wordsvc.errors import InternalError
from wordsvc.games import rng as random_
from wordsvc.games.contract import Event, RuleError, Seat
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted.board import BOARD
from wordsvc.games.wizards_wanted.magic import ICONS
from wordsvc.games.wizards_wanted.state import Money, Player, WizardsWantedState

NAME = "wizards-wanted"
#: Where fame comes from: the playouts check that fame is always the sum of these.
FAME_SOURCES = ("jobs", "charm_bonus", "licence", "seals", "experience", "wealth")
#: Which mushrooms pay for what.
MONEY_MUSHROOM = {"dust": "dust", "coins": "coin"}


def player(state: WizardsWantedState, seat: Seat) -> Player:
    players: list[Player] = state["players"]
    return players[seat]


def mushroom(card: str) -> parts.Mushroom:
    return parts.MUSHROOMS[card]


def position(state: WizardsWantedState, seat: Seat) -> str:
    """Where the seat's wizard stands: on the board from its first placement on (the steps
    that move or act come after it)."""
    here = player(state, seat)["position"]
    if here is None:
        raise InternalError(f"seat {seat}'s wizard is not on the board yet")
    return here


def charms_of(me: Player) -> Counter[str]:
    """Every charm the wizard has: the starting charm and the tokens collected."""
    starting = [me["starting_charm"]] if me["starting_charm"] is not None else []
    return Counter([*starting, *me["charms"]])


@dataclass(frozen=True, slots=True)
class JobPay:
    """What a job pays a wizard: its fame and coins, ``bonus`` more of each (1 per matching
    charm per icon), and the coins lying on its card."""

    fame: int
    coins: int
    bonus: int


def job_pays(job: parts.Job, coins_on_card: int, me: Player | None) -> JobPay:
    """What ``job`` pays ``me`` (``None``: a wizard without charms, the card's own terms)."""
    charms = charms_of(me) if me is not None else Counter[str]()
    bonus = sum(charms[icon] for icon in job.icons)
    return JobPay(job.fame + bonus, job.coins + bonus + coins_on_card, bonus)


def icons_of(me: Player) -> Counter[str]:
    """Magic icons: the completed jobs' and the magic mushrooms' held."""
    icons: Counter[str] = Counter()
    for job in me["jobs"]:
        icons.update(parts.JOBS[job].icons)
    for card in me["mushrooms"]:
        found = mushroom(card)
        if found.type == "magic" and found.icon:
            icons[found.icon] += 1
    return icons


def mushroom_money(me: Player, what: Money) -> int:
    """The value of the dust (or coin) mushrooms the wizard holds."""
    kind = MONEY_MUSHROOM[what]
    return sum(mushroom(m).value or 0 for m in me["mushrooms"] if mushroom(m).type == kind)


def holdings(me: Player) -> parts.Holdings:
    """What the licences count: dust and coin mushrooms count as the money they pay as."""
    return parts.Holdings(
        dust=me["dust"] + mushroom_money(me, "dust"),
        coins=me["coins"] + mushroom_money(me, "coins"),
        jobs=len(me["jobs"]),
        mushrooms=len(me["mushrooms"]),
        icons=dict(icons_of(me)),
        charm_tokens=dict(Counter(me["charms"])),
    )


def add_fame(me: Player, source: str, amount: int) -> None:
    me["fame"] += amount
    me["fame_sources"][source] += amount


def gain_dust(me: Player, amount: int) -> int:
    """Dust from the supply, never past the cap (the excess goes straight back)."""
    got: int = max(0, min(amount, parts.DUST_CAP - me["dust"]))
    me["dust"] += got
    return got


# --- paying ----------------------------------------------------------------------------------


def payment_mushrooms(me: Player, what: Money, raw: object) -> list[str]:
    """The action's ``mushrooms`` (dust or coin mushrooms the wizard holds, spent first), or
    the RuleError saying what is wrong with them."""
    if raw is None:
        return []
    if not isinstance(raw, list) or len(set(map(str, raw))) != len(raw):
        raise RuleError("malformed_action", "`mushrooms` is a list of different mushroom ids.")
    kind = MONEY_MUSHROOM[what]
    for card in raw:
        if not isinstance(card, str) or card not in me["mushrooms"]:
            raise RuleError(
                "mushroom_not_held", "You do not hold that mushroom.", {"mushroom": card}
            )
        if mushroom(card).type != kind:
            raise RuleError(
                "wrong_mushroom",
                f"Only {kind} mushrooms pay as {what}.",
                {"mushroom": card, "type": mushroom(card).type},
            )
    return list(raw)


def check_pay(me: Player, what: Money, amount: int, used: Sequence[str]) -> None:
    """Refuse a payment the wizard cannot make (``cannot_afford``)."""
    value = sum(mushroom(m).value or 0 for m in used)
    if me[what] + value < amount:
        raise RuleError(
            "cannot_afford",
            f"That costs {amount} {what}; you have {me[what]}"
            + (f" and {value} in mushrooms." if used else "."),
            {"cost": amount, "have": me[what], "mushrooms": value},
        )


def pay(
    state: WizardsWantedState, seat: Seat, what: Money, amount: int, used: Sequence[str]
) -> None:
    """Pay with the given mushrooms first, change back from the supply, the rest from the
    purse. Spent mushrooms go face up beside the board."""
    me = player(state, seat)
    value = sum(mushroom(m).value or 0 for m in used)
    for card in used:
        me["mushrooms"].remove(card)
        state["mushroom_discard"].append(card)
    if value >= amount:
        change = value - amount
        if what == "dust":
            gain_dust(me, change)
        else:
            me[what] += change
    else:
        me[what] -= amount - value


# --- the board -------------------------------------------------------------------------------


def active_stones(state: WizardsWantedState) -> list[str]:
    """The corners' teleport stones and the stone the Traveling Mountain Pixie stands on."""
    return stones_active_with(state["mountain_pixie"])


def stones_active_with(mountain_pixie: int) -> list[str]:
    """The active teleport stones while the Traveling Mountain Pixie stands on stone number
    ``mountain_pixie`` (public: a bot reads it off its view)."""
    return sorted({*BOARD.corners.values(), BOARD.stones[mountain_pixie - 1]})


def arrive(state: WizardsWantedState, seat: Seat, space: str, events: list[Event]) -> None:
    """Arriving at a teleport stone with charms takes one, once a turn."""
    me = player(state, seat)
    me["position"] = space
    left = state["charms"].get(space, 0)
    charm = BOARD.spaces[space].charm  # a corner's, where charms lie
    if left and charm is not None and not state["this_turn"]["charm_taken"]:
        state["charms"][space] = left - 1
        me["charms"].append(charm)
        state["this_turn"]["charm_taken"] = True
        events.append(Event("charm_taken", {"seat": seat, "charm": charm, "space": space}))


def collect(
    state: WizardsWantedState, seat: Seat, path: Iterable[str], events: list[Event]
) -> None:
    """Walking picks up every face-down mushroom on the spaces passed over; they are kept
    face up."""
    me = player(state, seat)
    for space in path:
        for card in state["board_mushrooms"].pop(space, []):
            me["mushrooms"].append(card)
            events.append(
                Event("mushroom_collected", {"seat": seat, "space": space, "mushroom": card})
            )


def place_mushroom(state: WizardsWantedState, space: str, events: list[Event]) -> None:
    """A mushroom from the face-down pile onto ``space`` (the used ones reshuffled when the
    pile is out; none when every mushroom is out)."""
    if not state["mushroom_pile"] and state["mushroom_discard"]:
        state["mushroom_pile"] = state["mushroom_discard"]
        state["mushroom_discard"] = []
        random_.shuffle(state["rng"], state["mushroom_pile"])
    if not state["mushroom_pile"]:
        return
    card = state["mushroom_pile"].pop()
    state["board_mushrooms"].setdefault(space, []).append(card)
    events.append(Event("mushroom_placed", {"space": space}))


# --- jobs and the deck -----------------------------------------------------------------------


def face_up_jobs(state: WizardsWantedState) -> list[str]:
    return [v for v, slot in state["villages"].items() if slot["job"] and slot["face_up"]]


def refill(state: WizardsWantedState, village: str, events: list[Event]) -> None:
    """The next card goes face down on the village; then the newly revealed card on top of the
    deck shows its back: a mushroom for the space it names, and the pixie it shows moves.

    The Royal Inspector ends the game (option ``inspector_ends``): ``on_top``, as soon as it
    is that newly revealed top card (its back is not read); ``drawn``, when it is drawn to
    refill a village (its village stays empty), its back having been read like a job's."""
    card = state["deck"].pop()
    if card == parts.INSPECTOR_ID:  # only "drawn": "on_top" ended the game when it surfaced
        state["inspector"] = True
        state["villages"][village] = {"job": None, "face_up": False, "coins": 0}
        events.append(Event("inspector_revealed", {"where": "village", "village": village}))
        return
    state["villages"][village] = {"job": card, "face_up": False, "coins": 0}
    events.append(Event("job_refilled", {"village": village}))
    if not state["deck"]:
        return
    top = state["deck"][-1]
    if top == parts.INSPECTOR_ID and state["options"]["inspector_ends"] == "on_top":
        state["inspector"] = True
        events.append(Event("inspector_revealed", {"where": "top_of_deck"}))
        return
    back = parts.back_of(top)
    place_mushroom(state, back.mushroom_space, events)
    if back.pixie == "forest":
        move_forest_pixie(state, events)
    elif back.pixie == "mountain":
        state["mountain_pixie"] = state["mountain_pixie"] % len(BOARD.stones) + 1
        events.append(Event("mountain_pixie_moved", {"stone": state["mountain_pixie"]}))


def move_forest_pixie(state: WizardsWantedState, events: list[Event]) -> None:
    state["forest_pixie"] = (state["forest_pixie"] + 1) % len(parts.TOADSTOOLS)
    events.append(Event("forest_pixie_moved", {"toadstool": state["forest_pixie"]}))


def refresh_jobs(state: WizardsWantedState, seat: Seat, events: list[Event]) -> None:
    """ "When there are only 3 spell jobs available on the board at the start of a turn":
    a coin on each, and the face-down ones turned up. The coins come from the supply, not the
    player's purse (Interpretations: the purse may be empty, and the supply is unlimited)."""
    available = face_up_jobs(state)
    if len(available) > parts.REFRESH_AT:
        return
    for village in available:
        state["villages"][village]["coins"] += 1
    for slot in state["villages"].values():
        if slot["job"]:
            slot["face_up"] = True
    events.append(Event("jobs_refreshed", {"seat": seat, "coined": available}))


# --- turns and the end -------------------------------------------------------------------------


def end_movement(state: WizardsWantedState, seat: Seat, events: list[Event]) -> None:
    """The movement step ends: dust gained by walking past the cap goes back now (the walk's
    price is the turn's total, so walking 1 and 1 more must cost what walking 2 costs)."""
    me = player(state, seat)
    if me["dust"] > parts.DUST_CAP:
        events.append(Event("dust_returned", {"seat": seat, "dust": me["dust"] - parts.DUST_CAP}))
        me["dust"] = parts.DUST_CAP
    state["phase"] = "action"


def start_turn(state: WizardsWantedState, seat: Seat, events: list[Event]) -> None:
    state["active"] = seat
    state["this_turn"] = {"walked": 0, "charm_taken": False}
    refresh_jobs(state, seat, events)
    first = player(state, seat)["position"] is None
    state["phase"] = "place" if first else "move"
    events.append(Event("turn_started", {"seat": seat, "turn": state["turn"]}))


def end_turn(state: WizardsWantedState, events: list[Event]) -> None:
    """The turn passes left; the game ends after the turn the Inspector was revealed in, or
    once every player has had ``turn_limit`` turns (an option, off by default)."""
    seat = state["active"]
    player(state, seat)["turns"] += 1
    state["turn"] += 1
    if state["inspector"]:
        finish(state, events, "inspector")
        return
    limit = state["options"]["turn_limit"]
    if limit is not None and all(p["turns"] >= limit for p in state["players"]):
        events.append(Event("turn_limit_reached", {"turns": limit}))
        finish(state, events, "turn_limit")
        return
    start_turn(state, (seat + 1) % len(state["players"]), events)


def finish(state: WizardsWantedState, events: list[Event], ended_by: str) -> None:
    """Seals left at the castle cost every wizard without a licence their total; then the
    experience bonus per icon type and the wealth bonus. A turn limit scores the same way."""
    penalty = sum(parts.SEALS[s] for s in state["seals"])
    for seat, me in enumerate(state["players"]):
        if me["licence"] is None and penalty:
            add_fame(me, "seals", -penalty)
        add_fame(me, "experience", sum(parts.experience(icons_of(me)[i]) for i in ICONS))
        coins = me["coins"] + mushroom_money(me, "coins")
        add_fame(me, "wealth", coins // parts.WEALTH_COINS_PER_FAME)
        events.append(
            Event(
                "final_score",
                {"seat": seat, "fame": me["fame"], "sources": dict(me["fame_sources"])},
            )
        )
    state["phase"] = "over"
    state["ended_by"] = ended_by
    events.append(Event("game_over", {"seals_left": list(state["seals"]), "penalty": penalty}))


def ranking_key(me: Player) -> tuple[int, int, int]:
    """Most fame; ties go to coins, then to jobs done (larger is better). Coin mushrooms
    count as the coins they pay as, as in the wealth bonus (Interpretations)."""
    return (me["fame"], me["coins"] + mushroom_money(me, "coins"), len(me["jobs"]))
