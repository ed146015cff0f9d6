// The Lost Words against a bot, through the wordsvc API from another origin: an example of
// a front end (no build step, no library). The service must name this page's origin in
// WORDSVC_CORS_ORIGINS. The API's address comes from the page's own: ?api=http://host:port.
//
// The calls of a whole game: create a session with a bot seat, join a seat (its token),
// read the session (its view and its legal actions; ETag, so an unchanged one costs a 304),
// send one of those actions (expected_version, Idempotency-Key), follow the event stream,
// and read the result once it is over.

const API = new URLSearchParams(location.search).get("api") ?? "http://localhost:8000";
const GAME = "lost-words";

const $ = (id) => document.getElementById(id);
// `acting`: a move is on its way; no choices are offered until the table after it is read.
const state = { id: null, token: null, summary: null, etag: null, stream: null, acting: false };

/** One API call: the parsed JSON answer, or null for a 304 (the answer the ETag named is
 *  still current); a refusal throws an Error carrying the problem document.
 *  @param {string} method
 *  @param {string} path
 *  @param {{ body?: object, token?: string, headers?: Record<string, string> }} [options] */
async function call(method, path, { body, token, headers = {} } = {}) {
  let answer;
  try {
    answer = await fetch(API + path, {
      method,
      headers: {
        ...(body ? { "Content-Type": "application/json" } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    // No answer the page may read: the service is down, or it does not name this origin.
    throw new Error(`No answer from ${API}: is the service running, and does its `
      + `WORDSVC_CORS_ORIGINS name ${location.origin}?`);
  }
  if (answer.status === 304) return null;
  // Every answer of the service is JSON; a proxy in between may answer with a page instead.
  const data = await answer.json().catch(() => null);
  if (!answer.ok || data === null) {
    const said = data?.detail ?? `${answer.status} ${answer.statusText}`;
    throw Object.assign(new Error(`The service said: ${said}`), { problem: data });
  }
  return Object.assign(data, { etag: answer.headers.get("ETag") });
}

function showProblem(error) {
  const box = $("problem");
  box.hidden = !error;
  box.textContent = error ? error.message : "";
}

// --- words for what the page shows ---------------------------------------------------------

/** A card's name: the hand's cards name themselves; another is named by its id ("n:heron"). */
function cardName(id) {
  const mine = state.summary?.view.players[state.summary.you]?.hand ?? [];
  const known = mine.find((card) => card.id === id);
  if (known) return known.name_en;
  const [, name] = id.split(":");
  return name.charAt(0).toUpperCase() + name.slice(1);
}

const ACTION_WORDS = {
  draw: (a) => `Draw from the ${a.from === "pile" ? "pile" : "discard pile"}`,
  play: (a) => `Play ${cardName(a.card)}`,
  pair: (a) => `Pair ${cardName(a.spell)} with ${cardName(a.nature)}`,
  swap: (a) => `Swap your ${cardName(a.nature)} for ${cardName(a.middle)}`,
  discard: (a) => `Discard ${a.cards.map(cardName).join(", ")}`,
  end: () => "End the turn",
  stop: () => "Stop",
  decline: () => "Decline",
};

function describe(action) {
  const words = ACTION_WORDS[action.type];
  return words ? words(action) : action.type.replaceAll("_", " ");
}

function cardItems(list, nature) {
  return list.map((card) => {
    const item = document.createElement("li");
    const paired = card.spell?.startsWith("a:wild") ? " (paired by the Wild)" : " (paired)";
    item.textContent = nature ? cardName(card.card) + (card.spell ? paired : "") : card.name_en;
    if (nature && card.spell) item.className = "paired";
    return item;
  });
}

// --- drawing the table ---------------------------------------------------------------------

function draw() {
  const s = state.summary;
  const me = s.view.players[s.you];
  const them = s.view.players[1 - s.you];
  $("table").hidden = false;
  $("hand").replaceChildren(...cardItems(me.hand ?? [], false));
  $("my-nature").replaceChildren(...cardItems(me.nature, true));
  $("their-nature").replaceChildren(...cardItems(them.nature, true));
  $("middle").replaceChildren(...cardItems(s.view.middle.map((card) => ({ card })), true));
  $("moves").hidden = s.status === "over";
  if (s.status === "over") {
    $("status").textContent = "The game is over.";
    return;
  }
  const mine = s.to_act.includes(s.you);
  $("status").textContent = mine ? "Your move." : "The bot is thinking…";
  if (state.acting) return; // the choices come with the table after the move
  // Only complete actions: one that `needs` fields is also listed complete, in every choice.
  const buttons = s.legal_actions.filter((a) => !a.needs).map((action) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "action";
    button.textContent = describe(action);
    button.addEventListener("click", () => act(action));
    return button;
  });
  $("actions").replaceChildren(...buttons);
}

/** Read the session again (a 304 when nothing changed) and draw it; a refusal is shown. */
async function refresh() {
  try {
    const fresh = await call("GET", `/v1/games/sessions/${state.id}`, {
      token: state.token,
      headers: state.etag ? { "If-None-Match": state.etag } : {},
    });
    // Two reads may cross (a move's and the stream's): never go back to an older table.
    if (fresh && fresh.version >= (state.summary?.version ?? 0)) {
      Object.assign(state, { summary: fresh, etag: fresh.etag });
    }
    draw();
    if (state.summary.status === "over") await showResult();
  } catch (error) {
    showProblem(error);
  }
}

async function act(action) {
  showProblem(null);
  $("actions").replaceChildren(); // one action a move: the next choices come with the table
  state.acting = true;
  try {
    // A resend with the same key (after an answer lost on the way) is applied once; this
    // example does not resend, it reads the session again instead.
    await call("POST", `/v1/games/sessions/${state.id}/actions`, {
      token: state.token,
      body: { action, expected_version: state.summary.version },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
  } catch (error) {
    showProblem(error); // stale_state_id and the like: the table below is the current one
  } finally {
    state.acting = false;
  }
  await refresh();
}

async function showResult() {
  const result = await call("GET", `/v1/games/sessions/${state.id}/result`);
  const won = result.winners.includes(state.summary.you);
  $("status").textContent = `${won ? "You win" : "The bot wins"}, ${result.scores[state.summary.you]} to ${result.scores[1 - state.summary.you]}.`;
  document.body.dataset.over = won ? "won" : "lost";
}

// --- the event stream: what each move did, as it happens ----------------------------------

function follow(after) {
  const url = `${API}/v1/games/sessions/${state.id}/stream?after=${after}&token=${encodeURIComponent(state.token)}`;
  const stream = new EventSource(url);
  state.stream = stream;
  stream.addEventListener("action", (message) => {
    const entry = JSON.parse(message.data);
    const who = entry.seat === state.summary.you ? "You" : "The bot";
    const line = document.createElement("li");
    line.textContent = `${who}: ${entry.events.map((e) => e.type.replaceAll("_", " ")).join(", ")}`;
    $("log").append(line);
    $("log").scrollTop = $("log").scrollHeight;
    // The bot's move may come after the answer to ours: draw the table it left.
    if (entry.seat !== state.summary?.you && entry.number > (state.summary?.version ?? 0)) refresh();
  });
  stream.addEventListener("end", () => stream.close());
}

async function newGame() {
  showProblem(null);
  state.stream?.close();
  $("log").replaceChildren();
  delete document.body.dataset.over;
  try {
    const made = await call("POST", "/v1/games/sessions", {
      body: { game: GAME, seats: [{ kind: "human", name: "You" }, { kind: "bot", bot: "heuristic" }] },
    });
    const joined = await call("POST", `/v1/games/sessions/${made.id}/join`, { body: { seat: 0 } });
    Object.assign(state, { id: made.id, token: joined.token, etag: null });
    follow(0); // the whole log so far, then each move as it is made
    await refresh();
  } catch (error) {
    showProblem(error);
  }
}

$("new-game").addEventListener("click", newGame);
