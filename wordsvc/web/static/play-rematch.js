// The end of a game leads on (loaded once a game is over): "again, the same people" makes
// the next game with the same seats (POST .../rematch) and takes everyone there, each to
// their own seat, the table's screen with the new links; "new game" goes to the lobby with
// this game chosen; the deal's seed can be played again from the lobby.

import * as api from "./play-api.js";
import { el } from "./play-render.js";
import { langQuery, problemText, t } from "./play-common.js";

//: How often a finished game's page looks for a rematch someone else asked for.
const LOOK_MS = 3000;
//: How long it keeps looking (a table that has gone home stops asking).
const LOOK_FOR_MS = 900000; // a quarter of an hour

let offered = false;

/** Under the results of finished session `s`: the ways on. Called on every draw; the
 *  buttons are made once, and the page follows a rematch as soon as it exists. */
export function offerRematch(s) {
  const id = s.id;
  if (s.rematch) {
    follow(id, s.rematch).catch(() => { /* the next draw, or a tap, tries again */ });
    return;
  }
  if (offered) return;
  offered = true;
  const box = el("div", { class: "next-game", id: "next-game" });
  const held = api.heldSeat(id);
  const links = api.heldLinks(id);
  if (held || Object.keys(links).length) {
    const again = el("button", { type: "button", id: "rematch", text: t("rematch.again") });
    again.addEventListener("click", async () => {
      again.setAttribute("aria-busy", "true");
      try {
        await follow(id, null);
      } catch (problem) {
        box.append(el("p", { class: "error", role: "alert", text: problemText(problem) }));
        again.removeAttribute("aria-busy");
      }
    });
    box.append(again);
  }
  box.append(el("a", { class: "button secondary", href: `/play${langQuery({ game: s.game })}`, text: t("rematch.new") }));
  document.getElementById("status").after(box);
  look(id, Date.now());
}

/** Until someone asks for a rematch (another device), or for LOOK_FOR_MS. */
function look(id, since) {
  if (Date.now() - since > LOOK_FOR_MS) return;
  setTimeout(async () => {
    try {
      const now = await api.session(id, null);
      if (now.rematch) return await follow(id, now.rematch);
    } catch { /* asked again next time */ }
    look(id, since);
  }, LOOK_MS);
}

let following = null;

/** To the rematch (`next`; null: make it): this browser's seat there, or the table's screen's
 *  links, then the new game's page. */
function follow(id, next) {
  following ??= (async () => {
    const held = api.heldSeat(id);
    let target = next;
    if (held) {
      try {
        const joined = await api.rematch(id, held.token);
        api.holdSeat(joined.session, joined.seat, joined.token);
        target = joined.session;
      } catch (problem) {
        // Seated there already (another tab), or the seat was taken: the game all the same.
        if (!next || problem.doc?.code !== "seat_taken") throw problem;
      }
    } else {
      for (const token of Object.values(api.heldLinks(id))) {
        try {
          const joined = await api.rematch(id, token, false);
          api.holdLink(joined.session, joined.seat, joined.token);
          target = joined.session;
        } catch (problem) {
          if (problem.doc?.code !== "seat_taken" && problem.doc?.code !== "invalid_token") throw problem;
        }
      }
    }
    // Every seat of the table's screen taken there already: the game all the same.
    target ??= (await api.session(id, null)).rematch;
    if (target) location.assign(`/play/${target}${langQuery()}`);
  })().catch((problem) => {
    following = null;
    throw problem;
  });
  return following;
}
