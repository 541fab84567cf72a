// Drives a real Tauri window: Xvfb, tauri-driver with WebKitWebDriver, and a WebDriver session
// on the app. Shared by the real-window test (window.mjs) and the installed-package test
// (package.mjs), which start the app from different places.
import { spawn } from "node:child_process";
import { readdirSync, readlinkSync, realpathSync } from "node:fs";

const driverUrl = "http://127.0.0.1:4444";
const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

/** Polls `fn` until it returns something truthy, or fails naming `what` after `ms`. */
export async function until(what, fn, ms = 20000) {
  const end = Date.now() + ms;
  let last;
  while (Date.now() < end) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}: ${last ?? ""}`);
}

/** One WebDriver call. Every call has a deadline, so a stuck WebKitWebDriver fails the test
 *  instead of hanging the run. */
export async function wd(method, path, body, ms = 60000) {
  const res = await fetch(driverUrl + path, { method, headers: { "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(ms) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json.value)}`);
  return json.value;
}

/** Xvfb on `display` and tauri-driver on it, with `env` added to the app's environment (the app
 *  inherits tauri-driver's). `stop()` ends both, newest first. */
export async function startDriver({ display = ":97", env = {} } = {}) {
  const children = [];
  const start = (cmd, args, extra) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...extra } });
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    child.log = () => err;
    children.push(child);
    return child;
  };
  start("Xvfb", [display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"]);
  await new Promise((r) => setTimeout(r, 500));
  const driver = start("tauri-driver", ["--native-driver", "/usr/bin/WebKitWebDriver"], { DISPLAY: display, ...env });
  const stop = () => {
    for (const c of children.reverse()) c.kill("SIGTERM");
  };
  try {
    await until("tauri-driver", async () => (await fetch(driverUrl + "/status")).ok);
  } catch (e) {
    stop();
    throw new Error(`${e.message}\n${driver.log()}`);
  }
  // What the app and its web processes said on stderr (they inherit tauri-driver's).
  return { stop, log: driver.log };
}

/** A WebDriver session on the app at `application` (with `args`), and the page helpers the
 *  tests use, each waiting for its element first. */
export async function openApp(application, args = []) {
  const session = await wd("POST", "/session", { capabilities: { alwaysMatch: { "tauri:options": { application, args } } } });
  const sid = session.sessionId;
  const find = (css) => wd("POST", `/session/${sid}/element`, { using: "css selector", value: css }).then((e) => e[ELEMENT]);
  const click = async (css) => wd("POST", `/session/${sid}/element/${await until(css, () => find(css))}/click`, {});
  const text = async (css) => wd("GET", `/session/${sid}/element/${await until(css, () => find(css))}/text`);
  const type = async (css, value) => wd("POST", `/session/${sid}/element/${await until(css, () => find(css))}/value`, { text: value });
  // Ending the session should close the app, but a WebKitWebDriver still busy with an earlier
  // call (a stalled screenshot) can leave it running, holding its save folder. So the end waits
  // for the app's own processes to exit, and ends them itself if they do not.
  const end = async () => {
    await wd("DELETE", `/session/${sid}`, undefined, 20000).catch(() => {});
    await stopProcesses(application);
  };
  return { sid, find, click, text, type, end };
}

/** The ids of running processes whose program is `application`. */
function processesOf(application) {
  let target;
  try {
    target = realpathSync(application);
  } catch {
    return [];
  }
  const pids = [];
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readlinkSync(`/proc/${pid}/exe`) === target) pids.push(Number(pid));
    } catch {
      // Another user's process, or one that just exited.
    }
  }
  return pids;
}

/** Waits up to 10 s for `application` to exit, then sends SIGTERM, and SIGKILL 5 s later. */
async function stopProcesses(application) {
  const gone = async (ms) => {
    for (const end = Date.now() + ms; Date.now() < end; ) {
      if (processesOf(application).length === 0) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return processesOf(application).length === 0;
  };
  if (await gone(10000)) return;
  for (const pid of processesOf(application)) process.kill(pid, "SIGTERM");
  if (await gone(5000)) return;
  for (const pid of processesOf(application)) process.kill(pid, "SIGKILL");
  await gone(5000);
}

/** The setup wizard in a real window with its defaults, to the table screen at the draft
 *  (the same steps as createGame in harness.mjs, over WebDriver). */
export async function newGameInWindow(app, names) {
  await app.click('[data-test="new-game"]');
  await app.click(`[data-test="count-${names.length}"]`);
  await app.click('[data-test="next"]');
  await app.click('[data-test="next"]');
  for (const [i, n] of names.entries()) await app.type(`[data-test="name-${i}"]`, n);
  await app.click('[data-test="next"]');
  await app.click('[data-test="create"]');
  await app.click('[data-test="to-table"]');
}
