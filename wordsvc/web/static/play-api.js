// The game routes of the public HTTP API (/v1/games), as any front end uses them, and the
// seats' tokens kept in this browser. Every failure is a Problem with the API's problem
// document (a stable `code`).

import { Problem, call } from "./api.js";

export { Problem };

const base = "/v1/games";
export const games = () => call(base);
export const openSessions = () => call(`${base}/sessions`);
export const createSession = (body) => call(`${base}/sessions`, { method: "POST", body });
/** Take a free seat; `claim: false` holds its token for someone else (a host's link). */
export const join = (id, seat, name, claim = true) => call(`${base}/sessions/${id}/join`, {
  method: "POST", body: { seat, ...(name ? { name } : {}), ...(claim ? {} : { claim: false }) },
});
/** The seat a token belongs to: {seat, name, claimed}. */
export const seatOf = (id, token) => call(`${base}/sessions/${id}/seat`, { token });
/** Sit down at the token's seat (from any browser), taking `name`. */
export const claim = (id, token, name) =>
  call(`${base}/sessions/${id}/seat`, { method: "POST", token, body: name ? { name } : {} });
/** Change the token's seat's settings: `{auto_pass}` (answer only when I can), the seat
 *  answers `{seat, name, claimed, auto_pass}`. */
export const seatSettings = (id, token, settings) =>
  call(`${base}/sessions/${id}/seat`, { method: "POST", token, body: settings });
/** A new token for the seat: the old one stops working. */
export const rotate = (id, token) =>
  call(`${base}/sessions/${id}/seat/token`, { method: "POST", token });
/** Again, the same people: the token's seat in the session made of this finished one
 *  ({session, seat, token}); `claim: false` holds the new link (the table's screen). */
export const rematch = (id, token, claim = true) => call(`${base}/sessions/${id}/rematch`, {
  method: "POST", token, body: claim ? {} : { claim: false },
});
export const session = (id, token) => call(`${base}/sessions/${id}`, { token });
export const act = (id, token, action, version) =>
  call(`${base}/sessions/${id}/actions`, {
    method: "POST", token, body: { action, expected_version: version },
  });
export const review = (id) => call(`${base}/sessions/${id}/review`);
export const arbitrate = (id, words) =>
  call(`${base}/sessions/${id}/words/check`, { method: "POST", body: { words } });

/** The live stream: an EventSource (it reconnects by itself, sending Last-Event-ID). It
 *  cannot send an Authorization header, so a seat's token goes in the query. */
export function stream(id, token, after = 0) {
  const query = new URLSearchParams();
  if (token) query.set("token", token);
  if (after) query.set("after", String(after));
  const text = query.toString();
  return new EventSource(`${base}/sessions/${id}/stream${text ? `?${text}` : ""}`);
}

// --- tokens, in local storage, by session: {seat, token} of the seat this browser plays,
// and `links`: {seat: token} of the other seats it holds (a host's links for the others) ----

const KEY = "wordsvc.play.seats";

function seats() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

function update(id, change) {
  const all = seats();
  all[id] = change({ links: {}, ...(all[id] ?? {}) });
  localStorage.setItem(KEY, JSON.stringify(all));
}

/** {seat, token} this browser plays in the session, or null. */
export function heldSeat(id) {
  const held = seats()[id];
  return held?.token ? { seat: held.seat, token: held.token } : null;
}

/** Play `seat` with `token`; a seat played before in this browser is kept as a link. */
export function holdSeat(id, seat, token) {
  update(id, (held) => {
    const links = { ...held.links };
    if (held.token && held.seat !== seat) links[held.seat] = held.token;
    delete links[seat];
    return { ...held, seat, token, links };
  });
}

/** Keep `seat`'s token as a link to hand out (a host's). */
export function holdLink(id, seat, token) {
  update(id, (held) => ({ ...held, links: { ...held.links, [seat]: token } }));
}

/** {seat: token} of the links this browser holds for the session's other seats. */
export function heldLinks(id) {
  return { ...(seats()[id]?.links ?? {}) };
}

/** Forget the seat this browser plays (its token no longer works); links stay. */
export function dropSeat(id) {
  update(id, ({ links }) => ({ links }));
}
