// The Magos y Tabernas table: every player's area (orbs, gems, level and limits, obstacles,
// objects with their life gems, hand size), the stack (newest on top) and the middle. The
// cards you may use are buttons under the question; a card is also played by tapping it in
// the hand, then its target. Views carry ids; names and texts come with the page (#cards).
// Every control that sends is a legal action (`data-action`). Under the hand, the seat's
// settings: "answer only when I can" (`auto_pass`) and "only when it concerns me"
// (`only_when_concerned`), both on by default (docs/sessions.md).

import { aimOf, describeItem, designOf, quoted, shortItem } from "./myt-words.js";
import { plural } from "./play-common.js";

const STYLES = new URL("./myt.css", import.meta.url).href;
//: The target fields of an action, as effects.py names them.
const TARGETS = ["target", "object", "item"];
const CARD_MOVES = ["play", "lay_down", "consume"];
//: Up to this many discard choices are buttons; more are ticked card by card.
const DISCARD_BUTTONS = 6;
const AIM_HINTS = { target: "myt.aim_hint_player", object: "myt.aim_hint_object", item: "myt.aim_hint_item" };
const BASIC = { take_orb: "myt.take_orb", draw: "myt.draw", pass: "myt.pass", end: "myt.end" };

/** This table's styles, loaded with it (the other tables' pages need none of them). */
function ensureStyles() {
  if (document.querySelector(`link[href="${STYLES}"]`)) return;
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: STYLES }));
}

/** The table for one session; `ctx` is what play-table.js lends it (texts, send, names...). */
export function createTable(ctx) {
  const { t, el, cards } = ctx;
  ensureStyles();
  let summary = null;
  // The card being played, until its action is sent: {card, with?, played?}.
  let pick = null;
  // What the log has announced (item number -> item) and what is still on the stack by the
  // log, so that it can say who answered what, and what resolved or was cancelled.
  const announced = new Map();
  const open = [];

  const who = (seat) => ctx.names()[seat] ?? t("seat", { n: seat + 1 });
  const words = { t, cards, who };
  const nameOf = (id) => cards.name?.[designOf(id)] ?? t("myt.card");
  const textOf = (id) => cards.text?.[designOf(id)] ?? "";
  const typeOf = (id) => cards.type?.[designOf(id)] ?? "spell";
  const q = (id) => quoted(words, id);
  const view = () => summary.view;
  const over = () => summary.status === "over";
  const mine = () => summary.you !== null && !over() && summary.to_act.includes(summary.you);
  const legal = () => (mine() ? summary.legal_actions ?? [] : []);
  const ownerOf = (card) => {
    const seat = view().players.findIndex((p) => (p.objects ?? []).some((o) => o.id === card));
    return seat < 0 ? null : seat;
  };
  const onStack = (number) => view().stack.find((i) => i.id === number) ?? null;
  const phrase = (item) => describeItem(words, item, { you: summary.you, find: onStack, owner: ownerOf });
  /** The one legal action of `types` for `card` when it has exactly one and it leaves nothing
   *  to choose (no Flash partner, no Plagio copy): sent by one tap on the card's button. */
  const oneWay = (card, types) => {
    const ways = legal().filter((a) => types.includes(a.type) && a.card === card);
    return ways.length === 1 && !("with" in ways[0]) && !("played" in ways[0]) ? ways[0] : null;
  };

  /** A warning for a play that would take nothing from its target now (the view's
   *  `takes_nothing`: Atacar at a player without gems), or "". */
  function idleNote(action) {
    const same = JSON.stringify(action);
    const found = (view().takes_nothing ?? []).find((n) => JSON.stringify(legal()[n.action]) === same);
    return found ? ` ${t(`myt.takes_nothing.${found.what}`, { name: who(action.target) })}` : "";
  }

  // --- cards ---------------------------------------------------------------------------

  /** A card face: its name in the page's language, its original Spanish name small beside
   *  it (the same everywhere: the log and the rules say the name too), the type in the
   *  rulebook's colour, the cost, the text. */
  function face(id, { life = null, consume = null } = {}) {
    const design = designOf(id);
    const type = typeOf(id);
    const title = cards.title?.[design];
    const name = nameOf(id);
    const cost = cards.cost?.[design] ?? "";
    return el("span", { class: `myt-card type-${type}`, "data-card": id },
      el("span", { class: "myt-head" },
        el("strong", { class: "myt-title", text: name }),
        cost ? el("span", { class: "myt-cost", title: t("myt.cost_title", { n: cost }), text: cost }) : null),
      title && title !== name ? el("span", { class: "myt-name", lang: "es", text: title }) : null,
      el("span", { class: "myt-kind", text: t(`myt.kind.${type}`) }),
      consume === null ? null : el("span", { class: "myt-kind", text: t(`myt.consume.${consume ? 1 : 0}`) }),
      el("span", { class: "myt-text", text: textOf(id) }),
      life === null ? null : el("span", { class: "myt-life" },
        el("span", { class: "life-gems", "aria-hidden": "true", text: "◆".repeat(life) }),
        el("span", { text: ` ${plural("myt.n.life", life)}` })));
  }

  /** A button that sends `action` (one of the engine's legal actions). */
  function sender(action, text, cls = "", attrs = {}) {
    const node = ctx.actionButton(action, text, cls);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
    node.addEventListener("click", () => { pick = null; });
    return node;
  }

  /** A card with one way to be played: its face, and under it the button that sends that
   *  way, saying what it does and at whom ("Зіграти — ціль: Петро"). */
  function oneWayCard(way, inner, attr) {
    const aim = aimOf(words, { ...way, seat: summary.you }, { you: summary.you, find: onStack, owner: ownerOf });
    return el("div", { class: "myt-one-way" }, inner,
      sender(way, `${verb(way)}${aim}${idleNote(way)}`, "myt-one-way-send", { [attr]: way.card, "data-one-way": "" }));
  }

  /** A card to pick (in the hand, or an object of yours on the table). */
  function pickable(id, inner, attr) {
    const chosen = pick?.card === id;
    const node = el("button", {
      type: "button", class: `myt-pickable${chosen ? " chosen" : ""}`, [attr]: id,
      "aria-pressed": chosen ? "true" : "false",
    }, inner, el("span", { class: "myt-can", text: t(chosen ? "myt.chosen" : "myt.can_play") }));
    node.addEventListener("click", () => choose(chosen ? null : { card: id }));
    return node;
  }

  // --- what a pick leads to ----------------------------------------------------------------

  /** The legal actions the pick `p` still matches. */
  function matching(p = pick) {
    if (!p) return [];
    return legal().filter((a) => CARD_MOVES.includes(a.type) && a.card === p.card
      && (p.with === undefined || a.with === p.with) && (p.played === undefined || a.played === p.played));
  }
  const isFlash = (id) => legal().some((a) => a.card === id && "with" in a);
  const isPlagio = (id) => legal().some((a) => a.card === id && "played" in a);
  /** The target field still to choose, once Flash's partner and Plagio's card are known. */
  function openField(actions) {
    if (!actions.length || (isFlash(pick?.card) && pick.with === undefined)) return null;
    if (isPlagio(pick?.card) && pick.played === undefined) return null;
    return TARGETS.find((f) => actions.every((a) => f in a)) ?? null;
  }
  /** The action the pick sends when `value` is tapped as its `field`, if it has one. */
  function aimed(field, value) {
    const actions = matching();
    if (openField(actions) !== field) return null;
    const found = actions.filter((a) => a[field] === value);
    return found.length === 1 ? found[0] : null;
  }

  function choose(p) {
    pick = p;
    drawView();
    const first = document.querySelector("#view .myt-target, #view .myt-target-object, #view .myt-target-item");
    (first ?? document.getElementById("myt-choice"))?.scrollIntoView({ block: "nearest" });
  }

  // --- the players' areas ------------------------------------------------------------------

  /** `n` full pips of at least `of` (what the next step takes: the view's exchange rate). */
  function pips(n, of, full, empty) {
    return el("span", { class: "myt-pips", "aria-hidden": "true",
      text: Array.from({ length: Math.max(n, of) }, (_, i) => (i < n ? full : empty)).join("") });
  }

  function resources(player) {
    return el("div", { class: "myt-resources" },
      el("p", { class: "orbs" }, pips(player.orbs, view().orbs_per_gem, "●", "○"),
        el("span", { text: ` ${t("myt.orbs", { n: player.orbs })}` })),
      el("p", { class: "gems" }, pips(player.gems, view().gems_per_level, "◆", "◇"),
        el("span", { text: ` ${t(player.obstacles ? "myt.gems_obstacle" : "myt.gems_beer", { n: player.gems })}` })),
      el("p", { class: "myt-level", text: t("myt.level", {
        level: player.level, hand: player.hand_limit, objects: player.object_limit,
      }) }));
  }

  function obstacles(player) {
    const n = player.obstacles;
    return el("p", { class: "myt-obstacles" },
      el("span", { class: "myt-backs", "aria-hidden": "true" }, ...Array.from({ length: n }, () => el("span", { class: "myt-back" }))),
      el("span", { text: n ? t("myt.obstacles", { n }) : t("myt.no_obstacles") }),
      el("span", { class: "muted", text: ` · ${t("myt.hand_count", { n: player.hand_size })}` }));
  }

  function objectNode(obj, seat) {
    const inner = face(obj.id, { life: obj.life_gems ? obj.life : null, consume: obj.consume_cost ?? null });
    const target = aimed("object", obj.id);
    if (target) {
      const node = sender(target, "", "myt-pickable myt-target-object", { "data-object": obj.id });
      node.replaceChildren(el("span", { class: "myt-aim", text: t("myt.aim_object") }), inner);
      return el("li", {}, node);
    }
    if (seat === summary.you && legal().some((a) => a.type === "consume" && a.card === obj.id)) {
      const way = pick?.card === obj.id ? null : oneWay(obj.id, ["consume"]);
      return el("li", {}, way ? oneWayCard(way, inner, "data-object") : pickable(obj.id, inner, "data-object"));
    }
    return el("li", {}, inner);
  }

  function handNode(hand) {
    const usable = new Set(legal().filter((a) => a.type === "play" || a.type === "lay_down").map((a) => a.card));
    return el("div", { class: "myt-hand-box" },
      el("h4", { id: "myt-hand-title", text: t("myt.your_hand", { n: hand.length }) }),
      el("ul", { class: "myt-cards myt-hand", "aria-labelledby": "myt-hand-title" }, ...hand.map((card) => {
        const inner = face(card.id, { consume: card.consume_cost ?? null });
        if (!usable.has(card.id)) return el("li", {}, inner);
        const way = pick?.card === card.id ? null : oneWay(card.id, ["play", "lay_down"]);
        return el("li", {}, way ? oneWayCard(way, inner, "data-hand-card") : pickable(card.id, inner, "data-hand-card"));
      })));
  }

  /** In 2 vs 2, whether `seat` is your partner (a pair wins together). */
  const partner = (seat) => view().options.teams && summary.you !== null && seat !== summary.you
    && view().players[seat].team === view().players[summary.you].team;

  function area(player, seat) {
    const me = seat === summary.you;
    const v = view();
    const acting = !over() && summary.to_act.includes(seat);
    const target = aimed("target", seat);
    const section = el("section", {
      class: `panel player myt-area${me ? " mine" : ""}${acting ? " acting" : ""}${target ? " aimable" : ""}`,
      "data-seat": String(seat), "aria-label": who(seat),
    },
    el("h3", {}, el("span", { text: who(seat) }),
      me ? el("span", { class: "badge", text: t("you") }) : null,
      partner(seat) ? el("span", { class: "myt-mark", text: t("myt.partner") }) : null,
      !over() && v.active === seat ? el("span", { class: "myt-mark", text: t(me ? "myt.status_yours" : "myt.their_turn") }) : null,
      acting && v.phase === "priority" ? el("span", { class: "myt-mark answer", text: t("myt.answering") }) : null,
      player.shielded ? el("span", { class: "myt-mark shield", text: t("myt.shielded") }) : null));
    if (target) {
      const button = sender(target, `${t("myt.aim_player", { name: me ? t("myt.you_target") : who(seat) })}${idleNote(target)}`, "myt-target",
        { "data-target-seat": String(seat) });
      section.append(button);
      section.addEventListener("click", (event) => {
        if (!event.target.closest("button")) button.click();
      });
    }
    const objects = player.objects ?? [];
    section.append(resources(player), obstacles(player),
      el("h4", { text: t("myt.objects", { n: objects.length, limit: player.object_limit }) }));
    if (objects.length) section.append(el("ul", { class: "myt-cards myt-objects" }, ...objects.map((o) => objectNode(o, seat))));
    if (me && player.hand) section.append(handNode(player.hand));
    if (me && pick) section.append(choicePanel());
    if (me && !over()) section.append(autoPassSwitch());
    return section;
  }

  // --- the seat's settings: answer only when I can, only when it concerns me ---------------

  /** One switch of the seat's settings (`field`: `auto_pass` or `only_when_concerned`), sent
   *  with its token; the table is drawn again. `off`: the switch cannot be used now. */
  function settingSwitch(field, id, label, hint, off = false) {
    const on = summary.seats[summary.you]?.[field];
    const input = el("input", {
      type: "checkbox", role: "switch", id, class: "switch", "aria-describedby": `${id}-hint`,
    });
    input.checked = on === true;
    input.disabled = off || on === null || on === undefined;
    input.addEventListener("change", async () => {
      input.disabled = true;
      if (!(await ctx.seatSettings({ [field]: input.checked }))) {
        input.checked = !input.checked;
        input.disabled = false;
      }
    });
    return [
      el("label", { class: "switch-row", for: id }, input, el("span", { text: t(label) })),
      el("p", { class: "muted myt-setting-hint", id: `${id}-hint`, text: t(hint) }),
    ];
  }

  /** "Answer only when I can" (`auto_pass`), and under it "answer only when it concerns me"
   *  (`only_when_concerned`), which acts only while the first is on. */
  function autoPassSwitch() {
    const able = summary.seats[summary.you]?.auto_pass === true;
    return el("div", { class: "myt-setting" },
      ...settingSwitch("auto_pass", "myt-auto-pass", "myt.auto_pass", "myt.auto_pass_hint"),
      ...settingSwitch("only_when_concerned", "myt-only-concerned", "myt.only_when_concerned",
        "myt.only_when_concerned_hint", !able));
  }

  // --- the choice under the hand -------------------------------------------------------------

  /** What the picked card may do: its one action, the targets to tap, Flash's partners or
   *  the cards Plagio may copy, each said in words. */
  function choicePanel() {
    const actions = matching();
    const box = el("div", { class: "myt-choice", id: "myt-choice", role: "group", "aria-label": nameOf(pick.card) },
      el("p", { class: "myt-choice-title" }, el("strong", { text: nameOf(pick.card) })));
    if (isFlash(pick.card) && pick.with === undefined) {
      box.append(el("p", { text: t("myt.flash_pick", { card: q(pick.card) }) }), el("div", { class: "myt-options" },
        ...[...new Set(actions.map((a) => a.with))].map((partner) => step({ ...pick, with: partner },
          t("myt.flash_with", { card: q(partner), text: textOf(partner) }), { "data-with": partner }))));
    } else if (isPlagio(pick.card) && pick.played === undefined) {
      box.append(el("p", { text: t("myt.plagio_pick", { card: q(pick.card) }) }), el("div", { class: "myt-options" },
        ...[...new Set(actions.map((a) => a.played))].map((number) => {
          const entry = view().played.find((p) => p.item === number) ?? {};
          return step({ ...pick, played: number }, t("myt.plagio_copy", {
            card: q(entry.card), name: who(entry.seat), text: textOf(entry.card),
          }), { "data-played": String(number) });
        })));
    } else {
      const field = openField(actions);
      if (field) {
        box.append(el("p", { class: "myt-aim-hint", text: t(AIM_HINTS[field]) }));
      } else if (actions.length === 1) {
        box.append(el("p", { text: explain(actions[0]) }),
          el("div", { class: "action-buttons" }, sender(actions[0], verb(actions[0]), "", { "data-confirm": "" })));
      } else { // targets of two kinds at once: none of the catalogue's cards has them
        box.append(el("div", { class: "myt-options" }, ...actions.map((a) => sender(a, phrase({ ...a, kind: a.type, seat: summary.you })))));
      }
    }
    const drop = el("button", { type: "button", class: "secondary myt-drop", text: t("myt.drop_pick") });
    drop.addEventListener("click", () => choose(null));
    box.append(drop);
    return box;
  }

  /** A button for the pick's next step; a step that leaves one untargeted action sends it. */
  function step(next, text, attrs) {
    const actions = matching(next);
    if (actions.length === 1 && !TARGETS.some((f) => f in actions[0])) return sender(actions[0], text, "myt-option", attrs);
    const node = el("button", { type: "button", class: "myt-option secondary", text, ...attrs });
    node.addEventListener("click", () => choose(next));
    return node;
  }

  const verb = (action) => t(`myt.verb.${action.type}`);

  function explain(action) {
    if (action.type === "lay_down") return t("myt.explain.lay_down");
    if (action.type === "consume") {
      const cost = view().players[summary.you].objects.find((o) => o.id === action.card)?.consume_cost;
      return t(cost ? "myt.explain.consume_point" : "myt.explain.consume_free", { text: textOf(action.card) });
    }
    return t(typeOf(action.card) === "spell" ? "myt.explain.spell" : "myt.explain.instant", { text: textOf(action.card) });
  }

  // --- the stack and the middle --------------------------------------------------------------

  /** The beer, drawn (an emoji may have no font on the table's laptop). */
  function beerIcon() {
    const box = el("span", { class: "myt-beer-icon", "aria-hidden": "true" });
    box.innerHTML = '<svg viewBox="0 0 24 24" width="28" height="28">'
      + '<path d="M5 7h11v13a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1z" fill="#f2b320" stroke="currentColor"/>'
      + '<path d="M16 10h2a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2h-2" fill="none" stroke="currentColor" stroke-width="1.5"/>'
      + '<path d="M4.5 7.5a2.5 2.5 0 0 1 3-3 3 3 0 0 1 5 0 2.5 2.5 0 0 1 4 3z" fill="#fffdf5" stroke="currentColor"/></svg>';
    return box;
  }

  function stackNode() {
    const v = view();
    const box = el("section", { class: `panel myt-stack-box${v.stack.length ? " open" : ""}`, "aria-labelledby": "myt-stack-title" },
      el("h3", { id: "myt-stack-title", text: t("myt.stack") }));
    // An open window asks every seat in to_act at once: the first to play claims it.
    const asked = v.phase === "priority" ? summary.to_act : [];
    if (!v.stack.length) {
      box.append(el("p", { class: "muted", text: t(asked.length ? "myt.stack_empty_window" : "myt.stack_empty") }));
      return box;
    }
    if (asked.length) {
      const others = asked.filter((seat) => seat !== summary.you).map(who).join(", ");
      box.append(el("p", { class: "myt-priority", id: "myt-priority",
        text: asked.includes(summary.you) ? t("myt.priority_you") : t("myt.priority_of", { name: others }) }));
    }
    box.append(el("ol", { class: "myt-stack" }, ...[...v.stack].reverse().map((item, i) => {
      const card = item.kind === "copy" ? item.card : item.effect ?? item.card;
      const inner = [
        card ? el("span", { class: `myt-chip type-${typeOf(card)}`, text: nameOf(card) })
          : el("span", { class: "myt-chip type-action", text: t(`myt.chip.${item.kind}`) }),
        el("span", { class: "myt-item-text" }, el("strong", { text: who(item.seat) }), ` ${phrase(item)}`),
        card ? el("span", { class: "myt-item-does", text: textOf(card) }) : null,
        i === 0 ? el("span", { class: "myt-top", text: t("myt.top") }) : null,
      ].filter(Boolean);
      const target = aimed("item", item.id);
      const row = el("li", { class: `myt-item${i === 0 ? " top" : ""}`, "data-item": String(item.id) });
      if (target) {
        const node = sender(target, "", "myt-pickable myt-target-item", { "data-item": String(item.id) });
        node.replaceChildren(el("span", { class: "myt-aim", text: t("myt.aim_item") }), ...inner);
        row.append(node);
      } else {
        row.append(...inner);
      }
      return row;
    })));
    return box;
  }

  function middle() {
    const v = view();
    const top = v.discard.at(-1);
    return el("section", { class: "panel board myt-middle", "aria-labelledby": "myt-middle-title" },
      el("h3", { id: "myt-middle-title", text: t("myt.middle") }),
      el("p", { class: "myt-beer" }, beerIcon(),
        el("span", { text: v.ended_by === "beer" ? t("myt.beer_won", { names: v.winner.map(who).join(", ") }) : t("myt.beer") })),
      el("p", { text: t("myt.supply", { orbs: v.supply.orbs, gems: v.supply.gems, life: v.supply.life_gems }) }),
      el("p", { text: t("myt.piles", { deck: v.deck_size, discard: v.discard.length }) }),
      top ? el("div", { class: "myt-discard-top" }, el("h4", { text: t("myt.discard_top") }), face(top)) : null);
  }

  /** Opponents across the table, the stack and the middle, then your own area and hand. */
  function drawView() {
    const v = view();
    const seats = v.players.map((_, seat) => seat);
    const you = summary.you;
    const others = you === null ? seats : [...seats.slice(you + 1), ...seats.slice(0, you)];
    const box = el("div", { class: "panels myt" },
      ...others.map((seat) => area(v.players[seat], seat)), stackNode(), middle(),
      you === null ? null : area(v.players[you], you));
    document.getElementById("view").replaceChildren(box);
  }

  // --- your actions: what is asked, the action point, the pass ---------------------------------

  function prompt() {
    const v = view();
    if (over()) return v.winner?.length ? t("myt.over_won", { names: v.winner.map(who).join(", ") }) : t("myt.over");
    if (summary.you === null) return t("myt.watching", { name: who(v.active) });
    if (!mine()) {
      if (v.phase === "priority") return t("myt.wait_answer", { name: summary.to_act.map(who).join(", ") });
      return t("myt.wait", { name: who(summary.to_act[0] ?? v.active) });
    }
    if (v.phase === "discard") return t("myt.ask_discard", { what: plural("myt.n.cards", v.pending.discard) });
    if (v.phase === "reduce") {
      return t("myt.ask_reduce", { limit: v.players[summary.you].hand_limit, what: plural("myt.n.cards", v.pending.discard) });
    }
    if (v.phase === "main") {
      // The engine says why the orb action is missing (another's Agujero Negro).
      const blocker = v.orb_blocked_by;
      return blocker ? `${t("myt.ask_main")} ${t("myt.orb_blocked", { card: q(blocker), name: who(ownerOf(blocker)) })}`
        : t("myt.ask_main");
    }
    const top = v.stack.at(-1);
    // Answers: instants (Flash's plays too) and objects consumed; the rest spends the point.
    const answers = [...new Set(legal().filter((a) => a.type === "play" || a.type === "consume").map((a) => q(a.card)))];
    const point = legal().some((a) => ["take_orb", "draw", "lay_down"].includes(a.type));
    const parts = [top ? t("myt.ask_top", { name: who(top.seat), item: phrase(top) }) : t("myt.ask_window")];
    if (answers.length) parts.push(t("myt.ask_answers", { cards: answers.join(", ") }));
    if (point) parts.push(t("myt.ask_point"));
    parts.push(t(answers.length || point ? "myt.ask_pass" : "myt.ask_nothing"));
    return parts.filter(Boolean).join(" ");
  }

  function discardControls(actions) {
    const count = view().pending.discard;
    const box = el("div", { class: "myt-discard", "data-group": "discard" });
    if (actions.length <= DISCARD_BUTTONS) {
      box.append(el("div", { class: "action-buttons" }, ...actions.map((a) => sender(a,
        t("myt.discard_these", { cards: a.cards.map(q).join(", ") }), "secondary"))));
      return box;
    }
    const ticked = [];
    const send = el("button", { type: "submit", disabled: true, text: t("myt.discard_n", { what: plural("myt.n.cards", count) }) });
    const boxes = view().players[summary.you].hand.map((c, i) => {
      const input = el("input", { type: "checkbox", value: c.id, id: `myt-discard-${i}` });
      input.addEventListener("change", () => {
        if (input.checked) ticked.push(c.id);
        else ticked.splice(ticked.indexOf(c.id), 1);
        const chosen = actions.find((a) => a.cards.length === ticked.length && a.cards.every((x) => ticked.includes(x)));
        send.disabled = !chosen;
        if (chosen) send.dataset.action = JSON.stringify(chosen);
        else delete send.dataset.action;
      });
      return el("label", { class: "check-card" }, input, ` ${nameOf(c.id)}`);
    });
    const form = el("form", { class: "myt-discard-form" }, el("fieldset", {},
      el("legend", { text: t("myt.discard_pick", { what: plural("myt.n.cards", count) }) }),
      el("div", { class: "check-cards" }, ...boxes)), send);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (send.dataset.action) ctx.send(JSON.parse(send.dataset.action), send);
    });
    box.append(form);
    return box;
  }

  /** The cards you may use now, as buttons beside the question: a card with one way sends
   *  it ("Зіграти «Щит»"); any other opens its choice in your area, at its first target. */
  function cardAnswers(acts) {
    const ids = [...new Set(acts.filter((a) => CARD_MOVES.includes(a.type)).map((a) => a.card))];
    if (!ids.length) return null;
    return el("div", { class: "action-buttons myt-answers", id: "myt-answers" }, ...ids.map((id) => {
      const way = oneWay(id, CARD_MOVES);
      if (way) {
        const aim = aimOf(words, { ...way, seat: summary.you }, { you: summary.you, find: onStack, owner: ownerOf });
        return sender(way, `${t(`myt.use.${way.type}`, { card: q(id), aim })}${idleNote(way)}`, "",
          { "data-answer": id, "data-one-way": "" });
      }
      const open = el("button", { type: "button", class: "secondary", "data-answer": id, text: t("myt.use_choose", { card: q(id) }) });
      open.addEventListener("click", () => choose({ card: id }));
      return open;
    }));
  }

  /** One tap to your own area and hand, however far down the page they are. */
  function toMyHand() {
    const hand = summary.you === null || over() ? null : view().players[summary.you].hand;
    if (!hand) return null;
    const go = el("button", { type: "button", class: "secondary myt-to-hand", id: "myt-to-hand",
      text: t("myt.to_hand", { n: hand.length }) });
    go.addEventListener("click", () => {
      document.querySelector("#view .myt-area.mine")?.scrollIntoView({ block: "start" });
    });
    return go;
  }

  function drawActions() {
    const acts = legal();
    const nodes = [el("p", { class: `myt-prompt${mine() ? " mine" : ""}`, id: "myt-prompt", text: prompt() })];
    const answers = cardAnswers(acts);
    if (answers) nodes.push(answers);
    const basic = Object.keys(BASIC).flatMap((type) => acts.filter((a) => a.type === type));
    if (basic.length) {
      nodes.push(el("div", { class: "action-buttons myt-basic" }, ...basic.map((a) =>
        sender(a, t(BASIC[a.type]), a.type === "end" ? "secondary" : "", { "data-kind": a.type }))));
    }
    const discards = acts.filter((a) => a.type === "discard");
    if (discards.length) nodes.push(discardControls(discards));
    const jump = toMyHand();
    if (jump) nodes.push(jump);
    document.getElementById("actions").replaceChildren(...nodes);
  }

  // --- the status line and the log ---------------------------------------------------------

  /** "Your turn" on your turn only; else whose turn it is, and who may answer now. */
  function status(s) {
    if (s.status === "over" || !s.view) return null;
    const v = s.view;
    const parts = [s.you !== null && v.active === s.you ? t("myt.status_yours") : t("myt.status_of", { name: who(v.active) })];
    if (v.phase === "priority" && s.to_act.length) {
      parts.push(s.to_act.includes(s.you) ? t("myt.status_answer_you") : t("myt.status_answer", { name: s.to_act.map(who).join(", ") }));
    } else if (v.phase === "discard" && v.pending.seat !== undefined) {
      parts.push(v.pending.seat === s.you ? t("myt.status_discard_you") : t("myt.status_discard", { name: who(v.pending.seat) }));
    }
    return el("p", { class: "myt-status", id: "myt-status", text: parts.join(" · ") });
  }

  // --- a card named in the log: its text on a tap ----------------------------------------------

  /** The card designs by their name in the page's language, and every name as a whole word
   *  (the longest first, case as written), to find them in a log line. */
  const byName = new Map(Object.entries(cards.name ?? {}).map(([design, name]) => [name, design]));
  const escaped = [...byName.keys()].sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const NAMED = new RegExp(`(?<![\\p{L}])(${escaped.join("|")})(?![\\p{L}])`, "u");

  function aboutDialog() {
    let dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById("myt-about"));
    if (dialog) return dialog;
    // Outside #view and the log, which moves redraw: a text being read stays open.
    dialog = el("dialog", { id: "myt-about", class: "wom-about", "aria-labelledby": "myt-about-title" },
      el("div", { class: "wom-about-body" },
        el("h3", { id: "myt-about-title" }), el("p", { id: "myt-about-text" }),
        el("form", { method: "dialog" }, el("button", { type: "submit", text: t("myt.about_close") }))));
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close();
    });
    document.body.append(dialog);
    return dialog;
  }

  function showCard(design) {
    const dialog = aboutDialog();
    const title = cards.title?.[design];
    dialog.querySelector("#myt-about-title").replaceChildren(cards.name[design],
      title && title !== cards.name[design] ? el("small", { class: "myt-original", lang: "es", text: ` ${title}` }) : "");
    dialog.querySelector("#myt-about-text").textContent = cards.text?.[design] ?? "";
    dialog.dataset.card = design;
    if (!dialog.open) dialog.showModal();
  }

  /** A log line with each card it names as a link that shows the card's text. */
  function withCardLinks(text) {
    if (typeof text !== "string" || !escaped.length || !NAMED.test(text)) return text;
    // split() with a capture group: every odd part is a card's name.
    return el("span", {}, ...text.split(NAMED).map((part, i) => {
      const design = i % 2 ? byName.get(part) : undefined;
      if (!design) return part;
      const link = el("a", { href: "#", class: "myt-ref", "aria-haspopup": "dialog", "data-card": design, text: part });
      link.addEventListener("click", (event) => {
        event.preventDefault();
        showCard(design);
      });
      return link;
    }));
  }

  /** An event of the log in words, each card it names a link to the card's text. */
  const describe = (event, entry = {}) => withCardLinks(describeText(event, entry));

  /** An event of the log in words; `entry`: the logged action it belongs to (who acted). */
  function describeText(event, entry = {}) {
    const d = event.data ?? {};
    switch (event.type) {
      case "announced": { // an answer: to another seat's item on top of the stack
        const answer = open.length > 0 && announced.get(open.at(-1))?.seat !== d.seat;
        announced.set(d.id, d);
        open.push(d.id);
        const text = describeItem(words, d, { find: (id) => announced.get(id) ?? null });
        return answer ? t("myt.log.answers", { text }) : text;
      }
      case "passed": {
        if (entry.actor !== "auto") return t("myt.log.passed");
        const concerned = summary.seats[entry.seat]?.only_when_concerned === true;
        return t(concerned ? "myt.log.unconcerned_passed" : "myt.log.auto_passed");
      }
      case "resolving": {
        if (open.includes(d.item)) open.splice(open.indexOf(d.item), 1);
        const item = announced.get(d.item);
        if (!item || ["orb", "draw", "lay_down"].includes(d.kind)) return "";
        return t("myt.log.resolves", { item: shortItem(words, item) });
      }
      case "cancelled":
        if (open.includes(d.item)) open.splice(open.indexOf(d.item), 1);
        return t("myt.log.cancelled", { item: shortItem(words, announced.get(d.item)) });
      case "gained": {
        const what = "orbs" in d ? "orbs" : "gems";
        if (!d[what]) return t("myt.log.supply_empty", { name: who(d.seat) });
        return t("myt.log.gained", { name: who(d.seat), what: plural(`myt.n.${what}`, d[what]) });
      }
      case "orbs_to_gem": return t("myt.log.orbs_to_gem", { name: who(d.seat) });
      case "levelled": return t("myt.log.levelled", { name: who(d.seat), level: d.level });
      case "obstacle_taken": return t("myt.log.obstacle_taken", { card: q(d.card) });
      case "drew": return t("myt.log.drew", { name: who(d.seat) });
      case "drew_card": return t("myt.log.drew_card", { card: q(d.card) });
      case "draw_failed": return t("myt.log.draw_failed");
      case "reshuffled": return t("myt.log.reshuffled");
      case "laid_down": return t("myt.log.laid_down", { card: q(d.object), name: who(d.seat) });
      case "life_gems_removed": return t("myt.log.life_lost", { card: q(d.object), what: plural("myt.n.life", d.life_gems) });
      case "object_destroyed": return t("myt.log.destroyed", { card: q(d.object), name: who(d.seat) });
      case "fizzled": return t("myt.log.fizzled");
      case "gems_destroyed": return t("myt.log.gems_destroyed", { name: who(d.seat), what: plural("myt.n.gems", d.gems) });
      case "orbs_stolen": return t("myt.log.stolen", { name: who(d.seat), from: who(d.from), what: plural("myt.n.orbs", d.orbs) });
      case "shielded": return t("myt.log.shielded", { name: who(d.seat) });
      case "absorbed": return t("myt.log.absorbed", { card: q(d.object), name: who(d.seat) });
      case "protected": return t("myt.log.protected", { name: who(d.seat) });
      case "discarded": return t("myt.log.discarded", { name: who(d.seat), cards: d.cards.map(q).join(", ") });
      case "turn_started": return t("myt.log.turn", { name: who(d.seat) });
      case "turn_ended": return t("myt.log.turn_ended");
      case "won_the_beer": return t("myt.log.won", { names: (d.winners ?? [d.seat]).map(who).join(", ") });
      case "turn_limit_reached": return t("myt.log.turn_limit", { names: (d.winners ?? []).map(who).join(", ") });
      default: return null;
    }
  }

  return {
    draw(next) {
      summary = next;
      if (pick && !matching().length) pick = null;
      drawView();
      drawActions();
    },
    describe,
    status,
  };
}
