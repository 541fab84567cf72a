// End-to-end (issue 22): a game played to its end through the script door, then the table screen
// in Chromium opens it from the saves list (which shows its result), opens the debrief (verdicts,
// figures, the hidden story), steps the replay forwards and backwards on the ship map, saves the
// one-file report and opens it in Chromium with no network request at all, and saves the play
// record as JSON and CSV. DEBRIEF_SHOTS=1 also writes the screenshots of docs/teaching.md.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ALL_COMPONENTS, browserSuite, root, scriptDoor, startServe } from "./harness.mjs";

const suite = browserSuite();
const { data, running } = suite;
const shots = process.env.DEBRIEF_SHOTS ? join(root, "docs/screenshots") : null;

/** One turn played and the ship burned, through the script door: a whole game, start to verdict. */
function playToTheEnd(dir) {
  const { send, act, draftedGame } = scriptDoor(dir);
  const drafted = draftedGame({ players: ["Ana", "Bruno", "Chidi"], mode: "standard", handled: ALL_COMPONENTS }, "Friday game");
  const id = drafted.id;
  let reply = drafted.reply;
  // Turn 1: some Noise, then everyone passes and the Event Phase runs (an Event card, a bag draw).
  for (const seat of [0, 1, 2]) act(id, { type: "noise_roll", seat });
  for (let i = 0; i < 6; i++) {
    const turnOf = reply.screen.game.view.rounds.turn_of;
    if (turnOf === null) break;
    reply = act(id, { type: "pass", seat: turnOf });
  }
  // An Encounter during those Noise rolls makes objectives due (p. 12): each player keeps one
  // before the phase can end. The deal is random, so this asks each seat's own view.
  for (const seat of [0, 1, 2]) {
    const [, mine] = send([{ call: "open", game: id }, { call: "private", seat }]);
    if (mine.view.must_choose_objective) act(id, { type: "choose_objective", seat, objective: mine.view.objectives[0].key });
  }
  for (const type of ["end_player_phase", "advance_time", "resolve_intruder_attacks", "resolve_fire_damage", "resolve_event_card", "develop_bag"]) reply = act(id, { type });
  // A Contamination card for Ana, scanned: its truth is in the story.
  for (const command of [
    { type: "give_contamination", seat: 0, count: 1 },
    { type: "place_character", seat: 1, at: 20 },
    { type: "give_round", seat: 1 },
    { type: "set_hand_size", seat: 1, cards: 5 },
    { type: "check_engine", seat: 1, engine: 2 },
  ]) {
    const r = act(id, command);
    assert.equal(r.reply, "screen", `${command.type}: ${JSON.stringify(r.fault ?? "")}`);
  }
  // Nine Fires: the ship burns (p. 17) with everyone on board.
  for (let at = 1; at <= 12; at++) {
    reply = act(id, { type: "set_fire", at, on: true });
    if (reply.reply === "screen" && reply.screen.game.view.phase.phase === "over") break;
  }
  const over = send([{ call: "open", game: id }])[0].screen.game.view.phase;
  assert.equal(over.phase, "over", "the game ended");
  assert.equal(over.check, "done", "and its victory check is done");
  return id;
}

test("a finished game's debrief, replay, report and play record", { timeout: 180000 }, async () => {
  playToTheEnd(data);
  const serve = await startServe(data);
  running.push(() => serve.stop());
  const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  await page.goto(serve.url);

  // The saves list keeps the finished game, with its result and its date.
  const save = page.locator('[data-test="save"]').first();
  await save.waitFor();
  assert.match(await save.locator('[data-test="save-result"]').textContent(), /Nobody won/);
  await save.locator("button").first().click();

  // The end, one story (issue 31): the ship burned with everyone aboard, said once; nobody is
  // left to check, and the debrief's button is right where the step card points.
  const outcome = page.locator('[data-test="outcome"]');
  await outcome.waitFor();
  assert.equal(await outcome.locator('[data-line^="game_ended"]').count(), 1, "one cause");
  assert.match(await outcome.locator('[data-line="game_ended_fire"]').textContent(), /ninth Fire marker.*burns/);
  assert.equal(await outcome.locator('[data-line="ship_destroyed"], [data-line="character_died"], [data-line="victory_step"]').count(), 0, "no line says it another way");
  assert.equal(await outcome.locator('[data-line="died_with_ship"]').count(), 3);
  // The cause leads, then its deaths; that nobody is left to check is the step card's to say,
  // right above the debrief's button (issue 33), and the nine Fires wait one tap away.
  assert.equal(await outcome.locator("li").first().getAttribute("data-line"), "game_ended_fire");
  assert.equal(await outcome.locator('[data-line="victory_nobody"]').count(), 0);
  assert.equal(await outcome.locator('[data-line="fire_placed"]').count(), 0, "the markers that led there wait behind the outcome's more");
  assert.equal(await page.locator('[data-test="moment-first_death"]').count(), 0, "no pods to unlock once it is over");
  const now = page.locator('[data-test="now"]');
  assert.equal(await now.locator('[data-test="step-card"]').getAttribute("data-step"), "over_nobody");
  assert.match(await now.locator('[data-test="step-card-table"]').textContent(), /Nobody survived.*debrief below/);
  assert.equal(await now.locator('[data-test^="do-"]').count(), 0, "nothing to ask");
  assert.equal(await now.locator('[data-test="debrief-open"]').count(), 1, "the debrief's button is below the step card");
  // The seventh and eighth Fire's warnings mean nothing once the ninth has burned the ship.
  assert.equal(await page.locator('[data-test="outcome"] [data-test^="moment-"]').count(), 0, "no turning point beside the end");
  if (process.env.ENDING_SHOTS) {
    await page.setViewportSize({ width: 1024, height: 600 });
    await page.screenshot({ path: join(process.env.ENDING_SHOTS, "ending-fire.png") });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // The debrief: a verdict per player, the figures, the hidden story from the setup on.
  await page.click('[data-test="debrief-open"]');
  const debrief = page.locator('[data-test="debrief"]');
  await debrief.waitFor();
  for (const seat of [0, 1, 2]) assert.match(await page.locator(`[data-test="verdict-${seat}"]`).textContent(), /Did not win/);
  const story = await page.locator('[data-test="timeline"]').textContent();
  assert.match(story, /The Coordinates card read/);
  assert.match(story, /Ana got Contamination card C-\d\d: (INFECTED|not infected)/);
  assert.match(story, /Bruno checked Engine 2: (Working|Damaged) on top/);
  assert.match(story, /In the bag: /);
  assert.match(await page.locator('[data-test="figures"]').textContent(), /Turns/);
  if (shots) await page.screenshot({ path: join(shots, "debrief.png") });

  // The replay: turn by turn on the ship map, forwards and backwards.
  await page.click('[data-test="replay-open"]');
  const frame = page.locator('[data-test="replay-frame"]');
  await frame.waitFor();
  assert.equal(await frame.getAttribute("data-turn"), "1");
  assert.ok((await page.locator('[data-test="replay"] svg').count()) > 0, "the ship map");
  assert.ok((await page.locator('[data-test="replay-log"] li').count()) > 0, "the turn's log");
  await page.click('[data-test="replay-next"]');
  await page.locator('[data-test="replay-frame"][data-turn="2"]').waitFor();
  if (shots) await page.screenshot({ path: join(shots, "replay.png") });
  await page.click('[data-test="replay-prev"]');
  await page.locator('[data-test="replay-frame"][data-turn="1"]').waitFor();
  await page.keyboard.press("End");
  await page.locator('[data-test="replay-frame"][data-turn="2"]').waitFor();
  await page.click('[data-test="replay-close"]');

  // The report: one file, opened in Chromium from disk, asks for nothing at all.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-test="report-save"]')]);
  assert.match(download.suggestedFilename(), /\.html$/);
  const reportPath = join(data, download.suggestedFilename());
  await download.saveAs(reportPath);
  const html = readFileSync(reportPath, "utf8");
  assert.doesNotMatch(html, /<script|<link|<img|src=|@import|url\(/i, "nothing from elsewhere, no script");
  const reader = await suite.browser.newPage();
  const requests = [];
  reader.on("request", (r) => requests.push(r.url()));
  const url = pathToFileURL(reportPath).href;
  await reader.goto(url);
  assert.deepEqual(requests.filter((u) => u !== url), [], "the report makes no request");
  assert.match(await reader.locator('[data-test="report-verdicts"]').textContent(), /Ana.*Did not win/s);
  assert.match(await reader.locator('[data-test="report-timeline"]').textContent(), /Setup.*Turn 1/s);
  if (shots) await reader.screenshot({ path: join(shots, "debrief-report.png") });
  await reader.close();

  // The play record, as JSON and CSV.
  const [json] = await Promise.all([page.waitForEvent("download"), page.click('[data-test="record-json"]')]);
  const record = JSON.parse(readFileSync(await json.path(), "utf8"));
  assert.deepEqual(record.players.map((p) => p.name), ["Ana", "Bruno", "Chidi"]);
  assert.deepEqual(record.winners, []);
  const [csv] = await Promise.all([page.waitForEvent("download"), page.click('[data-test="record-csv"]')]);
  assert.equal(readFileSync(await csv.path(), "utf8").trim().split("\n").length, 4, "a header and a row per player");

  await page.click('[data-test="debrief-close"]');
  await debrief.waitFor({ state: "detached" });
  assert.deepEqual(problems, [], "no page errors");
});
