// Drawing for the play pages, generic over the games: the view as readable panels, and the
// legal actions as buttons (or, for an action that needs arguments, a small form with its
// JSON). The lobby's options form is play-options.js.

/** A DOM element: attributes (`text` sets its text; `style`, an object of properties, is
 * set through the CSSOM: the pages' Content-Security-Policy refuses a style attribute), then
 * children. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "text") node.textContent = value;
    else if (name === "style") {
      for (const [property, set] of Object.entries(value)) node.style.setProperty(property, set);
    } else node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

const label = (name) => name.replaceAll("_", " ");

// --- the view --------------------------------------------------------------------------------

const SKIP = new Set(["game", "legal_actions", "to_act", "options", "seat"]);

function scalar(value, t) {
  if (value === null) return t("null");
  if (typeof value === "boolean") return value ? "✓" : "✗";
  return String(value);
}

function isCard(value) {
  return value && typeof value === "object" && !Array.isArray(value)
    && Object.values(value).every((v) => v === null || typeof v !== "object");
}

function cardText(card) {
  const name = card.name_uk ?? card.name_en ?? card.name ?? card.card ?? card.letter ?? card.id;
  const extra = Object.entries(card)
    .filter(([k, v]) => v !== null && !["id", "name", "name_en", "name_uk", "name_es", "name_de", "text_en", "card"].includes(k))
    .map(([k, v]) => `${label(k)}: ${scalar(v, () => "—")}`);
  return { name: String(name ?? "?"), extra: extra.join(" · "), text: card.text_en ?? null };
}

/** A value drawn readably: scalars as text, flat objects as cards, lists as rows. */
export function renderValue(value, t, depth = 0) {
  if (value === null || typeof value !== "object") return el("span", { text: scalar(value, t) });
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "muted", text: "—" });
    if (value.every((v) => v === null || typeof v !== "object")) {
      return el("ul", { class: "chips tokens" }, ...value.map((v) => el("li", { class: "chip", text: scalar(v, t) })));
    }
    if (value.every(isCard)) {
      return el("ul", { class: "cards game-cards" }, ...value.map((card) => {
        const { name, extra, text } = cardText(card);
        return el("li", { class: "game-card", title: text },
          el("strong", { text: name }), extra ? el("small", { text: extra }) : null);
      }));
    }
    return el("ol", { class: "rows" }, ...value.map((v) => el("li", {}, renderValue(v, t, depth + 1))));
  }
  const list = el("dl", { class: "fields" });
  for (const [key, v] of Object.entries(value)) {
    list.append(el("dt", { text: label(key) }), el("dd", {}, renderValue(v, t, depth + 1)));
  }
  return list;
}

/** The view as panels: one per player (named, "you" marked), then the rest of the table. */
export function renderView(summary, t) {
  const view = summary.view ?? {};
  const box = el("div", { class: "panels" });
  const names = Object.fromEntries(summary.seats.map((s) => [s.seat, s.name]));
  if (Array.isArray(view.players)) {
    view.players.forEach((player, seat) => {
      const mine = seat === summary.you;
      const acting = summary.to_act.includes(seat);
      box.append(el("section", {
        class: `panel player${mine ? " mine" : ""}${acting ? " acting" : ""}`,
        "data-seat": String(seat), "aria-label": names[seat] ?? String(seat),
      },
      el("h3", {}, el("span", { text: names[seat] ?? `#${seat + 1}` }),
        mine ? el("span", { class: "badge", text: t("you") }) : null,
        acting ? el("span", { class: "muted", text: t("acting") }) : null),
      renderValue(player, t, 1)));
    });
  }
  const rest = Object.fromEntries(Object.entries(view).filter(([k]) => k !== "players" && !SKIP.has(k)));
  if (Object.keys(rest).length) box.append(el("section", { class: "panel board" }, renderValue(rest, t, 1)));
  return box;
}

// --- actions ---------------------------------------------------------------------------------

/** A short text for an action or an event: its type and its arguments. */
export function describeAction(action) {
  const { type, data, ...rest } = action;
  const args = { ...(data ?? {}), ...rest };
  const parts = Object.entries(args)
    .filter(([k]) => !["needs", "optional"].includes(k))
    .map(([k, v]) => `${label(k)}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
  return parts.length ? `${label(type ?? "?")} (${parts.join(", ")})` : label(type ?? "?");
}

/** Buttons for the caller's legal actions; an action that needs arguments gets a form. */
export function actionControls(summary, t, send) {
  const legal = summary.legal_actions ?? [];
  if (summary.status === "over" || !legal.length) {
    return [el("p", { class: "muted", text: t("no_actions") })];
  }
  const simple = el("div", { class: "action-buttons" });
  const forms = [];
  legal.forEach((action, i) => {
    if (Array.isArray(action.needs)) {
      const template = { type: action.type };
      for (const need of action.needs) template[need] = null;
      const id = `action-${i}`;
      const area = el("textarea", { id, rows: "3", spellcheck: "false", "aria-describedby": `${id}-hint` });
      area.value = JSON.stringify(template);
      const fields = [...action.needs, ...(action.optional ?? []).map((o) => `${o}?`)].join(", ");
      const button = el("button", { type: "submit", text: `${t("send")}: ${label(action.type)}` });
      const form = el("form", { class: "action-form", "data-type": action.type },
        el("label", { for: id, text: `${label(action.type)} — ${t("action_json")}` }), area,
        el("p", { class: "hint", id: `${id}-hint`, text: t("action_needs", { fields }) }), button);
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        let parsed;
        try {
          parsed = JSON.parse(area.value);
        } catch {
          area.setAttribute("aria-invalid", "true");
          return;
        }
        area.removeAttribute("aria-invalid");
        send(parsed, button);
      });
      forms.push(form);
      return;
    }
    const button = el("button", {
      type: "button", class: "action", "data-action": JSON.stringify(action), text: describeAction(action),
    });
    button.addEventListener("click", () => send(action, button));
    simple.append(button);
  });
  return [simple, ...forms];
}
