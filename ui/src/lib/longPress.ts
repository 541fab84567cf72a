//! A long press that shows a piece's whole name on a touch screen, where there is no hover to
//! show its tooltip (issue 33: the turn strip's clipped names and the map's character marks).
import type { Attachment } from "svelte/attachments";

/** How long a finger rests before the name shows, and how long it stays once lifted. */
const PRESS_MS = 450;
const SHOWN_MS = 2000;

let bubble: HTMLDivElement | null = null;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

function show(text: string, x: number, y: number) {
  if (!bubble) {
    bubble = document.createElement("div");
    bubble.className = "press-name";
    bubble.setAttribute("role", "tooltip");
    bubble.dataset.test = "press-name";
    // Styled here: the table, the phone and the display pages each have their own stylesheet.
    Object.assign(bubble.style, {
      position: "fixed", zIndex: "50", maxWidth: "calc(100vw - 16px)", padding: "6px 10px", borderRadius: "8px",
      background: "var(--panel, #1b2027)", color: "var(--text, #e8ecf1)", border: "1px solid var(--accent, #f2a33a)",
      boxShadow: "0 4px 18px #0008", fontWeight: "600", pointerEvents: "none", whiteSpace: "normal",
    });
    document.body.append(bubble);
  }
  bubble.textContent = text;
  bubble.hidden = false;
  // Above the finger, so the finger does not cover it; kept inside the window.
  const w = Math.min(bubble.offsetWidth || 160, innerWidth - 16);
  bubble.style.left = `${Math.max(8, Math.min(innerWidth - w - 8, x - w / 2))}px`;
  bubble.style.top = `${Math.max(8, y - 56)}px`;
  clearTimeout(hideTimer);
}

function hideLater() {
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => bubble && (bubble.hidden = true), SHOWN_MS);
}

/** Shows `text()` above a finger resting on the element; a mouse keeps the element's tooltip. */
export function pressName(text: () => string): Attachment<Element> {
  return (el) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown = false;
    const down = (e: Event) => {
      const p = e as PointerEvent;
      if (p.pointerType === "mouse") return;
      clearTimeout(timer);
      shown = false;
      timer = setTimeout(() => {
        shown = true;
        show(text(), p.clientX, p.clientY);
      }, PRESS_MS);
    };
    const up = () => {
      clearTimeout(timer);
      if (shown) hideLater();
    };
    // The platform's own long-press menu would cover the name.
    const menu = (e: Event) => shown && e.preventDefault();
    el.addEventListener("pointerdown", down);
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
    el.addEventListener("pointerleave", up);
    el.addEventListener("contextmenu", menu);
    return () => {
      clearTimeout(timer);
      el.removeEventListener("pointerdown", down);
      el.removeEventListener("pointerup", up);
      el.removeEventListener("pointercancel", up);
      el.removeEventListener("pointerleave", up);
      el.removeEventListener("contextmenu", menu);
    };
  };
}
