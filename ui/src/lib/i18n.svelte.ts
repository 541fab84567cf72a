// The translation layer: every string the UI shows comes from a catalogue in src/locales.
// English is the source; a missing key in another language falls back to English, and a key
// missing everywhere shows itself in brackets so it is caught by eye and by the tests.
// Adding a language is adding its JSON file (e.g. pt-BR.json) with the same keys as en.json;
// its "language.name" is how the pickers name it.
import en from "../locales/en.json";

export type Params = Record<string, string | number>;
type Catalogue = Record<string, string>;

const found = import.meta.glob<Catalogue>("../locales/*.json", { eager: true, import: "default" });
const catalogues: Record<string, Catalogue> = { en };
for (const [path, catalogue] of Object.entries(found)) {
  const code = path.match(/([\w-]+)\.json$/)?.[1];
  if (code) catalogues[code] = catalogue;
}

/** Every language there is a catalogue for, English first. */
export const languages: { code: string; name: string }[] = Object.keys(catalogues)
  .sort((a, b) => (a === "en" ? -1 : b === "en" ? 1 : a.localeCompare(b)))
  .map((code) => ({ code, name: catalogues[code]["language.name"] ?? code }));

const current = $state({ lang: "en" });

export function setLanguage(code: string) {
  if (code in catalogues) {
    current.lang = code;
    document.documentElement.lang = code;
  }
}

/** The best catalogue for the browser's preferred languages ("pt-BR", then "pt"), else English. */
export function preferredLanguage(wanted: readonly string[]): string {
  for (const w of wanted) {
    if (w in catalogues) return w;
    const base = w.split("-")[0];
    const match = Object.keys(catalogues).find((c) => c === base || c.split("-")[0] === base);
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

/** The text for `key` with `{name}` placeholders filled from `params`. */
export function t(key: string, params?: Params): string {
  const text = catalogues[current.lang]?.[key] ?? (en as Catalogue)[key];
  if (text === undefined) return `[${key}]`;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** `t` for a key that may not exist (e.g. a hint per log key): `undefined` when it does not. */
export function tMaybe(key: string, params?: Params): string | undefined {
  return has(key) ? t(key, params) : undefined;
}
