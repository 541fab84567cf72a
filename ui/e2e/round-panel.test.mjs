// One screen, one job (issue 33, item 2): in the Player Phase the round panel is the screen's
// main thing. The bookkeeping and corrections panel is closed behind one "More" (nothing of it on
// screen until asked for; the keyboard opens it), and the round's bright button is the offer the
// table most likely takes next, never the Pass (a pass by mistake loses the round's Actions,
// p. 10). Played on a fixed seed through the real host in serve mode and the system Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserSuite, createGame, draftOnTable, startServe } from "./harness.mjs";

const suite = browserSuite();

test("the bookkeeping panel waits behind More and the round's primary button is an Action, not Pass", { timeout: 120000 }, async () => {
  const serve = await startServe(suite.data, { seed: 3303 });
  suite.running.push(() => serve.stop());
  const page = await suite.browser.newPage({ viewport: { width: 1024, height: 600 } });
  await page.goto(serve.url);
  await createGame(page, ["Ana", "Bruno"]);
  await page.click('[data-test="to-table"]');
  // Closed from the start, even during the draft.
  const more = page.locator('[data-test="more"]');
  assert.equal(await more.getAttribute("aria-expanded"), "false", "More is closed when the table opens");
  assert.equal(await page.locator('[data-test="actions"] [data-test^="group-"], [data-test="actions"] [data-test^="cmd-"]').count(), 0, "no bookkeeping button on screen");
  await draftOnTable(page, 2);
  assert.equal(await more.getAttribute("aria-expanded"), "false", "still closed in the Player Phase");

  // The round's offers: exactly one primary button, an offered Action; the Pass is a plain one.
  const round = page.locator('[data-test="now"] [data-test="round"]');
  const primaries = round.locator("button.primary");
  assert.equal(await primaries.count(), 1, "one bright button in the round");
  const primary = primaries.first();
  assert.notEqual(await primary.getAttribute("data-test"), "offer-pass", "the bright button is not Pass");
  assert.equal(await primary.getAttribute("data-suggested"), "", "the bright button is the suggested offer");
  assert.match(await primary.getAttribute("data-test"), /^offer-(?!pass)/, "an Action the engine offered");
  assert.equal(await round.locator('[data-test="offer-pass"]').evaluate((b) => b.classList.contains("primary")), false, "Pass is not primary");
  // Not in combat, the character most likely Moves: the bright button is a Move.
  assert.equal(await primary.getAttribute("data-test"), "offer-move_character");

  // By keyboard: More takes the focus and opens with Enter; its tabs and commands appear.
  await more.focus();
  await page.keyboard.press("Enter");
  assert.equal(await more.getAttribute("aria-expanded"), "true");
  await page.locator('[data-test="actions"] [data-test="group-characters"]').waitFor();
  await page.keyboard.press("Enter");
  assert.equal(await more.getAttribute("aria-expanded"), "false", "Enter closes it again");
  // A group's number key (1–7) opens it on that group.
  await page.locator('[data-test="header"]').click({ position: { x: 400, y: 5 } });
  await page.keyboard.press("2");
  assert.equal(await more.getAttribute("aria-expanded"), "true", "a group's key opens More");
  assert.equal(await page.locator('[data-test="group-characters"]').getAttribute("aria-selected"), "true", "on the group of that key");
  await page.close();
});
