"""The Magos y Tabernas table's texts (``table-magos-y-tabernas.js``, ``myt-words.js``): keys
``myt.*``.

Card names are quoted by ``myt.quoted`` and stay in the nominative, so the Ukrainian
sentences name a card after a word that takes any case ("грає «Атака»", "з картою «Спалах»").
Counts have their plural forms split by "|" (Ukrainian one|few|many, English one|other,
``myt-words.js``'s ``plural``), in the accusative where a sentence needs it ("отримує 1
сферу").
"""

from __future__ import annotations

from typing import Final

TEXTS: Final[dict[str, tuple[str, str]]] = {
    # --- cards
    "myt.card": ("карта", "a card"),
    "myt.quoted": ("«{card}»", "{card}"),
    "myt.cost_title": ("Очок дії: {n}", "Action points: {n}"),
    "myt.kind.spell": ("Закляття · 1 дія, у свій хід", "Spell · 1 action, on your turn"),
    "myt.kind.instant": ("Миттєва · 0 дій, будь-коли", "Instant · 0 actions, at any moment"),
    "myt.kind.object": ("Предмет · 1 дія, щоб покласти", "Object · 1 action to lay down"),
    "myt.kind.object_gem": (
        "Предмет із самоцвітом · 1 дія, щоб покласти",
        "Object with gem · 1 action to lay down",
    ),
    "myt.consume.0": ("Спожити: будь-коли", "Consume: at any moment"),
    "myt.consume.1": ("Спожити: 1 дія", "Consume: 1 action"),
    "myt.can_play": ("можна зіграти", "playable"),
    "myt.chosen": ("обрано", "chosen"),
    # --- counts (plural forms)
    "myt.n.orbs": ("{n} сферу|{n} сфери|{n} сфер", "{n} orb|{n} orbs"),
    "myt.n.gems": ("{n} самоцвіт|{n} самоцвіти|{n} самоцвітів", "{n} gem|{n} gems"),
    "myt.n.life": (
        "{n} самоцвіт життя|{n} самоцвіти життя|{n} самоцвітів життя",
        "{n} life gem|{n} life gems",
    ),
    "myt.n.cards": ("{n} карту|{n} карти|{n} карт", "{n} card|{n} cards"),
    # --- an item of the stack, without its player
    "myt.do.orb": ("бере сферу", "takes an orb"),
    "myt.do.draw": ("бере карту з колоди", "draws a card"),
    "myt.do.lay_down": ("кладе на стіл {card}", "lays down {card}"),
    "myt.do.consume": ("споживає {card}", "consumes {card}"),
    "myt.do.copy": ("грає {card} і копіює {copied}", "plays {card}, copying {copied}"),
    "myt.do.flash": (
        "грає {card} миттєво, разом з картою {flash}",
        "plays {card} as an instant, with {flash}",
    ),
    "myt.do.play": ("грає {card}", "plays {card}"),
    "myt.at.player": (" — ціль: {name}", " at {name}"),
    "myt.at.you": (" — ціль: ви", " at you"),
    "myt.at.object": (" — ціль: {card}", " at {card}"),
    "myt.at.object_yours": (" — ціль: ваша карта {card}", " at your {card}"),
    "myt.at.object_of": (" — ціль: {card} гравця {name}", " at {name}'s {card}"),
    "myt.at.item": (" — скасувати: {item}", " to cancel {item}"),
    "myt.short.card": ("{card} ({name})", "{name}'s {card}"),
    "myt.short.orb": ("взяття сфери ({name})", "{name}'s orb"),
    "myt.short.draw": ("взяття карти ({name})", "{name}'s draw"),
    "myt.chip.orb": ("сфера", "orb"),
    "myt.chip.draw": ("карта", "card"),
    "myt.you_target": ("ви", "you"),
    # --- the players' areas
    "myt.their_turn": ("ходить", "their turn"),
    "myt.answering": ("може відповісти", "may answer"),
    "myt.partner": ("ваш партнер", "your partner"),
    "myt.shielded": ("під захистом", "shielded"),
    "myt.orbs": ("Сфери: {n} з 3 → самоцвіт", "Orbs: {n} of 3 → a gem"),
    "myt.gems_obstacle": ("Самоцвіти: {n} з 3 → перешкода", "Gems: {n} of 3 → an obstacle"),
    "myt.gems_beer": ("Самоцвіти: {n} з 3 → пиво!", "Gems: {n} of 3 → the beer!"),
    "myt.level": (
        "Рівень {level} · у руці до {hand} карт · предметів до {objects}",
        "Level {level} · up to {hand} cards in hand · {objects} objects",
    ),
    "myt.obstacles": ("Перешкоди (сорочкою догори): {n}", "Obstacles (face down): {n}"),
    "myt.no_obstacles": ("Перешкод нема: далі пиво", "No obstacles: the beer is next"),
    "myt.hand_count": ("карт у руці: {n}", "in hand: {n}"),
    "myt.objects": ("Предмети на столі: {n} з {limit}", "Objects in play: {n} of {limit}"),
    "myt.your_hand": ("Ваша рука ({n})", "Your hand ({n})"),
    # --- choosing what a card does and at whom
    "myt.aim_player": ("Ціль: {name}", "Aim at {name}"),
    "myt.aim_object": ("Ціль", "Aim here"),
    "myt.aim_item": ("Скасувати", "Cancel this"),
    "myt.aim_hint_player": (
        "Торкніться гравця, на якого її спрямувати (підсвічено).",
        "Tap the player to aim it at (highlighted).",
    ),
    "myt.aim_hint_object": (
        "Торкніться предмета на столі, на який її спрямувати (підсвічено).",
        "Tap the object on the table to aim it at (highlighted).",
    ),
    "myt.aim_hint_item": (
        "Торкніться в стосі того, що скасувати (підсвічено).",
        "Tap what to cancel on the stack (highlighted).",
    ),
    "myt.flash_pick": (
        "{card} робить іншу карту з руки миттєвою: вона діє одразу, без очка дії, навіть "
        "предмет (його дія без викладання на стіл). Яку?",
        "{card} makes another card of your hand an instant: it acts at once, with no action "
        "point, even an object (its effect, without laying it down). Which one?",
    ),
    "myt.flash_with": ("{card} одразу: {text}", "{card} at once: {text}"),
    "myt.plagio_pick": (
        "{card} копіює дію карти, зіграної цього ходу (предмета — лише спожитого). Що скопіювати?",
        "{card} copies the effect of a card played this turn (an object's only when "
        "consumed). Which one?",
    ),
    "myt.plagio_copy": ("Копіювати {card} ({name}): {text}", "Copy {name}'s {card}: {text}"),
    "myt.drop_pick": ("Не грати цю карту", "Don't play this card"),
    "myt.about_close": ("Закрити", "Close"),
    "myt.takes_nothing.gems": (
        "(у гравця {name} немає самоцвітів: нічого не знищить)",
        "({name} has no gems: it would destroy nothing)",
    ),
    "myt.takes_nothing.orbs": (
        "(у гравця {name} немає сфер: нічого не вкраде)",
        "({name} has no orbs: it would steal nothing)",
    ),
    "myt.use.play": ("Зіграти {card}{aim}", "Play {card}{aim}"),
    "myt.use.lay_down": ("Покласти на стіл {card}", "Lay down {card}"),
    "myt.use.consume": ("Спожити {card}{aim}", "Consume {card}{aim}"),
    "myt.use_choose": ("{card}: обрати ціль", "{card}: choose the target"),
    "myt.to_hand": ("До моєї руки ({n}) ↓", "To my hand ({n}) ↓"),
    "myt.verb.play": ("Зіграти", "Play it"),
    "myt.verb.lay_down": ("Покласти на стіл", "Lay it down"),
    "myt.verb.consume": ("Спожити", "Consume it"),
    "myt.explain.lay_down": (
        "Предмет лягає на стіл за 1 очко дії; його дія — лише коли ви його спожиєте.",
        "The object is laid down for 1 action point; its effect comes only when you consume it.",
    ),
    "myt.explain.consume_point": (
        "Спожити за 1 очко дії: {text}",
        "Consume it for 1 action point: {text}",
    ),
    "myt.explain.consume_free": (
        "Спожити без очка дії: {text}",
        "Consume it, no action point: {text}",
    ),
    "myt.explain.spell": (
        "Закляття коштує очко дії: {text}",
        "A spell costs your action point: {text}",
    ),
    "myt.explain.instant": ("Миттєва, без очка дії: {text}", "An instant, no action point: {text}"),
    # --- the stack and the middle
    "myt.stack": ("Стос", "The stack"),
    "myt.stack_empty": (
        "Порожній: ніщо не чекає відповіді.",
        "Empty: nothing waits for an answer.",
    ),
    "myt.stack_empty_window": (
        "Порожній. Поки гра не пішла далі, ще можна зіграти миттєву карту.",
        "Empty. Before play goes on, an instant may still be played.",
    ),
    "myt.priority_you": (
        "Ви можете відповісти. Хто зіграє першим, той ляже нагору; верхнє спрацює, коли всі "
        "пропустять.",
        "You may answer. Whoever plays first goes on top; the top resolves once everyone passes.",
    ),
    "myt.priority_of": (
        "Чекаємо на відповідь: {name}. Верхнє спрацює першим, коли всі пропустять.",
        "Waiting for an answer from {name}. The top resolves first once everyone passes.",
    ),
    "myt.top": ("зверху", "on top"),
    "myt.middle": ("Посередині", "In the middle"),
    "myt.beer": (
        "Пиво: дістанеться тому, хто без перешкод збере 3 самоцвіти.",
        "The beer: for whoever gathers 3 gems with no obstacles left.",
    ),
    "myt.beer_won": ("Пиво виграє: {names}!", "The beer goes to {names}!"),
    "myt.supply": (
        "Запас: ● {orbs} · ◆ {gems} · червоних ◆ {life}",
        "Supply: ● {orbs} · ◆ {gems} · red ◆ {life}",
    ),
    "myt.piles": ("Колода: {deck} · відбій: {discard}", "Deck: {deck} · discard pile: {discard}"),
    "myt.discard_top": ("Зверху відбою", "On top of the discard pile"),
    # --- your actions
    "myt.take_orb": ("Взяти сферу ●", "Take an orb ●"),
    "myt.draw": ("Взяти карту", "Draw a card"),
    "myt.pass": ("Пас", "Pass"),
    "myt.end": ("Завершити хід без дії", "End the turn, no action"),
    "myt.over": ("Гру завершено.", "The game is over."),
    "myt.over_won": ("Гру завершено. Перемога: {names}.", "The game is over. The win: {names}."),
    "myt.watching": ("Ви дивитеся гру. Хід: {name}.", "You are watching. Turn: {name}."),
    "myt.wait_answer": ("Чекаємо на відповідь: {name}.", "Waiting for an answer from {name}."),
    "myt.wait": ("Чекаємо: {name}.", "Waiting for {name}."),
    "myt.ask_main": (
        "Ваш хід: одне очко дії — візьміть сферу чи карту, зіграйте закляття або покладіть "
        "предмет. Миттєві карти — без очка дії.",
        "Your turn: one action point — take an orb or a card, play a spell or lay down an "
        "object. Instants cost none.",
    ),
    "myt.orb_blocked": (
        "Сферу дією зараз не взяти: на столі {card} ({name}).",
        "You cannot take an orb with your action now: {name}'s {card} is in play.",
    ),
    "myt.ask_top": ("Зверху стосу: {name} {item}.", "On top of the stack: {name} {item}."),
    "myt.ask_window": (
        "Стос порожній: поки гра не пішла далі, можна зіграти миттєву карту.",
        "The stack is empty: before play goes on, you may play an instant.",
    ),
    "myt.ask_answers": ("Можна відповісти: {cards}.", "You may answer with {cards}."),
    "myt.ask_point": ("Або витратити очко дії.", "Or spend your action point."),
    "myt.ask_pass": ("Пас — якщо не відповідаєте.", "Pass if you do not answer."),
    "myt.ask_nothing": ("Відповісти нічим: пас.", "Nothing to answer with: pass."),
    "myt.ask_discard": (
        "Вас змусили скинути {what} на ваш вибір.",
        "You must discard {what} of your choice.",
    ),
    "myt.ask_reduce": (
        "Кінець ходу: у руці не більше {limit}. Скиньте {what} або зіграйте замість цього "
        "карту без очка дії.",
        "End of your turn: at most {limit} cards in hand. Discard {what}, or play a card that "
        "costs no action point instead.",
    ),
    "myt.discard_these": ("Скинути {cards}", "Discard {cards}"),
    "myt.discard_n": ("Скинути {what}", "Discard {what}"),
    "myt.discard_pick": ("Позначте {what}, щоб скинути", "Tick {what} to discard"),
    # --- the seat's setting
    "myt.auto_pass": ("Відповідати, лише коли є чим", "Answer only when I can"),
    "myt.auto_pass_hint": (
        "Коли вам нема чим відповісти, ви пасуєте самі, одразу. Інші це бачать — і знають, "
        "що відповісти вам не було чим.",
        "When you have nothing to answer with, you pass by yourself, at once. The others see "
        "it, so they know you had no answer.",
    ),
    "myt.only_when_concerned": (
        "Відповідати, лише коли це мене стосується",
        "Answer only when it concerns me",
    ),
    "myt.only_when_concerned_hint": (
        "Вас питають, лише коли щось у стосі цілить у вас чи ваше (у грі 2 на 2 — і в "
        "партнера). На інше ви пасуєте самі, що б не мали в руці, тож ніхто нічого не "
        "дізнається.",
        "You are asked only when something on the stack is aimed at you or yours (in 2 vs 2, "
        "at your partner too). To the rest you pass by yourself, whatever you hold, so nobody "
        "learns anything.",
    ),
    # --- the status line
    "myt.status_yours": ("Ваш хід", "Your turn"),
    "myt.status_of": ("Хід: {name}", "Turn: {name}"),
    "myt.status_answer_you": ("ви можете відповісти", "you may answer"),
    "myt.status_answer": ("чекаємо на відповідь: {name}", "waiting for an answer from {name}"),
    "myt.status_discard_you": ("скиньте карти", "discard cards"),
    "myt.status_discard": ("скидає {name}", "{name} discards"),
    # --- the log (after the name of the seat that acted)
    "myt.log.answers": ("відповідає: {text}", "answers: {text}"),
    "myt.log.passed": ("пас", "passes"),
    "myt.log.auto_passed": ("пасує (нема чим відповісти)", "passes (nothing to answer with)"),
    "myt.log.unconcerned_passed": (
        "пасує (у стосі ніщо не цілить у цей бік)",
        "passes (nothing on the stack aims at this side)",
    ),
    "myt.log.resolves": ("спрацьовує {item}", "{item} resolves"),
    "myt.log.cancelled": ("скасовано: {item}", "{item} is cancelled"),
    "myt.log.supply_empty": (
        "запас порожній: {name} нічого не отримує",
        "the supply is empty: {name} gets nothing",
    ),
    "myt.log.gained": ("{name} отримує {what}", "{name} gets {what}"),
    "myt.log.orbs_to_gem": ("{name}: 3 сфери стають самоцвітом", "{name}: 3 orbs become a gem"),
    "myt.log.levelled": (
        "{name} здобуває перешкоду: рівень {level}",
        "{name} takes an obstacle: level {level}",
    ),
    "myt.log.obstacle_taken": (
        "перешкода йде вам у руку: {card}",
        "the obstacle goes to your hand: {card}",
    ),
    "myt.log.drew": ("{name} бере карту", "{name} draws a card"),
    "myt.log.drew_card": ("це {card}", "it is {card}"),
    "myt.log.draw_failed": (
        "колода й відбій порожні: карти немає",
        "the deck and the discard pile are empty: no card",
    ),
    "myt.log.reshuffled": (
        "відбій перетасовано в нову колоду",
        "the discard pile becomes a new deck",
    ),
    "myt.log.laid_down": ("{card} тепер на столі гравця {name}", "{name}'s {card} is now in play"),
    "myt.log.life_lost": ("{card} втрачає {what}", "{card} loses {what}"),
    "myt.log.destroyed": ("{card} ({name}) зруйновано", "{name}'s {card} is destroyed"),
    "myt.log.fizzled": ("ціль зникла: нічого не сталося", "its target is gone: nothing happens"),
    "myt.log.gems_destroyed": ("{name} втрачає {what}", "{name} loses {what}"),
    "myt.log.stolen": ("{name} забирає {what} в гравця {from}", "{name} steals {what} from {from}"),
    "myt.log.shielded": ("{name} під захистом: удару немає", "{name} is shielded: no harm done"),
    "myt.log.absorbed": ("{card} ({name}) бере удар на себе", "{name}'s {card} takes the blow"),
    "myt.log.protected": (
        "{name} під захистом до кінця ходу",
        "{name} is protected until the end of the turn",
    ),
    "myt.log.discarded": ("{name} скидає {cards}", "{name} discards {cards}"),
    "myt.log.turn": ("тепер ходить {name}", "{name}'s turn now"),
    "myt.log.turn_ended": ("завершує хід", "ends the turn"),
    "myt.log.won": ("пиво здобуто! Перемога: {names}", "the beer is won! The win: {names}"),
    "myt.log.turn_limit": (
        "ходи вичерпано. Перемога: {names}",
        "the turn limit is reached. The win: {names}",
    ),
}
