// A shared display's state (issue 32, item 5): its pairing through the table's "Pair a display"
// QR, its token kept on this device, the public screen from the host's stream, and the link
// (reopened by itself). It sends the host nothing but its pairing, a request for the box's
// contents (to draw the map) and its own language: it can change nothing at the table.
import type { BoardGraph } from "../bindings/BoardGraph";
import type { DisplayCall } from "../bindings/DisplayCall";
import type { DisplayReply } from "../bindings/DisplayReply";
import type { DisplayScreen } from "../bindings/DisplayScreen";
import type { Fault } from "../bindings/Fault";
import type { Pack } from "../bindings/Pack";
import { deviceName, readStream } from "../phone/transport";
import { matchCode } from "../phone/match";

export type Stage = "welcome" | "join" | "waiting" | "refused" | "show" | "freed";

const TOKEN_KEY = "nemesis-display";
/** Where this display remembers its language (the table and each phone keep their own). */
export const DISPLAY_LANGUAGE_KEY = "nemesis-display-language";

export const display = $state({
  stage: "welcome" as Stage,
  /** The pairing code from the QR's fragment (never in a request's address or a log). */
  code: "",
  token: null as string | null,
  screen: null as DisplayScreen | null,
  /** Whether the stream is up; while it is not, the screen says it is reconnecting. */
  live: false,
  /** The four digits the table shows beside this display's request. */
  match: "",
  fault: null as Fault | null,
  busy: false,
});

type Answer = { ok: true; reply: DisplayReply } | { ok: false; fault: Fault | null };

async function displayCall(call: DisplayCall): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (display.token) headers.authorization = `Bearer ${display.token}`;
  try {
    const res = await fetch("/api/display", { method: "POST", headers, body: JSON.stringify(call), cache: "no-store", credentials: "omit" });
    const reply = (await res.json()) as DisplayReply;
    return reply.reply === "refused" ? { ok: false, fault: reply.fault } : res.ok ? { ok: true, reply } : { ok: false, fault: null };
  } catch {
    return { ok: false, fault: null };
  }
}

function keep(token: string | null) {
  display.token = token;
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage refused: the pairing lasts as long as this page.
  }
}

let stream: AbortController | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retries = 0;

/** Opens (or reopens) the display's stream; after a cut it tries again by itself, soon. */
function connect() {
  const token = display.token;
  if (!token) return;
  clearTimeout(retryTimer);
  stream?.abort();
  const me = new AbortController();
  stream = me;
  void readStream(
    token,
    me.signal,
    {
      open() {
        if (stream === me) {
          display.live = true;
          retries = 0;
        }
      },
      alive() {},
      event(name, data) {
        if (stream !== me) return;
        if (name === "screen") {
          try {
            display.screen = JSON.parse(data) as DisplayScreen;
          } catch {
            // A garbled event: the next one carries the whole screen again.
          }
        } else if (name === "revoked") freed();
      },
    },
    "/api/display/stream",
  ).then((end) => {
    if (stream !== me) return;
    stream = null;
    display.live = false;
    if (end.kind === "aborted") return;
    if (end.kind === "refused" && end.fault?.code === "bad_token") return freed();
    // A television stays on all evening: keep trying, gently (the phone server may be off a while).
    retryTimer = setTimeout(connect, Math.min(500 * 2 ** retries++, 10_000));
  });
}

function freed() {
  clearTimeout(retryTimer);
  stream?.abort();
  stream = null;
  keep(null);
  display.screen = null;
  display.live = false;
  display.stage = "freed";
}

/** The display spends the pairing code and waits (up to two minutes) for the table. */
export async function join() {
  if (display.busy || !display.code) return;
  display.busy = true;
  display.stage = "waiting";
  display.fault = null;
  display.match = matchCode(display.code);
  const a = await displayCall({ call: "pair", code: display.code, device: deviceName() });
  display.busy = false;
  display.code = "";
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  if (a.ok && a.reply.reply === "paired") {
    keep(a.reply.token);
    display.stage = "show";
    connect();
  } else {
    display.fault = a.ok ? null : a.fault;
    display.stage = "refused";
  }
}

/** Tells the table which language this display shows (the one thing it sends). */
export function sayLanguage(language: string) {
  if (display.token) void displayCall({ call: "language", language });
}

const boards = new Map<Pack, Promise<BoardGraph | null>>();

/** The board graph the map is drawn from, asked once per pack (asked again after a failure). */
export function boardGraph(pack: Pack): Promise<BoardGraph | null> {
  let asked = boards.get(pack);
  if (!asked) {
    asked = displayCall({ call: "board", pack }).then((a) => (a.ok && a.reply.reply === "board" ? a.reply.board : null));
    boards.set(pack, asked);
    void asked.then((c) => c || boards.delete(pack));
  }
  return asked;
}

/** Reads the QR's code, or the token this display already holds. */
export function start() {
  const code = new URLSearchParams(location.hash.slice(1)).get("pair");
  try {
    display.token = localStorage.getItem(TOKEN_KEY);
  } catch {
    display.token = null;
  }
  if (code) {
    display.code = code;
    display.stage = "join";
  } else if (display.token) {
    display.stage = "show";
    connect();
  }
  // Back on screen, or back online: a stream that died meanwhile is reopened at once.
  const wake = () => {
    if (display.stage === "show" && !display.live && document.visibilityState === "visible") {
      retries = 0;
      connect();
    }
  };
  document.addEventListener("visibilitychange", wake);
  addEventListener("online", wake);
}
