// Which rules-reference entry is open, from anywhere on the table screen: a step card, an
// action's help, a log line or the header. One drawer, with a back step through the entries read.
import { referenceById } from "./reference";

export const rules = $state({ open: false, id: null as string | null, back: [] as string[], query: "" });

/** Opens the reference at `id` (or its index when `id` is missing or unknown). */
export function openRule(id?: string | null) {
  const known = id && referenceById.has(id) ? id : null;
  if (rules.open && rules.id && known && rules.id !== known) rules.back.push(rules.id);
  if (!rules.open) rules.back = [];
  rules.id = known;
  rules.open = true;
}

export function ruleBack() {
  rules.id = rules.back.pop() ?? null;
}

export function closeRules() {
  rules.open = false;
}

/** The reference entry that explains a log line, by the line's key. */
export const ruleOfLine: Record<string, string> = {
  game_set_up: "setup", room_tiles_placed: "setup", exploration_tokens_placed: "exploration", coordinates_placed: "coordinates",
  escape_pods_placed: "escape_pods", engines_placed: "engines", weaknesses_placed: "weaknesses", bag_filled: "intruder_bag",
  deck_shuffled: "setup", deck_reshuffled: "setup", objectives_dealt_private: "objectives", objectives_dealt: "objectives",
  draft_offered: "setup", character_kept: "setup", play_started: "turn", phase_changed: "turn", phase_changed_event: "event_phase",
  phase_changed_over: "end_of_game", turn_began: "player_phase", hand_size_set: "hand_size", character_moved: "move",
  room_explored: "exploration", room_explored_slimed: "slime", noise_rolled: "noise_roll", noise_rolled_table: "noise_roll", noise_placed: "noise_markers",
  noise_placed_technical: "technical_corridors", noise_removed: "noise_markers", noise_removed_technical: "technical_corridors",
  door_changed: "doors", fire_placed: "fire", fire_removed: "fire", malfunction_placed: "malfunction", malfunction_removed: "malfunction",
  items_set: "item_counter", dice_rolled: "combat", encounter: "encounter", token_drawn_encounter: "encounter",
  token_drawn_development: "bag_development", token_drawn_summoning: "intruder_bag", bag_empty: "intruder_bag",
  token_returned: "intruder_bag", token_to_supply: "intruder_bag", token_added: "bag_development", intruder_placed: "encounter",
  intruder_moved: "intruder_movement", intruder_moved_from: "intruder_movement", intruder_left: "technical_corridors", intruder_killed: "intruder_death",
  intruder_injured: "intruder_injuries", intruder_healed: "intruder_injuries", intruder_transformed: "bag_development",
  infested: "larva_infestation", surprise_attack: "surprise_attack", no_surprise_attack: "surprise_attack", attack_card: "intruder_attack", attack_missed: "intruder_attack",
  endurance_dies: "intruder_injuries", endurance_retreats: "intruder_retreat", endurance_retreats_two: "intruder_retreat", endurance_survives: "intruder_injuries",
  endurance_dies_two: "intruder_injuries", endurance_survives_two: "intruder_injuries", endurance_larva: "intruder_injuries",
  injury_card: "intruder_injuries", injury_card_retreat: "intruder_retreat", room_explored_no_malfunction: "malfunction",
  eclosion_draw: "contamination", eclosion_draw_none: "contamination", eclosion_draw_yours: "contamination", event_idle: "event_card", technical_noise_nobody: "event_card", no_intruder_attacks: "intruder_attack", no_fire_damage: "fire", technical_noise_rolls: "event_card",
  light_wounds: "light_wounds", serious_wound: "serious_wounds", light_wounds_fire: "fire", light_wounds_bleeding: "serious_wounds",
  serious_wound_fire: "fire", serious_wound_bleeding: "serious_wounds", object_dropped_dying: "character_death", eggs_dropped_dying: "character_death", wound_dressed: "dress_heal", wound_healed: "dress_heal",
  character_died: "character_death", character_revived: "cooperative_mode", intruder_player_joined: "intruder_player", first_death_settled: "intruder_player", shot_hit: "shoot", shot_missed: "shoot", shot_missed_small: "shoot", shot_missed_adult: "shoot", melee_missed_small: "melee", melee_missed_adult: "melee", melee_hit: "melee", melee_missed: "melee", attack_cards_offered: "intruder_player", attack_card_chosen: "intruder_player", slime_on: "slime", slime_off: "slime", signal: "signal", larva_on: "larva_infestation",
  larva_off: "larva_infestation", contamination_given_private: "contamination", contamination_given: "contamination",
  contamination_scanned_infected_private: "scanner", contamination_scanned_clean_private: "scanner", contamination_scanned: "scanner",
  contamination_removed: "contamination", contamination_empty: "contamination", engine_checked_private: "engines",
  engine_checked: "engines", engine_in_hand_private: "engines", engine_repair: "engines", engine_order_private: "engines",
  engine_order_changed: "engines", engine_order_unchanged: "engines", coordinates_private: "coordinates",
  coordinates_checked: "coordinates", destination_set: "coordinates", self_destruct_started: "self_destruct",
  self_destruct_stopped: "self_destruct", self_destruct_advanced: "self_destruct", self_destruct_critical: "self_destruct",
  time_advanced: "time_track", time_advanced_far: "time_track", self_destruct_advanced_far: "self_destruct", hibernation_opened: "hibernation", pod_locked: "escape_pods", pod_unlocked: "escape_pods",
  pods_unlocked: "first_death", entered_pod: "escape_pods", left_pod: "escape_pods", pod_launched: "escape_pods",
  pod_ejected: "escape_pods", hibernated: "hibernation", first_encounter: "first_encounter", objective_chosen_private: "objectives",
  objective_chosen_table_private: "objectives", objective_chosen: "first_encounter", egg_taken: "nest_eggs", eggs_dropped: "nest_eggs", eggs_shot: "nest_eggs", eggs_shot_missed: "nest_eggs", eggs_struck: "nest_eggs", eggs_struck_missed: "nest_eggs", object_left: "heavy_objects", fire_control: "fire_control", fire_control_fire_only: "fire_control", fire_control_no_fire: "fire_control", airlock_started: "airlock_control", airlock_cancelled: "airlock_control", airlock_vented: "airlock_control", corpse_left: "corpse", object_picked_up: "heavy_objects", object_dropped: "heavy_objects",
  nest_eggs_destroyed: "nest_eggs", room_eggs_destroyed: "nest_eggs", egg_added: "nest_eggs", nest_destroyed: "nest_eggs",
  weakness: "weaknesses", room_peeked_private: "exploration", room_peeked: "exploration", event_card: "event_card", event_card_retreat: "intruder_retreat",
  event_resolved: "event_card", event_discarded: "intruder_retreat", game_ended: "end_of_game", ship_destroyed: "end_of_game", died_with_ship: "end_of_game",
  game_ended_fire: "end_of_game", game_ended_malfunction: "end_of_game", game_ended_self_destruct: "end_of_game", game_ended_jump: "end_of_game",
  game_ended_jump_destroyed: "end_of_game", game_ended_nobody_left_self_destruct: "end_of_game", game_ended_nobody_left_jump: "end_of_game",
  victory_next_engines: "victory_check", victory_next_coordinates: "victory_check", victory_next_contamination: "victory_check",
  victory_next_objectives: "victory_check", victory_over: "victory_check", victory_nobody: "end_of_game",
  items_searched: "search", items_searched_white: "search", ammo_spent_own: "shoot", ammo_spent_carried: "shoot",
  hibernation_failed: "hibernation", pod_entry_failed: "escape_pods",
  victory_step: "victory_check", engines_revealed: "victory_check", coordinates_revealed: "victory_check",
  contamination_clean: "victory_check", contamination_lucky: "victory_check", contamination_dies: "victory_check", contamination_none: "victory_check", contamination_larva_lucky: "victory_check", contamination_larva_dies: "victory_check", died_hibernating: "victory_check",
  objective_revealed: "victory_check", objective_revealed_table: "victory_check", objective_met: "victory_check",
  objective_not_met: "victory_check",
};

/** The reference entry behind each kind of card (issue 19: every card links to its rule). */
export const ruleOfCardKind: Record<string, string> = {
  event: "event_card", attack: "intruder_attack", wound: "serious_wounds", weakness: "weaknesses", room: "room_actions",
  objective: "objectives", exploration: "exploration", contamination: "contamination", coordinates: "coordinates",
};

/** The reference entry of each room printed on the board (p. 26). */
export const ruleOfLocation: Record<string, string> = { cockpit: "coordinates", engine: "engines", hibernatorium: "hibernatorium" };

/** A room's own entry in the reference, where it has one (its action on pp. 24-26). */
export const ruleOfRoom: Record<string, string> = {
  armory: "armory", comms_room: "signal", emergency_room: "emergency_room", evacuation_section_a: "evacuation_section",
  evacuation_section_b: "evacuation_section", fire_control_system: "fire_control", generator: "self_destruct", laboratory: "laboratory",
  nest: "nest_eggs", storage: "storage", surgery: "surgery", airlock_control: "airlock_control", cabins: "cabins", canteen: "canteen",
  command_center: "command_center", engine_control_room: "engine_control", hatch_control_system: "hatch_control",
  monitoring_room: "monitoring_room", room_covered_with_slime: "slime_room", shower_room: "shower_room",
};

/** The rule a card links to. */
export function ruleOfCard(kind: string, key: string): string {
  return (kind === "room" ? ruleOfRoom[key] : kind === "location" ? ruleOfLocation[key] : undefined) ?? ruleOfCardKind[kind] ?? "turn";
}
