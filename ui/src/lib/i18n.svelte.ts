// The translation layer: every string the UI shows comes from a catalogue in src/locales.
// English is the source; a missing key in another language falls back to English, and a key
// missing everywhere shows itself in brackets so it is caught by eye and by the tests.
// Adding a language is adding its JSON file (e.g. pt-BR.json) with the same keys as en.json.
// Only English is in the start-up bundle; another language's catalogue is its own small file,
// loaded when a screen picks it, so each extra language costs nothing until it is used.
import en from "../locales/en.json";
import { fillParams } from "./fillParams.js";

export type Params = Record<string, string | number>;
type Catalogue = Record<string, string>;

const codeOf = (path: string) => path.match(/([\w-]+)\.json$/)?.[1] ?? path;
const loaders: Record<string, () => Promise<Catalogue>> = {};
for (const [path, load] of Object.entries(import.meta.glob<Catalogue>(["../locales/*.json", "!../locales/en.json"], { import: "default" }))) {
  loaders[codeOf(path)] = load;
}
const catalogues: Record<string, Catalogue> = { en };

/** A language's own name for itself ("Português (Brasil)"), from the platform's locale data. */
function ownName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}

/** Every language there is a catalogue for, English first. */
export const languages: { code: string; name: string }[] = ["en", ...Object.keys(loaders).sort()].map((code) => ({ code, name: ownName(code) }));

const current = $state({ lang: "en" });

/** Switches this screen to `code` once its catalogue is loaded; an unknown code changes nothing. */
export async function setLanguage(code: string): Promise<void> {
  if (!(code in catalogues)) {
    const load = loaders[code];
    if (!load) return;
    catalogues[code] = await load();
  }
  current.lang = code;
  document.documentElement.lang = code;
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
  return key in (catalogues[current.lang] ?? en) || key in en;
}

/** The text for `key` with `{name}` placeholders filled from `params`; the word before a value
 * follows the value where the language needs it (French "de {name}" gives "d'Ana"). */
export function t(key: string, params?: Params): string {
  const own = catalogues[current.lang]?.[key];
  const text = own ?? (en as Catalogue)[key];
  if (text === undefined) return `[${key}]`;
  if (!params) return text;
  return fillParams(own === undefined ? "en" : current.lang, text, params);
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
