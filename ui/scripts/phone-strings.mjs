// Which catalogue keys the phone page can show (issue 21, item 8): the phone loads only these, in
// its own language, so a first load stays light. Derived from the phone's own source, never a
// list kept by hand: walk the modules the phone entry imports (statically or lazily), and keep
// every key a string literal names, every key a template literal can build (`life.${kind}`
// keeps every `life.*` key; `${kind}_summary.${key}` every `*_summary.*` key), and the groups of
// game terms the engine itself names in a log line's values (`LogParam::Term`, whose key comes
// from the host, not from the page). A key the page asks for that is still not here makes the
// phone fetch its language's whole catalogue (src/lib/i18n.svelte.ts), so a gap costs bytes,
// never a missing word; the browser test of a phone's first load fails on such a fetch.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** Groups a phone shows only after something happens (a refused call, a reveal held open, the
 * debrief), never on the join page or a seat screen as it opens: they come in a second part,
 * fetched the first time the phone asks for one of their keys. The round's Actions and their
 * fields (`cmd.`, `field.`) and the round's own words (`phone.round.`, `phone.sound.`) show only in the
 * Player Phase (issue 32). */
// The round's choice words and the texts of the Event and Intruder Attack cards a log line shows
// (logLine.ts) come with the log lines, in the later part: a phone's first load stays under 100 KB.
// A one-time reveal's page (`phone.reveal.`) loads with its log lines, when its QR is opened; the
// victory check's words (`phone.check.`) come only once the game is over.
// A room named with its article (`room_move.`) comes in the first part: the seat screen's map says
// which room the character is in with it (phone.map.you_at).
export const LATER_GROUPS = ["refusal.", "log.", "helper.", "debrief.", "cmd.", "field.", "phone.round.", "phone.sound.", "event_summary.", "attack_summary.", "card_effect.", "played_card.", "treatment.", "weapon.", "phone.reveal.", "phone.outcome.", "hint.", "phone.check."];

/** Key groups whose keys the engine names in log values (crates/engine: `term(…)`, `LogParam::of`). */
export const ENGINE_TERM_GROUPS = ["card.", "engine_status.", "phase.", "debrief.", "component.", "door.", "intruder.", "step.", "token.", "need.", "entered.", "weapon_name.", "item_deck.", "event_step."];

const EXTENSIONS = ["", ".ts", ".js", ".mjs", ".svelte", "/index.ts"];

function resolveImport(from, spec) {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const ext of EXTENSIONS) {
    const p = base + ext;
    if (/\.(ts|js|mjs|svelte)$/.test(p) && existsSync(p)) return p;
  }
  return null;
}

/** Every source module the phone entry reaches through its imports (type-only imports aside). */
export function phoneModules(entry) {
  const seen = new Set();
  const todo = [resolve(entry)];
  while (todo.length) {
    const file = todo.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    const specs = [
      ...[...text.matchAll(/^\s*import\s+(?!type\b)(?:[^"'`;]*?\sfrom\s+)?["']([^"']+)["']/gm)].map((m) => m[1]),
      ...[...text.matchAll(/^\s*export\s+(?!type\b)[^"'`;]*?\sfrom\s+["']([^"']+)["']/gm)].map((m) => m[1]),
      ...[...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]),
    ];
    for (const spec of specs) {
      const next = resolveImport(file, spec);
      if (next) todo.push(next);
    }
  }
  return [...seen].sort();
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The patterns the modules' text can name keys by: exact keys, prefixes and template shapes. */
export function keyPatterns(texts) {
  const exact = new Set();
  const shapes = new Set();
  for (const text of texts) {
    for (const m of text.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g)) {
      const s = m[1] ?? m[2];
      if (/^[a-z][\w-]*(\.[\w-]+)*\.?$/i.test(s)) exact.add(s);
    }
    for (const m of text.matchAll(/`((?:[^`\\]|\\.)*)`/g)) {
      const body = m[1];
      if (!body.includes("${")) {
        exact.add(body);
        continue;
      }
      const parts = body.split(/\$\{[^}]*\}/);
      if (!parts.join("").includes(".")) continue;
      // A shape is a key only if its fixed parts look like one (no spaces, no markup).
      if (!parts.every((p) => /^[\w.-]*$/.test(p))) continue;
      shapes.add("^" + parts.map(escape).join("[^ ]+") + "$");
    }
  }
  return { exact, shapes: [...shapes].map((s) => new RegExp(s)) };
}

/** The word groups of the values the engine's catalogue lists for a form's fields (a research
 * object, a destination letter, a treatment…): a phone's round names them on its offers. */
function choiceGroups(entry) {
  const file = join(dirname(resolve(entry)), "../bindings/commandCatalogue.ts");
  if (!existsSync(file)) return [];
  return [...readFileSync(file, "utf8").matchAll(/\{"kind":"(\w+)","values":/g)].map((m) => `${m[1]}.`);
}

/** The keys of `en` the phone can show, and the shapes that say "this key is the phone's". */
export function phoneKeys(en, entry) {
  const files = phoneModules(entry);
  const { exact, shapes } = keyPatterns(files.map((f) => readFileSync(f, "utf8")));
  const prefixes = [...ENGINE_TERM_GROUPS, ...choiceGroups(entry), ...[...exact].filter((s) => s.endsWith("."))];
  const keys = Object.keys(en).filter((k) => exact.has(k) || prefixes.some((p) => k.startsWith(p)) || shapes.some((r) => r.test(k)));
  return { files, keys, prefixes, shapes };
}

/** The phone's catalogue in `lang`: the phone's keys, each in `lang`, else in English (the
 * check in check-i18n.mjs keeps every language complete, so the English is a safety net). */
export function phoneCatalogue(keys, en, own) {
  const out = {};
  for (const k of keys) out[k] = own[k] ?? en[k];
  return out;
}

/** The Vite plugin that serves the phone's catalogues: `virtual:phone-strings` lists them (two
 * lazy chunks per language: the first part, and the later one of LATER_GROUPS) with the
 * prefixes and shapes they cover; `virtual:phone-strings/first/<lang>` and `…/later/<lang>` are
 * the parts. Built from the source at each build. `page: "display"` makes the shared display's
 * own (`virtual:display-strings`, from display/main.ts), whose strings all come in its first part. */
export function phoneStrings({ src, page = "phone" }) {
  const locales = join(src, "locales");
  const entry = join(src, `${page}/main.ts`);
  const ID = `virtual:${page}-strings`;
  const NAME = `\0${page}-strings`;
  const laterGroups = page === "phone" ? LATER_GROUPS : [];
  const languages = () => readdirSync(locales).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5)).sort();
  return {
    name: "phone-strings",
    resolveId(id) {
      if (id === ID || id.startsWith(`${ID}/`)) return `\0${id.slice("virtual:".length).replaceAll("/", "-")}`;
    },
    load(id) {
      if (!id.startsWith(NAME)) return;
      const read = (code) => JSON.parse(readFileSync(join(locales, `${code}.json`), "utf8"));
      const en = read("en");
      const { files, keys, prefixes, shapes } = phoneKeys(en, entry);
      for (const f of files) this.addWatchFile(f);
      if (id === NAME) {
        const part = (which, code) => `() => import(${JSON.stringify(`${ID}/${which}/${code}`)})`;
        const parts = languages().map((code) => `${JSON.stringify(code)}: { first: ${part("first", code)}, later: ${part("later", code)} }`);
        return [
          `export const later = ${JSON.stringify(laterGroups)};`,
          `export const prefixes = ${JSON.stringify(prefixes)};`,
          `export const shapes = ${JSON.stringify(shapes.map((r) => r.source))};`,
          `export const parts = { ${parts.join(", ")} };`,
        ].join("\n");
      }
      const [, which, code] = id.slice(NAME.length).match(/^-(first|later)-(.+)$/) ?? [];
      if (!code) return;
      this.addWatchFile(join(locales, `${code}.json`));
      const isLater = (k) => laterGroups.some((g) => k.startsWith(g));
      const mine = keys.filter((k) => isLater(k) === (which === "later"));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(phoneCatalogue(mine, en, read(code))))});`;
    },
  };
}

// `node scripts/phone-strings.mjs`: what the phone's catalogue holds, group by group.
if (import.meta.url === `file://${process.argv[1]}`) {
  const src = new URL("../src/", import.meta.url).pathname;
  const en = JSON.parse(readFileSync(join(src, "locales/en.json"), "utf8"));
  const { files, keys } = phoneKeys(en, join(src, "phone/main.ts"));
  const groups = {};
  for (const k of keys) {
    const g = k.split(".")[0];
    groups[g] = (groups[g] ?? 0) + k.length + en[k].length + 6;
  }
  console.log(files.map((f) => f.slice(src.length)).join("\n"));
  console.log(`${keys.length} of ${Object.keys(en).length} keys, ${JSON.stringify(phoneCatalogue(keys, en, en)).length} bytes in English`);
  console.log(Object.entries(groups).sort((a, b) => b[1] - a[1]).map(([g, n]) => `${g} ${n}`).join("\n"));
}
