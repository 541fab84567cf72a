// What the table page allocates per step (docs/benchmarks.md, memory over a game): the same
// commands as scripts/bench-app.mjs through the serve door in the system Chromium, under V8's
// sampling heap profiler keeping the samples of objects already collected, so it counts every
// allocation, garbage included, not only what stays. Prints the bytes allocated per command and
// the functions (and files) that allocated most. Garbage made per step is what the window's
// JavaScriptCore heap grows by between collections.
//   node ui/e2e/alloc-probe.mjs [commands]   (needs the release host and ui/dist)
// With NEMESIS_SOURCE_MAPS set to a build of the same sources with maps (`npx vite build
// --sourcemap --outDir DIR`: the same chunks), each function is named by its source file and line
// (read with @jridgewell/trace-mapping, which the UI's build tools already install; loaded only then).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startServe, launch, cleanup, savedGame } from "./harness.mjs";
import { clickSetHandSize } from "./handSizeClicks.mjs";

const { TraceMap, originalPositionFor } = process.env.NEMESIS_SOURCE_MAPS ? await import("@jridgewell/trace-mapping") : {};

const maps = new Map();
/** A profile's frame, in the sources when a map for its chunk is there. */
function frameName(f) {
  const file = f.url.split("/").pop();
  const dir = process.env.NEMESIS_SOURCE_MAPS;
  if (dir && file && !maps.has(file)) {
    const path = join(dir, "assets", `${file}.map`);
    maps.set(file, existsSync(path) ? new TraceMap(readFileSync(path, "utf8")) : null);
  }
  const map = maps.get(file);
  if (map && f.lineNumber >= 0) {
    const o = originalPositionFor(map, { line: f.lineNumber + 1, column: Math.max(0, f.columnNumber) });
    if (o.source) return `${o.name ?? f.functionName ?? "(anonymous)"} ${o.source.replace(/^(\.\.\/)+/, "")}:${o.line}`;
  }
  return `${f.functionName || "(anonymous)"} ${file}:${f.lineNumber + 1}`;
}

const COMMANDS = Number(process.argv[2] ?? 100);
const dir = savedGame();
const serve = await startServe(dir);
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(serve.url);
  await page.click('[data-test="resume"]');
  await page.click('[data-test="more"]');
  await page.waitForSelector('[data-test="group-characters"]');
  const batch = (n) => clickSetHandSize(page, n);
  // Warmed up first: the first steps compile code and fill the log's tail.
  await batch(20);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.enable");
  await cdp.send("HeapProfiler.startSampling", { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  await batch(COMMANDS);
  const { profile } = await cdp.send("HeapProfiler.stopSampling");
  const self = new Map();
  const total = new Map();
  let all = 0;
  // Each node's self size is what its function allocated itself; its callers' totals include it.
  const walk = (node, stack) => {
    const name = frameName(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + node.selfSize);
    all += node.selfSize;
    const here = stack.includes(name) ? stack : [...stack, name];
    for (const s of here) total.set(s, (total.get(s) ?? 0) + node.selfSize);
    for (const c of node.children) walk(c, here);
  };
  walk(profile.head, []);
  const kb = (b) => `${(b / 1024 / COMMANDS).toFixed(1)} KB`;
  console.log(`allocated per command: ${kb(all)} (sampled, every 4 KB)`);
  console.log("most allocated by the function itself, per command:");
  for (const [n, b] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${kb(b).padStart(10)}  ${n}`);
  const byFile = new Map();
  for (const [n, b] of self) { const file = n.split(" ").pop().replace(/:\d+$/, ""); byFile.set(file, (byFile.get(file) ?? 0) + b); }
  console.log("allocated by functions of each file, per command:");
  for (const [n, b] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${kb(b).padStart(10)}  ${n}`);
  console.log("most allocated by the function and what it calls, per command:");
  for (const [n, b] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${kb(b).padStart(10)}  ${n}`);
} finally {
  await browser.close();
  await serve.stop();
  cleanup(dir);
}
