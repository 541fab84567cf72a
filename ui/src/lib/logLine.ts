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

/** One value of a line in the current language (a term or card name translated, a list joined).
 *  A room is named as the players see it now (issue 18: "the Armory (07)", "unexplored room 07"),
 *  in the form its line gives it (issue 30: the engine says how each line names its rooms);
 *  `short`: one end of a corridor by its number alone, as the map prints it. */
export function paramText(p: LogParam, short = false): string {
  switch (p.kind) {
    case "text":
      return p.value;
    case "number":
      return String(p.value);
    case "room":
      return roomInline(board.rooms, p.value, short && p.form === "standalone" ? "number" : p.form);
    case "seat":
      return p.name;
    case "term":
      return tMaybe(p.key) ?? p.en;
    case "list":
      return new Intl.ListFormat(language(), { style: "long", type: "conjunction" }).format(p.items.map((x) => paramText(x, short)));
  }
}

function fill(key: string, params: Partial<Record<string, LogParam>>, english: string, short = false): string {
  const values: Record<string, string> = {};
  for (const [name, p] of Object.entries(params)) if (p) values[name] = paramText(p, short);
  const text = tMaybe(key, values) ?? english;
  // A sentence that opens with a room ("the Armory (07) is repaired") still opens with a capital.
  return text.charAt(0).toLocaleUpperCase(language()) + text.slice(1);
}

/** A log line's text in the current language. `short`: a corridor's two rooms by their numbers
 *  alone ("between room 06 and room 07"), as the map prints them, for a short screen's outcome. */
export function lineText(line: LogLine, short = false): string {
  return fill(`log.line.${line.key}`, line.params, line.text, short);
}

/** A refusal's reason in the current language (`refusal.<key>`), else the host's English. */
export function faultText(fault: Fault): string {
  return fill(`refusal.${fault.key}`, fault.params, fault.reason);
}

/** An action helper's hint in the current language. */
export function hintText(hint: Hint): string {
  return fill(`helper.${hint.key}`, hint.params, hint.text);
}

/** A card a log line names, with its full text (issue 19: the card itself, not only its name). */
export interface NamedCard {
  kind: "event" | "attack" | "wound" | "weakness" | "room" | "exploration" | "contamination";
  key: string;
  title: string;
  text: string;
}

/** Every card and Exploration effect the lines name, once each, in the order they appear: what
 * the outcome shows as cards beside its lines. */
export function cardsOf(lines: LogLine[]): NamedCard[] {
  const out: NamedCard[] = [];
  // A room tile is shown as a card where it is turned over or peeked at, not in every line that
  // names a room (a move, a Fire marker): those name it only to say where.
  let rooms = false;
  const walk = (p: LogParam | undefined) => {
    if (!p) return;
    if (p.kind === "list") return p.items.forEach(walk);
    if (p.kind !== "term") return;
    if (p.key.startsWith("card.room.") && !rooms) return;
    const card = p.key.match(/^card\.(event|attack|wound|weakness|room)\.(\w+)$/);
    const effect = p.key.match(/^effect\.(\w+)$/);
    const [kind, key] = card ? [card[1] as NamedCard["kind"], card[2]] : effect ? (["exploration", effect[1]] as const) : [null, ""];
    if (!kind || out.some((c) => c.kind === kind && c.key === key)) return;
    const text = tMaybe(`${kind}_summary.${key}`);
    if (text) out.push({ kind, key, title: tMaybe(p.key) ?? p.en, text });
  };
  for (const line of lines) {
    rooms = line.key === "room_explored" || line.key === "room_explored_slimed" || line.key === "room_peeked_private";
    Object.values(line.params).forEach(walk);
    // A Contamination card reaches only its owner, by its one id (C-03 everywhere).
    const id = line.params.card;
    if (line.key.startsWith("contamination_") && line.private && id?.kind === "text" && !out.some((c) => c.kind === "contamination" && c.key === id.value))
      out.push({ kind: "contamination", key: id.value, title: tMaybe("curtain.card", { id: id.value }) ?? `C-${id.value}`, text: tMaybe("contamination_summary") ?? "" });
  }
  // An Event card drawn only for its corridor number (a retreat, the Fire Control System) is
  // discarded without its effect: showing its text would invite the table to apply it.
  const unresolved = new Set(lines.filter((l) => l.key === "event_discarded").map((l) => (l.params.card?.kind === "term" ? l.params.card.key : "")));
  return out.filter((c) => !(c.kind === "event" && unresolved.has(`card.event.${c.key}`)));
}

// What the table reads first in an outcome (issue 33): the hand (whose round, cards paid, cards
// left) and the verdict (what a roll, a draw from the bag, a card or an attack decided). The other lines say how it
// came about; a short screen shows these two kinds before them.
// The guided Actions' parts the table does with its own pieces lead too (issue 31): the card shown,
// the Ammo, the Item cards drawn, the phone asked for a scan.
const HAND_LINES = new Set([
  "action_taken", "hand_size_set", "round_began", "round_began_again", "round_passed", "round_ended", "round_given",
  "ammo_spent_own", "ammo_spent_carried", "items_searched", "items_searched_white",
  "card_played", "item_used", "item_kept", "weapon_recharged", "storage_draw", "hand_scan_asked",
]);
const VERDICT_LINES = new Set([
  "dice_rolled", "token_drawn_encounter", "token_drawn_development", "token_drawn_summoning", "event_card", "event_card_retreat",
  "attack_card", "attack_missed", "melee_hit", "melee_missed", "shot_hit", "shot_missed", "eggs_shot", "eggs_shot_missed", "eggs_struck", "eggs_struck_missed",
  "melee_missed_small", "melee_missed_adult", "shot_missed_small", "shot_missed_adult", "noise_rolled", "noise_rolled_table",
  "encounter", "surprise_attack", "no_surprise_attack", "serious_wound", "light_wounds", "character_died", "intruder_injured", "intruder_killed",
  "intruder_left", "endurance_dies", "endurance_retreats", "endurance_retreats_two", "endurance_survives", "contamination_dies", "contamination_lucky",
  "contamination_larva_dies", "contamination_larva_lucky", "contamination_clean", "contamination_none", "died_hibernating",
  "injury_card", "injury_card_retreat", "endurance_dies_two", "endurance_survives_two", "endurance_larva", "eclosion_draw",
  "eclosion_draw_none", "eclosion_draw_yours", "event_idle", "technical_noise_nobody", "technical_noise_rolls", "no_intruder_attacks", "no_fire_damage",
  "objective_met", "objective_not_met", "game_ended", "ship_destroyed", "self_destruct_critical", "infested",
  "died_with_ship", "hibernation_failed", "pod_entry_failed", "game_ended_fire", "game_ended_malfunction", "game_ended_self_destruct",
  "game_ended_jump", "game_ended_jump_destroyed", "game_ended_nobody_left_self_destruct", "game_ended_nobody_left_jump",
  "victory_next_engines", "victory_next_coordinates", "victory_next_contamination", "victory_next_objectives", "victory_over", "victory_nobody",
  // The Engines and the Coordinates revealed decide the deaths after them: they lead, before them.
  "engines_revealed", "coordinates_revealed",
]);

/** "hand", "verdict", or null for a line that says how the step came about. */
export function lineWeight(key: string): "hand" | "verdict" | null {
  return HAND_LINES.has(key) ? "hand" : VERDICT_LINES.has(key) ? "verdict" : null;
}
