"""The package's layers, read from the imports of every module (those inside functions and
under ``TYPE_CHECKING`` too): each layer imports only what sits below it."""

import ast
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "wordsvc"


@cache
def imports(path: Path) -> frozenset[str]:
    """The modules ``path`` imports, absolute (``from wordsvc.x import y`` gives both
    ``wordsvc.x`` and ``wordsvc.x.y``: y may be a module)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return frozenset(names)


def modules(*parts: str) -> list[Path]:
    return sorted((PACKAGE.joinpath(*parts)).rglob("*.py"))


def reaching(paths: list[Path], *forbidden: str) -> list[tuple[str, str]]:
    """(module, import) for every import of ``paths`` inside a ``forbidden`` package."""
    return [
        (str(path.relative_to(PACKAGE)), name)
        for path in paths
        for name in sorted(imports(path))
        if any(name == f or name.startswith(f + ".") for f in forbidden)
    ]


def test_the_pages_never_import_the_api():
    assert reaching(modules("web"), "wordsvc.api") == []


def test_the_api_never_imports_the_pages():
    assert reaching(modules("api"), "wordsvc.web") == []


def test_only_the_app_factory_mounts_both():
    both = [
        str(path.relative_to(PACKAGE))
        for path in sorted(PACKAGE.rglob("*.py"))
        if reaching([path], "wordsvc.api") and reaching([path], "wordsvc.web")
    ]
    assert both == ["app.py"]


#: What the engines never reach: the solver, the sessions and everything above them.
ABOVE_THE_ENGINES = (
    "wordsvc.solver",
    "wordsvc.sessions",
    "wordsvc.api",
    "wordsvc.web",
    "wordsvc.wire",
    "wordsvc.app",
    "wordsvc.services",
    "wordsvc.batch",
    "wordsvc.server",
    "wordsvc.cli",
)


#: A game's modules that build on the solver, as players and reviewers do: the engine's
#: own modules never import them.
BUILT_ON_THE_SOLVER = frozenset({"bots.py", "review.py"})


def engine_modules() -> list[Path]:
    """Every module under wordsvc/games but the bots (the Words of Magic bots play with the
    solver) and the registry, which builds the bots."""
    return [
        path
        for path in modules("games")
        if path.name not in BUILT_ON_THE_SOLVER and path != PACKAGE / "games" / "registry.py"
    ]


def test_the_engines_import_nothing_from_the_solver_the_sessions_or_above():
    assert len(engine_modules()) > 20
    assert reaching(engine_modules(), *ABOVE_THE_ENGINES) == []


@pytest.mark.parametrize("layer", ["solver", "sessions", "games", "rules", "lexicon"])
def test_the_domain_never_imports_the_wire_or_pydantic(layer):
    """Only the HTTP fronts (api, web), the wire itself, the CLI and the server know
    pydantic and the wire models."""
    assert reaching(modules(layer), "wordsvc.wire", "wordsvc.api", "pydantic") == []


def test_the_top_level_domain_modules_never_import_the_wire_or_pydantic():
    fronts = {"app.py", "cli.py", "server.py", "services.py"}
    top = [p for p in sorted(PACKAGE.glob("*.py")) if p.name not in fronts]
    assert PACKAGE / "batch.py" in top
    assert reaching(top, "wordsvc.wire", "wordsvc.api", "wordsvc.web", "pydantic") == []


@pytest.mark.parametrize("layer", ["solver", "sessions", "games", "rules", "lexicon"])
def test_the_domain_never_measures_itself_for_an_operator(layer):
    """Metrics and request ids are the HTTP layer's and the server's (wordsvc.observability):
    the domain returns facts (a time, a cut-off, what a commit applied) that they record."""
    forbidden = ("wordsvc.observability", "prometheus_client", "flask")
    assert reaching(modules(layer), *forbidden) == []


def test_the_top_level_domain_modules_never_measure_themselves_either():
    fronts = {"app.py", "cli.py", "server.py", "services.py"}
    top = [p for p in sorted(PACKAGE.glob("*.py")) if p.name not in fronts]
    assert PACKAGE / "judge.py" in top
    assert reaching(top, "wordsvc.observability", "prometheus_client") == []


def test_observability_is_below_the_fronts():
    """The api, the pages, the app and the server use it; it uses none of them."""
    above = ("wordsvc.api", "wordsvc.web", "wordsvc.app", "wordsvc.server", "wordsvc.cli")
    assert reaching(modules("observability"), *above) == []
