// The Words of Magic table's word form: the word typed, "Can I make it?" asked of the
// solver (POST /v1/words-of-magic/solve with `word`), its layouts to pick from, and the
// `form_word` action made of the one picked, the way the solver bots map it
// (wordsvc/games/words_of_magic/bots.py, play_action): each slot's card index becomes the
// card's id, the Familiar's position its `position`, and the player picks the Familiar's
// property. A refused word is told in the page's language: the page's sentence for the
// code, the categories by name with the judge's reasons, and the judge's suggestions
// (POST /v1/games/sessions/{id}/words/check) as buttons that ask again.

import { solve } from "./api.js";
import * as api from "./play-api.js";
import { T } from "./play-common.js";
import {
  categoryLabels, phrase, reasonItems, refusalText, suggestionsNode, ukWord,
} from "./play-words.js";

const SOLVE_BUDGET_MS = 1000; // a first solve loads the solver's index (docs/web.md)
const SUGGESTIONS = 5;
const COLOURS = ["green", "yellow", "red"];

/** The form of the table `ctx` lends (t, el, send, session...); `table` gives the current
 *  summary, the seat's own player, a card's label, and how to redraw the actions. */
export function createWordForm(ctx, table) {
  const { t, el } = ctx;
  // What was typed, and the solver's answer for the version it was asked at (a newer
  // version's hand may differ: the answer is dropped); a refusal and its suggestions.
  const word = {
    text: "", answer: null, version: -1, chosen: 0, problem: null, suggestions: [], busy: false,
    turn: null, seenVersion: null,
  };
  let names = {};
  categoryLabels().then((found) => { names = found; });

  const summary = () => table.summary();
  const me = () => table.me();

  function solveBody(text) {
    const view = summary().view;
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

  /** What the session's judge suggests instead of `text` (none when it cannot say). */
  async function suggestionsFor(text) {
    try {
      const checked = await api.arbitrate(ctx.session, [text]);
      const verdict = checked.results?.[0] ?? {};
      return (verdict.suggestions ?? []).filter((s) => s.word !== verdict.word).slice(0, SUGGESTIONS);
    } catch {
      return [];
    }
  }

  async function ask(text) {
    word.text = text;
    word.answer = null;
    word.problem = null;
    word.suggestions = [];
    if (!text) return;
    word.busy = true;
    table.redraw();
    const version = summary().version;
    try {
      word.answer = await solve(solveBody(text));
      word.version = version;
      word.chosen = 0;
    } catch (problem) {
      word.problem = problem.doc ?? { code: "unexpected" };
      if (word.problem.code === "word_not_playable") {
        [word.suggestions, names] = await Promise.all([suggestionsFor(text), categoryLabels()]);
      }
    } finally {
      word.busy = false;
    }
    table.redraw();
    document.getElementById(word.answer ? "wom-layouts" : "wom-word")?.focus();
  }

  /** Why the word was refused, in the page's language; never the API's code or detail. */
  function refusalNode() {
    const problem = word.problem;
    const details = problem.details ?? {};
    const box = el("div", { id: "wom-word-error", class: "error wom-refusal", role: "alert", "data-code": problem.code });
    const shown = ukWord((details.word ?? word.text).toUpperCase());
    if (problem.code === "word_not_playable") {
      box.append(el("p", {}, ...phrase("wom.refused.word_not_playable", { word: shown })));
      const reasons = reasonItems(details.categories ?? [], names);
      if (reasons.length) box.append(el("ul", { class: "reasons" }, ...reasons));
    } else if (problem.code === "word_not_formable") {
      const letters = ukWord((details.missing ?? []).map((l) => l.toUpperCase()).join(", "));
      box.append(el("p", {}, ...phrase("wom.refused.word_not_formable", { word: shown })),
        details.missing?.length
          ? el("p", {}, ...phrase("wom.refused.missing", { letters, n: details.more_needed ?? 0 })) : null);
    } else {
      const own = refusalText(problem.code) ?? T[`problem.${problem.code}`];
      box.append(el("p", { text: own ?? t("wom.refused.other") }));
    }
    const offered = suggestionsNode(word.suggestions, (next) => ask(next));
    if (offered) box.append(offered);
    return box;
  }

  function node() {
    const form = el("form", { id: "wom-word-form", class: "wom-word-form", novalidate: true });
    const input = el("input", {
      id: "wom-word", name: "word", autocomplete: "off", autocapitalize: "none", spellcheck: "false",
      "aria-describedby": "wom-word-hint", maxlength: "40", lang: "uk",
    });
    input.value = word.text;
    input.addEventListener("input", () => { word.text = input.value; });
    const find = el("button", { type: "submit", id: "wom-find", text: t("wom.find") });
    if (word.busy) find.setAttribute("aria-busy", "true");
    const hint = el("p", { id: "wom-word-hint", class: "hint", text: t("wom.word_hint") });
    form.append(el("h3", { text: t("wom.form_title") }), el("label", { for: "wom-word", text: t("wom.word") }),
      el("div", { class: "word-row" }, input, find), hint);
    if (word.problem) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", "wom-word-hint wom-word-error");
      form.append(refusalNode());
    }
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      ask(input.value.trim());
    });
    if (word.answer && word.version === summary().version) form.append(layoutsNode());
    return form;
  }

  function slotNodes(slot) {
    const source = t(`wom.source.${slot.source}`);
    const letter = ukWord(slot.letter.toUpperCase(), { class: "slot-letter" });
    if (slot.source === "familiar") return [letter, ` — ${source} ${slot.familiar + 1}`];
    if (slot.card !== null && slot.card !== undefined) {
      const card = me().hand[slot.card];
      const shown = card && (card.kind !== "letter" || slot.source === "token");
      return shown ? [letter, ` — ${source} (`, table.cardLabel(card), ")"] : [letter, ` — ${source}`];
    }
    return [letter, ` — ${source}`];
  }

  /** The property choices for a layout besides none: what the Familiar card it uses allows
   *  at its length (the solver's `property_choices`, by the rules). */
  const propertyChoices = (play) => play.property_choices ?? [];

  function solverProperty(play) {
    const prop = play.effects.familiar_property;
    if (prop === "length") return play.effects.counted_length > play.length ? "length+" : "length-";
    return prop ?? "";
  }

  /** What the chosen property does, in one line. */
  const propertyHint = (value) => t(value ? `wom.prop_does.${value}` : "wom.prop_does.none");

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
      radio.addEventListener("change", () => { word.chosen = i; table.redraw(); });
      list.append(el("div", { class: "layout" }, radio,
        el("label", { for: id },
          ukWord(play.word.toUpperCase(), { class: "layout-word" }),
          // What the layout costs (tokens) and gives (cards out of the game), as solved.
          el("span", { class: "muted", text: ` · ${t("wom.tokens_used", { n: play.tokens_used })} · ${t("wom.cards_out", { n: play.effects.cards_out })}` }),
          el("ol", { class: "slots" }, ...play.slots.map((slot) => el("li", { class: `slot ${slot.source}` }, ...slotNodes(slot)))))));
    });
    box.append(list);
    const play = plays[word.chosen] ?? plays[0];
    const form = el("div", { class: "wom-form-word", id: "wom-form-word" });
    const choices = propertyChoices(play);
    let propertySelect = null;
    let discardSelect = null;
    if (choices.length) {
      propertySelect = el("select", { id: "wom-property", name: "property", "aria-describedby": "wom-property-hint" },
        el("option", { value: "", text: t("wom.prop.none") }),
        ...choices.map((c) => el("option", { value: c, text: t(`wom.prop.${c}`) })));
      propertySelect.value = solverProperty(play);
      const hint = el("p", { id: "wom-property-hint", class: "hint", text: propertyHint(propertySelect.value) });
      form.append(el("label", { for: "wom-property", text: t("wom.property") }), propertySelect, hint);
      propertySelect.addEventListener("change", () => { hint.textContent = propertyHint(propertySelect.value); });
      if (choices.includes("discard-hand")) {
        const spent = new Set(play.slots.map((s) => s.card).filter((c) => c !== null && c !== undefined));
        const left = me().hand.map((card, index) => ({ card, index })).filter(({ index }) => !spent.has(index));
        if (left.length) {
          discardSelect = el("select", { id: "wom-discard", name: "discard" },
            ...left.map(({ card }) => el("option", {
              value: card.id, text: table.cardText(card), lang: card.kind === "letter" ? "uk" : null,
            })));
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
    const button = el("button", { type: "button", id: "wom-send-word" },
      el("span", {}, ...phrase("wom.form", { word: ukWord(play.word.toUpperCase()) })));
    button.addEventListener("click", () => {
      const action = toAction(play, propertySelect?.value || null, discardSelect?.value ?? null, witch?.checked ?? false);
      ctx.send(action, button);
    });
    form.append(button);
    box.append(form);
    return box;
  }

  /** The solver's play as the engine's form_word action (bots.py `play_action`). */
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

  return {
    node,
    /** A new summary: an answer for an older version is dropped; a new turn starts with
     *  an empty field; a refusal goes once the table moves on. */
    update(next) {
      if (word.version !== next.version) word.answer = null;
      if (word.turn !== next.view.turn) {
        word.turn = next.view.turn;
        word.text = "";
      }
      if (next.version !== word.seenVersion) {
        word.seenVersion = next.version;
        if (word.problem && !word.busy) {
          word.problem = null;
          word.suggestions = [];
        }
      }
    },
  };
}
