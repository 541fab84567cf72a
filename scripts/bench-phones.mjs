// A phone's Action to the screens painted (issue 32, "Done when"), for docs/benchmarks.md: the real
// host in serve mode (release binary with ui/dist), a 5-player game with five phones paired and
// streaming (390×844 pages) and the table page (1280×800), all in the system Chromium through
// playwright-core. The phone whose round it is confirms its Pass on its own page; timed from that
// tap (in the phone's page) to the first animation frame whose DOM shows the step: on the table
// page (the outcome names the phone) and on the acting phone (its round is gone). The table's door
// then undoes the step, and the next sample starts from the same screen. Frames in headless
// Chromium come every 16.7 ms, so a figure is at most one frame late.
//   node scripts/bench-phones.mjs [out.json] [samples]   (NEMESIS_HOST_BIN, CHROMIUM as for the browser tests)
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { cleanup, draftedGame, freshDataDir, launch, pairPhone, startServe, tableDoor, until } from "../ui/e2e/harness.mjs";

const OUT = process.argv[2];
const SAMPLES = Number(process.argv[3] ?? 100);
const SEED = 3204;
const names = ["Ana", "Bruno", "Chidi", "Dana", "Eun"];
const HANDLED = ["room_tiles", "exploration_tokens", "coordinates", "escape_pods", "engines", "weaknesses", "intruder_bag", "event_deck", "attack_deck", "contamination_deck", "serious_wound_deck", "objectives", "character_draft", "help_cards"];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.round((xs.length - 1) * p)];

/** In `page`: the wall time (ms) of the first animation frame in which `test` holds. */
function frameWhen(page, test) {
  return page.evaluate(
    (body) =>
      new Promise((ok) => {
        const holds = new Function(body);
        const look = (ts) => (holds() ? ok(performance.timeOrigin + ts) : requestAnimationFrame(look));
        requestAnimationFrame(look);
      }),
    test,
  );
}

const data = freshDataDir();
const serve = await startServe(data, { seed: SEED });
const browser = await launch();
try {
  const door = tableDoor(serve);
  const { call, screen } = door;
  const act = (request) => call({ call: "act", request });
  await draftedGame(call, { players: names, mode: "standard", handled: HANDLED });

  const table = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await table.goto(serve.url);
  await table.locator('[data-test="round"]').waitFor();
  await call({ call: "phones", on: true, address: "127.0.0.1" });
  const phones = [];
  for (let seat = 0; seat < names.length; seat++) {
    const { phone: page } = await pairPhone(door, seat, { browser });
    phones.push(page);
  }

  const toTable = [];
  const toPhone = [];
  for (let i = 0; i < SAMPLES; i++) {
    const s = await screen();
    const p = phones[s.game.view.rounds.turn_of];
    await p.locator(`[data-test="phone-round"][data-revision="${s.game.revision}"]`).waitFor();
    await p.click('[data-test="phone-offer-pass"]');
    await p.locator('[data-test="phone-making"] [data-test="phone-send"]').waitFor();
    const painted = [
      frameWhen(table, `return !!document.querySelector('[data-test="outcome-lead"] [data-line="on_phone"]')`),
      frameWhen(p, `return !document.querySelector('[data-test="phone-round"]')`),
    ];
    const sent = await p.evaluate(() => {
      const at = performance.timeOrigin + performance.now();
      document.querySelector('[data-test="phone-making"] [data-test="phone-send"]').click();
      return at;
    });
    const [onTable, onPhone] = await Promise.all(painted);
    toTable.push(onTable - sent);
    toPhone.push(onPhone - sent);
    await act({ request: "undo" });
    await until("the undo on the table", async () => !(await table.locator('[data-test="outcome-lead"] [data-line="on_phone"]').count()));
  }
  const figure = (xs) => ({ n: xs.length, p50: pct(xs, 0.5), p95: pct(xs, 0.95), max: Math.max(...xs) });
  // The machine is shared: the load while it ran goes with the figures.
  if (OUT) writeFileSync(OUT, JSON.stringify({ phones: names.length, to_table: figure(toTable), to_phone: figure(toPhone), load: loadavg()[0], cores: cpus().length }, null, 1));
  const line = (what, xs) => `${what}: n=${xs.length}, p50 ${pct(xs, 0.5).toFixed(1)} ms, p95 ${pct(xs, 0.95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
  console.log(line("phone's Pass to the table painted", toTable));
  console.log(line("phone's Pass to the acting phone painted", toPhone));
} finally {
  await browser.close();
  await serve.stop();
  cleanup(data);
}
