// The only module that talks to the host: Tauri IPC inside the desktop window, HTTP + server-sent
// events in a browser (serve mode). Components call `call()` and `onScreen()`, nothing else.
import type { Call } from "../bindings/Call";
import type { Reply } from "../bindings/Reply";
import type { TableScreen } from "../bindings/TableScreen";
import { t } from "./i18n.svelte";
// Imported up front: a lazily loaded chunk would delay the window's first call at start-up.
import { Channel, invoke } from "@tauri-apps/api/core";

type Listener = (screen: TableScreen) => void;
/** One call to the host; `streamed` says the page reads the screen stream (see `screenStream`). */
type Ask = (c: Call, streamed: boolean) => Promise<Reply>;

/** The newest screen the page's stream brought, and the calls waiting for a revision of it: an
 *  accepted call is answered with its screen's revision only (the stream carries the screen), so
 *  the bytes of a screen cross once per step. */
function screenStream() {
  let latest: TableScreen | null = null;
  let waiting: { revision: number; done: (s: TableScreen) => void }[] = [];
  return {
    get open() {
      return latest !== null;
    },
    arrived(s: TableScreen) {
      if (!latest || s.revision > latest.revision) latest = s;
      const ready = waiting.filter((w) => w.revision <= s.revision);
      waiting = waiting.filter((w) => w.revision > s.revision);
      for (const w of ready) w.done(s);
    },
    /** Sends `c` through `ask`, saying whether the stream is up; an `accepted` answer becomes
     *  the screen of its revision, from the stream. */
    async send(c: Call, ask: Ask, streaming: boolean): Promise<Reply> {
      const r = await ask(c, streaming);
      return r.reply === "accepted" ? this.at(r.revision, () => ask({ call: "screen" }, false)) : r;
    },
    /** The screen of `revision` (or newer) from the stream; if it has not come within a few
     *  seconds (a stream that broke), the screen is asked for directly. */
    at(revision: number, ask: () => Promise<Reply>): Promise<Reply> {
      if (latest && latest.revision >= revision) return Promise.resolve({ reply: "screen", screen: latest });
      return new Promise((resolve) => {
        const entry = { revision, done: (s: TableScreen) => { clearTimeout(timer); resolve({ reply: "screen", screen: s }); } };
        const timer = setTimeout(() => {
          waiting = waiting.filter((w) => w !== entry);
          void ask().then(resolve);
        }, 3000);
        waiting.push(entry);
      });
    },
  };
}

interface Door {
  call(c: Call): Promise<Reply>;
  listen(cb: Listener): void;
}

const inTauri = typeof window !== "undefined" && "__TAURI_INTERNALS__" in window;

function tauriDoor(): Door {
  const stream = screenStream();
  const ask: Ask = async (c, streamed) => {
    try {
      return await invoke<Reply>("call", { call: c, streamed });
    } catch (e) {
      return { reply: "refused", fault: { code: "bad_call", reason: String(e), needs: null, key: "", params: {} } };
    }
  };
  return {
    call: (c) => stream.send(c, ask, stream.open),
    listen(cb) {
      // A channel, not an event: the host streams every new screen through it (see `watch`).
      const screens = new Channel<TableScreen>();
      screens.onmessage = (s) => {
        stream.arrived(s);
        cb(s);
      };
      void invoke("watch", { to: screens });
    },
  };
}

/** The serve door's key comes in the printed address (?key=…); kept for reloads of this tab. */
function serveKey(): string {
  const fromUrl = new URLSearchParams(location.search).get("key");
  if (fromUrl) {
    sessionStorage.setItem("table-key", fromUrl);
    return fromUrl;
  }
  return sessionStorage.getItem("table-key") ?? "";
}

function httpDoor(): Door {
  const key = serveKey();
  const stream = screenStream();
  const ask: Ask = async (c, streamed) => {
    let res: Response;
    try {
      res = await fetch("/api/call", {
        method: "POST",
        headers: { "content-type": "application/json", "x-table-key": key, ...(streamed ? { "x-screen": "streamed" } : {}) },
        body: JSON.stringify(c),
      });
    } catch {
      return { reply: "refused", fault: { code: "storage", reason: t("fault.offline"), needs: null, key: "", params: {} } };
    }
    try {
      return (await res.json()) as Reply;
    } catch {
      // Only the host's own error pages are not JSON (e.g. a body over the size limit).
      return { reply: "refused", fault: { code: "bad_call", reason: t("fault.http", { status: res.status }), needs: null, key: "", params: {} } };
    }
  };
  let source: EventSource | null = null;
  return {
    // Only while the stream is up: a page whose stream dropped gets screens in replies.
    call: (c) => stream.send(c, ask, stream.open && source?.readyState === EventSource.OPEN),
    listen(cb) {
      source = new EventSource(`/api/stream?key=${encodeURIComponent(key)}`);
      source.addEventListener("screen", (e) => {
        const s = JSON.parse((e as MessageEvent).data) as TableScreen;
        stream.arrived(s);
        cb(s);
      });
    },
  };
}

const door: Door = inTauri ? tauriDoor() : httpDoor();

/** Saves an exported game: through the host in the window (a web view cannot download), as a
 *  browser download otherwise. Resolves with where it went, when the platform says. */
async function saveFile(fileName: string, file: string): Promise<string | null> {
  if (inTauri) {
    return invoke<string>("save_export", { fileName, file });
  }
  const a = document.createElement("a");
  const type = fileName.endsWith(".html") ? "text/html" : fileName.endsWith(".csv") ? "text/csv" : "application/json";
  a.href = URL.createObjectURL(new Blob([file], { type }));
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  return null;
}

/** Tells the window, once, that the first screen is painted (the start-up benchmark's "table
 *  drawn"; the host only reports it when tracing). A browser tab marks it in its performance timeline. */
function shown(): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      // The same moment for a profile of the page in a browser (no window to tell there).
      performance.mark("nemesis:shown");
      if (inTauri) void invoke("shown").catch(() => {});
    }),
  );
}

/** Hands the host the table as drawn at a game's revision, for the page's next load while that
 *  game is open there (see firstFrame.svelte.ts). Nothing is lost if it does not arrive. */
function keepFrame(game: number, revision: number, html: string): void {
  if (inTauri) {
    void invoke("keep_frame", { game, revision, html }).catch(() => {});
    return;
  }
  void fetch("/api/frame", { method: "POST", headers: { "content-type": "application/json", "x-table-key": serveKey() }, body: JSON.stringify({ game, revision, html }) }).catch(() => {});
}

export const transport = {
  kind: inTauri ? ("window" as const) : ("browser" as const),
  saveFile,
  shown,
  keepFrame,
  call: (c: Call) => door.call(c),
  onScreen: (cb: Listener) => door.listen(cb),
};
