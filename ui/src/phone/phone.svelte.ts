// The phone page's state: which page shows (join, waiting, the seat, a one-time reveal…), the
// seat token kept in this phone's storage, the seat's screen from the host's stream, and the
// link to the table (reconnected when the phone wakes up). Only this module talks to transport,
// and box.ts for the box contents the map and a card need.
import type { Command } from "../bindings/Command";
import type { Component } from "../bindings/Component";
import type { Entered } from "../bindings/Entered";
import type { Fault } from "../bindings/Fault";
import type { LogLine } from "../bindings/LogLine";
import type { PhoneScreen } from "../bindings/PhoneScreen";
import { cue, vibrate } from "./cue";
import { load, store, type Held } from "./held";
import { matchCode } from "./match";
import { deviceName, phoneCall, readStream } from "./transport";

export type { Held };

export type Stage = "welcome" | "join" | "waiting" | "refused" | "seat" | "freed" | "left" | "reveal";
export type Link = "idle" | "connecting" | "live" | "down";

/** Whether this phone sounds a cue when its round comes (the player's choice, on this phone). */
const SOUND_KEY = "nemesis-phone-sound";
/** Where this phone remembers its language (the table keeps its own). */
export const PHONE_LANGUAGE_KEY = "nemesis-phone-language";
/** The host sends a keep-alive every 15 s: this long without a byte means the link is dead. */
const SILENT_MS = 40_000;
const OPENING_MS = 4000; // a stream not open after this long is given up and tried again
/** Waits between tries to reopen a cut stream: quick at first, then one try every 1.5 s at most
 *  while the page is on screen (a phone is current within 2 s of its network coming back, and
 *  never hammers the table; `online` and waking up try at once, issue 32, item 6). */
const RETRY_MS = [250, 500, 1000, 1500];

export const phone = $state({
  stage: "welcome" as Stage,
  /** The pairing code from the QR (in the address's fragment, never sent to a server log). */
  code: "",
  /** The seat the code is for, as the QR's address names it (shown before the tap; the host
   *  still takes the seat from the code alone). */
  joining: null as { name: string; character: string | null } | null,
  revealCode: "",
  /** Reveal addresses opened in this tab: a second QR scanned on a reveal's page starts afresh. */
  revealVisit: 0,
  held: null as Held | null,
  screen: null as PhoneScreen | null,
  link: "idle" as Link,
  /** Why the table refused the stream (phones off, too many wrong codes). */
  linkFault: null as Fault | null,
  /** The last refusal of a pairing or a choice, explained on screen. */
  fault: null as Fault | null,
  busy: false,
  /** A private line arrived that this phone has not shown yet. */
  fresh: false,
  /** While waiting: the four digits the table shows next to this phone's request. */
  match: "",
  /** The player turned the cue on: a short sound when their round comes. */
  sound: false,
  /** Times this page told the player their round had come (a buzz, a cue where on). */
  roundCalls: 0,
});

/** The code is single-use and spent: keep it out of the history and of a reload. */
function clearFragment() {
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
}

function newest(s: PhoneScreen | null): number {
  return s?.game?.reveals.at(-1)?.seq ?? -1;
}

// --- Your round has come -------------------------------------------------------------------

/** This seat's round began: a short buzz where the phone allows it, the cue if turned on. */
function roundCame() {
  phone.roundCalls++;
  vibrate(200);
  if (phone.sound) cue();
}

/** The player turns the cue on or off; turning it on (a tap) lets the browser play it later. */
export function toggleSound() {
  phone.sound = !phone.sound;
  try {
    localStorage.setItem(SOUND_KEY, phone.sound ? "on" : "off");
  } catch {
    // Not kept: it lasts as long as this page.
  }
  if (phone.sound) cue();
}

// --- The seat's stream --------------------------------------------------------------------

let stream: AbortController | null = null;
let retries = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let lastBytes = 0;
let lastNewest: number | null = null;
/** Whose round the last screen showed (undefined before the first). */
let lastRound: number | null | undefined;
/** Screens with a revision below this are older than a step this phone took: skipped. */
let atLeast = 0;

function setScreen(s: PhoneScreen) {
  const revision = s.game?.revision ?? 0;
  if (revision < atLeast) return;
  phone.screen = s;
  const round = s.game && s.game.phase.phase === "player" ? s.game.rounds.turn_of : null;
  if (lastRound !== undefined && round === s.seat && lastRound !== s.seat) roundCame();
  lastRound = round;
  const n = newest(s);
  if (phone.held && n > phone.held.seen) {
    // A reveal that came while this page was open: a buzz, where the phone can (not for the
    // line of a choice this phone is making right now).
    if (lastNewest !== null && n > lastNewest && !phone.busy) vibrate([120, 80, 120]);
    phone.fresh = true;
  } else {
    phone.fresh = false;
  }
  lastNewest = n;
}

/** Opens (or reopens) the seat's stream. One tap on "Reconnect" calls this. */
export function connect() {
  const held = phone.held;
  if (!held) return;
  clearTimeout(retryTimer);
  stream?.abort();
  const me = new AbortController();
  stream = me;
  phone.link = "connecting";
  lastBytes = Date.now();
  void readStream(held.token, me.signal, {
    open() {
      if (stream !== me) return;
      phone.link = "live";
      phone.linkFault = null;
      retries = 0;
    },
    alive() {
      lastBytes = Date.now();
    },
    event(name, data) {
      if (stream !== me) return;
      if (name === "hand") {
        try {
          setScreen(JSON.parse(data) as PhoneScreen);
        } catch {
          // A garbled event: the next one carries the whole screen again.
        }
      } else if (name === "revoked") {
        freed();
      }
    },
  }).then((end) => {
    if (stream !== me) return;
    stream = null;
    if (end.kind === "aborted" || phone.stage !== "seat") return;
    if (end.kind === "refused" && end.fault?.code === "bad_token") return freed();
    phone.link = "down";
    phone.linkFault = end.kind === "refused" ? end.fault : null;
    // A phone locked out must wait; otherwise try again by itself while on screen.
    const locked = end.kind === "refused" && end.fault?.code === "locked_out";
    if (!locked) retryLater();
  });
}

/** The next try, while on screen: a hidden page waits to be woken (`wake`). */
function retryLater() {
  clearTimeout(retryTimer);
  if (document.visibilityState !== "visible") return;
  retryTimer = setTimeout(connect, RETRY_MS[Math.min(retries++, RETRY_MS.length - 1)]);
}

function disconnect() {
  clearTimeout(retryTimer);
  const s = stream;
  stream = null;
  s?.abort();
  phone.link = "idle";
}

/** Back on screen, or back online: a stream that died while the phone slept is reopened at
 *  once. Back online, a stream still opening may be stuck on the old network: opened anew. */
function wake(e?: Event) {
  if (phone.stage !== "seat" || !phone.held || document.visibilityState !== "visible") return;
  const stale = Date.now() - lastBytes > 20_000;
  const online = e?.type === "online";
  if (phone.link === "down" || phone.link === "idle" || (phone.link === "connecting" && online) || (phone.link === "live" && (stale || online))) {
    retries = 0;
    connect();
  }
}

/** The phone says its network is gone: the screen stays, marked as reconnecting, and the
 *  stream is opened again the moment the network is back (`wake`). */
function offline() {
  if (phone.stage !== "seat" || !phone.held || phone.link === "idle") return;
  clearTimeout(retryTimer);
  const s = stream;
  stream = null;
  s?.abort();
  phone.link = "down";
  phone.linkFault = null;
}

/** The table freed this seat (or the token stopped working): forget it here too. */
function freed() {
  disconnect();
  phone.held = null;
  phone.screen = null;
  phone.fresh = false;
  store(null);
  phone.stage = "freed";
}

// --- What the player does -------------------------------------------------------------------

/** Spends the pairing code and waits (up to two minutes) for the table to confirm. */
export async function join() {
  if (phone.busy) return;
  phone.busy = true;
  phone.stage = "waiting";
  phone.fault = null;
  phone.match = matchCode(phone.code);
  try {
    const a = await phoneCall({ call: "pair", code: phone.code, device: deviceName() });
    phone.match = "";
    clearFragment();
    phone.code = "";
    if (a.ok && a.reply.reply === "paired") {
      const old = phone.held;
      const held: Held = { token: a.reply.token, seat: a.reply.seat, name: a.reply.name, seen: -1 };
      // This phone moved to another seat: give the old one back rather than leave it dangling.
      if (old && old.seat !== held.seat) void phoneCall({ call: "leave" }, old.token);
      disconnect();
      phone.held = held;
      store(held);
      phone.screen = null;
      lastNewest = null;
      phone.stage = "seat";
      connect();
    } else {
      phone.fault = a.ok ? null : a.fault;
      phone.stage = "refused";
    }
  } finally {
    phone.busy = false;
  }
}

/** One of the seat's private choices (draft, objective, engine order). */
export async function choose(command: Command): Promise<boolean> {
  const held = phone.held;
  if (!held || phone.busy) return false;
  phone.busy = true;
  phone.fault = null;
  // Whether everything secret so far was seen: then the line of this choice is no news.
  const upToDate = held.seen >= newest(phone.screen);
  try {
    const a = await phoneCall({ call: "act", command, entered: [] }, held.token);
    if (a.ok && a.reply.reply === "hand") {
      setScreen(a.reply.screen);
      if (upToDate) markSeen();
      return true;
    }
    if (!a.ok && a.fault?.code === "bad_token") freed();
    else phone.fault = a.ok ? null : a.fault;
    return false;
  } finally {
    phone.busy = false;
  }
}

/** What became of a step of this phone's round: taken, refused (said in `phone.fault`), or
 *  waiting for a physical result the table holds (`needs`: the component, null for a card of
 *  the player's own). */
export type Played = { kind: "taken" } | { kind: "refused" } | { kind: "needs"; needs: Component | null };

/** One of the round's steps, sent from the screen of `revision` with the results entered so
 *  far. While the stream is up the reply names only the new revision: its screen comes once,
 *  on the stream (issue 30). */
export async function play(command: Command, entered: Entered[], revision: number): Promise<Played> {
  const held = phone.held;
  if (!held || phone.busy) return { kind: "refused" };
  phone.busy = true;
  phone.fault = null;
  try {
    const streamed = phone.link === "live";
    const a = await phoneCall({ call: "act", command, entered, revision, streamed }, held.token);
    if (a.ok && a.reply.reply === "hand") {
      setScreen(a.reply.screen);
      return { kind: "taken" };
    }
    if (a.ok && a.reply.reply === "accepted") {
      atLeast = a.reply.revision;
      // The stream brings it; should it stall, the screen is asked for once.
      const asked = a.reply.revision;
      setTimeout(() => {
        if ((phone.screen?.game?.revision ?? 0) < asked && phone.held) void phoneCall({ call: "hand" }, phone.held.token).then((h) => h.ok && h.reply.reply === "hand" && setScreen(h.reply.screen));
      }, 3000);
      return { kind: "taken" };
    }
    if (!a.ok && a.fault?.code === "result_needed") return { kind: "needs", needs: a.fault.needs };
    if (!a.ok && a.fault?.code === "bad_token") freed();
    else phone.fault = a.ok ? null : (a.fault ?? { code: "storage", reason: "", needs: null, key: "", params: {} });
    return { kind: "refused" };
  } finally {
    phone.busy = false;
  }
}

/** The player held their secrets on screen: what arrived so far is no longer new. */
export function markSeen() {
  const held = phone.held;
  if (!held) return;
  const n = newest(phone.screen);
  if (n > held.seen) {
    held.seen = n;
    store({ ...held });
  }
  phone.fresh = false;
}

/** Gives the seat back. */
export async function leave() {
  const held = phone.held;
  if (!held) return;
  phone.busy = true;
  try {
    const a = await phoneCall({ call: "leave" }, held.token);
    if (a.ok || a.fault?.code === "bad_token") {
      disconnect();
      phone.held = null;
      phone.screen = null;
      store(null);
      phone.stage = "left";
    } else {
      phone.fault = a.fault ?? { code: "storage", reason: "", needs: null, key: "", params: {} };
    }
  } finally {
    phone.busy = false;
  }
}

/** Spends a one-reveal code: the seat's name and the lines it opens, or why not. */
export async function openReveal(): Promise<{ name: string; lines: LogLine[] } | { fault: Fault | null }> {
  const code = phone.revealCode;
  // The table is told which device opened it, and whether it is a paired phone (issue 32).
  const a = await phoneCall({ call: "reveal", code, device: deviceName() }, phone.held?.token);
  clearFragment();
  phone.revealCode = "";
  if (a.ok && a.reply.reply === "reveal") return { name: a.reply.name, lines: a.reply.lines };
  return { fault: a.ok ? null : a.fault };
}

/** Back from a one-time reveal to this phone's seat, or to the start. */
export function home() {
  phone.stage = phone.held ? "seat" : "welcome";
  if (phone.held && phone.link !== "live" && phone.link !== "connecting") connect();
}

// --- Start ----------------------------------------------------------------------------------

export function start() {
  phone.held = load();
  try {
    phone.sound = localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    phone.sound = false;
  }
  route();
  window.addEventListener("hashchange", route);
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("online", wake);
  window.addEventListener("offline", offline);
  window.addEventListener("pageshow", wake);
  window.addEventListener("focus", wake);
  // A phone that slept may keep a dead connection open: no keep-alive for a while means gone;
  // a stream that does not open within a few seconds is tried again (a request lost on a
  // network that went away can hang much longer).
  setInterval(() => {
    const quiet = Date.now() - lastBytes;
    if ((phone.link === "live" && quiet > SILENT_MS) || (phone.link === "connecting" && quiet > OPENING_MS)) connect();
  }, 1000);
}

/** What the address asks for: join with a code, open a one-time reveal, or this phone's seat.
 *  Also when a new code is opened in this same tab (only the fragment changes then). */
function route() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const pair = fragment.get("pair");
  const reveal = fragment.get("reveal");
  if (pair) {
    // One tap to join, never on load: a link preview must not spend the code.
    phone.code = pair;
    const name = fragment.get("name");
    phone.joining = name ? { name: name.slice(0, 80), character: fragment.get("character") } : null;
    phone.fault = null;
    phone.stage = "join";
  } else if (reveal) {
    phone.revealCode = reveal;
    phone.revealVisit++;
    phone.stage = "reveal";
  } else if (phone.held) {
    if (phone.stage !== "seat") {
      phone.stage = "seat";
      connect();
    }
  } else if (phone.stage !== "freed" && phone.stage !== "left") {
    phone.stage = "welcome";
  }
}
