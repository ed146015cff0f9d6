"""Every text of the play pages (``/play``), in Ukrainian (the default) and English.

The same shape as :mod:`wordsvc.web.texts`: key -> (Ukrainian, English), ``{name}``
placeholders filled by the caller; the page embeds its language's table as JSON for the ES
modules. Game titles come from the registry (``wordsvc/games/registry.py``).
"""

from __future__ import annotations

from typing import Final

from wordsvc.web.texts import Lang

PLAY_TEXTS: Final[dict[str, tuple[str, str]]] = {
    "title": ("Грати", "Play"),
    "tagline": (
        "Оберіть гру, посадіть за стіл людей і ботів, грайте з телефонів за одним столом.",
        "Pick a game, seat people and bots, and play from the phones at one table.",
    ),
    "switch_lang": ("English", "Українська"),
    "switch_lang_label": ("Switch to English", "Перейти на українську"),
    "arbiter": ("Арбітр", "Arbiter"),
    "lobby": ("До вибору гри", "To the lobby"),
    "needs_js": ("Ця сторінка потребує JavaScript.", "This page needs JavaScript."),
    "new_game": ("Нова гра", "New game"),
    "game": ("Гра", "Game"),
    "options": ("Налаштування", "Options"),
    "seats": ("Місця", "Seats"),
    "seat": ("Місце {n}", "Seat {n}"),
    "seat_kind": ("Хто грає", "Who plays"),
    "human": ("Людина", "A person"),
    "bot": ("Бот: {name}", "Bot: {name}"),
    "name": ("Ім'я", "Name"),
    "create": ("Створити гру", "Create the game"),
    "creating": ("Створюю…", "Creating…"),
    "open_games": ("Відкриті ігри", "Open games"),
    "no_open_games": ("Немає ігор з вільними місцями.", "No games with a free seat."),
    "refresh": ("Оновити", "Refresh"),
    "join_seat": ("Сісти на місце {n}", "Take seat {n}"),
    "watch": ("Дивитися", "Watch"),
    "null": ("(немає)", "(none)"),
    "links": ("Посилання для інших гравців", "Links for the other players"),
    "copy": ("Копіювати", "Copy"),
    "copied": ("Скопійовано", "Copied"),
    "you_are": ("Ви граєте за місце {n}.", "You play seat {n}."),
    "spectator": ("Ви глядач.", "You are watching."),
    "turn_you": ("Ваш хід", "Your turn"),
    "turn_of": ("Хід: {names}", "To act: {names}"),
    "game_over": ("Гру завершено", "The game is over"),
    "result": ("Результат", "Result"),
    "place": ("{place} місце: {name} ({score})", "Place {place}: {name} ({score})"),
    "actions": ("Ваші дії", "Your actions"),
    "no_actions": ("Зараз ви не дієте.", "Nothing for you to do now."),
    "send": ("Зробити", "Do it"),
    "action_json": ("Дія (JSON)", "Action (JSON)"),
    "action_needs": ("Потрібно: {fields}", "Needs: {fields}"),
    "view": ("Стіл", "The table"),
    "log": ("Хід гри", "What happened"),
    "players": ("Гравці", "Players"),
    "you": ("ви", "you"),
    "acting": ("ходить", "to act"),
    "live": ("Наживо", "Live"),
    "reconnecting": ("Перепідключаюся…", "Reconnecting…"),
    "version": ("Хід №{n}", "Move {n}"),
    "judge": ("Суддя: чи можна це слово?", "Judge: is this word playable?"),
    "judge_word": ("Слово", "Word"),
    "judge_check": ("Перевірити", "Check"),
    "valid": ("можна", "playable"),
    "invalid": ("не можна", "not playable"),
    "house_word": ("домашнє слово", "house word"),
    "problem.network": ("Немає зв'язку із сервером.", "The server cannot be reached."),
    "problem.unexpected": ("Неочікувана відповідь сервера.", "An unexpected answer."),
    "problem.stale_state_id": (
        "Гра змінилася, поки ви обирали. Стіл оновлено.",
        "The game moved on while you chose. The table is updated.",
    ),
    "problem.seat_taken": ("Це місце вже зайняте.", "That seat is taken."),
    "problem.invalid_token": (
        "Ваш ключ місця недійсний; ви дивитеся як глядач.",
        "Your seat's key is not valid; you are watching.",
    ),
    "problem.session_not_found": ("Такої гри немає.", "No such game."),
    "problem.malformed_json": ("Це не JSON.", "That is not JSON."),
}


def play_text(key: str, lang: Lang, **values: object) -> str:
    uk, en = PLAY_TEXTS[key]
    chosen = uk if lang == "uk" else en
    return chosen.format(**values) if values else chosen


def play_table(lang: Lang) -> dict[str, str]:
    return {key: uk if lang == "uk" else en for key, (uk, en) in PLAY_TEXTS.items()}
