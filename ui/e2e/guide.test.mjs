// End-to-end: a whole game played only from the turn guide. The real host in serve mode and the
// table screen in Chromium; from the wizard to the victory check's last verdict, every step is
// taken with what the guide's "now" card offers: in the Player Phase, real Actions among the
// offers (moves, searches, attacks, then a pass), each checked against the hand count it costs
// (p. 12); otherwise its one button (and, when the first Encounter asks for it, each player's
// objective kept behind the curtain). It checks that the guide never leaves the table without a
// next step, that every step card of the turn appears, and that each step card links to its rule.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserSuite, choices, choose, createGame, keepObjectives, playingSeat, startServe } from "./harness.mjs";

const suite = browserSuite();
const { data, running } = suite;

const names = ["Ana", "Bruno", "Chidi"];

test("a whole 3-player game from the wizard to the verdict, following only the guide", { timeout: 240000 }, async () => {
  const t0 = Date.now();
  const serve = await startServe(data);
  running.push(() => serve.stop());
  const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  page.on("requestfailed", (r) => problems.push(r.url()));
  await page.goto(serve.url);
  // Real play is random: a crew can all die before turn 5. Then the table closes that game and
  // plays another (at most 4), so one game of at least 5 turns is always played through.
  const seen = new Set();
  const actions = {};
  let paid = 0;
  let steps = 0;
  let turn = 0;
  for (let game = 1; game <= 4 && turn < 5; game++) {
    if (game > 1) await page.click('[data-test="close"]');
    await createGame(page, names);
    await page.click('[data-test="to-table"]');

    const now = page.locator('[data-test="now"]');
    for (;;) {
      assert.ok(steps < 2400, "each game ends within 600 steps");
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
      // A round of the Player Phase (p. 10): up to 2 Actions from the offers, then a pass.
      const seat = await playingSeat(page);
      if (seat !== null) {
        // The hand from the turn strip; null once the strip is gone (the Action ended the phase or
      // the game: a death, the last character leaving).
      const hand = async () => {
        const chip = page.locator(`[data-test="hand-${seat}"]`);
        return (await chip.count()) ? Number((await chip.textContent()).match(/\d+/)[0]) : null;
      };
        const outcomeText = async () => ((await page.locator('[data-test="outcome"]').count()) ? await page.locator('[data-test="outcome"]').textContent() : "");
        // Now and then the Move is made by tapping a highlighted room on the ship map.
        const onMap = page.locator('[data-test^="map-room-"][role="button"]');
        if ((steps + seat) % 5 === 1 && (await onMap.count())) {
          const before = await hand();
          const text = await outcomeText();
          const to = (await onMap.first().getAttribute("data-test")).replace("map-room-", "");
          const mapCost = Number((await now.locator(`[data-test="offer-move_character"][data-to="${to}"] .cost`).textContent()).match(/\d+/)[0]);
          await onMap.first().click();
          // A Move out of a room with Intruders is an Escape: the table confirms it first (p. 19).
          if (await now.locator('[data-test="escape-go"]').count()) await now.locator('[data-test="escape-go"]').click();
          await page.waitForFunction((b) => (document.querySelector('[data-test="outcome"]')?.textContent ?? "") !== b, text, { timeout: 10000 });
          assert.equal(await page.locator('[data-test="fault"]').count(), 0, "no refusal after a Move on the map");
          const afterMap = await hand();
          if (afterMap !== null) assert.equal(afterMap, before - mapCost, `a Move on the map costs what its offer says (${mapCost}, p. 13)`);
          actions["map-move"] = (actions["map-move"] ?? 0) + 1;
          paid += mapCost;
          steps++;
          continue;
        }
        const choices = ["offer-shoot", "offer-melee_attack", "offer-search_room", "offer-move_character"];
        let took = false;
        for (const c of choices) {
          const offer = now.locator(`[data-test="${c}"]`);
          // Now and then a player holds back, so games also see passes without Actions.
          if (!(await offer.count()) || (steps + seat) % 4 === 3) continue;
          const pick = offer.nth(steps % (await offer.count()));
          const cost = Number((await pick.locator(".cost").textContent()).match(/\d+/)[0]);
          const before = await hand();
          const text = await outcomeText();
          await pick.click();
          if (await now.locator('[data-test="escape-go"]').count()) await now.locator('[data-test="escape-go"]').click();
          await page.waitForFunction((b) => (document.querySelector('[data-test="outcome"]')?.textContent ?? "") !== b, text, { timeout: 10000 });
          assert.equal(await page.locator('[data-test="fault"]').count(), 0, `no refusal after ${c}`);
          const after = await hand();
          // A surprise attack or a death may follow, but the hand drops by exactly the cost.
          if (after !== null) assert.equal(after, before - cost, `${c} cost ${cost} cards (p. 12): ${before} -> ${after}`);
          actions[c] = (actions[c] ?? 0) + 1;
          paid += cost;
          took = true;
          steps++;
          break;
        }
        if (took) continue;
        const text = await outcomeText();
        const harmful = (await now.locator('[data-test="offer-pass"]').getAttribute("data-harm")) !== null;
        await now.locator('[data-test="offer-pass"]').click();
        // A Pass that wounds asks first (issue 33): the player says yes.
        if (harmful) await now.locator('[data-test="pass-go"]').click();
        await page.waitForFunction((b) => (document.querySelector('[data-test="outcome"]')?.textContent ?? "") !== b, text, { timeout: 10000 });
        actions.pass = (actions.pass ?? 0) + 1;
        steps++;
        continue;
      }
      const action = now.locator('[data-test^="do-"]');
      if ((await action.count()) === 0) break;
      const type = (await action.first().getAttribute("data-test")).replace("do-", "");
      if (type === "draft_keep") {
        const list = now.locator('[data-test="field-character"]');
        await choose(list, (await choices(list))[0]);
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
      // After the end the card names the victory check's step (over_engines, …, over_done).
      assert.ok(seen.has(s) || (s === "over" && [...seen].some((x) => x.startsWith("over_"))), `the ${s} step card appeared (seen: ${[...seen].join(", ")})`);
    }
    assert.deepEqual(problems, [], "no page errors, no failed requests");
    // Real play: moves and passes in every game; the turn counter shows how far it went.
    turn = Number((await page.locator('[data-test="now"] h2').textContent()).match(/\d+/)[0]);
    assert.ok((actions["offer-move_character"] ?? 0) >= 5 && (actions.pass ?? 0) >= 10, `moves and passes were taken: ${JSON.stringify(actions)}`);
  assert.ok((actions["map-move"] ?? 0) >= 1, `moves were made on the map too: ${JSON.stringify(actions)}`);
  }
  assert.ok(turn >= 5, `a game of at least 5 turns was played (${turn})`);
  console.log(`guide e2e: actions ${JSON.stringify(actions)}, ${paid} cards paid`);
  console.log(`guide e2e: ${steps} steps in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
});
