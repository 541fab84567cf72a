// The table as drawn, kept for the page's next load (issue 35): a quiet moment after each new
// screen of an open game, the page hands the host its drawing of the table, which the host puts
// into index.html when the page next loads while that game is open at that very revision (the
// window resuming it, or the serve door's page with its key); first-frame.js shows it before the
// table's code has loaded. Only the table is kept: every overlay that may hold a player's secret
// or a pairing code (the curtain, the panels, a QR code) is left out.
import { app } from "./app.svelte";
import { transport } from "./transport";

/** After the last screen, so a burst of steps is kept once, and never mid-click. */
const QUIET_MS = 1500;
/** What a kept frame leaves out: every overlay, and anything marked private. */
const LEFT_OUT = '[role="dialog"], [role="alertdialog"], dialog, [data-private]';

/** Starts keeping frames. */
export function keepFirstFrames(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  $effect.root(() => {
    $effect(() => {
      const game = app.screen?.game;
      const onTable = app.page === "table";
      clearTimeout(timer);
      if (!game || !onTable) return;
      const { id, revision } = game;
      timer = setTimeout(() => keep(id, revision), QUIET_MS);
    });
  });
}

function keep(game: number, revision: number): void {
  const now = app.screen?.game;
  const root = document.getElementById("app");
  if (!root || app.page !== "table" || now?.id !== game || now.revision !== revision) return;
  const copy = root.cloneNode(true) as HTMLElement;
  for (const el of copy.querySelectorAll(LEFT_OUT)) el.remove();
  // A test's (or a benchmark's) query is meant for the live table, never its picture.
  for (const el of copy.querySelectorAll("[data-test]")) el.removeAttribute("data-test");
  transport.keepFrame(game, revision, copy.innerHTML);
}
