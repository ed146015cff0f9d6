"""The build pipeline on a tiny fake dictionary: atomic publishing, manifest, staleness."""

import gc
import shutil
import threading
from dataclasses import replace

import pytest

from tests.conftest import FAKE_DICTIONARY
from wordsvc import build as build_module
from wordsvc.errors import ConfigurationError, LexiconNotBuilt
from wordsvc.lexicon.store import CURRENT, FORMAT_VERSION, StoredLexicon


def test_build_publishes_tries_and_a_manifest(tiny):
    manifest = build_module.build(tiny)
    lexicon = StoredLexicon(tiny.data_dir)
    assert "дуб" in lexicon
    assert {kind.tag for kind, _ in lexicon.analyses("дуба")} == {"NOUN,inan masc,gent"}
    assert [(k.source, k.tag, lemma) for k, lemma in lexicon.analyses("київ")] == [
        ("system-wordlist", "Capitalised", "Київ")
    ]
    assert lexicon.analyses("гикач")[0][0].source == "words:game"
    counts = manifest["counts"]
    added = {"київ", "оон", "нове", "гикач", "сорока", "горобець"}
    assert counts["forms"] == len({e.word for e in FAKE_DICTIONARY} | added)
    assert counts["analyses"] == len(FAKE_DICTIONARY) + len(added)
    assert counts["skipped_by_source"]["system-wordlist"] == 1
    assert manifest["rejected_list_lines"]["list:birds"] == [[6, "2bad", "contains_digits"]]
    assert {s["id"] for s in manifest["sources"]} == {
        "pymorphy3-dicts-uk", "words:game", "list:birds", "system-wordlist", "wordfreq",
    }  # fmt: skip
    wordfreq = next(s for s in manifest["sources"] if s["id"] == "wordfreq")
    assert wordfreq["meta"]["licence"] == "CC BY-SA 4.0"
    assert lexicon.zipf("сорока") > 3.0  # a listed form of the tiny lexicon
    assert lexicon.zipf("гикач") == 0.0
    assert counts["with_zipf"] >= 2
    assert lexicon.verify() == {}


def test_category_sets_hold_playable_forms_only(tiny):
    build_module.build(tiny)
    lexicon = StoredLexicon(tiny.data_dir)
    assert set(lexicon.word_set("noun-singular").keys()) == {"дуб"}
    assert set(lexicon.word_set("noun-plural").keys()) == {"дуби"}
    assert set(lexicon.word_set("birds").keys()) == {"сорока", "горобець"}
    assert "аби-як" not in lexicon.word_set("any")  # hyphenated: never playable
    assert {"київ", "гикач", "микола"} <= set(lexicon.word_set("proper-noun").keys())
    assert "оон" in lexicon.word_set("abbreviation")


def test_system_words_already_in_the_dictionary_add_nothing(tiny):
    build_module.build(tiny)
    lexicon = StoredLexicon(tiny.data_dir)
    assert [k.source for k, _ in lexicon.analyses("дуб")] == ["pymorphy3-dicts-uk"]
    assert [k.source for k, _ in lexicon.analyses("нове")] == ["system-wordlist"]


def test_without_a_system_wordlist_the_build_says_so(tiny, monkeypatch):
    monkeypatch.setenv("WORDSVC_SYSTEM_WORDLIST", "")
    notes = []

    class Recorder(build_module.SilentProgress):
        def note(self, message):
            notes.append(message)

    manifest = build_module.build(tiny, Recorder())
    assert "wukrainian" in manifest["system_wordlist"]
    assert notes == [manifest["system_wordlist"]]
    assert "київ" not in StoredLexicon(tiny.data_dir)


def test_a_changed_source_makes_the_lexicon_stale(tiny):
    build_module.build(tiny)
    assert build_module.is_up_to_date(tiny)
    birds = tiny.dictionaries_dir / "categories" / "birds.txt"
    birds.write_text(birds.read_text(encoding="utf-8") + "синиця\n", encoding="utf-8")
    assert not build_module.is_up_to_date(tiny)
    build_module.build(tiny)
    assert build_module.is_up_to_date(tiny)
    assert "синиця" in StoredLexicon(tiny.data_dir).word_set("birds")


def test_an_interrupted_build_leaves_the_published_lexicon_in_use(tiny, monkeypatch):
    build_module.build(tiny)
    before = (tiny.data_dir / CURRENT).resolve()

    def explode(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(build_module, "_write_category_sets", explode)
    with pytest.raises(KeyboardInterrupt):
        build_module.build(tiny)
    assert (tiny.data_dir / CURRENT).resolve() == before
    assert "дуб" in StoredLexicon(tiny.data_dir)
    leftovers = [p.name for p in tiny.data_dir.iterdir() if p.name.startswith(".building")]
    assert leftovers == []


def test_a_rebuild_keeps_an_open_lexicon_readable(tiny):
    build_module.build(tiny)
    opened = StoredLexicon(tiny.data_dir)
    build_module.build(tiny)  # publishes a new directory and removes the old one
    assert "дуб" in opened
    assert "дуб" in opened.word_set("noun-singular")


def test_loading_without_a_build_says_how_to_build(tmp_path):
    with pytest.raises(LexiconNotBuilt, match="wordsvc build"):
        StoredLexicon(tmp_path)


def test_capitalised_lemmas_mark_the_dictionarys_common_nouns_with_or_without_the_list(
    tiny, monkeypatch
):
    lemmas = tiny.dictionaries_dir / "lemmas"
    lemmas.mkdir()
    (lemmas / "capitalised.txt").write_text("# id: capitalised-lemmas\nДуб\n", "utf-8")
    verdicts = []
    for wordlist in (None, ""):  # the tiny fixture's list, then none
        if wordlist is not None:
            monkeypatch.setenv("WORDSVC_SYSTEM_WORDLIST", wordlist)
        build_module.build(tiny)
        lexicon = StoredLexicon(tiny.data_dir)
        tags = {kind.tag for kind, _ in lexicon.analyses("дуба")}
        assert tags == {"NOUN,inan masc,gent,Prop"}
        dictionary = ("дуб", "дуба", "дуби", "бігати", "микола")
        verdicts.append(
            {c: sorted(set(lexicon.word_set(c).keys()) & set(dictionary)) for c in
             ("any", "noun-singular", "noun-plural", "proper-noun", "abbreviation", "verb")}
        )  # fmt: skip
    assert verdicts[0] == verdicts[1], "dictionary forms judged alike with and without the list"
    assert verdicts[0]["proper-noun"] == ["дуб", "дуби", "микола"]
    assert verdicts[0]["noun-singular"] == []


def test_a_rebuild_says_why(tiny, monkeypatch):
    assert build_module.stale_reason(tiny) == "no lexicon has been built yet (first use)"
    build_module.build(tiny)
    assert build_module.stale_reason(tiny) is None
    birds = tiny.dictionaries_dir / "categories" / "birds.txt"
    birds.write_text(birds.read_text(encoding="utf-8") + "синиця\n", encoding="utf-8")
    monkeypatch.setenv("WORDSVC_SYSTEM_WORDLIST", "")
    assert build_module.stale_reason(tiny) == (
        "its sources changed: Debian's word list was removed; "
        "dictionaries/categories/birds.txt changed"
    )
    monkeypatch.setattr(build_module, "FORMAT_VERSION", 999)
    assert f"lexicon format {FORMAT_VERSION} → 999" in (build_module.stale_reason(tiny) or "")


def test_the_system_list_adds_no_analysis_to_a_dictionary_form(tiny, monkeypatch, tmp_path):
    system = tmp_path / "capitals"
    system.write_text("Дуба\nМИКОЛА\nКиїв\n", encoding="utf-8")
    monkeypatch.setenv("WORDSVC_SYSTEM_WORDLIST", str(system))
    build_module.build(tiny)
    lexicon = StoredLexicon(tiny.data_dir)
    assert [k.source for k, _ in lexicon.analyses("дуба")] == ["pymorphy3-dicts-uk"]
    assert [k.source for k, _ in lexicon.analyses("микола")] == ["pymorphy3-dicts-uk"]
    assert [k.source for k, _ in lexicon.analyses("київ")] == ["system-wordlist"]


def test_a_tagged_word_list_gives_its_entries_their_part_of_speech(tiny):
    words = tiny.dictionaries_dir / "words"
    (words / "uninflected.txt").write_text("# id: uninflected\n# tags: comment\nагов  # INTJ\n")
    build_module.build(tiny)
    lexicon = StoredLexicon(tiny.data_dir)
    assert [(k.source, k.tag) for k, _ in lexicon.analyses("агов")] == [
        ("words:uninflected", "INTJ")
    ]
    assert "агов" in lexicon.word_set("any")


def test_an_entry_without_a_part_of_speech_in_a_tagged_list_stops_the_build(tiny):
    words = tiny.dictionaries_dir / "words"
    (words / "uninflected.txt").write_text("# id: uninflected\n# tags: comment\nагов  # ?\n")
    with pytest.raises(ConfigurationError, match="агов") as raised:
        build_module.build(tiny)
    assert raised.value.code == "untagged_entry"


def test_a_missing_or_empty_dictionaries_folder_is_an_error_not_empty_categories(tiny, tmp_path):
    for folder in (tmp_path / "nowhere", tmp_path / "empty"):
        if folder.name == "empty":
            (folder / "words").mkdir(parents=True)
        with pytest.raises(ConfigurationError, match="WORDSVC_DICTIONARIES_DIR") as raised:
            build_module.build(replace(tiny, dictionaries_dir=folder))
        assert raised.value.code == "no_dictionaries"


def test_the_zipf_table_knows_listed_words_the_lexicon_lacks(tiny):
    build_module.build(tiny)
    lexicon = StoredLexicon(tiny.data_dir)
    assert "вже" not in lexicon  # the tiny dictionary has no вже, wordfreq has
    assert lexicon.zipf("вже") > 6


def test_installs_with_different_sources_share_a_data_directory(tiny, tmp_path):
    """Each keeps its own version; neither rebuilds the other's away."""
    other = tmp_path / "other-dictionaries"
    shutil.copytree(tiny.dictionaries_dir, other)
    (other / "words" / "house.txt").write_text("# id: house\nмяв\n", encoding="utf-8")
    second = replace(tiny, dictionaries_dir=other)
    build_module.build(tiny)
    build_module.build(second)
    assert build_module.stale_reason(tiny) is None
    assert build_module.stale_reason(second) is None
    assert "мяв" not in build_module.open_lexicon(tiny)
    assert "мяв" in build_module.open_lexicon(second)
    assert len(list(tiny.data_dir.glob("lexicon-*"))) == 2


def test_a_superseded_version_goes_only_once_no_process_holds_it(tiny):
    build_module.build(tiny)
    held = build_module.open_lexicon(tiny)
    build_module.build(tiny)  # the same sources again: the first version is superseded
    assert held.path.exists(), "an open version is never removed"
    del held
    gc.collect()
    build_module.build(tiny)
    assert len(list(tiny.data_dir.glob("lexicon-*"))) == 1


def test_two_builds_at_once_make_one_lexicon_without_a_traceback(tiny, monkeypatch):
    """The second build waits for the first's lock, then uses what it built."""
    first_started, release = threading.Event(), threading.Event()
    real_build = build_module._build
    builds = []

    def slow_build(*args, **kwargs):
        builds.append(threading.current_thread().name)
        first_started.set()
        assert release.wait(60)
        return real_build(*args, **kwargs)

    monkeypatch.setattr(build_module, "_build", slow_build)
    results: dict[str, object] = {}

    def run(name: str) -> None:
        try:
            results[name] = build_module.build(tiny, WaitingProgress(release))
        except BaseException as exc:  # a traceback in either thread fails the test
            results[name] = exc

    first = threading.Thread(target=run, args=("first",), name="first")
    first.start()
    assert first_started.wait(60)
    second = threading.Thread(target=run, args=("second",), name="second")
    second.start()  # waits for the lock; its progress note releases the first build
    first.join(120)
    second.join(120)
    assert builds == ["first"]
    assert results["first"]["fingerprint"] == results["second"]["fingerprint"]
    assert len(list(tiny.data_dir.glob("lexicon-*"))) == 1
    assert not list(tiny.data_dir.glob(".building-*"))


class WaitingProgress(build_module.SilentProgress):
    """Releases the first build once the second says it waits for it."""

    def __init__(self, release: threading.Event) -> None:
        self.release = release

    def note(self, message: str) -> None:
        if message.startswith("Another process is building"):
            self.release.set()
