"""At most two glibc malloc arenas in `wordsvc serve`'s processes, to keep the workers'
memory down (docs/performance.md, "Worker memory: malloc arenas").

glibc gives each thread that allocates an arena of its own, up to eight per core, and an
arena keeps what its threads freed for their next allocations. A gthread worker answers on
as many threads as it has connections, so its heap grows by the arenas' idle memory. Two
arenas took about 21 MB a worker (14% of the heap) off under the soak's mix, at the same
throughput. An operator's own choice (``MALLOC_ARENA_MAX``, or ``glibc.malloc.arena_max``
in ``GLIBC_TUNABLES``, which glibc reads when the process starts) is kept; off glibc (macOS,
musl) nothing is done."""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Mapping

#: mallopt's parameter for the arena limit (glibc's malloc.h).
M_ARENA_MAX = -8
#: The workers' arenas: the main one and one for all their other threads.
ARENAS = 2


def operator_setting(environ: Mapping[str, str]) -> str | None:
    """The arena limit the operator set in ``environ``, as they wrote it, or None."""
    if environ.get("MALLOC_ARENA_MAX"):
        return f"MALLOC_ARENA_MAX={environ['MALLOC_ARENA_MAX']}"
    for tunable in environ.get("GLIBC_TUNABLES", "").split(":"):
        if tunable.strip().startswith("glibc.malloc.arena_max="):
            return f"GLIBC_TUNABLES {tunable.strip()}"
    return None


def is_glibc() -> bool:
    """This process runs on Linux with glibc's malloc."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        return (os.confstr("CS_GNU_LIBC_VERSION") or "").startswith("glibc")
    except (ValueError, OSError):  # not glibc: the name is unknown
        return False


def limit_arenas(environ: Mapping[str, str] = os.environ, arenas: int = ARENAS) -> bool:
    """Limit this process, and the workers it forks afterwards, to ``arenas`` malloc arenas.
    True when set; False off glibc or when the operator set a limit (theirs holds). Call it
    before the process starts threads: arenas made before stay."""
    if operator_setting(environ) is not None or not is_glibc():
        return False
    return bool(ctypes.CDLL(None).mallopt(M_ARENA_MAX, arenas) == 1)
