// The phone's part of the catalogues (issue 21, item 8): made from the phone's own code, it holds
// every key that code names, in every language, and leaves out what only the table shows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { keyPatterns, phoneCatalogue, phoneKeys, phoneModules, ENGINE_TERM_GROUPS, LATER_GROUPS } from "./phone-strings.mjs";

const src = new URL("../src/", import.meta.url).pathname;
const entry = join(src, "phone/main.ts");
const load = (code) => JSON.parse(readFileSync(join(src, "locales", `${code}.json`), "utf8"));
const en = load("en");
const { files, keys } = phoneKeys(en, entry);
const rel = (f) => f.slice(src.length);

test("the phone's modules are those its entry reaches, lazy ones included, and no table screen", () => {
  const names = files.map(rel);
  for (const f of ["phone/main.ts", "phone/Seat.svelte", "phone/PhoneMap.svelte", "phone/PhoneDebrief.svelte", "components/ShipMap.svelte", "lib/logLine.ts"]) assert.ok(names.includes(f), f);
  for (const f of ["App.svelte", "components/Now.svelte", "lib/reference.ts", "lib/rules.svelte.ts", "lib/transport.ts"]) assert.ok(!names.includes(f), `${f} is the table's`);
});

test("every key the phone's code names is in its part, in every language", () => {
  const named = new Set();
  for (const f of files) {
    for (const m of readFileSync(f, "utf8").matchAll(/\bt(?:Maybe)?\(\s*["']([^"']+)["']/g)) named.add(m[1]);
  }
  assert.ok(named.size > 50, `the phone names its keys (${named.size})`);
  for (const k of named) if (k in en) assert.ok(keys.includes(k), `${k} is the phone's`);
  for (const code of ["en", "pt-BR", "es", "it", "fr"]) {
    const own = load(code);
    const part = phoneCatalogue(keys, en, own);
    for (const k of keys) assert.equal(part[k], own[k] ?? en[k], `${code}: ${k}`);
  }
});

test("keys built in the code keep every key of their shape; the engine's terms and refusals come along", () => {
  const { exact, shapes } = keyPatterns(["t(`life.${me.life.kind}`)", 'tMaybe(`${kind}_summary.${key}`)', 't("phone.title")']);
  assert.ok(exact.has("phone.title"));
  assert.ok(shapes.some((r) => r.test("life.awake")) && shapes.some((r) => r.test("room_summary.armory")));
  for (const k of Object.keys(en).filter((k) => /^(life|phone\.join|refusal|log\.line|card\.objective)\./.test(k))) assert.ok(keys.includes(k), k);
});

test("what only the table shows stays out of the phone's part", () => {
  // The Actions' names ("cmd.") are the phone's too since a player plays their round on it
  // (issue 32), in its later batch, with the round's other words.
  for (const g of ["setup.", "wizard.", "home.", "guide.step", "ref.turn.body"]) assert.ok(!keys.some((k) => k.startsWith(g)), `${g} is the table's`);
  // The phone plays every guided card (issue 31), so the cards' and their effects' names are its
  // too, and its outcome says what to do with the pieces ("hint.", in the later part).
  assert.ok(keys.length < Object.keys(en).length * 0.66, `${keys.length} of ${Object.keys(en).length} keys`);
  assert.ok(LATER_GROUPS.every((g) => keys.some((k) => k.startsWith(g))), "the later groups are the phone's too");
});

test("the walk follows static, lazy and re-exported imports, not type-only ones", () => {
  const names = phoneModules(entry).map(rel);
  // Only the engine's command catalogue is a value the phone reads (its round's labels and
  // choices); every other binding is a type.
  assert.ok(!names.some((n) => n.startsWith("bindings/") && n !== "bindings/commandCatalogue.ts"), "types only");
});

test("every group of terms the engine or host names in a line's values is one the phone's parts hold", async () => {
  const { readdirSync, statSync } = await import("node:fs");
  const rs = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? rs(join(dir, f)) : f.endsWith(".rs") ? [join(dir, f)] : []));
  const crates = new URL("../../crates/", import.meta.url).pathname;
  const groups = new Set();
  for (const file of [...rs(join(crates, "engine/src")), ...rs(join(crates, "host/src"))]) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/LogParam::of\(\s*"([a-z_]+)"/g)) groups.add(`${m[1]}.`);
    for (const m of text.matchAll(/(?:\bterm\(\s*(?:format!\()?|Term \{ key: format!\()"([a-z_]+)\./g)) groups.add(`${m[1]}.`);
  }
  assert.ok(groups.size >= 8, `the engine's term groups are found (${[...groups]})`);
  for (const g of groups) assert.ok(ENGINE_TERM_GROUPS.includes(g), `${g} is in ENGINE_TERM_GROUPS`);
});
