// The table's sound (issue 20) in a real browser against the real host: off by default, the
// switch remembered, the engine's cues played once for a new step (the computer's words spoken in
// the table's language), nothing for a step already on screen, and a private step silent.
// Speech and audio are watched, not heard: the page's speechSynthesis.speak and the oscillators
// it starts are counted by an init script.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserSuite, createGame, startServe } from "./harness.mjs";

const suite = browserSuite();

/** Counts what the page says and how many oscillators it starts. */
function listen() {
  window.__said = [];
  window.__tones = 0;
  if ("speechSynthesis" in window) {
    window.speechSynthesis.speak = (u) => window.__said.push({ text: u.text, lang: u.lang });
  }
  const Real = window.AudioContext;
  if (Real) {
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...a) {
      window.__tones++;
      return start.apply(this, a);
    };
  }
}

async function call(page, url, body) {
  const key = new URL(url).searchParams.get("key");
  return page.evaluate(
    async ([key, body]) => {
      const r = await fetch("/api/call", { method: "POST", headers: { "content-type": "application/json", "x-table-key": key }, body: JSON.stringify(body) });
      return r.json();
    },
    [key, body],
  );
}

async function act(page, url, command) {
  const reply = await call(page, url, { call: "act", request: { request: "do", command, entered: [] } });
  assert.equal(reply.reply, "screen", `the host accepted ${JSON.stringify(command)}: ${JSON.stringify(reply)}`);
  return reply.screen;
}

/** The draft through the host, in player-number order: each draws two and keeps the first. */
async function draft(page, url) {
  for (let i = 0; i < 5; i++) {
    const screen = (await call(page, url, { call: "screen" })).screen;
    const next = screen.game.view.seats.filter((s) => !s.character).sort((a, b) => a.number - b.number)[0];
    if (!next) return;
    const drawn = await act(page, url, { type: "draft_draw", seat: next.seat });
    const offer = drawn.game.view.seats.find((s) => s.seat === next.seat).draft_offer;
    await act(page, url, { type: "draft_keep", seat: next.seat, character: offer[0].key });
  }
}

test("sound is off by default, remembered when on, and plays the engine's cues once", { timeout: 90000 }, async () => {
  const host = await startServe(suite.data);
  suite.running.push(host.stop);
  const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(listen);
  await page.goto(host.url);
  await createGame(page, ["Ana", "Bruno", "Chloé"]);
  await page.click('[data-test="to-table"]');
  await draft(page, host.url);
  await page.click('[data-test="sound-open"]');
  assert.equal(await page.locator('[data-test="sound-switch"]').isChecked(), false, "sound is off until someone switches it on");
  // The first death while off: nothing is said, no tone starts.
  await act(page, host.url, { type: "kill_character", seat: 2 });
  await page.waitForTimeout(500);
  assert.deepEqual(await page.evaluate(() => [window.__said, window.__tones]), [[], 0], "off means silent");

  await page.check('[data-test="sound-switch"]');
  await page.reload();
  await page.click('[data-test="sound-open"]');
  assert.equal(await page.locator('[data-test="sound-switch"]').isChecked(), true, "the switch is remembered");
  await page.waitForTimeout(500);
  assert.deepEqual(await page.evaluate(() => window.__said), [], "the step already on screen is not replayed after a reload");
  const hum = await page.evaluate(() => window.__tones);

  // A later death tolls without words; the last one aboard is announced (p. 11).
  await act(page, host.url, { type: "kill_character", seat: 1 });
  await page.waitForFunction((n) => window.__tones > n, hum);
  assert.deepEqual(await page.evaluate(() => window.__said), [], "a death that is not the first has no words");
  await act(page, host.url, { type: "kill_character", seat: 0 });
  if (await page.evaluate(() => "speechSynthesis" in window)) {
    const said = await page.waitForFunction(() => (window.__said.length ? window.__said : null), null, { timeout: 8000 });
    assert.deepEqual(await said.jsonValue(), [{ text: "No crew left aboard.", lang: "en" }], "the computer announces it in the table's language");
  }
  await page.close();
});
