// A table's header: the game's title (marked with the language it is published in) and the
// "?" that opens the game's rules in short, in a <dialog> (a finger, Escape, or a tap beside
// it closes it again). The rules are loaded when the panel is first opened, for the session's
// options, as HTML the server renders (wordsvc/web/play_rules.py): the first load stays light.

import { el } from "./play-render.js";
import { LANG, TITLES, t } from "./play-common.js";

let summary = null; // the session the panel describes
let loading = null; // the panel's content, once asked for

/** The header for session summary `s`: its game's title, and the rules' "?" wired once. */
export function drawHeader(s) {
  const title = document.getElementById("game-title");
  title.textContent = TITLES[s.game] ?? s.game;
  const langs = JSON.parse(/** @type {HTMLElement} */ (document.querySelector("header.top"))
    .dataset.titleLangs ?? "{}");
  if (langs[s.game] && langs[s.game] !== LANG) title.setAttribute("lang", langs[s.game]);
  else title.removeAttribute("lang");
  document.title = `${TITLES[s.game] ?? s.game} · ${t("title")}`;
  if (!summary) wire();
  summary = s;
}

function wire() {
  const open = document.getElementById("rules-open");
  const panel = /** @type {HTMLDialogElement} */ (document.getElementById("rules-panel"));
  open.hidden = false;
  open.addEventListener("click", () => {
    panel.showModal();
    open.setAttribute("aria-expanded", "true");
    loading ??= fill(document.getElementById("rules-body"));
  });
  document.getElementById("rules-close").addEventListener("click", () => panel.close());
  // A tap on the backdrop lands on the dialog itself, never on its content.
  panel.addEventListener("click", (event) => { if (event.target === panel) panel.close(); });
  panel.addEventListener("close", () => {
    open.setAttribute("aria-expanded", "false");
    open.focus();
  });
}

async function fill(body) {
  body.replaceChildren(el("p", { class: "muted", text: t("rules.loading") }));
  try {
    const answer = await fetch(`/play/rules/${encodeURIComponent(summary.game)}?${query(summary)}`);
    if (!answer.ok) throw new Error(String(answer.status));
    body.innerHTML = await answer.text(); // the server's own escaped markup
    document.body.dataset.rules = "";
  } catch {
    body.replaceChildren(el("p", { class: "error", role: "alert", text: t("rules.failed") }));
    loading = null; // asked again at the next opening
  }
}

/** The page's language and the session's options as the panel's route takes them: a list as
 *  one parameter per item (an empty one as one empty value), null as "null". */
function query(s) {
  const params = new URLSearchParams();
  if (LANG === "en") params.set("lang", "en");
  for (const [name, value] of Object.entries(s.options ?? {})) {
    if (Array.isArray(value)) {
      if (!value.length) params.append(name, "");
      for (const item of value) params.append(name, String(item));
    } else {
      params.append(name, value === null ? "null" : String(value));
    }
  }
  return params.toString();
}
