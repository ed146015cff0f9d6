// What the play pages' modules share: the page's texts, game titles and card names (embedded
// in the page as JSON), the page's language, and how a problem is told to a person.

export const T = JSON.parse(document.getElementById("texts").textContent);
export const TITLES = JSON.parse(document.getElementById("titles").textContent);
export const CARDS = JSON.parse(document.getElementById("cards").textContent);
export const LANG = document.body.dataset.lang;

export function t(key, values = {}) {
  const text = T[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

/** A problem in the page's words: its `code`'s text, else a general sentence. The API's
 *  `detail` (English, for developers) goes to the console, never on screen. */
export function problemText(problem) {
  const doc = problem?.doc ?? { code: "unexpected" };
  const text = T[`problem.${doc.code}`];
  if (text === undefined || doc.code === "unexpected") {
    console.warn(`wordsvc: ${doc.code ?? "?"}: ${doc.detail ?? problem?.message ?? ""}`, doc);
  }
  return text ?? T["problem.general"] ?? "";
}

/** The page's language (and `extra` parameters) as a query string, "" when there is none.
 *  @param {string | Record<string, string>} [extra] */
export function langQuery(extra = "") {
  const query = new URLSearchParams(extra);
  if (LANG === "en") query.set("lang", "en");
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** The order in which a text lists a word's forms by number ("|" between them): the
 *  categories of `Intl.PluralRules` that the language's integers take. */
const PLURAL_FORMS = { uk: ["one", "few", "many"], en: ["one", "other"] };
/** The page language's plural rules, made once: a new `Intl.PluralRules` a call was most of
 *  what a table's redraw spent in script (a second a Wizards Wanted game, profiled). */
const PLURAL_RULES = new Intl.PluralRules(LANG);

/** `key`'s text for the number `n` ("{n} карту|{n} карти|{n} карт"): the form that the
 *  page language's plural rules choose, with `{n}` and `values` filled in. */
export function plural(key, n, values = {}) {
  const forms = t(key, { ...values, n }).split("|");
  const order = PLURAL_FORMS[LANG] ?? PLURAL_FORMS.en;
  const index = order.indexOf(PLURAL_RULES.select(n));
  return forms[index < 0 ? forms.length - 1 : Math.min(index, forms.length - 1)];
}

/** The seats `0..count-1` with `you` (when seated) first: on a phone your own panel comes
 *  first, as it is the one you play from. */
export function youFirst(count, you) {
  const order = Array.from({ length: count }, (_, seat) => seat);
  if (you === null || you === undefined) return order;
  return [you, ...order.filter((seat) => seat !== you)];
}

export function showError(box, problem) {
  box.textContent = problem ? problemText(problem) : "";
  box.hidden = !problem;
}

