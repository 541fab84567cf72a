// Entry point: mounts the app; everything else lives in App.svelte and src/lib.
import { mount } from "svelte";
import App from "./App.svelte";
import { TABLE_LANGUAGE_KEY, firstScreen } from "./lib/app.svelte";
import { restoreLanguage, useWhole } from "./lib/i18n.svelte";
import en from "./locales/en.json";
import { loadContent } from "./lib/loadContent";
import { transport } from "./lib/transport";
import { keepFirstFrames } from "./lib/firstFrame.svelte";
// The table's cut of Saira, both axes (scripts/phone-font.mjs says what it keeps).
import "./font.css";
import "./app.css";

// The whole English catalogue is in the start-up bundle: the table's text fallback, always there.
useWhole("en", en);

/** The table's typeface, loaded before the first paint. In the window, a first layout made while
 *  the face was still loading held the first frame back by about 300 ms in half of the starts
 *  (docs/benchmarks.md); loaded first, it arrives within a few milliseconds of the code and the
 *  text never flashes in a fallback face. Never waited on for more than a second. */
function typeface(): Promise<unknown> {
  // A browser without the font loading API (an old one at the browser door) just goes on.
  if (!("fonts" in document)) return Promise.resolve();
  return Promise.race([document.fonts.load('1em "Saira Variable"').catch(() => []), new Promise((done) => setTimeout(done, 1000))]);
}

/** A kept first frame (first-frame.js) painted once before the live table takes its place: the
 *  page's code often came in before the frame's first paint, and the table then appeared only when
 *  it mounted, as if there were no frame (in about half of the window's starts in the benchmark).
 *  Costs the live table at most a frame's time; never waited on for more than 700 ms (the frame
 *  shows within 500). */
function keptFramePainted(): Promise<unknown> {
  const app = document.getElementById("app");
  if (!app?.hasAttribute("data-first-frame") || (window as { nemesisFramePainted?: boolean }).nemesisFramePainted) return Promise.resolve();
  return Promise.race([new Promise((done) => addEventListener("nemesis:frame-painted", done, { once: true })), new Promise((done) => setTimeout(done, 700))]);
}

// The table's language, the box's contents, the screen and the typeface first, so the first
// paint is already in that language and face, every name is there, and a resumed game is drawn
// once, as the table (not the home page first and the table a moment later).
void Promise.all([restoreLanguage(TABLE_LANGUAGE_KEY), loadContent(), firstScreen(), typeface(), keptFramePainted()]).then(() => {
  const target = document.getElementById("app")!;
  // The kept first frame (first-frame.js) gives way to the live table in this same task, so no
  // empty frame is painted between the two.
  if (target.hasAttribute("data-first-frame")) {
    target.replaceChildren();
    target.removeAttribute("data-first-frame");
    target.removeAttribute("inert");
    target.removeAttribute("style");
  }
  mount(App, { target });
  transport.shown();
  keepFirstFrames();
});
