// Seats: which seat this browser plays (its token, kept in local storage by play-api.js),
// taking a seat from the page's address, and the links the table shows for the free seats.

import * as api from "./play-api.js";
import { el } from "./play-render.js";
import { langQuery, showError, t } from "./play-common.js";

/** The seat this browser holds in session `id` ({seat, token}) or null, after taking the
 *  seat the address names (`?join=<seat>`), if any; a refusal is shown in `error`. */
export async function seatFromAddress(id, error) {
  const params = new URLSearchParams(location.search);
  let held = api.heldSeat(id);
  const wanted = params.get("join");
  if (wanted !== null && (!held || String(held.seat) !== wanted)) {
    try {
      const joined = await api.join(id, Number(wanted));
      api.holdSeat(id, joined.seat, joined.token);
      held = { seat: joined.seat, token: joined.token };
    } catch (problem) {
      showError(error, problem);
    }
  }
  if (wanted !== null) history.replaceState(null, "", `/play/${id}${langQuery()}`);
  return held;
}

/** The links for the human seats nobody has taken yet (hidden when there are none). */
export function drawSeatLinks(s) {
  const id = document.body.dataset.session;
  const free = s.seats.filter((seat) => seat.kind === "human" && !seat.joined);
  const box = document.getElementById("links-box");
  box.hidden = !free.length || s.status === "over";
  document.getElementById("links").replaceChildren(...free.map((seat) => {
    const url = `${location.origin}/play/${id}${langQuery({ join: String(seat.seat) })}`;
    const copy = el("button", { type: "button", class: "secondary", text: t("copy") });
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(url);
        copy.textContent = t("copied");
      } catch { /* the link is there to select by hand */ }
    });
    return el("li", {}, el("span", { text: `${t("seat", { n: seat.seat + 1 })}: ` }),
      el("a", { href: url, class: "seat-link", text: url }), copy);
  }));
}

/** After the lobby created session `id` with `seats` (the specs it sent): this browser takes
 *  the first human seat. */
export async function takeSeats(id, seats) {
  const mine = seats.findIndex((s) => s.kind === "human");
  if (mine >= 0) {
    const joined = await api.join(id, mine, seats[mine].name);
    api.holdSeat(id, mine, joined.token);
  }
}
