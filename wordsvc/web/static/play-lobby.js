// The lobby (/play): a game, its options (a form from its `options_schema`, play-options.js),
// who sits where (a row per seat: a person or one of the game's bots, and a name); and the
// open games with a free seat. Its words come with the page (`#lobby`, play_lobby.py).

import * as api from "./play-api.js";
import { call } from "./api.js";
import { el } from "./play-render.js";
import { OptionsForm } from "./play-options.js";
import { seatedBody, takeSeats } from "./play-seats.js";
import { LANG, TITLES, langQuery, problemText, showError, t } from "./play-common.js";

const LOBBY = JSON.parse(document.getElementById("lobby")?.textContent || "{}");
/** The game the lobby opens on, unless this browser chose another last. */
const FLAGSHIP = "words-of-magic";
const LAST_GAME = "wordsvc.play.game";

function remembered() {
  try {
    return localStorage.getItem(LAST_GAME);
  } catch {
    return null;
  }
}

function remember(game) {
  try {
    localStorage.setItem(LAST_GAME, game);
  } catch { /* a browser that keeps nothing opens on the flagship */ }
}

const title = (game) => LOBBY.games?.[game]?.title ?? TITLES[game] ?? game;
const botLabel = (bot) => LOBBY.bot_kinds?.[bot] ?? t("bot", { name: bot });

// --- the seats -------------------------------------------------------------------------------

/** The seat rows: kept across option changes (rows are added and removed at the end), so
 *  that the names and choices typed stay. */
class Seats {
  constructor(box, onChange) {
    this.box = box;
    this.rows = [];
    this.game = null;
    this.onChange = onChange;
  }

  /** Another game: its bots in every row's choice; a bot row takes the game's own bot. */
  setGame(game) {
    this.game = game;
    for (const row of this.rows) this.fillKinds(row, row.kind.value.startsWith("bot:"));
    this.names();
  }

  defaultBot() {
    return this.game.default_bot ?? this.game.bots[0] ?? null;
  }

  fillKinds(row, bot) {
    const bots = [this.defaultBot(), ...this.game.bots.filter((b) => b !== this.defaultBot())]
      .filter(Boolean);
    row.kind.replaceChildren(el("option", { value: "human", text: t("human") }),
      ...bots.map((b) => el("option", { value: `bot:${b}`, text: botLabel(b) })));
    row.kind.value = bot && bots.length ? `bot:${this.defaultBot()}` : "human";
  }

  /** `count` rows: new ones at the end (a person first, then the game's bot), extra ones
   *  dropped from the end. */
  resize(count) {
    while (this.rows.length > count) this.rows.pop().node.remove();
    while (this.rows.length < count) {
      const seat = this.rows.length;
      const id = `seat-${seat}`;
      const kind = el("select", { id, name: id });
      const name = el("input", {
        id: `${id}-name`, name: `${id}-name`, maxlength: document.body.dataset.maxName, autocomplete: "off",
        "aria-describedby": `${id}-error`,
      });
      const error = el("p", { class: "field-error", id: `${id}-error`, hidden: true });
      const node = el("div", { class: "seat-row", "data-seat": String(seat) },
        el("div", {}, el("label", { for: id, text: t("seat", { n: seat + 1 }) }), kind),
        el("div", {}, el("label", { for: `${id}-name`, text: t("name") }), name),
        error);
      const row = { seat, node, kind, name, error };
      this.fillKinds(row, seat > 0);
      kind.addEventListener("change", () => { this.mark(seat, null); this.names(); });
      name.addEventListener("input", () => { this.mark(seat, null); this.onChange(); });
      this.rows.push(row);
      this.box.append(node);
    }
    this.names();
  }

  /** Each row's name when none is typed: "Гравець N" for a person, the bots' names in turn
   *  (a distinct one for each bot at the table). */
  names() {
    let bots = 0;
    for (const row of this.rows) {
      const bot = row.kind.value.startsWith("bot:");
      const list = LOBBY.bot_names ?? [];
      row.name.placeholder = bot && list.length
        ? list[bots % list.length] : t("lobby.player_name", { n: row.seat + 1 });
      if (bot) bots += 1;
    }
    this.onChange();
  }

  /** The name each seat will have: the one typed, else the one offered. */
  seatNames() {
    return this.rows.map((row) => row.name.value.trim() || row.name.placeholder);
  }

  /** The seats as the API takes them, each named. */
  specs() {
    return this.rows.map((row, i) => {
      const kind = row.kind.value;
      const spec = kind === "human" ? { kind: "human" } : { kind: "bot", bot: kind.slice(4) };
      spec.name = this.seatNames()[i];
      return spec;
    });
  }

  mark(seat, text, target = "kind") {
    const row = this.rows[seat];
    if (!row) return false;
    row.error.textContent = text ?? "";
    row.error.hidden = !text;
    for (const control of [row.kind, row.name]) control.removeAttribute("aria-invalid");
    if (text) row[target].setAttribute("aria-invalid", "true");
    row.kind.setAttribute("aria-describedby", row.error.id);
    return true;
  }

  clear() {
    this.rows.forEach((_, seat) => this.mark(seat, null));
  }
}

// --- the lobby -------------------------------------------------------------------------------

export async function lobby() {
  const form = document.getElementById("create-form");
  const select = /** @type {HTMLSelectElement} */ (document.getElementById("game"));
  const error = document.getElementById("create-error");
  let list;
  let categories = null;
  try {
    const [games, registry] = await Promise.all([
      api.games(),
      call("/v1/categories").catch(() => null),
    ]);
    list = games.games;
    categories = registry?.categories ?? null;
  } catch (problem) {
    showError(error, problem);
    document.body.dataset.ready = "";
    return;
  }
  for (const game of list) select.append(el("option", { value: game.name, text: title(game.name) }));
  const known = (name) => list.some((g) => g.name === name);
  // A finished game's "new game" or "play this deal again" names its game (and seed).
  const asked = new URLSearchParams(location.search);
  select.value = [asked.get("game"), remembered(), FLAGSHIP].find(known) ?? list[0]?.name;
  const seedField = /** @type {HTMLInputElement} */ (document.getElementById("seed"));
  if (asked.has("seed")) {
    seedField.value = asked.get("seed") ?? "";
    /** @type {HTMLDetailsElement} */ (document.getElementById("advanced")).open = true;
  }
  const current = () => list.find((g) => g.name === select.value);

  const fields = document.getElementById("options-fields");
  let options = null;
  const seats = new Seats(document.getElementById("seat-fields"), () => options?.refresh());
  const env = { lobby: LOBBY, categories, seatNames: () => seats.seatNames() };

  const players = () => {
    const count = options.read().players;
    return Number(count ?? current().options_schema?.properties?.players?.default ?? 2);
  };
  const drawGame = () => {
    const game = current();
    remember(game.name);
    seats.setGame(game);
    options = new OptionsForm(game, env);
    fields.replaceChildren(...options.nodes);
    seats.resize(players());
    options.refresh();
    showError(error, null);
  };
  fields.addEventListener("change", () => {
    seats.resize(players());
    options.refresh();
  });
  select.addEventListener("change", drawGame);
  drawGame();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = current();
    options.clear();
    seats.clear();
    showError(error, null);
    seedField.removeAttribute("aria-invalid");
    const seedText = seedField.value.trim();
    const seed = seedText === "" ? null : Number(seedText);
    if (seed !== null && !(/^\d+$/.test(seedText) && Number.isSafeInteger(seed))) {
      seedField.setAttribute("aria-invalid", "true");
      error.textContent = t("lobby.seed_invalid");
      error.hidden = false;
      seedField.focus();
      return;
    }
    if (!options.check()) {
      refused(t("lobby.fix_fields"));
      return;
    }
    const specs = seats.specs();
    const button = document.getElementById("create");
    button.setAttribute("aria-busy", "true");
    try {
      const created = await api.createSession({
        game: game.name, options: options.read(), ...seatedBody(specs), ...(seed === null ? {} : { seed }),
      });
      takeSeats(created);
      location.assign(`/play/${created.id}${langQuery()}`);
    } catch (problem) {
      refused(atFields(problem, options, seats) ? t("lobby.fix_fields") : problemText(problem));
    } finally {
      button.removeAttribute("aria-busy");
    }
  });

  /** Says `text` above the button and moves the focus to the first field refused. */
  function refused(text) {
    error.textContent = text;
    error.hidden = false;
    (options.firstRefused() ?? document.querySelector(".seat-row [aria-invalid]") ?? error).focus?.();
  }

  document.getElementById("refresh").addEventListener("click", refreshOpen);
  await refreshOpen();
  document.body.dataset.ready = "";
}

/** Shows the API's refusal of a new game at the fields it names; false when it names none
 *  (the caller then says it in general). */
function atFields(problem, options, seats) {
  const doc = problem.doc ?? {};
  const details = doc.details ?? {};
  switch (doc.code) {
    case "invalid_options": {
      let shown = false;
      for (const { option } of details.problems ?? []) {
        const name = String(option ?? "").split(".")[0];
        if (name && options.mark(name, options.refusal(name))) shown = true;
      }
      return shown;
    }
    case "unknown_category":
      return options.mark("categories", options.refusal("categories"));
    case "seat_count_mismatch":
      return options.mark("players", problemText(problem));
    case "unknown_bot":
      return seats.mark(details.seat ?? 0, problemText(problem));
    case "invalid_seats": {
      const where = details.seat ?? Number(/^seats\.(\d+)/.exec(details.problems?.[0]?.field ?? "")?.[1]);
      return Number.isInteger(where) && seats.mark(where, t("lobby.err.name"), "name");
    }
    case "unknown_seat":
    case "seat_taken":
      return seats.mark(Number.isInteger(details.seat) ? details.seat : 0, problemText(problem));
    default:
      return false;
  }
}

// --- the open games --------------------------------------------------------------------------

/** How long ago `iso` was, in words ("5 хвилин тому"). A time without its zone is UTC, as
 *  the store keeps it (SQLite gives it back without the zone). */
function ago(iso) {
  const zoned = /(?:Z|[+-]\d\d:?\d\d)$/i.test(iso) ? iso : `${iso}Z`;
  const seconds = Math.max(0, (Date.now() - Date.parse(zoned)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return t("lobby.just_started");
  const format = new Intl.RelativeTimeFormat(LANG === "uk" ? "uk" : "en", { numeric: "auto" });
  /** @type {[number, Intl.RelativeTimeFormatUnit]} */
  const [value, unit] = seconds < 3600 ? [seconds / 60, "minute"]
    : seconds < 86400 ? [seconds / 3600, "hour"] : [seconds / 86400, "day"];
  return t("lobby.started", { ago: format.format(-Math.floor(value), unit) });
}

async function refreshOpen() {
  const box = document.getElementById("open-list");
  let sessions;
  try {
    sessions = (await api.openSessions()).sessions;
  } catch (problem) {
    box.replaceChildren(el("li", { class: "error", text: problemText(problem) }));
    return;
  }
  if (!sessions.length) {
    box.replaceChildren(el("li", { class: "muted", text: t("no_open_games") }));
    return;
  }
  box.replaceChildren(...sessions.map((s) => {
    const free = new Set(s.free_seats);
    const names = (s.seats ?? []).map((seat) => (free.has(seat.seat)
      ? t("lobby.free", { name: seat.name }) : seat.name));
    return el("li", { class: "open-game", "data-session": s.id },
      el("span", { class: "open-name", text: title(s.game) }),
      names.length ? el("span", { class: "open-who", text: t("lobby.who", { names: names.join(", ") }) }) : null,
      el("span", { class: "open-when muted", text: ago(s.created_at) }),
      ...s.free_seats.map((seat) => el("a", {
        class: "button", href: `/play/${s.id}${langQuery({ join: String(seat), ask: "" })}`,
        text: t("join_seat", { n: seat + 1 }),
      })),
      el("a", { class: "button secondary", href: `/play/${s.id}${langQuery()}`, text: t("watch") }));
  }));
}

lobby(); // this module is the page's own (play.html loads it), so it starts the page
