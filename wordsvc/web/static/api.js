// The public HTTP API, as any front end uses it. Every failure becomes a Problem carrying
// an RFC 9457 problem document (a stable `code`), never raw JSON or a blank page.

export class Problem extends Error {
  constructor(doc) {
    super(doc.detail || doc.code);
    this.doc = doc;
  }
}

/**
 * @typedef {object} CallOptions
 * @property {string} [method] GET unless given.
 * @property {unknown} [body] Sent as JSON.
 * @property {string | null} [token] A seat's token.
 */

/** How long a request over the rate limit waits before it is sent again by itself, at
 *  most (seconds): a longer wait is left to the person, told in words. */
const LONGEST_RETRY_S = 30;

/** One request to the API; a seat's `token`, when given, goes in the Authorization header.
 *  A request over the rate limit (429, which the server did not act on) is sent again once,
 *  after its `Retry-After`.
 *  @param {string} path
 *  @param {CallOptions} [options] */
export async function call(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const send = () => fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  let response;
  try {
    response = await send();
    const wait = Number(response.headers.get("Retry-After"));
    if (response.status === 429 && wait > 0 && wait <= LONGEST_RETRY_S) {
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      response = await send();
    }
  } catch {
    throw new Problem({ code: "network", status: 0, detail: "" });
  }
  let doc = null;
  try {
    doc = await response.json();
  } catch {
    doc = null;
  }
  if (!response.ok || doc === null) {
    const isProblem = doc !== null && typeof doc.code === "string";
    throw new Problem(isProblem ? doc : {
      code: "unexpected", status: response.status, detail: `HTTP ${response.status}`,
    });
  }
  return doc;
}

/** Judge words: POST /v1/words/check. No categories: any word. */
export function checkWords(words, categories) {
  const body = { words };
  if (categories.length) body.categories = categories;
  return call("/v1/words/check", { method: "POST", body });
}

/** A page of words matching a pattern: GET /v1/words?pattern=... */
export function searchWords({ pattern, categories, min, max, offset, limit }) {
  const query = new URLSearchParams({ pattern, offset: String(offset), limit: String(limit) });
  if (categories.length) query.set("categories", categories.join(","));
  if (min) query.set("min_length", min);
  if (max) query.set("max_length", max);
  return call(`/v1/words?${query}`);
}

/** The best plays for a hand: POST /v1/words-of-magic/solve (schema SolveBody). */
export function solve(body) {
  return call("/v1/words-of-magic/solve", { method: "POST", body });
}

let solveFields = null;

/** The fields SolveBody lists in /openapi.json, read once: the page sends a field only when
 *  the solver's schema has it (the "can I make this word?" check, `word`). */
export function solveBodyFields() {
  solveFields ??= call("/openapi.json").then(
    (doc) => new Set(Object.keys(doc?.components?.schemas?.SolveBody?.properties ?? {})),
    () => new Set(),
  );
  return solveFields;
}
