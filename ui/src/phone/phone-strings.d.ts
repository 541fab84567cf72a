// The phone's catalogues, made at build time by scripts/phone-strings.mjs (a Vite plugin).
declare module "virtual:phone-strings" {
  type Part = () => Promise<{ default: Record<string, string> }>;
  /** Per language: the phone's first part of its catalogue, and the part fetched when needed. */
  export const parts: Record<string, { first: Part; later: Part }>;
  /** The key prefixes whose keys are in the later part. */
  export const later: string[];
  /** Key prefixes and shapes (regular expressions) the two parts cover in full. */
  export const prefixes: string[];
  export const shapes: string[];
}
