// The Wizards Wanted table (docs/web.md): the board is the interface. This module is what
// play-table.js holds from the first load: the names and amounts in words, the log in
// sentences and the status line. The drawing (ww-table.js, the board in ww-board.js, the
// styles in ww.css) is fetched on the first draw, so that the other games' tables never
// load it. Names come with the page (#cards, play_cards.py).

import { plural } from "./play-common.js";

export const ICONS = ["animal", "energy", "nature", "illusion"];

/** The table for one session; `ctx` is what play-table.js lends it (texts, send, names...). */
export function createTable(ctx) {
  const { t, el, cards } = ctx;
  let summary = null;
  let drawing = null; // the drawing's module, once loaded
  let pending = null; // its loading

  // --- names and amounts -----------------------------------------------------------------

  const who = (seat) => ctx.names()[seat] ?? t("seat", { n: seat + 1 });
  const place = (space) => cards.space?.[space] ?? t("ww.space.path");
  const jobName = (id) => cards.job?.[id] ?? "";
  const magic = (type) => cards.magic?.[type] ?? "";
  const charm = (type) => cards.charm?.[type] ?? "";
  const licence = (id) => cards.licence?.[id] ?? "";

  const dust = (n) => plural("ww.unit.dust", n);
  const coins = (n) => plural("ww.unit.coins", n);
  /** Coins after "за" (for): the accusative, "за 1 монету". */
  const coinsFor = (n) => plural("ww.unit.coins_for", n);
  const fame = (n) => plural("ww.unit.fame", n);

  /** What a cost (`{dust, coins}`, negative for a gain) comes to, in words. */
  function price(cost = {}) {
    const parts = [];
    for (const [what, amount] of [["dust", cost.dust ?? 0], ["coins", cost.coins ?? 0]]) {
      if (!amount) continue;
      const said = what === "dust" ? dust(Math.abs(amount)) : coins(Math.abs(amount));
      parts.push(t(amount > 0 ? "ww.pay" : "ww.gain", { amount: said }));
    }
    return parts.length ? parts.join(", ") : t("ww.free");
  }

  function mushroomName(m) {
    return t(`ww.mushroom.${m.type}`, { n: m.value ?? "", icon: magic(m.icon) });
  }

  function backText(back) {
    const pixie = back.pixie ? t(`ww.back.${back.pixie}`) : "";
    return t("ww.back", { place: place(back.mushroom_space), pixie }).replace(/\s+/g, " ").trim();
  }
  const words = { who, place, jobName, magic, charm, licence, dust, coins, coinsFor, fame, price, mushroomName, backText };

  // --- the log and the status ------------------------------------------------------------

  function describe(event) {
    const d = event.data ?? {};
    const path = d.path ?? [];
    switch (event.type) {
      case "wizard_chosen": return t("ww.log.chose", { charm: charm(d.charm) });
      case "placed": return t("ww.log.placed", { place: place(d.space) });
      case "walked": return t("ww.log.walked", { steps: plural("ww.unit.steps", path.length), place: place(path.at(-1)), dust: d.dust ? price({ dust: -d.dust }) : t("ww.free") });
      case "sped": return t("ww.log.sped", { steps: plural("ww.unit.steps", path.length), place: place(path.at(-1)) });
      case "taxi": return t("ww.log.taxi", { from: place(d.from), place: place(d.to) });
      case "teleported": return t(d.mushroom ? "ww.log.teleported_mushroom" : "ww.log.teleported", { place: place(d.to) });
      case "charm_taken": return t("ww.log.charm", { charm: charm(d.charm) });
      case "mushroom_collected": return t("ww.log.mushroom", { mushroom: mushroomName(mushroomOf(d.mushroom)), place: place(d.space) });
      case "mushroom_placed": return t("ww.log.mushroom_placed", { place: place(d.space) });
      case "dust_returned": return t("ww.log.dust_returned", { dust: dust(d.dust) });
      case "bought": return t("ww.log.bought", { dust: dust(d.dust), coins: coinsFor(d.coins) });
      case "forest_pixie_moved": return t("ww.log.forest_pixie");
      case "mountain_pixie_moved": return t("ww.log.mountain_pixie", { n: d.stone });
      case "job_done": return t("ww.log.job", { job: jobName(d.job), place: place(d.village), fame: fame(d.fame), coins: coins(d.coins) });
      case "job_refilled": return t("ww.log.refilled", { place: place(d.village) });
      case "jobs_refreshed": return t("ww.log.refreshed");
      case "inspector_revealed": return t("ww.log.inspector");
      case "castle_visited": return t("ww.log.castle");
      case "licence_taken": return t("ww.log.licence", { licence: licence(d.licence), fame: fame(d.fame ?? summary?.view?.licence_fame) });
      case "seal_taken": return t("ww.log.seal");
      case "castle_left": return t("ww.log.left");
      case "turn_ended": return t("ww.log.ended");
      case "movement_ended": return t("ww.log.movement_ended", { place: place(d.at) });
      case "turn_limit_reached": return t("ww.log.turn_limit", { n: d.turns });
      case "final_score": return t("ww.log.final", { name: who(d.seat), fame: fame(d.fame) });
      case "game_over": return d.penalty ? t("ww.log.over_seals", { fame: fame(d.penalty) }) : t("ww.log.over");
      case "turn_started": case "licences_seen": return "";
      default: return null;
    }
  }
  function mushroomOf(id) {
    for (const p of summary?.view?.players ?? []) {
      const found = p.mushrooms.find((m) => m.id === id);
      if (found) return found;
    }
    const [type, value] = String(id).split("-");
    return { type, value: Number(value) || null, icon: ICONS.includes(value) ? value : null };
  }

  function status(s) {
    const v = s.view;
    if (!v) return null;
    let text;
    if (s.status === "over") {
      text = t(v.ended_by === "turn_limit" ? "ww.status.over_limit" : "ww.status.over_inspector");
    } else {
      const round = Math.floor(v.turn / v.players.length) + 1;
      const step = t(`ww.phase.${v.phase}`);
      const mineNow = s.you !== null && s.to_act.includes(s.you);
      text = mineNow ? t("ww.status.you", { step, round }) : t("ww.status.other", { name: who(v.active), step, round });
    }
    return el("p", { class: "ww-status", id: "ww-status", text });
  }

  /** Draws `next` with the drawing's module, loading it first (and the styles with it). */
  async function draw(next) {
    summary = next;
    if (!drawing) {
      pending ??= Promise.all([import("./ww-table.js"), styles()]).then(([module]) => {
        drawing = module.createDrawing(ctx, words);
      });
      await pending;
    }
    drawing.draw(summary);
  }

  return { draw, describe, status };
}

/** The drawing's style sheet, added once; resolves when it has loaded (or failed). */
function styles() {
  if (document.getElementById("ww-styles")) return Promise.resolve();
  const link = document.createElement("link");
  Object.assign(link, { id: "ww-styles", rel: "stylesheet", href: new URL("./ww.css", import.meta.url).href });
  const done = new Promise((resolve) => { link.onload = resolve; link.onerror = resolve; });
  document.head.append(link);
  return done;
}
