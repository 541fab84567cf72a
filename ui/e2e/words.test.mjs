// End-to-end: words the newcomer's play-through read wrong (issue 33), on the real table screen.
// A 3-player game is dealt from a fixed seed through the script door with its room tiles kept at
// the table: the first player walks into an unexplored room that the table turns over as the Nest
// with a Malfunction token, and the next player is put in an Engine. The host then serves it to a
// table screen at 1024x600 in English, French and Brazilian Portuguese.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ALL_COMPONENTS, browserSuite, scriptDoor, startServe } from "./harness.mjs";

const suite = browserSuite();
const { data, running } = suite;
const SEED = 3101;

/** Screenshots for a person to look at, only when WORDS_SHOTS names a folder. */
async function shot(page, name) {
  if (process.env.WORDS_SHOTS) await page.screenshot({ path: `${process.env.WORDS_SHOTS}/${name}.png` });
}

/** The game: the first player explores the Nest (a Malfunction token on it), the next player is
 *  placed in an Engine. Resolves with the printed numbers of both rooms. */
function arrange() {
  const door = scriptDoor(data, { seed: SEED });
  const handled = ALL_COMPONENTS.filter((c) => c !== "room_tiles" && c !== "exploration_tokens");
  const { id, reply: drafted } = door.draftedGame({ players: ["Ana", "Bruno", "Chidi"], mode: "standard", handled });
  let game = drafted.screen.game;
  const unexplored = new Set(game.view.rooms.filter((r) => !r.explored).map((r) => r.at));
  let nest = null;
  for (const { command: c } of game.offers) {
    if (c.type !== "move_character" || c.careful_noise !== null || !unexplored.has(c.to)) continue;
    const r = door.act(id, c, [{ kind: "room", tile: "nest", effect: "malfunction", items: 1 }]);
    if (r.reply === "screen") {
      game = r.screen.game;
      nest = c.to;
      break;
    }
  }
  assert.ok(nest !== null, "a neighbour took the Nest");
  const engine = game.view.rooms.find((r) => /^Engine #1$/.test(r.name ?? ""));
  const other = game.view.seats.find((s) => s.seat !== game.view.rounds.turn_of);
  const placed = door.act(id, { type: "place_character", seat: other.seat, at: engine.at });
  assert.equal(placed.reply, "screen", JSON.stringify(placed));
  const n = (at) => String(at).padStart(2, "0");
  return { nest: n(nest), engine: n(engine.at) };
}

/** The table screen at 1024x600 in `lang`, in the game: resolves with the page. */
async function table(url, lang) {
  const page = await suite.browser.newPage({ viewport: { width: 1024, height: 600 } });
  await page.addInitScript((l) => localStorage.setItem("nemesis-table-language", l), lang);
  await page.goto(url);
  // The first screen resumes the game; the host then holds it open, and the next screens open in it.
  await page.locator('[data-test="resume"], [data-test="round"]').first().waitFor();
  if (await page.locator('[data-test="resume"]').count()) await page.click('[data-test="resume"]');
  await page.locator('[data-test="round"]').waitFor();
  return page;
}

test("the log names an explored Nest by its number and an Engine without an article; a round is a player's, named without guessing a gender", { timeout: 120000 }, async () => {
  const { nest, engine } = arrange();
  const serve = await startServe(data, { seed: SEED });
  running.push(() => serve.stop());

  const en = await table(serve.url, "en");
  const log = await en.locator('[data-test="log"]').textContent();
  // The line tells what the face-down room turned out to be: "The Nest (18) is the Nest" said nothing.
  assert.match(log, new RegExp(`Unexplored room ${nest} is the Nest: its Exploration token shows a Malfunction`));
  assert.doesNotMatch(log, /The Nest \(\d+\) is the Nest/);
  // An Engine is a name, like the Cockpit's number: "moves to Engine 1 (20)", not "the Engine 1".
  assert.match(log, new RegExp(`moves to Engine 1 \\(${engine}\\)`));
  assert.doesNotMatch(log, /the Engine \d/);
  await shot(en, "en-1024x600");
  await en.close();

  // French: the character follows the name as its card (Ana — Mécanicien), never in brackets,
  // and the panel names the Player Phase as the rest of the screen does.
  const fr = await table(serve.url, "fr");
  const frTitle = await fr.locator('[data-test="round-title"]').textContent();
  assert.match(frTitle, /^Manche d(e |')\S+ — \S/, frTitle);
  assert.doesNotMatch(frTitle, /\(/);
  assert.doesNotMatch(await fr.locator("body").textContent(), /Phase Joueur/);
  await shot(fr, "fr-1024x600");
  await fr.close();

  // Brazilian Portuguese: a player's round is a "turno" (pt-BR manual p. 10), the game turn a "rodada".
  const pt = await table(serve.url, "pt-BR");
  const ptTitle = await pt.locator('[data-test="round-title"]').textContent();
  assert.match(ptTitle, /^Turno de \S+ — \S/, ptTitle);
  assert.doesNotMatch(await pt.locator("body").textContent(), /Rodada de (Ana|Bruno|Chidi)/);
  await shot(pt, "pt-BR-1024x600");
  await pt.close();
});
