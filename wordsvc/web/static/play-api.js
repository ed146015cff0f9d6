// The game routes of the public HTTP API (/v1/games), as any front end uses them, and the
// seats' tokens kept in this browser. Every failure is a Problem with the API's problem
// document (a stable `code`).

import { Problem, call } from "./api.js";

export { Problem };

const base = "/v1/games";
export const games = () => call(base);
export const openSessions = () => call(`${base}/sessions`);
export const createSession = (body) => call(`${base}/sessions`, { method: "POST", body });
export const join = (id, seat, name) =>
  call(`${base}/sessions/${id}/join`, { method: "POST", body: name ? { seat, name } : { seat } });
export const session = (id, token) => call(`${base}/sessions/${id}`, { token });
export const act = (id, token, action, version) =>
  call(`${base}/sessions/${id}/actions`, {
    method: "POST", token, body: { action, expected_version: version },
  });
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

// --- tokens: one per seat this browser holds, in local storage ----------------------------

const KEY = "wordsvc.play.seats";

function seats() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

/** {seat, token} this browser holds in the session, or null. */
export function heldSeat(id) {
  return seats()[id] ?? null;
}

export function holdSeat(id, seat, token) {
  const all = seats();
  all[id] = { seat, token };
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function dropSeat(id) {
  const all = seats();
  delete all[id];
  localStorage.setItem(KEY, JSON.stringify(all));
}
