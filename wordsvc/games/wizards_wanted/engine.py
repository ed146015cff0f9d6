"""The Wizards Wanted rules engine (``docs/rules/wizards-wanted.md``), by the engine
contract.

Before the first turn each player may ``choose`` a wizard (option ``wizards``). A turn is
``place`` (the first turn only), ``move`` (any number of walks, speed mushrooms,
taxi hops and teleports, ended by ``end_move`` or by an action) and ``action`` (buy dust,
complete a job, visit the castle, or end), with ``castle`` for the licence choice once the
licences are seen. The game ends after the turn in which the Royal Inspector is revealed (on
top of the deck, or drawn: option ``inspector_ends``), or at an optional turn limit.

The parts: ``magic`` (icons, landscapes), ``board`` (the designed board, as data),
``components`` (jobs, licences, mushrooms, seals, toadstools), ``options``, ``setup``,
``table`` (purses, paying, the deck, pixies, turns, scoring), ``movement`` (walking prices,
paths and the planner), ``ways`` (the ways to each space a table offers), ``moves`` (every
move of every step). ``docs/rules/wizards-wanted.md`` states the rules as implemented and
every interpretation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from wordsvc.games.contract import (
    Action,
    Result,
    Seat,
    State,
    places_by,
    viewer,
)
from wordsvc.games.phases import PhasedGame
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted import movement, table
from wordsvc.games.wizards_wanted.board import BOARD
from wordsvc.games.wizards_wanted.magic import ICONS
from wordsvc.games.wizards_wanted.movement import Route
from wordsvc.games.wizards_wanted.moves import MOVES, TRANSITIONS
from wordsvc.games.wizards_wanted.options import normalise_options, options_schema
from wordsvc.games.wizards_wanted.setup import deal
from wordsvc.games.wizards_wanted.state import (
    Phase,
    Player,
    WizardsWantedState,
    plain,
    typed,
)
from wordsvc.games.wizards_wanted.table import NAME, player
from wordsvc.games.wizards_wanted.view import (
    BackFace,
    JobFace,
    LicenceFace,
    MushroomFace,
    Pays,
    PlayerView,
    RouteView,
    SealFace,
    ToadstoolFace,
    WayView,
    WizardsWantedView,
)
from wordsvc.games.wizards_wanted.ways import Way, ways

__all__ = ["NAME", "WizardsWanted"]


class WizardsWanted(PhasedGame[Phase, WizardsWantedState]):
    """The game: its moves by step (``moves.MOVES``) and what the contract asks besides."""

    name = NAME
    moves = MOVES
    transitions = TRANSITIONS

    def options_schema(self) -> dict[str, object]:
        return options_schema()

    def new(self, options: Mapping[str, object], seed: int) -> State:
        return plain(deal(normalise_options(options), seed))

    def to_act(self, state: State) -> list[Seat]:
        return [] if state["phase"] == "over" else [state["active"]]

    def view(self, state: State, seat: Seat | None) -> dict[str, object]:
        """Open: positions, purses, fame, charms, jobs done, mushrooms held (face up), licences
        held, face-up jobs, where face-down mushrooms lie, the pixies, the back of the deck's
        top card and of face-down jobs. A seal's value is seen by its owner, the courtyard's
        licences by the wizard at the castle, and after by its memory."""
        return self._view(state, seat, with_ways=True)

    def policy_view(self, state: State, seat: Seat) -> dict[str, object]:
        """The view a bot's policy reads in the search's rollouts: the seat's view without
        the ``ways`` a table offers, which no bot reads (a quarter of the view's time;
        tests/games/wizards_wanted/test_engine.py checks it is the rest of the view)."""
        return self._view(state, seat, with_ways=False)

    def _view(self, state: State, seat: Seat | None, *, with_ways: bool) -> dict[str, object]:
        """:meth:`view`, with or without the ``ways`` to each space."""
        seat = viewer(state, seat)
        seated = player(typed(state), seat) if seat is not None else None
        legal = self.legal_actions(state, seat) if seat is not None else []
        players: list[PlayerView] = []
        for s, me in enumerate(state["players"]):
            mine = s == seat
            charms, icons = table.charms_of(me), table.icons_of(me)
            players.append(
                {
                    "position": me["position"],
                    "dust": me["dust"],
                    "coins": me["coins"],
                    "fame": me["fame"],
                    "fame_sources": dict(me["fame_sources"]),
                    "starting_charm": me["starting_charm"],
                    "charms": list(me["charms"]),
                    "charm_counts": {i: charms[i] for i in ICONS},
                    "jobs": list(me["jobs"]),
                    "icons": dict(icons),
                    "experience": {i: parts.experience(icons[i]) for i in ICONS},
                    "mushrooms": [_mushroom_face(m) for m in me["mushrooms"]],
                    "licence": me["licence"],
                    "has_seal": me["seal"] is not None,
                    "seal": _seal_face(me["seal"]) if mine and me["seal"] else None,
                    "seen_licences": [_licence_face(c) for c in me["seen_licences"]]
                    if mine
                    else None,
                    "turns": me["turns"],
                }
            )
        at_castle = state["phase"] == "castle" and seat == state["active"]
        over = state["phase"] == "over"
        view: WizardsWantedView = {
            "game": NAME,
            "options": state["options"].copy(),
            "phase": state["phase"],
            "active": state["active"],
            "first_player": state["first_player"],
            "turn": state["turn"],
            "inspector": state["inspector"],
            "ended_by": state["ended_by"],
            "to_act": self.to_act(state),
            "players": players,
            "villages": {
                v: {
                    "job": _job_face(slot["job"]) if slot["job"] and slot["face_up"] else None,
                    "pays": _pays(slot["job"], slot["coins"], seated)
                    if slot["job"] and slot["face_up"]
                    else None,
                    "back": _back(slot["job"]) if slot["job"] and not slot["face_up"] else None,
                    "coins": slot["coins"],
                }
                for v, slot in state["villages"].items()
            },
            "deck_size": len(state["deck"]),
            "deck_top_back": _back(state["deck"][-1]) if state["deck"] else None,
            "mushrooms_on_board": {s: len(cards) for s, cards in state["board_mushrooms"].items()},
            "mushroom_pile": len(state["mushroom_pile"]),
            "mushroom_discard": [_mushroom_face(m) for m in state["mushroom_discard"]],
            "charms": dict(state["charms"]),
            "mountain_pixie": state["mountain_pixie"],
            "forest_pixie": state["forest_pixie"],
            "toadstool": _toadstool_face(state["forest_pixie"]),
            "seals_at_castle": len(state["seals"]),
            "seals_left": [_seal_face(s) for s in state["seals"]] if over else None,
            "courtyard": [_licence_face(c) for c in state["courtyard"]] if at_castle else None,
            "courtyard_size": len(state["courtyard"]),
            "this_turn": state["this_turn"].copy(),
            "walk_limit": parts.WALK_LIMIT,
            "licence_fame": parts.LICENCE_FAME,
            "seat": seat,
            "legal_actions": legal,
        }
        if seat is not None and seat == state["active"] and state["phase"] in ("place", "move"):
            routes = movement.plan(typed(state), seat) if state["phase"] == "move" else {}
            if state["phase"] == "move":
                view["reachable"] = {s: _route_face(r) for s, r in routes.items()}
            if with_ways:
                found = ways(typed(state), state["players"][seat]["position"], legal, routes)
                view["ways"] = {s: [_way_face(w) for w in found[s]] for s in found}
            if any(a["type"] == "taxi" for a in legal):
                view["taxi_to"] = BOARD.next_taxi(state["players"][seat]["position"])
        return dict(view)

    def visible_paths(self, state: State, seat: Seat | None) -> list[str]:
        """What a seat may see (the view's sources): see :meth:`view`."""
        paths = [*_PUBLIC_PATHS, "players.@.seal", "players.@.seen_licences"]
        paths += [f"villages.{v}.job" for v, slot in state["villages"].items() if slot["face_up"]]
        if state["phase"] == "castle" and seat == state["active"]:
            paths.append("courtyard")
        if state["phase"] == "over":
            paths.append("seals")
        return paths

    def card_back(self, value: str) -> str:
        """A job shows its back (the mushroom space and the pixie it names), so that only
        cards with the same back are alike from behind; the Inspector's looks like one."""
        if value in parts.JOBS or value == parts.INSPECTOR_ID:
            back = parts.back_of(value)
            return f"job:{back.mushroom_space}:{back.pixie}"
        for kind, catalogue in (
            ("mushroom", parts.MUSHROOMS),
            ("seal", parts.SEALS),
            ("licence", parts.LICENCES),
        ):
            if value in catalogue:
                return kind
        return "text"

    def result(self, state: State) -> Result | None:
        """Most fame; ties go to coins, then to jobs done."""
        if state["phase"] != "over":
            return None
        keys = [table.ranking_key(me) for me in state["players"]]
        places = places_by([tuple(-k for k in key) for key in keys])
        return Result(
            [me["fame"] for me in state["players"]],
            places,
            [s for s, place in enumerate(places) if place == 1],
            {
                "fame_sources": [dict(me["fame_sources"]) for me in state["players"]],
                "coins": [key[1] for key in keys],
                "jobs": [key[2] for key in keys],
            },
        )

    def action_label(self, state: State, action: Action) -> str:
        """What ``wordsvc simulate`` counts: the action type (``walk``, ``job``, ...)."""
        return str(action.get("type"))


def _back(card: str) -> BackFace:
    back = parts.back_of(card)
    return {"mushroom_space": back.mushroom_space, "pixie": back.pixie}


def _pays(job: str, coins_on_card: int, me: Player | None) -> Pays:
    """What a face-up job pays the seat viewing (its charms' bonus included), or its own
    terms to a viewer without a seat."""
    pays = table.job_pays(parts.JOBS[job], coins_on_card, me)
    return {"fame": pays.fame, "coins": pays.coins, "bonus": pays.bonus}


def _job_face(card: str) -> JobFace:
    job = parts.JOBS[card]
    return {"id": job.id, "name": job.name, "cost": job.cost, "fame": job.fame,
            "coins": job.coins, "icons": list(job.icons)}  # fmt: skip


def _mushroom_face(card: str) -> MushroomFace:
    found = parts.MUSHROOMS[card]
    return {"id": found.id, "type": found.type, "value": found.value, "icon": found.icon}


def _seal_face(card: str) -> SealFace:
    return {"id": card, "penalty": parts.SEALS[card]}


def _licence_face(card: str) -> LicenceFace:
    return {"id": card, "text_en": parts.LICENCES[card].text_en}


def _toadstool_face(index: int) -> ToadstoolFace:
    found = parts.TOADSTOOLS[index]
    return {"index": index, "coins": found.coins, "dust": found.dust, "max": found.max}


def _route_face(route: Route) -> RouteView:
    """A planned route as the view shows it. ``Route.to_view`` builds it (as a plain dict:
    ``movement`` knows nothing of the view); the playout tests check its shape."""
    return cast(RouteView, route.to_view())


def _way_face(way: Way) -> WayView:
    """A way to a space as the view shows it, built by ``Way.to_view`` (see :func:`_route_face`)."""
    return cast(WayView, way.to_view())


_PUBLIC_PATHS = (
    *("game", "options", "phase", "active", "first_player", "turn", "inspector", "ended_by"),
    "this_turn",
    "charms",
    *("mountain_pixie", "forest_pixie", "mushroom_discard"),
    *("villages.*.face_up", "villages.*.coins"),
    *("players.*.position", "players.*.dust", "players.*.coins", "players.*.fame"),
    *("players.*.fame_sources", "players.*.starting_charm", "players.*.charms"),
    *("players.*.jobs", "players.*.mushrooms", "players.*.licence", "players.*.turns"),
)
