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
    for (const m of markup.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"{]*[A-Za-z]{2,}[^"{]*)"/g)) {
      problems.push(`${rel}: attribute text outside the translation layer: "${m[1]}"`);
    }
  }
}

for (const f of readdirSync(locales).filter((f) => f.endsWith(".json") && f !== "en.json")) {
  const other = JSON.parse(readFileSync(join(locales, f), "utf8"));
  for (const k of Object.keys(en)) if (!(k in other)) problems.push(`${f}: missing ${k}`);
  for (const k of Object.keys(other)) if (!(k in en)) problems.push(`${f}: extra ${k}`);
}

if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`${problems.length} translation problems`);
  process.exit(1);
}
console.log(`translations: ${Object.keys(en).length} keys, every key used exists, no text bypasses t()`);
