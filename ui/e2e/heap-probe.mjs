// Where the table screen's memory goes as a game grows (docs/benchmarks.md): the same 500
// commands as scripts/bench-app.mjs, through the serve door in the system Chromium, with the
// JavaScript heap (after a forced collection) and the page's element count read every 100
// commands. A flat heap here means growth in the window's web process is WebKit's own, not the
// page's. Run: node ui/e2e/heap-probe.mjs (needs the release host).
import { startServe, launch, cleanup, savedGame } from "./harness.mjs";
import { clickSetHandSize } from "./handSizeClicks.mjs";
const dir = savedGame();
const serve = await startServe(dir);
const browser = await launch();
const page = await browser.newPage();
await page.goto(serve.url);
await page.click('[data-test="resume"]');
await page.click('[data-test="more"]');
await page.waitForSelector('[data-test="group-characters"]');
const cdp = await page.context().newCDPSession(page);
async function measure(label) {
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.collectGarbage");
  const h = await cdp.send("Runtime.getHeapUsage");
  const nodes = await page.evaluate(() => document.getElementsByTagName("*").length);
  console.log(`${label}: JS heap ${(h.usedSize / 1e6).toFixed(2)} MB used of ${(h.totalSize / 1e6).toFixed(2)} MB, ${nodes} elements`);
}
await measure("open");
const batch = (n) => clickSetHandSize(page, n);
for (let k = 1; k <= 5; k++) { await batch(100); await measure(`after ${k * 100}`); }
await browser.close();
await serve.stop();
cleanup(dir);
