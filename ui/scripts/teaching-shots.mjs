// Screenshots of the turn guide at key moments, for docs/teaching.md: the setup steps, the draft
// card, the Player Phase card, a rule opened from a step card, the action helpers of a move and an
// Encounter, an Event Phase card, a log line's "why?", and the same card in Brazilian Portuguese. Uses the release host in serve mode and the
// system Chromium, like the end-to-end tests. Run: node ui/scripts/teaching-shots.mjs
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { cleanup, createGame, freshDataDir, launch, nextStep, root, startServe } from "../e2e/harness.mjs";

const out = join(root, "docs/screenshots");
mkdirSync(out, { recursive: true });
const data = freshDataDir();
const serve = await startServe(data);
const browser = await launch();

/** The middle column keeps its scroll between steps: show each shot from the top of "now". */
async function top(page) {
  await page.evaluate(() => document.querySelectorAll(".scroll").forEach((el) => el.scrollTo(0, 0)));
}


async function game(lang, shots) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript((l) => localStorage.setItem("nemesis-table-language", l), lang);
  await page.goto(serve.url);
  await createGame(page, ["Ana", "Bruno", "Chidi"]);
  await page.locator('[data-test="setup-steps"] li').first().waitFor();
  if (shots) {
    await page.screenshot({ path: join(out, "guide-setup.png") });
    // One step up close: what to do, why it matters, and its rule.
    await page.locator('[data-test="setup-steps"] li').nth(6).screenshot({ path: join(out, "guide-setup-step.png") });
  }
  await page.click('[data-test="to-table"]');
  await page.locator('[data-test="step-card"]').waitFor();
  if (shots) await page.screenshot({ path: join(out, "guide-draft.png") });
  for (let i = 0; i < 3; i++) {
    await nextStep(page, "draft_draw");
    const select = page.locator('[data-test="now"] [data-test="field-character"]');
    await select.selectOption(await select.locator("option:not([disabled])").first().getAttribute("value"));
    await nextStep(page, "draft_keep");
  }
  return page;
}

try {
  const page = await game("en", true);
  await top(page);
  await page.screenshot({ path: join(out, "guide-player-phase.png") });
  await page.click('[data-test="step-card-rule"]');
  await page.locator('[data-test="rules-entry"]').waitFor();
  await page.screenshot({ path: join(out, "guide-rule.png") });
  await page.click('[data-test="rules-back"]');
  await page.fill('[data-test="rules-search"]', "noise");
  await page.screenshot({ path: join(out, "guide-search.png") });
  await page.click('[data-test="rules-close"]');
  await page.click('[data-test="group-characters"]');
  // The action helpers: a move into an unexplored room, then the Encounter, before they run.
  await page.click('[data-test="cmd-move_character"]');
  const move = page.locator('[data-test="form-move_character"]');
  const rooms = move.locator('[data-test="field-to"] option');
  for (const o of await rooms.all()) {
    await move.locator('[data-test="field-to"]').selectOption(await o.getAttribute("value"));
    if (await move.locator('[data-test="hint-move_explore"]').count()) break;
  }
  await move.locator('[data-test="hint-noise_roll"]').waitFor();
  await move.screenshot({ path: join(out, "guide-helper-move.png") });
  await page.click('[data-test="cmd-encounter"]');
  const encounter = page.locator('[data-test="form-encounter"]');
  await encounter.locator('[data-test="hint-encounter_surprise"]').waitFor();
  await encounter.screenshot({ path: join(out, "guide-helper-encounter.png") });
  await page.click('[data-test="do-encounter"]');
  await page.locator('[data-test="outcome"] li').first().waitFor();
  await page.screenshot({ path: join(out, "guide-encounter.png") });
  await nextStep(page, "end_player_phase");
  await nextStep(page, "advance_time");
  await nextStep(page, "resolve_intruder_attacks");
  await nextStep(page, "resolve_fire_damage");
  await top(page);
  await page.screenshot({ path: join(out, "guide-event-card.png") });
  // The host holds one open game: close it, so the next page starts at the home screen.
  await page.click('[data-test="close"]');
  await page.locator('[data-test="new-game"]').waitFor();
  const pt = await game("pt-BR", false);
  await top(pt);
  await pt.screenshot({ path: join(out, "guide-player-phase-pt-BR.png") });
  console.log("wrote docs/screenshots/guide-*.png");
} finally {
  await browser.close();
  await serve.stop();
  cleanup(data);
}
