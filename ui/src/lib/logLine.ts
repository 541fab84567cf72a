// Log lines, action-helper hints and refusals in the screen's own language: the engine sends each
// as a template key and its values; this fills `log.line.<key>` (`helper.<key>`, `refusal.<key>`)
// with them,
// translating game terms and card names. The engine's English text is the fallback, so a line
// never shows blank.
import type { Fault } from "../bindings/Fault";
import type { Hint } from "../bindings/Hint";
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

function fill(key: string, params: Partial<Record<string, LogParam>>, english: string): string {
  const values: Record<string, string> = {};
  for (const [name, p] of Object.entries(params)) if (p) values[name] = value(p);
  return tMaybe(key, values) ?? english;
}

/** A log line's text in the current language. */
export function lineText(line: LogLine): string {
  return fill(`log.line.${line.key}`, line.params, line.text);
}

/** A refusal's reason in the current language (`refusal.<key>`), else the host's English. */
export function faultText(fault: Fault): string {
  return fill(`refusal.${fault.key}`, fault.params, fault.reason);
}

/** An action helper's hint in the current language. */
export function hintText(hint: Hint): string {
  return fill(`helper.${hint.key}`, hint.params, hint.text);
}
