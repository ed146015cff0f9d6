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

export function langQuery(extra = "") {
  const query = new URLSearchParams(extra);
  if (LANG === "en") query.set("lang", "en");
  const text = query.toString();
  return text ? `?${text}` : "";
}

export function showError(box, problem) {
  box.textContent = problem ? problemText(problem) : "";
  box.hidden = !problem;
}

