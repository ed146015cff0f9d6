"""What every page must be for a person, checked the same way on every page and table:

- no horizontal scroll (at 390 px above all);
- no raw id, code or JSON in the visible text: ``noun-singular``-like ids with a number
  (``chispa-1``), snake_case codes (``word_not_playable``), ``{"``, code in backticks;
- one language: no Latin word on a Ukrainian screen, no Cyrillic on an English one, except
  in elements marked with another ``lang`` (the words of the game: a Ukrainian word on an
  English table is ``<span lang="uk">``, as it should be for screen readers too);
- every control a finger taps is at least 44 × 44 px (a checkbox or radio: its label), but
  a link inside a sentence (WCAG 2.5.5's inline exception);
- axe-core finds no serious or critical violation.

Only what a person can see counts: hidden elements, attributes and ``data-*`` are not text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: Text nodes a person sees, with the language of their closest ``lang`` ancestor.
_VISIBLE_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest("script, style, template, noscript")) continue;
    if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const lang = (parent.closest("[lang]")?.getAttribute("lang") || "").slice(0, 2);
    out.push([lang, text]);
  }
  for (const input of document.querySelectorAll("input, textarea, select")) {
    if (!input.checkVisibility() || input.type === "hidden") continue;
    const lang = (input.closest("[lang]")?.getAttribute("lang") || "").slice(0, 2);
    if (input.placeholder) out.push([lang, input.placeholder]);
  }
  return out;
}"""

#: The smallest tap target, px (WCAG 2.5.5, Apple's and Google's guides), less rounding.
MIN_TARGET = 44
_SMALL_TARGETS = r"""(least) => {
  const small = [];
  const inSentence = (link) => {
    const parent = link.parentElement;
    if (!parent || !parent.matches("p, li, dd, td, span, em, strong")) return false;
    return [...parent.childNodes].some((n) => n !== link && /\p{L}/u.test(n.textContent ?? ""));
  };
  const controls = "a[href], button, input:not([type=hidden]), select, textarea, summary";
  for (const node of document.querySelectorAll(controls)) {
    let target = node;
    if (node.matches("input[type=checkbox], input[type=radio]")) {
      target = node.closest("label")
        ?? (node.id ? document.querySelector(`label[for="${CSS.escape(node.id)}"]`) : null)
        ?? node;
    }
    if (!target.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    if (node.matches("a") && inSentence(node)) continue;
    const box = target.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    if (box.width < least - 0.5 || box.height < least - 0.5) {
      const name = (target.textContent || node.getAttribute("aria-label") || "").trim();
      const where = node.id ? `#${node.id}` : `.${[...node.classList].join(".")}`;
      const size = `${Math.round(box.width)}×${Math.round(box.height)}`;
      small.push(`${node.tagName.toLowerCase()}${where} "${name.slice(0, 30)}" ${size}`);
    }
  }
  return small;
}"""

RAW = {
    "an id with a number": re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d+\b"),
    "a snake_case code": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "JSON": re.compile(r"\{\s*\"|\[\s*\""),
    "code in backticks": re.compile(r"`[^`]+`"),
}
LATIN_WORD = re.compile(r"\b[A-Za-z]{2,}\b")
CYRILLIC = re.compile(r"[\u0400-\u04FF]")


def visible_texts(page) -> list[tuple[str, str]]:
    """(language, text) of every text a person sees on ``page``."""
    return [(lang, text) for lang, text in page.evaluate(_VISIBLE_TEXT)]


def problems(
    page,
    lang: str,
    *,
    allowed_latin: Iterable[str] = (),
    forbidden: Iterable[str] = (),
    axe: bool = True,
    targets: bool = True,
) -> list[str]:
    """What is wrong with ``page`` for a person reading ``lang`` ("uk" or "en").

    ``allowed_latin``: Latin words a Ukrainian screen may show (a name, "QR");
    ``forbidden``: ids that must never show (the game's category ids, say)."""
    found: list[str] = []
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    if width[0] > width[1]:
        found.append(f"horizontal scroll: {width[0]} px wide in a {width[1]} px window")
    allowed = {word.lower() for word in allowed_latin}
    for text_lang, text in visible_texts(page):
        own = text_lang in ("", lang)
        for name, pattern in RAW.items():
            match = pattern.search(text)
            if match:
                found.append(f"{name} on screen: {match.group(0)!r} in {text[:80]!r}")
        for word in forbidden:
            if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text):
                found.append(f"an id on screen: {word!r} in {text[:80]!r}")
        if not own:
            continue  # marked as another language: the words of the game
        if lang == "uk":
            latin = [w for w in LATIN_WORD.findall(text) if w.lower() not in allowed]
            if latin:
                found.append(f"English on a Ukrainian screen: {latin[:3]} in {text[:80]!r}")
        elif CYRILLIC.search(text):
            found.append(f"Ukrainian on an English screen: {text[:80]!r}")
    if targets:
        found += [
            f"a tap target under {MIN_TARGET} px: {small}"
            for small in page.evaluate(_SMALL_TARGETS, MIN_TARGET)
        ]
    if axe:
        found += [f"axe {v['impact']}: {v['id']} ({v['help']})" for v in serious_violations(page)]
    return found


def axe_violations(page) -> list[dict]:
    """axe-core's violations on ``page`` as it is now. axe (half a megabyte of script) is
    put into a document once, not before each check: a page checked in several states
    compiled it again each time, a tenth of the browser tests' axe time."""
    from axe_playwright_python.base import AXE_SCRIPT

    if not page.evaluate("typeof window.axe?.run === 'function'"):
        page.evaluate(AXE_SCRIPT)
    return page.evaluate("axe.run(document, { resultTypes: ['violations'] })")["violations"]


def serious_violations(page) -> list[dict]:
    """The violations a person would be stopped by: axe's serious and critical ones."""
    return [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]


def assert_presentable(page, lang: str, **options: object) -> None:
    """Fails with every problem :func:`problems` finds on ``page``."""
    found = problems(page, lang, **options)  # type: ignore[arg-type]
    assert found == [], "\n".join(found)
