// The links a table hands out, each with its QR code (drawn by the service) and a copy button:
// loaded by play-seats.js the first time one is shown (the host's screen, "a seat's link
// again", "continue on another device"), so that a phone's first load does without it.

import { el } from "./play-render.js";
import { t } from "./play-common.js";
import { shownName } from "./play-seats.js";

const codes = new Map(); // link -> the promise of its SVG text

/** The QR code of `link`, drawn by the service (POST: the link's secret stays out of URLs). */
async function qrCode(link) {
  if (!codes.has(link)) {
    codes.set(link, fetch("/play/qr.svg", {
      method: "POST", body: new URLSearchParams({ url: link }),
    }).then((response) => {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    }));
  }
  try {
    const text = await codes.get(link);
    const svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
    return document.importNode(svg, true);
  } catch (failure) {
    codes.delete(link);
    throw failure;
  }
}

function qrFigure(link, label) {
  const figure = el("figure", { class: "qr" });
  qrCode(link).then((svg) => {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
    figure.replaceChildren(svg);
    figure.dataset.link = link;
  }, () => figure.replaceChildren(el("p", { class: "muted", text: t("seats.qr_failed") })));
  return figure;
}

function copyButton(link, input) {
  const button = el("button", { type: "button", class: "secondary copy", text: t("copy") });
  button.addEventListener("click", async () => {
    let copied = false;
    try {
      await navigator.clipboard.writeText(link); // only where the page is a secure context
      copied = true;
    } catch {
      input.select(); // an address on the LAN is plain HTTP: the older way
      try {
        copied = document.execCommand("copy");
      } catch { /* the link is selected, to copy by hand */ }
    }
    if (copied) button.textContent = t("copied");
  });
  return button;
}

/** One seat's invitation: who it is for, the QR code, the link with a copy button; with
 *  `sitHere`, a button to sit at the seat on this device (the host's own seat). */
export function invitation(seat, title, link, sitHere = false) {
  const n = seat.seat + 1;
  const input = el("input", {
    class: "seat-link", readonly: true, value: link, "aria-label": t("seats.link_label", { n }),
  });
  input.addEventListener("focus", () => input.select());
  let sit = null;
  if (sitHere) {
    sit = el("button", { type: "button", class: "secondary sit-here", text: t("seats.sit_here") });
    sit.addEventListener("click", () => {
      // The seat's link opened here: the page asks the name and sits down, as a phone does.
      history.replaceState(null, "", `${location.pathname}${location.search}${new URL(link).hash}`);
      location.reload();
    });
  }
  // No QR code for a link no other device can open (the page says why: #links-local).
  const reachable = document.body.dataset.linkLocal === undefined;
  return el("li", { class: "seat-invite", "data-seat": String(seat.seat) },
    el("h3", { text: title }),
    reachable ? qrFigure(link, t("seats.qr_label", { n, name: shownName(seat) })) : null,
    el("div", { class: "link-row" }, input, copyButton(link, input)), sit);
}
