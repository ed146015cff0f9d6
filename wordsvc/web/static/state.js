// The page's state lives in its URL (query string), so any result can be sent as a link.
// The server reads the same keys (wordsvc/web/views.py): view, lang, c, w.

export const VIEWS = ["check", "solve", "search"];

/** Every key the page keeps, in the order links are written. */
export const KEYS = [
  "view", "c", "w", // shared: the view, the agreed categories; check: the words
  "hand", "magic", "tokens", "fam", "char", "mode", "make", // best plays
  "p", "min", "max", "off", // pattern search
  "lang",
];

/** The state in a query string: only known keys with a value. */
export function readState(search = window.location.search) {
  const query = new URLSearchParams(search);
  const state = {};
  for (const key of KEYS) {
    const value = query.get(key);
    if (value !== null && value !== "") state[key] = value;
  }
  if (!VIEWS.includes(state.view)) state.view = VIEWS[0];
  return state;
}

/** The page's URL for a state: defaults (the check view, Ukrainian) are left out. */
export function urlOf(state) {
  const query = new URLSearchParams();
  for (const key of KEYS) {
    const value = state[key];
    if (value === undefined || value === null || value === "") continue;
    if (key === "view" && value === VIEWS[0]) continue;
    if (key === "lang" && value === "uk") continue;
    query.set(key, value);
  }
  const text = query.toString();
  return text ? `${window.location.pathname}?${text}` : window.location.pathname;
}

/** Write the state into the address bar; `push` makes a history entry (a new result). */
export function writeState(state, push) {
  const url = urlOf(state);
  if (url === window.location.pathname + window.location.search) return;
  if (push) window.history.pushState(null, "", url);
  else window.history.replaceState(null, "", url);
}

/** The Familiar as one value, the CLI's way: "А,О,[И]" (brackets: the figure is on it). */
export function familiarParam(letters, figure) {
  if (letters.every((letter) => !letter)) return "";
  return letters.map((letter, i) => (figure === i + 1 ? `[${letter}]` : letter)).join(",");
}

/** The Familiar read back: three letters and the figure's position (1-3, or 0). */
export function parseFamiliar(value) {
  const letters = ["", "", ""];
  let figure = 0;
  (value || "").split(",").slice(0, 3).forEach((part, i) => {
    const match = /^\s*\[(.*)\]\s*$/.exec(part);
    if (match) figure = i + 1;
    letters[i] = (match ? match[1] : part).trim();
  });
  return { letters, figure };
}
