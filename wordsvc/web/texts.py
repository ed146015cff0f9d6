"""Every text of the arbiter page, in Ukrainian (the default) and English: one place.

The keys are shared by the templates (server-side, :func:`text`) and the ES module (the
current language's table is embedded in the page as JSON, :func:`table`). Stable codes from
the API have keys of their own, so that a person reads what a code means in plain words:

- ``change.<code>``: what normalisation did to the input (wordsvc.alphabet);
- ``refusal.<code>``: why input can be no word at all, and the other problem codes the page
  may meet (``problem.<code>`` is looked up first, then ``refusal.<code>``);
- ``source.<source>``: how a solver slot is filled.

A category's refusal reason comes with the verdict itself (``message``/``message_uk``, from
wordsvc/data/categories.toml), and grammeme labels from wordsvc/data/grammemes.toml: those
stay where the judge keeps them and are not copied here.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Final, Literal

from wordsvc.morphology import GRAMMEMES_FILE

Lang = Literal["uk", "en"]
LANGS: Final[tuple[Lang, ...]] = ("uk", "en")
DEFAULT_LANG: Final[Lang] = "uk"

#: key -> (Ukrainian, English). ``{name}`` placeholders are filled by the caller.
TEXTS: Final[dict[str, tuple[str, str]]] = {
    # --- the page -----------------------------------------------------------------------
    "title": ("Арбітр «Слів магії»", "Words of Magic arbiter"),
    "tagline": (
        "Суперечка про слово? Перевірте, знайдіть найкращий хід, пошукайте за шаблоном.",
        "A word dispute? Check it, find the best play, search by pattern.",
    ),
    "switch_lang": ("English", "Українська"),
    "switch_lang_label": ("Switch to English", "Перейти на українську"),
    "nav": ("Розділи", "Sections"),
    "view.check": ("Перевірка", "Check"),
    "view.solve": ("Найкращі ходи", "Best plays"),
    "view.search": ("Пошук", "Search"),
    "categories": ("Погоджені категорії", "Agreed categories"),
    "categories_hint": (
        "Жодної не позначено: годиться будь-яке слово зі словника.",
        "None ticked: any dictionary word counts.",
    ),
    "needs_js": (
        "Цей розділ працює з увімкненим JavaScript. Перевірка слів працює і без нього.",
        "This section needs JavaScript. The word check works without it.",
    ),
    "loading": ("Зачекайте…", "Working…"),
    "share": ("Посилання на цей результат", "Link to this result"),
    "api_docs": ("Довідка HTTP API", "HTTP API reference"),
    # --- check --------------------------------------------------------------------------
    "words": ("Слова", "Words"),
    "words_hint": (
        "Одне слово або кілька, по одному в рядку.",
        "One word, or several, one a line.",
    ),
    "check": ("Перевірити", "Check"),
    "playable": ("Можна", "Playable"),
    "not_playable": ("Не можна", "Not playable"),
    "refused_input": ("Не слово", "Not a word"),
    "letters": ("літер: {n}", "{n} letters"),
    "read_as": ("Прочитано як «{word}»", "Read as “{word}”"),
    "accepted": ("прийнято", "accepted"),
    "also": ("також: {reasons}", "also: {reasons}"),
    "house_word": ("Домашнє слово столу.", "A house word of the table."),
    "suggestions": ("Можливо, ви мали на увазі:", "Did you mean:"),
    "suggestions_omitted": (
        "Підказки пропущено: у пакеті забагато відхилених слів.",
        "Suggestions left out: too many refused words in one batch.",
    ),
    "readings": ("Словникові прочитання: {n}", "Dictionary readings: {n}"),
    "lemma": ("початкова форма", "lemma"),
    "zipf": ("Уживаність: {zipf} за шкалою Zipf ({band})", "Commonness: {zipf} Zipf ({band})"),
    "summary_all": ("Усі слова можна скласти.", "Every word is playable."),
    "summary_some": ("Можна: {ok} з {n}.", "Playable: {ok} of {n}."),
    # --- solve --------------------------------------------------------------------------
    "hand": ("Літери в руці", "Letters in hand"),
    "hand_hint": ("Через пробіл; * — карта-джокер.", "Space-separated; * is a joker card."),
    "magic_cards": ("Магічні карти в руці", "Magic cards in hand"),
    "tokens": ("Жетони-джокери", "Joker tokens"),
    "familiar": ("Фамільяр: три літери", "The Familiar: three letters"),
    "familiar_letter": ("Літера {n} фамільяра", "Familiar letter {n}"),
    "figure": ("Фігурка стоїть на", "The figure stands on"),
    "figure_none": ("жодній", "none"),
    "character": ("Персонаж", "Character"),
    "character_none": ("без персонажа", "no character"),
    "mode": ("Режим", "Mode"),
    "mode.classic": ("класичний", "classic"),
    "mode.magic": ("магічний", "magic"),
    "can_make": ("Чи можу скласти це слово?", "Can I make this word?"),
    "solve": ("Знайти ходи", "Find plays"),
    "plays": ("Найкращі ходи", "Best plays"),
    "no_plays": ("Жодного слова з цієї руки.", "No word from this hand."),
    "pass": ("Пас", "Pass"),
    "score": ("очки {total}", "score {total}"),
    "score_parts": (
        "карти {cards} · баланс {balance} · жетони {tokens}",
        "cards {cards} · balance {balance} · tokens {tokens}",
    ),
    "neighbours_take": ("Сусіди беруть: {cards}", "Neighbours take: {cards}"),
    "nothing": ("нічого", "nothing"),
    "draw_up_to": ("добір до {n}", "draw up to {n}"),
    "hand_after": ("у руці після ходу: {n}", "hand after: {n}"),
    "incomplete": (
        "Час пошуку вичерпано: це найкращі знайдені ходи, але не доведено, що найкращі.",
        "The time budget ran out: these are the best plays found, not proven best.",
    ),
    "colour.green": ("зелена", "green"),
    "colour.yellow": ("жовта", "yellow"),
    "colour.red": ("червона", "red"),
    # What fills a letter, as marked on its card (short: a card is 2.3rem wide on a phone).
    "source.letter_card": ("літера", "letter"),
    "source.joker_card": ("джокер", "joker"),
    "source.token": ("жетон", "token"),
    "source.familiar": ("фам. {n}", "fam. {n}"),
    "source.amazon": ("амаз.", "amaz."),
    # --- search -------------------------------------------------------------------------
    "pattern": ("Шаблон", "Pattern"),
    "pattern_hint": ("? — одна літера, * — будь-які літери.", "? is one letter, * any letters."),
    "min_length": ("Від (літер)", "From (letters)"),
    "max_length": ("До (літер)", "To (letters)"),
    "search": ("Шукати", "Search"),
    "found": ("Знайдено: {total}", "Found: {total}"),
    "found_truncated": ("Знайдено понад {total}: звузьте шаблон.", "More than {total}: narrow it."),
    "page_of": ("{first}–{last} з {total}", "{first}–{last} of {total}"),
    "prev": ("← Назад", "← Previous"),
    "next": ("Далі →", "Next →"),
    "no_matches": ("Нічого не знайдено.", "Nothing found."),
    # --- normalisation changes (wordsvc.alphabet) ---------------------------------------
    "change.trimmed": ("прибрано пробіли довкола слова", "removed spaces around the word"),
    "change.nfc": ("складено літери з наголосами (NFC)", "composed letters and accents (NFC)"),
    "change.invisible_removed": ("прибрано невидимі символи", "removed invisible characters"),
    "change.stress_removed": ("прибрано знаки наголосу", "removed stress marks"),
    "change.apostrophe_unified": (
        "апостроф {chars} прочитано як '",
        "read the apostrophe {chars} as '",
    ),
    "change.hyphen_unified": (
        "тире {chars} прочитано як дефіс",
        "read the dash {chars} as a hyphen",
    ),
    "change.latin_lookalikes": (
        "латинські літери {chars} прочитано як кириличні",
        "read the Latin letters {chars} as Cyrillic",
    ),
    "change.lowercased": ("великі літери змінено на малі", "changed capitals to lower case"),
    # --- refusals and problems (stable codes) -------------------------------------------
    "refusal.empty": ("Порожньо: введіть слово.", "Nothing there: type a word."),
    "refusal.too_long": ("Задовге: щонайбільше 64 символи.", "Too long: at most 64 characters."),
    "refusal.contains_digits": ("Слово не може містити цифр.", "A word cannot contain digits."),
    "refusal.contains_spaces": (
        "Слово не може містити пробілів: по одному слову в рядку.",
        "A word cannot contain spaces: one word a line.",
    ),
    "refusal.contains_symbols": (
        "Слово не може містити символів чи емодзі.",
        "A word cannot contain symbols or emoji.",
    ),
    "refusal.contains_punctuation": (
        "Слово не може містити розділових знаків.",
        "A word cannot contain punctuation.",
    ),
    "refusal.invalid_characters": ("Недозволені символи.", "Characters no word can have."),
    "refusal.not_cyrillic": ("Це не кирилиця.", "Not Cyrillic."),
    "refusal.mixed_scripts": (
        "Суміш абеток: літера іншої абетки, не схожа на кириличну.",
        "Mixed scripts: a letter of another script that looks like no Cyrillic one.",
    ),
    "refusal.non_ukrainian_letters": (
        "Літери не з української абетки (ы, э, ъ, ё…).",
        "Letters outside the Ukrainian alphabet (ы, э, ъ, ё…).",
    ),
    "refusal.misplaced_punctuation": (
        "Апостроф чи дефіс має стояти між літерами.",
        "An apostrophe or hyphen must stand between two letters.",
    ),
    "problem.unknown_category": ("Невідома категорія.", "Unknown category."),
    "problem.skylark_action_unused": (
        "Жайворонок дає ще одну дію: виконайте її, поки вона можлива.",
        "The Skylark gives one further action: take it while one is possible.",
    ),
    "problem.curse_without_effect": (
        "Жовтих карт не лишилося: прокляття Відьми нічого не дало б, тож його не витрачено.",
        "No yellow card is left: the Witch's curse would do nothing, so it is not spent.",
    ),
    "problem.too_many_words": (
        "Забагато слів: щонайбільше {max} за раз.",
        "Too many words: at most {max} at once.",
    ),
    "problem.lexicon_not_built": (
        "Словник ще не зібрано: запустіть `wordsvc build` на сервері.",
        "The lexicon is not built yet: run `wordsvc build` on the server.",
    ),
    "problem.lexicon_corrupt": (
        "Словник пошкоджено: зберіть його знову (`wordsvc build`).",
        "The lexicon is damaged: build it again (`wordsvc build`).",
    ),
    "problem.pattern_too_broad": (
        "Шаблон надто широкий: додайте хоча б одну літеру.",
        "The pattern is too broad: add at least one letter.",
    ),
    "problem.empty_pattern": ("Введіть шаблон.", "Type a pattern."),
    "problem.pattern_too_long": ("Шаблон задовгий.", "The pattern is too long."),
    "problem.hyphenated": (
        "Слова з дефісом не можна скласти.",
        "Hyphenated words are not playable.",
    ),
    "problem.invalid_length_range": (
        "Мінімальна довжина більша за максимальну.",
        "The shortest length is above the longest.",
    ),
    "problem.unknown_card": ("Невідома карта: {card}.", "Unknown card: {card}."),
    "problem.word_not_formable": (
        "Цією рукою не скласти «{word}»: бракує літер, і джокерів та жетонів на них не досить.",
        "This hand cannot make “{word}”: letters are missing, and jokers and tokens cannot "
        "cover them all.",
    ),
    "problem.word_not_playable": (
        "«{word}» не можна зіграти в погоджених категоріях.",
        "“{word}” is not playable under the agreed categories.",
    ),
    "problem.invalid_card": (
        "Такої карти немає в грі: {card}.",
        "No such card in the game: {card}.",
    ),
    "problem.too_many_cards": ("Забагато карт у руці.", "Too many cards in hand."),
    "problem.invalid_familiar": (
        "Фамільяр: по одній літері на кожну з трьох карт.",
        "The Familiar: one letter on each of three cards.",
    ),
    "problem.invalid_tokens": ("Жетонів від 0 до 3.", "Tokens: 0 to 3."),
    "problem.unknown_character": ("Невідомий персонаж.", "Unknown character."),
    "problem.network": (
        "Сервіс не відповідає. Перевірте з'єднання і спробуйте ще раз.",
        "The service does not answer. Check the connection and try again.",
    ),
    "problem.unexpected": ("Несподівана помилка ({code}).", "Unexpected error ({code})."),
}


def text(key: str, lang: Lang = DEFAULT_LANG, **values: object) -> str:
    """The text ``key`` in ``lang`` with its placeholders filled. An unknown key is a bug:
    it raises, and the test of every template finds it."""
    uk, en = TEXTS[key]
    template = uk if lang == "uk" else en
    return template.format(**values)


def problem_text(code: str, lang: Lang, details: dict[str, object] | None = None) -> str | None:
    """The plain-language message for a stable error code, or None when the page has none
    (the caller then shows the API's own ``detail``)."""
    for key in (f"problem.{code}", f"refusal.{code}"):
        if key in TEXTS:
            try:
                return text(key, lang, **(details or {}))
            except (KeyError, IndexError):  # a detail the text names is missing
                return None
    return None


def parse_lang(value: str | None) -> Lang:
    """``?lang=`` as a language the page speaks, Ukrainian for anything else."""
    return "en" if value == "en" else DEFAULT_LANG


@cache
def grammeme_labels(lang: Lang) -> dict[str, str]:
    """Grammeme -> its label in ``lang``, from the judge's own table (grammemes.toml)."""
    with GRAMMEMES_FILE.open("rb") as fh:
        sections: dict[str, dict[str, dict[str, str]]] = tomllib.load(fh)
    return {key: names[lang] for section in sections.values() for key, names in section.items()}


@cache
def table(lang: Lang) -> dict[str, object]:
    """Everything the ES module needs in ``lang``: the texts and the grammeme labels."""
    texts = {key: (uk if lang == "uk" else en) for key, (uk, en) in TEXTS.items()}
    return {
        "lang": lang,
        "texts": texts,
        "grammemes": grammeme_labels(lang),
    }
