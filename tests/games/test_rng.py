"""The games' seeded generator: deterministic, unbiased enough, and plain data."""

import json
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from wordsvc.games import rng


@given(seed=st.integers(0, 2**64 - 1), n=st.integers(1, 1000))
def test_below_stays_in_range_and_repeats_for_the_same_state(seed, n):
    first, second = rng.new_rng(seed), rng.new_rng(seed)
    draws = [rng.below(first, n) for _ in range(20)]
    assert draws == [rng.below(second, n) for _ in range(20)]
    assert all(0 <= d < n for d in draws)
    assert json.loads(json.dumps(first)) == first


@given(seed=st.integers(0, 2**32), items=st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_permutation(seed, items):
    shuffled = list(items)
    rng.shuffle(rng.new_rng(seed), shuffled)
    assert sorted(shuffled) == sorted(items)


def test_draws_are_roughly_uniform():
    state = rng.new_rng(1)
    counts = Counter(rng.below(state, 6) for _ in range(60_000))
    assert all(9_400 < counts[face] < 10_600 for face in range(6))


def test_different_seeds_shuffle_differently():
    orders = set()
    for seed in range(20):
        items = list(range(10))
        rng.shuffle(rng.new_rng(seed), items)
        orders.add(tuple(items))
    assert len(orders) == 20
