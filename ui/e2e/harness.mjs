// Shared by the browser tests: starts the real host in serve mode on a free loopback port with a
// fresh save folder, and launches the system Chromium through playwright-core (never a download).
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { before, after } from "node:test";
import { chromium } from "playwright-core";

export const root = resolve(import.meta.dirname, "../..");
export const hostBinary = process.env.NEMESIS_HOST_BIN ?? join(root, "target/release/nemesis-host");
// Every game a browser test plays is dealt from a fixed seed, so a failure repeats for anyone
// (issue 34, item 10): every host this suite starts inherits it. NEMESIS_TEST_SEED=… picks another.
process.env.NEMESIS_TEST_SEED ??= "3400";

export function freshDataDir() {
  return mkdtempSync(join(tmpdir(), "nemesis-e2e-"));
}

/** Starts `nemesis-host serve` and resolves with its printed address. With `seed`, every game it
 *  makes draws from that number (`--seed`), so a test plays the same game on every run; `binary`
 *  names another host build (the benchmarks compare builds). */
export function startServe(dataDir, { seed, binary = hostBinary } = {}) {
  return new Promise((ok, fail) => {
    const args = ["serve", "--port", "0", "--data", dataDir, ...(seed === undefined ? [] : ["--seed", String(seed)])];
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const timer = setTimeout(() => fail(new Error(`serve printed no address: ${out}`)), 15000);
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/open (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        ok({ url: m[1], child, stop: () => stop(child) });
      }
    });
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => fail(new Error(`serve exited (${code}): ${out}`)));
  });
}

function stop(child) {
  return new Promise((ok) => {
    if (child.exitCode !== null) return ok();
    const force = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(force);
      ok();
    });
    child.kill("SIGINT");
  });
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

export function cleanup(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/** The hooks a browser test file shares: one Chromium for the file, one fresh save folder, and
 *  every stopper pushed to `running` (hosts the tests start) called at the end. Call it at the
 *  file's top level; `browser` is set once the file's tests start. */
export function browserSuite() {
  const suite = { browser: null, data: freshDataDir(), running: [] };
  before(async () => (suite.browser = await launch()));
  after(async () => {
    for (const stop of suite.running) await stop();
    await suite.browser?.close();
    cleanup(suite.data);
  });
  return suite;
}

/** The setup wizard with its defaults (manual pp. 6–8): player count, mode and components as
 *  offered, the names, then create. Leaves the page on the wizard's setup steps. */
export async function createGame(page, names) {
  await page.click('[data-test="new-game"]');
  await page.click(`[data-test="count-${names.length}"]`);
  await page.click('[data-test="next"]');
  await page.click('[data-test="next"]');
  for (const [i, n] of names.entries()) await page.fill(`[data-test="name-${i}"]`, n);
  await page.click('[data-test="next"]');
  await page.click('[data-test="create"]');
}

/** The character draft on the table page (setup step 17): each of `players` (a count, or the
 *  names `createGame` was given) in number order draws two and keeps the first offered, from the
 *  "now" panel. `drawn(offered)`, when given, sees each draw's offered characters first. Leaves
 *  the page in the Player Phase's first round. */
export async function draftOnTable(page, players, { drawn } = {}) {
  const count = typeof players === "number" ? players : players.length;
  for (let i = 0; i < count; i++) {
    await nextStep(page, "draft_draw");
    const list = page.locator('[data-test="now"] [data-test="field-character"]');
    const offered = await choices(list);
    await drawn?.(offered);
    await choose(list, offered[0]);
    await nextStep(page, "draft_keep");
  }
  await page.locator('[data-test="round"]').waitFor();
}

/** Keeps every objective due behind the curtain (the first Encounter made them due, p. 12), as
 *  the crew panel's "Private hand" asks. */
export async function keepObjectives(page) {
  for (let seat = 0; seat < 5; seat++) {
    const card = page.locator(`[data-test="seat-${seat}"]`);
    if (!(await card.count())) break;
    const stage = page.locator(`[data-test="objective-${seat}"]`);
    if ((await stage.getAttribute("data-objective")) !== "must_choose") continue;
    await page.click(`[data-test="private-${seat}"]`);
    await page.click('[data-test="curtain-show"]');
    try {
      await page.locator('[data-test="curtain"] [data-test^="choose-"]').first().click({ timeout: 10000 });
    } catch (e) {
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/curtain-${seat}.png` });
      throw e;
    }
    await page.locator(`[data-test="objective-${seat}"][data-objective="chosen"]`).waitFor();
    await page.click('[data-test="curtain-hide"]');
    await page.click('[data-test="curtain-close"]');
  }
}

/** Opens the bookkeeping and corrections panel, closed behind "More" (issue 33), unless it is open. */
export async function openMore(page) {
  const more = page.locator('[data-test="more"]');
  if ((await more.getAttribute("aria-expanded")) !== "true") await more.click();
}

/** The seat whose round it is, from the turn strip; null when no round is under way. */
export async function playingSeat(page) {
  const playing = page.locator('[data-test="turn-strip"] [data-status="playing"]');
  if (!(await playing.count())) return null;
  return Number((await playing.getAttribute("data-test")).replace("strip-", ""));
}

/** Each player whose round it is passes (p. 10), until `stopAt`'s round or until all have passed. */
export async function passRounds(page, stopAt = null) {
  for (let i = 0; i < 30; i++) {
    const seat = await playingSeat(page);
    if (seat === null || seat === stopAt) return;
    const pass = page.locator('[data-test="now"] [data-test="offer-pass"]');
    const harmful = (await pass.getAttribute("data-harm")) !== null;
    await pass.click();
    // A Pass that wounds asks first (issue 33): the table says yes.
    if (harmful) await page.locator('[data-test="now"] [data-test="pass-go"]').click();
    await page.waitForFunction((s) => document.querySelector(`[data-test="strip-${s}"]`)?.getAttribute("data-status") !== "playing", seat);
  }
}

/** How many lines the table's log has in all (the panel shows only the newest of them). */
export async function logTotal(page) {
  return Number(await page.locator('[data-test="log"]').getAttribute("data-total"));
}

/** Runs the expected next step from the "now" panel (confirming it when asked) and waits for the
 *  log to grow. */
export async function nextStep(page, type) {
  if (type === "end_player_phase") {
    await passRounds(page);
    await keepObjectives(page);
  }
  const before = await logTotal(page);
  await page.locator(`[data-test="now"] [data-test="do-${type}"]`).click();
  const confirm = page.locator('[data-test="now"] [data-test="confirm"]');
  if (await confirm.count()) await confirm.click();
  try {
    await page.waitForFunction((n) => Number(document.querySelector('[data-test="log"]')?.dataset.total ?? 0) > n, before);
  } catch (e) {
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/stuck-${type}.png`, fullPage: true });
    throw e;
  }
}

/** The values of the options a list (components/Select.svelte, a role=combobox button) lets the
 *  player pick, as the text of each option's `data-value` (numbers as digits, null as "null"). */
export async function choices(list) {
  const id = await list.getAttribute("aria-controls");
  return list.page().locator(`[id="${id}"] [role="option"]:not([aria-disabled="true"])`).evaluateAll((os) => os.map((o) => o.dataset.value));
}

/** Picks `value` (as `choices` spells it) in a list the way a player does: a click opens it, a
 *  click on the option picks it, and the list closes. */
export async function choose(list, value) {
  const id = await list.getAttribute("aria-controls");
  if ((await list.getAttribute("aria-expanded")) !== "true") await list.click();
  await list.page().locator(`[id="${id}"] [role="option"][data-value="${value}"]`).click();
  await list.page().waitForFunction((el) => el.getAttribute("aria-expanded") === "false", await list.elementHandle());
}

/** The page's controls (buttons, fields, links, tabs…) that a screen reader could not name, read
 *  from Chromium's own accessibility tree: each as "role: its HTML". */
export async function unnamedControls(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  const roles = new Set(["button", "checkbox", "combobox", "link", "listbox", "menuitem", "radio", "slider", "spinbutton", "switch", "tab", "textbox", "searchbox"]);
  const out = [];
  for (const n of nodes) {
    if (n.ignored || !roles.has(n.role?.value)) continue;
    if ((n.name?.value ?? "").trim()) continue;
    const { outerHTML } = n.backendDOMNodeId
      ? await cdp.send("DOM.resolveNode", { backendNodeId: n.backendDOMNodeId }).then(({ object }) =>
          cdp.send("Runtime.callFunctionOn", { objectId: object.objectId, functionDeclaration: "function () { return this.outerHTML.slice(0, 160); }", returnByValue: true }),
        ).then((r) => ({ outerHTML: r.result.value }))
      : { outerHTML: "?" };
    out.push(`${n.role.value}: ${outerHTML}`);
  }
  await cdp.detach();
  return out;
}

/** Every component the app can hold, the dice too. */
export const ALL_COMPONENTS = ["room_tiles", "exploration_tokens", "coordinates", "escape_pods", "engines", "weaknesses", "intruder_bag", "event_deck", "attack_deck", "contamination_deck", "serious_wound_deck", "objectives", "character_draft", "help_cards", "dice"];

/** The script door (`nemesis-host script`) on the save folder `dir`, its games dealt from `seed`
 *  when one is given: `send(calls)` runs one process for a batch of calls and answers each;
 *  `act(id, command, entered)` opens game `id` and takes one step; `open(id)` reads that game;
 *  `draftedGame(setup, title)` makes a new game and drafts it in player-number order (each seat
 *  keeps the first character offered), returning its id and the reply that reached the Player Phase. */
export function scriptDoor(dir, { seed } = {}) {
  const args = ["script", "--data", dir, ...(seed === undefined ? [] : ["--seed", String(seed)])];
  // Its stderr says only that a seed is in use; a failed call is in its answer.
  const send = (calls) =>
    execFileSync(hostBinary, args, { input: calls.map((c) => JSON.stringify(c)).join("\n") + "\n", stdio: ["pipe", "pipe", "ignore"] }).toString().trim().split("\n").map((l) => JSON.parse(l));
  const act = (id, command, entered = []) => send([{ call: "open", game: id }, { call: "act", request: { request: "do", command, entered } }])[1];
  const open = (id) => send([{ call: "open", game: id }])[0].screen.game;
  const draftedGame = (setup, title) => {
    let [reply] = send([{ call: "new_game", setup, ...(title === undefined ? {} : { title }) }]);
    const id = reply.screen.game.id;
    for (;;) {
      const next = [...reply.screen.game.view.seats].sort((a, b) => a.number - b.number).find((s) => !s.character);
      if (!next) break;
      const drawn = act(id, { type: "draft_draw", seat: next.seat });
      reply = act(id, { type: "draft_keep", seat: next.seat, character: drawn.screen.game.view.seats.find((s) => s.seat === next.seat).draft_offer[0].key });
    }
    return { id, reply };
  };
  return { send, act, open, draftedGame };
}

/** A save folder holding one 4-player game past the draft, made through the script door (the
 *  benchmarks and the heap probe start from it). */
export function savedGame() {
  const dir = freshDataDir();
  scriptDoor(dir).draftedGame({ players: ["Ana", "Bruno", "Chidi", "Dana"], mode: "standard", handled: ALL_COMPONENTS });
  return dir;
}

/** A player's phone: a 390×844 touch screen. */
export const phoneView = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Polls `fn` until it returns a truthy value (a state, never a time) and resolves with it. */
export async function until(what, fn, ms = 15000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The table's own door (`/api/call` with the table's key) of a host `startServe` started, as a
 *  script would use it: `call` sends one call, `screen` reads the table's screen. */
export function tableDoor(serve) {
  const key = new URL(serve.url).searchParams.get("key");
  const origin = new URL(serve.url).origin;
  const call = async (c) => (await fetch(`${origin}/api/call`, { method: "POST", headers: { "x-table-key": key, "content-type": "application/json" }, body: JSON.stringify(c) })).json();
  return { call, screen: async () => (await call({ call: "screen" })).screen };
}

/** A new game through the table's door, drafted in player-number order (each seat keeps the
 *  first character offered): resolves with the reply that reached the Player Phase. */
export async function draftedGame(call, setup) {
  let reply = await call({ call: "new_game", setup });
  if (reply.reply !== "screen") throw new Error(`new_game: ${JSON.stringify(reply)}`);
  const act = (command) => call({ call: "act", request: { request: "do", command, entered: [] } });
  for (;;) {
    const next = [...reply.screen.game.view.seats].sort((a, b) => a.number - b.number).find((s) => !s.character);
    if (!next) break;
    const drawn = await act({ type: "draft_draw", seat: next.seat });
    reply = await act({ type: "draft_keep", seat: next.seat, character: drawn.screen.game.view.seats.find((s) => s.seat === next.seat).draft_offer[0].key });
  }
  return reply;
}

/** Pairs a phone for `seat` in a new browser context (its own storage, as a separate phone) and
 *  resolves with `{ phone, context, url }` once the phone shows its seat live. `table` is either
 *  the table's page with phones on (the Phones panel's QR, then the ask confirmed there, its four
 *  digits checked against the phone's) or the table's door from `tableDoor` (the code and the
 *  confirmation by `/api/call`; pass `browser`). Options: `context`, the new context's options
 *  (a phone's by default); `opening(phone, url)`, before the page opens the pairing address;
 *  `joining(phone)`, once the join page shows; `asked(phone)`, once the table shows the ask. */
export async function pairPhone(table, seat, { browser, context: options = phoneView, opening, joining, asked } = {}) {
  const door = typeof table.call === "function" ? table : null;
  let url;
  if (door) {
    url = (await door.call({ call: "pair_code", seat })).offer.url;
  } else {
    await table.click(`[data-test="pair-show-${seat}"]`);
    await table.locator(`[data-test="pair-qr-${seat}"]`).waitFor();
    url = (await table.locator(`[data-test="pair-url-${seat}"]`).textContent()).trim();
  }
  const context = await (browser ?? table.context().browser()).newContext(options);
  const phone = await context.newPage();
  await opening?.(phone, url);
  await phone.goto(url);
  await phone.locator('[data-test="phone-join"]').waitFor();
  await joining?.(phone);
  await phone.locator('[data-test="phone-join"]').click();
  if (door) {
    const ask = await until("the table's ask", async () => (await door.screen()).phones.asking.find((a) => a.seat === seat));
    await asked?.(phone);
    await door.call({ call: "answer_phone", ask: ask.ask, accept: true, replace: false });
  } else {
    await table.locator(`[data-test="ask-${seat}"]`).waitFor();
    // The same four digits on the phone and next to its ask: the table confirms the phone the
    // player holds, whatever name it gives.
    const digits = (await phone.locator('[data-test="phone-match"] strong').textContent()).trim();
    if (!/^\d{4}$/.test(digits)) throw new Error(`the phone shows no four digits: ${digits}`);
    const shown = (await table.locator(`[data-test="ask-match-${seat}"]`).textContent()).trim();
    if (shown !== digits) throw new Error(`the table shows ${shown} next to the ask, the phone ${digits}`);
    await asked?.(phone);
    await table.click(`[data-test="ask-confirm-${seat}"]`);
  }
  await phone.locator('[data-test="phone-state"][data-state="live"]').waitFor();
  return { phone, context, url };
}

/** Turns phones on from the table page's Phones panel, on this computer only, and resolves with
 *  the phones' address; the panel stays open. */
export async function phonesOn(table) {
  if ((await table.locator('[data-test="phones-panel"]').count()) === 0) await table.click('[data-test="phones-open"]');
  await table.check('[data-test="phones-address-127.0.0.1"]');
  await table.click('[data-test="phones-on"]');
  return (await table.locator('[data-test="phones-url"]').textContent()).trim();
}

/** Presses and holds the phone's hold button, runs `read` while the secret shows, lets go. */
export async function holding(phone, read) {
  const box = await phone.locator('[data-test="phone-hold"]').boundingBox();
  await phone.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await phone.mouse.down();
  try {
    await phone.locator('[data-test="phone-secret"]').waitFor();
    return await read();
  } finally {
    await phone.mouse.up();
  }
}
