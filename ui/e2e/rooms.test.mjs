// End-to-end: Room Actions and card Actions taken from the round panel (issue 31). A 3-player game
// is dealt from a fixed seed through the script door, its room tiles kept at the table so the test
// can turn over the Storage and the Command Center where its characters stand; then the real host
// serves it to a table screen at 1024x600 and two paired phones at 390x844. The Storage and the
// Command Center are played from their offers, a Rest card's scan is answered on the player's
// phone, and an Antidote played at the table shows its results on the other player's phone alone.
// A second game from the same deal turns over the Armory and the Hatch Control System instead,
// plays both from the round panel, and a card from a player's phone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ALL_COMPONENTS, browserSuite, cleanup, freshDataDir, holding, logTotal, pairPhone, phonesOn, scriptDoor, startServe } from "./harness.mjs";

const suite = browserSuite();
const { data, running } = suite;
const SEED = 3101;

/** Screenshots for a person to look at, only when ROOMS_SHOTS names a folder. */
async function shot(page, name) {
  if (process.env.ROOMS_SHOTS) await page.screenshot({ path: `${process.env.ROOMS_SHOTS}/${name}.png` });
}

/** The game, made through the script door before the host serves it: the draft, then the first
 *  player explores the Storage and, next to it, the Command Center (the table enters each tile and
 *  a Silence token), and the two other players are placed there with Contamination cards. */
function arrange(into = data, tiles = ["storage", "command_center"]) {
  const door = scriptDoor(into, { seed: SEED });
  const handled = ALL_COMPONENTS.filter((c) => c !== "room_tiles" && c !== "exploration_tokens");
  const drafted = door.draftedGame({ players: ["Ana", "Bruno", "Chidi"], mode: "standard", handled });
  const act = (command, entered = []) => door.act(drafted.id, command, entered);
  let reply = drafted.reply;
  const first = reply.screen.game.view.rounds.turn_of;
  /** Moves the first player into an unexplored neighbour, turning over `tile` there. */
  const explore = (tile) => {
    const game = reply.screen.game;
    const unexplored = new Set(game.view.rooms.filter((r) => !r.explored).map((r) => r.at));
    for (const o of game.offers) {
      const c = o.command;
      if (c.type !== "move_character" || c.careful_noise !== null || !unexplored.has(c.to)) continue;
      const r = act(c, [{ kind: "room", tile, effect: "silence", items: 1 }]);
      if (r.reply === "screen") {
        reply = r;
        return c.to;
      }
    }
    throw new Error(`no neighbour took the ${tile}`);
  };
  const storage = explore(tiles[0]);
  const center = explore(tiles[1]);
  const order = reply.screen.game.view.turn_order;
  const [resting, curing] = [order[(order.indexOf(first) + 1) % 3], order[(order.indexOf(first) + 2) % 3]];
  assert.equal(reply.screen.game.view.rounds.turn_of, resting, "two Moves end the first round");
  for (const [seat, at] of [[resting, storage], [curing, center]]) {
    act({ type: "place_character", seat, at });
    reply = act({ type: "give_contamination", seat, count: 2 });
  }
  return { first, resting, curing, storage, center };
}

/** The host serving the game in `dir`, its table screen at 1024x600 back in that game with phones
 *  on, and a phone paired for each of `seats` (the Phones panel closed again). */
async function serveTable(dir, seats) {
  const serve = await startServe(dir, { seed: SEED });
  running.push(() => serve.stop());
  const problems = [];
  const table = await suite.browser.newPage({ viewport: { width: 1024, height: 600 } });
  table.on("pageerror", (e) => problems.push(`table: ${e}`));
  await table.goto(serve.url);
  await table.click('[data-test="resume"]');
  await table.locator('[data-test="round"]').waitFor();
  await phonesOn(table);
  const phones = [];
  for (const seat of seats) {
    const { phone } = await pairPhone(table, seat);
    phone.on("pageerror", (e) => problems.push(`phone: ${e}`));
    phones.push(phone);
  }
  await table.click('[data-test="phones-close"]');
  return { table, phones, problems };
}

/** Fails unless the element is whole inside the window, as the app leaves it (no scrolling). */
async function inView(page, locator, what) {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  assert.ok(box && box.y >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width, `${what} is in view at ${size.width}×${size.height} (${JSON.stringify(box)})`);
}

/** Takes an offer of the round panel and waits for its outcome in the log. */
async function take(table, offer) {
  const before = await logTotal(table);
  await offer.click();
  await table.waitForFunction((n) => Number(document.querySelector('[data-test="log"]')?.dataset.total ?? 0) > n, before);
}

test("Room Actions and card Actions from the round panel, a Rest scan answered on a phone, an Antidote's results on its owner's phone", { timeout: 120000 }, async () => {
  const { resting, curing } = arrange();
  const { table, phones: [restPhone, curePhone], problems } = await serveTable(data, [resting, curing]);

  // The Storage (p. 24): one offer per Item deck, 2 cards each; the other rooms' Actions are not offered.
  const round = table.locator('[data-test="round"]');
  const decks = round.locator('[data-test="offer-search_storage"]');
  assert.equal(await decks.count(), 3, "red, yellow or green");
  assert.equal(await round.locator('[data-test="offer-room_action"]').count(), 0, "the generic Room Action is gone");
  assert.equal(await round.locator('[data-test="offer-recharge_weapon"]').count(), 0, "the Armory's Action only in the Armory");
  // The room's own Action is the bright one, not the Search every room offers (issue 33), and
  // its third deck is on the screen at 1024×600, not below the fold.
  assert.equal(await decks.first().getAttribute("data-suggested"), "", "the Storage's first deck is the suggested offer");
  assert.equal(await round.locator('[data-test="offer-search_room"][data-suggested]').count(), 0, "the Search is not");
  await inView(table, decks.nth(2), "the Storage's third deck");
  await shot(table, "round-storage-1024x600");
  await take(table, decks.nth(2));
  const outcome = table.locator('[data-test="outcome"]');
  await outcome.getByText("Green Item deck").waitFor();
  assert.match(await outcome.textContent(), /keeps 1 in secret/, "the hand line says what to do with the Item cards");

  // Rest (every deck holds one): the table plays it, the phone asks which cards are in hand.
  const rest = round.locator('[data-test="offer-use_card"]', { hasText: "Rest" });
  assert.equal(await rest.count(), 1);
  assert.match(await rest.textContent(), /1 card/, "Rest costs only itself");
  await take(table, rest);
  await outcome.getByText("their phone asks how many they hold").waitFor();
  await restPhone.locator('[data-test="phone-now"][data-due="scan"]').waitFor();
  // The physical cards carry no number (issue 31): the phone asks how many are in the hand, never
  // which "C-…", up to the two the player holds.
  assert.equal(await restPhone.locator('[data-test="phone-scan"]').getByText(/C-\d/).count(), 0, "no card number to answer");
  await restPhone.click('[data-test="phone-scan-more"]');
  await restPhone.click('[data-test="phone-scan-more"]');
  assert.equal(await restPhone.locator('[data-test="phone-scan-more"]').isDisabled(), true, "no more than the two held");
  await restPhone.click('[data-test="phone-scan-less"]');
  assert.equal((await restPhone.locator('[data-test="phone-scan-count"]').textContent()).trim(), "1");
  await shot(restPhone, "phone-rest-scan-390x844");
  const before = await logTotal(table);
  await restPhone.click('[data-test="phone-scan-send"]');
  await restPhone.locator('[data-test="phone-now"]').waitFor({ state: "detached" });
  await table.waitForFunction((n) => Number(document.querySelector('[data-test="log"]')?.dataset.total ?? 0) > n, before);

  // The Command Center (p. 25): its offer opens a form with the room and the Doors to close.
  await table.locator('[data-test="turn-strip"] [data-status="playing"]').getAttribute("data-test").then((t) => assert.equal(t, `strip-${curing}`));
  await round.locator('[data-test="offer-command_doors"]').click();
  const form = round.locator('[data-test="form-command_doors"]');
  await form.waitFor();
  await shot(table, "round-command-center-1024x600");
  await take(table, form.locator('[data-test="do-command_doors"]'));
  assert.match(await outcome.textContent(), /Door/i, "the Doors that turned are listed, each with its hand line");

  // The Antidote from the table: every card scanned; the results reach this player's phone only.
  // It ends the round (the card's text), so the table says so and asks first.
  const antidote = round.locator('[data-test="offer-use_card"]', { hasText: "Antidote" });
  await antidote.click();
  await take(table, round.locator('[data-test="warned-go"]'));
  // Before anything is scanned, the phone asks how many of the cards are in the hand (issue 31).
  await outcome.getByText("their phone asks how many are in their hand").waitFor();
  await curePhone.locator('[data-test="phone-now"][data-due="antidote"]').waitFor();
  await curePhone.click('[data-test="phone-scan-more"]');
  const answered = await logTotal(table);
  await curePhone.click('[data-test="phone-scan-send"]');
  await table.waitForFunction((n) => Number(document.querySelector('[data-test="log"]')?.dataset.total ?? 0) > n, answered);
  await curePhone.locator('[data-test="phone-new"]').waitFor();
  assert.doesNotMatch(await outcome.textContent(), /scanned: (INFECTED|not infected)/, "no result on the table");
  const secret = await holding(curePhone, () => curePhone.locator('[data-test="phone-secret"]').textContent());
  assert.match(secret, /scanned: (INFECTED|not infected)/, "each result on its owner's phone, while held");
  await shot(curePhone, "phone-antidote-390x844");
  assert.deepEqual(problems, []);
});

// The Armory and the Hatch Control System (pp. 24–25), and a card played from a phone (issue 31).
// The same seeded deal turns over the Armory and the Hatch Control System instead; the next two
// players stand in them. The Armory's offer says where the 2 Ammo go; the Hatch Control System
// offers each pod turned to its other side, its button saying the Action and the pod's side now; then the player in it plays Demolition from their
// phone (a Malfunction marker here), and the table's outcome says so.
test("the Armory and the Hatch Control System from the round panel, and a card played from a phone", { timeout: 120000 }, async () => {
  const own = freshDataDir();
  running.push(async () => cleanup(own));
  const { resting: armed, curing: hatch, storage: armory, center: control } = arrange(own, ["armory", "hatch_control_system"]);
  // arrange() put the two players in the first two rooms it turned over: here the Armory and the
  // Hatch Control System.
  const { table, phones: [phone], problems } = await serveTable(own, [hatch]);
  assert.ok(armory && control);

  // The Armory (p. 24): its one offer, 2 cards; the hand line says where the Ammo goes.
  const round = table.locator('[data-test="round"]');
  const outcome = table.locator('[data-test="outcome"]');
  const recharge = round.locator('[data-test="offer-recharge_weapon"]');
  assert.equal(await recharge.count(), 1, "the Armory's Action, in the Armory");
  assert.match(await recharge.textContent(), /2 cards/);
  assert.equal(await round.locator('[data-test="offer-hatch_control"]').count(), 0, "the Hatch Control only in its room");
  await shot(table, "round-armory-1024x600");
  await take(table, recharge);
  await outcome.getByText("recharges an Energy weapon").waitFor();
  assert.match(await outcome.textContent(), /2 Ammo/, "the hand line: 2 Ammo on the weapon the player names");
  await take(table, round.locator('[data-test="offer-pass"]'));

  // The Hatch Control System (p. 25): one offer per pod, each turning it to its other side.
  await table.locator(`[data-test="strip-${hatch}"][data-status="playing"]`).waitFor();
  const pods = round.locator('[data-test="offer-hatch_control"]');
  assert.equal(await pods.count(), 3, "3 pods for 3 players, each offered");
  // Each button says the Action and the side the pod shows now, never the side it will get alone.
  assert.match(await pods.first().textContent(), /Unlock Pod \d \([A-C]\) \(now locked\)/, "a locked pod is offered to be unlocked, and says it is locked");
  await shot(table, "round-hatch-control-1024x600");
  await inView(table, pods.nth(2), "the Hatch Control's third pod");
  // On the phone too, the pods are one Action's row, its targets side by side (issue 33).
  const podRow = phone.locator('[data-test="phone-offers-hatch_control"]');
  await podRow.waitFor();
  assert.equal(await podRow.locator('[data-test="phone-offer-hatch_control"]').count(), 3, "the three pods in one row");
  await shot(phone, "phone-hatch-control-390x844");
  await shot(table, "round-hatch-control-1024x600");
  await take(table, pods.first());
  await outcome.getByText(/unlocked/i).waitFor();

  // The second Action from the player's phone: Demolition, a Malfunction marker in this room.
  await phone.locator('[data-test="phone-round"]').waitFor();
  // One button per card (issue 33): Demolition's effects are its choices, a second step.
  const cards = phone.locator('[data-test="phone-offer-card"][data-card="demolition"]');
  if (await cards.count()) await cards.click();
  const demolition = phone.locator('[data-test="phone-offer-use_card"]', { hasText: "Place a Malfunction marker" });
  await demolition.waitFor();
  assert.equal(await demolition.getAttribute("data-cost"), "1", "Demolition costs only itself");
  await shot(phone, "phone-round-cards-390x844");
  const before = await logTotal(table);
  await demolition.click();
  await table.waitForFunction((n) => Number(document.querySelector('[data-test="log"]')?.dataset.total ?? 0) > n, before);
  await outcome.getByText("Demolition").waitFor();
  // The marker's own line is one of the step's lines behind the outcome's "more lines" at this size: the log holds it.
  assert.match(await table.locator('[data-test="log"]').textContent(), /Malfunction in/, "the step's log names the marker to put down");
  assert.deepEqual(problems, []);
});
