// The screen's state: the latest table screen pushed by the host, the saves list, the page shown,
// and the last refusal. Every change to the game goes through `send`, so nothing changes on screen
// before the host has committed it and pushed the new screen.
import type { Call } from "../bindings/Call";
import type { Command } from "../bindings/Command";
import type { Entered } from "../bindings/Entered";
import type { Fault } from "../bindings/Fault";
import type { Hint } from "../bindings/Hint";
import type { Reply } from "../bindings/Reply";
import type { SaveSummary } from "../bindings/SaveSummary";
import type { TableScreen } from "../bindings/TableScreen";
import { transport } from "./transport";
import { board } from "./board.svelte";

export type Page = "home" | "wizard" | "table";

/** Held raw, not deeply reactive: every screen is a new snapshot from the host that the page only
 *  reads, so wrapping each of its objects in a proxy (a 45 KB screen, on every step) bought
 *  nothing and was most of the window's memory churn late in a game (docs/benchmarks.md). */
class AppState {
  screen = $state.raw<TableScreen | null>(null);
  saves = $state.raw<SaveSummary[]>([]);
  page = $state<Page>("home");
  fault = $state.raw<Fault | null>(null);
  /** The command that was refused, kept so the table can add the physical result and retry. */
  refusedCommand = $state.raw<Command | null>(null);
  busy = $state(false);
  /** Shows the setup guide once, right after the wizard created a game. */
  guideAfterSetup = $state(false);
  connected = $state(false);
}

export const app = new AppState();

function applyScreen(s: TableScreen) {
  // Revisions only grow for the life of the host, so an older screen is never shown again.
  // The caller's reply and the push carry the same screen: draw it once.
  if (!app.screen || s.revision > app.screen.revision) {
    app.screen = s;
    board.rooms = s.game?.view.rooms ?? null;
  }
  if (s.game && app.page !== "table" && !app.guideAfterSetup) app.page = "table";
  if (!s.game && app.page === "table") app.page = "home";
}

/** Where the table screen remembers its language (each phone keeps its own). */
export const TABLE_LANGUAGE_KEY = "nemesis-table-language";

/** The table screen before the page first mounts (main.ts asks beside the contents): a resumed
 *  game then draws once, as the table, instead of the home page first and the table later. */
export async function firstScreen(): Promise<void> {
  const reply = await transport.call({ call: "screen" });
  if (reply.reply === "screen") {
    app.connected = true;
    applyScreen(reply.screen);
  }
}

export function start() {
  transport.onScreen((s) => {
    app.connected = true;
    applyScreen(s);
  });
  void refreshSaves();
  // The stream's first push is the current screen too; asking again only covers a first
  // screen that did not come (a refused save file, a host still starting).
  if (!app.screen) void send({ call: "screen" });
}

/** Sends a call; a refusal is kept in `app.fault` for the screen to explain. */
export async function send(call: Call): Promise<Reply> {
  app.busy = true;
  try {
    const reply = await transport.call(call);
    app.connected = true;
    if (reply.reply === "refused") {
      app.fault = reply.fault;
    } else {
      app.fault = null;
      app.refusedCommand = null;
      if (reply.reply === "screen") applyScreen(reply.screen);
      if (reply.reply === "saves") app.saves = reply.saves;
    }
    return reply;
  } finally {
    app.busy = false;
  }
}

export async function refreshSaves() {
  const r = await transport.call({ call: "saves" });
  if (r.reply === "saves") app.saves = r.saves;
}

/** The open game's revision on this screen: an act names it, so one made from a screen the
 *  game has moved on from (a phone acted meanwhile) is refused, not applied to another state. */
function revision(): number | undefined {
  return app.screen?.game?.revision;
}

export async function act(command: Command, entered: Entered[] = []): Promise<boolean> {
  const r = await send({ call: "act", request: { request: "do", command, entered }, revision: revision() });
  if (r.reply === "refused") app.refusedCommand = command;
  return r.reply === "screen";
}

/** The action helpers' hints for a command about to be sent; changes nothing, and a refusal
 *  (no game open) simply means no hints. */
export async function explain(command: Command): Promise<Hint[]> {
  const r = await transport.call({ call: "explain", command });
  return r.reply === "hints" ? r.hints : [];
}

export async function undo(): Promise<boolean> {
  return (await send({ call: "act", request: { request: "undo" }, revision: revision() })).reply === "screen";
}

export async function correct(entered: Entered[]): Promise<boolean> {
  return (await send({ call: "act", request: { request: "correct", entered }, revision: revision() })).reply === "screen";
}

export function dismissFault() {
  app.fault = null;
  app.refusedCommand = null;
}
