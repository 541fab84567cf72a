// End-to-end: a phone switched to another language in the middle of its round speaks it at once,
// the round's later strings included. The phone loads each language's strings in two parts (the
// first paint's, and the later groups: the round, the log, the command names); the English later
// part arrives with the first round, and a live switch once fell back on it, leaving half the
// round in English until a reload. The real host in serve mode with a fixed seed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { ALL_COMPONENTS, browserSuite, choose, draftedGame, pairPhone, startServe, tableDoor, until } from "./harness.mjs";

const suite = browserSuite();
const { data, running } = suite;

const words = (code) => JSON.parse(readFileSync(new URL(`../src/locales/${code}.json`, import.meta.url), "utf8"));

test("a phone switched to Portuguese during its round shows the round in Portuguese without a reload", { timeout: 120000 }, async () => {
  const serve = await startServe(data, { seed: 1919 });
  running.push(() => serve.stop());
  const door = tableDoor(serve);
  const reply = await draftedGame(door.call, { players: ["Ana", "Bruno", "Chidi"], mode: "standard", handled: ALL_COMPONENTS });
  await door.call({ call: "phones", on: true, address: "127.0.0.1" });
  const seat = reply.screen.game.view.rounds.turn_of ?? reply.screen.game.view.turn_order[0];
  const { phone } = await pairPhone(door, seat, { browser: suite.browser });
  const problems = [];
  phone.on("pageerror", (e) => problems.push(String(e)));

  // The round in English first: its later strings are loaded in English.
  const en = words("en"), pt = words("pt-BR");
  const title = phone.locator('[data-test="phone-round"] h2');
  const pass = phone.locator('[data-test="phone-offer-pass"]');
  await until("the round in English", async () => (await title.count()) > 0 && (await title.textContent()).includes(en["phone.round.yours"]));
  assert.equal((await pass.textContent()).trim(), en["phone.round.pass"]);

  await choose(phone.locator('[data-test="phone-lang"]'), "pt-BR");
  await until("the round's title in Portuguese", async () => (await title.textContent()).includes(pt["phone.round.yours"]));
  await until("the round's Pass in Portuguese", async () => (await pass.textContent()).trim() === pt["phone.round.pass"]);
  const hand = (await phone.locator('[data-test="phone-round-hand"]').textContent()).trim();
  assert.ok(hand.includes(pt["phone.round.hand"].split(": ")[0].split("} ").pop()), `the hand line in Portuguese: ${hand}`);
  assert.ok(!hand.includes("in hand"), `no English left in the hand line: ${hand}`);
  assert.deepEqual(problems, []);
});
