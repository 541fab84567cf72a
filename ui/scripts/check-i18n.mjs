// Checks the translation layer: every key the UI asks for exists in the English catalogue, every
// other language has exactly the English keys, and no markup text bypasses `t()`.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const src = new URL("../src/", import.meta.url).pathname;
const locales = join(src, "locales");
const en = JSON.parse(readFileSync(join(locales, "en.json"), "utf8"));
const problems = [];

function files(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === "bindings" || f === "locales" ? [] : files(p);
    return /\.(svelte|ts)$/.test(f) ? [p] : [];
  });
}

for (const file of files(src)) {
  const text = readFileSync(file, "utf8");
  const rel = file.slice(src.length);
  for (const m of text.matchAll(/\bt(?:Maybe)?\(\s*(["'`])((?:(?!\1).)*)\1/g)) {
    const key = m[2];
    if (m[1] === "`" && key.includes("${")) {
      const pattern = new RegExp("^" + key.split(/\$\{[^}]*\}/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^ ]+") + "$");
      if (!Object.keys(en).some((k) => pattern.test(k)) && !m[0].startsWith("tMaybe")) problems.push(`${rel}: no key matches ${key}`);
    } else if (!(key in en) && !m[0].startsWith("tMaybe")) {
      problems.push(`${rel}: missing key ${key}`);
    }
  }
  if (file.endsWith(".svelte")) {
    const markup = text.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<style[\s\S]*?<\/style>/g, "");
    for (const m of markup.matchAll(/>([^<>{}]*)</g)) {
      const words = m[1].replace(/&nbsp;|&[a-z]+;/g, "").trim();
      if (/[A-Za-z]{2,}/.test(words)) problems.push(`${rel}: text outside the translation layer: "${words}"`);
    }
    // A colon after a translated label is the catalogue's (French spaces it: "Moteur 1 :").
    for (const m of markup.matchAll(/\bt\((?:[^()]|\([^()]*\))*\)\}[:;?!]/g)) problems.push(`${rel}: punctuation written after a label in code: "${m[0]}" (use t("format.colon", { label }))`);
    for (const m of markup.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"{]*[A-Za-z]{2,}[^"{]*)"/g)) {
      problems.push(`${rel}: attribute text outside the translation layer: "${m[1]}"`);
    }
  }
}

// Rooms by name (issue 18): no English line names a room by its number alone ("room {room}");
// a room value is filled as "the Armory (07)" or "unexplored room 07" (lib/rooms.ts). Only the
// fallbacks for a number that is no room on the board say "room {n}".
for (const [key, text] of Object.entries(en)) {
  if (["room.inline_number", "room_move.to_number", "room_move.from_number", "room_move.in_number"].includes(key)) continue;
  for (const m of text.matchAll(/(?<!unexplored )\brooms? \{\w+\}/gi)) problems.push(`en.json: ${key} names a room by its number alone ("${m[0]}"): fill the room's name instead`);
}

// The rules reference: every entry has its three texts, and every link (see-also, a log line's
// "why?", a step card's rule, a moment's rule) leads to an entry that exists.
{
  const lib = join(locales, "..", "lib");
  const refSrc = readFileSync(join(lib, "reference.ts"), "utf8");
  const ids = new Set([...refSrc.matchAll(/\bid: "(\w+)"/g)].map((m) => m[1]));
  for (const id of ids) for (const part of ["title", "short", "body"]) if (!(`ref.${id}.${part}` in en)) problems.push(`reference.ts: ${id} has no ref.${id}.${part}`);
  for (const k of Object.keys(en)) {
    const m = k.match(/^ref\.(\w+)\.(title|short|body)$/);
    if (m && !ids.has(m[1])) problems.push(`en.json: ${k} belongs to no reference entry`);
  }
  const links = [...refSrc.matchAll(/see: \[([^\]]*)\]/g)].flatMap((m) => [...m[1].matchAll(/"(\w+)"/g)].map((x) => ["reference.ts", x[1]]));
  const rulesSrc = readFileSync(join(lib, "rules.svelte.ts"), "utf8");
  const guideSrc = readFileSync(join(lib, "guide.ts"), "utf8");
  const block = (src, name) => src.slice(src.indexOf(name), src.indexOf("};", src.indexOf(name)));
  for (const m of block(rulesSrc, "ruleOfLine").matchAll(/\w+: "(\w+)"/g)) links.push(["rules.svelte.ts", m[1]]);
  for (const name of ["ruleOfCardKind", "ruleOfRoom"]) for (const m of block(rulesSrc, name).matchAll(/\w+: "(\w+)"/g)) links.push(["rules.svelte.ts", m[1]]);
  for (const m of block(guideSrc, "ruleOfStep").matchAll(/\w+: "(\w+)"/g)) links.push(["guide.ts", m[1]]);
  for (const m of block(guideSrc, "ruleOfMoment").matchAll(/\w+: "(\w+)"/g)) links.push(["guide.ts", m[1]]);
  // Each setup step links to an entry that exists.
  const setupSrc = readFileSync(join(lib, "setupSteps.ts"), "utf8");
  for (const m of setupSrc.matchAll(/rule: "(\w+)"/g)) links.push(["setupSteps.ts", m[1]]);
  // Every critical moment the engine can announce has its texts.
  const momentSrc = readFileSync(join(locales, "..", "bindings", "Moment.ts"), "utf8");
  for (const [, key] of momentSrc.slice(momentSrc.indexOf("export type")).matchAll(/"(\w+)"/g)) {
    for (const part of ["title", "body"]) if (!(`moment.${key}.${part}` in en)) problems.push(`Moment.ts: ${key} has no moment.${key}.${part}`);
    // A moment is also what the computer says when it comes (Announcement's `moment`).
    if (!(`say.${key}` in en)) problems.push(`Moment.ts: ${key} has no say.${key}`);
  }
  // Every announcement the engine's sound schedule can make has the ship computer's words.
  const sayDecl = readFileSync(join(locales, "..", "bindings", "Announcement.ts"), "utf8");
  for (const [, key] of sayDecl.slice(sayDecl.indexOf("export type")).matchAll(/"key": "(\w+)"/g)) {
    if (key !== "moment" && !(`say.${key}` in en)) problems.push(`Announcement.ts: ${key} has no say.${key}`);
  }
  for (const [file, id] of links) if (!ids.has(id)) problems.push(`${file}: links to ${id}, which is not in the reference`);
}

for (const f of readdirSync(locales).filter((f) => f.endsWith(".json") && f !== "en.json")) {
  const other = JSON.parse(readFileSync(join(locales, f), "utf8"));
  for (const k of Object.keys(en)) if (!(k in other)) problems.push(`${f}: missing ${k}`);
  for (const k of Object.keys(other)) if (!(k in en)) problems.push(`${f}: extra ${k}`);
  // Placeholders, game words and typography are check-language.mjs's work.
}

if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`${problems.length} translation problems`);
  process.exit(1);
}
console.log(`translations: ${Object.keys(en).length} keys, every key used exists, no text bypasses t()`);
