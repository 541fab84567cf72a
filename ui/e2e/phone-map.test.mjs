// The ship map on a phone (issue 18, item 5): a paired phone at 360×740 shows the same map as the
// table screen, read-only, with its own character marked and named "you", drawn from the
// seat's public board only; it fits the phone and its names are large enough to read. The
// random game of the map test (MAP_SEED=… repeats one). PHONES_SHOTS=<folder> keeps pictures.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserSuite, cleanup, logTotal, pairPhone, phonesOn, startServe, unnamedControls } from "./harness.mjs";
import { mappedGame, openTable } from "./mapGame.mjs";

const suite = browserSuite();
const phoneView = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Every named piece of a map on `page`: its data-test, its role and its name. */
async function pieces(page) {
  return page.$$eval('[data-test="ship-map"] [role="img"], [data-test="ship-map"] [role="button"]', (els) =>
    Object.fromEntries(els.map((e) => [e.getAttribute("data-test"), { role: e.getAttribute("role"), name: e.getAttribute("aria-label") }])),
  );
}

test("a phone shows the table's ship map, read-only, with its own character marked", { timeout: 240000 }, async () => {
  // A fixed game unless MAP_SEED picks another (a test that draws a new game each run fails
  // for nobody's change).
  const seed = Number(process.env.MAP_SEED ?? 3400);
  console.log(`phone map seed: ${seed}`);
  const { dir, view } = mappedGame(seed);
  const serve = await startServe(dir);
  suite.running.push(() => serve.stop(), () => cleanup(dir));
  const errors = [];
  const table = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
  table.on("pageerror", (e) => errors.push(`table: ${e}`));
  await table.goto(serve.url);
  await openTable(table);

  // The seat: a character on the board (awake or hibernating), else the first seat.
  const mine = view.seats.find((s) => s.life.kind === "awake") ?? view.seats.find((s) => s.life.kind === "hibernating") ?? view.seats[0];
  await phonesOn(table);
  const { phone, context } = await pairPhone(table, mine.seat, { context: phoneView, opening: (phone) => phone.on("pageerror", (e) => errors.push(`phone: ${e}`)) });
  await table.click('[data-test="phones-close"]');
  await phone.locator('[data-test="phone-map"] [data-test="ship-map"] svg').waitFor({ timeout: 30000 });
  // Drawn once the phone shows as many pieces as the table (the comparison below says which).
  const tableCount = Object.keys(await pieces(table)).length;
  await phone.waitForFunction((n) => document.querySelectorAll('[data-test="phone-map"] [data-test="ship-map"] [role="img"], [data-test="phone-map"] [data-test="ship-map"] [role="button"]').length >= n, tableCount, { timeout: 10000 }).catch(() => {});

  // The same map: every room, corridor, Door, entrance and piece the table draws, with the same
  // name; only the seat's own character adds "you". Nothing on the phone can be picked.
  const onTable = await pieces(table);
  const onPhone = await pieces(phone);
  assert.deepEqual(Object.keys(onPhone).sort(), Object.keys(onTable).sort(), "the phone draws exactly the table's pieces");
  // The seat's own character is "Ana: Scout, player 1, you" wherever it is named (its piece, its room).
  const head = onTable[`map-character-${mine.seat}`]?.name.split(", ").slice(0, 2).join(", ");
  for (const [what, { role, name }] of Object.entries(onPhone)) {
    assert.equal(role, "img", `${what} cannot be picked on a phone`);
    const expected = head ? onTable[what].name.replaceAll(head, `${head}, you`) : onTable[what].name;
    assert.equal(name, expected, `${what} has the table's name${head ? ", and the seat's own character is \"you\"" : ""}`);
  }
  if (head) assert.match(onPhone[`map-character-${mine.seat}`].name, /, you\b/, "the seat's own character is named \"you\"");
  assert.equal(await phone.locator('[data-test="phone-map"] [tabindex]').count(), 0, "no map piece takes the focus as a control");
  if (mine.life.kind === "awake" || mine.life.kind === "hibernating") {
    assert.equal(await phone.locator(`[data-test="map-character-${mine.seat}"] [data-test="map-mine"]`).count(), 1, "the seat's own character is ringed");
    const where = await phone.locator('[data-test="phone-where"]').textContent();
    const room = view.rooms.find((r) => r.at === mine.location);
    if (room?.tile) assert.ok(where.includes(room.tile.name), `the phone says where the character is by the room's name: ${where}`);
    assert.doesNotMatch(where, /(?<!unexplored )\broom \d+/i, "never by its number alone");
  }
  assert.equal(await phone.locator('[data-test="map-mine"]').count(), mine.life.kind === "awake" || mine.life.kind === "hibernating" ? 1 : 0, "no other character is marked as this seat's");
  if (process.env.PHONES_SHOTS) {
    await phone.evaluate(() => scrollTo(0, document.querySelector('[data-test="phone-map"]').getBoundingClientRect().top + scrollY - 56));
    await phone.screenshot({ path: `${process.env.PHONES_SHOTS}/phone-map.png` });
  }
  // A tap on a room picks nothing and changes nothing at the table.
  const log = await logTotal(table);
  await phone.locator(`[data-test="map-room-${mine.location}"] path.shape`).tap({ force: true }).catch(() => {});
  await phone.waitForTimeout(200);
  assert.equal(await logTotal(table), log, "tapping the phone's map does nothing at the table");

  // Fits the phone: no sideways scrolling of the page, the map's frame inside the screen, and
  // at the opening zoom the room names are at least 9 px tall (14 px and more for most).
  const page = await phone.evaluate(() => ({ w: document.documentElement.scrollWidth, vw: innerWidth }));
  assert.ok(page.w <= page.vw, `the page does not scroll sideways (${page.w} > ${page.vw})`);
  const frame = await phone.locator('[data-test="phone-map-viewport"]').boundingBox();
  assert.ok(frame.x >= 0 && frame.x + frame.width <= 360 && frame.height <= 740, `the map's frame fits the screen: ${JSON.stringify(frame)}`);
  const heights = await phone.$$eval('[data-test="phone-map"] text.name', (els) => els.map((e) => e.getBoundingClientRect().height).sort((a, b) => a - b));
  assert.ok(heights.length > 0, "room names are drawn");
  assert.ok(heights[0] >= 9, `the smallest room name is ${heights[0].toFixed(1)} px tall`);
  assert.ok(heights[Math.floor(heights.length / 2)] >= 12, `the median room name is ${heights[Math.floor(heights.length / 2)].toFixed(1)} px tall`);
  const mineBox = mine.life.kind === "awake" ? await phone.locator(`[data-test="map-character-${mine.seat}"]`).boundingBox() : null;
  if (mineBox) assert.ok(mineBox.x >= frame.x && mineBox.x + mineBox.width <= frame.x + frame.width && mineBox.y >= frame.y && mineBox.y + mineBox.height <= frame.y + frame.height, "the map opens on the seat's own character");
  // Zooming out shows the whole ship across the screen; zooming in again keeps it readable.
  while (await phone.locator('[data-test="phone-map-out"]').isEnabled()) await phone.click('[data-test="phone-map-out"]');
  const whole = await phone.locator('[data-test="phone-map"] [data-test="ship-map"] svg').boundingBox();
  assert.ok(whole.width <= frame.width, "at the smallest zoom the whole ship is across the screen");
  if (process.env.PHONES_SHOTS) await phone.screenshot({ path: `${process.env.PHONES_SHOTS}/phone-map-whole.png` });
  await phone.click('[data-test="phone-map-in"]');
  assert.deepEqual(await unnamedControls(phone), [], "every control on the phone has a screen-reader name");
  assert.deepEqual(errors, [], "no page raised an error");
  await context.close();
});
