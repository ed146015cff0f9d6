// The Lost Words table: every player's nature cards with their spells and walls, the middle
// cards, the piles, your hand; your legal actions grouped by what they do, action cards with
// their targets, and the Chestnut's reply when another player's Chestnut takes your spell.
// Views carry ids (`n:fern`, `s:fern:1`, `a:wall:2`); the names come with the page (#cards,
// wordsvc/web/play_cards.py). Every control is one of the engine's legal actions.

/** The table for one session; `ctx` is what play.js lends it (texts, send, names...). */
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

  function card(id, extra = {}, ...more) {
    const kind = kindOf(id);
    const key = id.split(":")[1];
    return el("li", { class: `lw-card ${kind}${kind === "action" ? ` action-${key}` : ""}`, "data-card": id, ...extra },
      el("small", { class: "kind", text: t(`lw.kind.${kind}`) }),
      el("strong", { text: kind === "spell" ? natureName(key) : nameOf(id) }), ...more);
  }

  // --- the view ------------------------------------------------------------------------

  function natureRow(player) {
    return el("ul", { class: "cards lw-nature", "aria-label": t("lw.nature") }, ...player.nature.map((slot) => {
      const paired = slot.spell !== null;
      const wild = paired && slot.spell.startsWith("a:wild");
      return card(slot.card, { class: `lw-card nature${paired ? " paired" : ""}${slot.protected ? " protected" : ""}` },
        paired ? el("small", { class: "pair", text: wild ? `✓ ${actionName("wild")}` : `✓ ${t("lw.paired")}` }) : el("small", { class: "muted", text: t("lw.single") }),
        slot.wall ? el("small", { class: "wall", text: `▦ ${actionName("wall")}` }) : null);
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
      el("ul", { class: "cards lw-hand", "aria-label": t("lw.hand") }, ...player.hand.map((c) => card(c.id)))) : null);
  }

  function boardNode() {
    const view = summary.view;
    const top = view.discard_top;
    return el("section", { class: "panel board lw-board", "aria-labelledby": "lw-board-title" },
      el("h3", { id: "lw-board-title", text: t("lw.board") }),
      el("h4", { text: t("lw.middle") }),
      el("ul", { class: "cards lw-middle" }, ...view.middle.map((id) => card(id))),
      el("div", { class: "lw-piles" },
        el("div", { class: "pile" }, el("h4", { text: t("lw.draw_pile") }), el("p", { text: t("lw.cards_n", { n: view.draw_size }) })),
        el("div", { class: "pile", id: "lw-discard" }, el("h4", { text: t("lw.discard_pile") }),
          top ? el("ul", { class: "cards" }, card(top)) : el("p", { class: "muted", text: t("null") }),
          el("p", { class: "muted", text: t("lw.cards_n", { n: view.discard_size }) }))));
  }

  function drawView() {
    const view = summary.view;
    const box = el("div", { class: "panels lw" });
    const order = view.players.map((_, seat) => seat);
    if (summary.you !== null) order.sort((a, b) => (b === summary.you) - (a === summary.you));
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
      default: return action.type;
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

  function drawActions() {
    const box = document.getElementById("actions");
    if (!ctx.myMove(summary, box)) return;
    const legal = summary.legal_actions ?? [];
    const nodes = [];
    const phase = summary.view.phase;
    nodes.push(el("p", { class: "lw-step", text: t(`lw.phase.${phase}`, { n: summary.view.pending.draws ?? 0 }) }));
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
      const picked = key === "discard" && (actions.length > DISCARD_BUTTONS || actions.some((a) => Array.isArray(a.needs)));
      const title = key.startsWith("play:") ? t("lw.play_title", { card: nameOf(key.slice(5)) }) : t(`lw.group.${key}`);
      const group = el("div", { class: `lw-group group-${key.split(":")[0]}`, "data-group": key }, el("h3", { text: title }));
      const buttons = el("div", { class: "action-buttons" });
      for (const action of actions) {
        if (picked) break;
        const quiet = ["decline", "end", "stop", "swap"].includes(action.type);
        buttons.append(ctx.actionButton(action, labelOf(action), quiet ? "secondary" : ""));
      }
      if (buttons.childElementCount) group.append(buttons);
      if (picked) {
        const count = actions[0].count ?? actions[0].cards.length;
        group.append(discardForm(count, actions));
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
      case "won": return t("lw.log.won", { name: who(d.seat) });
      case "turn_skipped": return t("lw.log.skipped", { name: who(d.seat) });
      case "reshuffled": return t("lw.log.reshuffled");
      case "turn_started": return t("lw.log.turn", { name: who(d.seat) });
      case "discard_started": case "acorn_discarded": case "will_skip": return "";
      default: return null;
    }
  }

  return {
    draw(next) {
      summary = next;
      drawView();
      drawActions();
    },
    describe,
  };
}
