// The only module that talks to the host: Tauri IPC inside the desktop window, HTTP + server-sent
// events in a browser (serve mode). Components call `call()` and `onScreen()`, nothing else.
import type { Call } from "../bindings/Call";
import type { Reply } from "../bindings/Reply";
import type { TableScreen } from "../bindings/TableScreen";
import { t } from "./i18n.svelte";
// Imported up front: a lazily loaded chunk would delay the window's first call at start-up.
import { Channel, invoke } from "@tauri-apps/api/core";

type Listener = (screen: TableScreen) => void;

interface Door {
  call(c: Call): Promise<Reply>;
  listen(cb: Listener): void;
}

const inTauri = typeof window !== "undefined" && "__TAURI_INTERNALS__" in window;

function tauriDoor(): Door {
  return {
    async call(c) {
      try {
        return await invoke<Reply>("call", { call: c });
      } catch (e) {
        return { reply: "refused", fault: { code: "bad_call", reason: String(e), needs: null, key: "", params: {} } };
      }
    },
    listen(cb) {
      // A channel, not an event: the host streams every new screen through it (see `watch`).
      const screens = new Channel<TableScreen>();
      screens.onmessage = cb;
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
  return {
    async call(c) {
      let res: Response;
      try {
        res = await fetch("/api/call", {
          method: "POST",
          headers: { "content-type": "application/json", "x-table-key": key },
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
    },
    listen(cb) {
      const source = new EventSource(`/api/stream?key=${encodeURIComponent(key)}`);
      source.addEventListener("screen", (e) => cb(JSON.parse((e as MessageEvent).data) as TableScreen));
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

export const transport = {
  kind: inTauri ? ("window" as const) : ("browser" as const),
  saveFile,
  call: (c: Call) => door.call(c),
  onScreen: (cb: Listener) => door.listen(cb),
};
