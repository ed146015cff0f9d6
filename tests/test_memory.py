"""The malloc arena limit `wordsvc serve` sets (wordsvc/memory.py): when it applies, and, on
glibc, that it holds a process's threads to two arenas, counted by glibc's own malloc_info
in a child process (the limit is a process's for good: this one's stays untouched)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from wordsvc import memory

#: Threads that allocate at once in the child: without a limit each gets an arena.
THREADS = 6

#: The child: allocates on THREADS threads at once (100 kB blocks come from malloc, not
#: Python's small-object allocator), then prints how many heaps (arenas) malloc_info lists.
#: argv: "limit" to call limit_arenas first, with no operator setting; the report's path.
CHILD = f"""
import ctypes, sys, threading
from wordsvc.memory import limit_arenas

if sys.argv[1] == "limit":
    assert limit_arenas({{}}), "mallopt refused the limit"
libc = ctypes.CDLL(None)
libc.fopen.restype = ctypes.c_void_p
libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
libc.fclose.argtypes = [ctypes.c_void_p]
allocated = threading.Barrier({THREADS} + 1)
done = threading.Event()

def allocate():
    held = [bytearray(100_000) for _ in range(10)]
    allocated.wait()
    done.wait()

threads = [threading.Thread(target=allocate) for _ in range({THREADS})]
for thread in threads:
    thread.start()
allocated.wait()
report = libc.fopen(sys.argv[2].encode(), b"w")
libc.malloc_info(0, report)
libc.fclose(report)
done.set()
for thread in threads:
    thread.join()
print(open(sys.argv[2]).read().count("<heap nr="))
"""


@pytest.mark.parametrize(
    ("environ", "setting"),
    [
        ({}, None),
        ({"MALLOC_ARENA_MAX": "4"}, "MALLOC_ARENA_MAX=4"),
        ({"MALLOC_ARENA_MAX": ""}, None),
        (
            {"GLIBC_TUNABLES": "glibc.malloc.tcache_count=0:glibc.malloc.arena_max=8"},
            "GLIBC_TUNABLES glibc.malloc.arena_max=8",
        ),
        ({"GLIBC_TUNABLES": "glibc.malloc.hugetlb=1"}, None),  # a tunable, not the arenas'
    ],
)
def test_the_operators_own_limit_is_found(environ, setting):
    assert memory.operator_setting(environ) == setting


def test_an_operators_limit_is_kept():
    assert memory.limit_arenas({"MALLOC_ARENA_MAX": "4"}) is False
    assert memory.limit_arenas({"GLIBC_TUNABLES": "glibc.malloc.arena_max=8"}) is False


def test_nothing_is_done_off_glibc(monkeypatch):
    monkeypatch.setattr(memory, "is_glibc", lambda: False)
    assert memory.limit_arenas({}) is False


def arenas_of_a_child(how: str, tmp_path: Path) -> int:
    """The arenas of a child process whose THREADS threads allocated at once."""
    environ = {
        k: v for k, v in os.environ.items() if k not in ("MALLOC_ARENA_MAX", "GLIBC_TUNABLES")
    }
    run = subprocess.run(
        [sys.executable, "-c", CHILD, how, str(tmp_path / f"{how}.xml")],
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return int(run.stdout)


@pytest.mark.skipif(not memory.is_glibc(), reason="the arena limit is glibc's: not glibc here")
def test_on_glibc_the_limit_holds_many_threads_to_two_arenas(tmp_path):
    assert arenas_of_a_child("as-is", tmp_path) > memory.ARENAS  # the count sees arenas
    assert arenas_of_a_child("limit", tmp_path) <= memory.ARENAS
