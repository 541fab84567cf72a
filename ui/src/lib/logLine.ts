// Log lines, action-helper hints and refusals in the screen's own language: the engine sends each
// as a template key and its values; this fills `log.line.<key>` (`helper.<key>`, `refusal.<key>`)
// with them,
// translating game terms and card names. The engine's English text is the fallback, so a line
// never shows blank.
import type { Fault } from "../bindings/Fault";
import type { Hint } from "../bindings/Hint";
import type { LogLine } from "../bindings/LogLine";
import type { LogParam } from "../bindings/LogParam";
import { board } from "./board.svelte";
import { language, tMaybe } from "./i18n.svelte";
import { roomInline } from "./rooms";

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

// Rooms by name, not number (issue 18): a room the engine names by its number is written as the
// players see it now, "the Armory (07)" or "unexplored room 07", in the catalogue's inline form
// (`room.inline_*`; languages that keep the word "room" in the sentence give only the rest).
/** Which values of a line are room numbers (the same names mean other things elsewhere). */
const ROOM_PARAMS: Record<string, string[]> = {
  "refusal.room_to_is_not_next_to_room_from": ["to", "from"],
  "log.line.door_changed": ["a", "b"],
  "log.line.noise_placed": ["a", "b"],
  "log.line.noise_removed": ["a", "b"],
};
/** Corridors between two rooms: each room on its own, "Cockpit (01)" or "unexplored room 03". */
const STANDALONE = new Set(["log.line.door_changed", "log.line.noise_placed", "log.line.noise_removed"]);
/** Lines about what lay face down: the room as it was then. */
const AS_FACE_DOWN = new Set(["log.line.room_explored", "log.line.room_peeked", "log.line.room_peeked_private"]);
/** Lines whose sentence already says the room is unexplored: its number alone. */
const AS_NUMBER = new Set(["helper.move_explore", "refusal.there_is_no_room_room_on_the_board"]);

function roomText(key: string, at: number): string {
  return roomInline(board.rooms, at, AS_NUMBER.has(key) ? "number" : AS_FACE_DOWN.has(key) ? "face_down" : STANDALONE.has(key) ? "standalone" : "now");
}

function fill(key: string, params: Partial<Record<string, LogParam>>, english: string): string {
  const values: Record<string, string> = {};
  const rooms = ROOM_PARAMS[key] ?? ["room"];
  for (const [name, p] of Object.entries(params)) {
    if (!p) continue;
    values[name] = rooms.includes(name) && p.kind === "number" ? roomText(key, p.value) : value(p);
  }
  const text = tMaybe(key, values) ?? english;
  // A sentence that opens with a room ("the Armory (07) is repaired") still opens with a capital.
  return text.charAt(0).toLocaleUpperCase(language()) + text.slice(1);
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
