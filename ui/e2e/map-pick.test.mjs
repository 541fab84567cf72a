// The ship map's picking API, for wiring legal moves (issue 18): rooms, characters and Intruders
// the parent marks selectable become buttons that report a tap, Enter or Space through `onpick`;
// everything else reports nothing; a long press shows the room's card instead of picking.
// The map is mounted alone on a test page (e2e/fixtures/map.html) served by Vite, with the view
// of a game made through the script door.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "vite";
import { resolve } from "node:path";
import { cleanup, launch } from "./harness.mjs";
import { content, mappedGame } from "./mapGame.mjs";

const ui = resolve(import.meta.dirname, "..");
let server;
let browser;
after(async () => {
  await browser?.close();
  await server?.close();
});

test("a tap, Enter or Space on a selectable room, character or Intruder picks it; nothing else does", { timeout: 180000 }, async () => {
  const { dir, view } = mappedGame(11, 30);
  cleanup(dir);
  server = await createServer({ root: ui, configFile: resolve(ui, "vite.config.ts"), server: { port: 0, host: "127.0.0.1" }, logLevel: "error" });
  await server.listen();
  const url = server.resolvedUrls.local[0];
  browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1460, height: 1000 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const seat = view.seats.find((s) => s.life.kind === "awake");
  const intruder = view.intruders[0];
  const others = content.locations.map((l) => l.number).filter((n) => n !== seat.location);
  const fixture = { view, content, selectable: [others[0], others[1]], selectableSeats: [seat.seat], selectableIntruders: intruder ? [intruder.id] : [], mine: seat.seat };
  await page.addInitScript((f) => (window.__fixture = f), fixture);
  await page.goto(url + "e2e/fixtures/map.html");
  await page.locator('[data-test="ship-map"] svg').waitFor({ timeout: 60000 });
  const picks = () => page.evaluate(() => window.__picks.splice(0));

  const [a, b] = fixture.selectable;
  const room = (n) => page.locator(`[data-test="map-room-${n}"]`);
  assert.equal(await room(a).getAttribute("role"), "button", "a selectable room is a button");
  assert.equal(await room(a).getAttribute("tabindex"), "0", "and takes the keyboard focus");
  const plain = others.find((n) => !fixture.selectable.includes(n));
  assert.equal(await room(plain).getAttribute("role"), "img", "a room that cannot be picked is a picture");
  assert.equal(await room(plain).getAttribute("tabindex"), null);

  await room(a).locator("path.shape").click({ force: true });
  assert.deepEqual(await picks(), [{ kind: "room", at: a }], "a tap picks the room");
  await room(plain).locator("path.shape").click({ force: true });
  assert.deepEqual(await picks(), [], "a tap on a room that cannot be picked does nothing");
  await room(b).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press(" ");
  assert.deepEqual(await picks(), [{ kind: "room", at: b }, { kind: "room", at: b }], "Enter and Space pick the focused room");

  await page.locator(`[data-test="map-character-${seat.seat}"]`).click();
  assert.deepEqual(await picks(), [{ kind: "character", seat: seat.seat }], "a tap picks the character, not its room");
  if (intruder) {
    await page.locator(`[data-test="map-intruder-${intruder.id}"]`).click();
    assert.deepEqual(await picks(), [{ kind: "intruder", id: intruder.id }], "a tap picks the Intruder");
  }

  // A phone's own character is ringed and named "you" (the phone map, read-only, later).
  assert.equal(await page.locator(`[data-test="map-character-${seat.seat}"] [data-test="map-mine"]`).count(), 1, "the seat's own character is ringed");
  assert.match(await page.locator(`[data-test="map-character-${seat.seat}"]`).getAttribute("aria-label"), /, you/);
  assert.equal(await page.locator('[data-test="map-mine"]').count(), 1, "and no one else");

  // A long press shows the room's card (its name and what is in it) and picks nothing.
  await page.mouse.move(0, 0);
  const box = await room(a).locator("path.shape").boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.waitForTimeout(700);
  await page.mouse.up();
  assert.deepEqual(await picks(), [], "a long press does not pick");
  const tip = page.locator('[data-test="map-tip"]');
  assert.ok(await tip.isVisible(), "a long press shows the room's card");
  assert.match(await tip.textContent(), new RegExp(String(a).padStart(2, "0")), "with the room's printed number");

  // On a touch screen the card a tap shows stays after the finger lifts, until a tap elsewhere.
  const touch = await browser.newContext({ viewport: { width: 1460, height: 1000 }, hasTouch: true });
  const tp = await touch.newPage();
  tp.on("pageerror", (e) => errors.push(String(e)));
  await tp.addInitScript((f) => (window.__fixture = f), fixture);
  await tp.goto(url + "e2e/fixtures/map.html");
  await tp.locator('[data-test="ship-map"] svg').waitFor({ timeout: 60000 });
  const pb = await tp.locator(`[data-test="map-room-${plain}"] path.shape`).boundingBox();
  await tp.touchscreen.tap(pb.x + pb.width / 2, pb.y + pb.height * 0.3);
  // A real touch screen sends the map a pointerleave as the finger lifts (Chromium's emulated tap
  // does not): send it as a phone would.
  await tp.evaluate(() => document.querySelector('[data-test="ship-map"] svg').dispatchEvent(new PointerEvent("pointerleave", { pointerType: "touch" })));
  await tp.waitForTimeout(200);
  assert.ok(await tp.locator('[data-test="map-tip"]').isVisible(), "a tap on a room shows its card, and it stays");
  await tp.touchscreen.tap(2, 2);
  await tp.locator('[data-test="map-tip"]').waitFor({ state: "detached", timeout: 5000 });
  assert.equal(await tp.locator('[data-test="map-tip"]').count(), 0, "a tap elsewhere hides it");
  await touch.close();
  assert.deepEqual(errors, []);
});
