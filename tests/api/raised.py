"""What a function can raise, read from its code: every error made with a literal code in it
and in the functions of wordsvc it calls, as it leaves them (the tests of the routes' and the
rules' documented codes use it)."""

from __future__ import annotations

import ast
import inspect
import textwrap
import types
from collections.abc import Callable, Iterator, Mapping, Sequence

from wordsvc.errors import ConfigurationError, WordsvcError
from wordsvc.games.contract import RuleError

#: An error raised: its class, its code.
Raised = tuple[type, str]
#: The classes a receiver may be, by how the code names it (``"get_store()"``, ``"judge"``):
#: calls on it are followed into those classes' methods.
Receivers = Mapping[str, Sequence[type]]


def raised(
    function: Callable,
    owner: type | None = None,
    receivers: Receivers = {},  # noqa: B006 - read only
    walking: frozenset = frozenset(),
) -> dict[Raised, tuple[str, ...]]:
    """What ``function`` (a method of ``owner``, if given) and the wordsvc functions it calls
    raise with a literal code and let out, with the calls that lead to each (for a failure's
    message). Calls are followed by name, on ``self``, on a module or a class, and on the
    ``receivers``. An error caught on the way is dropped, or becomes what the handler raises
    with its code (``except RuleError as e: raise ActionRefused(e.code, ...)``)."""
    function = inspect.unwrap(function)
    key = (function, owner)
    if key in walking or not (getattr(function, "__module__", None) or "").startswith("wordsvc"):
        return {}
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError):  # generated (a dataclass' __init__) or not Python
        return {}
    namespace = {**function.__globals__, **_local_imports(tree)}
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found: dict[Raised, tuple[str, ...]] = {}
    for call in (node for node in ast.walk(tree) if isinstance(node, ast.Call)):
        for target, target_owner in _callees(call, owner, namespace, receivers):
            if isinstance(target, type) and issubclass(target, WordsvcError | RuleError):
                code = _code(call, target)
                inner = {(target, code): ()} if code is not None else {}
            elif isinstance(target, type):
                inner = {}
                for hook in ("__init__", "__post_init__"):
                    if hook in vars(target):
                        inner |= raised(getattr(target, hook), target, receivers, walking | {key})
            elif callable(target):
                inner = raised(target, target_owner, receivers, walking | {key})
            else:
                continue
            for error, trail in _through_handlers(call, parents, namespace, inner).items():
                found.setdefault(error, (function.__qualname__, *trail))
    return found


def _through_handlers(
    node: ast.AST,
    parents: dict[ast.AST, ast.AST],
    namespace: dict[str, object],
    errors: dict[Raised, tuple[str, ...]],
) -> dict[Raised, tuple[str, ...]]:
    """``errors`` raised at ``node`` as they leave the enclosing ``try`` blocks."""
    child = node
    while child in parents and errors:
        block = parents[child]
        if isinstance(block, ast.Try) and child in block.body:
            errors = _handled(block, namespace, errors)
        child = block
    return errors


def _handled(
    block: ast.Try, namespace: dict[str, object], errors: dict[Raised, tuple[str, ...]]
) -> dict[Raised, tuple[str, ...]]:
    left: dict[Raised, tuple[str, ...]] = {}
    for (error, code), trail in errors.items():
        handler = next((h for h in block.handlers if _catches(h, namespace, error)), None)
        if handler is None or any(
            isinstance(n, ast.Raise) and n.exc is None for n in ast.walk(handler)
        ):
            left[error, code] = trail  # not caught, or raised again as it is
            continue
        for passed in _passed_on(handler, namespace):  # raised again as another class
            left.setdefault((passed, code), trail)
    return left


def _catches(handler: ast.ExceptHandler, namespace: dict[str, object], error: type) -> bool:
    if handler.type is None:
        return True
    names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    caught = [namespace.get(ast.unparse(name)) for name in names]
    return any(isinstance(c, type) and issubclass(error, c) for c in caught)


def _passed_on(handler: ast.ExceptHandler, namespace: dict[str, object]) -> list[type]:
    """The classes a handler raises with the caught error's own code (``e.code``)."""
    passed = []
    for node in ast.walk(handler):
        if (
            isinstance(node, ast.Call)
            and node.args
            and ast.unparse(node.args[0]) == f"{handler.name}.code"
            and isinstance(namespace.get(ast.unparse(node.func)), type)
        ):
            passed.append(namespace[ast.unparse(node.func)])
    return passed


def _code(call: ast.Call, error: type) -> str | None:
    """The code an error is made with, when the code says it literally."""
    for keyword in call.keywords:
        if keyword.arg == "code":
            return keyword.value.value if isinstance(keyword.value, ast.Constant) else None
    if issubclass(error, ConfigurationError):  # ConfigurationError(message, code=...)
        return error.code
    if not call.args:
        return getattr(error, "code", None)
    first = call.args[0]
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None


def _local_imports(tree: ast.AST) -> dict[str, object]:
    """Names imported inside the function (the lazy imports)."""
    names: dict[str, object] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("wordsvc"):
            module = __import__(node.module, fromlist=["_"])
            for alias in node.names:
                names[alias.asname or alias.name] = getattr(module, alias.name)
    return names


def _callees(
    call: ast.Call, owner: type | None, namespace: dict[str, object], receivers: Receivers
) -> Iterator[tuple[object, type | None]]:
    """What ``call`` may call, with the class whose method it is."""
    func = call.func
    if isinstance(func, ast.Name) and func.id == "cls" and owner is not None:
        yield owner, None  # an error's own constructor (UnknownSession.of): cls(code, ...)
    elif isinstance(func, ast.Name) and func.id in namespace:
        yield namespace[func.id], None
    elif isinstance(func, ast.Attribute):
        receiver = ast.unparse(func.value)
        if receiver == "self" and owner is not None:
            if hasattr(owner, func.attr):
                yield getattr(owner, func.attr), owner
            return
        found = namespace.get(receiver)
        if isinstance(found, types.ModuleType):
            if hasattr(found, func.attr):
                yield getattr(found, func.attr), None
            return
        if isinstance(found, type) and hasattr(found, func.attr):
            yield getattr(found, func.attr), found
            return
        for cls in receivers.get(receiver, ()):
            if hasattr(cls, func.attr):
                yield getattr(cls, func.attr), cls
