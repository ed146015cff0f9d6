// Seats: the seat this browser plays (its token, kept by play-api.js); sitting down with a
// seat's link (`/play/<id>#seat=<token>`: the same seat from any browser) or at a free seat
// (`?join=<seat>`), with a name; a seat someone already sits at is asked about, never shared
// (taking it over renews its link, and the other device becomes a watcher); and the links
// the table shows, each with its QR code: the host's for the seats nobody has sat down at yet
// (with "sit here myself"), a seat's link again (a phone died), and this browser's own
// ("continue on another device", with a new link on demand).

import * as api from "./play-api.js";
import { el } from "./play-render.js";
import { langQuery, problemText, showError, t } from "./play-common.js";

//: The store's own default name ("Player 2"), shown as the page's language says it.
const DEFAULT_NAME = /^Player (\d+)$/;
const ROTATED_KEY = "wordsvc.play.rotated";

const $ = (id) => document.getElementById(id);

/** A seat's link: the table's link base (an address other devices can open, set by the
 *  server), the token in the fragment, which no request, log or Referer ever carries. */
export function seatLink(id, token) {
  return `${document.body.dataset.linkBase}/play/${id}${langQuery()}#seat=${token}`;
}

export function joinLink(id, seat) {
  return `${document.body.dataset.linkBase}/play/${id}${langQuery({ join: String(seat) })}`;
}

export function shownName(seat) {
  const found = DEFAULT_NAME.exec(seat.name);
  return found ? t("seats.default_name", { n: found[1] }) : seat.name;
}

// --- sitting down ----------------------------------------------------------------------------

/** The seat this browser holds in session `id` ({seat, token}) or null, after sitting down
 *  with the seat link or at the free seat the address names, if any (the address is cleaned
 *  of them at once); a refusal is shown in `error`. */
export async function seatFromAddress(id, error) {
  const token = new URLSearchParams(location.hash.slice(1)).get("seat");
  const query = new URLSearchParams(location.search);
  const wanted = query.get("join");
  if (token === null && wanted === null) return api.heldSeat(id);
  history.replaceState(null, "", `/play/${id}${langQuery()}`);
  // Until the seat is taken, the other language's page opens the same seat link.
  const other = /** @type {HTMLAnchorElement} */ ($("lang-switch"));
  const plain = other.href;
  const kept = new URL(plain);
  if (token) kept.hash = `seat=${token}`;
  else for (const name of ["join", "ask"]) if (query.has(name)) kept.searchParams.set(name, query.get(name));
  other.href = kept.href;
  try {
    if (token) return await sitDown(id, token, error);
    return await takeFree(id, Number(wanted), error, query.has("ask"));
  } finally {
    other.href = plain;
  }
}

/** Says in `error` why a seat link gave no seat: a replaced link in its own words. */
function linkRefused(error, problem) {
  error.textContent = problem.doc?.code === "invalid_token" ? t("seats.link_dead") : problemText(problem);
  error.hidden = false;
}

/** A seat link opened: the seat it names, claimed with a name (asked, the seat's own name
 *  given), unless this browser already sits there. */
async function sitDown(id, token, error) {
  const held = api.heldSeat(id);
  let seat;
  try {
    seat = await api.seatOf(id, token);
  } catch (problem) {
    linkRefused(error, problem);
    return held;
  }
  if (held?.token === token && seat.claimed) return held;
  if (seat.claimed) return askTakeOver(id, seat, token, error, held);
  return askName(seat.seat, shownName(seat), error, held, async (name) => {
    await api.claim(id, token, name);
    api.holdSeat(id, seat.seat, token);
    return { seat: seat.seat, token };
  });
}

/** A seat link of a seat someone sits at on another device: says who, and either takes the
 *  seat over here (its link is renewed: the other device's token, and every copy of the old
 *  link, stop working, and that device becomes a watcher) or watches. */
function askTakeOver(id, seat, token, error, held) {
  const box = $("taken-box");
  $("taken-lead").textContent = t("seats.taken_lead", { n: seat.seat + 1, name: shownName(seat) });
  box.hidden = false;
  document.body.dataset.claiming = "";
  return new Promise((resolve) => {
    const done = (result) => {
      box.hidden = true;
      delete document.body.dataset.claiming;
      resolve(result);
    };
    $("just-watch").addEventListener("click", () => done(held), { once: true });
    const mine = $("take-over");
    mine.addEventListener("click", async () => {
      mine.setAttribute("aria-busy", "true");
      try {
        const fresh = await api.rotate(id, token);
        api.holdSeat(id, fresh.seat, fresh.token);
        done({ seat: fresh.seat, token: fresh.token });
      } catch (problem) {
        linkRefused(error, problem);
        done(held);
      }
    }, { once: true });
  });
}

/** `?join=<seat>`: a free seat of an open game, taken at once under the name its creator
 *  gave it (another front end's link); with `&ask` (the lobby's), the name is asked first,
 *  the seat's own given. */
async function takeFree(id, seat, error, ask) {
  const held = api.heldSeat(id);
  if (held && held.seat === seat) return held;
  const sit = async (name) => {
    const joined = await api.join(id, seat, name);
    api.holdSeat(id, joined.seat, joined.token);
    return { seat: joined.seat, token: joined.token };
  };
  try {
    if (!ask) return await sit();
    const named = (await api.session(id, null)).seats.find((s) => s.seat === seat);
    return askName(seat, named ? shownName(named) : "", error, held, sit);
  } catch (problem) {
    showError(error, problem);
    return held;
  }
}

/** Asks for a name (prefilled: one tap keeps it), then `sit(name)`; resolves to its seat, or
 *  to `fallback` when the seat cannot be had (its refusal shown in `error`). */
function askName(seat, name, error, fallback, sit) {
  const box = $("claim-box");
  const form = $("claim-form");
  const input = /** @type {HTMLInputElement} */ ($("claim-name"));
  const problemBox = $("claim-error");
  const button = $("claim");
  $("claim-lead").textContent = t("seats.claim_lead", { n: seat + 1 });
  input.value = name;
  box.hidden = false;
  document.body.dataset.claiming = "";
  return new Promise((resolve) => {
    const done = (result) => {
      form.removeEventListener("submit", submit);
      box.hidden = true;
      delete document.body.dataset.claiming;
      resolve(result);
    };
    const submit = async (event) => {
      event.preventDefault();
      const typed = input.value.trim();
      if (!typed || typed.length > input.maxLength) {
        input.setAttribute("aria-invalid", "true");
        problemBox.textContent = t("seats.name_needed");
        problemBox.hidden = false;
        return;
      }
      input.removeAttribute("aria-invalid");
      problemBox.hidden = true;
      button.setAttribute("aria-busy", "true");
      try {
        done(await sit(typed));
      } catch (problem) {
        const code = problem.doc?.code;
        if (code === "invalid_name") {
          problemBox.textContent = t("seats.name_needed");
          problemBox.hidden = false;
        } else if (["seat_taken", "seat_is_a_bot", "invalid_token", "unknown_seat"].includes(code)) {
          // The seat cannot be had (taken meanwhile, or the link was replaced): watch instead.
          linkRefused(error, problem);
          done(fallback);
        } else {
          showError(problemBox, problem);
        }
      } finally {
        button.removeAttribute("aria-busy");
      }
    };
    form.addEventListener("submit", submit);
  });
}

/** The body that makes a table from the lobby's `seats` (the specs) and seats it in the same
 *  request (`hold_seats`), so that nobody can take a seat between the two: a seat left
 *  without a name is named in the page's language; with one person, that person plays their
 *  seat (`play_seat`, a game against bots). */
export function seatedBody(seats) {
  const named = seats.map((spec, seat) => (spec.kind === "human" && !spec.name
    ? { ...spec, name: t("seats.default_name", { n: seat + 1 }) } : spec));
  const humans = named.flatMap((spec, seat) => (spec.kind === "human" ? [seat] : []));
  return { seats: named, hold_seats: true, ...(humans.length === 1 ? { play_seat: humans[0] } : {}) };
}

/** After the lobby created a table with `seatedBody`: this browser keeps the seats' tokens.
 *  With one person, it plays that seat; with more, it keeps every seat's token as a link to
 *  hand out and becomes the table's screen, which shows what everyone may see (the host sits
 *  down like anyone else, by a link or "sit here myself"). */
export function takeSeats(created) {
  const tokens = created.seat_tokens ?? [];
  for (const { seat, token } of tokens) {
    if (tokens.length === 1) api.holdSeat(created.id, seat, token);
    else api.holdLink(created.id, seat, token);
  }
}

let current = null; // the last summary drawn
let drawn = ""; // what the links box shows, to redraw it only when that changes
let wired = false;

/** The table's links: the host's for the human seats nobody has sat down at yet (and any
 *  free seat, for anyone to take), hidden once every seat is claimed; a seat's link again;
 *  this browser's own seat's link. Called on every draw of the table, which the stream
 *  brings when anyone sits down. */
export function drawSeatLinks(s) {
  current = s;
  const id = document.body.dataset.session;
  const over = s.status === "over";
  const links = api.heldLinks(id);
  const others = s.seats.filter((seat) => seat.kind === "human" && seat.seat !== s.you);
  const sitting = s.you !== null;
  const waiting = [
    ...others.filter((seat) => !seat.claimed && links[seat.seat]).map((seat) => [
      seat, t("seats.seat_of", { n: seat.seat + 1, name: shownName(seat) }),
      seatLink(id, links[seat.seat]), !sitting,
    ]),
    ...others.filter((seat) => !seat.joined).map((seat) => [
      seat, t("seats.free_seat", { n: seat.seat + 1 }), joinLink(id, seat.seat),
    ]),
  ];
  $("links-box").hidden = over || !waiting.length;
  const local = document.body.dataset.linkLocal;
  $("links-local").hidden = local === undefined;
  if (local !== undefined) {
    $("links-local").textContent = t(local === "listening" ? "seats.listening_here" : "seats.only_here");
  }
  const shown = JSON.stringify(waiting.map(([seat, ...rest]) => [seat.seat, ...rest]));
  if (shown !== drawn) {
    drawn = shown;
    if (waiting.length) linksModule().then(({ invitation }) => {
      if (drawn === shown) $("links").replaceChildren(...waiting.map((row) => invitation(...row)));
    }, () => { drawn = ""; }); // not loaded (the network): the next draw tries again
    else $("links").replaceChildren();
  }
  const again = others.filter((seat) => seat.claimed && links[seat.seat]);
  $("links-again").hidden = over || !again.length;
  if (!again.length) /** @type {HTMLDetailsElement} */ ($("links-again")).open = false;
  $("my-link").hidden = over || s.you === null || !api.heldSeat(id);
  if (!wired) wire(id);
}

/** Is this browser the table's screen: watching, and holding links it hands out (the host
 *  of a game of several people)? */
export function tableScreen(s) {
  return s.you === null && Object.keys(api.heldLinks(document.body.dataset.session)).length > 0;
}

/** The links' and QR codes' module (play-links.js), loaded the first time a link is shown:
 *  the host's screen needs it, a phone seldom does. */
function linksModule() {
  return import("./play-links.js");
}

function wire(id) {
  wired = true;
  const again = /** @type {HTMLDetailsElement} */ ($("links-again"));
  again.addEventListener("toggle", async () => {
    if (!again.open) return;
    const { invitation } = await linksModule();
    const links = api.heldLinks(id);
    const seats = current.seats.filter((seat) => seat.kind === "human" && seat.claimed
      && seat.seat !== current.you && links[seat.seat]);
    const rows = await Promise.all(seats.map(async (seat) => {
      const title = t("seats.seat_of", { n: seat.seat + 1, name: shownName(seat) });
      try {
        await api.seatOf(id, links[seat.seat]); // the link may have been replaced since
      } catch (problem) {
        const text = problem.doc?.code === "invalid_token" ? t("seats.replaced") : problemText(problem);
        return el("li", { class: "seat-invite", "data-seat": String(seat.seat) },
          el("h3", { text: title }), el("p", { class: "muted", text }));
      }
      return invitation(seat, title, seatLink(id, links[seat.seat]));
    }));
    $("links-again-list").replaceChildren(...rows);
  });

  const mine = /** @type {HTMLDetailsElement} */ ($("my-link"));
  const drawMine = async () => {
    const { invitation } = await linksModule();
    const held = api.heldSeat(id);
    const seat = current.seats.find((s) => s.seat === held?.seat);
    if (!held || !seat) return;
    const row = invitation(seat, t("seats.seat_of", { n: seat.seat + 1, name: shownName(seat) }),
      seatLink(id, held.token));
    $("my-link-row").replaceChildren(...row.childNodes);
  };
  mine.addEventListener("toggle", () => {
    if (mine.open) drawMine();
  });
  $("rotate").addEventListener("click", async (event) => {
    const button = /** @type {HTMLButtonElement} */ (event.currentTarget);
    const held = api.heldSeat(id);
    if (!held) return;
    button.setAttribute("aria-busy", "true");
    try {
      const fresh = await api.rotate(id, held.token);
      api.holdSeat(id, fresh.seat, fresh.token);
      sessionStorage.setItem(ROTATED_KEY, id);
      location.reload(); // the stream and every request go on with the new token
    } catch (problem) {
      showError($("table-error"), problem);
      button.removeAttribute("aria-busy");
    }
  });
  if (sessionStorage.getItem(ROTATED_KEY) === id) {
    sessionStorage.removeItem(ROTATED_KEY);
    $("rotated").hidden = false;
    mine.open = true;
    mine.scrollIntoView({ block: "start" });
  }
}
