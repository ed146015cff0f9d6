"""The Lost Words table's texts (``table-lost-words.js``): keys ``lw.*``."""

from __future__ import annotations

from typing import Final

TEXTS: Final[dict[str, tuple[str, str]]] = {
    "lw.kind.nature": ("природа", "nature"),
    "lw.kind.spell": ("заклинання", "spell"),
    "lw.kind.action": ("дія", "action"),
    "lw.kind.card": ("карта", "card"),
    "lw.spell_of": ("заклинання «{name}»", "the {name} spell"),
    "lw.nature": ("Карти природи", "Nature cards"),
    "lw.paired": ("із заклинанням", "paired"),
    "lw.single": ("без пари", "single"),
    "lw.counts": (
        "Пар: {paired} з {total} · у руці {hand}",
        "Pairs: {paired} of {total} · {hand} in hand",
    ),
    "lw.skips": ("Пропускає наступний хід.", "Skips the next turn."),
    "lw.hand": ("Ваша рука", "Your hand"),
    "lw.board": ("Посередині столу", "In the middle"),
    "lw.middle": ("Карти для обміну", "Cards to swap"),
    "lw.draw_pile": ("Колода", "Draw pile"),
    "lw.discard_pile": ("Відбій", "Discard pile"),
    "lw.cards_n": ("карт: {n}", "cards: {n}"),
    "lw.chestnut_you": (
        "Каштан! {name} забирає заклинання з вашої карти «{nature}». Можете відразу покласти "
        "інше таке заклинання з руки (і взяти карту) або відмовитися.",
        "The Chestnut! {name} takes the spell off your «{nature}». You may pair it again at "
        "once from your hand (and draw a card), or decline.",
    ),
    "lw.chestnut_other": (
        "Каштан! {name} забирає заклинання з карти «{nature}» гравця {target}; {target} "
        "відповідає.",
        "The Chestnut! {name} takes the spell off {target}'s «{nature}»; {target} replies.",
    ),
    "lw.phase.draw": ("Крок 1: візьміть карту.", "Step 1: draw a card."),
    "lw.phase.acorn": ("Жолудь: можна взяти ще {n}.", "The Acorn: you may draw {n} more."),
    "lw.phase.act": ("Крок 2: одна дія.", "Step 2: one action."),
    "lw.phase.acted": (
        "Дію зроблено: можна зіграти Жайворонка й зробити ще одну.",
        "Action done: you may play the Skylark for one more.",
    ),
    "lw.status_reply_you": ("Ваша відповідь на Каштан", "Your reply to the Chestnut"),
    "lw.status_reply": ("{name} відповідає на Каштан", "{name} replies to the Chestnut"),
    "lw.phase.chestnut_reply": ("Відповідь на Каштан.", "Reply to the Chestnut."),
    "lw.phase.reduce": ("Крок 3: скиньте до трьох карт.", "Step 3: discard down to three."),
    "lw.phase.over": ("Гру завершено.", "The game is over."),
    "lw.group.draw": ("Взяти карту", "Draw"),
    "lw.group.pair": ("Покласти заклинання", "Pair a spell"),
    "lw.group.swap": ("Обміняти з серединою", "Swap with the middle"),
    "lw.group.repair": ("Знову скласти пару", "Pair it again"),
    "lw.group.discard": ("Скинути", "Discard"),
    "lw.group.end": ("Далі", "Go on"),
    "lw.play_title": ("Зіграти «{card}»", "Play «{card}»"),
    "lw.draw_pile_action": ("З колоди", "From the pile"),
    "lw.draw_discard": ("З відбою: {card}", "From the discard pile: {card}"),
    "lw.stop": ("Досить брати", "No more draws"),
    "lw.end": ("Завершити дію", "End the action step"),
    "lw.pair": ("{spell} → «{nature}»", "{spell} → «{nature}»"),
    "lw.swap": ("Віддати «{nature}», взяти «{middle}»", "Give «{nature}», take «{middle}»"),
    "lw.repair": ("Покласти {spell}", "Pair {spell}"),
    "lw.decline": ("Не відповідати", "Decline"),
    "lw.discard": ("Скинути: {cards}", "Discard: {cards}"),
    "lw.discard_n": ("Скинути {n}", "Discard {n}"),
    "lw.discard_pick": (
        "Оберіть {n} (остання — зверху)",
        "Pick {n} (the last one on top)",
    ),
    "lw.play": ("Зіграти «{card}»", "Play «{card}»"),
    "lw.target_magpie": (
        "Забрати «{nature}» (власник — {target}), віддати «{give}»",
        "Take {target}'s «{nature}», give «{give}»",
    ),
    "lw.target_chestnut": (
        "Зняти заклинання з «{nature}» ({target})",
        "Take the spell off {target}'s «{nature}»",
    ),
    "lw.target_heron": ("Попросити: {nature}", "Ask for: {nature}"),
    "lw.target_wall": ("Стіна на «{nature}»", "A wall on «{nature}»"),
    "lw.action": ("Дія", "An action"),
    "lw.pair_of": ("«{nature}» ({target})", "{target}'s «{nature}»"),
    "lw.pick.give": ("Віддати", "Give"),
    "lw.pick.take": ("Взяти", "Take"),
    "lw.pick.spell": ("Заклинання", "Spell"),
    "lw.pick.on": ("На карту", "On the card"),
    "lw.pick.take_pair": ("Забрати пару", "Take the pair"),
    "lw.pick.pair": ("Пара", "The pair"),
    "lw.pick.ask": ("Попросити", "Ask for"),
    "lw.log.drew": ("бере карту з колоди", "draws from the pile"),
    "lw.log.drew_discard": ("бере з відбою {card}", "takes {card} from the discard pile"),
    "lw.log.drew_card": ("це {card}", "it is {card}"),
    "lw.log.paired": ("кладе {spell} на «{nature}»", "pairs {spell} with «{nature}»"),
    "lw.log.repaired": (
        "відповідає на Каштан: {spell} знову на «{nature}»",
        "replies to the Chestnut: {spell} on «{nature}» again",
    ),
    "lw.log.swapped": ("віддає «{gave}», бере «{took}»", "gives «{gave}», takes «{took}»"),
    "lw.log.played": ("грає «{card}»", "plays «{card}»"),
    "lw.log.magpie": (
        "забирає пару «{pair}» (власник — {target}), віддає «{gave}»",
        "takes {target}'s pair «{pair}», gives «{gave}»",
    ),
    "lw.log.chestnut": (
        "знімає {spell} з «{nature}» ({target})",
        "takes {spell} off {target}'s «{nature}»",
    ),
    "lw.log.chestnut_declined": (
        "не відповідає на Каштан («{nature}»)",
        "does not reply to the Chestnut («{nature}»)",
    ),
    "lw.log.heron_yes": (
        "Чапля: просить {nature} — і отримує",
        "Heron: asks for {nature}, gets it",
    ),
    "lw.log.heron_no": ("Чапля: просить {nature} — ні в кого", "Heron: asks for {nature}, none"),
    "lw.log.heron_gave": ("віддано: {cards}", "given: {cards}"),
    "lw.log.walled": ("ставить Стіну на «{nature}»", "walls «{nature}»"),
    "lw.log.discarded": ("скидає: {cards}", "discards: {cards}"),
    "lw.log.must_discard": (
        "завершує хід і має скинути {n} карту"
        "|завершує хід і має скинути {n} карти"
        "|завершує хід і має скинути {n} карт",
        "ends the turn and must discard {n} card|ends the turn and must discard {n} cards",
    ),
    "lw.log.turn": ("далі ходить {name}", "{name} is next"),
    "lw.log.won": ("{name} перемагає!", "{name} wins!"),
    "lw.log.skipped": ("{name} пропускає хід", "{name} skips a turn"),
    "lw.log.reshuffled": ("відбій перетасовано в колоду", "the discard pile is reshuffled"),
    "lw.log.nothing_to_draw": (
        "нічого брати: колода порожня",
        "nothing to draw: the pile is empty",
    ),
}
