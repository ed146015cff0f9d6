// The table's judge: is a disputed word playable under this session's categories and house
// words (POST /v1/games/sessions/{id}/words/check)?

import * as api from "./play-api.js";
import { el } from "./play-render.js";
import { LANG, problemText, t } from "./play-common.js";

/** Wires the judge form of session `id`'s table. */
export function wireJudge(id) {
  document.getElementById("judge-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const word = document.getElementById("judge-word").value.trim();
    const out = document.getElementById("judge-result");
    if (!word) return;
    try {
      out.replaceChildren(judged(await api.arbitrate(id, [word]), word));
    } catch (problem) {
      out.replaceChildren(el("p", { class: "error", text: problemText(problem) }));
    }
  });
}

/** The session's judge's answer for one word: playable or not, by which rules, why not. */
function judged(checked, word) {
  const verdict = checked.results?.[0] ?? {};
  const box = el("div", { class: "judged" });
  const rules = checked.categories.length ? checked.categories.join(", ") : t("any_word");
  box.append(el("p", { class: "muted", text: t("judge_rules", { rules }) }));
  if (verdict.error) { // the input is no word at all
    box.append(el("p", { class: "summary no", id: "judge-verdict" }, el("span", { class: "word", text: `${word} ` }),
      el("span", { class: "badge", text: t("invalid") }), el("span", { class: "muted", text: ` ${verdict.error.message}` })));
    return box;
  }
  const ok = Boolean(verdict.valid);
  box.append(el("p", { class: `summary ${ok ? "ok" : "no"}`, id: "judge-verdict" },
    el("span", { class: "word", text: `${verdict.input ?? word} ` }),
    el("span", { class: "badge", text: ok ? t("valid") : t("invalid") }),
    verdict.house_word ? el("span", { class: "muted", text: ` (${t("house_word")})` }) : null));
  if (!ok) {
    const reasons = (verdict.categories ?? []).filter((c) => !c.accepted)
      .map((c) => el("li", { text: `${c.id}: ${LANG === "uk" ? c.message_uk : c.message}` }));
    if (reasons.length) box.append(el("ul", { class: "reasons" }, ...reasons));
    const suggestions = (verdict.suggestions ?? []).slice(0, 5).map((s) => s.word);
    if (suggestions.length) box.append(el("p", { text: t("judge_suggest", { words: suggestions.join(", ") }) }));
  }
  return box;
}

