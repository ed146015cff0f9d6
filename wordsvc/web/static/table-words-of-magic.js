// The Words of Magic table: drawn from the seat's `view` (hands are open in this game), with
// the word formed by typing it. "Can I make this word?" is the solver's (POST
// /v1/words-of-magic/solve with `word`); its layout becomes the engine's `form_word` action
// the way the solver bots map it (wordsvc/games/words_of_magic/bots.py, _to_action): each
// slot's card index becomes the card's id, the Familiar's position its `position`, and the
// player picks the Familiar's property. Every other control is one of the legal actions.

import { solve } from "./api.js";

const SOLVE_BUDGET_MS = 1000; // a first solve loads the solver's index (docs/web.md)
const COLOURS = ["green", "yellow", "red"];

/** The table for one session; `ctx` is what play.js lends it (texts, send, names...). */
export function createTable(ctx) {
  const { t, el, cards } = ctx;
  const magicName = (magic) => cards.magic?.[magic] ?? magic;
  const characterName = (c) => cards.character?.[c] ?? c;
  const colourName = (c) => t(`wom.colour.${c}`);
  let summary = null;
  // The word form lives across redraws: what was typed, and the solver's answer for the
  // version it was asked at (a newer version's hand may differ: the answer is dropped).
  const word = { text: "", answer: null, version: -1, chosen: 0, problem: null, busy: false };

  const me = () => (summary.you === null ? null : summary.view.players[summary.you]);
  const cardById = (id) => summary.view.players.flatMap((p) => p.hand).find((c) => c.id === id);

  function cardLabel(card) {
    if (!card) return "?";
    if (card.kind === "letter") return card.letter.toUpperCase();
    if (card.kind === "joker") return t("wom.joker");
    return magicName(card.magic);
  }

  function cardNode(card) {
    const kind = card.kind;
    return el("li", {
      class: `wom-card ${kind}${card.colour ? ` colour-${card.colour}` : ""}`,
      "data-card": card.id,
    },
    el("span", { class: "face", text: kind === "letter" ? card.letter.toUpperCase() : kind === "joker" ? "★" : "✦" }),
    kind === "letter" ? null : el("small", { text: cardLabel(card) }),
    card.colour ? el("small", { class: "colour", text: colourName(card.colour) }) : null);
  }

  // --- the view ------------------------------------------------------------------------

  function tokensNode(player) {
    const unused = player.tokens;
    const used = player.used_tokens;
    return el("p", { class: "wom-tokens" },
      el("span", { class: "muted", text: `${t("wom.tokens")}: ` }),
      ...Array.from({ length: unused }, () => el("span", { class: "token", "aria-hidden": "true", text: "●" })),
      ...Array.from({ length: used }, () => el("span", { class: "token used", "aria-hidden": "true", text: "○" })),
      el("span", { class: "muted", text: ` ${t("wom.tokens_of", { unused, used })}` }));
  }

  function playerPanel(player, seat) {
    const names = ctx.names();
    const mine = seat === summary.you;
    const acting = summary.to_act.includes(seat);
    const view = summary.view;
    const counts = [
      t("wom.hand_count", { n: player.hand.length }),
      t("wom.deck_count", { n: player.deck_size }),
      t("wom.discard_count", { n: player.discard_size }),
    ].join(" · ");
    const words = player.words.map((w) => w.counted === w.length ? w.word : `${w.word} (${w.counted})`);
    return el("section", {
      class: `panel player${mine ? " mine" : ""}${acting ? " acting" : ""}`,
      "data-seat": String(seat), "aria-label": names[seat] ?? String(seat),
    },
    el("h3", {}, el("span", { text: names[seat] ?? `#${seat + 1}` }),
      mine ? el("span", { class: "badge", text: t("you") }) : null,
      acting ? el("span", { class: "muted", text: ` ${t("acting")}` }) : null,
      view.active === seat && !acting ? el("span", { class: "muted", text: ` · ${t("wom.active")}` }) : null),
    el("p", { class: "wom-counts", text: counts }),
    player.character ? el("p", { class: "wom-character" },
      el("span", { class: "muted", text: `${t("wom.character")}: ` }),
      el("strong", { text: characterName(player.character) }),
      player.character === "witch" && player.witch_used ? el("span", { class: "muted", text: ` (${t("wom.witch_used")})` }) : null) : null,
    tokensNode(player),
    el("ul", { class: "cards wom-hand", "aria-label": t("wom.hand") }, ...player.hand.map(cardNode)),
    player.held.length ? el("p", { class: "muted", text: t("wom.held", { colours: player.held.map(colourName).join(", ") }) }) : null,
    player.discard && player.discard.length ? el("details", { class: "wom-discard" },
      el("summary", { text: t("wom.discard_pile", { n: player.discard.length }) }),
      el("ul", { class: "cards wom-pile" }, ...player.discard.map(cardNode))) : null,
    words.length ? el("p", { class: "wom-words" }, el("span", { class: "muted", text: `${t("wom.words")}: ` }),
      el("span", { text: words.join(", ") })) : null);
  }

  function familiarNode() {
    const view = summary.view;
    const magicMode = view.options.mode === "magic";
    return el("section", { class: "panel wom-familiar", "aria-labelledby": "wom-familiar-title" },
      el("h3", { id: "wom-familiar-title", text: t("wom.familiar") }),
      el("ol", { class: "cards familiar-cards" }, ...view.familiar.letters.map((letter, i) => {
        const figure = view.familiar.figure === i;
        return el("li", { class: `wom-card letter familiar${figure ? " figure" : ""}`, "data-position": String(i) },
          magicMode ? el("small", { class: "property", text: t(`wom.prop.${view.options.familiar_properties[i]}`) }) : null,
          el("span", { class: "face", text: letter.toUpperCase() }),
          figure ? el("small", { class: "figure-mark", text: t("wom.figure") }) : null);
      })));
  }

  function boardNode() {
    const view = summary.view;
    const rows = [
      el("p", { text: t("wom.turn", { n: view.turn }) }),
      el("p", { class: "wom-decks" }, el("span", { class: "muted", text: `${t("wom.balance")}: ` }),
        ...COLOURS.filter((c) => c in view.balance).map((c) => el("span", { class: `deck colour-${c}`, text: `${colourName(c)} ${view.balance[c]}` }))),
    ];
    if (view.word_formed) rows.push(el("p", { text: t("wom.word_formed", { word: view.word_formed.word, n: view.word_formed.draw_up_to }) }));
    if (view.end) {
      rows.push(el("p", { class: "wom-end", text: t("wom.end", { name: ctx.names()[view.end.seat] ?? view.end.seat + 1, reason: t(`wom.reason.${view.end.reason}`) }) }));
    }
    if (view.options.categories.length) {
      rows.push(el("p", { class: "muted", text: `${t("wom.categories")}: ${view.options.categories.join(", ")}` }));
    }
    return el("section", { class: "panel board", "aria-labelledby": "wom-board-title" },
      el("h3", { id: "wom-board-title", text: t("wom.board") }), ...rows);
  }

  function drawView() {
    const view = summary.view;
    const box = el("div", { class: "panels wom" });
    // Your own panel first on a phone: it is the one you play from.
    const order = view.players.map((_, seat) => seat);
    if (summary.you !== null) order.sort((a, b) => (b === summary.you) - (a === summary.you));
    box.append(familiarNode());
    for (const seat of order) box.append(playerPanel(view.players[seat], seat));
    box.append(boardNode());
    document.getElementById("view").replaceChildren(box);
  }

  // --- the actions -----------------------------------------------------------------------

  function labelOf(action) {
    switch (action.type) {
      case "choose_character": return t("wom.choose_character", { name: characterName(action.character) });
      case "order_balance": return t("wom.order", { order: action.order.map(colourName).join(" → ") });
      case "gnome_take": return t("wom.gnome_take");
      case "decline": return t("wom.decline");
      case "choose_card": {
        const card = (id) => cardLabel(summary.view.pending.cards.find((c) => c.id === id));
        const taken = t("wom.choose_card", { card: card(action.card) });
        return action.under?.length ? t("wom.choose_card_under", { taken, under: action.under.map(card).join(", ") }) : taken;
      }
      case "elf_draw": return action.count ? t("wom.elf_draw", { n: action.count }) : t("wom.elf_draw_none");
      case "repeat_magic": return t("wom.repeat", { name: magicName(summary.view.pending.magic) });
      case "play_magic": return t("wom.play_magic", { name: magicName(cardById(action.card)?.magic) });
      case "end_turn": return t("wom.end_turn");
      case "pass": return action.under_deck ? t("wom.pass_under", { card: cardLabel(cardById(action.under_deck)) }) : t("wom.pass");
      default: return action.type;
    }
  }

  /** Renewal of Strength (its play, or a Mage's repeat): which other hand cards to renew. */
  function renewForm(action, index) {
    const hand = me().hand.filter((c) => c.id !== action.card);
    const id = `wom-renew-${index}`;
    const boxes = hand.map((card, i) => el("label", { class: "check-card" },
      el("input", { type: "checkbox", name: id, value: card.id, id: `${id}-${i}` }), ` ${cardLabel(card)}`));
    const base = { ...action };
    delete base.needs;
    const button = el("button", { type: "submit", class: "secondary", text: labelOf(base) });
    const form = el("form", { class: "action-form wom-renew", "data-type": action.type },
      el("fieldset", {}, el("legend", { text: t("wom.renew_pick") }), el("div", { class: "check-cards" }, ...boxes)), button);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const chosen = [...form.querySelectorAll("input:checked")].map((input) => input.value);
      if (!chosen.length) return;
      ctx.send({ ...base, cards: chosen }, button);
    });
    return form;
  }

  function wordForm() {
    const form = el("form", { id: "wom-word-form", class: "wom-word-form", novalidate: true });
    const input = el("input", {
      id: "wom-word", name: "word", autocomplete: "off", autocapitalize: "none", spellcheck: "false",
      "aria-describedby": "wom-word-error", maxlength: "40",
    });
    input.value = word.text;
    input.addEventListener("input", () => { word.text = input.value; });
    const find = el("button", { type: "submit", id: "wom-find", text: t("wom.find") });
    if (word.busy) find.setAttribute("aria-busy", "true");
    const error = el("p", { id: "wom-word-error", class: "error", role: "alert" });
    if (word.problem) {
      input.setAttribute("aria-invalid", "true");
      error.dataset.code = word.problem.code;
      const key = `wom.refused.${word.problem.code}`;
      error.append(el("strong", { text: t(key) === key ? ctx.problemText({ doc: word.problem }) : t(key) }),
        word.problem.detail ? el("span", { class: "muted", text: ` ${word.problem.detail}` }) : null,
        el("code", { text: ` (${word.problem.code})` }));
    } else {
      error.hidden = true;
    }
    form.append(el("h3", { text: t("wom.form_title") }), el("label", { for: "wom-word", text: t("wom.word") }),
      el("div", { class: "word-row" }, input, find), error);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      ask(input.value.trim());
    });
    if (word.answer && word.version === summary.version) form.append(layoutsNode());
    return form;
  }

  function solveBody(text) {
    const view = summary.view;
    const player = me();
    const opts = view.options;
    return {
      cards: player.hand.map((c) => (c.kind === "letter" ? c.letter : c.kind === "joker" ? "*" : c.magic)),
      tokens: player.tokens,
      familiar: view.familiar.letters.map((letter, i) => ({ letter, available: i !== view.familiar.figure })),
      character: player.character,
      players: opts.players,
      deck: player.deck_size,
      mode: opts.mode,
      familiar_properties: opts.familiar_properties,
      balance_decks: Object.fromEntries(COLOURS.map((c) => [c, view.balance[c] ?? 0])),
      two_player_deals_twice: opts.two_player_deals_twice,
      categories: opts.categories,
      house_words: opts.house_words ?? [],
      word: text,
      budget_ms: SOLVE_BUDGET_MS,
    };
  }

  async function ask(text) {
    word.text = text;
    word.answer = null;
    word.problem = null;
    if (!text) return;
    word.busy = true;
    drawActions();
    const version = summary.version;
    try {
      const answer = await solve(solveBody(text));
      word.answer = answer;
      word.version = version;
      word.chosen = 0;
    } catch (problem) {
      word.problem = problem.doc ?? { code: "unexpected" };
    } finally {
      word.busy = false;
    }
    drawActions();
    document.getElementById(word.answer ? "wom-layouts" : "wom-word")?.focus();
  }

  function slotText(slot) {
    const source = t(`wom.source.${slot.source}`);
    if (slot.source === "familiar") return `${slot.letter.toUpperCase()} — ${source} ${slot.familiar + 1}`;
    if (slot.card !== null && slot.card !== undefined) {
      const card = me().hand[slot.card];
      const shown = card && (card.kind !== "letter" || slot.source === "token");
      return `${slot.letter.toUpperCase()} — ${source}${shown ? ` (${cardLabel(card)})` : ""}`;
    }
    return `${slot.letter.toUpperCase()} — ${source}`;
  }

  /** The property choices for a layout: none, or what the Familiar card it uses has above it. */
  function propertyChoices(play) {
    const view = summary.view;
    if (view.options.mode !== "magic" || play.familiar === null || play.familiar === undefined) return [];
    const printed = view.options.familiar_properties[play.familiar];
    if (printed === "length") return play.length - 1 >= 3 ? ["length-", "length+"] : ["length+"];
    return [printed];
  }

  function solverProperty(play) {
    const prop = play.effects.familiar_property;
    if (prop === "length") return play.effects.counted_length > play.length ? "length+" : "length-";
    return prop ?? "";
  }

  function layoutsNode() {
    const plays = word.answer.plays;
    const box = el("div", { id: "wom-layouts", class: "wom-layouts", tabindex: "-1" });
    if (!plays.length) {
      box.append(el("p", { class: "error", text: t("wom.no_layout") }));
      return box;
    }
    const list = el("fieldset", { class: "layouts" }, el("legend", { text: t("wom.layouts") }));
    plays.forEach((play, i) => {
      const id = `wom-layout-${i}`;
      const radio = el("input", { type: "radio", name: "wom-layout", id, value: String(i) });
      radio.checked = i === word.chosen;
      radio.addEventListener("change", () => { word.chosen = i; drawActions(); });
      list.append(el("div", { class: "layout" }, radio,
        el("label", { for: id },
          el("strong", { text: play.word.toUpperCase() }),
          el("span", { class: "muted", text: ` · ${t("wom.tokens_used", { n: play.tokens_used })}` }),
          el("ol", { class: "slots" }, ...play.slots.map((slot) => el("li", { class: `slot ${slot.source}`, text: slotText(slot) }))))));
    });
    box.append(list);
    const play = plays[word.chosen] ?? plays[0];
    const form = el("div", { class: "wom-form-word", id: "wom-form-word" });
    const choices = propertyChoices(play);
    let propertySelect = null;
    let discardSelect = null;
    if (choices.length) {
      propertySelect = el("select", { id: "wom-property", name: "property" },
        el("option", { value: "", text: t("wom.prop.none") }),
        ...choices.map((c) => el("option", { value: c, text: t(`wom.prop.${c}`) })));
      propertySelect.value = solverProperty(play);
      form.append(el("label", { for: "wom-property", text: t("wom.property") }), propertySelect);
      if (choices.includes("discard-hand")) {
        const spent = new Set(play.slots.map((s) => s.card).filter((c) => c !== null && c !== undefined));
        const left = me().hand.map((card, index) => ({ card, index })).filter(({ index }) => !spent.has(index));
        if (left.length) {
          discardSelect = el("select", { id: "wom-discard", name: "discard" },
            ...left.map(({ card, index }) => el("option", { value: card.id, text: cardLabel(card) })));
          const suggested = play.effects.discarded_from_hand;
          if (suggested !== null && suggested !== undefined) discardSelect.value = me().hand[suggested].id;
          const row = el("div", { id: "wom-discard-row" }, el("label", { for: "wom-discard", text: t("wom.discard_which") }), discardSelect);
          row.hidden = propertySelect.value !== "discard-hand";
          propertySelect.addEventListener("change", () => { row.hidden = propertySelect.value !== "discard-hand"; });
          form.append(row);
        }
      }
    }
    let witch = null;
    const player = me();
    if (player.character === "witch" && !player.witch_used) {
      witch = el("input", { type: "checkbox", id: "wom-witch", name: "witch" });
      form.append(el("label", { class: "check", for: "wom-witch" }, witch, ` ${t("wom.witch")}`));
    }
    const button = el("button", { type: "button", id: "wom-send-word", text: t("wom.form", { word: play.word.toUpperCase() }) });
    button.addEventListener("click", () => {
      const action = toAction(play, propertySelect?.value || null, discardSelect?.value ?? null, witch?.checked ?? false);
      ctx.send(action, button);
    });
    form.append(button);
    box.append(form);
    return box;
  }

  /** The solver's play as the engine's form_word action (bots.py `_to_action`). */
  function toAction(play, property, discard, witch) {
    const ids = me().hand.map((c) => c.id);
    const slots = play.slots.map((slot) => {
      const item = { source: slot.source, letter: slot.letter };
      if (slot.card !== null && slot.card !== undefined) item.card = ids[slot.card];
      if (slot.familiar !== null && slot.familiar !== undefined) item.position = slot.familiar;
      return item;
    });
    const action = { type: "form_word", word: play.word, slots };
    if (property) action.property = property;
    if (property === "discard-hand" && discard) action.discard = discard;
    if (witch) action.witch = true;
    return action;
  }

  function drawActions() {
    const box = document.getElementById("actions");
    if (!ctx.myMove(summary, box)) return;
    const legal = summary.legal_actions ?? [];
    const nodes = [];
    const phase = summary.view.phase;
    if (phase !== "turn") nodes.push(el("p", { class: "wom-phase", text: t(`wom.phase.${phase}`) }));
    if (legal.some((a) => a.type === "form_word")) nodes.push(wordForm());
    const buttons = el("div", { class: "action-buttons" });
    legal.forEach((action, i) => {
      if (action.type === "form_word") return;
      if (Array.isArray(action.needs)) nodes.push(renewForm(action, i));
      else buttons.append(ctx.actionButton(action, labelOf(action), action.type === "pass" || action.type === "decline" ? "secondary" : ""));
    });
    nodes.push(buttons);
    box.replaceChildren(...nodes);
  }

  // --- the log ---------------------------------------------------------------------------

  function describe(event) {
    const d = event.data ?? {};
    const who = (seat) => ctx.names()[seat] ?? t("seat", { n: seat + 1 });
    switch (event.type) {
      case "word_formed": return t("wom.log.word", { word: d.word.toUpperCase(), n: d.counted });
      case "passed": return t("wom.log.pass");
      case "magic_played": return t("wom.log.magic", { name: magicName(d.magic) });
      case "cards_taken": return t("wom.log.took", { n: d.cards.length });
      case "balance_taken": return t("wom.log.balance", { name: who(d.seat), colour: colourName(d.colour) });
      case "character_chosen": return t("wom.log.character", { name: characterName(d.character) });
      case "end_triggered": return t("wom.log.end", { name: who(d.seat) });
      case "game_over": return t("game_over");
      case "deck_top_discarded": return t("wom.log.deck_top");
      case "hand_card_discarded": return t("wom.log.hand_card");
      case "witch_card": return t("wom.log.witch", { name: who(d.seat) });
      case "token_restored": return t("wom.log.token");
      case "cards_revealed": return t("wom.log.revealed", { n: d.cards.length });
      case "fate_searched": return t("wom.log.fate_searched", { name: who(d.seat), n: d.count });
      case "seat_chose_character": return t("wom.log.seat_chose", { name: who(d.seat) });
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
      if (word.version !== summary.version) word.answer = null;
      if (word.turn !== summary.view.turn) { // a new turn starts with an empty field
        word.turn = summary.view.turn;
        word.text = "";
      }
      if (summary.version !== word.seenVersion) {
        word.seenVersion = summary.version;
        if (word.problem && !word.busy) word.problem = null;
      }
      drawView();
      drawActions();
    },
    describe,
  };
}
