"""Every text of the arbiter page, in Ukrainian (the default) and English: one place.

The keys are shared by the templates (server-side, :func:`text`) and the ES module (the
current language's table is embedded in the page as JSON, :func:`table`). Stable codes from
the API have keys of their own, so that a person reads what a code means in plain words:

- ``change.<code>``: what normalisation did to the input (wordsvc.alphabet);
- ``refusal.<code>``: why input can be no word at all, and the other problem codes the page
  may meet (``problem.<code>`` is looked up first, then ``refusal.<code>``);
- ``source.<source>``: how a solver slot is filled;
- ``invalid.<field>.<constraint>``, then ``invalid.<field>``: a request the API refused
  (400) for one of the page's fields, by the field and the constraint its ``problems``
  name (``{max}``: the limit, read from the field itself); ``problem.invalid`` for the rest.
  The API's ``detail`` never reaches the screen (the module logs it to the console);
- ``category.<id>``: what a category means, in a line a person reads on a phone;
- ``band.<id>``: how often a commonness band is written, in the page's words.

A category's refusal reason comes with the verdict itself (``message``/``message_uk``, from
wordsvc/data/categories.toml), and grammeme labels from wordsvc/data/grammemes.toml: those
stay where the judge keeps them and are not copied here.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Final, Literal

from wordsvc.alphabet import MAX_INPUT_LENGTH
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
    "categories_none": ("будь-яке слово зі словника", "any dictionary word"),
    "categories_change": ("змінити", "change"),
    "categories_done": ("Готово", "Done"),
    "categories_hint": (
        "Торкніться категорії, щоб погодити її чи зняти: тут буде сказано, що вона означає.",
        "Tap a category to agree on it or drop it: what it means shows here.",
    ),
    "category.any": (
        "Будь-яке слово зі словника в будь-якій формі; імена й абревіатури — лише в називному "
        "відмінку однини.",
        "Any dictionary word in any form; names and abbreviations only in the nominative singular.",
    ),
    "category.any:all": (
        "Будь-яка форма будь-якого слова зі словника, імена й абревіатури теж.",
        "Any form of any dictionary word, names and abbreviations too.",
    ),
    "category.noun-singular": (
        "Загальна назва в однині, у називному відмінку: так грають зазвичай.",
        "A common noun in the nominative singular: the game's usual rule.",
    ),
    "category.noun-plural": (
        "Загальна назва в множині, у називному відмінку (і та, що має лише множину).",
        "A common noun in the nominative plural (plural-only nouns too).",
    ),
    "category.adjective": (
        "Прикметник чи дієприкметник у називному відмінку, будь-якого роду й числа.",
        "An adjective or participle in the nominative, of any gender and number.",
    ),
    "category.verb": (
        "Дієслово в неозначеній формі (на -ти, -тися).",
        "A verb in the infinitive.",
    ),
    "category.verb:any": (
        "Будь-яка форма дієслова: минулий час, теперішній, наказовий спосіб, інфінітив.",
        "Any verb form: past, present, imperative, infinitive.",
    ),
    "category.proper-noun": (
        "Ім'я, прізвище, по батькові, назва місця, країни чи річки, у називному відмінку.",
        "A first name, surname, patronymic, or a place, country or river, in the nominative.",
    ),
    "category.surzhyk": (
        "Ненормативна форма або слово зі списку суржику.",
        "A non-standard form, or a word of the surzhyk list.",
    ),
    "category.anglicism": (
        "Запозичення з англійської, поширене в щоденній мові (зі списку).",
        "An English loanword in everyday use (from a list).",
    ),
    "category.abbreviation": (
        "Абревіатура зі словника чи зі списків слів, у будь-якій формі.",
        "An abbreviation from the dictionary or the word lists, in any form.",
    ),
    "category_other": ("Слова з окремого списку.", "The words of a list of their own."),
    "needs_js": (
        "Цей розділ працює з увімкненим JavaScript. Перевірка слів працює і без нього.",
        "This section needs JavaScript. The word check works without it.",
    ),
    "loading": ("Зачекайте…", "Working…"),
    "share": ("Посилання на цей результат", "Link to this result"),
    "api_docs": (
        "Для розробників: опис програмного інтерфейсу (англійською)",
        "For developers: the HTTP API reference",
    ),
    # --- check --------------------------------------------------------------------------
    "words": ("Слова", "Words"),
    "words_hint": (
        "Одне слово або кілька: через пробіл, кому чи з нового рядка.",
        "One word or several: separated by spaces, commas or lines.",
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
    # A suggestion's note, by its code (the API's ``note``): said beside the word.
    "suggestion_note.surzhyk": ("суржик", "surzhyk"),
    "suggestion_note_other": ("з приміткою", "with a note"),
    "normative": ("Літературною мовою:", "In standard Ukrainian:"),
    "suggestions_omitted": (
        "Підказки пропущено: у пакеті забагато відхилених слів.",
        "Suggestions left out: too many refused words in one batch.",
    ),
    "readings": ("Словникові прочитання: {n}", "Dictionary readings: {n}"),
    "lemma": ("початкова форма", "lemma"),
    # How often the spelling is written (wordfreq's list), worded so that it never reads as
    # a verdict: a form the dictionary does not know can be written often.
    "zipf": ("Це написання {band}.", "This spelling is {band}."),
    "zipf_unknown": (
        "Такого написання в текстах майже не трапляється.",
        "This spelling is hardly ever found in texts.",
    ),
    "zipf_about": (
        "Це лише те, як часто таке написання трапляється в текстах, а не словник: часто "
        "пишуть і помилки, і суржик. Чи годиться слово, кажуть словник і категорії.",
        "This only says how often this spelling occurs in texts; it is no dictionary: "
        "misspellings and surzhyk are written often too. Whether a word counts is for the "
        "dictionary and the categories to say.",
    ),
    "band.common": ("часто вживане", "common"),
    "band.ordinary": ("помірно вживане", "fairly common"),
    "band.rare": ("рідкісне", "rare"),
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
    # What a play does in the game, from the solver's answer (``|``: the forms by number,
    # as Intl.PluralRules orders the language's integers: uk one|few|many, en one|other).
    "does.cards_out": (
        "скинете {n} карту|скинете {n} карти|скинете {n} карт",
        "you get rid of {n} card|you get rid of {n} cards",
    ),
    "does.tokens": (
        "використаєте {n} жетон|використаєте {n} жетони|використаєте {n} жетонів",
        "you use {n} joker token|you use {n} joker tokens",
    ),
    "does.balance": (
        "сусіди візьмуть {n} карту Балансу сил|сусіди візьмуть {n} карти Балансу сил|"
        "сусіди візьмуть {n} карт Балансу сил",
        "your neighbours take {n} Balance of Power card|"
        "your neighbours take {n} Balance of Power cards",
    ),
    "does.balance_each": ("кожен — {colours}", "{colours} each"),
    "does.balance_in_turn": ("зліва направо: {colours}", "from the left: {colours}"),
    "does.balance_none": ("сусіди нічого не візьмуть", "your neighbours take nothing"),
    "does.nothing": ("нічого", "nothing"),
    "does.draw": (
        "доберете {n} карту|доберете {n} карти|доберете {n} карт",
        "you draw {n} card|you draw {n} cards",
    ),
    "does.hand_after": (
        "у руці буде {n} карта|у руці буде {n} карти|у руці буде {n} карт",
        "you then hold {n} card|you then hold {n} cards",
    ),
    "list_and": ("{first} й {last}", "{first} and {last}"),
    # A Balance of Power card taken, by its colour (uk: as the object of "візьмуть").
    "colour.green": ("зелену", "green"),
    "colour.yellow": ("жовту", "yellow"),
    "colour.red": ("червону", "red"),
    "incomplete": (
        "Час пошуку вичерпано: це найкращі знайдені ходи, але не доведено, що найкращі.",
        "The time budget ran out: these are the best plays found, not proven best.",
    ),
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
    "refusal.too_long": (
        f"Задовге: можна до {MAX_INPUT_LENGTH} символів.",
        f"Too long: up to {MAX_INPUT_LENGTH} characters.",
    ),
    "refusal.contains_digits": ("Слово не може містити цифр.", "A word cannot contain digits."),
    "refusal.contains_spaces": (
        "Слово не може містити пробілів.",
        "A word cannot contain spaces.",
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
    "refused_other": ("Це не може бути словом.", "This cannot be a word."),
    "problem.no_words": (
        "Тут немає жодного слова: введіть слово або кілька.",
        "There is no word here: type one or several.",
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
        "Словник ще не зібрано: той, хто запустив сервіс, має спершу зібрати його.",
        "The lexicon is not built yet: whoever runs the service must build it first.",
    ),
    "problem.lexicon_corrupt": (
        "Словник пошкоджено: той, хто запустив сервіс, має зібрати його знову.",
        "The lexicon is damaged: whoever runs the service must build it again.",
    ),
    "problem.pattern_too_broad": (
        "Шаблон надто широкий: додайте хоча б одну літеру.",
        "The pattern is too broad: add at least one letter.",
    ),
    "problem.empty_pattern": ("Введіть шаблон.", "Type a pattern."),
    "problem.pattern_too_long": ("Шаблон задовгий.", "The pattern is too long."),
    # --- requests refused for a field (400), by the field and the constraint ------------
    "invalid.pattern.string_too_long": (
        "Шаблон задовгий: до {max} символів.",
        "The pattern is too long: up to {max} characters.",
    ),
    "invalid.pattern.string_too_short": ("Введіть шаблон.", "Type a pattern."),
    "invalid.min_length": (
        "«Від»: ціле число від 1 до {max}.",
        "“From”: a whole number from 1 to {max}.",
    ),
    "invalid.max_length": (
        "«До»: ціле число від 1 до {max}.",
        "“To”: a whole number from 1 to {max}.",
    ),
    "invalid.offset": (
        "Такої сторінки немає: почніть пошук спочатку.",
        "No such page: search again from the start.",
    ),
    "invalid.word.string_too_long": (
        "Задовге слово: до {max} символів.",
        "The word is too long: up to {max} characters.",
    ),
    "invalid.word": ("Введіть одне слово.", "Type one word."),
    "invalid.cards": (
        "Перевірте літери в руці: через пробіл, * — карта-джокер.",
        "Check the letters in hand: space-separated, * for a joker card.",
    ),
    "invalid.categories": ("Невідома категорія.", "Unknown category."),
    "invalid.words": ("Перевірте слова.", "Check the words."),
    "problem.invalid": (
        "Сервіс не прийняв цього значення: перевірте поле.",
        "The service did not take this value: check the field.",
    ),
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
    "problem.rate_limited": (
        "Забагато запитів за короткий час. Зачекайте хвилинку і спробуйте ще раз.",
        "Too many requests in a short time. Wait a minute, then try again.",
    ),
    "problem.invalid_api_key": (
        "Сервіс не знає ключа доступу, який надіслала ця програма.",
        "The service does not know the API key this app sent.",
    ),
    "busy.title": ("Зачекайте трохи", "Wait a moment"),
    "busy.body": (
        "Ця сторінка відкривалася надто часто за короткий час. Вона відкриється сама за "
        "{seconds} с.",
        "This page was opened too often in a short time. It opens again by itself in {seconds} s.",
    ),
    "busy.again": ("Відкрити зараз", "Open now"),
    "problem.network": (
        "Сервіс не відповідає. Перевірте з'єднання і спробуйте ще раз.",
        "The service does not answer. Check the connection and try again.",
    ),
    "problem.unexpected": (
        "Щось пішло не так. Спробуйте ще раз.",
        "Something went wrong. Try again.",
    ),
}


def text(key: str, lang: Lang = DEFAULT_LANG, **values: object) -> str:
    """The text ``key`` in ``lang`` with its placeholders filled. An unknown key is a bug:
    it raises, and the test of every template finds it."""
    uk, en = TEXTS[key]
    template = uk if lang == "uk" else en
    return template.format(**values)


def problem_text(code: str, lang: Lang, details: dict[str, object] | None = None) -> str | None:
    """The plain-language message for a stable error code, or None when the page has none
    (the caller then logs the API's own ``detail`` and shows ``problem.unexpected``)."""
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
