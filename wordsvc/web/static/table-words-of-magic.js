// The Words of Magic table: drawn from the seat's `view` (hands are open in this game).
// Every control is one of the engine's legal actions; the word to form is typed and laid
// out by the solver (table-words-of-magic-word.js). Each step says in one line what it is
// and why (whose word dealt the Balance of Power cards, what a pass costs, what the
// Familiar's property does); every character and magic card shows what it does on tap (a
// dialog, from the rules' data the page embeds: play_cards.py); the status line names the
// turn and says when you act on someone else's.

import { createWordForm } from "./table-words-of-magic-word.js";
import { cardCount, categoryLabels, marked, phrase, rulesText, ukWord } from "./play-words.js";
import { youFirst } from "./play-common.js";

const COLOURS = ["green", "yellow", "red"];
//: Steps in which seats act on someone else's turn (the active seat's word or pass).
const REPLIES = new Set(["order_balance", "gnome"]);

/** The table for one session; `ctx` is what play-table.js lends it (texts, send, names...). */
export function createTable(ctx) {
  const { t, el, cards } = ctx;
  const magicName = (magic) => cards.magic?.[magic] ?? t("wom.magic_card");
  const characterName = (c) => cards.character?.[c] ?? t("wom.character");
  const colourName = (c) => t(`wom.colour.${c}`);
  const nameOf = (seat) => ctx.names()[seat] ?? t("seat", { n: seat + 1 });
  let summary = null;
  let labels = null;
  categoryLabels().then((found) => {
    labels = found;
    if (summary) drawView();
  });

  const me = () => (summary.you === null ? null : summary.view.players[summary.you]);
  const cardById = (id) => summary.view.players.flatMap((p) => p.hand).find((c) => c.id === id);

  /** A card's name as text (a select's option): its letter, "Joker", or the magic card's. */
  function cardText(card) {
    if (!card) return "?";
    if (card.kind === "letter") return card.letter.toUpperCase();
    if (card.kind === "joker") return t("wom.joker");
    return magicName(card.magic);
  }

  /** A card's name as a node: a letter is marked as Ukrainian. */
  const cardLabel = (card) => (card?.kind === "letter" ? ukWord(cardText(card)) : cardText(card));

  // --- what a card does, on tap ----------------------------------------------------------

  function aboutDialog() {
    let dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById("wom-about"));
    if (dialog) return dialog;
    // Outside #view, which each move redraws: a text being read stays open.
    dialog = el("dialog", { id: "wom-about", class: "wom-about", "aria-labelledby": "wom-about-title" },
      el("div", { class: "wom-about-body" },
        el("h3", { id: "wom-about-title" }), el("p", { id: "wom-about-text" }),
        el("form", { method: "dialog" },
          el("button", { type: "submit", id: "wom-about-close", text: t("wom.about_close") }))));
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close(); // a tap outside the text closes it
    });
    document.body.append(dialog);
    return dialog;
  }

  /** What `kind` ("character", "magic", "property") `key` is and does: title and text. */
  function about(kind, key) {
    if (kind === "character") return [characterName(key), cards.character_text?.[key] ?? ""];
    if (kind === "magic") return [magicName(key), cards.magic_text?.[key] ?? ""];
    return [t("wom.prop_title", { name: t(`wom.prop.${key}`) }), t(`wom.prop_text.${key}`)];
  }

  function showAbout(kind, key) {
    const dialog = aboutDialog();
    const [title, text] = about(kind, key);
    dialog.querySelector("#wom-about-title").textContent = title;
    dialog.querySelector("#wom-about-text").replaceChildren(...marked(text));
    dialog.dataset.about = `${kind}:${key}`;
    if (!dialog.open) dialog.showModal();
  }

  /** A button that opens the text of `kind` `key`; `children` are what it shows. */
  function aboutButton(kind, key, cls, ...children) {
    const button = el("button", {
      type: "button", class: cls, "aria-haspopup": "dialog", "data-about": `${kind}:${key}`,
    }, ...children);
    button.addEventListener("click", () => showAbout(kind, key));
    return button;
  }

  /** The small "?" beside an action: what the card it plays does. */
  function infoButton(kind, key) {
    const node = aboutButton(kind, key, "wom-info", el("span", { "aria-hidden": "true", text: "?" }));
    node.setAttribute("aria-label", t("wom.about", { name: about(kind, key)[0] }));
    return node;
  }

  // --- the view --------------------------------------------------------------------------

  function cardNode(card) {
    const kind = card.kind;
    const cls = `wom-card ${kind}${card.colour ? ` colour-${card.colour}` : ""}`;
    if (kind === "magic") { // a magic card says what it does on tap
      return el("li", { class: cls, "data-card": card.id },
        aboutButton("magic", card.magic, "wom-tap",
          el("span", { class: "face", "aria-hidden": "true", text: "✦" }),
          el("small", { text: magicName(card.magic) })));
    }
    return el("li", { class: cls, "data-card": card.id },
      kind === "letter" ? ukWord(card.letter.toUpperCase(), { class: "face" })
        : el("span", { class: "face", "aria-hidden": "true", text: "★" }),
      kind === "joker" ? el("small", { text: t("wom.joker") }) : null,
      card.colour ? el("small", { class: "colour", text: colourName(card.colour) }) : null);
  }

  function tokensNode(player) {
    const unused = player.tokens;
    const used = player.used_tokens;
    return el("p", { class: "wom-tokens" },
      el("span", { class: "muted", text: `${t("wom.tokens")}: ` }),
      ...Array.from({ length: unused }, () => el("span", { class: "token", "aria-hidden": "true", text: "●" })),
      ...Array.from({ length: used }, () => el("span", { class: "token used", "aria-hidden": "true", text: "○" })),
      el("span", { class: "muted", text: ` ${t("wom.tokens_of", { unused, used })}` }));
  }

  /** What a seat is doing now, as its panel says it (the status line says the same). */
  function doing(seat) {
    const view = summary.view;
    const acting = summary.to_act.includes(seat);
    const mine = seat === summary.you;
    if (acting) {
      if (view.phase === "choose_character") return t("wom.doing.choose_character");
      if (REPLIES.has(view.phase) && seat !== view.active) return t(`wom.doing.${view.phase}`);
      return mine ? t("wom.doing.your_move") : t("wom.doing.move");
    }
    if (view.active === seat && view.phase !== "choose_character" && view.phase !== "over") {
      return mine ? t("wom.doing.your_turn") : t("wom.doing.turn");
    }
    return null;
  }

  function playerPanel(player, seat) {
    const mine = seat === summary.you;
    const acting = summary.to_act.includes(seat);
    const now = doing(seat);
    const counts = [
      t("wom.hand_count", { n: player.hand.length }),
      t("wom.deck_count", { n: player.deck_size }),
      t("wom.discard_count", { n: player.discard_size }),
    ].join(" · ");
    const words = player.words.map((w) => (w.counted === w.length ? w.word : `${w.word} (${w.counted})`));
    return el("section", {
      class: `panel player${mine ? " mine" : ""}${acting ? " acting" : ""}`,
      "data-seat": String(seat), "aria-label": nameOf(seat),
    },
    el("h3", {}, el("span", { text: nameOf(seat) }),
      mine ? el("span", { class: "badge", text: t("you") }) : null,
      now ? el("span", { class: "muted doing", text: ` · ${now}` }) : null),
    el("p", { class: "wom-counts", text: counts }),
    player.character ? el("p", { class: "wom-character" },
      el("span", { class: "muted", text: `${t("wom.character")}: ` }),
      aboutButton("character", player.character, "wom-link",
        el("strong", { text: characterName(player.character) }), el("span", { class: "wom-q", "aria-hidden": "true", text: "?" })),
      player.character === "witch" && player.witch_used ? el("span", { class: "muted", text: ` (${t("wom.witch_used")})` }) : null) : null,
    tokensNode(player),
    el("ul", { class: "cards wom-hand", "aria-label": t("wom.hand") }, ...player.hand.map(cardNode)),
    player.held.length ? el("p", { class: "muted", text: t("wom.held", { colours: player.held.map(colourName).join(", ") }) }) : null,
    player.discard && player.discard.length ? el("details", { class: "wom-discard" },
      el("summary", { text: t("wom.discard_pile", { n: player.discard.length }) }),
      el("ul", { class: "cards wom-pile" }, ...player.discard.map(cardNode))) : null,
    words.length ? el("p", { class: "wom-words" }, el("span", { class: "muted", text: `${t("wom.words")}: ` }),
      ukWord(words.join(", "))) : null);
  }

  function familiarNode() {
    const view = summary.view;
    const magicMode = view.options.mode === "magic";
    return el("section", { class: "panel wom-familiar", "aria-labelledby": "wom-familiar-title" },
      el("h3", { id: "wom-familiar-title", text: t("wom.familiar") }),
      magicMode ? el("p", { class: "hint", text: t("wom.familiar_hint") }) : null,
      el("ol", { class: "cards familiar-cards" }, ...view.familiar.letters.map((letter, i) => {
        const figure = view.familiar.figure === i;
        const face = [
          ukWord(letter.toUpperCase(), { class: "face" }),
          figure ? el("small", { class: "figure-mark", text: t("wom.figure") }) : null,
        ];
        const cls = `wom-card letter familiar${figure ? " figure" : ""}`;
        if (!magicMode) return el("li", { class: cls, "data-position": String(i) }, ...face);
        const prop = view.options.familiar_properties[i];
        return el("li", { class: cls, "data-position": String(i) },
          aboutButton("property", prop, "wom-tap",
            el("small", { class: "property", text: t(`wom.prop.${prop}`) }), ...face));
      })));
  }

  function boardNode() {
    const view = summary.view;
    const rows = [
      el("p", { text: t("wom.turn", { n: view.turn }) }),
      el("p", { class: "wom-decks" }, el("span", { class: "muted", text: `${t("wom.balance")}: ` }),
        ...COLOURS.filter((c) => c in view.balance).map((c) => el("span", { class: `deck colour-${c}`, text: `${colourName(c)} ${view.balance[c]}` }))),
    ];
    if (view.word_formed) {
      rows.push(el("p", {}, ...phrase("wom.word_formed", { word: ukWord(view.word_formed.word.toUpperCase()), n: view.word_formed.draw_up_to })));
    }
    if (view.end) {
      rows.push(el("p", { class: "wom-end", text: t("wom.end", { name: nameOf(view.end.seat), reason: t(`wom.reason.${view.end.reason}`) }) }));
    }
    rows.push(el("p", { class: "muted wom-categories", text: `${t("wom.categories")}: ${rulesText(view.options.categories, labels)}` }));
    return el("section", { class: "panel board", "aria-labelledby": "wom-board-title" },
      el("h3", { id: "wom-board-title", text: t("wom.board") }), ...rows);
  }

  function drawView() {
    const view = summary.view;
    const box = el("div", { class: "panels wom" });
    // Your own panel first on a phone: it is the one you play from.
    const order = youFirst(view.players.length, summary.you);
    box.append(familiarNode());
    for (const seat of order) box.append(playerPanel(view.players[seat], seat));
    box.append(boardNode());
    document.getElementById("view").replaceChildren(box);
  }

  // --- the step, in one line -------------------------------------------------------------

  /** Whose word dealt this seat the Balance of Power cards it orders, and why it orders. */
  function balanceLine() {
    const view = summary.view;
    const held = view.pending.seats?.[String(summary.you)] ?? [];
    return phrase("wom.step.order_balance", {
      name: nameOf(view.active),
      word: ukWord((view.word_formed?.word ?? "").toUpperCase()),
      cards: cardCount(held.length),
    });
  }

  function stepLine() {
    const view = summary.view;
    const phase = view.phase;
    let line;
    if (phase === "order_balance") line = balanceLine();
    else if (phase === "gnome") line = [t("wom.step.gnome", { name: nameOf(view.active) })];
    else if (phase === "mage_repeat") line = [t("wom.step.mage_repeat", { name: magicName(view.pending.magic) })];
    else if (phase === "elf_draw") line = [t("wom.step.elf_draw", { cards: cardCount(view.pending.most) })];
    else if (phase === "turn" && view.word_formed) {
      line = phrase("wom.step.after_word", { word: ukWord(view.word_formed.word.toUpperCase()), n: view.word_formed.draw_up_to });
    } else line = [t(`wom.step.${phase}`)];
    return el("p", { class: "wom-phase", id: "wom-step" }, ...line);
  }

  /** What a pass costs this seat: the cards it takes, and whether it ends its deck. */
  function passCost() {
    const deck = me().deck_size;
    const taken = me().pass_draws;
    if (!taken) return t("wom.pass_cost_empty");
    const cost = t("wom.pass_cost", { cards: cardCount(taken) });
    return taken === deck ? `${cost} ${t("wom.pass_cost_last")}` : cost;
  }

  // --- the actions -----------------------------------------------------------------------

  /** A button for a legal action, showing `children` (nodes: letters marked) as one line
   *  of text (a button lays out its children as flex items). */
  function button(action, children, cls = "") {
    const node = ctx.actionButton(action, "", cls);
    node.replaceChildren(el("span", {}, ...children));
    return node;
  }

  /** A card-like tile: the action's button, and "?" for what the card does. */
  function tile(action, kind, key, verb, cls = "") {
    const [name] = about(kind, key);
    const play = ctx.actionButton(action, "", `wom-tile-button ${cls}`.trim());
    play.replaceChildren(
      el("span", { class: "face", "aria-hidden": "true", text: kind === "magic" ? "✦" : "♛" }),
      el("strong", { text: name }), el("small", { text: verb }));
    return el("div", { class: `wom-tile ${kind}` }, play, infoButton(kind, key));
  }

  /** An order of Balance of Power cards: their colours as swatches, the top first. */
  function orderButton(action) {
    const swatches = action.order.flatMap((colour, i) => [
      i ? el("span", { class: "arrow", "aria-hidden": "true", text: " → " }) : null,
      el("span", { class: `swatch colour-${colour}`, text: colourName(colour) }),
    ]).filter(Boolean);
    const node = ctx.actionButton(action, "", "wom-order");
    node.replaceChildren(el("span", { class: "order-top", text: t("wom.order_top") }), ...swatches);
    return node;
  }

  /** A fate search's choice: the card taken and those put under, each with its colour
   *  (two Н cards differ by it). */
  function fateLabel(action) {
    const card = (id) => {
      const found = summary.view.pending.cards.find((c) => c.id === id);
      return found?.colour ? phrase("wom.card_colour", { card: cardLabel(found), colour: colourName(found.colour) })
        : [cardLabel(found)];
    };
    const taken = phrase("wom.choose_card", { card: card(action.card) });
    if (!action.under?.length) return taken;
    const under = action.under.flatMap((id, i) => (i ? [", ", ...card(id)] : card(id)));
    return phrase("wom.choose_card_under", { taken, under });
  }

  /** Renewal of Strength (its play, or a Mage's repeat): which other hand cards to renew. */
  function renewForm(action, index) {
    const hand = me().hand.filter((c) => c.id !== action.card);
    const id = `wom-renew-${index}`;
    const boxes = hand.map((card, i) => el("label", { class: "check-card" },
      el("input", { type: "checkbox", name: id, value: card.id, id: `${id}-${i}` }), " ", cardLabel(card)));
    const base = { ...action };
    delete base.needs;
    const name = magicName("renewal-of-strength");
    const submit = el("button", { type: "submit", class: "wom-tile-button" },
      el("span", { class: "face", "aria-hidden": "true", text: "✦" }), el("strong", { text: name }),
      el("small", { text: action.type === "repeat_magic" ? t("wom.verb.repeat") : t("wom.verb.play") }));
    const form = el("form", { class: "action-form wom-renew", "data-type": action.type },
      el("fieldset", {}, el("legend", { text: t("wom.renew_pick") }), el("div", { class: "check-cards" }, ...boxes)),
      el("div", { class: "wom-tile magic" }, submit, infoButton("magic", "renewal-of-strength")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const chosen = [...form.querySelectorAll("input:checked")].map((input) => input.value);
      if (!chosen.length) return;
      ctx.send({ ...base, cards: chosen }, submit);
    });
    return form;
  }

  function group(title, ...children) {
    const shown = children.filter(Boolean);
    if (!shown.length) return null;
    return el("div", { class: "wom-group" }, title ? el("h3", { text: title }) : null, ...shown);
  }

  function drawActions() {
    const box = document.getElementById("actions");
    if (!ctx.myMove(summary, box)) return;
    const legal = summary.legal_actions ?? [];
    const of = (type) => legal.filter((a) => a.type === type);
    const nodes = [stepLine()];
    if (of("form_word").length) nodes.push(wordForm.node());
    const magic = el("div", { class: "wom-tiles" });
    const forms = [];
    of("play_magic").forEach((action, i) => {
      const kind = cardById(action.card)?.magic;
      if (Array.isArray(action.needs)) forms.push(renewForm(action, i));
      else magic.append(tile(action, "magic", kind, t("wom.verb.play")));
    });
    of("repeat_magic").forEach((action, i) => {
      if (Array.isArray(action.needs)) forms.push(renewForm(action, `r${i}`));
      else magic.append(tile(action, "magic", summary.view.pending.magic, t("wom.verb.repeat")));
    });
    if (magic.children.length || forms.length) {
      nodes.push(group(t("wom.magic_cards"), magic.children.length ? magic : null, ...forms));
    }
    const characters = of("choose_character");
    if (characters.length) {
      nodes.push(el("div", { class: "wom-tiles" },
        ...characters.map((a) => tile(a, "character", a.character, t("wom.verb.choose")))));
    }
    const orders = of("order_balance");
    if (orders.length) nodes.push(el("div", { class: "action-buttons wom-orders" }, ...orders.map(orderButton)));
    const simple = el("div", { class: "action-buttons" });
    for (const action of legal) {
      if (action.type === "gnome_take") simple.append(button(action, [t("wom.gnome_take")]));
      else if (action.type === "decline") simple.append(button(action, [t("wom.decline")], "secondary"));
      else if (action.type === "choose_card") {
        // Choices that read alike (the same letters and colours, other copies) are one.
        const shown = button(action, fateLabel(action));
        const same = [...simple.children].some((b) => b.textContent === shown.textContent);
        if (!same) simple.append(shown);
      }
      else if (action.type === "elf_draw") {
        simple.append(button(action, [action.count ? t("wom.elf_draw", { cards: cardCount(action.count) }) : t("wom.elf_draw_none")]));
      } else if (action.type === "end_turn") simple.append(button(action, [t("wom.end_turn")]));
    }
    if (simple.children.length) nodes.push(simple);
    const passes = of("pass");
    if (passes.length) {
      const plain = passes.find((a) => !a.under_deck);
      const under = passes.filter((a) => a.under_deck);
      nodes.push(group(null,
        plain ? button(plain, [t("wom.pass")], "secondary wom-pass") : null,
        el("p", { class: "hint", id: "wom-pass-cost", text: passCost() }),
        under.length ? el("p", { class: "muted", text: t("wom.pass_under_title") }) : null,
        under.length ? el("div", { class: "action-buttons wom-under" }, ...under.map((a) => button(a,
          phrase("wom.pass_under", { card: cardLabel(cardById(a.under_deck)) }), "secondary"))) : null));
    }
    box.replaceChildren(...nodes.filter(Boolean));
  }

  const wordForm = createWordForm(ctx, {
    summary: () => summary, me, cardLabel, cardText, redraw: drawActions,
  });

  // --- the status line -------------------------------------------------------------------

  /** The turn (Черга N, whose), and what you do now when you act on someone else's turn. */
  function statusLine(s) {
    const view = s.view;
    if (s.status === "over" || !view || view.phase === "over") return null;
    const parts = [];
    const mine = s.you !== null && s.to_act.includes(s.you);
    if (view.phase === "choose_character") {
      parts.push(t("wom.status.choosing"));
    } else {
      const owner = view.active === s.you ? t("wom.status.yours") : nameOf(view.active);
      parts.push(t("wom.status.turn", { n: view.turn, name: owner }));
      const reply = REPLIES.has(view.phase);
      if (reply && mine && view.active !== s.you) parts.push(t(`wom.status.reply.${view.phase}`));
      else if (reply && !mine && !s.to_act.includes(view.active)) {
        parts.push(t(`wom.status.waiting.${view.phase}`, { names: s.to_act.map(nameOf).join(", ") }));
      }
    }
    return el("p", { class: "wom-status", id: "wom-status" }, parts.join(" "));
  }

  // --- the log ---------------------------------------------------------------------------

  /** A log line with a word of the game in it, the word marked. */
  const withWord = (key, word, values = {}) => el("span", {}, ...phrase(key, { ...values, word: ukWord(word.toUpperCase()) }));

  function describe(event, entry) {
    const d = event.data ?? {};
    switch (event.type) {
      case "word_formed": return withWord("wom.log.word", d.word, { n: d.counted });
      case "passed": return t("wom.log.pass");
      case "magic_played": return t("wom.log.magic", { name: magicName(d.magic) });
      // Cards may go to another seat than the mover's (a neighbour's Balance): named then.
      case "cards_taken": return d.seat === entry?.seat ? t("wom.log.took", { n: d.cards.length })
        : t("wom.log.took_by", { name: nameOf(d.seat), n: d.cards.length });
      case "balance_taken": return t("wom.log.balance", { name: nameOf(d.seat), colour: colourName(d.colour) });
      case "character_chosen": return t("wom.log.character", { name: characterName(d.character) });
      case "end_triggered": return t("wom.log.end", { name: nameOf(d.seat) });
      case "game_over": return t("game_over");
      case "deck_top_discarded": return t("wom.log.deck_top");
      case "hand_card_discarded": return t("wom.log.hand_card");
      case "witch_card": return t("wom.log.witch", { name: nameOf(d.seat) });
      case "token_restored": return t("wom.log.token");
      case "cards_revealed": return t("wom.log.revealed", { n: d.cards.length });
      case "fate_searched": return t("wom.log.fate_searched", { name: nameOf(d.seat), n: d.count });
      case "seat_chose_character": // a seat's own log names its character (character_chosen)
        return d.seat === summary?.you ? "" : t("wom.log.seat_chose", { name: nameOf(d.seat) });
      case "characters_revealed": return t("wom.log.characters_revealed");
      case "fate_under_deck": return t("wom.log.under");
      case "fate_chosen": return t("wom.log.fate");
      case "balance_ordered": return t("wom.log.ordered");
      case "magic_repeated": return t("wom.log.repeated", { name: magicName(d.magic) });
      case "cards_under_deck": case "card_under_deck": return t("wom.log.under");
      case "turn_started": return "";
      default: return null;
    }
  }

  return {
    draw(next) {
      summary = next;
      wordForm.update(summary);
      drawView();
      drawActions();
    },
    describe,
    status: statusLine,
  };
}
