// Magos y Tabernas in words: an item of the stack as a phrase ("грає «Атака» (ціль: Петро)"),
// cards' designs from their ids. Shared by the table's pile,
// its prompts and its log (table-magos-y-tabernas.js).

/** A physical card's design: `cofre-de-orbes-2` -> `cofre-de-orbes`. */
export const designOf = (id) => String(id ?? "").replace(/-\d+$/, "");

/** A card's name as the sentences quote it. */
export function quoted({ t, cards }, id) {
  return t("myt.quoted", { card: cards.name?.[designOf(id)] ?? t("myt.card") });
}

/** An item in short, as a cancel names it: "«Атака» (Оля)", "взяття сфери (Оля)". */
export function shortItem(words, item) {
  const { t, who } = words;
  if (!item) return t("myt.card");
  if (item.kind === "orb" || item.kind === "draw") return t(`myt.short.${item.kind}`, { name: who(item.seat) });
  const card = item.kind === "copy" ? item.card : item.effect ?? item.card; // Flash: its partner
  return t("myt.short.card", { card: quoted(words, card), name: who(item.seat) });
}

/**
 * @typedef {object} AimOptions
 * @property {number | null} [you] The seat this browser plays.
 * @property {(number: number) => object | null} [find] Another item by its number.
 * @property {(object: string) => number | null} [owner] An object's owner (a seat), or null.
 */

/** What an item (or an announcement) does, without its player: "грає «Атака» (ціль: Петро)".
 *  `find` gives another item by number (a cancel's target), `owner` an object's owner.
 *  @param {any} words The table's words (`t`, `who`, `cards`).
 *  @param {any} item
 *  @param {AimOptions} [options] */
export function describeItem(words, item, { you = null, find = () => null, owner = () => null } = {}) {
  const { t, who } = words;
  let text;
  switch (item.kind) {
    case "orb": text = t("myt.do.orb"); break;
    case "draw": text = t("myt.do.draw"); break;
    case "lay_down": text = t("myt.do.lay_down", { card: quoted(words, item.card) }); break;
    case "consume": text = t("myt.do.consume", { card: quoted(words, item.card) }); break;
    case "copy": text = t("myt.do.copy", { card: quoted(words, item.card), copied: quoted(words, item.effect) }); break;
    default:
      text = item.with
        ? t("myt.do.flash", { card: quoted(words, item.with), flash: quoted(words, item.card) })
        : t("myt.do.play", { card: quoted(words, item.card) });
  }
  return text + aimOf(words, item, { you, find, owner });
}

/** What an item (or an action) is aimed at, as a phrase to put after what it does
 *  (" — ціль: Петро"); "" when it is aimed at nobody else.
 *  @param {any} words The table's words (`t`, `who`, `cards`).
 *  @param {any} item
 *  @param {AimOptions} [options] */
export function aimOf(words, item, { you = null, find = () => null, owner = () => null } = {}) {
  const { t, who } = words;
  let text = "";
  if (item.target !== undefined && item.target !== item.seat) {
    text += item.target === you ? t("myt.at.you") : t("myt.at.player", { name: who(item.target) });
  }
  if (item.object !== undefined) {
    const seat = owner(item.object);
    const card = quoted(words, item.object);
    if (seat === null) text += t("myt.at.object", { card });
    else if (seat === you) text += t("myt.at.object_yours", { card });
    else text += t("myt.at.object_of", { card, name: who(seat) });
  }
  if (item.item !== undefined) text += t("myt.at.item", { item: shortItem(words, find(item.item)) });
  return text;
}
