// The arbiter's page: word checks, best plays and pattern search over the public HTTP API.
// The state lives in the URL (state.js); answers are drawn by render.js; every problem
// document is shown as a plain message next to the field it concerns, in the page's words
// (the API's detail goes to the console, for developers). What is on screen is what the
// URL says: a change of categories asks again for the answer on screen.

import { checkWords, Problem, searchWords, solve, solveBodyFields } from "./api.js";
import { h, marked, plays, searchPage, verdicts } from "./render.js";
import { familiarParam, parseFamiliar, readState, urlOf, VIEWS, writeState } from "./state.js";

const SEARCH_PAGE = 40;
const PLAYS = 10;
// People at a table wait a second gladly for proven-best plays; the API's default budget
// (250 ms) can run out on a server's first solve, while it loads the solver's index.
const SOLVE_BUDGET_MS = 1000;
/**
 * The page's elements (templates/web/index.html) that are read or set as more than an
 * HTMLElement, by id.
 * @typedef {{
 *   words: HTMLTextAreaElement, hand: HTMLInputElement, tokens: HTMLSelectElement,
 *   character: HTMLSelectElement, [familiar: `fam${number}`]: HTMLInputElement,
 *   make: HTMLInputElement, pattern: HTMLInputElement,
 *   min: HTMLInputElement, max: HTMLInputElement, "lang-switch": HTMLAnchorElement,
 *   "categories-box": HTMLDetailsElement,
 * }} Elements
 */
/**
 * @template {string} K
 * @param {K} id
 * @returns {K extends keyof Elements ? Elements[K] : HTMLElement}
 */
const $ = (id) => /** @type {any} */ (document.getElementById(id));

// --- texts ------------------------------------------------------------------------------

const table = JSON.parse($("texts").textContent);
const names = Object.fromEntries([.../** @type {NodeListOf<HTMLInputElement>} */ (
  document.querySelectorAll('#categories input[name="c"]'))]
  .map((input) => [input.value, input.nextElementSibling.textContent]));

/** The texts of the page's language (wordsvc/web/texts.py), and what rendering needs. */
const ui = {
  lang: table.lang,
  grammemes: table.grammemes,
  has: (key) => key in table.texts,
  /** A text with its {placeholders} filled; null when a value is missing. */
  format(key, values = {}) {
    let missing = false;
    const text = table.texts[key].replace(/\{(\w+)\}/g, (_, name) => {
      if (values[name] === undefined || values[name] === null) missing = true;
      return String(values[name]);
    });
    return missing ? null : text;
  },
  t(key, values = {}) {
    return ui.format(key, values) ?? table.texts[key];
  },
  categoryName: (id) => names[id] ?? id,
  wordUrl: (word) => urlOf({ ...state, view: "check", w: word }),
  /** A problem document in the page's words: the text for its code; for a request refused
   *  for a field (400), the text for the field and the constraint its `problems` name, the
   *  field's own limit as {max}; else a plain "not taken". Never the API's detail. As
   *  nodes: the game's words in it are marked lang="uk". */
  problem(doc) {
    const name = doc.details?.field ?? doc.details?.parameter;
    const constraint = doc.details?.problems?.[0]?.problem;
    const candidates = [
      [`problem.${doc.code}`, doc.details ?? {}],
      [`refusal.${doc.code}`, doc.details ?? {}],
      ...(name ? [`invalid.${name}.${constraint}`, `invalid.${name}`] : [])
        .map((key) => [key, { ...doc.details, max: limitOf(name) }]),
    ];
    for (const [key, values] of candidates) {
      if (ui.has(key) && ui.format(key, values) !== null) return marked(ui, key, values);
    }
    return [ui.t([400, 413, 422].includes(doc.status) ? "problem.invalid" : "problem.unexpected")];
  },
};

/** The inputs whose own attributes hold the limit a refusal names (maxlength, max). */
const LIMIT_INPUTS = { pattern: "pattern", word: "make", min_length: "min", max_length: "max" };

function limitOf(name) {
  const input = /** @type {HTMLInputElement | null} */ ($(LIMIT_INPUTS[name] ?? ""));
  if (!input) return null;
  return input.maxLength > 0 ? input.maxLength : (input.max || null);
}

/** The words of the check's field: split where checking.py splits them (the pattern it
 *  states, handed to the field as data-separators), nothing empty. */
const SEPARATORS = new RegExp($("words").dataset.separators, "u");

function splitWords(text) {
  return text.split(SEPARATORS).filter(Boolean);
}

let state = readState();

// --- errors in place --------------------------------------------------------------------

function clearErrors(scope) {
  for (const el of scope.querySelectorAll(".error")) el.remove();
  for (const el of document.querySelectorAll('[aria-invalid="true"]')) {
    if (!scope.contains(el) && el.id !== "categories") continue;
    el.removeAttribute("aria-invalid");
    const ids = (el.getAttribute("aria-describedby") || "").split(" ")
      .filter((id) => id && !id.endsWith("-error"));
    if (ids.length) el.setAttribute("aria-describedby", ids.join(" "));
    else el.removeAttribute("aria-describedby");
  }
  $("categories").querySelector(".error")?.remove();
}

/** Show `problem` next to the element `fieldId` (a field, a fieldset or a form). */
function showError(fieldId, problem) {
  const field = $(fieldId);
  const id = `${fieldId}-error`;
  $(id)?.remove();
  const message = document.createElement("p");
  Object.assign(message, { id, className: "error" });
  message.setAttribute("role", "alert");
  message.dataset.code = problem.code;
  message.replaceChildren(...ui.problem(problem));
  if (problem.detail) console.warn(`${problem.code} (${problem.status}): ${problem.detail}`);
  if (fieldId === "categories") $("categories-box").open = true;
  if (field.tagName === "FIELDSET" || field.tagName === "FORM" || field.tagName === "DIV") {
    const button = field.tagName === "FORM" ? field.querySelector('button[type="submit"]') : null;
    if (button) button.before(message);
    else field.append(message);
  } else {
    ($(`${fieldId}-hint`) ?? field).after(message);
  }
  if (field.tagName !== "FORM" && field.tagName !== "DIV") {
    field.setAttribute("aria-invalid", "true");
    const ids = (field.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
    field.setAttribute("aria-describedby", [...ids, id].join(" "));
  }
}

/** The field a problem concerns: by its code, else by the field a 400 names. */
function fieldOf(doc, byCode, byField, fallback) {
  if (byCode[doc.code]) return byCode[doc.code];
  const named = doc.details?.field ?? doc.details?.parameter;
  if (named && byField[named]) return byField[named];
  return fallback;
}

/** Bring the results into view when they landed out of it: below the fold on a phone, or
 *  under its keyboard. The visible part is the visual viewport (what the keyboard leaves);
 *  the field typed in is let go first, so the keyboard closes rather than cover them. */
function reveal(results, form) {
  const view = window.visualViewport;
  const height = view ? view.height : window.innerHeight;
  const top = results.getBoundingClientRect().top - (view ? view.offsetTop : 0);
  if (top >= 0 && top <= height - 120) return;
  const typing = /** @type {HTMLElement | null} */ (document.activeElement);
  if (typing && form.contains(typing) && typing.matches("input, textarea, select")) typing.blur();
  results.scrollIntoView({ block: "start" });
}

const latest = new Map(); // results element -> the number of its newest request

/** Clear `results`, dropping any answer still on its way to them. */
function clearResults(results) {
  latest.set(results, (latest.get(results) ?? 0) + 1);
  results.replaceChildren();
  results.closest("section").querySelector('button[type="submit"]').removeAttribute("aria-busy");
}

/** Ask, and draw the answer or the problem; an answer overtaken by a newer request of the
 *  same view is dropped, so the screen always shows the last thing asked. */
async function run(form, results, request, draw, where, { show = false } = {}) {
  const button = form.querySelector('button[type="submit"]');
  const ticket = (latest.get(results) ?? 0) + 1;
  latest.set(results, ticket);
  clearErrors(form);
  button.setAttribute("aria-busy", "true");
  results.replaceChildren(document.createTextNode(ui.t("loading")));
  try {
    const answer = await request();
    if (latest.get(results) !== ticket) return;
    results.replaceChildren(...draw(answer));
    if (show) reveal(results, form);
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    if (latest.get(results) !== ticket) return;
    results.replaceChildren();
    showError(where(error.doc), error.doc);
  } finally {
    if (latest.get(results) === ticket) button.removeAttribute("aria-busy");
  }
}

// --- shared: views, categories, the language switch -------------------------------------

function agreedCategories() {
  return [.../** @type {NodeListOf<HTMLInputElement>} */ (
    document.querySelectorAll('#categories input[name="c"]:checked'))].map((i) => i.value);
}

function save(push) {
  writeState(state, push);
  $("lang-switch").href = urlOf({ ...state, lang: ui.lang === "uk" ? "en" : "uk" });
}

function showView(view) {
  for (const name of VIEWS) $(name).hidden = name !== view;
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (
    document.querySelectorAll(".tabs a"))) {
    if (link.dataset.view === view) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  if (view === "solve") offerWordCheck();
}

// --- check ------------------------------------------------------------------------------

function runCheck(push, show = push) {
  const words = splitWords($("words").value);
  state = { ...state, view: "check", w: words.join("\n"), c: agreedCategories().join(",") };
  save(push);
  if (!words.length) { // nothing but spaces: said at the field, and nothing stale left
    clearResults($("check-results"));
    clearErrors($("check-form"));
    showError("words", { code: "no_words" });
    return;
  }
  run($("check-form"), $("check-results"), () => checkWords(words, agreedCategories()),
    (answer) => verdicts(answer, ui),
    (doc) => fieldOf(doc, { unknown_category: "categories" }, { categories: "categories" }, "words"),
    { show });
}

function checkWord(word) {
  $("words").value = word;
  showView("check");
  runCheck(true);
}

// --- best plays -------------------------------------------------------------------------

/** Letters as typed: separated by spaces or commas, or one card per character. */
function handCards(text) {
  const trimmed = text.normalize("NFC").trim();
  if (!trimmed) return [];
  return /[\s,]/.test(trimmed) ? trimmed.split(/[\s,]+/).filter(Boolean) : [...trimmed];
}

function familiarInputs() {
  const letters = [1, 2, 3].map((n) => $(`fam${n}`).value.trim());
  const figure = Number(/** @type {HTMLInputElement | null} */ (
    document.querySelector('input[name="figure"]:checked'))?.value || 0);
  return { letters, figure };
}

function solveBody() {
  const magic = [.../** @type {NodeListOf<HTMLInputElement>} */ (
    document.querySelectorAll('input[name="magic"]:checked'))].map((i) => i.value);
  const { letters, figure } = familiarInputs();
  const body = {
    cards: [...handCards($("hand").value), ...magic],
    tokens: Number($("tokens").value),
    familiar: letters.every((l) => !l) ? []
      : letters.map((letter, i) => ({ letter, available: figure !== i + 1 })),
    mode: /** @type {HTMLInputElement} */ (
      document.querySelector('input[name="mode"]:checked')).value,
    categories: agreedCategories(),
    limit: PLAYS,
    budget_ms: SOLVE_BUDGET_MS,
  };
  if ($("character").value) body.character = $("character").value;
  // Hook: the solver's "can I make this word?" once its schema lists `word` (never before).
  if (!$("make-field").hidden && $("make").value.trim()) body.word = $("make").value.trim();
  return body;
}

const SOLVE_CODES = {
  unknown_card: "hand", invalid_card: "hand", too_many_cards: "hand", invalid_familiar: "familiar",
  invalid_tokens: "tokens", unknown_character: "character", unknown_category: "categories",
  word_not_formable: "make-field", word_not_playable: "make-field",
};
const SOLVE_FIELDS = {
  cards: "hand", familiar: "familiar", tokens: "tokens", character: "character",
  categories: "categories", mode: "mode", word: "make-field",
};
// A word refused as no word at all (refusal.<code>) can only be the one asked about.
const solveField = (doc) => (ui.has(`refusal.${doc.code}`) ? "make-field"
  : fieldOf(doc, SOLVE_CODES, SOLVE_FIELDS, "solve-form"));

function runSolve(push, show = push) {
  const magic = [.../** @type {NodeListOf<HTMLInputElement>} */ (
    document.querySelectorAll('input[name="magic"]:checked'))].map((i) => i.value);
  const { letters, figure } = familiarInputs();
  const tokens = $("tokens").value;
  const mode = /** @type {HTMLInputElement} */ (
    document.querySelector('input[name="mode"]:checked')).value;
  state = {
    ...state, view: "solve", c: agreedCategories().join(","), hand: $("hand").value.trim(),
    magic: magic.join(","), tokens: tokens === "0" ? "" : tokens, fam: familiarParam(letters, figure),
    char: $("character").value, mode: mode === "classic" ? "" : mode,
    make: $("make-field").hidden ? "" : $("make").value.trim(),
  };
  save(push);
  run($("solve-form"), $("solve-results"), () => solve(solveBody()), (answer) => plays(answer, ui),
    solveField, { show });
}

let wordCheckOffered = false;

/** Show "can I make this word?" only when SolveBody in /openapi.json has `word`. */
function offerWordCheck() {
  if (wordCheckOffered) return;
  wordCheckOffered = true;
  solveBodyFields().then((fields) => {
    const offered = fields.has("word");
    $("make-field").hidden = !offered;
    document.body.dataset.solveWord = offered ? "offered" : "absent";
  });
}

// --- pattern search ---------------------------------------------------------------------

const SEARCH_CODES = {
  invalid_length_range: "lengths", invalid_min_length: "lengths", invalid_max_length: "lengths",
  unknown_category: "categories",
};
const SEARCH_FIELDS = {
  pattern: "pattern", min_length: "lengths", max_length: "lengths", offset: "search-form",
  limit: "search-form", categories: "categories",
};

function runSearch(offset, push, show = push) {
  const pattern = $("pattern").value.trim();
  state = {
    ...state, view: "search", c: agreedCategories().join(","), p: pattern,
    min: $("min").value, max: $("max").value, off: offset ? String(offset) : "",
  };
  save(push);
  const query = {
    pattern, categories: agreedCategories(), min: $("min").value, max: $("max").value,
    offset, limit: SEARCH_PAGE,
  };
  run($("search-form"), $("search-results"), () => searchWords(query),
    (page) => searchPage(page, ui),
    (doc) => fieldOf(doc, SEARCH_CODES, SEARCH_FIELDS, "pattern"), { show });
}

// --- state into the page, and back ------------------------------------------------------

function fill(s) {
  const agreed = new Set((s.c || "").split(",").filter(Boolean));
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (
    document.querySelectorAll('#categories input[name="c"]'))) {
    input.checked = agreed.has(input.value);
  }
  $("words").value = s.w ?? "";
  $("hand").value = s.hand ?? "";
  const magic = new Set((s.magic || "").split(","));
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (
    document.querySelectorAll('input[name="magic"]'))) {
    input.checked = magic.has(input.value);
  }
  $("tokens").value = ["0", "1", "2", "3"].includes(s.tokens) ? s.tokens : "0";
  const familiar = parseFamiliar(s.fam);
  familiar.letters.forEach((letter, i) => { $(`fam${i + 1}`).value = letter; });
  /** @type {HTMLInputElement} */ (
    document.querySelector(`input[name="figure"][value="${familiar.figure || ""}"]`)).checked = true;
  $("character").value = s.char ?? "";
  if (!$("character").value) $("character").value = "";
  /** @type {HTMLInputElement} */ (
    document.querySelector(`input[name="mode"][value="${s.mode === "magic" ? "magic" : "classic"}"]`))
    .checked = true;
  $("make").value = s.make ?? "";
  $("pattern").value = s.p ?? "";
  $("min").value = s.min ?? "";
  $("max").value = s.max ?? "";
}

/** Run what the state asks for: a shared link opens on its result. */
function replay(s, serverRendered) {
  if (s.view === "check" && splitWords(s.w ?? "").length && !serverRendered) runCheck(false);
  if (s.view === "solve" && (s.hand || s.magic)) runSolve(false);
  if (s.view === "search" && s.p) runSearch(Math.max(0, Number(s.off) || 0), false);
}

// --- categories: one line of agreed ones, a picker behind "change" ------------------------

/** The agreed categories as pills in the picker's summary line ("any word" when none). */
function drawAgreed() {
  const agreed = agreedCategories();
  const pill = (text, any) => h("span", { class: any ? "pill any" : "pill" }, text);
  $("agreed").replaceChildren(...(agreed.length ? agreed.map((id) => pill(ui.categoryName(id)))
    : [pill(ui.t("categories_none"), true)]));
}

/** What a category means, in the hint line under the chips: shown on tap (and on focus). */
function explain(input) {
  $("categories-hint").replaceChildren(
    h("b", {}, `${ui.categoryName(input.value)}.`), " ", input.dataset.about);
}

const RERUN = {
  check: () => runCheck(false),
  solve: () => runSolve(false),
  search: () => runSearch(0, false),
};

/** The categories changed: the answer on screen is asked again under them (the link says
 *  the new ones at once); an answer on a hidden tab is cleared rather than left stale. */
function categoriesChanged() {
  state = { ...state, c: agreedCategories().join(",") };
  save(false);
  drawAgreed();
  for (const view of VIEWS) {
    const results = $(`${view}-results`);
    if (!results.textContent.trim()) continue; // nothing asked yet (or a problem at a field)
    if (view === state.view) RERUN[view]();
    else clearResults(results);
  }
}

// --- wiring -----------------------------------------------------------------------------

$("check-form").addEventListener("submit", (event) => {
  event.preventDefault();
  runCheck(true);
});
$("solve-form").addEventListener("submit", (event) => {
  event.preventDefault();
  runSolve(true);
});
$("search-form").addEventListener("submit", (event) => {
  event.preventDefault();
  runSearch(0, true);
});
document.querySelector(".tabs").addEventListener("click", (event) => {
  /** @type {HTMLAnchorElement | null} */
  const link = /** @type {Element} */ (event.target).closest("a[data-view]");
  if (!link) return;
  event.preventDefault();
  state = { ...state, view: link.dataset.view };
  save(true);
  showView(state.view);
});
document.querySelector("main").addEventListener("click", (event) => {
  /** @type {HTMLAnchorElement | null} */
  const word = /** @type {Element} */ (event.target).closest("a[data-word]");
  if (word) {
    event.preventDefault();
    checkWord(word.dataset.word);
    return;
  }
  /** @type {HTMLButtonElement | null} */
  const pager = /** @type {Element} */ (event.target).closest(".pager button[data-offset]");
  if (pager && !pager.disabled) runSearch(Number(pager.dataset.offset), true);
});
$("categories").addEventListener("change", (event) => {
  if (/** @type {HTMLInputElement} */ (event.target).name === "c") explain(event.target);
  categoriesChanged();
});
$("categories").addEventListener("focusin", (event) => {
  if (/** @type {HTMLInputElement} */ (event.target).name === "c") explain(event.target);
});
$("categories-done").hidden = false;
$("categories-done").addEventListener("click", () => {
  $("categories-box").open = false;
  $("categories-box").querySelector("summary").focus();
});
window.addEventListener("popstate", () => {
  state = readState();
  fill(state);
  drawAgreed();
  showView(state.view);
  replay(state, false);
});

fill(state);
drawAgreed();
showView(state.view);
replay(state, $("check-results").querySelector(".verdict") !== null);
save(false);
document.body.dataset.ready = "true";
