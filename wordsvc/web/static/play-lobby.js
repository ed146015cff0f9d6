// The lobby (/play): a game, its options (from its `options_schema`), who sits where; and
// the open games with a free seat.

import * as api from "./play-api.js";
import { el, optionsForm, readOptions } from "./play-render.js";
import { takeSeats } from "./play-seats.js";
import { TITLES, langQuery, problemText, showError, t } from "./play-common.js";

// --- the lobby -------------------------------------------------------------------------------

export async function lobby() {
  const form = document.getElementById("create-form");
  const select = document.getElementById("game");
  const error = document.getElementById("create-error");
  let list;
  try {
    list = (await api.games()).games;
  } catch (problem) {
    showError(error, problem);
    return;
  }
  for (const game of list) {
    select.append(el("option", { value: game.name, text: TITLES[game.name] ?? game.name }));
  }
  const current = () => list.find((g) => g.name === select.value);
  const drawSeats = () => {
    const game = current();
    const options = readOptions(game.options_schema, document.getElementById("options-fields"));
    const count = Number(options.players ?? game.options_schema?.properties?.players?.default ?? 2);
    const box = document.getElementById("seat-fields");
    const previous = [...box.querySelectorAll("select")].map((s) => s.value);
    box.replaceChildren();
    for (let seat = 0; seat < count; seat += 1) {
      const id = `seat-${seat}`;
      const kind = el("select", { id, name: id },
        el("option", { value: "human", text: t("human") }),
        ...game.bots.map((bot) => el("option", { value: `bot:${bot}`, text: t("bot", { name: bot }) })));
      kind.value = previous[seat] ?? (seat === 0 ? "human" : `bot:${game.bots[0]}`);
      const name = el("input", { id: `${id}-name`, name: `${id}-name`, maxlength: "64", autocomplete: "off" });
      box.append(el("div", { class: "seat-row" },
        el("div", {}, el("label", { for: id, text: t("seat", { n: seat + 1 }) }), kind),
        el("div", {}, el("label", { for: `${id}-name`, text: t("name") }), name)));
    }
  };
  const drawOptions = () => {
    const fields = document.getElementById("options-fields");
    fields.replaceChildren(...optionsForm(current().options_schema, t));
    fields.addEventListener("change", drawSeats);
    drawSeats();
  };
  select.addEventListener("change", drawOptions);
  drawOptions();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = current();
    const options = readOptions(game.options_schema, document.getElementById("options-fields"));
    const seats = [...document.querySelectorAll("#seat-fields .seat-row")].map((row) => {
      const kind = row.querySelector("select").value;
      const name = row.querySelector("input").value.trim() || null;
      const spec = kind === "human" ? { kind: "human" } : { kind: "bot", bot: kind.slice(4) };
      if (name) spec.name = name;
      return spec;
    });
    const button = document.getElementById("create");
    button.setAttribute("aria-busy", "true");
    showError(error, null);
    try {
      const created = await api.createSession({ game: game.name, options, seats });
      await takeSeats(created.id, seats);
      location.assign(`/play/${created.id}${langQuery()}`);
    } catch (problem) {
      showError(error, problem);
    } finally {
      button.removeAttribute("aria-busy");
    }
  });

  const refresh = async () => {
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
    box.replaceChildren(...sessions.map((s) => el("li", { class: "open-game" },
      el("span", { class: "open-name", text: `${TITLES[s.game] ?? s.game} · ${s.id.slice(0, 6)}` }),
      ...s.free_seats.map((seat) => el("a", {
        class: "button", href: `/play/${s.id}${langQuery({ join: String(seat) })}`,
        text: t("join_seat", { n: seat + 1 }),
      })),
      el("a", { class: "button secondary", href: `/play/${s.id}${langQuery()}`, text: t("watch") }))));
  };
  document.getElementById("refresh").addEventListener("click", refresh);
  await refresh();
  document.body.dataset.ready = "";
}

