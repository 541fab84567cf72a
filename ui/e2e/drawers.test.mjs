// End-to-end: a drawer never hides the step at hand. At 1024×600 and 1280×800, the rules
// reference opened from a setup step (manual p. 6 onwards) docks beside the setup guide, which
// makes room: the step card's "Done: next step" stays on the screen, uncovered, and ticks the
// step; on the table the rules and the phones drawers open over the ship map, so the guide's
// main action (here the character draft's draw, p. 8 step 17) stays in view and is taken with a
// drawer open. Through the real host in serve mode and the system Chromium, from a fixed seed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserSuite, cleanup, createGame, freshDataDir, nextStep, startServe } from "./harness.mjs";

const suite = browserSuite();
const { running } = suite;

/** Whether `locator` is whole on the screen and the topmost thing under its middle (no drawer
 *  over it), and its box. */
async function uncovered(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const whole = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.width > 0;
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { ok: whole && !!top && el.contains(top), right: r.right, left: r.left };
  });
}

const box = (locator) => locator.evaluate((el) => ({ left: el.getBoundingClientRect().left, right: el.getBoundingClientRect().right }));

for (const [width, height] of [[1024, 600], [1280, 800]]) {
  test(`at ${width}×${height} the rules docked beside the setup guide leave its step card and its Done whole, and on the table both drawers leave the step card's action in view`, { timeout: 120000 }, async () => {
    // A save folder of its own: one host per folder.
    const data = freshDataDir();
    const serve = await startServe(data);
    running.push(async () => (await serve.stop(), cleanup(data)));
    const page = await suite.browser.newPage({ viewport: { width, height } });
    await page.goto(serve.url);
    await createGame(page, ["Ana", "Bruno", "Chidi"]);

    // The setup guide: a step's rule opens beside it.
    const current = page.locator('[data-test="setup-current"]');
    const first = await current.getAttribute("data-step");
    await page.click(`[data-test="setup-rule-${first}"]`);
    const rules = page.locator('[data-test="rules-panel"]');
    await rules.waitFor();
    const done = page.locator('[data-test="setup-tick"]');
    const seen = await uncovered(done);
    assert.ok(seen.ok, "the step card's Done is on the screen and not under the rules");
    const drawer = await box(rules);
    assert.ok(seen.right <= drawer.left, `the step card ends (${seen.right}) before the drawer begins (${drawer.left})`);
    assert.ok(await uncovered(page.locator('[data-test="to-table"]')).then((s) => s.ok), "the way to the table is in reach too");
    // Done still works with the rule open: the next step is at hand and the rule stays open.
    await done.click();
    await page.waitForFunction((n) => document.querySelector('[data-test="setup-current"]')?.dataset.step !== n, first);
    assert.equal(await page.locator(`[data-test="setup-step-${first}"]`).getAttribute("data-done"), "true");
    assert.equal(await rules.count(), 1, "ticking a step leaves the rule being read open");
    await page.click('[data-test="rules-close"]');
    await rules.waitFor({ state: "detached" });

    // The table: the rules, then the phones, open over the map on the left.
    await page.click('[data-test="to-table"]');
    const draw = page.locator('[data-test="now"] [data-test="do-draft_draw"]');
    await draw.waitFor();
    await page.click('[data-test="rules-open"]');
    await rules.waitFor();
    let action = await uncovered(draw);
    assert.ok(action.ok, "the draft's draw is on the screen and not under the rules");
    assert.ok((await box(rules)).right <= action.left, "the rules drawer covers the map, not the step card");
    await page.click('[data-test="rules-close"]');
    await page.click('[data-test="phones-open"]');
    const phones = page.locator('[data-test="phones-panel"]');
    await phones.waitFor();
    action = await uncovered(draw);
    assert.ok(action.ok, "the draft's draw is on the screen and not under the phones");
    assert.ok((await box(phones)).right <= action.left, "the phones drawer covers the map, not the step card");
    // Taken with the phones drawer open: the draw lands and the draft's keep comes next.
    await nextStep(page, "draft_draw");
    await page.locator('[data-test="now"] [data-test="do-draft_keep"]').waitFor();
    assert.equal(await phones.count(), 1, "the phones drawer stays open through the step");
    await page.close();
  });
}
