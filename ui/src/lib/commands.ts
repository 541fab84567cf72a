// The catalogue of commands the table screen offers: which group they sit in, which fields a
// person fills, and which physical results may be entered instead of the app's generator.
// Labels come from the translation layer (`cmd.<type>`, `field.<name>`).
import type { Command } from "../bindings/Command";
import type { Component } from "../bindings/Component";
import type { Entered } from "../bindings/Entered";
import type { Mode } from "../bindings/Mode";
import type { PublicView } from "../bindings/PublicView";

export type CommandType = Command["type"];
export type EnteredKind = Entered["kind"];

export type FieldKind =
  | "seat"
  | "seat_or_none"
  | "seats"
  | "location"
  | "location_or_none"
  | "corridor"
  | "corridor_number"
  | "corridor_number_or_none"
  | "noise_spot"
  | "intruder"
  | "intruder_kind"
  | "pod"
  | "engine"
  | "count"
  | "switch"
  | "door_state"
  | "die"
  | "destination_letter"
  | "engine_status"
  | "research_object"
  | "scan_procedure"
  | "offered_character"
  | "objective_or_none"
  | "intruder_player";

export interface Field {
  name: string;
  kind: FieldKind;
  min?: number;
  max?: number;
  initial?: unknown;
}

export type Group = "turn" | "draft" | "characters" | "board" | "intruders" | "ship" | "victory";

export interface Spec {
  type: CommandType;
  group: Group;
  fields: Field[];
  /** Results that may be entered from the physical components for this command. */
  entered: EnteredKind[];
  /** Asks "are you sure?" first (ending a phase, killing a character). */
  confirm?: boolean;
  /** A key that runs it from the table screen (when it needs no fields). */
  shortcut?: string;
  /** Offered only in these modes (every mode when left out). */
  modes?: Mode[];
  /** Offered only while this holds (always when left out). */
  when?: (view: PublicView) => boolean;
}

const seat: Field = { name: "seat", kind: "seat" };

/** The commands the engine's action helpers explain before they run (`explain`). */
export const explained = new Set<CommandType>([
  "move_character", "noise_roll", "encounter", "attack_character", "intruder_player_attack", "shoot", "melee_attack", "injure_intruder",
  "give_contamination", "reveal_engines", "reveal_coordinates", "check_contamination", "judge_objective",
]);

export const specs: Spec[] = [
  { type: "draft_draw", group: "draft", fields: [seat], entered: ["draft"] },
  { type: "draft_keep", group: "draft", fields: [seat, { name: "character", kind: "offered_character" }], entered: [] },

  { type: "end_player_phase", group: "turn", fields: [], entered: [], confirm: true },
  { type: "pass", group: "turn", fields: [seat], entered: [] },
  { type: "card_action", group: "turn", fields: [seat, { name: "paid", kind: "count", min: 1, max: 6, initial: 1 }], entered: [] },
  { type: "room_action", group: "turn", fields: [seat], entered: [] },
  { type: "give_round", group: "turn", fields: [seat], entered: [] },
  { type: "advance_time", group: "turn", fields: [], entered: [] },
  { type: "resolve_intruder_attacks", group: "turn", fields: [], entered: ["attack_card", "serious_wound", "token"] },
  { type: "resolve_fire_damage", group: "turn", fields: [], entered: [] },
  { type: "resolve_event_card", group: "turn", fields: [], entered: ["event_card", "token", "noise"] },
  { type: "develop_bag", group: "turn", fields: [], entered: ["token"] },
  { type: "roll_dice", group: "turn", fields: [{ name: "die", kind: "die" }, { name: "count", kind: "count", min: 1, max: 6, initial: 1 }], entered: ["noise", "combat"] },

  { type: "move_character", group: "characters", fields: [seat, { name: "to", kind: "location" }, { name: "careful_noise", kind: "corridor_number_or_none" }], entered: ["room", "noise", "token"] },
  { type: "noise_roll", group: "characters", fields: [seat], entered: ["noise", "token"] },
  { type: "encounter", group: "characters", fields: [seat], entered: ["token"] },
  { type: "place_character", group: "characters", fields: [seat, { name: "at", kind: "location" }], entered: [] },
  { type: "set_hand_size", group: "characters", fields: [seat, { name: "cards", kind: "count", min: 0, max: 20, initial: 5 }], entered: [] },
  { type: "wound", group: "characters", fields: [seat, { name: "light", kind: "count", min: 0, max: 5, initial: 1 }, { name: "serious", kind: "count", min: 0, max: 3, initial: 0 }], entered: ["serious_wound"] },
  { type: "dress_serious_wound", group: "characters", fields: [seat, { name: "index", kind: "count", min: 0, max: 2, initial: 0 }], entered: [] },
  { type: "heal_serious_wound", group: "characters", fields: [seat, { name: "index", kind: "count", min: 0, max: 2, initial: 0 }], entered: [] },
  { type: "heal_light_wounds", group: "characters", fields: [seat, { name: "count", kind: "count", min: 1, max: 5, initial: 1 }], entered: [] },
  { type: "set_slime", group: "characters", fields: [seat, { name: "on", kind: "switch", initial: true }], entered: [] },
  { type: "give_contamination", group: "characters", fields: [seat, { name: "count", kind: "count", min: 1, max: 5, initial: 1 }], entered: [] },
  { type: "scan_contamination", group: "characters", fields: [seat, { name: "procedure", kind: "scan_procedure", initial: "surgery" }], entered: ["infected"] },
  { type: "send_signal", group: "characters", fields: [seat], entered: [] },
  { type: "choose_objective", group: "characters", fields: [seat, { name: "objective", kind: "objective_or_none" }], entered: [] },
  { type: "fire_control", group: "characters", fields: [seat, { name: "room", kind: "location" }], entered: ["event_card", "attack_card"] },
  { type: "start_airlock", group: "characters", fields: [seat, { name: "room", kind: "location" }], entered: [] },
  { type: "research", group: "characters", fields: [seat, { name: "object", kind: "research_object" }], entered: ["weakness"] },
  { type: "search_room", group: "characters", fields: [seat], entered: [] },
  { type: "peek_room", group: "characters", fields: [seat, { name: "at", kind: "location" }], entered: ["room"] },
  { type: "take_egg", group: "characters", fields: [seat], entered: [] },
  { type: "destroy_eggs", group: "characters", fields: [seat, { name: "count", kind: "count", min: 1, max: 8, initial: 1 }, { name: "into", kind: "location_or_none" }], entered: [] },
  { type: "drop_eggs", group: "characters", fields: [seat], entered: [] },
  { type: "pick_up_object", group: "characters", fields: [seat, { name: "object", kind: "research_object" }], entered: [] },
  { type: "drop_object", group: "characters", fields: [seat, { name: "object", kind: "research_object" }, { name: "give_to", kind: "seat_or_none" }], entered: [] },
  { type: "shoot", group: "characters", fields: [seat, { name: "id", kind: "intruder" }, { name: "energy", kind: "switch", initial: false }], entered: ["combat", "attack_card", "event_card"] },
  { type: "melee_attack", group: "characters", fields: [seat, { name: "id", kind: "intruder" }], entered: ["combat", "attack_card", "event_card", "serious_wound"] },
  { type: "kill_character", group: "characters", fields: [seat], entered: [], confirm: true },
  { type: "revive_character", group: "characters", fields: [seat], entered: [], modes: ["cooperative"] },
  { type: "become_intruder_player", group: "characters", fields: [seat], entered: [], confirm: true, modes: ["standard"] },

  { type: "set_noise", group: "board", fields: [{ name: "spot", kind: "noise_spot" }, { name: "on", kind: "switch", initial: true }], entered: [] },
  { type: "set_door", group: "board", fields: [{ name: "corridor", kind: "corridor" }, { name: "state", kind: "door_state", initial: "closed" }], entered: [] },
  { type: "set_fire", group: "board", fields: [{ name: "at", kind: "location" }, { name: "on", kind: "switch", initial: true }], entered: [] },
  { type: "set_malfunction", group: "board", fields: [{ name: "at", kind: "location" }, { name: "on", kind: "switch", initial: true }], entered: [] },

  { type: "place_intruder", group: "intruders", fields: [{ name: "kind", kind: "intruder_kind", initial: "adult" }, { name: "at", kind: "location" }], entered: [] },
  { type: "move_intruder", group: "intruders", fields: [{ name: "id", kind: "intruder" }, { name: "corridor", kind: "corridor_number", initial: 1 }], entered: [] },
  { type: "attack_character", group: "intruders", fields: [{ name: "id", kind: "intruder" }, { name: "target", kind: "seat_or_none" }], entered: ["attack_card", "serious_wound", "token"] },
  { type: "intruder_player_attack", group: "intruders", fields: [{ name: "seat", kind: "intruder_player" }, { name: "id", kind: "intruder" }, { name: "target", kind: "seat" }, { name: "card_number", kind: "count", min: 1, max: 4, initial: 2 }], entered: ["attack_card", "serious_wound", "token"], modes: ["standard"], when: (v) => v.intruder_player_active },
  { type: "injure_intruder", group: "intruders", fields: [{ name: "id", kind: "intruder" }, { name: "injuries", kind: "count", min: 1, max: 6, initial: 1 }], entered: ["attack_card"] },
  { type: "kill_intruder", group: "intruders", fields: [{ name: "id", kind: "intruder" }], entered: [] },
  { type: "intruder_flees", group: "intruders", fields: [{ name: "id", kind: "intruder" }, { name: "extinguisher", kind: "switch", initial: false }], entered: ["event_card", "attack_card"] },

  { type: "check_engine", group: "ship", fields: [seat, { name: "engine", kind: "engine", initial: 1 }], entered: ["engine"] },
  { type: "check_all_engines", group: "ship", fields: [seat], entered: ["engine"] },
  { type: "begin_engine_repair", group: "ship", fields: [seat, { name: "engine", kind: "engine", initial: 1 }, { name: "paid", kind: "count", min: 1, max: 6, initial: 3 }], entered: ["engine"] },
  { type: "set_engine_order", group: "ship", fields: [seat, { name: "top", kind: "engine_status", initial: "working" }], entered: [] },
  { type: "report_engine_order", group: "ship", fields: [seat, { name: "engine", kind: "engine", initial: 1 }, { name: "changed", kind: "switch", initial: true }], entered: [] },
  { type: "check_coordinates", group: "ship", fields: [seat], entered: ["destination"] },
  { type: "set_destination", group: "ship", fields: [seat, { name: "letter", kind: "destination_letter", initial: "a" }], entered: [] },
  { type: "start_self_destruct", group: "ship", fields: [seat], entered: [] },
  { type: "stop_self_destruct", group: "ship", fields: [seat], entered: [] },
  { type: "set_pod_lock", group: "ship", fields: [{ name: "pod", kind: "pod" }, { name: "locked", kind: "switch", initial: false }], entered: [] },
  { type: "try_enter_pod", group: "ship", fields: [seat, { name: "pod", kind: "pod" }], entered: [] },
  { type: "launch_pod", group: "ship", fields: [{ name: "pod", kind: "pod" }, { name: "seat", kind: "seat_or_none" }], entered: [] },
  { type: "leave_pod", group: "ship", fields: [seat], entered: [] },
  { type: "try_hibernate", group: "ship", fields: [seat], entered: [] },

  { type: "reveal_engines", group: "victory", fields: [], entered: ["engine"] },
  { type: "reveal_coordinates", group: "victory", fields: [{ name: "quarantine", kind: "seats" }], entered: ["destination"] },
  { type: "check_contamination", group: "victory", fields: [seat], entered: ["contamination_draw", "infected"] },
  { type: "reveal_objective", group: "victory", fields: [seat], entered: [] },
  { type: "judge_objective", group: "victory", fields: [seat, { name: "met", kind: "switch", initial: true }], entered: [] },
];

export const groups: Group[] = ["turn", "characters", "board", "intruders", "ship", "victory", "draft"];

export function spec(type: string): Spec | undefined {
  return specs.find((s) => s.type === type);
}

/** The result to enter when a physical component is asked for. */
export const enteredFor: Partial<Record<Component, EnteredKind>> = {
  intruder_bag: "token",
  event_deck: "event_card",
  attack_deck: "attack_card",
  serious_wound_deck: "serious_wound",
  room_tiles: "room",
  exploration_tokens: "room",
  character_draft: "draft",
  contamination_deck: "infected",
  engines: "engine",
  coordinates: "destination",
  weaknesses: "weakness",
  dice: "noise",
};

/** The component each kind of result is read off (the engine's `Entered::read_off`; a room's
 *  tile is named only when the tiles are physical). The end-of-game draw is made from the
 *  character's own cards: no component, always enterable. */
const readOff: Record<EnteredKind, Component | null> = {
  noise: "dice",
  combat: "dice",
  token: "intruder_bag",
  event_card: "event_deck",
  attack_card: "attack_deck",
  serious_wound: "serious_wound_deck",
  room: "exploration_tokens",
  draft: "character_draft",
  infected: "contamination_deck",
  engine: "engines",
  destination: "coordinates",
  weakness: "weaknesses",
  contamination_draw: null,
};

/** The kinds the table may enter in this game: the engine refuses a result for a component the
 *  app holds, whatever it names (its own draw stands), so none is offered. */
export function tableKinds(kinds: EnteredKind[], handled: Component[]): EnteredKind[] {
  return kinds.filter((k) => {
    const c = readOff[k];
    return c === null || !handled.includes(c);
  });
}

/** A blank result of a kind, ready to be filled in. */
export function blankEntered(kind: EnteredKind): Entered {
  switch (kind) {
    case "noise": return { kind, face: "1" };
    case "combat": return { kind, face: "hit" };
    case "token": return { kind, token: "adult", back: null };
    case "event_card": return { kind, key: "" };
    case "attack_card": return { kind, key: "", blood: null };
    case "serious_wound": return { kind, key: "" };
    case "room": return { kind, tile: null, effect: "silence", items: 2 };
    case "draft": return { kind, characters: ["", ""] };
    case "infected": return { kind, infected: false };
    case "engine": return { kind, status: "working" };
    case "destination": return { kind, destination: "earth" };
    case "weakness": return { kind, key: "" };
    case "contamination_draw": return { kind, contamination: 0 };
  }
}
