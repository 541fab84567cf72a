// The display's catalogues, made at build time by scripts/phone-strings.mjs (a Vite plugin).
declare module "virtual:display-strings" {
  type Part = () => Promise<{ default: Record<string, string> }>;
  export const parts: Record<string, { first: Part; later: Part }>;
  export const later: string[];
  export const prefixes: string[];
  export const shapes: string[];
}
