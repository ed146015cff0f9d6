"""The Words of Magic table's texts (``table-words-of-magic.js``, its word form, and the
words of the game as the table's judge shows them, ``play-words.js``): keys ``wom.*``.

Why an input is no word at all (``wom.refusal.<code>``) is the arbiter's own text for the
code (:mod:`wordsvc.web.texts`), reused rather than copied. What each character and magic
card does comes with the page's card data (:mod:`wordsvc.web.play_cards`), from the rules'
data files.
"""

from __future__ import annotations

from typing import Final

from wordsvc.alphabet import WORD_ERRORS
from wordsvc.web.texts import TEXTS as ARBITER_TEXTS

#: What the arbiter says for each code of an input that is no word at all.
REFUSALS: Final[dict[str, tuple[str, str]]] = {
    f"wom.refusal.{code}": ARBITER_TEXTS[f"refusal.{code}"] for code in WORD_ERRORS
}

TEXTS: Final[dict[str, tuple[str, str]]] = {
    **REFUSALS,
    # --- the cards and the panels ---------------------------------------------------------
    "wom.hand": ("Рука", "Hand"),
    "wom.joker": ("Джокер", "Joker"),
    "wom.magic_card": ("Карта магії", "Magic card"),
    "wom.tokens": ("Жетони-джокери", "Joker tokens"),
    "wom.tokens_of": ("{unused} вільних, {used} використано", "{unused} unused, {used} used"),
    "wom.hand_count": ("у руці {n}", "{n} in hand"),
    "wom.deck_count": ("у колоді {n}", "{n} in the deck"),
    "wom.discard_count": ("у відбої {n}", "{n} discarded"),
    "wom.discard_pile": ("Відбій ({n})", "Discard pile ({n})"),
    "wom.character": ("Персонаж", "Character"),
    "wom.witch_used": ("прокляття вже використано", "the curse is used"),
    "wom.held": (
        "Чекають на порядок: {colours}",
        "Waiting to be ordered: {colours}",
    ),
    "wom.words": ("Слова", "Words"),
    "wom.doing.your_turn": ("ваша черга", "your turn"),
    "wom.doing.turn": ("його черга", "their turn"),
    "wom.doing.your_move": ("ваш хід", "your move"),
    "wom.doing.move": ("ходить", "to move"),
    "wom.doing.choose_character": ("обирає персонажа", "choosing a character"),
    "wom.doing.order_balance": ("кладе карти Балансу сил", "ordering Balance of Power cards"),
    "wom.doing.gnome": ("Ґном вирішує", "the Gnome decides"),
    "wom.familiar": ("Фамільяр", "The Familiar"),
    "wom.familiar_hint": (
        "Торкніться карти, щоб прочитати властивість над нею.",
        "Tap a card to read the property above it.",
    ),
    "wom.figure": ("фігурка тут", "the figure"),
    "wom.board": ("Колоди", "Decks"),
    "wom.turn": ("Черга {n}", "Turn {n}"),
    "wom.balance": ("Колоди Балансу сил", "Balance of Power decks"),
    "wom.colour.green": ("зелена", "green"),
    "wom.colour.yellow": ("жовта", "yellow"),
    "wom.colour.red": ("червона", "red"),
    "wom.word_formed": (
        "Складено «{word}»: добір до {n} карт",
        "«{word}» formed: draw up to {n} cards",
    ),
    "wom.end": (
        "Кінець гри оголошено ({name}: {reason}); раунд доходить до кінця.",
        "The end is triggered ({name}: {reason}); the round is played out.",
    ),
    "wom.reason.deck_empty": ("колода порожня", "an empty deck"),
    "wom.reason.green_deck_empty": ("зелена колода порожня", "the green deck is empty"),
    "wom.reason.yellow_deck_empty": ("жовта колода порожня", "the yellow deck is empty"),
    "wom.reason.red_deck_empty": ("червона колода порожня", "the red deck is empty"),
    "wom.categories": ("Категорії слів", "Word categories"),
    "wom.category": ("категорія", "a category"),
    # --- what a card does, on tap ---------------------------------------------------------
    "wom.about": ("Що робить «{name}»", "What «{name}» does"),
    "wom.about_close": ("Закрити", "Close"),
    "wom.prop_title": ("Властивість Фамільяра: {name}", "The Familiar's property: {name}"),
    "wom.prop_text.discard-deck": (
        "Якщо ваше слово використовує карту Фамільяра під цією властивістю, можете (не "
        "обов'язково) покласти верхню карту своєї колоди лицем догори у свій відбій.",
        "When your word uses the Familiar card below this property, you may (you need not) "
        "put the top card of your deck face up on your discard pile.",
    ),
    "wom.prop_text.length": (
        "Якщо ваше слово використовує карту Фамільяра під цією властивістю, можете рахувати "
        "його на літеру коротшим чи довшим (не коротшим за 3): сусіди беруть карти Балансу "
        "сил, а ви добираєте за новою довжиною.",
        "When your word uses the Familiar card below this property, you may count it one "
        "letter shorter or longer (never below 3): your neighbours take Balance of Power "
        "cards, and you draw, by the new length.",
    ),
    "wom.prop_text.discard-hand": (
        "Якщо ваше слово використовує карту Фамільяра під цією властивістю, можете (не "
        "обов'язково) покласти одну карту, що лишилася в руці, лицем догори у свій відбій.",
        "When your word uses the Familiar card below this property, you may (you need not) "
        "put one card left in your hand face up on your discard pile.",
    ),
    # --- the step, in one line ------------------------------------------------------------
    "wom.step.choose_character": (
        "Оберіть одного з двох персонажів («?» — що він уміє); інші побачать вибір, коли "
        "оберуть усі.",
        "Choose one of your two characters («?»: what each can do); the others see your "
        "choice once everyone has chosen.",
    ),
    "wom.step.turn": (
        "Ваша черга: складіть слово з карт руки або пасуйте. Карти магії можна зіграти перед тим.",
        "Your turn: form a word from your hand, or pass. You may play magic cards first.",
    ),
    "wom.step.after_word": (
        "Слово «{word}» складено. Можете ще зіграти карти магії; потім хід закінчиться "
        "добором до {n} карт у руці.",
        "«{word}» is formed. You may still play magic cards; then the turn ends with "
        "drawing up to {n} cards in hand.",
    ),
    "wom.step.order_balance": (
        "{name}: слово «{word}», тож ви як сусід берете {cards} Балансу сил лицем донизу. У "
        "цій грі порядок обирає той, хто бере: верхню карту ви доберете першою.",
        "{name} formed «{word}», so you, a neighbour, take {cards} of the Balance of Power "
        "face down. In this game whoever takes them orders them: you draw the top one first.",
    ),
    "wom.step.gnome": (
        "{name} пасує: ваш Ґном може взяти верхню карту вашої колоди в руку, зараз або "
        "ніколи. Карт у підсумку не більшає: рахуються рука й колода разом.",
        "{name} passes: your Gnome may take the top card of your deck into your hand, now "
        "or never. Your total stays the same: hand and deck count together.",
    ),
    "wom.step.choose_fate": (
        "Пошук долі: візьміть одну з відкритих карт у руку; решта ляже під низ колоди в "
        "показаному порядку (остання — у самий низ).",
        "Search for Fate: take one of the cards revealed into your hand; the rest go under "
        "your deck in the order shown (the last at the very bottom).",
    ),
    "wom.step.mage_repeat": (
        "Маг: можете виконати дію «{name}» ще раз або відмовитися.",
        "Mage: you may carry out «{name}» once more, or decline.",
    ),
    "wom.step.elf_draw": (
        "Ельфійка: понад число кодексу можете добрати ще {cards} (по одній за кожну карту "
        "магії в руці), менше або жодної.",
        "Elf: beyond the codex number you may draw {cards} more (one for each magic card in "
        "your hand), fewer, or none.",
    ),
    "wom.n_cards": ("{n} карту|{n} карти|{n} карт", "{n} card|{n} cards"),
    # --- the status line ------------------------------------------------------------------
    "wom.status.turn": ("Черга {n}: {name}.", "Turn {n}: {name}."),
    "wom.status.yours": ("ваша", "yours"),
    "wom.status.choosing": (
        "Усі обирають персонажів одночасно.",
        "Everyone chooses a character at once.",
    ),
    "wom.status.reply.order_balance": (
        "Ви відповідаєте на чуже слово: покладіть свої карти Балансу сил.",
        "You reply to their word: order your Balance of Power cards.",
    ),
    "wom.status.reply.gnome": (
        "Ви відповідаєте на чужий пас: Ґном може взяти карту.",
        "You reply to their pass: your Gnome may take a card.",
    ),
    "wom.status.waiting.order_balance": (
        "Чекаємо на порядок карт Балансу сил: {names}.",
        "Waiting for {names} to order their Balance of Power cards.",
    ),
    "wom.status.waiting.gnome": (
        "Чекаємо на Ґнома: {names}.",
        "Waiting for the Gnome: {names}.",
    ),
    # --- the actions ----------------------------------------------------------------------
    "wom.magic_cards": ("Карти магії", "Magic cards"),
    "wom.verb.play": ("зіграти", "play"),
    "wom.verb.repeat": ("повторити", "repeat"),
    "wom.verb.choose": ("обрати", "choose"),
    "wom.prop.discard-deck": ("скинути верх колоди", "discard the deck's top"),
    "wom.prop.length": ("довжина ±1", "length ±1"),
    "wom.prop.discard-hand": ("скинути карту з руки", "discard a hand card"),
    "wom.prop.length-": ("рахувати на літеру коротшим", "count one letter shorter"),
    "wom.prop.length+": ("рахувати на літеру довшим", "count one letter longer"),
    "wom.prop.none": ("без властивості", "no property"),
    # --- the game's review, once it is over (play-review.js) --------------------------------
    "review.open": ("Огляд партії", "Game review"),
    "review.title": ("Огляд партії", "Game review"),
    "review.hint": (
        "Найкраще — хід, який розв’язувач знайшов для тієї ж руки, столу й магії. Карт, "
        "витягнутих пізніше, він не знає. Курсивом — літера з джокера, жетона, Фамільяра "
        "чи Амазонки.",
        "Best: the play the solver found for the same hand, table and magic. It cannot know "
        "the cards drawn later. In italics: a letter from a joker, a token, the Familiar or "
        "the Amazon.",
    ),
    "review.accuracy": (
        "точність {pct} (скинуто карт: {shed} з {best} можливих)",
        "accuracy {pct} ({shed} of {best} possible cards shed)",
    ),
    "review.no_accuracy": (
        "жоден хід не міг скинути карт",
        "no turn could shed a card",
    ),
    "review.longest": ("найдовше слово: {word}", "longest word: {word}"),
    "review.best_turn": ("найкращий хід: {n}-й", "best turn: no. {n}"),
    "review.biggest_miss": (
        "найбільший промах: {n}-й хід, на {cards} менше за найкраще",
        "biggest miss: turn {n}, {cards} short of the best",
    ),
    "review.turn": ("Хід {n} · {name}", "Turn {n} · {name}"),
    "review.made": ("Зіграно", "Played"),
    "review.made_best": ("Зіграно найкраще ✓", "Played the best ✓"),
    "review.best": ("Найкраще", "Best"),
    "review.best_found": ("Найкраще знайдене", "Best found"),
    "review.pass": ("Пас", "Pass"),
    "review.shed": ("скинуто карт: {n}", "cards shed: {n}"),
    "review.missed": ("Поширені слова з цієї руки:", "Common words this hand could make:"),
    "wom.prop_does.none": (
        "Слово рахується, як викладене.",
        "The word counts as laid out.",
    ),
    "wom.prop_does.discard-deck": (
        "Верхня карта вашої колоди піде у відбій: на карту менше наприкінці.",
        "The top card of your deck goes to your discard pile: one card fewer at the end.",
    ),
    "wom.prop_does.length-": (
        "Сусіди візьмуть менше карт Балансу сил, а ви доберете більше.",
        "Your neighbours take fewer Balance of Power cards, and you draw more.",
    ),
    "wom.prop_does.length+": (
        "Сусіди візьмуть більше карт Балансу сил, а ви доберете менше.",
        "Your neighbours take more Balance of Power cards, and you draw fewer.",
    ),
    "wom.prop_does.discard-hand": (
        "Обрана карта з руки піде у відбій: на карту менше наприкінці.",
        "The hand card you pick goes to your discard pile: one card fewer at the end.",
    ),
    "wom.form_title": ("Скласти слово", "Form a word"),
    "wom.word": ("Слово", "Word"),
    "wom.word_hint": (
        "Сторінка покаже, як викласти його з вашої руки.",
        "The page shows how to lay it out from your hand.",
    ),
    "wom.find": ("Чи можу скласти?", "Can I make it?"),
    "wom.refused.word_not_formable": (
        "Цією рукою не скласти «{word}».",
        "This hand cannot make «{word}».",
    ),
    "wom.refused.missing": (
        "Немає на картах: {letters}; джокерів і жетонів бракує ще на {n}.",
        "On no card: {letters}; jokers and tokens fall {n} short.",
    ),
    "wom.refused.word_not_playable": (
        "«{word}» не годиться в цій грі:",
        "«{word}» is not playable in this game:",
    ),
    "wom.refused.other": (
        "Це слово не вдалося перевірити.",
        "This word could not be checked.",
    ),
    "wom.suggest": ("Можливо, ви мали на увазі:", "Perhaps you meant:"),
    "wom.suggest_note.surzhyk": ("(суржик)", "(surzhyk, not standard)"),
    "wom.no_layout": ("Розкладу не знайдено.", "No layout was found."),
    "wom.layouts": ("Як викласти", "How to lay it out"),
    "wom.tokens_used": ("жетонів: {n}", "tokens: {n}"),
    "wom.cards_out": ("скинете карт: {n}", "cards out: {n}"),
    "wom.source.letter_card": ("карта", "card"),
    "wom.source.joker_card": ("джокер-карта", "joker card"),
    "wom.source.token": ("жетон на карті", "token on a card"),
    "wom.source.familiar": ("Фамільяр", "Familiar"),
    "wom.source.amazon": ("Амазонка", "Amazon"),
    "wom.property": ("Властивість Фамільяра", "The Familiar's property"),
    "wom.discard_which": ("Яку карту скинути", "Which card to discard"),
    "wom.witch": (
        "Відьма: кожен інший бере жовту карту",
        "Witch: every other player takes a yellow card",
    ),
    "wom.form": ("Скласти «{word}»", "Form «{word}»"),
    "wom.order_top": ("Зверху:", "On top:"),
    "wom.gnome_take": ("Ґном: взяти карту", "Gnome: take a card"),
    "wom.decline": ("Відмовитися", "Decline"),
    "wom.choose_card": ("Взяти: {card}", "Take: {card}"),
    "wom.card_colour": ("{card} ({colour})", "{card} ({colour})"),
    "wom.choose_card_under": (
        "{taken}; під колоду: {under}",
        "{taken}; under the deck: {under}",
    ),
    "wom.elf_draw": ("Ельфійка: добрати ще {cards}", "Elf: draw {cards} more"),
    "wom.elf_draw_none": ("Ельфійка: більше не добирати", "Elf: draw no more"),
    "wom.renew_pick": ("Які карти оновити", "Which cards to renew"),
    "wom.end_turn": ("Завершити хід і добрати", "End the turn and draw"),
    "wom.pass": ("Пас", "Pass"),
    "wom.pass_cost": (
        "Пас: ви не скидаєте карт у цю чергу, зате берете в руку {cards} з верху колоди.",
        "Pass: you shed no cards this turn, and take {cards} from the top of your deck.",
    ),
    "wom.pass_cost_last": (
        "Це останні карти колоди: після цього раунду гра скінчиться.",
        "They are the last of your deck: the game ends after this round.",
    ),
    "wom.pass_cost_empty": (
        "Пас: колода порожня, тож ви нічого не берете і не скидаєте.",
        "Pass: your deck is empty, so you take nothing and shed nothing.",
    ),
    "wom.pass_under_title": (
        "Бібліотекарка: пас, спершу поклавши карту під колоду:",
        "Librarian: pass, first putting a card under your deck:",
    ),
    "wom.pass_under": ("{card} під колоду", "{card} under the deck"),
    # --- the log --------------------------------------------------------------------------
    "wom.log.word": ("складає «{word}» ({n})", "forms «{word}» ({n})"),
    "wom.log.pass": ("пас", "passed"),
    "wom.log.magic": ("грає «{name}»", "plays «{name}»"),
    "wom.log.took": ("карт взято: {n}", "cards taken: {n}"),
    "wom.log.took_by": ("{name} бере з колоди карт: {n}", "{name} takes cards from the deck: {n}"),
    "wom.log.balance": (
        "{name} бере карту Балансу сил ({colour})",
        "{name} takes a Balance of Power card ({colour})",
    ),
    "wom.log.deck_top": ("верхня карта колоди йде у відбій", "the deck's top card is discarded"),
    "wom.log.hand_card": ("скидає карту з руки", "discards a hand card"),
    "wom.log.witch": ("{name} бере жовту карту в руку", "{name} takes a yellow card into the hand"),
    "wom.log.token": ("жетон знову вільний", "a token is free again"),
    "wom.log.revealed": ("відкрито карт: {n}", "cards revealed: {n}"),
    "wom.log.fate": ("карту долі обрано", "a card of fate chosen"),
    "wom.log.fate_searched": (
        "{name} шукає долю: відкрито карт для себе: {n}",
        "{name} searches for fate: cards revealed to them: {n}",
    ),
    "wom.log.seat_chose": ("{name} обирає персонажа", "{name} chooses a character"),
    "wom.log.characters_revealed": ("персонажів відкрито", "the characters are revealed"),
    "wom.log.ordered": (
        "кладе карти Балансу сил на колоду в обраному порядку",
        "puts the Balance of Power cards on the deck in the order chosen",
    ),
    "wom.log.repeated": ("повторює «{name}»", "repeats «{name}»"),
    "wom.log.under": ("карти під колоду", "cards under the deck"),
    "wom.log.character": ("обирає персонажа: {name}", "chooses a character: {name}"),
    "wom.log.end": ("кінець оголошено ({name})", "the end is triggered ({name})"),
}
