// The Wizards Wanted table's drawing (loaded by table-wizards-wanted.js on its first draw):
// the board is the interface (ww-board.js). In the movement step the spaces the seat can
// reach are marked with their cost in dust; a tap goes there the first of the ways the
// engine's view offers (`ways`: a route of several moves is sent move by move), and when
// there are more, as they differ in cost or in the mushrooms they pass, they are offered in
// words. The same ways are listed as buttons too ("Where to go"), one per way, named with
// the place, its cost and the path, so that a move never needs the board (on a phone it
// shows only the wizard's part of the board). Every amount shown (what a job pays, experience, the walking limit) is the view's. The rest (jobs, buying dust,
// the castle's licences and seals, teleports to the charms, the taxi, ending the turn) are
// buttons named in words with what each costs and gives, grouped by where they happen; every
// one is one of the engine's legal actions (its JSON in `data-action`). Player boards and the
// jobs on offer come from the same view.

import { createBoard, SEAT_COLOURS, SEAT_INKS } from "./ww-board.js";
import { plural, TITLES, youFirst } from "./play-common.js";
import { ICONS } from "./table-wizards-wanted.js";

/** The drawing for one table: `words` are the names and amounts the table says. */
export function createDrawing(ctx, words) {
  const { t, el, cards } = ctx;
  const { who, place, jobName, magic, charm, licence, dust, coins, coinsFor, fame, price, mushroomName, backText } = words;
  let summary = null;
  let chooser = null; // {space, ways}: a tapped space whose ways are offered in words
  let route = null; // the rest of a route of several moves, sent one by one
  const unfolded = new Set(); // the other players' boards opened (with three or four players)
  const board = createBoard({
    el, t, drawn: cards.drawn ?? {}, names: cards.space ?? {}, title: TITLES["wizards-wanted"] ?? "", onTap: tapped,
  });

  // The names of paths and the ways' arrows come from the drawing: drawn again once it is in.
  let boardIn = false;
  board.ready.then(() => {
    boardIn = true;
    if (summary) draw();
  });
  const view = () => summary.view;
  const mine = () => (summary.you === null ? null : view().players[summary.you]);
  const myMove = () => summary.status !== "over" && summary.you !== null && summary.to_act.includes(summary.you);

  /** The money mushrooms a listed action spends, in words, or "". */
  function paidWith(action) {
    const me = mine();
    if (!action.mushrooms?.length || !me) return "";
    const named = action.mushrooms.map((id) => me.mushrooms.find((m) => m.id === id)).filter(Boolean);
    return ` ${t("ww.paid_with", { mushrooms: named.map(mushroomName).join(", ") })}`;
  }

  // --- ways to a space -------------------------------------------------------------------

  const legal = () => summary.legal_actions ?? [];
  const passes = (path) => [...new Set(path.filter((s) => view().mushrooms_on_board[s]))];
  /** The ways to `space` the engine offers (its view's `ways`), the one a tap takes first. */
  const waysTo = (space) => view().ways?.[space] ?? [];

  /** The spaces to mark on the board, each with its cheapest way's cost and a label. */
  function reachable() {
    const marks = new Map();
    if (!myMove() || !["place", "move"].includes(view().phase)) return marks;
    for (const space of Object.keys(view().ways ?? {})) {
      const ways = waysTo(space);
      if (!ways.length) continue;
      const cost = { dust: ways[0].dust, coins: ways[0].coins };
      const label = view().phase === "place" ? t("ww.mark.place", { place: place(space) })
        : t("ww.mark.move", { place: place(space), cost: price(cost) });
      marks.set(space, { cost, label, ways });
    }
    return marks;
  }

  function stepText(action) {
    switch (action.type) {
      case "walk": return t("ww.step_walk", { n: action.path.length, place: place(action.path.at(-1)) });
      case "taxi": return t("ww.step_taxi");
      case "teleport": return t("ww.step_teleport", { place: place(action.to) });
      default: return "";
    }
  }

  function wayText(way) {
    const parts = [];
    switch (way.kind) {
      case "walk": parts.push(t("ww.way.walk", { steps: plural("ww.unit.steps", way.steps), cost: price({ dust: way.dust }) })); break;
      case "speed": parts.push(t("ww.way.speed", { steps: plural("ww.unit.steps", way.steps), mushroom: mushroomName(mine().mushrooms.find((m) => m.id === way.mushroom) ?? { type: "speed" }) })); break;
      case "teleport": parts.push(t("ww.way.teleport", { cost: price({ dust: way.dust }) })); break;
      case "teleport_mushroom": parts.push(t("ww.way.teleport_mushroom")); break;
      case "taxi": parts.push(t("ww.way.taxi", { cost: price({ coins: way.coins }) })); break;
      case "route": parts.push(t("ww.way.route", { steps: way.actions.map(stepText).join(" → "), cost: price({ dust: way.dust, coins: way.coins }) })); break;
      default: break;
    }
    if (way.passes.length) parts.push(t("ww.way.passes", { places: way.passes.map(place).join(", ") }));
    if (way.charm) parts.push(t("ww.way.charm", { charm: charm(charmType(way.charm)) }));
    if (way.kind !== "route" && way.actions[0].mushrooms?.length) parts.push(paidWith(way.actions[0]).trim());
    return parts.join("; ");
  }
  const charmType = (space) => ICONS.find((i) => space === `teleport-${i}`) ?? null;

  /** A space as a list or a button names it: its name, or a path by the named space
   *  nearest it on the drawing (a taxi stop with its number). */
  function spot(space) {
    if (cards.space?.[space]) return place(space);
    const near = board.nearest(space);
    const stop = board.taxiStop(space);
    if (!near) return place(space);
    return stop ? t("ww.space.taxi_stop", { n: stop, place: place(near) }) : t("ww.space.path_near", { place: place(near) });
  }

  /** How a way goes, in short, for the list: on foot (and the named spaces it passes), by
   *  a mushroom, a teleport, the taxi, or a route's moves; the mushrooms it picks up, the
   *  charm it takes. */
  function howText(way) {
    const parts = [];
    const action = way.actions[0];
    const via = (path) => {
      const named = path.slice(0, -1).filter((s) => cards.space?.[s]).map(place);
      return named.length ? ` ${t("ww.go.via", { places: named.join(", ") })}` : "";
    };
    switch (way.kind) {
      case "walk": parts.push(t("ww.go.walk", { steps: plural("ww.unit.steps", way.steps) }) + via(action.path)); break;
      case "speed": parts.push(t("ww.go.speed", { steps: plural("ww.unit.steps", way.steps), mushroom: mushroomName(mine().mushrooms.find((m) => m.id === way.mushroom) ?? { type: "speed" }) }) + via(action.path)); break;
      case "teleport": parts.push(t("ww.go.teleport")); break;
      case "teleport_mushroom": parts.push(t("ww.go.teleport_mushroom")); break;
      case "taxi": parts.push(t("ww.go.taxi")); break;
      case "route": parts.push(way.actions.map(stepText).join(" → ")); break;
      default: break;
    }
    if (way.passes.length) parts.push(t("ww.way.passes", { places: way.passes.map(place).join(", ") }));
    if (way.charm) parts.push(t("ww.way.charm", { charm: charm(charmType(way.charm)) }));
    if (way.kind !== "route" && action.mushrooms?.length) parts.push(paidWith(action).trim());
    return parts.join("; ");
  }

  /** Every way the view offers, as a button each: the place (and which way it lies), the
   *  cost, the path; a tap sends it as a tap on the board would. Named places first, by
   *  name, then the paths. */
  function goNode() {
    const v = view();
    if (!myMove() || !["place", "move"].includes(v.phase)) return null;
    const from = mine()?.position ?? null;
    const rows = Object.keys(v.ways ?? {}).flatMap((space) => waysTo(space).map((way) => ({ space, way, name: spot(space) })));
    if (!rows.length) return null;
    const named = (row) => (cards.space?.[row.space] ? 0 : 1);
    rows.sort((a, b) => named(a) - named(b) || a.name.localeCompare(b.name));
    const buttons = rows.map(({ space, way, name }) => {
      const arrow = board.arrow(from, space);
      const text = v.phase === "place" ? name
        : [`${name}${arrow ? ` ${arrow}` : ""}`, price({ dust: way.dust, coins: way.coins }), howText(way)].filter(Boolean).join(" · ");
      const node = el("button", {
        type: "button", class: "action secondary ww-go-button", "data-space": space, "data-way": way.kind,
        "data-action": JSON.stringify(listed(way.actions[0])), text,
      });
      node.addEventListener("click", () => {
        chooser = null;
        follow(way, space, node);
      });
      return node;
    });
    const title = v.phase === "place" ? t("ww.go.title_place") : t("ww.go.title", { n: Object.keys(v.ways).length });
    return el("div", { class: "ww-group ww-go", "data-group": "go" },
      el("h3", { id: "ww-go-title", text: title }),
      el("div", { class: "ww-go-list", role: "group", "aria-labelledby": "ww-go-title", tabindex: "0" }, ...buttons));
  }

  /** A tap on a marked space: go there the cheapest way, or offer the ways when the
   *  choice matters. */
  function tapped(space) {
    if (!summary || !myMove()) return;
    const ways = waysTo(space);
    if (!ways.length) return;
    if (ways.length === 1) {
      chooser = null;
      follow(ways[0], space);
      return;
    }
    chooser = { space, ways };
    draw();
    const offered = document.getElementById("ww-ways");
    offered?.scrollIntoView({ block: "nearest", behavior: "smooth" });
    offered?.querySelector("button")?.focus({ preventScroll: true });
  }

  /** A planned move as the engine lists it now: the same move, or a walk as long to the same
   *  space past the same mushrooms; the move itself when none is listed (the engine accepts
   *  any walk, and prices it the same). */
  function listed(step) {
    const key = (a) => JSON.stringify([a.type, a.path ?? null, a.to ?? null, a.space ?? null, a.mushroom ?? null]);
    const same = (a) => key(a) === key(step);
    const alike = (a) => step.type === "walk" && a.type === "walk" && a.path.length === step.path.length
      && a.path.at(-1) === step.path.at(-1) && JSON.stringify(passes(a.path)) === JSON.stringify(passes(step.path));
    return legal().find(same) ?? legal().find(alike) ?? step;
  }

  /** Sends a way's first move; the rest follow as the table comes back (a route). */
  function follow(way, space, button = null) {
    const [first, ...rest] = way.actions;
    route = rest.length ? { space, steps: rest } : null;
    moving(Boolean(route));
    send(listed(first), button);
  }
  /** Marks the page while a route's moves are being sent one by one. */
  const moving = (on) => {
    if (on) document.body.dataset.wwMoving = "";
    else delete document.body.dataset.wwMoving;
  };

  /** The next move of a route under way, as the engine lists it now, or null. */
  function nextOfRoute() {
    if (!route || !myMove() || view().phase !== "move") return null;
    const step = listed(route.steps[0]);
    const cost = JSON.stringify(step.cost ?? {});
    return cost === JSON.stringify(route.steps[0].cost ?? {}) ? step : null;
  }

  /** Sends an action (play-table.js). The table it brings back may be drawn before the
   *  sending is done, and the sending then empties the actions: they are drawn again. */
  async function send(action, button) {
    const before = summary.version;
    await ctx.send(action, button);
    if (summary.version > before && !document.querySelector("#actions > *")) drawActions();
  }

  /** A button that sends one of the engine's legal actions (its JSON in `data-action`). */
  function actionButton(action, text, cls = "") {
    const node = el("button", { type: "button", class: `action ${cls}`.trim(), "data-action": JSON.stringify(action), text });
    node.addEventListener("click", () => send(action, node));
    return node;
  }

  // --- the view --------------------------------------------------------------------------

  function chip(text, cls = "") {
    return el("span", { class: `ww-chip ${cls}`.trim(), text });
  }
  const icons = (list) => el("span", { class: "ww-icons" }, ...list.map((i) => chip(magic(i), `icon-${i}`)));

  function jobCard(village, slot, marks) {
    const v = view();
    const standing = v.players.map((p, seat) => (p.position === village ? seat : null)).filter((s) => s !== null);
    const swatches = standing.map((seat) => el("span", {
      class: "ww-swatch", style: { "--seat": SEAT_COLOURS[seat % SEAT_COLOURS.length] }, role: "img", "aria-label": who(seat),
    }));
    if (slot.job) {
      const job = slot.job;
      const pays = slot.pays;
      const mark = marks.get(village);
      const notes = [
        pays.bonus ? t("ww.job.bonus", { n: pays.bonus }) : "",
        slot.coins ? t("ww.job.coins_on", { coins: coins(slot.coins) }) : "",
        mark && v.phase === "move" ? t("ww.job.way", { cost: price(mark.cost) }) : "",
      ].filter(Boolean);
      return el("li", { class: `ww-job up${mark ? " reachable" : ""}`, "data-village": village, "data-job": job.id },
        el("p", { class: "ww-job-terms" }, el("strong", { class: "ww-job-place", text: place(village) }), ...swatches,
          el("span", { class: "ww-cost", text: dust(job.cost) }),
          el("span", { text: t("ww.job.pays", { fame: fame(pays.fame), coins: coins(pays.coins) }) })),
        el("p", { class: "ww-job-name" }, el("span", { text: jobName(job.id) }), " ",
          job.icons.length ? icons(job.icons) : el("span", { class: "muted ww-small", text: t("ww.job.no_icons") })),
        notes.length ? el("p", { class: "ww-small ww-way-cost", text: notes.join(" · ") }) : null);
    }
    return el("li", { class: `ww-job ${slot.back ? "down" : "empty"}`, "data-village": village },
      el("p", { class: "ww-job-terms" }, el("strong", { class: "ww-job-place", text: place(village) }), ...swatches,
        el("span", { text: t(slot.back ? "ww.job.face_down" : "ww.job.none") })),
      slot.back ? el("p", { class: "ww-small muted", text: backText(slot.back) }) : null);
  }

  function jobsNode(marks) {
    const v = view();
    return el("section", { class: "panel ww-jobs", "aria-labelledby": "ww-jobs-title" },
      el("h3", { id: "ww-jobs-title", text: t("ww.jobs_on_offer") }),
      el("ul", { class: "ww-job-list" }, ...Object.entries(v.villages).map(([village, slot]) => jobCard(village, slot, marks))));
  }

  function playerBoard(player, seat) {
    const v = view();
    const isMine = seat === summary.you;
    const acting = summary.to_act.includes(seat);
    const sources = Object.entries(player.fame_sources).filter(([, n]) => n)
      .map(([source, n]) => `${t(`ww.fame.${source}`)} ${n > 0 ? "+" : ""}${n}`);
    const tile = (label, value, cls) => el("div", { class: `ww-tile ${cls}` }, el("small", { text: label }), el("strong", { text: String(value) }));
    const magicTiles = ICONS.map((i) => {
      const n = player.icons[i] ?? 0;
      const starting = player.starting_charm === i ? "★" : "";
      return el("div", { class: `ww-magic icon-${i}`, "data-icon": i },
        el("strong", { text: magic(i) }), " ",
        el("small", { text: `${t("ww.board.icons", { n, fame: player.experience[i] })} · ${t("ww.board.charms", { n: player.charm_counts[i] })}${starting}` }));
    });
    const seal = player.seal ? t("ww.board.seal_mine", { n: player.seal.penalty }) : player.has_seal ? t("ww.board.seal_hidden") : "";
    const details = [
      sources.length ? el("p", { class: "ww-small muted", text: sources.join(" · ") }) : null,
      el("div", { class: "ww-magics" }, ...magicTiles),
      player.mushrooms.length ? el("p", { class: "ww-small" }, el("span", { class: "muted", text: `${t("ww.board.held")}: ` }),
        el("span", { text: player.mushrooms.map(mushroomName).join(", ") })) : null,
      el("div", { class: "ww-licence" },
        el("p", {}, el("span", { class: "muted", text: `${t("ww.board.licence")}: ` }),
          el("span", { text: player.licence ? `«${licence(player.licence)}»` : t("ww.board.no_licence") }),
          seal ? el("span", { class: "muted", text: ` · ${seal}` }) : null),
        player.jobs.length ? el("details", { class: "ww-done" },
          el("summary", { text: t("ww.board.jobs_done", { n: player.jobs.length }) }),
          el("ul", {}, ...player.jobs.map((id) => el("li", { text: jobName(id) })))) : null),
      isMine && player.seen_licences?.length && !player.licence && v.phase !== "castle" ? el("p", { class: "ww-small" },
        el("span", { class: "muted", text: `${t("ww.board.seen")}: ` }),
        el("span", { text: player.seen_licences.map((c) => `«${licence(c.id)}»`).join(", ") })) : null,
    ];
    // With three or four at the table, the others' boards fold below their purses: a tap
    // opens one (and it stays open), so that a phone's page stays short.
    const folded = !isMine && v.players.length > 2;
    let rest = details;
    if (folded) {
      const more = el("details", { class: "ww-more", open: unfolded.has(seat) },
        el("summary", { text: t("ww.board.more", { n: player.jobs.length }) }), ...details);
      more.addEventListener("toggle", () => (more.open ? unfolded.add(seat) : unfolded.delete(seat)));
      rest = [more];
    }
    return el("section", {
      class: `panel player ww-player${isMine ? " mine" : ""}${acting ? " acting" : ""}`,
      "data-seat": String(seat), "aria-label": who(seat),
      style: { "--seat": SEAT_COLOURS[seat % SEAT_COLOURS.length], "--seat-ink": SEAT_INKS[seat % SEAT_INKS.length] },
    },
    el("h3", {}, el("span", { class: "ww-pawn-number", "aria-hidden": "true", text: String(seat + 1) }), el("span", { text: who(seat) }),
      isMine ? el("span", { class: "badge", text: t("you") }) : null,
      acting ? el("span", { class: "muted", text: ` ${t("acting")}` }) : null,
      el("span", { class: "ww-where", text: player.position ? t("ww.board.at", { place: place(player.position) }) : t("ww.board.nowhere") })),
    el("div", { class: "ww-tiles" },
      tile(t("ww.board.fame"), player.fame, "fame"), tile(t("ww.board.dust"), player.dust, "dust"),
      tile(t("ww.board.coins"), player.coins, "coins"), tile(t("ww.board.mushrooms"), player.mushrooms.length, "mushrooms")),
    ...rest);
  }

  function tableNode() {
    const v = view();
    const top = v.deck_top_back;
    const lines = [
      t("ww.info.price", { coins: coins(v.toadstool.coins), dust: dust(v.toadstool.dust), max: v.toadstool.max }),
      [t("ww.info.deck", { n: v.deck_size }), top ? t("ww.info.top", { back: backText(top) }) : "", t("ww.info.pile", { n: v.mushroom_pile })].join(" "),
      t("ww.info.castle", { licences: v.courtyard_size, seals: v.seals_at_castle }),
    ];
    return el("section", { class: "panel ww-info", "aria-labelledby": "ww-info-title" },
      el("h3", { id: "ww-info-title", text: t("ww.info.title") }),
      el("p", { class: "ww-info-text", text: lines.join(" ") }));
  }

  function drawView(marks) {
    const v = view();
    const order = youFirst(v.players.length, summary.you);
    const hint = myMove() && marks.size ? el("p", { class: "ww-hint", text: t(v.phase === "place" ? "ww.hint.place" : "ww.hint.move") }) : null;
    board.update({ view: v, mine: summary.you, reach: marks, chosen: chooser?.space ?? null });
    document.getElementById("view").replaceChildren(
      el("div", { class: "ww-table" }, hint, board.node, el("div", { class: "ww-under" }, board.tools), waysNode(),
        el("div", { class: "ww-panels" }, ...order.map((seat) => playerBoard(v.players[seat], seat)),
          el("p", { class: "ww-small muted ww-magic-note", text: t("ww.board.magic_note") }), jobsNode(marks), tableNode())));
  }

  // --- the actions -----------------------------------------------------------------------

  function labelOf(action) {
    const v = view();
    const cost = price(action.cost);
    switch (action.type) {
      case "choose_wizard": return t("ww.act.choose", { charm: charm(action.charm) });
      case "job": {
        const slot = v.villages[mine().position];
        const pays = slot.pays;
        return t("ww.act.job", { job: jobName(slot.job.id), cost, fame: fame(pays.fame), coins: coins(pays.coins) }) + paidWith(action);
      }
      case "buy": return t("ww.act.buy", { dust: dust(-(action.cost?.dust ?? 0)), coins: coinsFor(action.cost?.coins ?? 0) }) + paidWith(action);
      case "castle": return t("ww.act.castle");
      case "take_licence": return t("ww.act.take", { licence: licence(action.licence), fame: fame(v.licence_fame) });
      case "leave": return t("ww.act.leave");
      case "end": return t(v.phase === "move" ? "ww.act.end_now" : "ww.act.end");
      case "taxi": return t("ww.act.taxi", { place: v.taxi_to ? spot(v.taxi_to) : place(null), cost }) + paidWith(action);
      case "teleport": {
        const type = charmType(action.to);
        const gets = type && v.charms[action.to] && !v.this_turn.charm_taken ? ` ${t("ww.act.gets", { charm: charm(type) })}` : "";
        return t("ww.act.teleport", { place: place(action.to), cost }) + gets + paidWith(action);
      }
      default: return null;
    }
  }

  /** Where an action happens, for its group. */
  function groupOf(action) {
    switch (action.type) {
      case "choose_wizard": return "choose";
      case "job": case "buy": case "castle": return "here";
      case "take_licence": case "leave": return "courtyard";
      case "taxi": return "taxi";
      case "teleport": return "stone";
      case "end": return "turn";
      default: return null; // moves on the board, and ending the movement step
    }
  }
  const GROUPS = ["choose", "courtyard", "here", "stone", "taxi", "turn"];

  function groupTitle(key) {
    const at = mine()?.position;
    if (key === "here" || key === "stone" || key === "taxi") return t(`ww.group.${key}`, { place: place(at) });
    return t(`ww.group.${key}`);
  }

  /** The courtyard's licences the seat holds at the castle: each card's title and whether
   *  it is met; its rulebook sentence on a tap. */
  function courtyardCards() {
    const court = view().courtyard ?? [];
    const takes = new Set(legal().filter((a) => a.type === "take_licence").map((a) => a.licence));
    return el("ul", { class: "ww-licences" }, ...court.map((c) => el("li", { class: `ww-licence-card${takes.has(c.id) ? " met" : ""}`, "data-licence": c.id },
      el("details", {},
        el("summary", {}, el("strong", { text: licence(c.id) }), " ",
          el("small", { class: takes.has(c.id) ? "ok" : "muted", text: t(takes.has(c.id) ? "ww.licence.met" : "ww.licence.unmet") })),
        el("small", { text: cards.licence_text?.[c.id] ?? "" })))));
  }

  function waysNode() {
    if (!chooser) return null;
    const box = el("div", { class: "ww-group ww-ways", id: "ww-ways", "data-group": "ways" },
      el("h3", { text: t("ww.group.ways", { place: place(chooser.space) }) }));
    const buttons = el("div", { class: "action-buttons" });
    chooser.ways.forEach((way, i) => {
      const first = way.actions[0];
      const node = el("button", { type: "button", class: `action ww-way${i ? " secondary" : ""}`, "data-action": JSON.stringify(listed(first)), "data-way": way.kind, text: wayText(way) });
      node.addEventListener("click", () => {
        const space = chooser.space;
        chooser = null;
        follow(way, space, node);
      });
      buttons.append(node);
    });
    box.append(buttons);
    return box;
  }

  function drawActions() {
    const box = document.getElementById("actions");
    if (!ctx.myMove(summary, box)) return;
    const v = view();
    const me = mine();
    const nodes = [el("p", { class: "ww-step", id: "ww-step", text: stepLine() })];
    if (v.phase === "castle") nodes.push(courtyardCards());
    const go = goNode();
    if (go) nodes.push(go);
    const groups = new Map();
    for (const action of legal()) {
      const key = groupOf(action);
      if (!key) continue;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(action);
    }
    for (const key of GROUPS.filter((k) => groups.has(k))) {
      const buttons = el("div", { class: "action-buttons" },
        ...groups.get(key).map((action) => actionButton(action, labelOf(action), ["end", "leave"].includes(action.type) ? "secondary" : "")));
      nodes.push(el("div", { class: `ww-group group-${key}`, "data-group": key }, el("h3", { text: groupTitle(key) }), buttons));
    }
    if (v.phase === "move" && me && v.this_turn.walked >= v.walk_limit && !groups.has("here")) {
      nodes.push(el("p", { class: "muted ww-small", text: t("ww.walked_out") }));
    }
    box.replaceChildren(...nodes);
  }

  function stepLine() {
    const v = view();
    const me = mine();
    switch (v.phase) {
      case "choose": return t("ww.stepline.choose");
      case "place": return t("ww.stepline.place");
      case "move": return t("ww.stepline.move", { walked: v.this_turn.walked, limit: v.walk_limit, dust: dust(me.dust), coins: coins(me.coins) });
      case "action": return t("ww.stepline.action");
      case "castle": return legal().some((a) => a.type === "take_licence") ? t("ww.stepline.castle") : t("ww.stepline.castle_none");
      default: return "";
    }
  }

  function draw() {
    const marks = reachable();
    drawView(marks);
    drawActions();
    const log = document.getElementById("log");
    if (log && !log.hasAttribute("tabindex")) log.setAttribute("tabindex", "0"); // it scrolls
    if (boardIn) document.body.dataset.wwVersion = String(summary.version); // drawn: for tests and benchmarks
  }

  return {
    draw(next) {
      summary = next;
      if (chooser && !myMove()) chooser = null;
      if (chooser) chooser.ways = waysTo(chooser.space);
      if (chooser && chooser.ways.length < 2) chooser = null;
      const step = nextOfRoute();
      if (!step) route = null;
      draw();
      if (step) {
        route.steps.shift();
        if (!route.steps.length) route = null;
        send(step, null);
      } else {
        moving(false);
      }
    },
  };
}
