/** Each language's apostrophe. */
export const APOSTROPHE: Record<string, string>;
/** `text` with `{name}` placeholders filled from `params`, and the word before a value rewritten by the language's rule (French elision). */
export function fillParams(lang: string, text: string, params: Record<string, string | number>): string;
