// Where the window's web process grows over a game (issue 35, item 2): the release app under
// Xvfb, driven by tauri-driver through the same commands as bench-app.mjs (Set hand size, one
// click at a time, each waiting for its log line), with the web process's memory read every
// few commands: PSS by kind of mapping, and the page's element count. A variant changes one
// thing in the page before the commands (a style that takes a part out of the rendering), so a
// run per variant says which part the growth follows; `--env K=V` changes the app's environment.
//   node scripts/mem-probe.mjs [--variant NAME] [--commands 500] [--every 100] [--env K=V]...
//   variants: none, no-log, no-map, no-motion, no-effects, no-render
// Needs the release app (or NEMESIS_APP_BIN), Xvfb and tauri-driver (ui/e2e/driver.mjs starts
// both). With `--env JSC_logGC=1` it also prints JavaScriptCore's own log of its collections.
import { join, resolve } from "node:path";
import { savedGame, cleanup } from "../ui/e2e/harness.mjs";
import { startDriver, wd } from "../ui/e2e/driver.mjs";
import { anonByRegion, byMapping, pidNamed, pss, tree, webProcess } from "./proc-memory.mjs";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const app = process.env.NEMESIS_APP_BIN ?? join(root, "target/release/nemesis-table");
const variant = opt("--variant", "none");
const commands = Number(opt("--commands", 500));
const every = Number(opt("--every", 100));
const env = Object.fromEntries(args.flatMap((a, i) => (args[i - 1] === "--env" ? [a.split(/=(.*)/s).slice(0, 2)] : [])));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Each variant's style: a part of the table taken out of layout and paint (its DOM and the
 *  page's code still run), or an effect turned off everywhere. */
const VARIANTS = {
  none: "",
  "no-log": '[data-test="log"] ol { display: none !important; }',
  "no-map": ".mapbox { display: none !important; }",
  "no-motion": "*, *::before, *::after { animation: none !important; transition: none !important; }",
  "no-effects": "*, *::before, *::after { box-shadow: none !important; text-shadow: none !important; filter: none !important; backdrop-filter: none !important; background-image: none !important; }",
  "no-render": "#app { display: none !important; }",
};
if (!(variant in VARIANTS)) throw new Error(`no variant ${variant}: ${Object.keys(VARIANTS).join(", ")}`);

// The same clicks as bench-app.mjs's, run in the page; `.click()` acts on a button whether it
// is rendered or not, so every variant plays the same game.
const batch = (n) => `
  const done = arguments[arguments.length - 1];
  // Polls f until it gives something, at most 10 s (then null: a click that got no line).
  const wait = (f) => new Promise((r) => { const end = Date.now() + 10000; const tick = () => { const v = f(); if (v || Date.now() > end) r(v || null); else setTimeout(tick, 20); }; tick(); });
  (async () => {
    await wait(() => document.querySelector('[data-test="group-characters"]') || document.querySelector('[data-test="more"]'));
    if (!document.querySelector('[data-test="group-characters"]')) document.querySelector('[data-test="more"]').click();
    await wait(() => document.querySelector('[data-test="group-characters"]'));
    if (!document.querySelector('[data-test="cmd-set_hand_size"]')) document.querySelector('[data-test="group-characters"]').click();
    let stalled = 0;
    const times = [];
    for (let i = 0; i < ${n}; i++) {
      await wait(() => {
        const b = document.querySelector('[data-test="do-set_hand_size"]');
        if (!b) document.querySelector('[data-test="cmd-set_hand_size"]')?.click();
        return b && !b.disabled ? b : null;
      });
      const log = document.querySelector('[data-test="log"] ol');
      const newest = () => log.lastElementChild?.querySelector(".seq")?.textContent;
      const before = newest();
      const t0 = performance.now();
      document.querySelector('[data-test="do-set_hand_size"]').click();
      // As bench-app.mjs times a click: to the next frame after the log's newest line changed.
      const ok = await new Promise((r) => {
        const timer = setTimeout(() => { obs.disconnect(); r(false); }, 10000);
        const obs = new MutationObserver(() => { if (newest() !== before) { clearTimeout(timer); obs.disconnect(); r(true); } });
        obs.observe(log, { childList: true, subtree: true, characterData: true });
      });
      await new Promise((r) => requestAnimationFrame(() => r()));
      if (ok) times.push(performance.now() - t0); else stalled++;
    }
    // Elements, and every node (text and comments too: Svelte's anchors are comments).
    let nodes = 0;
    for (const it = document.createNodeIterator(document, NodeFilter.SHOW_ALL); it.nextNode(); ) nodes++;
    times.sort((a, b) => a - b);
    done({ stalled, click_ms: Math.round(times[Math.floor((times.length - 1) / 2)] ?? 0), elements: document.getElementsByTagName("*").length, nodes });
  })();`;

const dir = savedGame();
const driver = await startDriver({ display: ":95", env: { NEMESIS_TABLE_DATA: dir, NEMESIS_TEST_SEED: "7", ...env } });
const rows = [];
const t0 = Date.now();
try {
  const { sessionId } = await wd("POST", "/session", { capabilities: { alwaysMatch: { "tauri:options": { application: app, args: ["--resume"] } } } });
  await wd("POST", `/session/${sessionId}/timeouts`, { script: 900000 });
  const exec = (script) => wd("POST", `/session/${sessionId}/execute/async`, { script, args: [] }, 900000);
  if (VARIANTS[variant]) {
    await exec(`const done = arguments[arguments.length - 1]; const s = document.createElement("style"); s.textContent = ${JSON.stringify(VARIANTS[variant])}; document.head.append(s); done(true);`);
  }
  const read = async (at, extra) => {
    await sleep(3000);
    const appPid = pidNamed("nemesis-table");
    const pids = appPid ? tree(appPid) : [];
    const web = webProcess(pids);
    const m = web ? byMapping(web) : {};
    const row = { at, s: Math.round((Date.now() - t0) / 1000), total_mb: +(pids.reduce((a, p) => a + pss(p), 0) / 1024).toFixed(1), web_mb: web ? +(pss(web) / 1024).toFixed(1) : 0, anon_mb: +((m.anon ?? 0) / 1024).toFixed(1), heap_mb: +((m.heap ?? 0) / 1024).toFixed(1), exec_mb: +((m["anon-exec"] ?? 0) / 1024).toFixed(1), regions_mb: Object.fromEntries(Object.entries(web ? anonByRegion(web) : {}).map(([k, v]) => [k, +(v / 1024).toFixed(1)])), ...extra };
    rows.push(row);
    console.log(JSON.stringify(row));
  };
  await exec(batch(0)).then((r) => read(0, { elements: r.elements, nodes: r.nodes }));
  for (let doneN = 0; doneN < commands; doneN += every) {
    const r = await exec(batch(Math.min(every, commands - doneN)));
    await read(doneN + Math.min(every, commands - doneN), { elements: r.elements, nodes: r.nodes, stalled: r.stalled, click_ms: r.click_ms });
  }
  await sleep(10000);
  await read("idle +13 s", {});
  await wd("DELETE", `/session/${sessionId}`, undefined, 20000).catch(() => {});
  // With JSC_logGC=1 (--env), JavaScriptCore's own account of its heap: its size when each
  // collection started, and what it kept.
  const said = driver.log();
  const before = [...said.matchAll(/START ([A-Z]+) (\d+)kb/g)].map((m) => `${m[1]}${Math.round(m[2] / 1024)}`);
  const kept = [...said.matchAll(/=> (\d+)kb, p=/g)].map((m) => Math.round(m[1] / 1024));
  if (before.length) console.log(`JSC: ${before.length} collections; MB at their start: ${before.join(" ")}; kept: ${kept.join(" ")}`);
} finally {
  driver.stop();
  await sleep(1000);
  cleanup(dir);
}
const first = rows[0];
const last = rows[rows.length - 2];
console.log(`variant ${variant}${Object.keys(env).length ? " " + JSON.stringify(env) : ""}: total ${first.total_mb} -> ${last.total_mb} MB (${(last.total_mb / first.total_mb).toFixed(2)}x), web ${first.web_mb} -> ${last.web_mb}, anon ${first.anon_mb} -> ${last.anon_mb}; click median ${rows.filter((r) => r.click_ms).map((r) => r.click_ms).join(", ")} ms`);
