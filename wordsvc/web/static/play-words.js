// Words of the game on the play pages, as the table's judge and the Words of Magic table
// show them: marked as Ukrainian on any screen (<span lang="uk">), in sentences of the
// page's language; the agreed categories by their names (GET /v1/categories), never their
// ids; why an input is no word at all; the judge's reasons and its suggestions as buttons,
// the way the arbiter words a verdict (render.js).

import { call } from "./api.js";
import { el } from "./play-render.js";
import { LANG, plural, T, t } from "./play-common.js";

const CYRILLIC_RUN = /([\u0400-\u04FF]+(?:['ʼ’-][\u0400-\u04FF]+)*)/;

/** A word (or letter) of the game: Ukrainian, marked so whatever the page's language. */
export function ukWord(text, attrs = {}) {
  return el("span", { lang: "uk", ...attrs, text });
}

/** `text` with its Cyrillic runs marked as Ukrainian: an English text quoting a letter or
 *  a word of the game (the Amazon's А). Children for el(). */
export function marked(text) {
  if (LANG === "uk") return [text];
  return text.split(CYRILLIC_RUN).map((part, i) => (i % 2 ? ukWord(part) : part))
    .filter((part) => part !== "");
}

/** The text `key` with its {placeholders} filled by strings or nodes (a word marked with
 *  ukWord, say): children for el(). */
export function phrase(key, values = {}) {
  const template = T[key] ?? key;
  const parts = [];
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    parts.push(template.slice(last, match.index));
    const value = values[match[1]];
    if (Array.isArray(value)) parts.push(...value);
    else parts.push(value instanceof Node ? value : String(value ?? ""));
    last = match.index + match[0].length;
  }
  parts.push(template.slice(last));
  return parts.filter((part) => part !== "");
}

/** A count of cards in words: "1 карту", "3 карти", "5 карт". */
export const cardCount = (n) => plural("wom.n_cards", n);

let labels = null;

/** Category id -> its name in the page's language, from GET /v1/categories (asked once). */
export function categoryLabels() {
  labels ??= call("/v1/categories").then(
    (doc) => Object.fromEntries(doc.categories.map((c) => [c.id, LANG === "uk" ? c.name_uk : c.name_en])),
    () => ({}),
  );
  return labels;
}

/** A category's name: its label, never its id (a generic word while the labels load). */
export function categoryName(id, names) {
  return names?.[id] ?? t("wom.category");
}

/** The agreed categories in words: their names, or "any word" when none is agreed. */
export function rulesText(categories, names) {
  if (!categories.length) return names?.any ?? t("any_word");
  return categories.map((id) => categoryName(id, names)).join(", ");
}

/** Why `code` makes an input no word at all (the arbiter's refusal texts), or null. */
export function refusalText(code) {
  return T[`wom.refusal.${code}`] ?? null;
}

/** The categories that refuse a word, each "<its name>: <the judge's reason>" in the page's
 *  language (`message_uk`/`message` of the verdict). */
export function reasonItems(categories, names) {
  return categories.filter((c) => c.accepted !== true).map((c) => el("li", { "data-category": c.id },
    el("span", { class: "cat", text: categoryName(c.id, names) }), ": ",
    ...marked(LANG === "uk" ? c.message_uk : c.message)));
}

/** The judge's suggestions as buttons; tapping one calls `pick(word)`. Null when none. */
export function suggestionsNode(suggestions, pick) {
  if (!suggestions.length) return null;
  return el("div", { class: "suggestions" },
    el("p", { text: t("wom.suggest") }),
    el("ul", { class: "suggestion-list" }, ...suggestions.map(({ word, note }) => {
      const button = el("button", {
        type: "button", class: "suggestion", lang: "uk", "data-word": word, text: word,
      });
      button.addEventListener("click", () => pick(word));
      // A non-normative form is offered only as one (the judge's `note`), and said so.
      return el("li", {}, button, note ? el("span", { class: "muted", "data-note": note, text: ` ${t(`wom.suggest_note.${note}`)}` }) : null);
    })));
}
