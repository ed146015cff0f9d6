"""The lobby's texts (``play-lobby.js``, ``play-options.js``): the form's frame, what it says
at a field it refuses, the open games, and the results' lines (``play-results.js``):
``lobby.*``. The options' own titles and descriptions, the bots' names and the game titles
are data (``wordsvc/web/data/``, :mod:`wordsvc.web.play_lobby`)."""

from __future__ import annotations

from typing import Final

TEXTS: Final[dict[str, tuple[str, str]]] = {
    # the seats
    "lobby.player_name": ("Гравець {n}", "Player {n}"),
    "lobby.seat_name_hint": (
        "Можна вписати своє ім'я.",
        "You may type another name.",
    ),
    # the options form
    "lobby.count": ("Скільки", "How many"),
    "lobby.order_now": ("На планшеті зліва направо:", "On the planshet, left to right:"),
    "lobby.order_empty": ("порожньо", "empty"),
    "lobby.order_clear": ("Почати спочатку", "Start over"),
    "lobby.more_options": ("Ще налаштування: {n}", "More options: {n}"),
    "lobby.cannot_draw": (
        "Сторінка не вміє показати це налаштування; гра візьме типове значення.",
        "This page cannot show this option; the game takes its default.",
    ),
    "lobby.categories_chosen": ("Обрано:", "Chosen:"),
    # refusals at a field
    "lobby.fix_fields": ("Виправте позначені поля.", "Fix the marked fields."),
    "lobby.advanced": ("Додатково", "More"),
    "lobby.seed": ("Зерно розкладу (необов'язково)", "The deal's seed (optional)"),
    "lobby.seed_hint": (
        "Те саме зерно з тими самими налаштуваннями дає ту саму роздачу: так перевіряють "
        "гру. Хто знає зерно, знає й приховані карти.",
        "The same seed with the same options deals the same cards: that is how a game is "
        "checked. Whoever knows the seed knows the hidden cards.",
    ),
    "lobby.seed_invalid": (
        "Зерно — ціле число від 0 до 9007199254740991.",
        "A seed is a whole number from 0 to 9007199254740991.",
    ),
    "lobby.err.whole": ("Потрібне ціле число.", "A whole number is needed."),
    "lobby.err.range": ("Ціле число від {min} до {max}.", "A whole number from {min} to {max}."),
    "lobby.err.min": ("Ціле число, не менше за {min}.", "A whole number, at least {min}."),
    "lobby.err.max": ("Ціле число, не більше за {max}.", "A whole number, at most {max}."),
    "lobby.err.order": (
        "Торкніться всіх властивостей по черзі, зліва направо.",
        "Tap every property in turn, left to right.",
    ),
    "lobby.err.too_many": ("Не більше {max} рядків.", "At most {max} lines."),
    "lobby.err.too_few": ("Потрібно щонайменше {min}.", "At least {min} are needed."),
    "lobby.err.too_long": (
        "Рядок {n} задовгий: до {max} знаків.",
        "Line {n} is too long: up to {max} characters.",
    ),
    "lobby.err.invalid": ("Це значення не підходить.", "This value does not fit."),
    "lobby.err.name": ("Ім'я — до {max_name} знаків.", "A name has up to {max_name} characters."),
    # the open games
    "lobby.just_started": ("щойно почали", "just started"),
    "lobby.started": ("почали {ago}", "started {ago}"),
    "lobby.free": ("{name} (вільне місце)", "{name} (free seat)"),
    "lobby.who": ("За столом: {names}", "At the table: {names}"),
    # the results, in each game's own terms (play-results.js)
    "result.place": ("{place} місце: {name} — {score}", "Place {place}: {name}, {score}"),
    "result.place_bare": ("{place} місце: {name}", "Place {place}: {name}"),
    "result.shared_place": (
        "{place} місце (спільне): {name} — {score}",
        "Shared place {place}: {name}, {score}",
    ),
    "result.shared_place_bare": ("{place} місце (спільне): {name}", "Shared place {place}: {name}"),
    "result.words-of-magic": (
        "карт лишилося: {n} (менше — краще)",
        "cards left: {n} (fewer is better)",
    ),
    "result.words-of-magic.tokens": (
        "карт лишилося: {n} (менше — краще), невикористаних жетонів: {tokens}",
        "cards left: {n} (fewer is better), unused tokens: {tokens}",
    ),
    "result.lost-words": (
        "пар природа–заклинання: {n}",
        "nature cards paired with their spell: {n}",
    ),
    "result.magos-y-tabernas": (
        "перешкод подолано: {obstacles}, самоцвітів: {gems}, сфер: {orbs}",
        "obstacles taken: {obstacles}, gems: {gems}, orbs: {orbs}",
    ),
    "result.magos-y-tabernas.beer": ("здобуто пиво!", "the beer is won!"),
    "result.wizards-wanted": (
        "слави: {fame} (монет: {coins}, замовлень: {jobs})",
        "fame: {fame} (coins: {coins}, jobs: {jobs})",
    ),
    "result.score": ("рахунок: {n}", "score: {n}"),
}
