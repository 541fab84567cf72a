// The rulebook's 20 setup steps (manual pp. 6–8), each tied to the component the app may take
// over, so the wizard can say what the app did and what the table does with the real pieces.
import type { Component } from "../bindings/Component";

export interface SetupStep {
  n: number;
  page: number;
  /** The component this step prepares; `null` when it is always done at the table. */
  component: Component | null;
}

export const setupSteps: SetupStep[] = [
  { n: 1, page: 6, component: null },
  { n: 2, page: 6, component: "room_tiles" },
  { n: 3, page: 6, component: "room_tiles" },
  { n: 4, page: 6, component: "exploration_tokens" },
  { n: 5, page: 6, component: "coordinates" },
  { n: 6, page: 6, component: null },
  { n: 7, page: 6, component: "escape_pods" },
  { n: 8, page: 6, component: "engines" },
  { n: 9, page: 6, component: "weaknesses" },
  { n: 10, page: 6, component: "intruder_bag" },
  { n: 11, page: 6, component: "event_deck" },
  { n: 12, page: 6, component: null },
  { n: 13, page: 6, component: null },
  { n: 14, page: 8, component: "help_cards" },
  { n: 15, page: 8, component: null },
  { n: 16, page: 8, component: "objectives" },
  { n: 17, page: 8, component: "character_draft" },
  { n: 18, page: 8, component: null },
  { n: 19, page: 8, component: null },
  { n: 20, page: 8, component: null },
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
