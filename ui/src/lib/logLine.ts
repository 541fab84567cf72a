// Log lines in the screen's own language: the engine sends each line as a template key and its
// values; this fills `log.line.<key>` with them, translating game terms and card names. The
// engine's English text is the fallback, so a line never shows blank.
import type { LogLine } from "../bindings/LogLine";
import type { LogParam } from "../bindings/LogParam";
import { language, tMaybe } from "./i18n.svelte";

function value(p: LogParam): string {
  switch (p.kind) {
    case "text":
      return p.value;
    case "number":
      return String(p.value);
    case "term":
      return tMaybe(p.key) ?? p.en;
    case "list":
      return new Intl.ListFormat(language(), { style: "long", type: "conjunction" }).format(p.items.map(value));
  }
}

/** A log line's text in the current language. */
export function lineText(line: LogLine): string {
  const params: Record<string, string> = {};
  for (const [name, p] of Object.entries(line.params)) if (p) params[name] = value(p);
  return tMaybe(`log.line.${line.key}`, params) ?? line.text;
}
