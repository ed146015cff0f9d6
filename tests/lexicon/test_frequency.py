"""Word commonness: wordfreq's list as the build reads it, the stored table, the bands."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from wordsvc.alphabet import APOSTROPHE, LETTER_SET
from wordsvc.lexicon.frequency import (
    WORDFREQ_LICENCE,
    ZipfTable,
    band_of,
    bands,
    known_from,
    read_wordfreq,
    zipf_of_frequency,
    zipf_trie,
)


@pytest.fixture(scope="module")
def frequencies():
    return read_wordfreq()


def test_the_list_keeps_only_what_cards_can_spell(frequencies):
    assert len(frequencies.zipf) > 300_000
    spelling = LETTER_SET | {APOSTROPHE}
    assert all(spelling.issuperset(word) for word in frequencies.zipf)
    assert frequencies.zipf["м'ясо"] > 3  # wordfreq writes the apostrophe as the lexicon does
    assert frequencies.info.meta["licence"] == WORDFREQ_LICENCE
    assert frequencies.info.checksum.startswith("sha256:")


def test_everyday_words_are_commoner_than_rare_ones(frequencies):
    zipf = frequencies.zipf
    assert zipf["на"] > zipf["кіт"] > zipf["морозиво"] > 3
    assert "азометин" not in zipf
    assert zipf["морозиво"] == pytest.approx(3.85, abs=0.01)  # wordfreq's own value


def test_zipf_is_wordfreqs_scale_to_two_decimals():
    assert zipf_of_frequency(1e-6) == 3.0
    assert zipf_of_frequency(0.0) == 0.0
    assert zipf_of_frequency(0.025118864315095794) == 7.4


def test_bands_cover_the_scale_from_the_top_down_to_unknown():
    ids = [band.id for band in bands()]
    assert ids == ["common", "ordinary", "rare", "unknown"]
    assert band_of(0.0).id == "unknown"
    assert band_of(1.2).id == "rare"
    assert band_of(known_from()).id == "ordinary"
    assert band_of(4.5).id == "common"
    assert all(band.label and band.label_uk for band in bands())


@given(st.floats(0, 8))
def test_every_value_falls_in_exactly_the_band_below_it(zipf):
    band = band_of(zipf)
    assert band.start <= zipf
    assert not any(other.start <= zipf for other in bands() if other.start > band.start)


def test_the_stored_table_gives_hundredths_and_zero_for_unlisted(tmp_path):
    trie = zipf_trie({"кіт": 4.22, "пес": 3.5, "ніщо": 1.0}, ["кіт", "пес", "хата"])
    path = tmp_path / "zipf.marisa"
    trie.save(str(path))
    table = ZipfTable.load(path)
    assert len(table) == 2  # only forms of the lexicon that the list has
    assert table.units("кіт") == 422
    assert table.zipf("пес") == 3.5
    assert table.zipf("хата") == 0.0
    assert table.zipf("ніщо") == 0.0


@given(st.floats(0, 8))
@example(0.025)  # round(2.5) is 2, round(0.025, 2) is 0.03: CI once found it
def test_hundredths_round_trip(zipf):
    trie = zipf_trie({"слово": zipf}, ["слово"])
    assert math.isclose(ZipfTable(trie).zipf("слово"), round(zipf, 2), abs_tol=0.005)
