// The turn guide's content: which step card the engine's phase and step call for, the rule that
// explains it, and the rule behind each critical moment the engine announces. Texts live in the catalogues.
import type { Moment } from "../bindings/Moment";
import type { PublicView } from "../bindings/PublicView";

export interface StepCard {
  /** `guide.<step>.table` and `guide.<step>.app` in the catalogues. */
  step: string;
  /** The rules-reference entry behind the step. */
  rule: string;
  /** The values its texts name (the player the step waits for). */
  params?: Record<string, string>;
}

const ruleOfStep: Record<string, string> = {
  draft: "setup",
  player: "player_phase",
  player_intruder: "intruder_player",
  time_track: "time_track",
  intruder_attack: "intruder_attack",
  fire_damage: "fire_damage",
  event_card: "event_card",
  eclosion_scan: "event_card",
  eclosion_scan_table: "event_card",
  bag_development: "bag_development",
  over_engines: "victory_check",
  over_coordinates: "victory_check",
  over_contamination: "victory_check",
  over_objectives: "victory_check",
  over_done: "victory_check",
  over_nobody: "end_of_game",
};

/** `paired`: whether a seat has a phone connected, for the step that waits on one. */
export function stepCard(view: PublicView, paired: (seat: number) => boolean = () => false): StepCard {
  const p = view.phase;
  // Eclosion's scans end the Event card's step (p. 10): the engine develops the bag only once each
  // is answered, so the card says whose, on their phone or, with none paired, at the table.
  const scanning = p.phase === "event" ? view.seats.find((s) => s.eclosion_scan_due) : undefined;
  if (scanning) {
    const step = paired(scanning.seat) ? "eclosion_scan" : "eclosion_scan_table";
    return { step, rule: ruleOfStep[step], params: { name: scanning.name } };
  }
  let step: string = p.phase === "event" ? p.step : p.phase;
  // With an Intruder player (p. 27) the Player Phase runs differently for them: its own card.
  if (step === "player" && view.intruder_player_active) step = "player_intruder";
  // After the end, the card says the victory check's step the engine is at (p. 11), and once it is
  // done whether anyone survived to be checked at all: one story, never "go through the victory
  // check" when there is none.
  if (p.phase === "over") step = p.check === "done" && !view.seats.some((s) => s.life.kind !== "dead") ? "over_nobody" : `over_${p.check}`;
  return { step, rule: ruleOfStep[step] ?? "turn" };
}

/** The rules-reference entry behind each critical moment the engine announces
 *  (`moment.<key>.title` / `.body` in the catalogues). */
export const ruleOfMoment: Record<Moment, string> = {
  first_encounter: "first_encounter",
  first_death: "first_death",
  hibernation_opened: "hibernation",
  self_destruct_critical: "self_destruct",
  fire_7: "fire",
  fire_8: "fire",
  malfunction_7: "malfunction",
  malfunction_8: "malfunction",
  last_character: "end_of_game",
};
