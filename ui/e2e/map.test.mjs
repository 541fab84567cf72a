// The ship map (issue 18): drawn for the content's board, it must show every room space,
// corridor (with the numbers printed at both its ends), Door and Technical Corridors entrance of
// the board graph, and every public piece of a random game's view, each where it stands and each
// with a name a screen reader can say, in all five languages. The seed is printed so a failure
// can be repeated (MAP_SEED=… npm run e2e).
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserSuite, cleanup, openMore, startServe } from "./harness.mjs";
import { content, mappedGame, openTable } from "./mapGame.mjs";

const suite = browserSuite();

const LANGUAGES = ["en", "pt-BR", "es", "it", "fr"];
const pad = (n) => String(n).padStart(2, "0");

/** The board graph from the content: corridors keyed "a-b" (a < b) with each end's numbers. */
function graph() {
  const corridors = new Map();
  const entrances = new Map();
  for (const loc of content.locations) {
    loc.exits.forEach((to, i) => {
      if (to === "technical") return entrances.set(loc.number, [...(entrances.get(loc.number) ?? []), i + 1]);
      const [a, b] = [Math.min(loc.number, to), Math.max(loc.number, to)];
      const c = corridors.get(`${a}-${b}`) ?? { a, b, ends: {} };
      c.ends[loc.number] = [...(c.ends[loc.number] ?? []), i + 1];
      corridors.set(`${a}-${b}`, c);
    });
  }
  return { corridors, entrances };
}

/** Whether the centre of `piece` lies inside the bounding box of `room`'s outline. */
async function inside(page, piece, room) {
  const p = await page.locator(`[data-test="${piece}"]`).boundingBox();
  const r = await page.locator(`[data-test="${room}"] path.shape`).boundingBox();
  const [x, y] = [p.x + p.width / 2, p.y + p.height / 2];
  return x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height;
}

test("the ship map draws the board graph and every public piece of a random game", { timeout: 240000 }, async () => {
  // A fixed game unless MAP_SEED picks another (a test that draws a new game each run fails
  // for nobody's change).
  const seed = Number(process.env.MAP_SEED ?? 3400);
  console.log(`ship map seed: ${seed}`);
  const { dir, view } = mappedGame(seed);
  const serve = await startServe(dir);
  suite.running.push(() => serve.stop(), () => cleanup(dir));
  const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(serve.url);
  await openTable(page);
  const count = (t) => page.locator(`[data-test="${t}"]`).count();
  const label = (t) => page.locator(`[data-test="${t}"]`).getAttribute("aria-label");

  // The board: 21 room spaces, 28 corridors with a Door slot and both ends' numbers, 8 entrances.
  const { corridors, entrances } = graph();
  assert.equal(corridors.size, 28, "the base board has 28 room-to-room corridors");
  for (const loc of content.locations) assert.equal(await count(`map-room-${loc.number}`), 1, `room space ${loc.number} is drawn`);
  for (const c of corridors.values()) {
    const state = view.corridors.find((v) => Math.min(...v.ends) === c.a && Math.max(...v.ends) === c.b);
    assert.ok(state, `the view has corridor ${c.a}-${c.b}`);
    assert.equal(await page.locator(`[data-test="map-door-${c.a}-${c.b}"]`).getAttribute("data-state"), state.door, `corridor ${c.a}-${c.b}'s Door is drawn ${state.door}`);
    for (const [from, to] of [[c.a, c.b], [c.b, c.a]]) {
      const text = (await page.locator(`[data-test="map-exit-${from}-${to}"]`).textContent()).trim();
      assert.equal(text, c.ends[from].join(" "), `room ${from} prints ${c.ends[from]} at its exit to ${to}`);
    }
    assert.equal(await count(`map-noise-${c.a}-${c.b}`), state.noise ? 1 : 0, `Noise in corridor ${c.a}-${c.b}: ${state.noise}`);
  }
  assert.equal(entrances.size, 8, "the base board has 8 Technical Corridors entrances");
  for (const [at, numbers] of entrances) {
    assert.equal(await count(`map-entrance-${at}`), 1, `room ${at}'s Technical Corridors entrance is drawn`);
    assert.match(await label(`map-entrance-${at}`), new RegExp(numbers.join(", ")), `with its numbers ${numbers}`);
  }
  assert.equal(await count("map-noise-technical"), view.technical_noise ? 1 : 0, "Noise in the Technical Corridors");

  // Rooms: explored by name, face down as "unexplored room 07", and their markers.
  for (const r of view.rooms) {
    const name = await label(`map-room-${r.at}`);
    if (r.tile) assert.ok(name.startsWith(`${r.tile.name} (${pad(r.at)})`), `room ${r.at} is named the ${r.tile.name}: ${name}`);
    else if (!r.name) assert.ok(name.startsWith(`unexplored room ${pad(r.at)}`), `room ${r.at} is face down: ${name}`);
    assert.equal(await count(`map-fire-${r.at}`), r.fire ? 1 : 0, `Fire in room ${r.at}: ${r.fire}`);
    assert.equal(await count(`map-malfunction-${r.at}`), r.malfunction ? 1 : 0, `Malfunction in room ${r.at}: ${r.malfunction}`);
    assert.equal(await count(r.malfunction ? `map-computer-off-${r.at}` : `map-computer-${r.at}`), r.computer ? 1 : 0, `room ${r.at}'s computer`);
    assert.equal(await count(`map-eggs-${r.at}`), r.eggs > 0 ? 1 : 0, `Eggs in room ${r.at}: ${r.eggs}`);
    // Intruder Carcasses (p. 20): one marker with the room's count and a name.
    assert.equal(await count(`map-carcasses-${r.at}`), r.carcasses > 0 ? 1 : 0, `Carcasses in room ${r.at}: ${r.carcasses}`);
    if (r.carcasses > 0) {
      assert.equal(await page.locator(`[data-test="map-carcasses-${r.at}"]`).getAttribute("data-count"), String(r.carcasses));
      assert.equal(await label(`map-carcasses-${r.at}`), `Intruder Carcasses: ${r.carcasses}`);
    }
    // Character Corpses (pp. 8, 21): each token is drawn once, as a dead character's struck
    // piece while it lies where they fell, else in the room's Corpse marker with its count.
    const named = (await Promise.all(view.seats.filter((s) => s.life.kind === "dead" && s.location === r.at).map((s) => count(`map-corpse-${s.seat}`)))).reduce((a, b) => a + b, 0);
    const loose = Number((await count(`map-corpses-${r.at}`)) ? await page.locator(`[data-test="map-corpses-${r.at}"]`).getAttribute("data-count") : 0);
    assert.equal(named + loose, r.corpses, `room ${r.at} shows its ${r.corpses} Corpses (${named} named, ${loose} more)`);
    if (loose) assert.equal(await label(`map-corpses-${r.at}`), `Character Corpses: ${loose}`);
  }
  assert.ok(view.rooms.some((r) => r.carcasses > 0), "the game has a Carcass on the board to draw");
  assert.ok(view.rooms.some((r) => r.corpses > 0), "and a Corpse");

  // Pieces: every character (or its corpse) and Intruder in its room, every pod and who is aboard.
  assert.equal(await page.locator('[data-test^="map-intruder-"]').count(), view.intruders.length, "one piece per Intruder, no more");
  for (const i of view.intruders) {
    assert.ok(await inside(page, `map-intruder-${i.id}`, `map-room-${i.at}`), `Intruder #${i.id} is drawn in room ${i.at}`);
    assert.match(await label(`map-intruder-${i.id}`), new RegExp(`#${i.id}, Injuries: ${i.injuries}`));
  }
  for (const s of view.seats) {
    const kind = s.life.kind;
    if (kind === "awake" || kind === "hibernating") {
      assert.ok(await inside(page, `map-character-${s.seat}`, `map-room-${s.location}`), `${s.name} is drawn in room ${s.location}`);
      assert.match(await label(`map-character-${s.seat}`), new RegExp(`^${s.name}: ${s.character.name}`));
      if (s.slime) assert.match(await label(`map-character-${s.seat}`), /Slime/);
    } else if (kind === "dead" && (await count(`map-corpse-${s.seat}`))) {
      assert.ok(await inside(page, `map-corpse-${s.seat}`, `map-room-${s.location}`), `${s.name}'s corpse lies in room ${s.location}`);
    } else if (kind === "in_pod") {
      assert.equal(await count(`map-pod-occupant-${s.seat}`), 1, `${s.name} is drawn in pod ${s.life.pod}`);
    }
  }
  for (const p of view.pods) assert.match(await label(`map-pod-${p.number}`), new RegExp(`Escape Pod ${p.number}, section ${p.section.toUpperCase()}: ${p.locked ? "locked" : "unlocked"}`));

  // Rooms by name everywhere a player reads (issue 18): the table screen of this played game
  // (log, crew, step card, forms) never calls a room "room 7"; only face-down ones say
  // "unexplored room 07".
  await openMore(page);
  await page.click('[data-test="cmd-move_character"]').catch(() => {});
  const text = await page.evaluate(() => document.body.innerText + [...document.querySelectorAll('[role="option"]')].map((o) => o.textContent).join("\n"));
  // The app's number-only form is "room 7" (room.inline_number, never capitalized); a capital
  // "Room 2" is a name ending in "Room" beside a number in the page's text (it once failed a busy
  // CI run that way, and not again with the same seed). The failure quotes what stood around it.
  const numbered = [...text.matchAll(/(?<![Uu]nexplored )\broom \d+/g)];
  const around = numbered.map((m) => text.slice(Math.max(0, m.index - 60), m.index + 12));
  assert.deepEqual(numbered.map((m) => m[0]), [], `no room is named by its number alone on the table screen: ${JSON.stringify(around)}`);
  const explored = view.rooms.filter((r) => r.tile);
  assert.ok(explored.some((r) => text.includes(`${r.tile.name} (${pad(r.at)})`)), "explored rooms are named with their printed number as a tag");

  // The centrepiece beside the guide on every table screen from 1024×600 to 1920×1080: the whole
  // map in view without scrolling, the step card beside it.
  for (const [width, height] of [[1024, 600], [1280, 800], [1366, 768], [1920, 1080]]) {
    await page.setViewportSize({ width, height });
    // The layout of the new size is done once the page has drawn two frames at it.
    await page.waitForFunction((w) => innerWidth === w, width);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const map = await page.locator('[data-test="ship-map"] svg').boundingBox();
    const now = await page.locator('[data-test="now"]').boundingBox();
    assert.ok(map.x >= 0 && map.y >= 0 && map.x + map.width <= width && map.y + map.height <= height, `${width}×${height}: the whole map is in view (${JSON.stringify(map)})`);
    assert.ok(map.width >= width * 0.5, `${width}×${height}: the map takes at least half the width (${map.width})`);
    // Beside, not under: it starts right of the map and above the map's foot (a long outcome,
    // shown whole from 1280×800 up, may put it lower than half the screen).
    assert.ok(now.x >= map.x + map.width - 1 && now.y < map.y + map.height, `${width}×${height}: the step card is beside the map (${JSON.stringify(now)})`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // A name for every piece, in every language, and no key or placeholder showing through.
  for (const lang of LANGUAGES) {
    const p = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await p.addInitScript((l) => localStorage.setItem("nemesis-table-language", l), lang);
    await p.goto(serve.url);
    await openTable(p);
    const names = await p.$$eval('[data-test="ship-map"] [role="img"], [data-test="ship-map"] [role="button"]', (els) => els.map((e) => [e.getAttribute("data-test"), e.getAttribute("aria-label") ?? ""]));
    assert.ok(names.length > 21 + 28 + 8, `${lang}: the rooms, Doors and entrances are named`);
    for (const [what, name] of names) assert.ok(name.trim() && !/\{|\bmap\.|\broom\.|undefined/.test(name), `${lang}: ${what} has a name: "${name}"`);
    await p.close();
  }
  assert.deepEqual(errors, [], "the page raised no errors");
});
