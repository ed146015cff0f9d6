// The Wizards Wanted board on the page: the designed drawing (GET
// /v1/games/wizards-wanted/board.svg, drawn by board_svg.py from the board's data) inline,
// its texts in the page's language, the state drawn on top (pawns, pixies, face-down
// mushrooms, jobs, scores, the courtyard's licences and the castle's seals) and the spaces
// a seat can reach marked with their cost. Every place is found in the drawing itself (a
// space's centre is where its links end), so no geometry is kept here. It scales to the
// page's width; fingers pinch and drag it (pointer events, `touch-action: none`), the
// buttons and the keyboard zoom and pan it too. On a phone (PHONE) the frame is taller than
// the board's shape and opens close enough that the drawing's smallest text is MIN_TEXT_PX
// tall, on the seat's wizard; it follows the wizard after each move.

const SOURCE = "/v1/games/wizards-wanted/board.svg";
//: The pawns' colours by seat, as board_svg.py's SEAT_COLOURS draw them.
export const SEAT_COLOURS = ["#d62828", "#1d4ed8", "#f59e0b", "#059669"];
//: The ink that reads on each seat's colour.
export const SEAT_INKS = ["#ffffff", "#ffffff", "#1d1b20", "#1d1b20"];
const TAP_SLOP_PX = 8; // a press that moves less than this is a tap, not a drag
const HIT_UNITS = 46; // a tap this close to a marked space (drawing units) picks it
const MAX_ZOOM = 6;
const STEP = 1.5; // one press of + or −
const MIN_TEXT_PX = 11; // on a phone, the drawing's smallest text at least this tall
const PHONE = "(max-width: 40rem)"; // as ww.css's: the taller frame, opened close in
const ARROWS = ["→", "↘", "↓", "↙", "←", "↖", "↑", "↗"]; // by the eighth of a turn, clockwise from east

let drawing = null; // the fetched SVG text, once per page
let ns = null; // the SVG namespace, read from the drawing itself

/** An SVG element with its attributes, then children. */
function svgEl(tag, attrs = {}, ...children) {
  const node = document.createElementNS(ns, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value);
  }
  node.append(...children.filter(Boolean));
  return node;
}

function svgText(x, y, text, size, attrs = {}) {
  return svgEl("text", {
    x, y, "font-size": size, "text-anchor": "middle", "font-weight": "bold", ...attrs,
  }, text);
}

/** The board for one table: `onTap(space)` is called when a marked space is tapped. */
export function createBoard({ el, t, drawn, names, title, onTap }) {
  const frame = el("div", { class: "ww-frame" });
  const zoom = (factor) => () => zoomBy(factor);
  const button = (text, label, action) => {
    const node = el("button", { type: "button", class: "secondary ww-zoom-button", "aria-label": label, text });
    node.addEventListener("click", action);
    return node;
  };
  const tools = el("div", { class: "ww-zoom", role: "group", "aria-label": t("ww.board.zoom") },
    button("+", t("ww.board.zoom_in"), zoom(1 / STEP)),
    button("−", t("ww.board.zoom_out"), zoom(STEP)),
    button("⤢", t("ww.board.zoom_reset"), () => setView(whole())),
    button("◎", t("ww.board.zoom_me"), () => zoomToMine()));
  const node = el("div", { class: "ww-board" }, frame);
  let svg = null;
  let base = null; // the whole drawing's viewBox
  let view = null; // the part of the drawing shown: {x, y, w, h}
  let layers = null; // the groups drawn over the drawing
  let latest = null; // the last state asked for, drawn once the drawing is in
  let smallest = null; // the drawing's smallest font size, in its units
  let sized = false; // the first view set once the frame has a size
  let followed = null; // where the seat's wizard was at the last draw
  const centres = {};
  const pointers = new Map();
  let gesture = null;

  // --- the drawing ---------------------------------------------------------------------

  async function load() {
    drawing ??= fetch(SOURCE).then((r) => {
      if (!r.ok) throw new Error(`${SOURCE}: ${r.status}`);
      return r.text();
    });
    const doc = new DOMParser().parseFromString(await drawing, "image/svg+xml");
    svg = document.importNode(doc.documentElement, true);
    ns = svg.namespaceURI;
    const [x, y, w, h] = svg.getAttribute("viewBox").split(/\s+/).map(Number);
    base = { x, y, w, h };
    for (const name of ["width", "height", "aria-labelledby"]) svg.removeAttribute(name);
    for (const old of svg.querySelectorAll("title, desc")) old.remove();
    // The drawing's texts in the page's language: each space's name (its number stays),
    // then the landscapes' names and the notes.
    for (const group of svg.querySelectorAll("g.space")) {
      const name = names[group.id.slice("space-".length)];
      for (const text of group.querySelectorAll("text")) {
        if (name && !/^\d+$/.test(text.textContent)) text.textContent = name;
      }
    }
    for (const text of svg.querySelectorAll("text")) {
      const shown = drawn[text.textContent];
      if (shown) text.textContent = shown;
    }
    const heading = svg.querySelector(":scope > text");
    if (heading) heading.textContent = title;
    Object.assign(svg.dataset, { board: "" });
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", t("ww.board.label"));
    svg.setAttribute("tabindex", "0");
    svg.setAttribute("class", "ww-svg");
    // Everything drawn so far is the picture; the marked spaces are the controls.
    const picture = svgEl("g", { "aria-hidden": "true", class: "ww-picture" });
    picture.append(...[...svg.childNodes]);
    svg.append(picture);
    for (const line of /** @type {NodeListOf<SVGLineElement>} */ (
      svg.querySelectorAll("line[data-link]"))) {
      const [a, b] = line.dataset.link.split(" ");
      centres[a] = [Number(line.getAttribute("x1")), Number(line.getAttribute("y1"))];
      centres[b] = [Number(line.getAttribute("x2")), Number(line.getAttribute("y2"))];
    }
    layers = {
      state: svgEl("g", { class: "ww-state", "aria-hidden": "true" }),
      reach: svgEl("g", { class: "ww-reach-layer" }),
    };
    svg.append(layers.state, layers.reach);
    frame.style.setProperty("--ww-ratio", `${w} / ${h}`);
    smallest = Math.min(...[...svg.querySelectorAll("text")].map((t) => Number(t.getAttribute("font-size")) || Infinity));
    frame.append(svg);
    wire();
    setView(whole());
    new ResizeObserver(resized).observe(frame);
    if (latest) update(latest);
  }

  /** The frame's height over its width (the board's own before it is laid out). */
  function ratio() {
    return frame.clientWidth && frame.clientHeight ? frame.clientHeight / frame.clientWidth : base.h / base.w;
  }

  /** The whole board in the frame (with margins where the frame's shape is not the board's). */
  function whole() {
    const r = ratio();
    const w = Math.max(base.w, base.h / r);
    const h = w * r;
    return { x: base.x - (w - base.w) / 2, y: base.y - (h - base.h) / 2, w };
  }

  /** The width (drawing units) at which the drawing's smallest text is MIN_TEXT_PX tall. */
  const readable = () => frame.clientWidth * (Number.isFinite(smallest) ? smallest : MIN_TEXT_PX) / MIN_TEXT_PX;
  const phone = () => window.matchMedia(PHONE).matches;

  /** The frame's first size, and each new one: on a phone the board opens close in on the
   *  wizard; otherwise the view keeps its middle and its width. */
  function resized() {
    if (!frame.clientWidth) return;
    if (!sized) {
      sized = true;
      if (phone()) {
        closeIn(readable());
        return;
      }
    }
    setView({ x: view.x + view.w / 2, y: view.y + view.h / 2, w: view.w, centred: true });
  }

  /** The seat's wizard's place (null before it is placed). */
  function mineAt() {
    if (latest?.mine === null || latest?.mine === undefined) return null;
    return latest.view.players[latest.mine]?.position ?? null;
  }

  /** A view `w` wide round the seat's wizard (the board's middle before it is placed). */
  function closeIn(w) {
    const [x, y] = centres[mineAt()] ?? [base.x + base.w / 2, base.y + base.h / 2];
    setView({ x, y, w, centred: true });
  }

  /** The number of the taxi stop on `space`, from the drawing's badge (null: none). */
  function taxiStop(space) {
    return svg.querySelector(`#space-${CSS.escape(space)} .taxi-stop`)?.dataset.stop ?? null;
  }

  /** The named space nearest `space` on the drawing, to say where a path is. */
  function nearest(space) {
    const [x, y] = centres[space] ?? [];
    let best = null;
    let distance = Infinity;
    for (const [other, [ox, oy]] of Object.entries(centres)) {
      if (other === space || !names[other]) continue;
      const d = Math.hypot(ox - x, oy - y);
      if (d < distance) [best, distance] = [other, d];
    }
    return best;
  }

  /** Which way `to` lies from `from` on the board, as an arrow ("" when either is unknown). */
  function arrow(from, to) {
    if (!centres[from] || !centres[to] || from === to) return "";
    const [dx, dy] = [centres[to][0] - centres[from][0], centres[to][1] - centres[from][1]];
    const eighth = Math.round(Math.atan2(dy, dx) / (Math.PI / 4));
    return ARROWS[(eighth + ARROWS.length) % ARROWS.length];
  }

  // --- the state on top ----------------------------------------------------------------

  function pawns(view, mine) {
    const at = {};
    view.players.forEach((p, seat) => { if (p.position) (at[p.position] ??= []).push(seat); });
    return Object.entries(at).flatMap(([space, seats]) => seats.map((seat, k) => {
      const [x, y] = centres[space];
      const px = x + (k - (seats.length - 1) / 2) * 22;
      return svgEl("g", { class: `ww-pawn${seat === mine ? " mine" : ""}`, "data-seat": seat, "data-space": space },
        svgEl("path", {
          d: `M${px - 11},${y - 14} L${px},${y - 46} L${px + 11},${y - 14} Z`,
          fill: SEAT_COLOURS[seat % SEAT_COLOURS.length], stroke: "#fffdf5", "stroke-width": seat === mine ? 4 : 2,
        }),
        svgText(px, y - 20, String(seat + 1), 13, { fill: SEAT_INKS[seat % SEAT_INKS.length] }));
    }));
  }

  function mushrooms(view) {
    return Object.entries(view.mushrooms_on_board).map(([space, count]) => {
      const [x, y] = centres[space];
      return svgEl("g", { class: "ww-mushroom", "data-space": space, "data-count": count },
        svgEl("path", { d: `M${x - 15},${y + 1} A15,13 0 0 1 ${x + 15},${y + 1} Z`, fill: "#d64545", stroke: "#3d3327", "stroke-width": 1.5 }),
        svgEl("rect", { x: x - 5, y: y, width: 10, height: 11, rx: 2, fill: "#f5ecd7", stroke: "#3d3327", "stroke-width": 1.5 }),
        count > 1 ? svgText(x + 16, y - 10, String(count), 12, { fill: "#3d3327" }) : null);
    });
  }

  function jobs(view) {
    return Object.entries(view.villages).map(([village, slot]) => {
      const [x, y] = centres[village];
      const up = Boolean(slot.job);
      const card = svgEl("g", { class: `ww-job-mark${up ? " face-up" : slot.back ? " face-down" : " empty"}`, "data-village": village },
        svgEl("rect", {
          x: x + 27, y: y - 20, width: 30, height: 40, rx: 4,
          fill: up ? "#fff8e6" : slot.back ? "#5b3fa0" : "none",
          stroke: up ? "#b88a1b" : "#3d3327", "stroke-width": 2, "stroke-dasharray": up || slot.back ? null : "3 3",
        }),
        up ? svgText(x + 42, y + 2, String(slot.job.cost), 15, { fill: "#3d3327" }) : null,
        up ? svgEl("polygon", { points: `${x + 42},${y + 7} ${x + 47},${y + 12} ${x + 42},${y + 17} ${x + 37},${y + 12}`, fill: "#2563eb" }) : null);
      if (slot.coins) card.append(svgEl("circle", { cx: x + 57, cy: y - 20, r: 8, fill: "#e0b000", stroke: "#3d3327" }), svgText(x + 57, y - 16, String(slot.coins), 12, { fill: "#3d3327" }));
      return card;
    });
  }

  function pixies(view) {
    const found = [];
    const stone = centres[`stone-${view.mountain_pixie}`];
    if (stone) {
      const [x, y] = stone;
      found.push(svgEl("g", { class: "ww-mountain-pixie", "data-stone": view.mountain_pixie },
        svgEl("circle", { cx: x, cy: y, r: 25, fill: "none", stroke: "#5b3fa0", "stroke-width": 4, "stroke-dasharray": "6 4" }),
        svgEl("polygon", { points: `${x - 10},${y - 15} ${x + 10},${y - 15} ${x + 2},${y - 42}`, fill: "#5b3fa0", stroke: "#fffdf5", "stroke-width": 1.5 })));
    }
    const toadstool = svg.querySelector(`g.toadstool[data-toadstool="${view.forest_pixie}"] circle`);
    if (toadstool) {
      const x = Number(toadstool.getAttribute("cx"));
      const y = Number(toadstool.getAttribute("cy"));
      const r = Number(toadstool.getAttribute("r"));
      found.push(svgEl("circle", { class: "ww-forest-pixie", cx: x, cy: y, r: r + 5, fill: "none", stroke: "#2e8b3e", "stroke-width": 4 }));
    }
    return found;
  }

  /** The courtyard's face-down licences and the castle's seals: the drawing's empty places,
   *  filled as many as there are. */
  function castle(view) {
    const filled = [];
    const places = [...svg.querySelectorAll("#courtyard rect")].slice(1);
    places.slice(0, view.courtyard_size).forEach((r) => filled.push(svgEl("rect", {
      x: r.getAttribute("x"), y: r.getAttribute("y"), width: r.getAttribute("width"), height: r.getAttribute("height"),
      rx: 2, fill: "#5b3fa0", stroke: "#fffdf5", "stroke-width": 1.5, class: "ww-licence-back",
    })));
    const seals = [...svg.querySelectorAll("#seal-stack ellipse")];
    seals.slice(0, view.seals_at_castle).forEach((e) => filled.push(svgEl("ellipse", {
      cx: e.getAttribute("cx"), cy: e.getAttribute("cy"), rx: 15, ry: 6, fill: "#b22222", stroke: "#fffdf5", "stroke-width": 1.5, class: "ww-seal",
    })));
    return filled;
  }

  function fame(view) {
    const cells = svg.querySelectorAll("g.fame-space");
    const spaces = cells.length;
    const by = {};
    view.players.forEach((p, seat) => { (by[Math.max(0, p.fame) % spaces] ??= []).push(seat); });
    return Object.entries(by).flatMap(([cell, seats]) => {
      const rect = svg.querySelector(`g.fame-space[data-fame="${cell}"] rect`);
      const x = Number(rect.getAttribute("x")) + Number(rect.getAttribute("width")) / 2;
      const y = Number(rect.getAttribute("y")) + Number(rect.getAttribute("height")) / 2 - 12;
      return seats.map((seat, k) => {
        const cx = x + (k - (seats.length - 1) / 2) * 14;
        return svgEl("g", { class: "ww-fame-marker", "data-seat": seat, "data-fame": view.players[seat].fame },
          svgEl("circle", { cx, cy: y, r: 9, fill: SEAT_COLOURS[seat % SEAT_COLOURS.length], stroke: "#fffdf5", "stroke-width": 2 }),
          svgText(cx, y + 4, String(seat + 1), 10, { fill: SEAT_INKS[seat % SEAT_INKS.length] }));
      });
    });
  }

  function badge(x, y, cost) {
    const text = costText(cost);
    const width = 12 + 9 * text.length;
    return svgEl("g", { class: "ww-cost" },
      svgEl("rect", { x: x - width / 2, y: y - 34, width, height: 20, rx: 10, fill: cost.dust < 0 ? "#1d6b34" : "#1e3a8a", stroke: "#fffdf5", "stroke-width": 2 }),
      svgText(x, y - 19, text, 14, { fill: "#ffffff" }));
  }

  /** The cost of a way in short, for its badge: dust (+ for a gain), coins after a ¤. */
  function costText(cost) {
    const dust = cost.dust ?? 0;
    const parts = [dust < 0 ? `+${-dust}` : String(dust)];
    if (cost.coins) parts.push(`${cost.coins}¤`);
    return parts.join(" ");
  }

  function marks(reach, chosen) {
    return [...reach].map(([space, mark]) => {
      const [x, y] = centres[space];
      const node = svgEl("g", {
        class: `ww-reach${space === chosen ? " chosen" : ""}`, "data-space": space, role: "button",
        tabindex: "0", "aria-label": mark.label,
      },
      svgEl("circle", { class: "ww-hit", cx: x, cy: y, r: HIT_UNITS - 6, fill: "#ffffff", "fill-opacity": 0.01 }),
      svgEl("circle", { class: "ww-ring", cx: x, cy: y, r: 21, fill: "none", stroke: "#16a34a", "stroke-width": space === chosen ? 8 : 5 }),
      badge(x, y, mark.cost));
      node.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          onTap(space);
        }
      });
      return node;
    });
  }

  function here(view, mine) {
    const at = mine === null ? null : view.players[mine]?.position;
    if (!at || !centres[at]) return [];
    const [x, y] = centres[at];
    return [svgEl("circle", { class: "ww-here", cx: x, cy: y, r: 30, fill: "none", stroke: "#111827", "stroke-width": 3, "stroke-dasharray": "4 4" })];
  }

  /** Draws `state`: {view, mine (a seat or null), reach: Map space -> {cost, label}, chosen}. */
  function update(state) {
    latest = state;
    if (!svg) return;
    const { view: table, mine, reach, chosen } = state;
    layers.state.replaceChildren(...castle(table), ...pixies(table), ...jobs(table), ...mushrooms(table),
      ...fame(table), ...here(table, mine), ...pawns(table, mine));
    layers.reach.replaceChildren(...marks(reach, chosen));
    // After the wizard moves, the view follows it (when the board is closed in, as it is on
    // a phone; the whole board shows it anyway).
    const at = mineAt();
    if (sized && at && at !== followed && (phone() || node.classList.contains("zoomed"))) {
      closeIn(phone() ? Math.min(view.w, readable()) : view.w);
    }
    followed = at;
  }

  // --- zooming and panning ---------------------------------------------------------------

  /** Round the seat's wizard (or the board's middle before it is placed): close enough to
   *  read on a phone, else twice as close. */
  function zoomToMine() {
    if (!svg) return;
    closeIn(Math.min(view.w, phone() ? readable() : base.w / 2));
  }

  /** Shows `next` (its top left corner, or its middle when `centred`), within the board:
   *  no closer than MAX_ZOOM, no farther than the whole board, as tall as the frame. */
  function setView(next) {
    const all = whole();
    const r = ratio();
    const w = Math.min(all.w, Math.max(all.w / MAX_ZOOM, next.w));
    const h = w * r;
    const [left, top] = next.centred ? [next.x - w / 2, next.y - h / 2] : [next.x, next.y];
    const within = (start, size, from, span) => (size >= span ? from + (span - size) / 2 : Math.min(from + span - size, Math.max(from, start)));
    const x = within(left, w, base.x, base.w);
    const y = within(top, h, base.y, base.h);
    view = { x, y, w, h };
    svg.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
    node.classList.toggle("zoomed", w < all.w - 0.5);
  }

  /** The drawing's point under the client point (cx, cy). */
  function pointAt(cx, cy) {
    const box = svg.getBoundingClientRect();
    return [view.x + (cx - box.left) / box.width * view.w, view.y + (cy - box.top) / box.height * view.h];
  }

  function zoomBy(factor, cx = null, cy = null) {
    if (!svg) return;
    const box = svg.getBoundingClientRect();
    const [px, py] = cx === null ? [view.x + view.w / 2, view.y + view.h / 2] : pointAt(cx, cy);
    const fx = cx === null ? 0.5 : (cx - box.left) / box.width;
    const fy = cy === null ? 0.5 : (cy - box.top) / box.height;
    const all = whole().w;
    const w = Math.min(all, Math.max(all / MAX_ZOOM, view.w * factor));
    setView({ x: px - fx * w, y: py - fy * w * ratio(), w });
  }

  function panBy(dx, dy) {
    const box = svg.getBoundingClientRect();
    setView({ x: view.x - dx * view.w / box.width, y: view.y - dy * view.h / box.height, w: view.w });
  }

  /** The marked space nearest the client point, if it is close enough to mean it. */
  function spaceAt(cx, cy) {
    const [x, y] = pointAt(cx, cy);
    const box = svg.getBoundingClientRect();
    const reach = Math.max(HIT_UNITS, 22 * view.w / box.width); // at least 22 px
    let best = null;
    let bestDistance = reach;
    for (const mark of layers.reach.querySelectorAll("g.ww-reach")) {
      const [sx, sy] = centres[mark.dataset.space];
      const d = Math.hypot(sx - x, sy - y);
      if (d < bestDistance) [best, bestDistance] = [mark.dataset.space, d];
    }
    return best;
  }

  function wire() {
    svg.addEventListener("pointerdown", (event) => {
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      svg.setPointerCapture?.(event.pointerId);
      if (pointers.size === 1) {
        gesture = { kind: "press", x: event.clientX, y: event.clientY, moved: false };
      } else if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        gesture = {
          kind: "pinch", distance: Math.hypot(a.x - b.x, a.y - b.y) || 1,
          mid: [(a.x + b.x) / 2, (a.y + b.y) / 2], width: view.w, moved: true,
        };
      }
    });
    svg.addEventListener("pointermove", (event) => {
      const last = pointers.get(event.pointerId);
      if (!last || !gesture) return;
      const now = { x: event.clientX, y: event.clientY };
      pointers.set(event.pointerId, now);
      if (gesture.kind === "pinch" && pointers.size >= 2) {
        const [a, b] = [...pointers.values()];
        const distance = Math.hypot(a.x - b.x, a.y - b.y) || 1;
        const mid = [(a.x + b.x) / 2, (a.y + b.y) / 2];
        zoomBy(gesture.width * gesture.distance / distance / view.w, gesture.mid[0], gesture.mid[1]);
        panBy(mid[0] - gesture.mid[0], mid[1] - gesture.mid[1]);
        gesture.mid = mid;
        return;
      }
      if (!gesture.moved && Math.hypot(now.x - gesture.x, now.y - gesture.y) < TAP_SLOP_PX) return;
      gesture.moved = true;
      const dx = now.x - last.x;
      const dy = now.y - last.y;
      if (node.classList.contains("zoomed")) panBy(dx, dy);
      else if (event.pointerType !== "mouse") window.scrollBy(0, -dy); // the whole board shows: scroll the page
    });
    const release = (event) => {
      const press = gesture;
      pointers.delete(event.pointerId);
      if (pointers.size === 0) gesture = null;
      if (event.type === "pointerup" && press?.kind === "press" && !press.moved) {
        const space = spaceAt(event.clientX, event.clientY);
        if (space) onTap(space);
      }
    };
    svg.addEventListener("pointerup", release);
    svg.addEventListener("pointercancel", release);
    svg.addEventListener("wheel", (event) => {
      if (!event.ctrlKey) return; // a trackpad's pinch, or Ctrl with the wheel
      event.preventDefault();
      zoomBy(Math.exp(event.deltaY / 200), event.clientX, event.clientY);
    }, { passive: false });
    svg.addEventListener("keydown", (event) => {
      if (event.target !== svg) return;
      const step = 40;
      const keys = {
        ArrowLeft: () => panBy(step, 0), ArrowRight: () => panBy(-step, 0),
        ArrowUp: () => panBy(0, step), ArrowDown: () => panBy(0, -step),
        "+": () => zoomBy(1 / STEP), "=": () => zoomBy(1 / STEP), "-": () => zoomBy(STEP), 0: () => setView(whole()),
      };
      if (keys[event.key]) {
        event.preventDefault();
        keys[event.key]();
      }
    });
  }

  const ready = load();
  return {
    node, tools, update, ready,
    taxiStop: (space) => (svg ? taxiStop(space) : null),
    nearest: (space) => (svg ? nearest(space) : null),
    arrow: (from, to) => (svg ? arrow(from, to) : ""),
  };
}
