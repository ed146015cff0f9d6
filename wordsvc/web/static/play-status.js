// The status line: whose move it is (or the results, once the game is over), and notices
// about the deal. A game's own table may word the line itself (`status(summary)`).

import { el } from "./play-render.js";
import { langQuery, t } from "./play-common.js";
import { resultLines } from "./play-results.js";

/** Draws the status of `s` (a session summary); `names` maps seats to names; `own` is the
 *  game's own table, or null at the generic table. */
export function drawStatus(s, names, own) {
  const status = document.getElementById("status");
  if (s.status === "over") {
    status.replaceChildren(el("strong", { text: t("game_over") }),
      el("ol", { class: "result", id: "result" },
        ...resultLines(s, names).map((line) => el("li", { text: line }))));
    const ending = own?.status?.(s); // how the game ended, in the game's words, if it says
    if (ending) status.append(ending);
    status.className = "status over";
  } else {
    // A game's own table words the line in the game's terms (whose turn, who answers);
    // the generic line only says who is asked to act.
    const mine = s.you !== null && s.to_act.includes(s.you);
    const ownLine = own?.status?.(s);
    if (ownLine) status.replaceChildren(ownLine);
    else {
      status.textContent = mine ? t("turn_you") : t("turn_of", {
        names: s.to_act.map((seat) => names[seat]).join(", "),
      });
    }
    status.className = mine ? "status mine" : "status";
    // A bot asked to act here thinks off the request (a search bot): say so until it moves.
    const thinking = s.to_act.filter((seat) => s.seats[seat]?.kind === "bot");
    if (thinking.length) {
      status.append(el("p", { class: "bot-thinking", id: "bot-thinking",
        text: t("bot_thinking", { names: thinking.map((seat) => names[seat]).join(", ") }) }));
    }
  }
  status.dataset.version = String(s.version); // the session's version: for scripts, not people
  if (s.deal === "chosen") {
    status.append(el("p", { class: "deal-chosen", id: "deal-chosen", text: t("deal_chosen") }));
  }
  if (s.result) {
    // How to check the deal: play it again from the lobby, with its seed filled in.
    const again = `/play${langQuery({ game: s.game, seed: String(s.result.seed) })}`;
    status.append(el("p", { class: "muted", id: "seed" }, t("seed_revealed", { seed: s.result.seed }), " ",
      el("a", { href: again, text: t("rematch.same_deal") })));
  }
}
