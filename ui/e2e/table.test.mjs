// End-to-end: the real host in serve mode driven through the real table screen in Chromium.
// The setup wizard to the first turn, a bag draw at an Encounter, a whole Event Phase, then
// quitting the host and resuming with nothing lost.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { browserSuite, choose, createGame, draftOnTable, nextStep, openMore, root, startServe, unnamedControls } from "./harness.mjs";

const suite = browserSuite();
const { data, running } = suite;

const names = ["Ana", "Bruno", "Chidi", "Dana"];

async function phase(page) {
  return (await page.locator('[data-test="phase"]').textContent()).trim();
}


test("a 4-player game: wizard, draft, an Encounter, an Event Phase, quit and resume", { timeout: 120000 }, async () => {
  let serve = await startServe(data);
  running.push(() => serve.stop());
  const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const failed = [];
  page.on("requestfailed", (r) => failed.push(r.url()));
  page.on("pageerror", (e) => failed.push(String(e)));
  await page.goto(serve.url);

  // Setup wizard (manual pp. 6–8): count, mode, components, names, review.
  await createGame(page, names);
  const steps = page.locator('[data-test="setup-steps"] li');
  await steps.first().waitFor();
  assert.equal(await steps.count(), 20, "the wizard walks through the rulebook's 20 setup steps");
  await page.click('[data-test="to-table"]');

  // Character draft (step 17): each player in number order draws two and keeps one.
  assert.match(await phase(page), /draft/i);
  await draftOnTable(page, names, { drawn: (offered) => assert.equal(offered.length, 2, "two characters are offered") });
  assert.match(await phase(page), /Player Phase/);
  assert.equal(await page.locator('[data-test="bag"] .big').textContent(), String(10 + 4), "1 Blank, 4 Larvae, 1 Creeper, 1 Queen, 3 Adults + 1 Adult per player (p. 6)");

  // A bag draw: an Encounter for the first player (p. 15).
  await openMore(page);
  await page.click('[data-test="group-characters"]');
  assert.equal(await page.locator('[data-test="cmd-revive_character"]').count(), 0, "the Revive belongs to the fully cooperative mode only (p. 27)");
  assert.equal(await page.locator('[data-test="cmd-become_intruder_player"]').count(), 1, "playing as the Intruders is offered in the standard game (p. 27)");
  // Every control a screen reader meets has a name: the table screen with a command form open.
  await page.click('[data-test="cmd-move_character"]');
  await page.locator('[data-test="hints-move_character"]').waitFor();
  assert.deepEqual(await unnamedControls(page), [], "every control has a screen-reader name");
  await page.click('[data-test="cmd-encounter"]');
  // The action helper says what the Encounter will set off before it runs (p. 18), the hand
  // size it compares with, and that this first one means choosing objectives (p. 12).
  const hints = page.locator('[data-test="hints-encounter"]');
  await hints.locator('[data-test="hint-encounter_surprise"]', { hasText: "holds 5 cards" }).waitFor();
  assert.equal(await hints.locator('[data-test="hint-encounter_first"]').count(), 1, "the first Encounter is announced ahead");
  await page.click('[data-test="do-encounter"]');
  await page.locator('[data-test="outcome"]', { hasText: "Drawn from the bag" }).waitFor();
  const outcome = await page.locator('[data-test="outcome"]').textContent();
  const drawn = outcome.match(/Drawn from the bag for the Encounter: (\w+)/)[1];
  // A Blank goes back into the bag (p. 15); any other token leaves it for the board.
  assert.equal(await page.locator('[data-test="bag"] .big').textContent(), drawn === "Blank" ? "14" : "13");

  // The first Encounter (p. 12): Ana keeps an objective behind the pass-the-device curtain.
  const anaSeat = 0;
  await page.click(`[data-test="private-${anaSeat}"]`);
  assert.equal(await page.locator('[data-test="curtain-secret"]').count(), 0, "nothing secret shows before Ana taps");
  await page.click('[data-test="curtain-show"]');
  const secret = page.locator('[data-test="curtain-secret"]');
  await secret.waitFor();
  const keep = secret.locator('[data-test^="choose-"]');
  if (drawn === "Blank") {
    // A Blank brings no Intruder, so no first Encounter yet (p. 15): Ana only reads her two.
    assert.equal(await secret.locator("section").first().locator("li").count(), 2, "Ana sees her two objectives");
    assert.equal(await keep.count(), 0, "no choice before the first Encounter");
  } else {
    assert.equal(await keep.count(), 2, "Ana sees her two objectives and may keep one (p. 12)");
    await keep.first().click();
    await page.waitForFunction(() => !document.querySelector('[data-test="curtain-secret"] [data-test^="choose-"]'));
  }
  await page.click('[data-test="curtain-hide"]');
  assert.equal(await page.locator('[data-test="curtain-secret"]').count(), 0, "hidden again before the device goes back");
  await page.click('[data-test="curtain"] button:has-text("Close")');

  // The app holds the dice: its roll stands, so the form offers no physical result to enter
  // (the engine would refuse one whatever it named), and the step can be neither undone nor corrected.
  await openMore(page);
  await page.click('[data-test="group-turn"]');
  await page.click('[data-test="cmd-roll_dice"]');
  const form = page.locator('[data-test="actions"] [data-test="form-roll_dice"]');
  await choose(form.locator('[role="combobox"]').first(), "combat");
  assert.equal(await form.locator('[data-test="physical"]').count(), 0, "no physical result for the app's dice");
  await form.locator('[data-test="do-roll_dice"]').click();
  await page.locator('[data-test="outcome"]', { hasText: "Dice:" }).waitFor();
  assert.ok(await page.locator('[data-test="correct"]').isDisabled(), "the app's roll cannot be corrected");

  // The whole Event Phase (pp. 10–11), with the confirmation before ending the Player Phase.
  await nextStep(page, "end_player_phase");
  assert.match(await phase(page), /Time track/);
  await nextStep(page, "advance_time");
  await nextStep(page, "resolve_intruder_attacks");
  await nextStep(page, "resolve_fire_damage");
  await nextStep(page, "resolve_event_card");
  await nextStep(page, "develop_bag");
  assert.match(await phase(page), /Player Phase/);
  assert.match(await page.locator('[data-test="now"] h2').textContent(), /Turn 2/);

  mkdirSync(join(root, "docs/screenshots"), { recursive: true });
  await page.screenshot({ path: join(root, "docs/screenshots/table.png") });

  const ship = await page.locator('[data-test="time-track"]').textContent();
  const crew = await page.locator('[data-test="crew"]').textContent();
  const log = await page.locator('[data-test="log"] ol').textContent();

  // Quit the host (as closing the app would) and start it again on the same saves.
  await serve.stop();
  serve = await startServe(data);
  await page.goto(serve.url);
  await page.click('[data-test="resume"]');
  await page.locator('[data-test="crew"]').waitFor();
  assert.equal(await page.locator('[data-test="time-track"]').textContent(), ship);
  assert.equal(await page.locator('[data-test="crew"]').textContent(), crew);
  assert.equal(await page.locator('[data-test="log"] ol').textContent(), log);
  assert.match(await phase(page), /Player Phase/);

  // Loopback only: the first host's event stream fails when it quits (on its own port), which is
  // no request leaving this machine.
  const loopback = (u) => URL.canParse(u) && /^\[?(127\.0\.0\.1|localhost|::1)\]?$/.test(new URL(u).hostname);
  assert.deepEqual(failed.filter((u) => !loopback(u)), [], "no request leaves this machine, and the page raised no error");
  await serve.stop();
});
