// The phone page's only link to the host: `POST /api/phone` and the `GET /api/stream` event
// stream, on the same origin as the page. The seat token travels in the Authorization header,
// never in a URL. Plain fetch and a small server-sent-events reader: a phone on a LAN address
// over plain HTTP is not a secure context, so nothing here needs crypto or Wake Lock.
import type { Fault } from "../bindings/Fault";
import type { PhoneCall } from "../bindings/PhoneCall";
import type { PhoneReply } from "../bindings/PhoneReply";

/** A refusal, or `fault: null` when the table could not be reached at all. */
export type Answer = { ok: true; reply: PhoneReply } | { ok: false; status: number; fault: Fault | null };

async function readFault(res: Response): Promise<Fault | null> {
  try {
    const body = (await res.json()) as PhoneReply;
    return body.reply === "refused" ? body.fault : null;
  } catch {
    return null;
  }
}

export async function phoneCall(call: PhoneCall, token?: string): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch("/api/phone", { method: "POST", headers, body: JSON.stringify(call), cache: "no-store", credentials: "omit" });
  } catch {
    return { ok: false, status: 0, fault: null };
  }
  if (!res.ok) return { ok: false, status: res.status, fault: await readFault(res) };
  try {
    const reply = (await res.json()) as PhoneReply;
    if (reply.reply === "refused") return { ok: false, status: res.status, fault: reply.fault };
    return { ok: true, reply };
  } catch {
    return { ok: false, status: res.status, fault: null };
  }
}

/** How a stream ended: refused (with the host's reason), closed by the host, cut off, or
 *  stopped by this page. */
export type StreamEnd = { kind: "refused"; status: number; fault: Fault | null } | { kind: "closed" } | { kind: "network" } | { kind: "aborted" };

export interface StreamEvents {
  /** The host accepted the stream. */
  open(): void;
  /** Any bytes arrived (events or keep-alive comments): the link is alive. */
  alive(): void;
  event(name: string, data: string): void;
}

/** Reads `/api/stream` (or a display's `path`) until it ends. Resolves with how it ended; never rejects. */
export async function readStream(token: string, signal: AbortSignal, on: StreamEvents, path = "/api/stream"): Promise<StreamEnd> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" }, signal, cache: "no-store", credentials: "omit" });
  } catch {
    return signal.aborted ? { kind: "aborted" } : { kind: "network" };
  }
  if (!res.ok || !res.body) return { kind: "refused", status: res.status, fault: await readFault(res) };
  on.open();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let name = "";
  let data: string[] = [];
  const line = (text: string) => {
    if (text === "") {
      // A blank line ends an event (https://html.spec.whatwg.org/multipage/server-sent-events.html).
      if (data.length) on.event(name || "message", data.join("\n"));
      name = "";
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") name = value;
    else if (field === "data") data.push(value);
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { kind: "closed" };
      on.alive();
      buffer += decoder.decode(value, { stream: true });
      let at: number;
      while ((at = buffer.indexOf("\n")) >= 0) {
        line(buffer.slice(0, at).replace(/\r$/, ""));
        buffer = buffer.slice(at + 1);
      }
    }
  } catch {
    return signal.aborted ? { kind: "aborted" } : { kind: "network" };
  }
}

/** How this phone names itself to the table ("iPhone", "Android"): only a hint for the table
 *  to tell phones apart. The host keeps letters, digits and a little punctuation. */
export function deviceName(): string {
  const ua = navigator.userAgent;
  if (/iPhone/.test(ua)) return "iPhone";
  if (/iPad/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)) return "iPad";
  if (/Android/.test(ua)) {
    // Older Androids name the model; newer ones say "K" for privacy.
    const model = ua.match(/Android [\d.]+; ([^;)]+?)(?: Build[^;)]*)?\)/)?.[1]?.trim();
    return model && model !== "K" && model.length > 1 ? model : "Android";
  }
  if (/Windows|Macintosh|Linux|CrOS/.test(ua)) return "Computer";
  return "Phone";
}
