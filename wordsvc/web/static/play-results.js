// The results of a finished game in the game's own terms: what its `scores` count (each
// engine's `result()`: cards left, lower is better; pairs; obstacles; fame), place by place,
// with the seats' names: "1 місце: Оля — карт лишилося: 3 (менше — краще)".

import { t } from "./play-common.js";

/** What the score of `seat` means, from the result's scores and details; null: nothing to
 *  say beyond the place. */
const SCORES = {
  "words-of-magic": (result, seat) => {
    const n = result.scores[seat];
    const tokens = result.details.unused_tokens?.[seat];
    const tied = result.scores.filter((other) => other === n).length > 1;
    return tied && tokens !== undefined
      ? t("result.words-of-magic.tokens", { n, tokens }) : t("result.words-of-magic", { n });
  },
  "lost-words": (result, seat) => t("result.lost-words", { n: result.scores[seat] }),
  "magos-y-tabernas": (result, seat) => {
    const d = result.details;
    if (d.ended_by === "beer" && result.winners.includes(seat)) return t("result.magos-y-tabernas.beer");
    return t("result.magos-y-tabernas", {
      obstacles: d.obstacles_taken?.[seat] ?? result.scores[seat], gems: d.gems?.[seat] ?? 0,
      orbs: d.orbs?.[seat] ?? 0,
    });
  },
  "wizards-wanted": (result, seat) => t("result.wizards-wanted", {
    fame: result.scores[seat], coins: result.details.coins?.[seat] ?? 0,
    jobs: result.details.jobs?.[seat] ?? 0,
  }),
};

/** The games whose score counts against the player. */
const LOWER_IS_BETTER = new Set(["words-of-magic"]);

function anyScore(result, seat) {
  const score = result.scores[seat];
  return typeof score === "number" || typeof score === "string"
    ? t("result.score", { n: score }) : null;
}

/** The result of session summary `s`, a line per seat, best place first; `names` maps seats
 *  to their names. */
export function resultLines(s, names) {
  const result = s.result;
  if (!result) return [];
  const explain = SCORES[s.game] ?? anyScore;
  // Within a shared place, the better score first (fewer cards in Words of Magic).
  const sign = LOWER_IS_BETTER.has(s.game) ? 1 : -1;
  const score = (seat) => (typeof result.scores[seat] === "number" ? result.scores[seat] : 0);
  // A place more than one seat holds is named as shared ("2 місце (спільне)").
  const shared = (place) => result.places.filter((other) => other === place).length > 1;
  return result.places.map((place, seat) => ({ place, seat }))
    .sort((a, b) => a.place - b.place || sign * (score(a.seat) - score(b.seat)) || a.seat - b.seat)
    .map(({ place, seat }) => {
      const said = explain({ details: {}, ...result }, seat);
      const name = names[seat] ?? t("seat", { n: seat + 1 });
      const key = shared(place) ? "result.shared_place" : "result.place";
      return said === null ? t(`${key}_bare`, { place, name }) : t(key, { place, name, score: said });
    });
}
