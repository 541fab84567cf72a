// The translation layer: every string the UI shows comes from a catalogue in src/locales.
// English is the source; a missing key in another language falls back to English, and a key
// missing everywhere shows itself in brackets so it is caught by eye and by the tests.
import en from "../locales/en.json";

export type Params = Record<string, string | number>;
type Catalogue = Record<string, string>;

const catalogues: Record<string, Catalogue> = { en };

export const languages = [{ code: "en", name: "English" }] as const;

const current = $state({ lang: "en" });

export function setLanguage(code: string) {
  if (code in catalogues) {
    current.lang = code;
    document.documentElement.lang = code;
  }
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
