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
import { clickBatch as batch } from "./click-batch.mjs";

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
    const times = [...r.times].sort((a, b) => a - b);
    await read(doneN + Math.min(every, commands - doneN), { elements: r.elements, nodes: r.nodes, stalled: r.stalled, click_ms: Math.round(times[Math.floor((times.length - 1) / 2)] ?? 0) });
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
