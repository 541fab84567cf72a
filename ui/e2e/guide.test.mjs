// End-to-end: a whole game played only from the turn guide. The real host in serve mode and the
// table screen in Chromium; from the wizard to the victory check's last verdict, every step is
// taken with the one button the guide's "now" card offers (and, when the first Encounter asks
// for it, each player's objective kept behind the curtain). It checks that the guide never
// leaves the table without a next step, that every step card of the turn appears, and that each
// step card links to its rule.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserSuite, createGame, startServe } from "./harness.mjs";

const suite = browserSuite();
const { data, running } = suite;

const names = ["Ana", "Bruno", "Chidi"];

/** Keeps every objective due behind the curtain, as the crew panel's "Private hand" asks. */
async function keepObjectives(page) {
  for (let seat = 0; seat < names.length; seat++) {
    const card = page.locator(`[data-test="seat-${seat}"]`);
    if (!(await card.getByText("Must choose an objective now").count())) continue;
    await page.click(`[data-test="private-${seat}"]`);
    await page.click('[data-test="curtain-show"]');
    await page.locator('[data-test="curtain"] [data-test^="choose-"]').first().click();
    await card.getByText("Objective chosen").waitFor();
    await page.click('[data-test="curtain-hide"]');
    await page.click('[data-test="curtain"] button:has-text("Close")');
  }
}

test("a whole 3-player game from the wizard to the verdict, following only the guide", { timeout: 240000 }, async () => {
  const t0 = Date.now();
  const serve = await startServe(data);
  running.push(() => serve.stop());
  const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  page.on("requestfailed", (r) => problems.push(r.url()));
  await page.goto(serve.url);
  await createGame(page, names);
  await page.click('[data-test="to-table"]');

  const seen = new Set();
  const now = page.locator('[data-test="now"]');
  let steps = 0;
  for (;;) {
    assert.ok(steps < 400, "the game ends within 400 steps");
    const card = now.locator('[data-test="step-card"]');
    const step = await card.getAttribute("data-step");
    if (!seen.has(step)) {
      seen.add(step);
      // Every step card names its rule, and the link opens that entry.
      await card.locator('[data-test="step-card-rule"]').click();
      await page.locator('[data-test="rules-panel"]').waitFor();
      await page.keyboard.press("Escape");
      await page.locator('[data-test="rules-panel"]').waitFor({ state: "detached" });
    }
    await keepObjectives(page);
    const action = now.locator('[data-test^="do-"]');
    if ((await action.count()) === 0) break;
    const type = (await action.first().getAttribute("data-test")).replace("do-", "");
    if (type === "draft_keep") {
      const select = now.locator('[data-test="field-character"]');
      const first = await select.locator("option:not([disabled])").first().getAttribute("value");
      await select.selectOption(first);
    }
    // The log panel shows only its newest lines: the outcome card tells that a step was taken.
    const outcome = page.locator('[data-test="outcome"]');
    const before = (await outcome.count()) ? await outcome.textContent() : "";
    await action.first().click();
    const confirm = now.locator('[data-test="confirm"]');
    if (await confirm.count()) await confirm.click();
    try {
      await page.waitForFunction((b) => (document.querySelector('[data-test="outcome"]')?.textContent ?? "") !== b, before, { timeout: 10000 });
    } catch (e) {
      if (process.env.GUIDE_SHOTS) await page.screenshot({ path: `${process.env.GUIDE_SHOTS}/stuck.png` });
      throw new Error(`step ${steps} (${step}): ${type} changed nothing: ${e}`);
    }
    assert.equal(await page.locator('[data-test="fault"]').count(), 0, `no refusal after ${type}`);
    steps++;
  }

  if (process.env.GUIDE_SHOTS) await page.screenshot({ path: `${process.env.GUIDE_SHOTS}/guide-end.png` });
  // The game is over and every check is done: each player has a verdict.
  assert.match(await page.locator('[data-test="phase"]').textContent(), /Game over/i);
  for (let seat = 0; seat < names.length; seat++) {
    assert.match(await page.locator(`[data-test="seat-${seat}"]`).textContent(), /won|did not win/, `${names[seat]} has a verdict`);
  }
  for (const s of ["draft", "player", "time_track", "intruder_attack", "fire_damage", "event_card", "bag_development", "over"]) {
    assert.ok(seen.has(s), `the ${s} step card appeared (seen: ${[...seen].join(", ")})`);
  }
  assert.deepEqual(problems, [], "no page errors, no failed requests");
  console.log(`guide e2e: ${steps} steps in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
});
