"""What a play does in the game (the codex, the Familiar's properties) and its score."""

from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wordsvc.alphabet import MIN_WORD_LENGTH
from wordsvc.errors import ConfigurationError, InvalidValue
from wordsvc.rules.words_of_magic.codex import COLOURS, Codex, deal_balance, load_codex
from wordsvc.rules.words_of_magic.turn import DEFAULT_FAMILIAR_PROPERTIES, FamiliarProperty
from wordsvc.solver.hand import Hand, hand_of
from wordsvc.solver.layout import layouts
from wordsvc.solver.scoring import Evaluator, Mode, Table, Weights


def only_layout(word: str, hand: Hand, familiar: int | None = None):
    (layout,) = [lay for lay in layouts(word, hand) if lay.familiar_used == familiar]
    return layout


def test_the_codex_is_the_rulebooks_table():
    codex = load_codex()
    rows = {n: (codex.row(n).neighbours, codex.row(n).draw_up_to) for n in range(3, 12)}
    assert rows == {
        3: ((), 9),
        4: (("green",), 8),
        5: (("yellow",), 7),
        6: (("red",), 6),
        7: (("green", "yellow"), 5),
        8: (("yellow", "red"), 5),
        9: (("green", "yellow", "red"), 5),
        10: (("green", "yellow", "red"), 5),  # "9+"
        11: (("green", "yellow", "red"), 5),
    }


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"row": [{"length": 3, "neighbours": ["blue"], "draw_up_to": 9}]},
        {
            "row": [
                {"length": 3, "neighbours": [], "draw_up_to": 9},
                {"length": 5, "neighbours": [], "draw_up_to": 7},
            ]
        },
        {"row": [{"length": 3}]},
    ],
)
def test_a_malformed_codex_is_a_configuration_error(data):
    with pytest.raises(ConfigurationError):
        Codex.from_data(data)


def test_short_balance_decks_deal_clockwise_from_the_left():
    assert deal_balance(["yellow", "red"], 2) == [["yellow", "red"], ["yellow", "red"]]
    dealt = deal_balance(["yellow", "red"], 2, {"green": 5, "yellow": 1, "red": 2})
    assert dealt == [["yellow", "red"], ["red"]]
    assert deal_balance(["green"], 2, {"green": 0, "yellow": 0, "red": 0}) == [[], []]


def test_the_rulebooks_plus_minus_one_example():
    """Nastya forms a 5-letter word with the Familiar card under ±1 and counts it as 4:
    her neighbours take 1 green card each instead of a yellow one, and she draws up to 8."""
    hand = hand_of(["К", "Н", "Г", "А", "Т", "Т"], familiar=[("о", True), ("и", True)])
    table = replace(Table.defaults(), mode=Mode.MAGIC, players=3)
    assert table.familiar_properties[1] is FamiliarProperty.LENGTH
    plays = {
        (p.effects.familiar_property, p.effects.counted_length): p
        for p in Evaluator(hand, table, Weights.defaults()).plays(only_layout("книга", hand, 1))
    }
    assert set(plays) == {(None, 5), (FamiliarProperty.LENGTH, 4), (FamiliarProperty.LENGTH, 6)}
    as_four = plays[FamiliarProperty.LENGTH, 4].effects
    assert as_four.balance == (("green",), ("green",))
    assert as_four.draw_up_to == 8
    assert as_four.drawn == 8 - 2  # К Н Г А played, two Т left
    as_five = plays[None, 5].effects
    assert as_five.balance == (("yellow",), ("yellow",))
    assert as_five.draw_up_to == 7


def test_the_familiar_can_discard_the_top_of_the_deck_or_a_hand_card():
    hand = hand_of(["к", "т", "ф", "щ", "а"], familiar=[("і", True), ("о", True), ("е", True)])
    table = replace(Table.defaults(), mode=Mode.MAGIC, deck=10)
    evaluator = Evaluator(hand, table, Weights.defaults(), {"ф": 10, "щ": 5, "а": 900})
    deck_play = max(evaluator.plays(only_layout("кіт", hand, 0)), key=lambda p: p.score.total)
    assert deck_play.effects.familiar_property is FamiliarProperty.DISCARD_DECK
    assert deck_play.effects.discarded_from_deck == 1
    assert deck_play.effects.cards_out == 3  # К, Т and the top of the deck
    assert deck_play.effects.deck_after == 10 - 1 - deck_play.effects.drawn
    hand_play = max(evaluator.plays(only_layout("кет", hand, 2)), key=lambda p: p.score.total)
    assert hand_play.effects.familiar_property is FamiliarProperty.DISCARD_HAND
    assert hand_play.effects.discarded_from_hand == 3  # Щ, the rarest letter left
    assert hand_play.effects.hand_after == 2 + hand_play.effects.drawn


def test_classic_mode_has_no_properties():
    hand = hand_of(["к", "т"], familiar=[("і", True)])
    evaluator = Evaluator(hand, Table.defaults(), Weights.defaults())
    plays = list(evaluator.plays(only_layout("кіт", hand, 0)))
    assert [p.effects.familiar_property for p in plays] == [None]
    assert plays[0].property_values == []


def test_a_play_lists_the_properties_its_familiar_card_allows_at_its_length():
    """A three-letter word may be counted one longer, never shorter than the codex's first
    row; a longer one either way; each play of the layout lists them all."""
    hand = hand_of(["к", "т", "р", "о"], familiar=[("і", True)])
    table = replace(
        Table.defaults(), mode=Mode.MAGIC, familiar_properties=(FamiliarProperty.LENGTH,)
    )
    evaluator = Evaluator(hand, table, Weights.defaults())
    short = list(evaluator.plays(only_layout("кіт", hand, 0)))
    assert {tuple(p.property_values) for p in short} == {("length+",)}
    longer = list(evaluator.plays(only_layout("кріт", hand, 0)))
    assert {tuple(p.property_values) for p in longer} == {("length-", "length+")}


def test_the_elf_draws_up_to_more_with_magic_cards_left():
    cards = ["к", "і", "т", "Відродження", "Оновлення сил"]
    plain = hand_of(cards)
    elf = hand_of(cards, character="elf")
    for hand, up_to in ((plain, 9), (elf, 11)):
        evaluator = Evaluator(hand, Table.defaults(), Weights.defaults())
        (play,) = evaluator.plays(only_layout("кіт", hand))
        assert play.effects.draw_up_to == up_to
        assert play.effects.hand_after == up_to


def test_a_short_deck_limits_the_draw():
    hand = hand_of(["к", "і", "т"])
    table = replace(Table.defaults(), deck=4)
    (play,) = Evaluator(hand, table, Weights.defaults()).plays(only_layout("кіт", hand))
    assert (play.effects.drawn, play.effects.hand_after, play.effects.deck_after) == (4, 4, 0)


def test_the_score_counts_cards_out_balance_and_tokens():
    hand = hand_of(["к", "і", "т", "щ"], tokens=1)
    weights = Weights.defaults()
    table = replace(Table.defaults(), players=3)
    (play,) = Evaluator(hand, table, weights).plays(only_layout("кіть", hand))
    # 4 cards out, one green card for each of 2 neighbours at share 1/2, one token used.
    assert play.score.cards == 4
    assert play.score.balance == pytest.approx(weights.colours["green"])
    assert play.score.tokens == -weights.token
    assert play.score.total == pytest.approx(4 + weights.colours["green"] - weights.token)


def test_two_players_take_the_codex_cards_once_unless_told_twice():
    hand = hand_of(["к", "і", "т", "ь"])
    layout = only_layout("кіть", hand)
    two = replace(Table.defaults(), players=2)
    once = Evaluator(hand, two, Weights.defaults()).best_play([layout])
    twice = Evaluator(hand, replace(two, two_player_deals_twice=True), Weights.defaults())
    assert once.effects.balance == (("green",),)
    assert twice.best_play([layout]).effects.balance == (("green",), ("green",))


def test_passing_takes_three_cards_and_scores_nothing():
    hand = hand_of(["к", "і"])
    play = Evaluator(hand, replace(Table.defaults(), deck=2), Weights.defaults()).pass_play()
    assert play.is_pass
    assert (play.effects.drawn, play.effects.hand_after, play.effects.deck_after) == (2, 4, 0)
    assert play.score.total == 0


def plays_of(evaluator: Evaluator, hand: Hand, word: str):
    return [play for layout in layouts(word, hand) for play in evaluator.plays(layout)]


def assert_within_bound(evaluator: Evaluator, hand: Hand, word: str) -> None:
    for play in plays_of(evaluator, hand, word):
        layout = play.layout
        bound = evaluator.bound(layout.length, layout.tokens_used)
        assert play.score.total <= bound, (word, play.effects, bound)


@pytest.mark.parametrize("mode", list(Mode))
@pytest.mark.parametrize("prop", list(FamiliarProperty))
def test_the_bound_is_never_beaten_whatever_the_familiar_cards_property(prop, mode):
    """The one Familiar card lies under each property in turn: under ±1 a 3-letter word
    counted as 4 deals green cards that a 3-letter word does not, which the bound must allow
    for, as it must a card more out for the two discarding properties."""
    hand = hand_of(["к", "і", "т", "*", "с", "а"], tokens=2, familiar=[("о", True)])
    others = tuple(p for p in DEFAULT_FAMILIAR_PROPERTIES if p is not prop)
    table = replace(Table.defaults(), mode=mode, familiar_properties=(prop, *others))
    evaluator = Evaluator(hand, table, Weights.defaults())
    checked = 0
    for word in ("кіт", "кот", "кіток", "коток", "кіоск", "сокіта", "костіка"):
        assert_within_bound(evaluator, hand, word)
        checked += len(plays_of(evaluator, hand, word))
    assert checked
    if mode is Mode.MAGIC and prop is FamiliarProperty.LENGTH:  # the ±1 choice was scored
        counted = {p.effects.counted_length for p in plays_of(evaluator, hand, "кот")}
        assert counted == {3, 4}


@st.composite
def words_a_hand_can_form(draw):
    """A hand and a word it can lay out: some of its letter cards, a joker card or a token's
    letter, and perhaps a Familiar card's letter, in any order."""
    letters = draw(st.lists(st.sampled_from("кітосарн"), min_size=1, max_size=8))
    jokers = draw(st.integers(0, 1))
    familiar = draw(st.lists(st.tuples(st.sampled_from("оаі"), st.booleans()), max_size=3))
    hand = hand_of(
        [*letters, *"*" * jokers, *draw(st.lists(st.just("Відродження"), max_size=1))],
        tokens=draw(st.integers(0, 3)),
        familiar=familiar,
        character=draw(st.sampled_from([None, "amazon", "druid", "elf"])),
    )
    spelled = draw(st.lists(st.sampled_from(letters), max_size=len(letters)))
    spelled += draw(st.lists(st.sampled_from("кітосарн"), max_size=jokers + hand.tokens))
    spelled += [letter for letter, _ in familiar[: draw(st.integers(0, len(familiar)))]]
    assume(len(spelled) >= MIN_WORD_LENGTH)
    return hand, "".join(draw(st.permutations(spelled)))


@settings(max_examples=300, deadline=None)
@given(
    formed=words_a_hand_can_form(),
    properties=st.permutations(list(FamiliarProperty)),
    players=st.integers(2, 4),
    twice=st.booleans(),
    deck=st.none() | st.integers(0, 12),
    decks=st.none() | st.fixed_dictionaries({c: st.integers(0, 3) for c in COLOURS}),
)
def test_no_play_beats_the_bound(formed, properties, players, twice, deck, decks):
    """Every property, every table: no play of a word scores more than the bound the search
    prunes with, for its length and its tokens."""
    hand, word = formed
    table = Table(
        players=players,
        familiar_properties=tuple(properties),
        two_player_deals_twice=twice,
        deck=deck,
        mode=Mode.MAGIC,
        balance_decks=decks,
    )
    assert_within_bound(Evaluator(hand, table, Weights.defaults()), hand, word)


def test_the_default_table_is_the_data_file():
    table = Table.defaults()
    assert (table.players, table.two_player_deals_twice) == (3, False)
    assert table.familiar_properties == (
        FamiliarProperty.DISCARD_DECK,
        FamiliarProperty.LENGTH,
        FamiliarProperty.DISCARD_HAND,
    )
    assert (table.deck, table.mode, table.balance_decks) == (None, Mode.CLASSIC, None)


@pytest.mark.parametrize(
    "values", [{"card": -1}, {"luck": 1}, {"red": 11}, {"token": float("nan")}]
)
def test_bad_weights_are_refused(values):
    with pytest.raises(InvalidValue) as error:
        Weights.defaults().with_overrides(**values)
    assert error.value.code == "invalid_weights"


def test_weights_override_the_defaults():
    weights = Weights.defaults().with_overrides(token=0.25, red=2, neighbour_share=None)
    assert weights.token == 0.25
    assert weights.colours["red"] == 2.0
    assert weights.card == Weights.defaults().card
    assert weights.neighbour_share is None
