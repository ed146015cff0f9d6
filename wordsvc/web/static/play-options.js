// The lobby's options form, drawn from a game's `options_schema` (GET /v1/games) with the
// words of the lobby's data (`#lobby`: each option's title, description and value labels):
// enums are choices, booleans switches, lists pickers (the word categories as the arbiter's
// chips, an ordered picker, ticks, a word per line), a seat as a choice of the seat rows'
// names, a nullable number a "none" switch and a number. A field whose type the form cannot
// draw says so in words and is left at its default. Every refusal is shown at its field.

import { el } from "./play-render.js";
import { LANG, t } from "./play-common.js";

/** How many values a choice shows as chips before it becomes a select. */
const MAX_CHIPS = 6;

const types = (prop) => (Array.isArray(prop.type) ? prop.type : [prop.type]);

/** What a field is, from its schema and its data's `widget`. */
export function kindOf(prop, words = {}) {
  const type = types(prop);
  const numeric = type.includes("integer") || type.includes("number");
  if (words.widget === "seat" && numeric) return "seat";
  if (words.widget === "categories" && type.includes("array")) return "categories";
  if (words.widget === "order" && type.includes("array") && prop.items?.enum) return "order";
  if (prop.enum) return prop.enum.length > MAX_CHIPS ? "select" : "choice";
  if (type.includes("boolean") && type.length === 1) return "switch";
  if (numeric && type.includes("null")) return "optional-number";
  if (numeric && type.length === 1) {
    const small = Number.isInteger(prop.minimum) && Number.isInteger(prop.maximum)
      && prop.maximum - prop.minimum < MAX_CHIPS;
    return small ? "small-number" : "number";
  }
  if (type.includes("array") && prop.items?.enum) return "ticks";
  if (type.includes("array") && prop.items?.type === "string") return "lines";
  if (type.includes("string") && type.length === 1) return "text";
  return "unknown";
}

/** Text with «quoted» Ukrainian words marked as such on an English page. */
function withGameWords(text) {
  if (LANG === "uk") return [text];
  return text.split(/(«[^»]+»)/).filter(Boolean).map((part) => (part.startsWith("«")
    ? el("span", { lang: "uk", text: part }) : part));
}

function chip(type, name, value, label, checked) {
  const input = el("input", { type, name, value });
  input.checked = checked;
  return el("label", { class: "chip-check" }, input, el("span", { text: label }));
}

function switchInput(id, checked) {
  const input = el("input", { type: "checkbox", role: "switch", id, class: "switch" });
  input.checked = checked;
  return input;
}

function numberInput(id, prop) {
  return el("input", {
    type: "number", id, inputmode: "numeric", step: "1",
    min: prop.minimum ?? null, max: prop.maximum ?? null,
  });
}

/** The refusal of a number typed in `input` against the schema's bounds, or null. */
function numberProblem(value, prop) {
  const { minimum: min, maximum: max } = prop;
  const n = Number(value);
  const inRange = Number.isInteger(n) && (min === undefined || n >= min)
    && (max === undefined || n <= max);
  if (value !== "" && inRange) return null;
  if (min !== undefined && max !== undefined) return t("lobby.err.range", { min, max });
  if (min !== undefined) return t("lobby.err.min", { min });
  if (max !== undefined) return t("lobby.err.max", { max });
  return t("lobby.err.whole");
}

// --- the fields: each draws its controls and reads and checks its value ---------------------
// A field is {controls: [nodes], target: the element marked invalid, read(): the value or
// undefined (the game's default), check(): a refusal or null, refresh(): after seats change}.
// Every kind's maker is called with (name, prop, words, env) and uses what it needs of them.

/**
 * @typedef {object} Field
 * @property {Node[]} controls
 * @property {HTMLElement | null} target The element marked invalid.
 * @property {() => unknown} read The value, or undefined (the game's default).
 * @property {() => string | null} check A refusal, or null.
 * @property {() => void} [refresh] After the seats change.
 * @property {boolean} [group] The controls are a group (a fieldset with a legend).
 * @property {boolean} [inline] A switch, on one row with its label.
 * @property {string} [kind] Set by the form: the field's kind (kindOf).
 * @property {HTMLElement} [error] Set by the form: where its refusal is shown.
 * @property {HTMLElement | null} [hint] Set by the form: its description.
 * @property {HTMLElement} [node] Set by the form: the option's whole block.
 */
/** @typedef {(name: string, prop: any, words: any, env?: any) => Field} FieldMaker */

/** @type {Record<string, FieldMaker>} */
const FIELDS = {
  choice(name, prop, words) {
    const group = el("div", { class: "chips", role: "radiogroup", id: `opt-${name}` });
    const chosen = prop.default ?? prop.enum[0];
    for (const value of prop.enum) {
      group.append(chip("radio", `opt-${name}`, String(value), words.values?.[String(value)]
        ?? String(value), value === chosen));
    }
    return {
      controls: [group], target: group, group: true,
      read: () => {
        const picked = group.querySelector("input:checked")?.value;
        return prop.enum.find((v) => String(v) === picked);
      },
      check: () => null,
    };
  },

  select(name, prop, words) {
    const select = el("select", { id: `opt-${name}` }, ...prop.enum.map((value) => el("option", {
      value: String(value), text: words.values?.[String(value)] ?? String(value),
    })));
    select.value = String(prop.default ?? prop.enum[0]);
    return {
      controls: [select], target: select,
      read: () => prop.enum.find((v) => String(v) === select.value),
      check: () => null,
    };
  },

  "small-number"(name, prop) {
    const values = [];
    for (let n = prop.minimum; n <= prop.maximum; n += 1) values.push(n);
    return FIELDS.choice(name, { ...prop, enum: values }, {});
  },

  number(name, prop) {
    const input = numberInput(`opt-${name}`, prop);
    input.value = prop.default ?? "";
    return {
      controls: [input], target: input,
      read: () => (input.value === "" ? undefined : Number(input.value)),
      check: () => (input.value === "" && prop.default === undefined ? null
        : numberProblem(input.value, prop)),
    };
  },

  switch(name, prop, words) {
    const input = switchInput(`opt-${name}`, Boolean(prop.default));
    return {
      controls: [input], target: input, inline: true,
      read: () => input.checked,
      check: () => null,
    };
  },

  "optional-number"(name, prop, words) {
    const none = switchInput(`opt-${name}-none`, prop.default === null || prop.default === undefined);
    const input = numberInput(`opt-${name}`, prop);
    const low = prop.minimum ?? 1;
    input.value = prop.default ?? Math.min(Math.max(low, 20), prop.maximum ?? 20);
    const row = el("div", { class: "number-row" },
      el("label", { for: `opt-${name}`, text: t("lobby.count") }), input);
    const sync = () => { row.hidden = none.checked; };
    none.addEventListener("change", sync);
    sync();
    return {
      controls: [el("div", { class: "switch-row" }, none,
        el("label", { for: `opt-${name}-none`, text: words.none ?? t("null") })), row],
      target: input,
      read: () => (none.checked ? null : Number(input.value)),
      check: () => (none.checked ? null : numberProblem(input.value, prop)),
    };
  },

  seat(name, prop, words, env) {
    const group = el("div", { class: "chips", role: "radiogroup", id: `opt-${name}` });
    let chosen = prop.default ?? null;
    const draw = () => {
      const picked = group.querySelector("input:checked");
      if (picked) chosen = picked.value === "" ? null : Number(picked.value);
      const names = env.seatNames();
      if (chosen !== null && chosen >= names.length) chosen = null;
      group.replaceChildren(chip("radio", `opt-${name}`, "", words.none ?? t("null"), chosen === null),
        ...names.map((seatName, seat) => chip("radio", `opt-${name}`, String(seat), seatName,
          chosen === seat)));
    };
    draw();
    return {
      controls: [group], target: group, group: true, refresh: draw,
      read: () => {
        const picked = group.querySelector("input:checked")?.value ?? "";
        return picked === "" ? null : Number(picked);
      },
      check: () => null,
    };
  },

  categories(name, prop, words, env) {
    if (!env.categories) return FIELDS.unknown(name, prop, words, env);
    const explained = env.lobby.categories ?? {};
    const chosen = new Set(prop.default ?? []);
    const group = el("div", { class: "chips", role: "group", id: `opt-${name}` },
      ...env.categories.map((c) => chip("checkbox", `opt-${name}`, c.id,
        LANG === "uk" ? c.name_uk : c.name_en, chosen.has(c.id))));
    const notes = el("ul", { class: "category-notes", id: `opt-${name}-notes`, "aria-live": "polite" });
    const note = () => {
      notes.replaceChildren(...[...group.querySelectorAll("input:checked")].map((input) => {
        const c = env.categories.find((x) => x.id === input.value);
        const text = explained[c.id];
        return el("li", {}, el("strong", { text: LANG === "uk" ? c.name_uk : c.name_en }),
          ...(text ? [" — ", ...withGameWords(text)] : []));
      }));
    };
    group.addEventListener("change", note);
    note();
    return {
      controls: [group, notes], target: group, group: true,
      read: () => [...group.querySelectorAll("input:checked")].map((i) => i.value),
      check: () => null,
    };
  },

  ticks(name, prop, words) {
    const chosen = new Set(prop.default ?? []);
    const group = el("div", { class: "chips", role: "group", id: `opt-${name}` },
      ...prop.items.enum.map((value) => chip("checkbox", `opt-${name}`, String(value),
        words.values?.[String(value)] ?? String(value), chosen.has(value))));
    const read = () => [...group.querySelectorAll("input:checked")]
      .map((i) => prop.items.enum.find((v) => String(v) === i.value));
    return {
      controls: [group], target: group, group: true, read,
      check: () => {
        const n = read().length;
        if (prop.maxItems !== undefined && n > prop.maxItems) return t("lobby.err.too_many", { max: prop.maxItems });
        if (prop.minItems !== undefined && n < prop.minItems) return t("lobby.err.too_few", { min: prop.minItems });
        return null;
      },
    };
  },

  order(name, prop, words) {
    const values = prop.items.enum;
    const label = (v) => words.values?.[String(v)] ?? String(v);
    let order = [...(prop.default ?? [])];
    const planshet = el("ol", { class: "planshet", id: `opt-${name}-planshet`, "aria-live": "polite" });
    const buttons = values.map((value) => {
      const button = el("button", { type: "button", class: "order-chip", "data-value": String(value) });
      button.addEventListener("click", () => {
        order = order.includes(value) ? order.filter((v) => v !== value) : [...order, value];
        draw();
      });
      return button;
    });
    const clear = el("button", { type: "button", class: "secondary order-clear", text: t("lobby.order_clear") });
    clear.addEventListener("click", () => { order = []; draw(); });
    const slots = prop.maxItems ?? values.length;
    // A field that may be null (drawn by the game when the table chooses no order) says so
    // while nothing is tapped: an empty order is a choice, not a mistake.
    const drawn = types(prop).includes("null");
    function draw() {
      planshet.replaceChildren(...Array.from({ length: slots }, (_, i) => el("li", {
        class: order[i] === undefined ? "empty" : "",
        text: order[i] !== undefined ? label(order[i])
          : drawn && !order.length ? words.none : t("lobby.order_empty"),
      })));
      buttons.forEach((button, i) => {
        const at = order.indexOf(values[i]);
        button.setAttribute("aria-pressed", String(at >= 0));
        button.replaceChildren(el("span", { class: "place", "aria-hidden": "true", text: at >= 0 ? String(at + 1) : "·" }),
          el("span", { text: label(values[i]) }));
      });
    }
    draw();
    const group = el("div", { class: "chips", role: "group", id: `opt-${name}` }, ...buttons);
    return {
      controls: [el("p", { class: "order-now", text: t("lobby.order_now") }), planshet, group, clear],
      target: group, group: true,
      read: () => (drawn && !order.length ? null : [...order]),
      check: () => {
        if (drawn && !order.length) return null;
        const min = prop.minItems ?? 0;
        const max = prop.maxItems ?? values.length;
        return order.length < min || order.length > max ? t("lobby.err.order") : null;
      },
    };
  },

  lines(name, prop) {
    const area = el("textarea", {
      id: `opt-${name}`, rows: "3", autocomplete: "off", autocapitalize: "none", spellcheck: "false",
    });
    area.value = (prop.default ?? []).join("\n");
    const read = () => area.value.split(/[\n,;]+/).map((w) => w.trim()).filter(Boolean);
    return {
      controls: [area], target: area, read,
      check: () => {
        const lines = read();
        if (prop.maxItems !== undefined && lines.length > prop.maxItems) {
          return t("lobby.err.too_many", { max: prop.maxItems });
        }
        const max = prop.items?.maxLength;
        const long = max === undefined ? -1 : lines.findIndex((w) => w.length > max);
        return long >= 0 ? t("lobby.err.too_long", { n: long + 1, max }) : null;
      },
    };
  },

  text(name, prop) {
    const input = el("input", { id: `opt-${name}`, autocomplete: "off", maxlength: prop.maxLength ?? null });
    input.value = prop.default ?? "";
    return {
      controls: [input], target: input,
      read: () => (input.value === "" ? undefined : input.value),
      check: () => null,
    };
  },

  unknown(name) {
    return {
      controls: [el("p", { class: "cannot-draw", id: `opt-${name}`, text: t("lobby.cannot_draw") })],
      target: null, read: () => undefined, check: () => null,
    };
  },
};

/**
 * The options form of `game` (from GET /v1/games). `env`: `lobby` (the lobby's data),
 * `categories` (GET /v1/categories' list, or null when it could not be read) and
 * `seatNames()` (the seat rows' names, for a seat field).
 */
export class OptionsForm {
  constructor(game, env) {
    this.game = game;
    this.words = env.lobby.games?.[game.name]?.options ?? {};
    this.fields = new Map();
    this.nodes = [];
    const more = [];
    for (const [name, prop] of Object.entries(game.options_schema?.properties ?? {})) {
      const words = this.words[name] ?? {};
      const kind = kindOf(prop, words);
      const field = FIELDS[kind](name, prop, words, env);
      field.kind = kind;
      field.error = el("p", { class: "field-error", id: `opt-${name}-error`, hidden: true });
      const hint = words.description
        ? el("p", { class: "hint", id: `opt-${name}-hint` }, ...withGameWords(words.description)) : null;
      field.hint = hint;
      const title = words.title ?? name;
      let node;
      if (field.inline) {
        node = el("div", { class: "option switch-option", "data-option": name, "data-kind": kind },
          el("div", { class: "switch-row" }, ...field.controls, el("label", { for: `opt-${name}`, text: title })),
          hint, field.error);
      } else if (field.group || kind === "optional-number" || kind === "unknown") {
        node = el("fieldset", { class: "option", "data-option": name, "data-kind": kind },
          el("legend", { id: `opt-${name}-title`, text: title }), hint, ...field.controls, field.error);
        if (field.group) field.target.setAttribute("aria-labelledby", `opt-${name}-title`);
      } else {
        node = el("div", { class: "option", "data-option": name, "data-kind": kind },
          el("label", { for: `opt-${name}`, text: title }), hint, ...field.controls, field.error);
      }
      if (field.target && hint) field.target.setAttribute("aria-describedby", hint.id);
      field.node = node;
      this.fields.set(name, field);
      (words.more ? more : this.nodes).push(node);
    }
    if (more.length) {
      this.nodes.push(el("details", { class: "more-options", id: "more-options" },
        el("summary", { text: t("lobby.more_options", { n: more.length }) }), ...more));
    }
  }

  /** The options the form says: every field it can draw (the others take their default). */
  read() {
    const options = {};
    for (const [name, field] of this.fields) {
      const value = field.read();
      if (value !== undefined) options[name] = value;
    }
    return options;
  }

  /** Checks every field; marks those refused. True when none is. */
  check() {
    let fine = true;
    for (const [name, field] of this.fields) {
      const problem = field.check();
      this.mark(name, problem);
      if (problem) fine = false;
    }
    return fine;
  }

  /** Shows `text` at the field `name` (or clears it with null); false if there is none. */
  mark(name, text) {
    const field = this.fields.get(name);
    if (!field) return false;
    field.error.textContent = text ?? "";
    field.error.hidden = !text;
    if (text) field.node.closest("details")?.setAttribute("open", "");
    const target = field.target;
    if (target) {
      const described = [field.hint?.id, text ? field.error.id : null].filter(Boolean).join(" ");
      if (described) target.setAttribute("aria-describedby", described);
      else target.removeAttribute("aria-describedby");
      if (text) target.setAttribute("aria-invalid", "true");
      else target.removeAttribute("aria-invalid");
    }
    return true;
  }

  /** The refusal the data gives for the field `name`, else the general one. */
  refusal(name) {
    return this.words[name]?.refusal ?? t("lobby.err.invalid");
  }

  /** The first field marked refused, to move the focus to. */
  firstRefused() {
    for (const field of this.fields.values()) {
      if (!field.error.hidden) {
        return field.target?.matches("input, select, textarea")
          ? field.target : field.target?.querySelector("input, button") ?? null;
      }
    }
    return null;
  }

  clear() {
    for (const name of this.fields.keys()) this.mark(name, null);
  }

  /** The seats changed (their number or names): redraw what depends on them. */
  refresh() {
    for (const field of this.fields.values()) field.refresh?.();
  }
}
