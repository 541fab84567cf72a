// The rulebook's 20 setup steps (manual pp. 6–8), each tied to the component the app may take
// over, so the wizard can say what the app did and what the table does with the real pieces, and
// the rule that explains why the step matters.
import type { Component } from "../bindings/Component";

export interface SetupStep {
  n: number;
  page: number;
  /** The component this step prepares; `null` when it is always done at the table. */
  component: Component | null;
  /** The rules-reference entry that explains why the step matters (`setup.<n>.why`). */
  rule: string;
}

export const setupSteps: SetupStep[] = [
  { n: 1, page: 6, component: null, rule: "setup" },
  { n: 2, page: 6, component: "room_tiles", rule: "exploration" },
  { n: 3, page: 6, component: "room_tiles", rule: "room_actions" },
  { n: 4, page: 6, component: "exploration_tokens", rule: "exploration" },
  { n: 5, page: 6, component: "coordinates", rule: "coordinates" },
  { n: 6, page: 6, component: null, rule: "coordinates" },
  { n: 7, page: 6, component: "escape_pods", rule: "escape_pods" },
  { n: 8, page: 6, component: "engines", rule: "engines" },
  { n: 9, page: 6, component: "weaknesses", rule: "weaknesses" },
  { n: 10, page: 6, component: "intruder_bag", rule: "intruder_bag" },
  { n: 11, page: 6, component: "event_deck", rule: "event_phase" },
  { n: 12, page: 6, component: null, rule: "end_of_game" },
  { n: 13, page: 6, component: null, rule: "time_track" },
  { n: 14, page: 8, component: "help_cards", rule: "help_card" },
  { n: 15, page: 8, component: null, rule: "items" },
  { n: 16, page: 8, component: "objectives", rule: "objectives" },
  { n: 17, page: 8, component: "character_draft", rule: "setup" },
  { n: 18, page: 8, component: null, rule: "actions" },
  { n: 19, page: 8, component: null, rule: "first_player_token" },
  { n: 20, page: 8, component: null, rule: "corpse" },
];

/** Every component the app can take over, in the order the wizard lists them. */
export const allComponents: Component[] = [
  "intruder_bag", "event_deck", "attack_deck", "serious_wound_deck", "contamination_deck",
  "room_tiles", "exploration_tokens", "coordinates", "engines", "weaknesses",
  "escape_pods", "objectives", "character_draft", "help_cards", "dice",
];

/** The components that hold secrets at a table: the usual reason to let the app keep them. */
export const secretComponents: Component[] = [
  "intruder_bag", "event_deck", "attack_deck", "contamination_deck", "room_tiles",
  "exploration_tokens", "coordinates", "engines", "weaknesses", "objectives",
];
