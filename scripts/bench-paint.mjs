// The table page in a browser (issue 35, item 5): the real host in serve mode with a 4-player game
// open, its table page loaded in the system Chromium over loopback, a fresh context each time
// (nothing cached), 1280×800. Per load: the first contentful paint, the table drawn (the page's
// own `nemesis:shown` mark, its first frame with the table), the load event, and every byte on
// the wire until the page has settled (Chromium's network log: headers and bodies as sent,
// gzipped where the host gzips), by kind. With several host binaries (NEMESIS_HOST_BINS, spaces
// between), the loads take turns, so a slow spell of this noisy machine falls on each alike.
//   node scripts/bench-paint.mjs [out.json] [loads]
import { writeFileSync } from "node:fs";
import { cleanup, draftedGame, freshDataDir, hostBinary, launch, startServe, tableDoor } from "../ui/e2e/harness.mjs";
import { settle, wireCounter } from "../ui/e2e/phoneLoad.mjs";

const OUT = process.argv[2];
const LOADS = Number(process.argv[3] ?? 15);
const BINS = (process.env.NEMESIS_HOST_BINS ?? hostBinary).split(" ").filter(Boolean);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const HANDLED = ["room_tiles", "exploration_tokens", "coordinates", "escape_pods", "engines", "weaknesses", "intruder_bag", "event_deck", "attack_deck", "contamination_deck", "serious_wound_deck", "objectives", "character_draft", "help_cards"];

const kind = (url) => {
  const path = new URL(url).pathname;
  if (path.startsWith("/api/")) return "data";
  if (path.endsWith(".woff2")) return "font";
  return "code";
};

const browser = await launch();
const hosts = [];
try {
  for (const binary of BINS) {
    const dir = freshDataDir();
    const serve = await startServe(dir, { seed: 7, binary });
    await draftedGame(tableDoor(serve).call, { players: ["Ana", "Bruno", "Chidi", "Dana"], mode: "standard", handled: HANDLED });
    hosts.push({ binary, dir, serve, loads: [] });
  }
  // One load of each page that stays a few seconds: a page that keeps its drawing of the table
  // (nemesis_host::first_frame) has kept it before the timed loads, as a reload would find it.
  for (const host of hosts) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(host.serve.url);
    await page.waitForFunction(() => performance.getEntriesByName("nemesis:shown").length > 0, null, { timeout: 20000 });
    await new Promise((r) => setTimeout(r, 3000));
    await context.close();
  }
  for (let i = 0; i < LOADS; i++) {
    for (const host of hosts) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const count = await wireCounter(page);
      await page.goto(host.serve.url);
      await page.waitForFunction(() => performance.getEntriesByName("nemesis:shown").length > 0, null, { timeout: 20000 });
      // Settled: nothing new fetched for a while (the screen stream stays open and is counted as far as it got).
      await settle(count, 600);
      const t = await page.evaluate(() => ({
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
        shown: performance.getEntriesByName("nemesis:shown")[0]?.startTime ?? NaN,
        load: performance.getEntriesByType("navigation")[0]?.loadEventEnd ?? NaN,
        frame: performance.getEntriesByName("nemesis:first-frame").length,
      }));
      const bytes = { code: 0, font: 0, data: 0 };
      for (const r of count()) bytes[kind(r.url)] += r.bytes;
      host.loads.push({ ...t, ...bytes, total: bytes.code + bytes.font + bytes.data });
      await context.close();
    }
  }
} finally {
  await browser.close();
  for (const h of hosts) {
    await h.serve.stop();
    cleanup(h.dir);
  }
}
const result = hosts.map(({ binary, loads }) => {
  const of = (k) => median(loads.map((l) => l[k]));
  return { binary, n: loads.length, frames: loads.filter((l) => l.frame).length, fcp_ms: of("fcp"), shown_ms: of("shown"), load_ms: of("load"), fcp_range: [Math.min(...loads.map((l) => l.fcp)), Math.max(...loads.map((l) => l.fcp))], bytes: { code: of("code"), font: of("font"), data: of("data"), total: of("total") } };
});
if (OUT) writeFileSync(OUT, JSON.stringify(result, null, 2));
console.log(JSON.stringify(result, null, 2));
