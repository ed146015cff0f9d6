"""The Wizards Wanted table's texts (``table-wizards-wanted.js``, ``ww-board.js``): keys
``ww.*``.

The game's own names (jobs, licences, the types of magic and their charms, the named spaces)
are the game's data (``wordsvc/games/wizards_wanted/data/``), served by ``play_cards.py``;
here are the sentences round them, the names of the spaces that have none of their own
("stone 3", "forest 2"), and the board drawing's notes (``ww.drawn.*``: their English is the
drawing's text, which the page replaces with the text in its language). A ``ww.unit.*`` text
is an amount's forms by number, ``|`` between them (``plural()`` in
``play-common.js``). Verbs in the log are in the present tense, which Ukrainian does not
inflect by gender.
"""

from __future__ import annotations

from typing import Final

TEXTS: Final[dict[str, tuple[str, str]]] = {
    # --- words and amounts -------------------------------------------------------------------
    "ww.unit.dust": ("{n} пилу|{n} пилу|{n} пилу", "{n} dust|{n} dust"),
    "ww.unit.coins": ("{n} монета|{n} монети|{n} монет", "{n} coin|{n} coins"),
    # after "за" (for): the accusative, "купує 1 пил за 1 монету"
    "ww.unit.coins_for": ("{n} монету|{n} монети|{n} монет", "{n} coin|{n} coins"),
    "ww.unit.fame": ("{n} слави|{n} слави|{n} слави", "{n} fame|{n} fame"),
    "ww.unit.steps": ("{n} крок|{n} кроки|{n} кроків", "{n} step|{n} steps"),
    "ww.pay": ("−{amount}", "−{amount}"),
    "ww.gain": ("+{amount}", "+{amount}"),
    "ww.free": ("безкоштовно", "free"),
    "ww.paid_with": ("(платить {mushrooms})", "(paid with {mushrooms})"),
    "ww.mushroom.speed": ("гриб швидкості на {n}", "speed mushroom of {n}"),
    "ww.mushroom.teleport": ("гриб телепорту", "teleport mushroom"),
    "ww.mushroom.dust": ("гриб пилу на {n}", "dust mushroom of {n}"),
    "ww.mushroom.coin": ("гриб монет на {n}", "coin mushroom of {n}"),
    "ww.mushroom.magic": ("гриб магії: {icon}", "magic mushroom: {icon}"),
    "ww.terrain.mountains": ("Гори", "Mountains"),
    "ww.terrain.forest": ("Ліс", "Forest"),
    "ww.terrain.plains": ("Рівнини", "Plains"),
    "ww.charms.animal": ("обереги тварин", "animal charms"),
    "ww.charms.energy": ("обереги енергії", "energy charms"),
    "ww.charms.nature": ("обереги природи", "nature charms"),
    "ww.charms.illusion": ("обереги ілюзій", "illusion charms"),
    "ww.space.stone": ("камінь {n}", "stone {n}"),
    "ww.space.mushroom": ("{terrain} {n}", "{terrain} {n}"),
    "ww.space.path": ("стежка", "a path"),
    "ww.space.path_near": ("стежка біля «{place}»", "the path by {place}"),
    "ww.space.taxi_stop": ("зупинка таксі {n} біля «{place}»", "taxi stop {n} by {place}"),
    "ww.back": (
        "на звороті гриб на «{place}» {pixie}",
        "a mushroom on {place} {pixie} on its back",
    ),
    "ww.back.forest": ("і лісова фея", "and the Forest Pixie"),
    "ww.back.mountain": ("і гірська фея", "and the Mountain Pixie"),
    # --- the drawing (the English is the drawing's own text) ---------------------------------
    "ww.drawn.courtyard": ("подвір'я", "courtyard"),
    "ww.drawn.seals": ("королівські печатки", "royal seals"),
    "ww.drawn.price": ("монети → пил", "coins → dust"),
    "ww.drawn.clockwise": ("за годинниковою ↻", "clockwise ↻"),
    "ww.drawn.track": ("Доріжка слави 0–{last} по краю:", "Fame Track 0–{last} round the edge:"),
    "ww.drawn.laps": (
        "після {last} — нове коло (+{spaces} за коло)",
        "past {last}, go round again (+{spaces} a lap)",
    ),
    # --- the board ---------------------------------------------------------------------------
    "ww.board.label": ("Дошка", "The board"),
    "ww.board.zoom": ("Масштаб дошки", "Zoom the board"),
    "ww.board.zoom_in": ("Наблизити дошку", "Zoom in"),
    "ww.board.zoom_out": ("Віддалити дошку", "Zoom out"),
    "ww.board.zoom_reset": ("Показати всю дошку", "Show the whole board"),
    "ww.board.zoom_me": ("Ближче до мого чарівника", "Close in on my wizard"),
    "ww.hint.place": (
        "Перший хід: торкніться підсвіченого села, щоб поставити туди чарівника.",
        "Your first turn: tap a marked village to place your wizard there.",
    ),
    "ww.hint.move": (
        "Торкніться позначеного місця: число — ціна в пилу (+ — отримаєте), ¤ — монети.",
        "Tap a marked space to go there: its dust (+: you gain it), ¤ coins.",
    ),
    "ww.mark.place": ("{place}: поставити чарівника", "{place}: place your wizard"),
    "ww.mark.move": ("{place}: піти сюди, {cost}", "{place}: go here, {cost}"),
    # --- ways to a space ---------------------------------------------------------------------
    "ww.group.ways": ("Як дістатися: {place}", "How to get to {place}"),
    "ww.way.walk": ("Пішки, {steps}: {cost}", "On foot, {steps}: {cost}"),
    "ww.way.speed": ("Грибом ({mushroom}), {steps}: безкоштовно", "By {mushroom}, {steps}: free"),
    "ww.way.teleport": ("Телепортом: {cost}", "Teleport: {cost}"),
    "ww.way.teleport_mushroom": ("Грибом телепорту: безкоштовно", "By teleport mushroom: free"),
    "ww.way.taxi": ("Птахом-таксі: {cost}", "By bird taxi: {cost}"),
    "ww.way.route": ("{steps}: {cost}", "{steps}: {cost}"),
    "ww.way.passes": ("підберете гриб: {places}", "picks up the mushroom on {places}"),
    "ww.way.charm": ("візьмете {charm}", "takes a charm: {charm}"),
    "ww.go.title": ("Куди піти — місць: {n}", "Where to go — places: {n}"),
    "ww.go.title_place": ("Де поставити чарівника", "Where to place your wizard"),
    "ww.go.walk": ("пішки, {steps}", "on foot, {steps}"),
    "ww.go.via": ("через {places}", "via {places}"),
    "ww.go.speed": ("{mushroom}, {steps}", "by {mushroom}, {steps}"),
    "ww.go.teleport": ("телепортом", "by teleport"),
    "ww.go.teleport_mushroom": ("грибом телепорту", "by teleport mushroom"),
    "ww.go.taxi": ("птахом-таксі", "by bird taxi"),
    "ww.step_walk": ("пішки {n} → {place}", "walk {n} → {place}"),
    "ww.step_taxi": ("таксі", "taxi"),
    "ww.step_teleport": ("телепорт → {place}", "teleport → {place}"),
    # --- the actions -------------------------------------------------------------------------
    "ww.stepline.choose": (
        "Оберіть чарівника. Його оберіг дає +1 слави і +1 монету за кожен такий знак на"
        " виконаному завданні.",
        "Choose your wizard. Its charm gives +1 fame and +1 coin for each such icon on a job"
        " you do.",
    ),
    "ww.stepline.place": (
        "Поставте чарівника в будь-яке село: торкніться його на дошці.",
        "Place your wizard in any village: tap it on the board.",
    ),
    "ww.stepline.move": (
        "Рух: {walked} з {limit} кроків; у вас {dust} і {coins}. Далі — одна дія.",
        "Moving: {walked} of {limit} steps; you have {dust} and {coins}. Then one action.",
    ),
    "ww.stepline.action": (
        "Рух завершено: одна дія або кінець ходу.",
        "Movement done: one action, or end your turn.",
    ),
    "ww.stepline.castle": (
        "Ліцензії подвір'я перед вами: візьміть ту, вимоги якої виконуєте.",
        "The courtyard's licences are in your hands: take one whose requirements you meet.",
    ),
    "ww.stepline.castle_none": (
        "Жодна ліцензія подвір'я вам поки не підходить: запам'ятайте їх і йдіть.",
        "You meet none of the courtyard's licences yet: remember them and leave.",
    ),
    "ww.walked_out": (
        "П'ять кроків пройдено: далі — лише таксі, телепорт чи гриби.",
        "Five steps walked: only the taxi, teleports or mushrooms go further.",
    ),
    "ww.group.choose": ("Чарівники", "Wizards"),
    "ww.group.here": ("Тут: {place}", "Here: {place}"),
    "ww.group.stone": ("Телепорт звідси", "Teleport from here"),
    "ww.group.taxi": ("Королівське птахо-таксі", "The Royal Bird Taxi"),
    "ww.group.courtyard": ("Подвір'я замку", "The castle courtyard"),
    "ww.group.turn": ("Кінець ходу", "Ending the turn"),
    "ww.act.choose": ("Чарівник — {charm}", "The wizard with the {charm}"),
    "ww.act.job": (
        "Виконати «{job}»: {cost}, +{fame}, +{coins}",
        "Do “{job}”: {cost}, +{fame}, +{coins}",
    ),
    "ww.act.buy": ("Купити {dust} за {coins}", "Buy {dust} for {coins}"),
    "ww.act.castle": (
        "Зайти до замку й подивитися ліцензії (це ваша дія)",
        "Enter the castle and look at the licences (your action)",
    ),
    "ww.act.take": (
        "Взяти ліцензію «{licence}»: +{fame} і королівська печатка",
        "Take the licence “{licence}”: +{fame} and a royal seal",
    ),
    "ww.act.leave": ("Піти з замку без ліцензії", "Leave the castle without a licence"),
    "ww.act.end": ("Завершити хід", "End your turn"),
    "ww.act.end_now": ("Завершити хід без дії", "End your turn without an action"),
    "ww.act.taxi": (
        "Полетіти птахом-таксі: {place}, {cost}",
        "Fly the bird taxi to {place}: {cost}",
    ),
    "ww.act.teleport": ("Телепорт до «{place}»: {cost}", "Teleport to {place}: {cost}"),
    "ww.act.gets": ("і взяти {charm}", "and take a charm: {charm}"),
    "ww.licence.met": ("вимоги виконано", "requirements met"),
    "ww.licence.unmet": ("вимоги ще не виконано", "requirements not met yet"),
    # --- the view ----------------------------------------------------------------------------
    "ww.jobs_on_offer": ("Завдання в селах", "Jobs in the villages"),
    "ww.job.pays": ("→ +{fame}, +{coins}", "→ +{fame}, +{coins}"),
    "ww.job.no_icons": ("без знаків магії", "no magic icons"),
    "ww.job.bonus": ("з них +{n} за ваші обереги", "+{n} of it for your charms"),
    "ww.job.coins_on": ("на карті ще {coins}", "with {coins} on the card"),
    "ww.job.way": ("дорога: {cost}", "getting there: {cost}"),
    "ww.job.face_down": ("завдання сорочкою догори", "a face-down job"),
    "ww.job.none": ("порожньо", "empty"),
    "ww.board.at": ("· {place}", "· at {place}"),
    "ww.board.nowhere": ("· ще не на дошці", "· not on the board yet"),
    "ww.board.fame": ("Слава", "Fame"),
    "ww.board.dust": ("Пил", "Dust"),
    "ww.board.coins": ("Монети", "Coins"),
    "ww.board.mushrooms": ("Гриби", "Mushrooms"),
    "ww.board.icons": ("знаки {n} (+{fame})", "icons {n} (+{fame})"),
    "ww.board.charms": ("обереги {n}", "charms {n}"),
    "ww.board.magic_note": (
        "Знаки — з завдань і грибів (у дужках — слава за досвід); ★ — стартовий оберіг.",
        "Icons from jobs and mushrooms (in brackets, their experience fame); ★ starting charm.",
    ),
    "ww.board.licence": ("Ліцензія", "Licence"),
    "ww.board.no_licence": ("немає", "none"),
    "ww.board.seal_mine": ("печатка −{n}", "seal −{n}"),
    "ww.board.seal_hidden": ("печатка сорочкою догори", "a face-down seal"),
    "ww.board.held": ("Гриби", "Mushrooms"),
    "ww.board.jobs_done": ("Виконані завдання: {n}", "Jobs done: {n}"),
    "ww.board.more": (
        "Магія, обереги, ліцензія, завдання ({n})",
        "Magic, charms, licence, jobs ({n})",
    ),
    "ww.board.seen": ("Ви бачили в замку", "Seen at the castle"),
    "ww.fame.jobs": ("завдання", "jobs"),
    "ww.fame.charm_bonus": ("обереги", "charms"),
    "ww.fame.licence": ("ліцензія", "licence"),
    "ww.fame.seals": ("печатки", "seals"),
    "ww.fame.experience": ("досвід", "experience"),
    "ww.fame.wealth": ("багатство", "wealth"),
    "ww.info.title": ("На столі", "On the table"),
    "ww.info.price": (
        "Пил зараз: {coins} за {dust}, до {max} за раз (у купців +1 монета).",
        "Dust now: {coins} for {dust}, at most {max} at once (merchants: 1 coin more).",
    ),
    "ww.info.deck": ("Колода: {n} карт.", "The deck: {n} cards."),
    "ww.info.top": ("Верхня — {back}.", "The top one shows {back}."),
    "ww.info.castle": (
        "Замок: ліцензій {licences}, печаток {seals}. Королівський інспектор — десь серед 5"
        " нижніх карт колоди.",
        "The castle: {licences} licences, {seals} seals. The Royal Inspector is one of the"
        " bottom 5 cards of the deck.",
    ),
    "ww.info.pile": ("Грибів у купі: {n}.", "Mushrooms in the pile: {n}."),
    # --- the status line and the log ---------------------------------------------------------
    "ww.phase.choose": ("вибір чарівника", "choosing a wizard"),
    "ww.phase.place": ("перший хід", "the first turn"),
    "ww.phase.move": ("рух", "moving"),
    "ww.phase.action": ("дія", "the action"),
    "ww.phase.castle": ("у замку", "at the castle"),
    "ww.phase.over": ("кінець", "the end"),
    "ww.status.you": ("Коло {round}: ваш хід — {step}.", "Round {round}: your turn — {step}."),
    "ww.status.other": ("Коло {round}: ходить {name} — {step}.", "Round {round}: {name} — {step}."),
    "ww.status.over_inspector": (
        "Прибув Королівський інспектор: гру завершено, рахунок — слава.",
        "The Royal Inspector has come: the game is over, scored in fame.",
    ),
    "ww.status.over_limit": (
        "Ходи вичерпано: гру завершено, рахунок — слава.",
        "The turns are up: the game is over, scored in fame.",
    ),
    "ww.log.chose": ("обирає чарівника — {charm}", "chooses the wizard with the {charm}"),
    "ww.log.placed": ("ставить чарівника: {place}", "places the wizard at {place}"),
    "ww.log.walked": ("іде ({steps}) → {place}, {dust}", "walks {steps} → {place}, {dust}"),
    "ww.log.sped": ("грибом швидкості ({steps}) → {place}", "speed mushroom, {steps} → {place}"),
    "ww.log.taxi": (
        "летить птахом-таксі: {from} → {place}",
        "flies the bird taxi: {from} → {place}",
    ),
    "ww.log.teleported": ("телепортується → {place}", "teleports → {place}"),
    "ww.log.teleported_mushroom": (
        "телепортується грибом → {place}",
        "teleports by mushroom → {place}",
    ),
    "ww.log.charm": ("бере {charm}", "takes a charm: {charm}"),
    "ww.log.mushroom": ("підбирає {mushroom} ({place})", "picks up a {mushroom} ({place})"),
    "ww.log.mushroom_placed": ("виростає гриб: {place}", "a mushroom grows at {place}"),
    "ww.log.dust_returned": ("повертає {dust} понад 100", "returns {dust} over 100"),
    "ww.log.bought": ("купує {dust} за {coins}", "buys {dust} for {coins}"),
    "ww.log.forest_pixie": (
        "лісова фея переходить на наступний мухомор",
        "the Forest Pixie moves on",
    ),
    "ww.log.mountain_pixie": (
        "гірська фея переходить на камінь {n}",
        "the Mountain Pixie moves to stone {n}",
    ),
    "ww.log.job": (
        "виконує «{job}» ({place}): +{fame}, +{coins}",
        "does “{job}” ({place}): +{fame}, +{coins}",
    ),
    "ww.log.refilled": (
        "нове завдання лягає сорочкою догори: {place}",
        "a new job goes face down at {place}",
    ),
    "ww.log.refreshed": (
        "лише 3 завдання відкриті: на кожне монета, закриті перевертаються",
        "only 3 jobs face up: a coin on each, and the face-down ones turn up",
    ),
    "ww.log.inspector": (
        "Королівський інспектор з'являється: цей хід останній!",
        "the Royal Inspector appears: this turn is the last!",
    ),
    "ww.log.castle": (
        "заходить до замку й дивиться ліцензії",
        "enters the castle and looks at the licences",
    ),
    "ww.log.licence": (
        "бере ліцензію «{licence}»: +{fame}",
        "takes the licence “{licence}”: +{fame}",
    ),
    "ww.log.seal": ("бере королівську печатку", "takes a royal seal"),
    "ww.log.left": ("іде з замку без ліцензії", "leaves the castle without a licence"),
    "ww.log.ended": ("завершує хід", "ends the turn"),
    "ww.log.movement_ended": ("завершує рух: {place}", "ends the move at {place}"),
    "ww.log.turn_limit": ("зіграно ходів: {n} кожен", "{n} turns each played"),
    "ww.log.final": ("{name}: {fame} разом", "{name}: {fame} in all"),
    "ww.log.over": ("гру завершено", "the game is over"),
    "ww.log.over_seals": (
        "гру завершено; печатки в замку: −{fame} кожному без ліцензії",
        "the game is over; the seals at the castle: −{fame} for each without a licence",
    ),
}
