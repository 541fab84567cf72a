// End-to-end (issue 32, item 5): a shared display. The real host in serve mode with a fixed
// seed, a 3-player game drafted through the table's door, the table page at 1280×800, and a
// display context at 1280×800 (a tablet on its own storage). The display pairs through the
// Phones panel ("Pair a display", the same digits on both screens, confirmed at the table),
// shows the ship map and whose round it is, follows a Move made on the table's round panel, and
// sends nothing but its pairing, a request for the board its map is drawn from and its language: every
// request it makes is watched. Its first load is measured on the wire, as a phone's is.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserSuite, draftedGame, phonesOn, startServe, tableDoor } from "./harness.mjs";
import { wireCounter } from "./phoneLoad.mjs";

const suite = browserSuite();
const { data, running } = suite;

const SEED = 3205;
const names = ["Ana", "Bruno", "Chidi"];
const screen = { viewport: { width: 1280, height: 800 } };
// The app holds every component (the dice too): a Move at the table needs no result entered.
const ALL = ["room_tiles", "exploration_tokens", "coordinates", "escape_pods", "engines", "weaknesses", "intruder_bag", "event_deck", "attack_deck", "contamination_deck", "serious_wound_deck", "objectives", "character_draft", "help_cards", "dice"];

/** Screenshots for a person to look at, only when DISPLAY_SHOTS names a folder. */
async function shot(page, name) {
  if (process.env.DISPLAY_SHOTS) await page.screenshot({ path: `${process.env.DISPLAY_SHOTS}/${name}.png` });
}

test("a display pairs through the Phones panel, shows the map and whose round, follows a Move, sends nothing else, and says when nobody won", { timeout: 150000 }, async () => {
  const serve = await startServe(data, { seed: SEED });
  running.push(() => serve.stop());
  const { call } = tableDoor(serve);
  const problems = [];
  const watch = (page, who) => page.on("pageerror", (e) => problems.push(`${who}: ${e}`));

  // The game and its draft through the table's door.
  const reply = await draftedGame(call, { players: names, mode: "standard", handled: ALL });
  assert.equal(reply.screen.game.view.phase.phase, "player");

  // Phones on through the Phones panel, on this computer only.
  const table = await suite.browser.newPage(screen);
  watch(table, "table");
  await table.goto(serve.url);
  await table.locator('[data-test="round"]').waitFor();
  const base = await phonesOn(table);

  // "Pair a display": its own QR, bound to no seat.
  await table.click('[data-test="display-pair"]');
  await table.locator('[data-test="display-qr"]').waitFor();
  const url = (await table.locator('[data-test="display-url"]').textContent()).trim();
  assert.ok(url.startsWith(`${base}/display#pair=`), `the display's QR opens the display page with its code in the fragment: ${url}`);
  await shot(table, "display-table-qr");

  // The display: a fresh context, every request it makes recorded.
  const context = await suite.browser.newContext(screen);
  const display = await context.newPage();
  watch(display, "display");
  const requests = [];
  display.on("request", (r) => requests.push({ method: r.method(), path: new URL(r.url()).pathname, body: r.postData() }));
  const wire = await wireCounter(display);
  await display.goto(url);
  await display.click('[data-test="display-join"]');
  await display.locator('[data-test="display-waiting"]').waitFor();
  const digits = (await display.locator('[data-test="display-match"] strong').textContent()).trim();
  assert.match(digits, /^\d{4}$/);
  await table.locator('[data-test="display-ask"]').waitFor();
  assert.equal((await table.locator('[data-test="display-ask-match"]').textContent()).trim(), digits, "the table shows the display's digits");
  await table.click('[data-test="display-ask-confirm"]');

  // The public table screen: the map drawn, whose round it is, the players.
  await display.locator('[data-test="display-map"] svg').waitFor();
  const round = display.locator('[data-test="display-round"]');
  const turnOf = reply.screen.game.view.rounds.turn_of;
  await display.locator(`[data-test="display-round"][data-turn-of="${turnOf}"]`).waitFor();
  const holder = reply.screen.game.view.seats.find((s) => s.seat === turnOf).name;
  assert.match(await round.textContent(), new RegExp(holder), "whose round, by name");
  assert.equal(await display.locator('[data-test^="display-player-"]').count(), 3, "every player's chip");
  for (const chip of await display.locator('[data-test^="display-player-"] .facts').allInnerTexts())
    assert.doesNotMatch(chip, /\S·|·\S/, `each fact stands apart from the next: ${chip}`);
  // The name and the character too ("Ana· Mechanic" lost its space the same way).
  for (const who of await display.locator('[data-test^="display-player-"] .who').allInnerTexts())
    assert.match(who, /^\S+ · \S/, `the name and the character stand apart: ${who}`);
  await table.locator('[data-test^="display-"][data-connected="true"]').waitFor();
  const load = wire();
  const firstLoad = load.reduce((n, r) => n + r.bytes, 0);
  console.log(`display first load: ${(firstLoad / 1024).toFixed(1)} KB on the wire in ${load.length} requests`);
  await shot(display, "display-1280x800");

  // A Move on the table's round panel reaches the display.
  const before = (await call({ call: "screen" })).screen.game.revision;
  await table.click('[data-test="phones-close"]');
  const move = table.locator('[data-test="round"] [data-test="offer-move_character"]').first();
  const to = Number(await move.getAttribute("data-to"));
  await move.click();
  const after = await (async () => {
    for (let i = 0; i < 300; i++) {
      const s = (await call({ call: "screen" })).screen.game;
      if (s.revision > before) return s;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("the Move was not taken");
  })();
  assert.equal(after.view.seats.find((s) => s.seat === turnOf).location, to, "the Move was taken at the table");
  await display.locator(`[data-test="display"][data-revision="${after.revision}"]`).waitFor();
  await display.locator(`[data-test="map-character-${turnOf}"]`).waitFor();
  const outcome = display.locator('[data-test="display-outcome"]');
  await outcome.waitFor();
  assert.equal(await outcome.getAttribute("data-command"), "move_character", "the display's outcome is the Move's");
  // It leads as the table's outcome does (issue 33), by the same rule: the hand, verdict and
  // piece lines, in the order they happened (the Move before the room it revealed and its roll).
  const leadOf = (page, sel) => page.$$eval(sel, (lis) => lis.map((li) => `${li.dataset.line}:${li.dataset.weight}`));
  await table.locator('[data-test="outcome"] li[data-line="character_moved"]').waitFor();
  const tableLead = await leadOf(table, '[data-test="outcome-lead"] > li');
  const displayLead = await leadOf(display, '[data-test="display-outcome"] .lead > li');
  assert.ok(tableLead.some((l) => l.endsWith(":hand")), `the table's outcome leads with its hand line: ${tableLead}`);
  assert.deepEqual(displayLead, tableLead, "the display's outcome leads with the table's lines, in the table's order");
  await shot(display, "display-after-move-1280x800");

  // Its language changes, and is said to the table.
  await display.click('[data-test="display-lang"]');
  await display.click('[data-test="display-lang-list"] [data-value="fr"]');
  await display.waitForFunction(() => document.documentElement.lang === "fr");
  await table.click('[data-test="phones-open"]');
  await table.locator('[data-test^="display-"][data-language="fr"]').waitFor();

  // Everything the display asked of the host: its page and assets, its pairing, the box's
  // board graph, its stream and its language. Nothing that acts.
  const api = requests.filter((r) => r.path.startsWith("/api/"));
  for (const r of requests) {
    const allowed = (r.method === "GET" && (r.path === "/display" || r.path.startsWith("/assets/") || r.path === "/api/display/stream")) || (r.method === "POST" && r.path === "/api/display");
    assert.ok(allowed, `the display asked for ${r.method} ${r.path}`);
  }
  const calls = api.filter((r) => r.method === "POST").map((r) => JSON.parse(r.body).call);
  assert.ok(calls.every((c) => ["pair", "board", "language"].includes(c)), `the display's calls: ${calls}`);
  assert.ok(calls.includes("pair") && calls.includes("language"), `it paired and said its language: ${calls}`);
  assert.equal((await call({ call: "screen" })).screen.game.revision, after.revision, "the display changed nothing");

  // The end with no winner (issue 33): nine Fires and the ship burns with everyone aboard
  // (p. 17). The display says the game is over and that nobody won, never an empty winner line,
  // and no dead player is shown holding the First player token.
  let end = null;
  for (let at = 1; at <= 12 && end?.phase !== "over"; at++) {
    const r = await call({ call: "act", request: { request: "do", command: { type: "set_fire", at, on: true }, entered: [] } });
    if (r.reply === "screen") end = r.screen.game.view.phase;
  }
  assert.equal(end?.phase, "over", "the ship burned");
  assert.equal(end.check, "done", "nobody is left to check");
  const result = display.locator('[data-test="display-result"]');
  await result.waitFor();
  assert.equal(await result.getAttribute("data-winners"), "0");
  assert.equal((await result.textContent()).trim(), "Personne n'a gagné", "said in the display's language");
  const chips = await display.locator('[data-test^="display-player-"] .facts').allInnerTexts();
  for (const chip of chips) assert.doesNotMatch(chip, /premier joueur/, `a dead player is nobody's first player: ${chip}`);
  assert.ok(chips.every((c) => /n'a pas gagné/.test(c)), `each chip says its player did not win: ${chips}`);
  await shot(display, "display-over-1280x800");
  assert.deepEqual(problems, []);
});
