// A finished game's review (GET .../review; games that have one, such as Words of Magic):
// each turn's play beside the best play the solver found for the same hand and table, the
// common words the hand could make (a tap checks one with the table's judge), and each
// seat's accuracy. Loaded once such a game is over; the review is fetched on the first tap.

import * as api from "./play-api.js";
import { el } from "./play-render.js";
import { CARDS, LANG, problemText, t } from "./play-common.js";
import { marked } from "./play-words.js";

let offered = false;
/** A share (0 to 1) as the page's language writes a percentage (Intl's number style, not
 *  a CSS one: named apart so that no inline-style check mistakes it). */
const NUMBER_STYLE = "percent";
const PERCENT = new Intl.NumberFormat(LANG === "uk" ? "uk-UA" : "en-GB", { style: NUMBER_STYLE });

/** Under the results of finished session `s`: the review's button; `names` maps seats to
 *  names, `judgeWord(word)` checks a word with the table's judge. Made once. */
export function offerReview(s, names, judgeWord) {
  if (offered) return;
  offered = true;
  const open = el("button", {
    type: "button", class: "secondary", id: "review-open", "aria-expanded": "false",
    "aria-controls": "review-body", text: t("review.open"),
  });
  const body = el("div", { id: "review-body", class: "review-body", hidden: "" });
  let loaded = false;
  open.addEventListener("click", async () => {
    if (loaded) {
      body.hidden = !body.hidden;
      open.setAttribute("aria-expanded", String(!body.hidden));
      return;
    }
    open.setAttribute("aria-busy", "true");
    try {
      const review = await api.review(s.id);
      body.replaceChildren(...reviewNodes(s, review, names, judgeWord));
      loaded = true;
    } catch (problem) {
      body.replaceChildren(el("p", { class: "error", role: "alert", text: problemText(problem) }));
    } finally {
      open.removeAttribute("aria-busy");
    }
    body.hidden = false;
    open.setAttribute("aria-expanded", "true");
    body.scrollIntoView({ behavior: "smooth", block: "start" });
  });
  document.head.append(el("link", { rel: "stylesheet", href: new URL("./play-review.css", import.meta.url).href }));
  document.getElementById("status").after(el("section", { class: "review", id: "review" }, open, body));
}

/** The review's nodes: each seat's summary, a hint on what "best" means, then the turns. */
function reviewNodes(s, review, names, judgeWord) {
  const nameOf = (seat) => names[seat] ?? t("seat", { n: seat + 1 });
  const seats = el("ul", { class: "review-seats", id: "review-seats" },
    ...review.seats.map((seat) => el("li", { "data-seat": String(seat.seat) }, ...seatLine(seat, nameOf))));
  const turns = el("ol", { class: "review-turns", id: "review-turns" },
    ...review.turns.map((turn) => turnCard(turn, nameOf, judgeWord)));
  return [
    el("h2", { id: "review-title", text: t("review.title") }),
    seats,
    el("p", { class: "muted", text: t("review.hint") }),
    turns,
  ];
}

function seatLine(seat, nameOf) {
  const parts = [el("strong", { text: nameOf(seat.seat) }), " — "];
  parts.push(seat.accuracy === null ? t("review.no_accuracy") : t("review.accuracy", {
    pct: PERCENT.format(seat.accuracy), shed: seat.shed, best: seat.best_shed,
  }));
  const more = [];
  if (seat.longest_word) more.push(t("review.longest", { word: seat.longest_word }));
  if (seat.best_turn) more.push(t("review.best_turn", { n: seat.best_turn }));
  if (seat.biggest_miss_turn) {
    more.push(t("review.biggest_miss", { n: seat.biggest_miss_turn, cards: seat.biggest_miss }));
  }
  if (more.length) parts.push(el("br"), el("span", { class: "muted" }, ...marked(more.join(" · "))));
  return parts;
}

function turnCard(turn, nameOf, judgeWord) {
  const same = turn.made.word === turn.best.word && turn.made.shed === turn.best.shed;
  const card = el("li", { class: "review-turn", "data-turn": `${turn.seat}-${turn.turn}` },
    el("h3", { text: t("review.turn", { n: turn.turn, name: nameOf(turn.seat) }) }));
  if (same) {
    card.append(el("div", { class: "review-pair" },
      play(turn.made, t("review.made_best"), "review-made")));
  } else {
    card.append(el("div", { class: "review-pair" },
      play(turn.made, t("review.made"), "review-made"),
      play(turn.best, t(turn.proven ? "review.best" : "review.best_found"), "review-best")));
  }
  if (turn.missed.length) {
    card.append(el("p", { class: "review-missed" }, t("review.missed"), " ",
      ...turn.missed.map((word) => {
        const button = el("button", { type: "button", class: "secondary", text: word, lang: "uk" });
        button.addEventListener("click", () => judgeWord(word));
        return button;
      })));
  }
  return card;
}

/** One play: its word (a letter from a joker, a token, the Familiar or the Amazon in
 *  italics), or a pass; the Familiar's property and the magic played; the cards it shed. */
function play(p, label, cls) {
  const word = p.word === null ? el("span", { class: "review-word", text: t("review.pass") })
    : el("span", { class: "review-word", lang: "uk" }, ...p.slots.map((slot) => el(
      slot.source === "letter_card" ? "span" : "em",
      { title: t(`wom.source.${slot.source}`), text: slot.letter.toUpperCase() })));
  const notes = [];
  if (p.property) notes.push(t(`wom.prop.${p.property}`));
  if (p.magic.length) notes.push(p.magic.map((m) => CARDS.magic?.[m] ?? t("wom.magic_card")).join(", "));
  return el("div", { class: cls },
    el("span", { class: "muted", text: label }), word,
    el("span", { class: "review-shed", text: t("review.shed", { n: p.shed }) }),
    notes.length ? el("span", { class: "muted", text: notes.join(" · ") }) : null);
}
