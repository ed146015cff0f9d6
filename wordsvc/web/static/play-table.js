// A game's table (/play/<session>): drawn from the session's `view`, kept live by its event
// stream; bots' moves are shown one by one with a short pause.

import * as api from "./play-api.js";
import { el, renderView, actionControls, describeAction } from "./play-render.js";
import { CARDS, LANG, langQuery, problemText, showError, t } from "./play-common.js";
import { seatFromAddress, drawSeatLinks, tableScreen } from "./play-seats.js";
import { drawStatus } from "./play-status.js";
import { drawHeader } from "./play-rules.js";

/** The game's own table's `createTable`, from the module the page names (the server knows
 *  each game's: `TABLE_MODULES` in play.py), or null: the generic table (play-render.js).
 *  Only this game's module is loaded, never the other games'. */
async function ownTable() {
  const module = document.body.dataset.tableModule;
  return module ? (await import(module)).createTable : null;
}
/** How long a bot's move waits after the move before it: the service's setting
 *  (WORDSVC_BOT_PAUSE_MS), which the page carries. */
const BOT_PAUSE_MS = Number(document.body.dataset.botPause ?? 700);
/** How long a refused live stream waits before it asks again (the server's Retry-After). */
const STREAM_RETRY_MS = Number(document.body.dataset.streamRetry);

// --- the table -------------------------------------------------------------------------------

export async function table() {
  const id = document.body.dataset.session;
  const error = document.getElementById("table-error");
  const [held, createOwn] = await Promise.all([seatFromAddress(id, error), ownTable()]);

  const state = {
    summary: null, queue: [], busy: false, token: held?.token ?? null, seen: 0, shownAt: 0,
  };
  const names = () => Object.fromEntries((state.summary?.seats ?? []).map((s) => [s.seat, s.name]));
  let custom = null; // the game's own table, made on the first draw
  let judgeWord = null; // the table's judge, once wired: checks a word
  const tableFor = (game) => {
    if (!custom && createOwn) {
      /** A button that sends one of the engine's legal actions (shared by the tables). */
      const actionButton = (action, text, cls = "") => {
        const node = el("button", {
          type: "button", class: `action ${cls}`.trim(), "data-action": JSON.stringify(action), text,
        });
        node.addEventListener("click", () => send(action, node));
        return node;
      };
      /** True when it is this seat's move; else `box` says there is nothing to do. */
      const myMove = (summary, box) => {
        if (summary.status !== "over" && summary.you !== null && summary.to_act.includes(summary.you)) {
          return true;
        }
        box.replaceChildren(el("p", { class: "muted", text: t("no_actions") }));
        return false;
      };
      /** Change this seat's settings (`{auto_pass}`) with its token, then draw the table
       *  again; false when it was refused (the error is shown). */
      const seatSettings = async (settings) => {
        showError(error, null);
        try {
          await api.seatSettings(id, state.token, settings);
        } catch (problem) {
          showError(error, problem);
          return false;
        }
        await load();
        return true;
      };
      custom = createOwn({
        t, el, send, names, problemText, actionButton, myMove, seatSettings,
        lang: LANG, session: id, cards: CARDS[game] ?? {},
      });
      document.body.dataset.table = game;
    }
    return custom;
  };

  const load = async () => {
    try {
      const fresh = await api.session(id, state.token);
      // Two fetches in flight (the log caught up twice in a row) may answer out of order:
      // the table never goes back to an older version than the one it shows.
      if (state.summary && fresh.version < state.summary.version) return;
      state.summary = fresh;
    } catch (problem) {
      if (problem.doc?.code === "invalid_token") {
        api.dropSeat(id);
        state.token = null;
        showError(error, problem);
        return load();
      }
      showError(error, problem);
      return;
    }
    draw();
  };

  const draw = () => {
    const s = state.summary;
    drawHeader(s);
    document.body.toggleAttribute("data-over", s.status === "over");
    const screen = tableScreen(s);
    document.documentElement.toggleAttribute("data-table-screen", screen);
    document.getElementById("who").textContent = s.you !== null ? t("you_are", { n: s.you + 1 })
      : screen ? t("seats.table_screen") : t("spectator");
    drawStatus(s, names(), tableFor(s.game));
    const own = tableFor(s.game);
    if (own) {
      own.draw(s);
    } else {
      document.getElementById("view").replaceChildren(renderView(s, t));
      document.getElementById("actions").replaceChildren(...actionControls(s, t, send));
    }
    drawSeatLinks(s);
    if (s.status === "over") import("./play-rematch.js").then(({ offerRematch }) => offerRematch(s));
    if (s.status === "over" && document.body.dataset.review !== undefined) {
      import("./play-review.js").then(({ offerReview }) => offerReview(s, names(), (word) => judgeWord?.(word)));
    }
    if (s.options && Array.isArray(s.options.categories)) {
      document.getElementById("judge-box").hidden = false;
    }
  };

  const send = async (action, button) => {
    button?.setAttribute("aria-busy", "true");
    showError(error, null);
    const sent = state.summary.version;
    try {
      await api.act(id, state.token, action, sent);
      // Until the stream brings this action back, the choices shown are no longer current;
      // if it already has (the table drawn at a newer version), they are, and they stay.
      if (state.summary.version === sent) {
        document.getElementById("actions").replaceChildren();
        document.getElementById("status").classList.remove("mine");
      }
    } catch (problem) {
      showError(error, problem);
      if (problem.doc?.code === "stale_state_id") await load();
    } finally {
      button?.removeAttribute("aria-busy");
    }
    // The stream brings this action (and the bots' replies) to the log and the table.
  };

  // The log: each streamed action, bots' one by one with a pause; then the table again.
  const logList = document.getElementById("log");
  const show = (entry) => {
    const who = names()[entry.seat] ?? t("seat", { n: entry.seat + 1 });
    // Each event in words: text, or a node (a word of the game marked as Ukrainian); a
    // table's own words may depend on who acted (a pass made by itself: actor "auto").
    const said = entry.events.map((e) => custom?.describe(e, entry) ?? describeAction(e)).filter(Boolean);
    const item = el("li", { "data-number": String(entry.number), class: `by-${entry.actor}` },
      entry.actor === "bot" ? el("span", { class: "badge bot", text: t("by_bot") }) : null,
      entry.actor === "bot" ? " " : null,
      el("span", { class: "who", "data-seat": String(entry.seat), text: `${who}: ` }),
      // A move whose every event is hidden from this seat (or none in words) still says
      // that a move was made: never a name alone.
      el("span", {}, ...(said.length ? said.flatMap((part, i) => (i ? ["; ", part] : [part])) : [t("log_moved")])));
    item.dataset.shownAt = String(state.shownAt); // when it was shown: the pause is testable
    logList.prepend(item);
  };
  // A bot's move is shown BOT_PAUSE_MS after the move before it, however the stream
  // delivers them (each in its own message, often a few milliseconds apart); the moves
  // made before the page opened are shown at once. The table is fetched again once the log
  // has caught up, and only if the log went past the table's version: the log of a long game
  // replayed on a page load costs no request.
  const drain = async () => {
    if (state.busy) return;
    state.busy = true;
    let ahead = false;
    while (state.queue.length) {
      const entry = state.queue.shift();
      if (entry.actor === "bot" && entry.number > state.loaded) {
        const wait = state.shownAt + BOT_PAUSE_MS - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      state.shownAt = performance.now();
      show(entry);
      ahead ||= entry.number > (state.summary?.version ?? 0);
    }
    state.busy = false;
    if (ahead) await load();
  };

  await load();
  if (!state.summary) return;
  state.loaded = state.summary.version; // the log so far is shown at once, without pauses
  const live = document.getElementById("live");
  const received = [];
  const connect = () => {
    // A first connection asks for what follows the log shown so far; after a drop, the
    // EventSource reconnects by itself with Last-Event-ID.
    const source = api.stream(id, state.token, state.seen);
    window.wordsvcPlay.source = source;
    source.addEventListener("open", () => {
      live.hidden = false;
      live.textContent = t("live");
      document.body.dataset.live = "";
    });
    source.addEventListener("error", () => {
      live.textContent = t("reconnecting");
      // A refused stream (too many open from this address, a full server) is one the
      // browser never retries: ask again after the wait a refusal names (Retry-After).
      if (source.readyState === EventSource.CLOSED) setTimeout(connect, STREAM_RETRY_MS);
    });
    source.addEventListener("action", (message) => {
      received.push(message.data);
      const entry = JSON.parse(message.data);
      if (entry.number <= state.seen) return; // never shown twice, whatever the network does
      state.seen = entry.number;
      state.queue.push(entry);
      drain();
    });
    // Someone sat down or took a name: every screen shows it at once, the log's lines too.
    source.addEventListener("seats", (message) => {
      if (!state.summary) return;
      state.summary = { ...state.summary, seats: JSON.parse(message.data).seats };
      draw();
      const named = names();
      for (const who of logList.querySelectorAll(".who[data-seat]")) {
        const name = named[Number(/** @type {HTMLElement} */ (who).dataset.seat)];
        if (name) who.textContent = `${name}: `;
      }
    });
    // This seat was taken over on another device (or its link renewed there): watch.
    source.addEventListener("revoked", async () => {
      source.close();
      // This browser renewed the link itself (this page, or another tab): it holds the new
      // token; the page goes on with it.
      if (api.heldSeat(id)?.token !== state.token) {
        location.reload();
        return;
      }
      api.dropSeat(id);
      state.token = null;
      await load();
      error.textContent = t("seats.taken_over");
      error.hidden = false;
      connect();
    });
    source.addEventListener("end", () => {
      source.close();
      live.hidden = true;
      drain();
    });
  };
  window.wordsvcPlay = { state, seen: received, reconnect: connect };
  connect();
  // The table's judge, for a game whose words are judged (its options name categories):
  // loaded after the table, not with it, and wired before the page says it is ready.
  if (Array.isArray(state.summary.options?.categories)) {
    judgeWord = (await import("./play-judge.js")).wireJudge(id);
  }
  document.body.dataset.ready = "";
}

table(); // this module is the page's own (play.html loads it), so it starts the page
