// Draws the API's answers. The verdicts' markup is the server's too
// (templates/web/_verdicts.html): keep the two alike. The game's words (a word, a card's
// letter, the characters read) are marked lang="uk", so an English screen stays English.

/** An element with attributes and children (text is always text, never HTML). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "class") el.className = value;
    else el.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** Placeholders that hold the game's own words (present.py's GAME_VALUES). */
const GAME_VALUES = new Set(["word", "chars", "card"]);

/** The text `key` filled with `values` as nodes, the game's words marked lang="uk". */
export function marked(ui, key, values) {
  const text = ui.t(key, {});
  const nodes = [];
  let last = 0;
  for (const match of text.matchAll(/\{(\w+)\}/g)) {
    nodes.push(text.slice(last, match.index));
    const value = String(values[match[1]] ?? "");
    nodes.push(GAME_VALUES.has(match[1]) ? h("span", { lang: "uk" }, value) : value);
    last = match.index + match[0].length;
  }
  nodes.push(text.slice(last));
  return nodes.filter((node) => node !== "");
}

/** The order in which a text lists its forms by number ("|" between them): the categories
 *  of `Intl.PluralRules` that the language's integers take (texts.py says the same). */
const PLURAL_FORMS = { uk: ["one", "few", "many"], en: ["one", "other"] };
const PLURAL_RULES = new Map();

/** The plural rules of `lang`, made once a language: making them is far dearer than asking. */
function pluralRules(lang) {
  if (!PLURAL_RULES.has(lang)) PLURAL_RULES.set(lang, new Intl.PluralRules(lang));
  return PLURAL_RULES.get(lang);
}

/** `key`'s text for the number `n` ("скинете {n} карту|… карти|… карт"): the form the page
 *  language's plural rules choose, `{n}` filled in. */
export function plural(ui, key, n) {
  const forms = ui.t(key, { n }).split("|");
  const order = PLURAL_FORMS[ui.lang] ?? PLURAL_FORMS.en;
  const index = order.indexOf(pluralRules(ui.lang).select(n));
  return forms[index < 0 ? forms.length - 1 : Math.min(index, forms.length - 1)];
}

/** Words in a list: "a", "a й b", "a, b й c". */
function listed(words, ui) {
  const first = words.slice(0, -1);
  if (!first.length) return words.join("");
  return ui.t("list_and", { first: first.join(", "), last: words.at(-1) });
}

function changeText(change, ui) {
  const details = change.details || {};
  let chars = (details.from || []).join(" ");
  if (details.mapped && typeof details.mapped === "object") {
    chars = Object.entries(details.mapped).map(([l, c]) => `${l}→${c}`).join(", ");
  }
  return ui.has(`change.${change.code}`) ? marked(ui, `change.${change.code}`, { chars })
    : change.message;
}

/** How often the verdict's spelling is written, in plain words (present.py's `frequency`). */
function frequency(v, ui) {
  const band = v.commonness;
  if (band.id === "unknown") return ui.t("zipf_unknown");
  const label = ui.has(`band.${band.id}`) ? ui.t(`band.${band.id}`)
    : (ui.lang === "uk" ? band.label_uk : band.label);
  return ui.t("zipf", { band: label });
}

/** The categories, one line per distinct verdict: those sharing a verdict and its reason
 *  on one line, in the first one's place (present.py's `category_groups`). */
export function categoryGroups(categories) {
  const groups = new Map();
  for (const c of categories) {
    const key = JSON.stringify([c.accepted, c.reason ?? null, c.message ?? "", c.message_uk ?? ""]);
    if (!groups.has(key)) groups.set(key, { ...c, ids: [] });
    groups.get(key).ids.push(c.id);
  }
  return [...groups.values()];
}

/** A suggestion's chip: the word, and what its note says ("суржик") when it has one. */
function suggestionChip(s, ui) {
  if (!s.note) {
    return h("a", { class: "chip", href: ui.wordUrl(s.word), "data-word": s.word, lang: "uk" }, s.word);
  }
  const key = `suggestion_note.${s.note}`;
  return h("a", { class: "chip noted", href: ui.wordUrl(s.word), "data-word": s.word,
    "data-note": s.note },
  h("span", { lang: "uk" }, s.word), " ", h("span", { class: "noted-as" },
    ui.t(ui.has(key) ? key : "suggestion_note_other")));
}

function reading(analysis, ui) {
  return analysis.tag.replaceAll(" ", ",").split(",")
    .filter((g) => g in ui.grammemes).map((g) => ui.grammemes[g]).join(", ");
}

function refusedCard(item, ui) {
  const key = `refusal.${item.error.code}`;
  return h("article", { class: "verdict no refused" },
    h("h3", {}, h("span", { class: "badge" }, `✗ ${ui.t("refused_input")}`),
      h("span", { class: "word", lang: "uk" }, item.input)),
    h("p", { class: "reason" }, ui.t(ui.has(key) ? key : "refused_other")));
}

function verdictCard(v, ui) {
  const parts = [
    h("h3", {},
      h("span", { class: "badge" }, v.valid ? `✓ ${ui.t("playable")}` : `✗ ${ui.t("not_playable")}`),
      h("span", { class: "word", lang: "uk" }, v.word),
      h("span", { class: "length" }, ui.t("letters", { n: v.length }))),
  ];
  if (v.normalisation.length) {
    parts.push(h("div", { class: "read-as" },
      h("p", {}, ...marked(ui, "read_as", { word: v.word }), ":"),
      h("ul", {}, v.normalisation.map((c) => h("li", { "data-code": c.code }, changeText(c, ui))))));
  }
  if (v.house_word) parts.push(h("p", { class: "house" }, ui.t("house_word")));
  if (v.normative.length) {
    parts.push(h("p", { class: "normative" }, `${ui.t("normative")} `,
      ...v.normative.flatMap((w, i) => [i ? " / " : "", h("b", { lang: "uk" }, w)])));
  }
  parts.push(h("ul", { class: "cats" }, categoryGroups(v.categories).map((c) => h("li",
    { class: c.accepted ? "ok" : "no", "data-category": c.ids.join(" ") },
    h("span", { class: "cat" }, c.ids.map((id) => ui.categoryName(id)).join(", ")), ": ",
    c.accepted ? ui.t("accepted") : (ui.lang === "uk" ? c.message_uk : c.message)))));
  if (v.commonness) { // how often it is written (wordfreq's list), and what that list is
    parts.push(h("details", { class: "zipf", "data-band": v.commonness.id },
      h("summary", {}, frequency(v, ui)), h("p", {}, ui.t("zipf_about"))));
  }
  if (v.suggestions.length) {
    parts.push(h("div", { class: "suggestions" }, h("p", {}, ui.t("suggestions")),
      h("ul", {}, v.suggestions.map((s) => h("li", {}, suggestionChip(s, ui))))));
  } else if (v.suggestions_omitted) {
    parts.push(h("p", { class: "muted" }, ui.t("suggestions_omitted")));
  }
  const readings = v.analyses.filter((a) => a.tag);
  if (readings.length) {
    parts.push(h("details", { class: "readings" },
      h("summary", {}, ui.t("readings", { n: readings.length })),
      h("ul", {}, readings.map((a) => h("li", {},
        h("b", { lang: "uk" }, a.lemma), ` — ${reading(a, ui)}`)))));
  }
  return h("article", { class: `verdict ${v.valid ? "ok" : "no"}` }, parts);
}

/** A batch's verdicts (CheckWordsResult), with a summary when there are several. */
export function verdicts(answer, ui) {
  const items = answer.results;
  const nodes = [];
  if (items.length > 1) {
    const ok = items.filter((r) => r.valid).length;
    nodes.push(h("p", { class: `summary ${answer.all_valid ? "ok" : "no"}` },
      answer.all_valid ? ui.t("summary_all") : ui.t("summary_some", { ok, n: items.length })));
  }
  for (const item of items) nodes.push(item.error ? refusedCard(item, ui) : verdictCard(item, ui));
  return nodes;
}

function slotCard(slot, ui) {
  const source = slot.source === "familiar"
    ? ui.t("source.familiar", { n: slot.familiar + 1 })
    : ui.t(`source.${slot.source}`);
  return h("li", { class: `card src-${slot.source}`, "data-source": slot.source },
    h("span", { class: "letter", lang: "uk" }, slot.letter), h("span", { class: "src" }, source));
}

/** The Balance of Power cards the neighbours take, in words: how many (the API's
 *  `balance_cards`), and the colours, each neighbour's alike or in turn from the left. */
function balanceText(effects, ui) {
  if (!effects.balance_cards) return ui.t("does.balance_none");
  const colours = effects.balance.map((cards) => (cards.length
    ? listed(cards.map((c) => ui.t(`colour.${c}`)), ui) : ui.t("does.nothing")));
  const alike = colours.every((c) => c === colours[0]);
  const which = alike ? ui.t("does.balance_each", { colours: colours[0] })
    : ui.t("does.balance_in_turn", { colours: colours.join("; ") });
  return `${plural(ui, "does.balance", effects.balance_cards)} (${which})`;
}

/** What a play does in the game, in a sentence: the cards you get rid of, the tokens you
 *  use, what the neighbours take, what you draw and hold after. Every number is the API's. */
function doesLine(play, ui) {
  const effects = play.effects;
  const clauses = [];
  if (effects.cards_out) clauses.push(plural(ui, "does.cards_out", effects.cards_out));
  if (play.tokens_used) clauses.push(plural(ui, "does.tokens", play.tokens_used));
  if (play.kind === "word") clauses.push(balanceText(effects, ui));
  if (effects.drawn) clauses.push(plural(ui, "does.draw", effects.drawn));
  clauses.push(plural(ui, "does.hand_after", effects.hand_after));
  const sentence = clauses.join("; ");
  return h("p", { class: "effects" }, `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`);
}

/** The ranked plays (Solution): each a row of cards marked with what fills each letter,
 *  and what it does in the game. */
export function plays(solution, ui) {
  const nodes = [];
  if (!solution.complete) nodes.push(h("p", { class: "note" }, ui.t("incomplete")));
  if (!solution.plays.length) nodes.push(h("p", {}, ui.t("no_plays")));
  nodes.push(h("ol", { class: "plays" }, solution.plays.map((play, i) => h("li", { class: "play" },
    h("h3", {}, h("span", {}, `${i + 1}.`),
      h("span", { class: "word", lang: "uk" }, play.word.toUpperCase()),
      h("span", { class: "length" }, ui.t("letters", { n: play.length }))),
    h("ol", { class: "cards", "aria-label": play.word }, play.slots.map((s) => slotCard(s, ui))),
    doesLine(play, ui)))));
  nodes.push(h("div", { class: "play pass" },
    h("h3", {}, h("span", { class: "word" }, ui.t("pass"))), doesLine(solution.pass, ui)));
  return nodes;
}

/** A page of a pattern search (SearchPage), with its pager. */
export function searchPage(page, ui) {
  if (!page.total) return [h("p", {}, ui.t("no_matches"))];
  const first = page.offset + 1;
  const last = page.offset + page.words.length;
  return [
    h("p", { class: "summary" }, page.truncated
      ? ui.t("found_truncated", { total: page.total }) : ui.t("found", { total: page.total })),
    h("ul", { class: "words" }, page.words.map((word) => h("li", {},
      h("a", { class: "chip", href: ui.wordUrl(word), "data-word": word, lang: "uk" }, word)))),
    h("nav", { class: "pager", "aria-label": ui.t("view.search") },
      h("button", { type: "button", "data-offset": Math.max(0, page.offset - page.limit),
        disabled: page.offset === 0 }, ui.t("prev")),
      h("span", { class: "range" }, ui.t("page_of", { first, last, total: page.total })),
      h("button", { type: "button", "data-offset": page.next_offset ?? "",
        disabled: page.next_offset === null }, ui.t("next"))),
  ];
}
