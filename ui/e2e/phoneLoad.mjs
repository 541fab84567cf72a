// A phone's first load, on the wire (issue 21, item 8): the real host in serve mode, the table
// screen in Chromium pairing one phone per language (five seats, five languages), and each phone
// a fresh phone-sized context in that language, as a phone that never opened the page before.
// Chromium's own network log (the DevTools protocol) counts every byte each phone receives:
// headers and bodies as sent (gzipped where the host gzips), for every request, the stream
// included, from opening the pairing address to the seat screen with its ship map painted in
// its typeface. Used by the browser test (phone-load.test.mjs) and the benchmarks
// (`node ui/e2e/phoneLoad.mjs OUT.json`, run by scripts/bench).
import { writeFileSync } from "node:fs";
import { createGame, freshDataDir, cleanup, launch, pairPhone, phonesOn, phoneView, startServe } from "./harness.mjs";

export const LANGUAGES = ["en", "pt-BR", "es", "it", "fr"];
export const BUDGET = 100 * 1024;
const names = ["Ana", "Bruno", "Chidi", "Dana", "Eun"];

/** Counts what `page` receives: bytes per request as Chromium's network layer saw them. */
export async function wireCounter(page) {
  const cdp = await page.context().newCDPSession(page);
  const requests = new Map();
  const of = (id) => requests.get(id) ?? requests.set(id, { url: "", bytes: 0, type: "" }).get(id);
  cdp.on("Network.requestWillBeSent", (e) => Object.assign(of(e.requestId), { url: e.request.url, type: e.type ?? "" }));
  // Headers arrive with the response, each body chunk after it; `loadingFinished` gives the
  // total of a request that ended (the stream never ends while the phone is open).
  cdp.on("Network.responseReceived", (e) => {
    const r = of(e.requestId);
    r.bytes = Math.max(r.bytes, e.response.encodedDataLength ?? 0);
    r.encoding = e.response.headers["content-encoding"] ?? e.response.headers["Content-Encoding"] ?? "";
    r.fromCache = Boolean(e.response.fromDiskCache || e.response.fromServiceWorker);
  });
  cdp.on("Network.dataReceived", (e) => (of(e.requestId).bytes += e.encodedDataLength));
  cdp.on("Network.loadingFinished", (e) => (of(e.requestId).bytes = Math.max(of(e.requestId).bytes, e.encodedDataLength)));
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  return () => [...requests.values()].filter((r) => r.url.startsWith("http"));
}

/** Waits until the page has fetched nothing new for `quietMs` (the stream aside). */
export async function settle(count, quietMs = 800) {
  let last = -1;
  for (let i = 0; i < 100; i++) {
    const now = count().reduce((n, r) => n + r.bytes, 0) + count().length * 1e9;
    if (now === last) return;
    last = now;
    await new Promise((r) => setTimeout(r, quietMs));
  }
}

/** What a list of requests weighs, by kind: the page's own files, its typeface, the host's data. */
function summarize(requests) {
  const kind = (r) => {
    const path = new URL(r.url).pathname;
    if (path.startsWith("/api/")) return "data";
    if (path.endsWith(".woff2")) return "font";
    if (/_phone-strings-/.test(path)) return "strings";
    return "code";
  };
  const by = { code: 0, strings: 0, font: 0, data: 0 };
  for (const r of requests) by[kind(r)] += r.bytes;
  const total = Object.values(by).reduce((a, b) => a + b, 0);
  // A whole catalogue (en-….js, fr-….js) fetched means the phone's strings missed a key.
  const wholeCatalogues = requests.map((r) => new URL(r.url).pathname).filter((p) => /\/assets\/(en|pt-BR|es|it|fr)-[\w-]+\.js$/.test(p));
  return {
    total,
    ...by,
    wholeCatalogues,
    files: requests.map((r) => ({ path: new URL(r.url).pathname, bytes: r.bytes, encoding: r.encoding ?? "" })),
  };
}

/** Pairs one phone per language with a new 5-player game and measures each first load: the join
 * page alone, then through to the seat screen. Returns one result per language. */
export async function measureFirstLoads(browser, serveUrl, { shots } = {}) {
  const table = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await table.goto(serveUrl);
  await createGame(table, names);
  await table.click('[data-test="to-table"]');
  await phonesOn(table);
  const results = [];
  for (const [seat, lang] of LANGUAGES.entries()) {
    const errors = [];
    let count, join, htmlLang, joinTitle;
    const { phone, context } = await pairPhone(table, seat, {
      browser,
      context: { ...phoneView, locale: lang },
      opening: async (phone) => {
        phone.on("pageerror", (e) => errors.push(String(e)));
        count = await wireCounter(phone);
      },
      joining: async (phone) => {
        await phone.evaluate(() => document.fonts.ready);
        await settle(count);
        join = summarize(count());
        htmlLang = await phone.evaluate(() => document.documentElement.lang);
        joinTitle = (await phone.locator("h1").textContent()).trim();
        if (shots) await phone.screenshot({ path: `${shots}/phone-join-${lang}.png` });
      },
    });
    await phone.locator('[data-test="phone-map"]').waitFor();
    await phone.evaluate(() => document.fonts.ready);
    await settle(count);
    const seatScreen = summarize(count());
    const fonts = await phone.evaluate(() => [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family));
    const seatText = await phone.evaluate(() => document.body.innerText);
    if (shots) await phone.screenshot({ path: `${shots}/phone-seat-${lang}.png` });
    results.push({ lang, htmlLang, joinTitle, join, seat: seatScreen, fonts, errors, seatText });
    await context.close();
  }
  await table.close();
  return results;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** One line per language, for people. */
export function describe(results) {
  return results
    .map((r) => `${r.lang.padEnd(6)} join ${kb(r.join.total)}; to the seat screen ${kb(r.seat.total)} (code ${kb(r.seat.code)}, strings ${kb(r.seat.strings)}, typeface ${kb(r.seat.font)}, the host's data ${kb(r.seat.data)})`)
    .join("\n");
}

// The benchmark: `node ui/e2e/phoneLoad.mjs [OUT.json] [SHOTS_DIR]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const data = freshDataDir();
  const serve = await startServe(data);
  const browser = await launch();
  try {
    const results = await measureFirstLoads(browser, serve.url, { shots: process.argv[3] });
    console.log(describe(results));
    const chromium = browser.version();
    const kept = results.map(({ seatText, ...r }) => r);
    if (process.argv[2]) writeFileSync(process.argv[2], JSON.stringify({ budget: BUDGET, chromium, results: kept }, null, 2));
  } finally {
    await browser.close();
    await serve.stop();
    cleanup(data);
  }
}
