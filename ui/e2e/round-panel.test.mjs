// One screen, one job (issue 33, item 2): in the Player Phase the round panel is the screen's
// main thing. The bookkeeping and corrections panel is closed behind one "More" (nothing of it on
// screen until asked for; the keyboard opens it), and the round's bright button is the offer the
// table most likely takes next, never the Pass (a pass by mistake loses the round's Actions,
// p. 10). A card offered for each Door or Intruder is one button, its choices a second step.
// Played on a fixed seed through the real host in serve mode and the system Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ALL_COMPONENTS, browserSuite, cleanup, createGame, draftedGame, draftOnTable, freshDataDir, logTotal, startServe, tableDoor, until } from "./harness.mjs";

const suite = browserSuite();

test("the bookkeeping panel waits behind More, the round's primary button is an Action, not Pass, and a card's choices are a second step", { timeout: 120000 }, async () => {
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

  // A finger has no hover (issue 33): a long press on a turn strip chip or a character on the map
  // shows the whole name, as the tooltip does for a mouse.
  for (const target of ['[data-test="strip-0"]', '[data-test="map-character-1"]']) {
    await page.locator(target).evaluate((el) => {
      const r = el.getBoundingClientRect();
      el.dispatchEvent(new PointerEvent("pointerdown", { pointerType: "touch", bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 }));
    });
    const name = page.locator('[data-test="press-name"]:not([hidden])');
    await name.waitFor();
    assert.match(await name.textContent(), target.includes("strip") ? /^Ana · / : /Bruno/, `the long press on ${target} names the player`);
    await page.locator(target).evaluate((el) => el.dispatchEvent(new PointerEvent("pointerup", { pointerType: "touch", bubbles: true })));
    await page.locator('[data-test="press-name"][hidden]').waitFor({ state: "attached" });
  }

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
  await more.click();
  assert.equal(await more.getAttribute("aria-expanded"), "false");

  // One button per card (issue 33): a card the engine offers for each Door or each Intruder is
  // one button; its choices, the engine's own offers and no others, are a second step.
  const offers = (await tableDoor(serve).screen()).game.offers.filter((o) => o.command.type === "use_card");
  const byCard = new Map();
  for (const o of offers) byCard.set(o.command.card, [...(byCard.get(o.command.card) ?? []), o]);
  const [card, choices] = [...byCard].find(([, list]) => list.length > 1);
  assert.equal(await round.locator('[data-test="offer-card"]:not([data-card="craft_item"]), [data-test="offer-use_card"]').count(), byCard.size, "one button per card");
  // Craft Item (pp. 13, 23) sits beside the cards, one button named by its Action, its four items a second step.
  assert.match(await round.locator('[data-test="offer-card"][data-card="craft_item"]').textContent(), /Craft Item.*4 choices/);
  const group = round.locator(`[data-test="offer-card"][data-card="${card}"]`);
  assert.equal(await group.getAttribute("aria-expanded"), "false");
  await group.click();
  const picking = round.locator(`[data-test="card-choices"][data-card="${card}"]`);
  const buttons = picking.locator('[data-test="offer-use_card"]');
  assert.equal(await buttons.count(), choices.length, "every choice the engine offers, no other");
  const title = (await picking.locator("h4").textContent()).trim();
  for (const b of await buttons.all()) assert.ok(!(await b.textContent()).includes(title), "a choice is named without its card");
  assert.equal(await round.locator("button.primary").count(), 1, "still one bright button");
  if (process.env.ROUND_SHOTS) await page.screenshot({ path: `${process.env.ROUND_SHOTS}/round-card-choices-1024x600.png` });
  await picking.locator('[data-test="card-choices-cancel"]').click();
  assert.equal(await picking.count(), 0, "Cancel closes the choices");
  // A choice is sent as the engine offered it.
  await group.click();
  const before = await logTotal(page);
  await buttons.first().click();
  await page.waitForFunction((n) => Number(document.querySelector('[data-test="log"]')?.dataset.total ?? 0) > n, before);
  assert.equal((await tableDoor(serve).screen()).game.last.command, "use_card");
  await page.close();
});

// Careful Movement at 1024×600 (p. 13; issue 33): sixteen buttons, each naming its room again,
// wrapped to two lines and ran below the fold. Now one row per room the character can reach, its
// corridors' numbers side by side: each row holds the engine's offers for that room and no other,
// no button overflows the round panel or is set under 11 px, in the longest language and in
// English, and a number sends the Careful Movement with its Noise in that corridor.
test("Careful Movement offers one row per room with its corridors' numbers, legible and inside the panel at 1024×600", { timeout: 120000 }, async () => {
  const data = freshDataDir();
  const serve = await startServe(data, { seed: 3205 });
  suite.running.push(async () => (await serve.stop(), cleanup(data)));
  const door = tableDoor(serve);
  await draftedGame(door.call, { players: ["Ana", "Bruno", "Chidi"], mode: "standard", handled: ALL_COMPONENTS });
  const careful = (await door.screen()).game.offers.filter((o) => o.command.type === "move_character" && o.command.careful_noise !== null);
  const rooms = [...new Set(careful.map((o) => o.command.to))];
  assert.ok(careful.length > rooms.length, "several corridors for a room");
  for (const lang of ["fr", "en"]) {
    const page = await suite.browser.newPage({ viewport: { width: 1024, height: 600 } });
    await page.addInitScript((l) => localStorage.setItem("nemesis-table-language", l), lang);
    await page.goto(serve.url);
    await page.locator('[data-test="round"]').waitFor();
    await page.click('[data-test="offer-careful-toggle"]');
    const choices = page.locator('[data-test="careful-choices"]');
    await choices.waitFor();
    const panel = await page.locator('[data-test="round"]').boundingBox();
    for (const to of rooms) {
      const row = choices.locator(`[data-test="careful-${to}"]`);
      const numbers = await row.locator('[data-test="offer-careful"]').evaluateAll((bs) => bs.map((b) => Number(b.dataset.noise)));
      assert.deepEqual(numbers, careful.filter((o) => o.command.to === to).map((o) => o.command.careful_noise), `${lang}: room ${to}'s corridors, as the engine offers them`);
      const label = await row.locator(".sublabel").boundingBox();
      for (const b of await row.locator('[data-test="offer-careful"]').all()) {
        const box = await b.boundingBox();
        assert.ok(box.x >= panel.x && box.x + box.width <= panel.x + panel.width + 0.5, `${lang}: room ${to}'s button inside the panel`);
        assert.ok(box.y < label.y + label.height && box.y + box.height > label.y, `${lang}: room ${to}'s numbers on its label's line`);
        const px = await b.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
        assert.ok(px >= 11, `${lang}: a corridor's number at ${px} px`);
        assert.match(await b.getAttribute("aria-label"), new RegExp(`${await b.getAttribute("data-noise")}$`), `${lang}: the button's whole name ends with its corridor`);
      }
    }
    assert.equal(await choices.locator('[data-test="offer-careful"]').count(), careful.length, `${lang}: every Careful Movement, no other`);
    if (process.env.ROUND_SHOTS) await page.screenshot({ path: `${process.env.ROUND_SHOTS}/round-careful-${lang}-1024x600.png` });
    if (lang === "en") {
      const b = choices.locator(`[data-test="careful-${rooms[0]}"] [data-test="offer-careful"]`).last();
      const noise = Number(await b.getAttribute("data-noise"));
      await b.click();
      const taken = await until("the Careful Movement taken", async () => {
        const g = (await door.screen()).game;
        return g.last?.command === "move_character" ? g : null;
      });
      const marked = taken.view.corridors.some((c) => c.noise && c.ends.includes(rooms[0]) && c.numbers.includes(noise));
      assert.ok(marked || taken.view.technical_noise, `a Noise marker in corridor ${noise} of room ${rooms[0]}`);
    }
    await page.close();
  }
});

// The table's Pass warns as the phone's does (issue 33): a Pass that ends the round in a room with
// Fire gives a Light Wound (p. 17), a third one becomes a Serious Wound, and after three Serious
// Wounds any wound kills (p. 21). The engine's trial says which (`pass_harm` on the Pass offer);
// the Pass button is marked, and a click asks first with that warning. Cancel sends nothing; the
// confirmation sends the Pass. A harmless Pass is sent at once, as before.
test("the table's Pass says the wound or death it brings and asks first, as the phone's does", { timeout: 120000 }, async () => {
  // Its own folder: the first test's host holds the suite's until the end.
  const data = freshDataDir();
  const serve = await startServe(data, { seed: 3303 });
  suite.running.push(async () => (await serve.stop(), cleanup(data)));
  const door = tableDoor(serve);
  const page = await suite.browser.newPage({ viewport: { width: 1024, height: 600 } });
  await page.goto(serve.url);
  await createGame(page, ["Ana", "Bruno"]);
  await page.click('[data-test="to-table"]');
  await draftOnTable(page, 2);
  const round = page.locator('[data-test="now"] [data-test="round"]');
  const pass = round.locator('[data-test="offer-pass"]');
  const game = async () => (await door.screen()).game;
  const seat = (await game()).view.rounds.turn_of;
  const { location: at, name } = (await game()).view.seats.find((s) => s.seat === seat);
  assert.equal(await pass.getAttribute("data-harm"), null, "a harmless Pass is not marked");
  const act = async (command) => {
    const r = await door.call({ call: "act", request: { request: "do", command, entered: [] } });
    assert.equal(r.reply, "screen", `${command.type}: ${JSON.stringify(r)}`);
  };
  const warned = async (harm) => {
    await until(`the Pass offered with ${harm}`, async () => (await game()).offers.find((o) => o.command.type === "pass")?.pass_harm === harm);
    await page.locator(`[data-test="offer-pass"][data-harm="${harm}"]`).waitFor();
    const revision = (await game()).revision;
    await pass.click();
    const warning = round.locator('[data-test="pass-ask"] [data-test="pass-harm"]');
    assert.equal(await warning.getAttribute("data-harm"), harm);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("data-test")), "pass-go", "the confirmation takes the focus");
    const text = await warning.textContent();
    if (process.env.ROUND_SHOTS) await page.screenshot({ path: `${process.env.ROUND_SHOTS}/round-pass-${harm}-1024x600.png` });
    await round.locator('[data-test="pass-cancel"]').click();
    assert.equal(await round.locator('[data-test="pass-ask"]').count(), 0, "Cancel closes the warning");
    assert.equal((await game()).revision, revision, "nothing was sent");
    return text;
  };
  await act({ type: "set_fire", at, on: true });
  assert.match(await warned("light_wound"), new RegExp(`Passing now gives ${name} a Light Wound\\.`));
  // The cause is the one the app knows (issue 31): the Fire, not "Fire or a Bleeding wound".
  await pass.click();
  assert.match(await round.locator('[data-test="pass-ask"] [data-test="harm-from-fire"]').textContent(), new RegExp(`the Fire in ${name}'s room`));
  assert.equal(await round.locator('[data-test="pass-ask"] [data-test="harm-from-bleeding"]').count(), 0);
  await round.locator('[data-test="pass-cancel"]').click();
  await act({ type: "wound", seat, light: 2, serious: 0 });
  assert.match(await warned("serious_wound"), /third Light Wound, which becomes a Serious Wound/);
  await act({ type: "wound", seat, light: 0, serious: 3 });
  assert.match(await warned("death"), /any wound kills: the character dies/);
  // Said yes to: the Pass is sent, and the round passes to the next player.
  await pass.click();
  await round.locator('[data-test="pass-go"]').click();
  await until("the Pass sent", async () => (await game()).view.rounds.passed.includes(seat));
  await page.close();
});
