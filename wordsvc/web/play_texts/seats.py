"""The seats' texts (``play-seats.js``): seat links, QR codes, claiming a seat, keys ``seats.*``
(and ``problem.<code>`` for the codes only this part meets)."""

from __future__ import annotations

from typing import Final

TEXTS: Final[dict[str, tuple[str, str]]] = {
    # --- the host's links, one per seat nobody has sat down at yet -------------------------
    "seats.links": ("Запросіть гравців", "Invite the players"),
    "seats.links_hint": (
        "Кожен наводить камеру телефона на свій код або відкриває своє посилання.",
        "Each person points their phone's camera at their code, or opens their link.",
    ),
    "seats.only_here": (
        "Цей комп'ютер не в локальній мережі: інші пристрої не відкриють ці посилання. "
        "Під'єднайте його до Wi-Fi столу й перезапустіть сервер.",
        "This computer is on no local network: other devices cannot open these links. "
        "Join the table's Wi-Fi, then start the server again.",
    ),
    "seats.listening_here": (
        "Сервер приймає лише цей комп'ютер, тож телефони не відкриють ці посилання. Щоб "
        "грати з телефонами, перезапустіть його командою «wordsvc serve --table» "
        "(або «./scripts/serve --table»).",
        "The server takes this computer only, so phones cannot open these links. To play "
        "with phones, start it again with “wordsvc serve --table” (or “./scripts/serve "
        "--table”).",
    ),
    "seats.seat_of": ("Місце {n}: {name}", "Seat {n}: {name}"),
    "seats.free_seat": ("Вільне місце {n}", "Free seat {n}"),
    "seats.link_label": ("Посилання для місця {n}", "Link for seat {n}"),
    "seats.qr_label": (
        "QR-код посилання для місця {n}, {name}",
        "QR code of the link for seat {n}, {name}",
    ),
    "seats.qr_failed": ("Код не вдалося намалювати.", "The code could not be drawn."),
    "seats.default_name": ("Гравець {n}", "Player {n}"),
    # --- a seat's link again (a phone died) ------------------------------------------------
    "seats.show_again": ("Показати посилання місця ще раз", "Show a seat's link again"),
    "seats.show_again_hint": (
        "Телефон розрядився? Те саме посилання поверне гравця на його місце з будь-якого пристрою.",
        "A phone died? The same link brings its player back to their seat from any device.",
    ),
    "seats.replaced": (
        "Гравець цього місця зробив нове посилання; старе більше не діє.",
        "This seat's player made a new link; the old one no longer works.",
    ),
    # --- your own seat's link --------------------------------------------------------------
    "seats.mine": ("Продовжити на іншому пристрої", "Continue on another device"),
    "seats.mine_hint": (
        "Відкрийте це посилання або відскануйте код іншим пристроєм — і ви знову на своєму "
        "місці. Не показуйте його іншим.",
        "Open this link or scan the code with another device to be back at your seat. Keep "
        "it to yourself.",
    ),
    "seats.rotate": ("Нове посилання", "New link"),
    "seats.rotate_warning": (
        "Старе посилання перестане діяти, і те, що у господаря гри, теж.",
        "The old link stops working, the one the host holds too.",
    ),
    "seats.rotated": (
        "Нове посилання готове; старе більше не діє.",
        "The new link is ready; the old one no longer works.",
    ),
    # --- sitting down with a link ----------------------------------------------------------
    "seats.claim_title": ("Ваше місце за столом", "Your seat at the table"),
    "seats.claim_lead": (
        "Місце {n}. Як вас звати? Ім'я бачитимуть інші гравці.",
        "Seat {n}. What is your name? The other players will see it.",
    ),
    "seats.claim_name": ("Ваше ім'я", "Your name"),
    "seats.claim_sit": ("Сісти за стіл", "Take my seat"),
    "seats.name_needed": (
        "Введіть ім'я: від 1 до {max_name} знаків.",
        "Type a name: 1 to {max_name} characters.",
    ),
    "seats.link_dead": (
        "Це посилання більше не діє: попросіть нове в того, хто його дав.",
        "This link no longer works: ask whoever gave it for a new one.",
    ),
    # --- a seat someone already sits at ----------------------------------------------------
    "seats.taken_title": ("Це місце вже зайняте", "Someone sits at this seat"),
    "seats.taken_lead": (
        "Місце {n}: {name} уже грає на іншому пристрої.",
        "Seat {n}: {name} already plays it on another device.",
    ),
    "seats.taken_hint": (
        "Якщо це ви, продовжуйте тут: на тому пристрої залишиться тільки перегляд.",
        "If that is you, continue here: the other device will only watch.",
    ),
    "seats.take_over": ("Це я, продовжити тут", "It's me: continue here"),
    "seats.just_watch": ("Дивитися", "Just watch"),
    "seats.taken_over": (
        "Ваше місце тепер на іншому пристрої, тут ви глядач.",
        "Your seat is now played on another device: here you are watching.",
    ),
    # --- the host's screen -----------------------------------------------------------------
    "seats.table_screen": (
        "Екран столу: тут видно тільки те, що бачать усі.",
        "The table's screen: it shows only what everyone may see.",
    ),
    "seats.sit_here": ("Сісти самому", "Sit here myself"),
    # --- problems only this part meets -----------------------------------------------------
    "problem.invalid_link": (
        "Для цього посилання не вдалося намалювати QR-код.",
        "No QR code can be drawn for this link.",
    ),
    "problem.invalid_claim": (
        "Не вдалося зайняти місце: сторінка надіслала хибний запит.",
        "The seat could not be taken: the page sent a wrong request.",
    ),
}
