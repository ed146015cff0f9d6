"""What the play pages say for a problem document's ``code``: keys ``problem.<code>``.

Every code the game routes (``/v1/games``) document in ``/openapi.json``, and every refusal a
game's rules page lists under **Refusals** (``docs/rules/<game>.md``), has a text here in both
languages (``tests/web/test_problem_texts.py``). A code without one is told in the general
sentence, ``problem.general``; the API's ``detail`` goes to the console, for developers.
"""

from __future__ import annotations

from typing import Final

#: Problems of the page itself, and the general sentence.
PAGE: Final[dict[str, tuple[str, str]]] = {
    "problem.general": (
        "Сервер не виконав запит. Спробуйте ще раз або оновіть сторінку.",
        "The server did not do it. Try again, or reload the page.",
    ),
    "problem.network": ("Немає зв'язку із сервером.", "The server cannot be reached."),
    "problem.unexpected": ("Неочікувана відповідь сервера.", "An unexpected answer."),
}

#: Requests the server could not read: the page's own mistakes, never the player's.
REQUESTS: Final[dict[str, tuple[str, str]]] = {
    "problem.malformed_json": (
        "Сторінка надіслала пошкоджений запит. Оновіть сторінку.",
        "The page sent a broken request. Reload the page.",
    ),
    "problem.invalid_body": (
        "Сервер не зрозумів запит сторінки. Оновіть сторінку.",
        "The server did not understand the page's request. Reload the page.",
    ),
    "problem.unknown_field": (
        "Запит сторінки має поле, якого сервер не знає. Оновіть сторінку.",
        "The page's request has a field the server does not know. Reload the page.",
    ),
    "problem.invalid_parameter": (
        "Адреса запиту має хибне значення. Оновіть сторінку.",
        "The request's address has a wrong value. Reload the page.",
    ),
    "problem.invalid_suggest": (
        "Запит підказок має хибне значення.",
        "The request for suggestions has a wrong value.",
    ),
    "problem.payload_too_large": ("Запит завеликий.", "The request is too large."),
    "problem.uri_too_long": ("Адреса запиту задовга.", "The request's address is too long."),
    "problem.malformed_request": (
        "Сервер не зміг прочитати запит. Оновіть сторінку.",
        "The server could not read the request. Reload the page.",
    ),
    "problem.headers_too_large": (
        "Заголовки запиту завеликі. Оновіть сторінку.",
        "The request's headers are too large. Reload the page.",
    ),
    "problem.unsupported_media_type": (
        "Сервер чекав на інший формат запиту. Оновіть сторінку.",
        "The server expected another kind of request. Reload the page.",
    ),
    "problem.internal_error": (
        "На сервері сталася помилка. Спробуйте ще раз.",
        "Something went wrong on the server. Try again.",
    ),
    "problem.database_busy": (
        "Сервер зараз зайнятий. Спробуйте ще раз за мить.",
        "The server is busy. Try again in a moment.",
    ),
    "problem.too_many_streams": (
        "З цієї адреси вже відкрито забагато живих стрічок гри. Закрийте зайві вкладки.",
        "Too many live game feeds are open from this address. Close the tabs you don't need.",
    ),
    "problem.overloaded": (
        "Сервер зараз тримає стільки живих стрічок, скільки може. Спробуйте за мить.",
        "The server holds as many live feeds as it can. Try again in a moment.",
    ),
    "problem.rate_limited": (
        "Забагато запитів за короткий час. Зачекайте хвилинку і спробуйте ще раз.",
        "Too many requests in a short time. Wait a minute, then try again.",
    ),
    "problem.invalid_api_key": (
        "Сервіс не знає ключа доступу, який надіслала ця програма.",
        "The service does not know the API key this app sent.",
    ),
    "problem.lexicon_not_built": (
        "Словник на сервері ще не зібрано, тож слова перевірити не можна.",
        "The server's dictionary is not built yet, so no word can be checked.",
    ),
    "problem.lexicon_corrupt": (
        "Словник на сервері пошкоджено, тож слова перевірити не можна.",
        "The server's dictionary is damaged, so no word can be checked.",
    ),
}

#: Creating a game and taking a seat.
SESSIONS: Final[dict[str, tuple[str, str]]] = {
    "problem.missing_game": ("Оберіть гру.", "Choose a game."),
    "problem.invalid_game": ("Оберіть гру з переліку.", "Choose a game from the list."),
    "problem.unknown_game": ("Такої гри на цьому сервері немає.", "This server has no such game."),
    "problem.invalid_options": (
        "Деякі налаштування не підходять: їх позначено.",
        "Some options do not fit: they are marked.",
    ),
    "problem.invalid_seed": (
        "Розклад карт має бути цілим числом.",
        "The deal's seed must be a whole number.",
    ),
    "problem.missing_seats": ("Додайте місця за столом.", "Add the seats at the table."),
    "problem.invalid_play_seat": (
        "Грати самому можна лише за одне з місць для людей.",
        "The seat you play yourself must be one of the seats for people.",
    ),
    "problem.invalid_hold_seats": (
        "Чи тримати посилання місць — так чи ні.",
        "Holding the seats' links is yes or no.",
    ),
    "problem.invalid_seats": (
        "Місця за столом задано хибно: ім'я — від 1 до {max_name} знаків.",
        "The seats are wrong: a name has 1 to {max_name} characters.",
    ),
    "problem.too_many_seats": ("Забагато місць за столом.", "Too many seats at the table."),
    "problem.seat_count_mismatch": (
        "Місць має бути стільки, скільки гравців.",
        "There must be one seat per player.",
    ),
    "problem.unknown_bot": (
        "У цій грі немає такого бота: оберіть іншого.",
        "This game has no such bot: choose another.",
    ),
    "problem.missing_seat": ("Оберіть місце.", "Choose a seat."),
    "problem.invalid_seat": ("Такого місця немає.", "There is no such seat."),
    "problem.unknown_seat": ("Такого місця за цим столом немає.", "This table has no such seat."),
    "problem.invalid_name": (
        "Ім'я — від 1 до {max_name} знаків.",
        "A name has 1 to {max_name} characters.",
    ),
    "problem.seat_taken": ("Це місце вже зайняте.", "That seat is taken."),
    "problem.seat_is_a_bot": ("На цьому місці грає бот.", "A bot plays that seat."),
    "problem.session_not_found": ("Такої гри немає.", "No such game."),
    "problem.missing_token": (
        "Щоб ходити, займіть місце за столом.",
        "Take a seat at the table to play.",
    ),
    "problem.invalid_token": (
        "Ваш ключ місця недійсний; ви дивитеся як глядач.",
        "Your seat's key is not valid; you are watching.",
    ),
    "problem.wrong_seat": (
        "Ваш ключ належить іншому місцю.",
        "Your key belongs to another seat.",
    ),
}

#: Playing: the moves every game refuses alike.
PLAY: Final[dict[str, tuple[str, str]]] = {
    "problem.stale_state_id": (
        "Гра змінилася, поки ви обирали. Стіл оновлено.",
        "The game moved on while you chose. The table is updated.",
    ),
    "problem.invalid_expected_version": (
        "Сторінка не знає, який зараз хід. Оновіть сторінку.",
        "The page does not know which move this is. Reload the page.",
    ),
    "problem.missing_expected_version": (
        "Сторінка не знає, який зараз хід. Оновіть сторінку.",
        "The page does not know which move this is. Reload the page.",
    ),
    "problem.missing_action": ("Оберіть дію.", "Choose an action."),
    "problem.malformed_action": (
        "Цю дію задано неповно або хибно.",
        "That action is incomplete or wrong.",
    ),
    "problem.invalid_action": (
        "Зараз цієї дії зробити не можна.",
        "That action is not allowed now.",
    ),
    "problem.not_your_turn": ("Зараз не ваш хід.", "It is not your turn."),
    "problem.game_over": ("Гру вже завершено.", "The game is over."),
    "problem.game_not_over": ("Гра ще триває.", "The game is still going on."),
    "problem.invalid_idempotency_key": (
        "Сторінка надіслала хід із хибною позначкою. Оновіть сторінку.",
        "The page sent the move with a wrong mark. Reload the page.",
    ),
    "problem.idempotency_key_reused": (
        "Цей хід уже надіслано з іншими даними. Оновіть сторінку.",
        "This move was sent already, with other data. Reload the page.",
    ),
    "problem.invalid_last_event_id": (
        "Стіл не зміг продовжити з останнього ходу. Оновіть сторінку.",
        "The table could not go on from the last move. Reload the page.",
    ),
    "problem.unknown_card": ("Такої карти немає.", "There is no such card."),
    "problem.card_not_in_hand": (
        "Цієї карти немає у вас у руці.",
        "That card is not in your hand.",
    ),
}

#: Judging a word at the table.
WORDS: Final[dict[str, tuple[str, str]]] = {
    "problem.missing_words": ("Введіть слово.", "Type a word."),
    "problem.invalid_words": (
        "Введіть слова, по одному за раз.",
        "Type the words, one at a time.",
    ),
    "problem.too_many_words": ("Забагато слів за раз.", "Too many words at once."),
    "problem.no_word_rules": (
        "Ця гра не судить слів.",
        "This game judges no words.",
    ),
    "problem.no_auto_pass": (
        "У цій грі ніхто не пасує сам: відповідати, лише коли є чим, тут не ввімкнути.",
        "In this game nobody passes by themselves: there is no answering only when you can.",
    ),
    "problem.invalid_auto_pass": (
        "«Відповідати, лише коли є чим» — або ввімкнено, або ні.",
        "“Answer only when I can” is either on or off.",
    ),
    "problem.invalid_only_when_concerned": (
        "«Відповідати, лише коли це мене стосується» — або ввімкнено, або ні.",
        "“Answer only when it concerns me” is either on or off.",
    ),
    "problem.unknown_category": (
        "Такої категорії слів немає.",
        "There is no such word category.",
    ),
}

#: Words of Magic's refusals (docs/rules/words-of-magic.md, **Refusals**).
WORDS_OF_MAGIC: Final[dict[str, tuple[str, str]]] = {
    # the review route is the game's own: only its table asks for it
    "problem.no_review": (
        "Для цієї гри огляду партії немає.",
        "This game has no game review.",
    ),
    "problem.invalid_word": (
        "Це не слово: лише українські літери й апостроф.",
        "That is not a word: Ukrainian letters and the apostrophe only.",
    ),
    "problem.word_too_short": ("Слово має щонайменше 3 літери.", "A word has at least 3 letters."),
    "problem.word_not_allowed": (
        "Цього слова немає в погоджених категоріях.",
        "That word is not in the agreed categories.",
    ),
    "problem.word_already_formed": (
        "Цього ходу ви вже склали слово: одне слово за хід.",
        "You formed a word this turn: one word per turn.",
    ),
    "problem.layout_mismatch": (
        "Викладіть по одній карті на кожну літеру слова.",
        "Lay out one card for each letter of the word.",
    ),
    "problem.letter_mismatch": (
        "Ця карта дає не ту літеру.",
        "That card gives another letter.",
    ),
    "problem.card_letter_mismatch": (
        "Ця карта — інша літера; змінити її може жетон джокера.",
        "That card is another letter; a joker token can change it.",
    ),
    "problem.card_used_twice": (
        "Одну карту викладено двічі.",
        "One card is laid out twice.",
    ),
    "problem.not_a_joker_card": ("Ця карта — не джокер.", "That card is not a joker."),
    "problem.not_enough_tokens": (
        "Бракує невикористаних жетонів джокера.",
        "Not enough unused joker tokens.",
    ),
    "problem.one_familiar_card": (
        "У слові — не більше однієї карти Фамільяра.",
        "At most one Familiar card per word.",
    ),
    "problem.unknown_familiar_card": (
        "Такої карти Фамільяра немає.",
        "There is no such Familiar card.",
    ),
    "problem.familiar_card_occupied": (
        "На цій карті стоїть фігурка Фамільяра: нею може скористатися лише Друїд.",
        "The Familiar figure stands on that card: only the Druid may use it.",
    ),
    "problem.unknown_property": (
        "Такої властивості Фамільяра немає.",
        "There is no such Familiar property.",
    ),
    "problem.wrong_property": (
        "Над цією картою Фамільяра інша властивість.",
        "Another property lies above that Familiar card.",
    ),
    "problem.property_needs_familiar": (
        "Властивість діє лише з картою Фамільяра під нею.",
        "A property works only with the Familiar card below it.",
    ),
    "problem.length_too_short": (
        "Слово не можна рахувати коротшим за 3 літери.",
        "A word cannot count as shorter than 3 letters.",
    ),
    "problem.missing_discard": (
        "Оберіть карту з руки, яку скинути.",
        "Choose the card of your hand to discard.",
    ),
    "problem.discard_without_property": (
        "Карту з руки скидає лише властивість «скинути карту з руки».",
        "Only the property “discard a hand card” discards a card from your hand.",
    ),
    "problem.not_a_magic_card": ("Ця карта — не магічна.", "That card is not a magic card."),
    "problem.no_magic": (
        "У класичному режимі немає магії.",
        "Classic mode has no magic.",
    ),
    "problem.magic_without_effect": (
        "Зараз ця магічна карта нічого б не змінила.",
        "That magic card would change nothing now.",
    ),
    "problem.curse_without_effect": (
        "Жовта колода порожня: прокляття Відьми нікому не дасть карти.",
        "The yellow deck is empty: the Witch's curse would give no one a card.",
    ),
    "problem.not_your_ability": (
        "Це вміння іншого персонажа.",
        "That is another character's ability.",
    ),
    "problem.character_not_offered": (
        "Оберіть одного з двох персонажів, які вам роздали.",
        "Choose one of the two characters you were dealt.",
    ),
    "problem.card_not_revealed": (
        "Оберіть одну з відкритих карт.",
        "Choose one of the revealed cards.",
    ),
    "problem.invalid_order": (
        "Покладіть карти в одному з можливих порядків.",
        "Put the cards in one of the possible orders.",
    ),
    "problem.invalid_count": (
        "Стільки карт узяти не можна.",
        "You cannot take that many cards.",
    ),
    "problem.no_word_formed": (
        "Спершу складіть слово або спасуйте.",
        "Form a word or pass first.",
    ),
}

#: The Lost Words' refusals (docs/rules/the-lost-words.md, **Refusals**).
LOST_WORDS: Final[dict[str, tuple[str, str]]] = {
    "problem.cannot_take_action_card": (
        "Зі скиду можна взяти лише карту заклинання.",
        "Only a spell card may be taken from the discard pile.",
    ),
    "problem.not_a_spell_card": ("Ця карта — не заклинання.", "That card is not a spell."),
    "problem.not_an_action_card": ("Ця карта — не карта дії.", "That card is not an action card."),
    "problem.spell_does_not_match": (
        "Це заклинання іншої природної карти.",
        "That spell belongs to another nature card.",
    ),
    "problem.already_paired": (
        "Ця природна карта вже має заклинання.",
        "That nature card already has its spell.",
    ),
    "problem.not_your_nature_card": (
        "Такої природної карти в цього гравця немає.",
        "That player has no such nature card.",
    ),
    "problem.not_in_the_middle": (
        "Обміняйте на одну з двох природних карт посередині.",
        "Swap with one of the two nature cards in the middle.",
    ),
    "problem.paired_card_cannot_swap": (
        "Природна карта із заклинанням лишається на місці.",
        "A paired nature card stays where it is.",
    ),
    "problem.no_action_left": (
        "Ви вже виконали дію цього ходу.",
        "You have taken your action this turn.",
    ),
    "problem.one_skylark": (
        "Лише один Польовий жайворонок за хід.",
        "Only one Skylark per turn.",
    ),
    "problem.skylark_after_action": (
        "Польового жайворонка грають після вашої дії.",
        "Play the Skylark after your action.",
    ),
    "problem.skylark_action_unused": (
        "Після Польового жайворонка виконайте ще одну дію.",
        "After the Skylark, take one more action.",
    ),
    "problem.invalid_target": ("Оберіть іншого гравця.", "Choose another player."),
    "problem.give_a_single": (
        "Віддайте природну карту без пари.",
        "Give a nature card without a pair.",
    ),
    "problem.not_a_pair": (
        "Тут немає пари природа–заклинання.",
        "There is no pair of nature card and spell here.",
    ),
    "problem.no_such_pair": (
        "Тут немає пари природа–заклинання.",
        "There is no pair of nature card and spell here.",
    ),
    "problem.pair_protected": (
        "Цю пару захищено: її не можна розбити.",
        "That pair is protected: it cannot be split.",
    ),
    "problem.unknown_spell": ("Такого заклинання немає.", "There is no such spell."),
    "problem.spell_not_needed": (
        "Просіть лише заклинання, потрібне вашій природній карті без пари.",
        "Ask only for a spell one of your unpaired nature cards needs.",
    ),
    "problem.wild_is_a_spell": (
        "Дику карту кладуть на природну карту як заклинання.",
        "The Wild goes on a nature card as a spell.",
    ),
    "problem.discard_to_three": (
        "Скиньте зайві карти, щоб у руці лишилося три.",
        "Discard down to three cards in hand.",
    ),
}

#: Magos y Tabernas' refusals (docs/rules/magos-y-tabernas.md, **Refusals**).
MAGOS_Y_TABERNAS: Final[dict[str, tuple[str, str]]] = {
    "problem.not_your_object": ("Цей предмет не ваш.", "That object is not yours."),
    "problem.no_action_point": (
        "Очко дії витрачено: одне на ваш хід.",
        "Your action point is spent: one per turn of yours.",
    ),
    "problem.supply_empty": ("У запасі не лишилося сфер.", "The supply has no orb left."),
    "problem.orb_action_restricted": (
        "Поки в грі чужа Чорна діра, сферу бере лише її власник.",
        "While another player's Black Hole is in play, only its owner takes an orb.",
    ),
    "problem.deck_empty": (
        "Колода й скид порожні.",
        "The deck and the discard pile are both empty.",
    ),
    "problem.not_an_object": ("Ця карта — не предмет.", "That card is not an object."),
    "problem.object_limit": (
        "У вас уже стільки предметів у грі, скільки можна.",
        "You have as many objects in play as you may.",
    ),
    "problem.object_from_hand": (
        "Предмет не діє з руки: викладіть його або зіграйте зі Спалахом.",
        "An object does nothing from the hand: lay it down, or play it with Flash.",
    ),
    "problem.flash_alone": (
        "Спалах не грають сам по собі: оберіть карту до нього.",
        "Flash is not played alone: choose a card to go with it.",
    ),
    "problem.cannot_flash": (
        "Спалахом не можна зіграти цю карту.",
        "Flash cannot play that card.",
    ),
    "problem.missing_target": ("Оберіть ціль.", "Choose a target."),
    "problem.bad_target": ("Ця ціль не підходить.", "That target does not fit."),
    "problem.wrong_discard_count": (
        "Скиньте стільки різних карт, скільки вимагає ефект.",
        "Discard as many different cards as the effect asks.",
    ),
}

#: Wizards Wanted's refusals (docs/rules/wizards-wanted.md, **Refusals**).
WIZARDS_WANTED: Final[dict[str, tuple[str, str]]] = {
    "problem.bad_wizard": ("Оберіть чарівника за оберегом.", "Choose a wizard by its charm."),
    "problem.wizard_taken": (
        "Цього чарівника вже взяв інший гравець.",
        "Another player has that wizard.",
    ),
    "problem.bad_space": (
        "Першим ходом поставте чарівника в одне з восьми сіл.",
        "On your first turn, put your wizard in one of the eight villages.",
    ),
    "problem.bad_path": ("Так пройти не можна.", "You cannot walk that way."),
    "problem.walk_limit": ("Так далеко пройти не можна.", "You cannot walk that far."),
    "problem.bad_destination": (
        "Телепортуйтеся на інший камінь телепорту.",
        "Teleport to another teleport stone.",
    ),
    "problem.not_at_stone": (
        "Телепортуються від каменя телепорту.",
        "Teleporting starts at a teleport stone.",
    ),
    "problem.not_at_taxi": (
        "Королівське пташине таксі зупиняється лише на своїх зупинках.",
        "The Royal Bird Taxi stops only at its stops.",
    ),
    "problem.not_at_market": (
        "Пилок продають біля входу на ринок і двоє торговців.",
        "Dust is sold at the marketplace entrance and by the two merchants.",
    ),
    "problem.over_maximum": (
        "Стільки пилку за раз не продають.",
        "That much dust is not sold at once.",
    ),
    "problem.dust_full": (
        "У вас уже повний запас пилку.",
        "Your dust is full already.",
    ),
    "problem.cannot_afford": ("На це не вистачає.", "You cannot afford that."),
    "problem.cost_changed": (
        "Ціна змінилася. Стіл оновлено.",
        "The price changed. The table is updated.",
    ),
    "problem.mushroom_not_held": ("У вас немає цього гриба.", "You do not hold that mushroom."),
    "problem.wrong_mushroom": (
        "Цей гриб тут не підходить.",
        "That mushroom does not fit here.",
    ),
    "problem.no_job_here": (
        "Замовлення виконують у селі з відкритим замовленням.",
        "Jobs are done at a village with a face-up job.",
    ),
    "problem.not_at_castle": (
        "Ліцензії дивляться біля входу до замку.",
        "Licences are looked at from the castle entrance.",
    ),
    "problem.requirements_not_met": (
        "Ви ще не відповідаєте вимогам цієї ліцензії.",
        "You do not meet this licence yet.",
    ),
    "problem.bad_licence": (
        "Такої ліцензії в дворі замку немає.",
        "There is no such licence in the castle courtyard.",
    ),
    "problem.already_licensed": ("У вас уже є ліцензія.", "You have a licence already."),
    "problem.must_take_licence": (
        "Ви відповідаєте вимогам ліцензії: візьміть її.",
        "You meet a licence here: take it.",
    ),
}

#: Each game's own refusals, by the game's registry name: only its table carries them (the
#: others' would weigh every table down by some 10 KB).
BY_GAME: Final[dict[str, dict[str, tuple[str, str]]]] = {
    "words-of-magic": WORDS_OF_MAGIC,
    "lost-words": LOST_WORDS,
    "magos-y-tabernas": MAGOS_Y_TABERNAS,
    "wizards-wanted": WIZARDS_WANTED,
}

TEXTS: Final[dict[str, tuple[str, str]]] = {
    **PAGE,
    **REQUESTS,
    **SESSIONS,
    **PLAY,
    **WORDS,
    **WORDS_OF_MAGIC,
    **LOST_WORDS,
    **MAGOS_Y_TABERNAS,
    **WIZARDS_WANTED,
}
