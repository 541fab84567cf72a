// A phone's first load stays light (issue 21, item 8): in each of the five languages, opening
// the pairing address, joining and reaching the seat screen with its ship map costs at most
// 100 KB on the wire, counted by Chromium against the real phone server (phoneLoad.mjs). The
// phone fetches its own language's strings only, never a whole catalogue, and shows them: the
// page is in its language, no key shows raw, and the theme's typeface is in use.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { browserSuite, root, startServe } from "./harness.mjs";
import { BUDGET, LANGUAGES, describe, measureFirstLoads } from "./phoneLoad.mjs";

const suite = browserSuite();
const catalogue = (code) => JSON.parse(readFileSync(join(root, "ui/src/locales", `${code}.json`), "utf8"));

test("a phone's first load is at most 100 KB on the wire in every language, its own strings only", { timeout: 120000 }, async () => {
  const serve = await startServe(suite.data);
  suite.running.push(() => serve.stop());
  const results = await measureFirstLoads(suite.browser, serve.url);
  console.log(describe(results));
  assert.deepEqual(results.map((r) => r.lang), LANGUAGES);
  for (const r of results) {
    assert.deepEqual(r.errors, [], `${r.lang}: no page error`);
    assert.equal(r.htmlLang, r.lang, `${r.lang}: the page is in the phone's language`);
    assert.equal(r.joinTitle, catalogue(r.lang)["phone.join.title"], `${r.lang}: the join page speaks it`);
    assert.doesNotMatch(r.seatText, /\[[a-z_]+(\.[\w-]+)+\]/, `${r.lang}: no key shows raw on the seat screen`);
    assert.deepEqual(r.seat.wholeCatalogues, [], `${r.lang}: no whole catalogue fetched`);
    const strings = r.seat.files.filter((f) => f.path.includes("_phone-strings-"));
    assert.equal(strings.length, 1, `${r.lang}: one part of one language's strings`);
    assert.ok(strings[0].path.includes(`-first-${r.lang}-`), `${r.lang}: its own language (${strings[0].path})`);
    assert.ok(r.fonts.includes("Saira Variable"), `${r.lang}: the theme's typeface is in use`);
    assert.ok(r.seat.font > 0, `${r.lang}: the typeface was fetched, and counted`);
    assert.ok(r.seat.total <= BUDGET, `${r.lang}: first load ${(r.seat.total / 1024).toFixed(1)} KB on the wire, over ${BUDGET / 1024} KB`);
  }
});
