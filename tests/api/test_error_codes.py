"""Every route documents the problem codes the layers below it can raise, at the status the
problem is answered with (``wordsvc.wire.status``): a code the domain raises that its route
does not list fails here.

What a route can raise is read from the code (``tests.api.raised``): from its view, through
the functions of wordsvc it calls and the methods of the services (the store, the judge,
the solver, the registry, the engines) named as :data:`SERVICES` says.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from tests.api.raised import Receivers, raised
from wordsvc.api.meta import document
from wordsvc.api.spec import OPERATIONS, Operation, documented_codes
from wordsvc.categories import Registry
from wordsvc.errors import WordsvcError
from wordsvc.games.contract import RuleError
from wordsvc.games.registry import GAMES
from wordsvc.judge import Judge
from wordsvc.sessions.store import SessionStore
from wordsvc.solver.solve import Solver
from wordsvc.wire.status import status_of

ROOT = Path(__file__).resolve().parents[2]

#: How the code names the services whose methods a route reaches (and the engines, as
#: ``hosted.game``: :func:`receivers`).
SERVICES: Receivers = {
    "get_store()": (SessionStore,),
    "store": (SessionStore,),
    "get_judge()": (Judge,),
    "judge": (Judge,),
    "self.judge": (Judge,),
    "get_solver()": (Solver,),
    "get_registry()": (Registry,),
    "self.registry": (Registry,),
}

#: Codes a layer below raises that no request can meet, and why.
NEVER_OVER_HTTP = {"not_a_string": "the wire models give the judge text, never another value"}
#: Codes a layer below raises that one route cannot meet, mostly because the request's wire
#: model refuses the request first (with a 400 the document lists), and why.
PRE_EMPTED: dict[tuple[str, str], str] = {
    ("searchWords", "pattern_too_long"): "SearchQuery.pattern has the judge's maxLength",
    ("searchWords", "invalid_page"): "SearchQuery bounds offset and limit as the judge does",
    ("solve", "pattern_too_long"): "SolveBody.pattern has the judge's maxLength",
    ("solve", "invalid_tokens"): "SolveBody.tokens has hand_of's bounds",
    ("solve", "too_many_cards"): "SolveBody.cards has hand_of's maximum",
    ("solve", "unknown_character"): "SolveBody.character is an enum of the characters",
    ("createSession", "invalid_seed"): "CreateSessionBody.seed has the store's bounds",
    ("createSession", "invalid_seats"): "CreateSessionBody.seats has the store's limits",
    ("createSession", "session_not_found"): "the store reads back the session it just made",
    ("createSession", "stale_state_id"): "the first bots move in the creating transaction",
    ("claimSeat", "invalid_name"): "ClaimBody.name has the store's NAME_PATTERN",
    ("claimSeat", "stale_state_id"): "a pass made by switching auto_pass on runs under the lock",
}
#: How a route's document says "and every refusal of the game's rules".
RULE_CODES = "…every RuleError code of the game (docs/rules/<game>.md)"


def engine_classes(judge) -> tuple[type, ...]:
    return tuple(type(entry.make(judge)) for entry in GAMES.values())


@cache
def receivers(judge) -> Receivers:
    """How the routes and the layers below name the services they call."""
    return {**SERVICES, "hosted.game": engine_classes(judge)}


def _status(error: type) -> int:
    """A RuleError that leaves the engines as it is would be a bug: 500."""
    return status_of(error) if issubclass(error, WordsvcError) else 500


@cache
def views() -> dict[str, Callable]:
    """Each operation's view function, by operationId."""
    from wordsvc.app import create_app

    app = create_app()
    by_route = {}
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            by_route[path, method.lower()] = app.view_functions[rule.endpoint]
    return {op.operation_id: by_route[op.path, op.method] for op in OPERATIONS}


def operations() -> list[Operation]:
    document()  # every route module declares its operations
    return list(OPERATIONS)


def reached(op: Operation, judge) -> dict[tuple[int, str], tuple[str, ...]]:
    """(status, code) of what the route can raise, with the calls that lead there."""
    found = raised(views()[op.operation_id], None, receivers(judge))
    by_status: dict[tuple[int, str], tuple[str, ...]] = {}
    for (error, code), trail in found.items():
        status = _status(error)
        # A 500 is an internal error (a deployment's or a bug), never the caller's.
        if (
            status != 500
            and code not in NEVER_OVER_HTTP
            and (op.operation_id, code) not in PRE_EMPTED
        ):
            by_status.setdefault((status, code), trail)
    return by_status


@pytest.mark.parametrize("op", operations(), ids=lambda op: op.operation_id)
def test_the_route_documents_every_code_the_layers_below_raise(op, judge):
    documented = {(s, code) for s, codes in documented_codes(op).items() for code in codes}
    if (422, RULE_CODES) in documented:  # the rules' pages list them (tested below)
        documented |= {(422, code) for game in GAMES.values() for code in listed_refusals(game)}
    missing = {
        problem: " -> ".join(trail)
        for problem, trail in sorted(reached(op, judge).items())
        if problem not in documented
    }
    assert not missing, f"{op.operation_id} does not document {missing}"


def test_the_walk_reaches_through_the_services(judge):
    """The walk is not vacuous: it finds codes several calls deep, in each layer."""
    by_id = {op.operation_id: op for op in operations()}
    check_word = reached(by_id["checkWord"], judge)
    assert check_word[422, "unknown_category"] == (
        "check_word",
        "Judge.check",
        "Registry.resolve",
        "Registry.get",
    )
    assert (503, "lexicon_not_built") in check_word  # opening the judge's lexicon
    assert (422, "contains_digits") in check_word  # normalise, in alphabet.py
    act = reached(by_id["act"], judge)
    assert act[409, "stale_state_id"][:2] == ("post_action", "Playing.act_as")
    assert act[404, "session_not_found"][-1] == "UnknownSession.of"  # an error's constructor
    assert (422, "invalid_options") in reached(by_id["createSession"], judge)  # the engines


def test_every_exemption_is_still_needed(judge):
    for operation_id, code in PRE_EMPTED:
        found = raised(views()[operation_id], None, receivers(judge))
        assert code in {c for _, c in found}, (operation_id, code)


# --- the refusals of the games' rules ------------------------------------------------------


def rules_page(game) -> Path:
    return ROOT / "docs" / "rules" / (re.sub(r"\W+", "-", game.title.lower()) + ".md")


def listed_refusals(game) -> set[str]:
    """The codes of the **Refusals** paragraph of the game's rules page."""
    text = rules_page(game).read_text(encoding="utf-8")
    found = re.search(r"\*\*Refusals\*\*(.*?)(?:\n\s*\n|\n- )", text, re.S)
    assert found, f"{rules_page(game).name} has no **Refusals** paragraph"
    return set(re.findall(r"`([a-z][a-z_]*)`", found.group(1)))


def rule_codes(engine: type) -> dict[str, str]:
    """Every RuleError code the engine's package raises, with where: what every function and
    method of its modules raises (moves are reached through tables, not calls, so each is
    read on its own), the shared engine modules' functions they call included."""
    package = Path(inspect.getfile(engine)).parent
    codes: dict[str, str] = {}
    for path in sorted(package.glob("*.py")):
        module = __import__(f"{engine.__module__.rpartition('.')[0]}.{path.stem}", fromlist=["_"])
        for value in vars(module).values():
            if getattr(value, "__module__", None) != module.__name__:
                continue  # imported: read where it is defined, if this package uses it
            functions = (
                [(f, value) for _, f in inspect.getmembers(value, inspect.isfunction)]
                if isinstance(value, type)
                else [(value, None)]
                if inspect.isfunction(value)
                else []
            )
            for function, owner in functions:
                for (error, code), trail in raised(function, owner).items():
                    if issubclass(error, RuleError):
                        codes.setdefault(code, " -> ".join(trail))
    return codes


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_rules_page_lists_every_refusal_of_the_engine(name, judge):
    """The act route documents the rules' refusals by reference to each game's rules page:
    that page lists every RuleError code its engine can raise."""
    game = GAMES[name]
    codes = rule_codes(type(game.make(judge)))
    missing = {
        code: where for code, where in sorted(codes.items()) if code not in listed_refusals(game)
    }
    assert not missing, f"{rules_page(game).name} does not list {missing}"


def test_the_act_route_refers_to_the_rules_pages():
    act = next(op for op in operations() if op.operation_id == "act")
    assert RULE_CODES in documented_codes(act)[422]
