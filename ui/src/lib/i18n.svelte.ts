// The translation layer: every string the UI shows comes from a catalogue in src/locales.
// English is the source; a missing key in another language falls back to English, and a key
// missing everywhere shows itself in brackets so it is caught by eye and by the tests.
// Adding a language is adding its JSON file (e.g. pt-BR.json) with the same keys as en.json.
// Each page says which catalogues it reads. The table (main.ts) hands over the whole English one
// at start-up and loads another language's whole catalogue, its own small file, when a screen
// picks it. The phone (phone/main.ts) reads only its part of one language (issue 21: a phone's
// first load stays light): `usePhoneParts` gives the parts, built from the keys the phone's own
// code can show (scripts/phone-strings.mjs). Should the phone still ask for a key its part does
// not cover, the language's whole catalogue is fetched then, and the screen redraws in it.
import { fillParams } from "./fillParams.js";

export type Params = Record<string, string | number>;
type Catalogue = Record<string, string>;
type Loader = () => Promise<Catalogue>;

const codeOf = (path: string) => path.match(/([\w-]+)\.json$/)?.[1] ?? path;
/** Each language's whole catalogue, loaded when needed. */
const wholes: Record<string, Loader> = {};
for (const [path, load] of Object.entries(import.meta.glob<Catalogue>("../locales/*.json", { import: "default" }))) {
  wholes[codeOf(path)] = load;
}
/** What is loaded, by language: a whole catalogue, or the phone's part of it. */
const catalogues: Record<string, Catalogue> = {};
const whole = new Set<string>();

/** The phone's parts: per language a first part (loaded with the language) and a later one
 * (the keys of `later` groups, loaded the first time one is asked for); what the two cover (a key
 * under a covered prefix or shape that neither holds is no key at all; any other may be in the
 * whole catalogue). */
type Part = () => Promise<{ default: Catalogue }>;
let parts: { load: Record<string, { first: Part; later: Part }>; later: string[]; prefixes: string[]; shapes: RegExp[] } | null = null;

/** The table's start: the whole English catalogue, there from the first paint. */
export function useWhole(code: string, catalogue: Catalogue) {
  catalogues[code] = catalogue;
  whole.add(code);
}

/** The phone's start: read only the phone's parts of each language. */
export function usePhoneParts(load: Record<string, { first: Part; later: Part }>, later: string[], prefixes: string[], shapes: string[]) {
  parts = { load, later, prefixes, shapes: shapes.map((s) => new RegExp(s)) };
}

/** Each edition's language by its own name, as its speakers write it. Asking the platform
 *  (`Intl.DisplayNames`) loads its locale data for every language at start-up: measured, the
 *  largest single cost before the table is drawn (docs/benchmarks.md); it stays the fallback for a
 *  catalogue added without a name here. */
const OWN_NAMES: Record<string, string> = { en: "English", "pt-BR": "Português (Brasil)", es: "Español", it: "Italiano", fr: "Français" };

function ownName(code: string): string {
  if (code in OWN_NAMES) return OWN_NAMES[code];
  try {
    const name = new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}

/** Every language there is a catalogue for, English first. */
export const languages: { code: string; name: string }[] = ["en", ...Object.keys(wholes).filter((c) => c !== "en").sort()].map((code) => ({ code, name: ownName(code) }));

// `loaded` counts catalogues arriving, so a screen drawn before a whole catalogue came redraws.
const current = $state({ lang: "en", loaded: 0 });

/** Switches this screen to `code` once its catalogue (or the phone's part of it) is loaded; an
 * unknown code changes nothing. */
export async function setLanguage(code: string): Promise<void> {
  if (!(code in catalogues)) {
    const part = parts?.load[code];
    const load = parts ? part && (() => part.first().then((m) => m.default)) : wholes[code];
    if (!load) return;
    catalogues[code] = await load();
    if (!parts) whole.add(code);
  }
  current.lang = code;
  document.documentElement.lang = code;
}

const fetching = new Set<string>();

/** Adds what arrives to what `code` has (what it had wins: the same text either way) and redraws. */
function fetchMore(what: string, load: () => Promise<Catalogue>, code: string, then?: () => void) {
  if (fetching.has(what)) return;
  fetching.add(what);
  void load().then(
    (more) => {
      catalogues[code] = { ...more, ...catalogues[code] };
      then?.();
      current.loaded++;
    },
    () => fetching.delete(what),
  );
}

/** The phone asked for `key`, which it has not got in `code`: its later part when the key is of
 * a later group; else, unless the parts cover where the key would be, the whole catalogue. */
function missing(code: string, key: string) {
  if (!parts || whole.has(code)) return;
  const part = parts.load[code];
  if (part && parts.later.some((g) => key.startsWith(g))) return fetchMore(`later:${code}`, () => part.later().then((m) => m.default), code);
  if (parts.prefixes.some((p) => key.startsWith(p)) || parts.shapes.some((r) => r.test(key)) || !wholes[code]) return;
  console.warn(`the phone's strings lack ${key}: loading the whole ${code} catalogue`);
  fetchMore(`whole:${code}`, wholes[code], code, () => whole.add(code));
}

/** The text for `key` in this screen's language, else in English; which language it is in. */
function lookup(key: string): { text: string; lang: string } | undefined {
  void current.loaded;
  const lang = current.lang;
  const own = catalogues[lang]?.[key];
  if (own !== undefined) return { text: own, lang };
  // Asked for before the English stand-in: after a live switch the English later part is there
  // already, and the new language's must still be fetched (the round stayed half English).
  missing(lang, key);
  const english = catalogues.en?.[key];
  if (english !== undefined) return { text: english, lang: "en" };
  return undefined;
}

/** The best catalogue for the browser's preferred languages ("pt-BR", then "pt"), else English. */
export function preferredLanguage(wanted: readonly string[]): string {
  for (const w of wanted) {
    const codes = languages.map((l) => l.code);
    if (codes.includes(w)) return w;
    const base = w.split("-")[0];
    const match = codes.find((c) => c === base || c.split("-")[0] === base);
    if (match) return match;
  }
  return "en";
}

export function language(): string {
  return current.lang;
}

export function has(key: string): boolean {
  return lookup(key) !== undefined;
}

/** The text for `key` with `{name}` placeholders filled from `params`; the word before a value
 * follows the value where the language needs it (French "de {name}" gives "d'Ana"). */
export function t(key: string, params?: Params): string {
  const found = lookup(key);
  if (found === undefined) return `[${key}]`;
  if (!params) return found.text;
  return fillParams(found.lang, found.text, params);
}

/** `t` for a key that may not exist (e.g. a hint per log key): `undefined` when it does not. */
export function tMaybe(key: string, params?: Params): string | undefined {
  return has(key) ? t(key, params) : undefined;
}

/** Sets this screen's language and remembers it under `storageKey`: the table and each phone
 * keep their own, so one player reading Italian does not change anyone else's screen. */
export function chooseLanguage(storageKey: string, code: string) {
  void setLanguage(code);
  try {
    localStorage.setItem(storageKey, code);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/** The language remembered under `storageKey`, else the best match for the system's. */
export function restoreLanguage(storageKey: string): Promise<void> {
  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(storageKey);
  } catch {
    remembered = null;
  }
  return setLanguage(remembered ?? preferredLanguage(navigator.languages ?? [navigator.language])).catch(() => undefined);
}
