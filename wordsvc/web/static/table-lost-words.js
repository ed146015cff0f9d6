// The Lost Words table: every player's nature cards with their spells and walls, the middle
// cards, the piles, your hand; your legal actions grouped by what they do, action cards with
// their targets, and the Chestnut's reply when another player's Chestnut takes your spell.
// Views carry ids (`n:fern`, `s:fern:1`, `a:wall:2`); the names, and what each action card
// does, come with the page (#cards, wordsvc/web/play_cards.py): a tap on an action card (in
// your hand, on the discard pile, or a group's heading) shows its text. A choice among many
// actions (the swap always) is a picker: a select per thing to choose and one button, so the
// actions fit in little height on a phone. Every control is one of the engine's legal actions.

import { plural, youFirst } from "./play-common.js";

/** The table for one session; `ctx` is what play-table.js lends it (texts, send, names...). */
export function createTable(ctx) {
  const { t, el, cards } = ctx;
  let summary = null;

  const natureName = (key) => cards.nature?.[key] ?? key;
  const actionName = (key) => cards.action?.[key] ?? key;
  /** A card's name from its id, whatever its kind. */
  function nameOf(id) {
    if (!id) return t("null");
    const [kind, key] = id.split(":");
    if (kind === "n") return natureName(key);
    if (kind === "s") return t("lw.spell_of", { name: natureName(key) });
    if (kind === "a") return actionName(key);
    return id;
  }
  const kindOf = (id) => ({ n: "nature", s: "spell", a: "action" })[id?.split(":")[0]] ?? "card";
  const who = (seat) => ctx.names()[seat] ?? t("seat", { n: seat + 1 });

  // --- what an action card does, on a tap ----------------------------------------------
  // One text under each row of cards (your hand, the discard pile) or each group of actions,
  // naming the card tapped last; kept across redraws while that card is still there.

  const about = new Map(); // row -> the card tapped there ("a:magpie:2", or "magpie"), or none
  const aboutId = (row) => `lw-about-${row}`;

  function fillAbout(box, tapped) {
    const key = tapped?.includes(":") ? tapped.split(":")[1] : tapped;
    box.hidden = !key;
    box.replaceChildren(...(key ? [el("strong", { text: `${actionName(key)}: ` }), cards.action_text?.[key] ?? ""] : []));
  }

  /** The text box of `row`, showing the card tapped there if it is still among `keys` (the
   *  ids of a row's cards, the action cards' names under a heading). */
  function aboutBox(row, keys) {
    if (!keys.includes(about.get(row))) about.delete(row);
    const box = el("p", { class: "lw-about", id: aboutId(row) });
    fillAbout(box, about.get(row));
    return box;
  }

  /** A button showing (or hiding again) what action card `key` does (a card's id, or an
   *  action card's name), in `row`'s text box. */
  function aboutToggle(row, key, cls, ...content) {
    const button = el("button", {
      type: "button", class: cls, "data-about": key,
      "aria-controls": aboutId(row), "aria-expanded": String(about.get(row) === key),
    }, ...content, el("span", { class: "tap-mark", "aria-hidden": "true", text: "?" }));
    button.addEventListener("click", () => {
      about.set(row, about.get(row) === key ? null : key);
      const box = document.getElementById(aboutId(row));
      if (box) fillAbout(box, about.get(row));
      for (const toggle of /** @type {NodeListOf<HTMLElement>} */ (
        document.querySelectorAll(`[aria-controls="${aboutId(row)}"]`))) {
        toggle.setAttribute("aria-expanded", String(toggle.dataset.about === about.get(row)));
      }
    });
    return button;
  }

  const actionIds = (ids) => ids.filter((id) => kindOf(id) === "action");

  /** A card; an action card in a `row` is a button that shows what it does. */
  function card(id, extra = {}, more = [], row = null) {
    const kind = kindOf(id);
    const key = id.split(":")[1];
    const face = [el("small", { class: "kind", text: t(`lw.kind.${kind}`) }),
      el("strong", { text: kind === "spell" ? natureName(key) : nameOf(id) }), ...more];
    const tappable = kind === "action" && row !== null;
    return el("li", { class: `lw-card ${kind}${kind === "action" ? ` action-${key}` : ""}`, "data-card": id, ...extra },
      ...(tappable ? [aboutToggle(row, id, "lw-card-face", ...face)] : face));
  }

  // --- the view ------------------------------------------------------------------------

  function natureRow(player) {
    return el("ul", { class: "cards lw-nature", "aria-label": t("lw.nature") }, ...player.nature.map((slot) => {
      const paired = slot.spell !== null;
      const wild = paired && slot.spell.startsWith("a:wild");
      return card(slot.card, { class: `lw-card nature${paired ? " paired" : ""}${slot.protected ? " protected" : ""}` }, [
        paired ? el("small", { class: "pair", text: wild ? `✓ ${actionName("wild")}` : `✓ ${t("lw.paired")}` }) : el("small", { class: "muted", text: t("lw.single") }),
        slot.wall ? el("small", { class: "wall", text: `▦ ${actionName("wall")}` }) : null]);
    }));
  }

  function playerPanel(player, seat) {
    const mine = seat === summary.you;
    const acting = summary.to_act.includes(seat);
    const paired = player.nature.filter((s) => s.spell).length;
    return el("section", {
      class: `panel player${mine ? " mine" : ""}${acting ? " acting" : ""}`,
      "data-seat": String(seat), "aria-label": who(seat),
    },
    el("h3", {}, el("span", { text: who(seat) }),
      mine ? el("span", { class: "badge", text: t("you") }) : null,
      acting ? el("span", { class: "muted", text: ` ${t("acting")}` }) : null),
    el("p", { class: "lw-counts", text: t("lw.counts", { paired, total: player.nature.length, hand: player.hand_size }) }),
    player.skip ? el("p", { class: "muted", text: t("lw.skips") }) : null,
    natureRow(player),
    player.hand ? el("div", { class: "lw-hand-box" }, el("h4", { text: t("lw.hand") }),
      el("ul", { class: "cards lw-hand", "aria-label": t("lw.hand") }, ...player.hand.map((c) => card(c.id, {}, [], "hand"))),
      aboutBox("hand", actionIds(player.hand.map((c) => c.id)))) : null);
  }

  function boardNode() {
    const view = summary.view;
    const top = view.discard_top;
    return el("section", { class: "panel board lw-board", "aria-labelledby": "lw-board-title" },
      el("h3", { id: "lw-board-title", text: t("lw.board") }),
      el("h4", { text: t("lw.middle") }),
      el("ul", { class: "cards lw-middle", "aria-label": t("lw.middle") }, ...view.middle.map((id) => card(id))),
      el("div", { class: "lw-piles" },
        el("div", { class: "pile" }, el("h4", { text: t("lw.draw_pile") }), el("p", { text: t("lw.cards_n", { n: view.draw_size }) })),
        el("div", { class: "pile", id: "lw-discard" }, el("h4", { text: t("lw.discard_pile") }),
          top ? el("ul", { class: "cards" }, card(top, {}, [], "discard")) : el("p", { class: "muted", text: t("null") }),
          el("p", { class: "muted", text: t("lw.cards_n", { n: view.discard_size }) }))),
      aboutBox("discard", actionIds(top ? [top] : [])));
  }

  function drawView() {
    const view = summary.view;
    const box = el("div", { class: "panels lw" });
    const order = youFirst(view.players.length, summary.you);
    if (view.phase === "chestnut_reply") box.append(chestnutNotice());
    for (const seat of order) box.append(playerPanel(view.players[seat], seat));
    box.append(boardNode());
    document.getElementById("view").replaceChildren(box);
  }

  function chestnutNotice() {
    const pending = summary.view.pending;
    const mine = pending.target === summary.you;
    return el("p", { class: `panel lw-chestnut${mine ? " mine" : ""}`, id: "lw-chestnut", role: "status" },
      t(mine ? "lw.chestnut_you" : "lw.chestnut_other", {
        name: who(summary.view.active), target: who(pending.target), nature: nameOf(pending.card),
      }));
  }

  // --- the actions -----------------------------------------------------------------------

  function labelOf(action) {
    switch (action.type) {
      case "draw": return action.from === "pile" ? t("lw.draw_pile_action") : t("lw.draw_discard", { card: nameOf(summary.view.discard_top) });
      case "stop": return t("lw.stop");
      case "end": return t("lw.end");
      case "pair": return t("lw.pair", { spell: nameOf(action.spell), nature: nameOf(action.nature) });
      case "swap": return t("lw.swap", { nature: nameOf(action.nature), middle: nameOf(action.middle) });
      case "repair": return t("lw.repair", { spell: nameOf(action.spell) });
      case "decline": return t("lw.decline");
      case "discard": return t("lw.discard", { cards: action.cards.map(nameOf).join(", ") });
      case "play": {
        const key = action.card.split(":")[1];
        if (key === "magpie") return t("lw.target_magpie", { target: who(action.target), nature: nameOf(action.nature), give: nameOf(action.give) });
        if (key === "chestnut") return t("lw.target_chestnut", { target: who(action.target), nature: nameOf(action.nature) });
        if (key === "heron") return t("lw.target_heron", { nature: natureName(action.ask) });
        if (key === "wall") return t("lw.target_wall", { nature: nameOf(action.nature) });
        return t("lw.play", { card: nameOf(action.card) });
      }
      default: return t("lw.action");
    }
  }

  /** Discarding down to three when the orders are many (or only described): tick the cards
   *  in the order they go on the pile, the last one on top. */
  function discardForm(count, legal) {
    const hand = summary.view.players[summary.you].hand;
    const order = [];
    const shown = el("p", { class: "muted", "aria-live": "polite" });
    const boxes = hand.map((c, i) => {
      const input = el("input", { type: "checkbox", value: c.id, id: `lw-discard-${i}` });
      input.addEventListener("change", () => {
        if (input.checked) order.push(c.id);
        else order.splice(order.indexOf(c.id), 1);
        shown.textContent = order.length ? t("lw.discard", { cards: order.map(nameOf).join(", ") }) : "";
      });
      return el("label", { class: "check-card" }, input, ` ${nameOf(c.id)}`);
    });
    const send = el("button", { type: "submit", text: t("lw.discard_n", { n: count }) });
    const form = el("form", { class: "action-form lw-discard-form", "data-type": "discard" },
      el("fieldset", {}, el("legend", { text: t("lw.discard_pick", { n: count }) }), el("div", { class: "check-cards" }, ...boxes)),
      shown, send);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const action = { type: "discard", cards: [...order] };
      // A listed order is sent as the engine listed it; a described one as picked.
      const listed = legal.find((a) => a.cards && a.cards.join() === action.cards.join());
      if (order.length === count && (listed || legal.some((a) => Array.isArray(a.needs)))) {
        ctx.send(listed ?? action, send);
      }
    });
    return form;
  }

  //: Up to this many discard orders are buttons; more are picked card by card.
  const DISCARD_BUTTONS = 6;

  const GROUPS = ["repair", "draw", "pair", "swap", "play", "discard", "end"];

  //: A group with more actions than this is a picker (the swap always is one).
  const PICK_OVER = 4;
  const pairOf = (a) => t("lw.pair_of", { nature: nameOf(a.nature), target: who(a.target) });
  /** What a picker asks, by kind of group (a play group by its card): for each choice, what
   *  tells actions apart and how a person reads it; later choices list what earlier ones
   *  leave. */
  const PICKS = {
    swap: [
      { label: "lw.pick.give", of: (a) => a.nature, name: (a) => nameOf(a.nature) },
      { label: "lw.pick.take", of: (a) => a.middle, name: (a) => nameOf(a.middle) },
    ],
    pair: [
      { label: "lw.pick.spell", of: (a) => a.spell, name: (a) => nameOf(a.spell) },
      { label: "lw.pick.on", of: (a) => a.nature, name: (a) => nameOf(a.nature) },
    ],
    magpie: [
      { label: "lw.pick.take_pair", of: (a) => `${a.target}:${a.nature}`, name: pairOf },
      { label: "lw.pick.give", of: (a) => a.give, name: (a) => nameOf(a.give) },
    ],
    chestnut: [{ label: "lw.pick.pair", of: (a) => `${a.target}:${a.nature}`, name: pairOf }],
    heron: [{ label: "lw.pick.ask", of: (a) => a.ask, name: (a) => natureName(a.ask) }],
    wall: [{ label: "lw.pick.pair", of: (a) => a.nature, name: (a) => nameOf(a.nature) }],
  };

  /** One select per choice of `fields` and one button that sends the legal action chosen
   *  (its JSON in `data-action`, as every action button has). */
  function picker(slug, actions, fields) {
    const selects = fields.map((_, i) => el("select", { id: `lw-pick-${slug}-${i}` }));
    const button = el("button", { type: "submit", class: "action secondary" });
    const chosen = () => actions.find((a) => fields.every((f, i) => f.of(a) === selects[i].value));
    const refill = (from) => {
      for (let i = from; i < fields.length; i++) {
        const left = actions.filter((a) => fields.slice(0, i).every((f, j) => f.of(a) === selects[j].value));
        const kept = selects[i].value;
        const choices = new Map(left.map((a) => [fields[i].of(a), fields[i].name(a)]));
        selects[i].replaceChildren(...[...choices].map(([value, text]) => el("option", { value, text })));
        if (choices.has(kept)) selects[i].value = kept;
      }
      const action = chosen();
      button.textContent = labelOf(action);
      button.dataset.action = JSON.stringify(action);
    };
    selects.forEach((select, i) => select.addEventListener("change", () => refill(i + 1)));
    refill(0);
    const form = el("form", { class: "lw-picker", "data-picker": slug },
      el("div", { class: "lw-pick-fields" }, ...fields.map((field, i) => el("div", { class: "lw-pick" },
        el("label", { for: selects[i].id, text: t(field.label) }), selects[i]))),
      button);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      ctx.send(chosen(), button);
    });
    return form;
  }

  /** The action cards a group's actions play (the Wild, for a pair), for its heading's tap. */
  function groupCards(key, actions) {
    if (key.startsWith("play:")) return [key.split(":")[2]];
    return actions.some((a) => a.type === "pair" && a.spell.startsWith("a:wild")) ? ["wild"] : [];
  }

  function drawActions() {
    const box = document.getElementById("actions");
    if (!ctx.myMove(summary, box)) return;
    const legal = summary.legal_actions ?? [];
    const nodes = [];
    const phase = summary.view.phase;
    // After the turn's action, the step is only the Skylark's (the end is taken by itself
    // when it is all that is left).
    const turn = summary.view.this_turn;
    const step = phase === "act" && turn.acted > 0 && turn.actions_left === 0 ? "acted" : phase;
    nodes.push(el("p", { class: "lw-step", text: t(`lw.phase.${step}`, { n: summary.view.pending.draws ?? 0 }) }));
    // Action cards get a group each, named after the card, with one button per target.
    const groups = new Map();
    for (const action of legal) {
      let key = action.type === "decline" || action.type === "stop" ? "end" : action.type;
      if (action.type === "play") key = `play:${action.card}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(action);
    }
    const rank = (key) => GROUPS.indexOf(key.split(":")[0]);
    for (const key of [...groups.keys()].sort((a, b) => rank(a) - rank(b))) {
      const actions = groups.get(key);
      const slug = key.replaceAll(":", "-");
      const picked = key === "discard" && (actions.length > DISCARD_BUTTONS || actions.some((a) => Array.isArray(a.needs)));
      const title = key.startsWith("play:") ? t("lw.play_title", { card: nameOf(key.slice(5)) }) : t(`lw.group.${key}`);
      const shown = groupCards(key, actions);
      const row = `group-${slug}`;
      const heading = el("h3", {}, shown.length
        ? aboutToggle(row, shown[0], "lw-group-title", title) : title);
      const group = el("div", { class: `lw-group group-${key.split(":")[0]}`, "data-group": key }, heading);
      if (shown.length) group.append(aboutBox(row, shown));
      const fields = PICKS[key.startsWith("play:") ? key.split(":")[2] : key];
      if (fields && (key === "swap" || actions.length > PICK_OVER)) {
        group.append(picker(slug, actions, fields));
      } else if (picked) {
        const count = actions[0].count ?? actions[0].cards.length;
        group.append(discardForm(count, actions));
      } else {
        const buttons = el("div", { class: "action-buttons" });
        for (const action of actions) {
          const quiet = ["decline", "end", "stop", "swap"].includes(action.type);
          buttons.append(ctx.actionButton(action, labelOf(action), quiet ? "secondary" : ""));
        }
        group.append(buttons);
      }
      nodes.push(group);
    }
    box.replaceChildren(...nodes);
  }

  // --- the log ---------------------------------------------------------------------------

  function describe(event) {
    const d = event.data ?? {};
    switch (event.type) {
      case "drew":
        if (d.from === "discard") return t("lw.log.drew_discard", { card: nameOf(d.card) });
        return t("lw.log.drew");
      case "drew_card": return t("lw.log.drew_card", { card: nameOf(d.card) });
      case "paired": return t("lw.log.paired", { spell: nameOf(d.spell), nature: nameOf(d.nature) });
      case "repaired": return t("lw.log.repaired", { spell: nameOf(d.spell), nature: nameOf(d.nature) });
      case "swapped": return t("lw.log.swapped", { gave: nameOf(d.gave), took: nameOf(d.took) });
      case "played": return t("lw.log.played", { card: nameOf(d.card) });
      case "magpie": return t("lw.log.magpie", { target: who(d.target), pair: nameOf(d.pair), gave: nameOf(d.gave) });
      case "chestnut": return t("lw.log.chestnut", { target: who(d.target), nature: nameOf(d.nature), spell: nameOf(d.spell) });
      case "chestnut_declined": return t("lw.log.chestnut_declined", { nature: nameOf(d.nature) });
      case "heron": return t(d.success ? "lw.log.heron_yes" : "lw.log.heron_no", { nature: natureName(d.ask) });
      case "heron_gave": return t("lw.log.heron_gave", { cards: d.cards.map(nameOf).join(", ") });
      case "walled": return t("lw.log.walled", { nature: nameOf(d.nature) });
      case "discarded": return t("lw.log.discarded", { cards: d.cards.map(nameOf).join(", ") });
      case "must_discard": return plural("lw.log.must_discard", d.count);
      case "won": return t("lw.log.won", { name: who(d.seat) });
      case "turn_skipped": return t("lw.log.skipped", { name: who(d.seat) });
      case "reshuffled": return t("lw.log.reshuffled");
      case "nothing_to_draw": return t("lw.log.nothing_to_draw");
      case "turn_started": return t("lw.log.turn", { name: who(d.seat) });
      case "discard_started": case "acorn_discarded": case "will_skip": return "";
      default: return null;
    }
  }

  /** The status line in the Chestnut's window: its target is asked to reply, not to move,
   *  and the others are told who they wait for. Other steps keep the generic line. */
  function status(s) {
    if (s.status === "over" || !s.view || s.view.phase !== "chestnut_reply") return null;
    const target = s.view.pending.target;
    return el("p", { class: "lw-status", id: "lw-status",
      text: target === s.you ? t("lw.status_reply_you") : t("lw.status_reply", { name: who(target) }) });
  }

  return {
    draw(next) {
      summary = next;
      drawView();
      drawActions();
    },
    describe,
    status,
  };
}
