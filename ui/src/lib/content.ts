// The box's contents, read from the engine's own data file so names and keys never drift.
// Only what is printed on the components: no game's secrets live here.
import base from "../../../crates/engine/content/base.json";

export interface Keyed {
  key: string;
  name: string;
}

export const content = base as unknown as {
  events: Keyed[];
  attacks: (Keyed & { blood: number | "retreat" | null })[];
  serious_wounds: Keyed[];
  weaknesses: Keyed[];
  objectives: (Keyed & { kind: string })[];
  characters: Keyed[];
  room_tiles: Keyed[];
  locations: { number: number; kind: string; name: string | null }[];
  time_track: { moves: number; hibernation_opens_at: number };
  self_destruct_track: { moves: number; yellow_from: number };
  escape_pods: { count: number; seats: number; by_players: number[] };
};
