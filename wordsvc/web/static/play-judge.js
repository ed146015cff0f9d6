// The table's judge: is a disputed word playable under this session's categories and house
// words (POST /v1/games/sessions/{id}/words/check)? Worded as the arbiter words a verdict:
// the categories by name, each refusal's reason in the page's language, the suggestions as
// buttons that check the word they name.

import * as api from "./play-api.js";
import { el } from "./play-render.js";
import { problemText, t } from "./play-common.js";
import {
  categoryLabels, reasonItems, refusalText, rulesText, suggestionsNode, ukWord,
} from "./play-words.js";

const SUGGESTIONS = 5;

/** Wires the judge form of session `id`'s table; returns a function that checks a word. */
export function wireJudge(id) {
  const form = document.getElementById("judge-form");
  const input = /** @type {HTMLInputElement} */ (document.getElementById("judge-word"));
  const out = document.getElementById("judge-result");
  const check = async (word) => {
    if (!word) return;
    try {
      const [checked, names] = await Promise.all([api.arbitrate(id, [word]), categoryLabels()]);
      out.replaceChildren(judged(checked, word, names, (next) => {
        input.value = next;
        check(next);
      }));
    } catch (problem) {
      out.replaceChildren(el("p", { class: "error", text: problemText(problem) }));
    }
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    check(input.value.trim());
  });
  /** Checks `word` as if typed in: the judge's box shown, its verdict in view. */
  return (word) => {
    input.value = word;
    document.getElementById("judge-box").hidden = false;
    check(word).then(() => out.scrollIntoView({ behavior: "smooth", block: "center" }));
  };
}

/** The session's judge's answer for one word: playable or not, by which rules, why not, and
 *  what to try instead (`pick` checks a suggestion). */
function judged(checked, word, names, pick) {
  const verdict = checked.results?.[0] ?? {};
  const box = el("div", { class: "judged" });
  box.append(el("p", { class: "muted", text: t("judge_rules", { rules: rulesText(checked.categories, names) }) }));
  if (verdict.error) { // the input is no word at all
    box.append(el("p", { class: "summary no", id: "judge-verdict", "data-code": verdict.error.code },
      ukWord(`${word} `, { class: "word" }), el("span", { class: "badge", text: t("invalid") }),
      el("span", { class: "muted", text: ` ${refusalText(verdict.error.code) ?? t("wom.refused.other")}` })));
    return box;
  }
  const ok = Boolean(verdict.valid);
  box.append(el("p", { class: `summary ${ok ? "ok" : "no"}`, id: "judge-verdict" },
    ukWord(`${verdict.input ?? word} `, { class: "word" }),
    el("span", { class: "badge", text: ok ? t("valid") : t("invalid") }),
    verdict.house_word ? el("span", { class: "muted", text: ` (${t("house_word")})` }) : null));
  if (!ok) {
    const reasons = reasonItems(verdict.categories ?? [], names);
    if (reasons.length) box.append(el("ul", { class: "reasons" }, ...reasons));
    const normative = verdict.normative ?? [];
    if (normative.length) { // how the standard language writes it: на жаль, теж
      box.append(el("p", { class: "normative" }, `${t("normative")} `,
        ...normative.flatMap((w, i) => [i ? " / " : "", ukWord(w)])));
    }
    const words = (verdict.suggestions ?? []).slice(0, SUGGESTIONS);
    const offered = suggestionsNode(words, pick);
    if (offered) box.append(offered);
  }
  return box;
}
