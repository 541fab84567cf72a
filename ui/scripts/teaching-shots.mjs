// Screenshots of the turn guide at key moments, for docs/teaching.md: the setup steps, the draft
// card, the Player Phase card, a rule opened from a step card, the action helpers of a move and an
// Encounter, a list open over the table, an Event Phase card, a log line's "why?", the Intruder player's turn and their
// ATTACK waiting for a pick, the Shoot helper, and the same card in Brazilian Portuguese. Uses the release host in serve mode and the
// system Chromium, like the end-to-end tests, on a fixed seed. Run: node ui/scripts/teaching-shots.mjs
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { choices, choose, cleanup, createGame, draftOnTable, freshDataDir, launch, nextStep, openMore, passRounds, root, startServe } from "../e2e/harness.mjs";

const out = join(root, "docs/screenshots");
mkdirSync(out, { recursive: true });
/** Every game here is dealt from one seed, so the pictures are the same on every run (the
 *  harness's NEMESIS_TEST_SEED, as the browser tests use; set it to deal another game). */
const SEED = Number(process.env.NEMESIS_TEST_SEED);
const data = freshDataDir();
const serve = await startServe(data, { seed: SEED });
const browser = await launch();

/** The middle column keeps its scroll between steps: show each shot from the top of "now". */
async function top(page) {
  await page.evaluate(() => document.querySelectorAll(".scroll").forEach((el) => el.scrollTo(0, 0)));
}


/** Opens a command's form in the actions panel, fills it, runs it (confirming when asked). */
async function runForm(page, type, fill = async () => {}) {
  const form = page.locator(`[data-test="actions"] [data-test="form-${type}"]`);
  await openMore(page);
  if (!(await form.count())) await page.click(`[data-test="cmd-${type}"]`);
  await fill(form);
  await form.locator(`[data-test="do-${type}"]`).click();
  if (await form.locator('[data-test="confirm"]').count()) await form.locator('[data-test="confirm"]').click();
  await page.locator('[data-test="outcome"]').getByText(/./).first().waitFor();
}

async function game(lang, shots) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript((l) => localStorage.setItem("nemesis-table-language", l), lang);
  await page.goto(serve.url);
  await createGame(page, ["Ana", "Bruno", "Chidi"]);
  await page.locator('[data-test="setup-steps"] li').first().waitFor();
  if (shots) {
    await page.screenshot({ path: join(out, "guide-setup.png") });
    // One step up close (the Escape Pods): what the app did, what is left at the table, why it
    // matters, and its rule.
    await page.click('[data-test="setup-step-7"]');
    await page.locator('[data-test="setup-current"]').screenshot({ path: join(out, "guide-setup-step.png") });
  }
  await page.click('[data-test="to-table"]');
  await page.locator('[data-test="step-card"]').waitFor();
  if (shots) await page.screenshot({ path: join(out, "guide-draft.png") });
  await draftOnTable(page, 3);
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
  await openMore(page);
  await page.click('[data-test="group-characters"]');
  // The action helpers: a move into an unexplored room, then the Encounter, before they run.
  await page.click('[data-test="cmd-move_character"]');
  const move = page.locator('[data-test="form-move_character"]');
  const to = move.locator('[data-test="field-to"]');
  for (const room of await choices(to)) {
    await choose(to, room);
    if (await move.locator('[data-test="hint-move_explore"]').count()) break;
  }
  await move.locator('[data-test="hint-noise_roll"]').waitFor();
  await move.screenshot({ path: join(out, "guide-helper-move.png") });
  // A list open over the table (issue 20): drawn by the page, the chosen room ticked.
  await to.click();
  await page.screenshot({ path: join(out, "guide-list-open.png") });
  await page.keyboard.press("Escape");
  await page.click('[data-test="cmd-encounter"]');
  const encounter = page.locator('[data-test="form-encounter"]');
  await encounter.locator('[data-test="hint-encounter_surprise"]').waitFor();
  await encounter.screenshot({ path: join(out, "guide-helper-encounter.png") });
  await page.click('[data-test="do-encounter"]');
  await page.locator('[data-test="outcome"] li').first().waitFor();
  // The Actions panel scrolled to the button just pressed: bring the outcome into view.
  await page.locator('[data-test="outcome"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(out, "guide-encounter.png") });
  // Bruno dies first and takes the Intruders (p. 27): his rules start next turn.
  await runForm(page, "kill_character", (f) => choose(f.locator('[data-test="field-seat"]'), "1"));
  await runForm(page, "become_intruder_player", (f) => choose(f.locator('[data-test="field-seat"]'), "1"));
  await nextStep(page, "end_player_phase");
  await nextStep(page, "advance_time");
  await nextStep(page, "resolve_intruder_attacks");
  await nextStep(page, "resolve_fire_damage");
  await top(page);
  await page.screenshot({ path: join(out, "guide-event-card.png") });
  await nextStep(page, "resolve_event_card");
  // Issue 19: the Event card drawn, shown as a card beside the outcome, with each move's line;
  // one tap away when the outcome would push the step's button off the screen (issue 33).
  const unfold = page.locator('[data-test="outcome"] [data-test="outcome-more"], [data-test="outcome"] [data-test="outcome-cards"]');
  if (await unfold.count()) await unfold.first().click();
  if (await unfold.count()) await unfold.first().click();
  await page.locator('[data-test="outcome"] [data-test^="card-face-event-"]').waitFor();
  await page.locator('[data-test="outcome"]').screenshot({ path: join(out, "cards-event-outcome.png") });
  await nextStep(page, "develop_bag");
  await page.locator('[data-test="step-card"][data-step="player_intruder"]').waitFor();
  await top(page);
  await page.screenshot({ path: join(out, "guide-intruder-player.png") });
  // An Adult with Ana, Bruno's ATTACK card showing 3, and the Shoot helper against that Adult.
  await openMore(page);
  await page.click('[data-test="group-intruders"]');
  await runForm(page, "place_intruder", (f) => choose(f.locator('[data-test="field-at"]'), "11"));
  await openMore(page);
  await page.click('[data-test="group-characters"]');
  await page.click('[data-test="cmd-shoot"]');
  const shoot = page.locator('[data-test="form-shoot"]');
  const ids = await choices(shoot.locator('[data-test="field-id"]'));
  await choose(shoot.locator('[data-test="field-id"]'), ids.at(-1));
  await shoot.locator('[data-test="hint-hit_check_one"]').waitFor();
  await shoot.screenshot({ path: join(out, "guide-helper-shoot.png") });
  // The Intruder player attacks in their own round (p. 27): the others pass until it is Bruno's.
  await passRounds(page, 1);
  await openMore(page);
  await page.click('[data-test="group-intruders"]');
  await runForm(page, "intruder_player_attack", async (f) => {
    await choose(f.locator('[data-test="field-id"]'), ids.at(-1));
    await choose(f.locator('[data-test="field-target"]'), "0");
    await f.locator('input[type="number"]').fill("3");
  });
  const waiting = page.locator('[data-test="attack-choice"]');
  await waiting.waitFor();
  await waiting.screenshot({ path: join(out, "guide-attack-choice.png") });
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
