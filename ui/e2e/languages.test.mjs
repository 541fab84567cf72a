// End-to-end in each of the five languages: a scripted first turn through the real host in serve
// mode, checking that the turn guide shows a step card for every step in the screen's language,
// that a step card's rule opens its reference entry, and that no key shows untranslated.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cleanup, createGame, draftOnTable, freshDataDir, launch, nextStep, openMore, root, startServe } from "./harness.mjs";

const languages = ["en", "pt-BR", "es", "it", "fr"];
const catalogue = (code) => JSON.parse(readFileSync(join(root, "ui/src/locales", `${code}.json`), "utf8"));

let browser;
let serve;
const data = freshDataDir();
before(async () => {
  browser = await launch();
  serve = await startServe(data);
});
after(async () => {
  await serve?.stop();
  await browser?.close();
  cleanup(data);
});

/** A catalogue key shown instead of its text: "[log.line.encounter]". */
const rawKey = /\[[a-z_]+(\.[\w-]+)+\]/;

async function expectCard(page, step, words) {
  const card = page.locator('[data-test="step-card"]');
  await page.waitForFunction((s) => document.querySelector('[data-test="step-card"]')?.getAttribute("data-step") === s, step);
  assert.equal((await card.locator('[data-test="step-card-table"]').textContent()).trim(), words[`guide.${step}.table`], `the ${step} card speaks the screen's language`);
}


for (const code of languages) {
  test(`a first turn in ${code}: every step card appears, translated, and no key is missing`, { timeout: 90000 }, async () => {
    const words = catalogue(code);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.addInitScript((lang) => localStorage.setItem("nemesis-table-language", lang), code);
    await page.goto(serve.url);
    await page.waitForFunction((lang) => document.documentElement.lang === lang, code);

    await createGame(page, ["Ana", "Bruno"]);
    await page.locator('[data-test="setup-steps"] li').first().waitFor();
    await page.click('[data-test="to-table"]');

    // The draft (setup step 17), then the Player Phase of turn 1.
    await expectCard(page, "draft", words);
    await draftOnTable(page, 2);
    await expectCard(page, "player", words);

    // A step card's rule opens that rule's entry in the reference, in the same language.
    await page.click('[data-test="step-card-rule"]');
    const entry = page.locator('[data-test="rules-entry"]');
    await entry.waitFor();
    assert.equal(await entry.getAttribute("data-entry"), "player_phase");
    assert.equal((await entry.locator("h3").textContent()).trim(), words["ref.player_phase.title"]);
    await page.click('[data-test="rules-close"]');

    // An Encounter: a log line built from a template and translated game terms.
    await openMore(page);
    await page.click('[data-test="group-characters"]');
    await page.click('[data-test="cmd-encounter"]');
    await page.click('[data-test="do-encounter"]');
    await page.locator('[data-test="outcome"] li').first().waitFor();

    // A refused command explains itself in the screen's language: an Event Phase step during the
    // Player Phase (p. 10). Nothing changes.
    await page.click('[data-test="group-turn"]');
    await page.click('[data-test="cmd-advance_time"]');
    await page.click('[data-test="do-advance_time"]');
    const fault = page.locator('[data-test="fault"]');
    await fault.waitFor();
    assert.ok((await fault.innerText()).includes(words["refusal.that_is_an_event_phase_step_end_the"]), "the refusal's reason is translated");

    // The Event Phase, step by step (manual p. 10, steps 4–8), each with its card.
    await nextStep(page, "end_player_phase");
    for (const [step, command] of [
      ["time_track", "advance_time"],
      ["intruder_attack", "resolve_intruder_attacks"],
      ["fire_damage", "resolve_fire_damage"],
      ["event_card", "resolve_event_card"],
      ["bag_development", "develop_bag"],
    ]) {
      await expectCard(page, step, words);
      await nextStep(page, command);
    }
    await expectCard(page, "player", words);

    const text = await page.locator("body").innerText();
    assert.doesNotMatch(text, rawKey, "no catalogue key shows in place of its text");
    const log = await page.locator('[data-test="log"] ol').innerText();
    if (code !== "en") {
      // The log is in the screen's language: the turn's first line is the translated template.
      const turn = words["log.line.play_started"];
      assert.ok(log.includes(turn), `the log says "${turn}"`);
    }
    assert.deepEqual(errors, [], "no script error");
    // The host holds one open game: close it, so the next language starts at the home screen.
    await page.click('[data-test="close"]');
    await page.locator('[data-test="new-game"]').waitFor();
    await page.close();
  });
}
