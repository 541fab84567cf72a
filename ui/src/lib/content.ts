// The box's contents for the pack being played, as the host sends them (`Call::Content`): names
// and keys come from the engine's own data, and the screens keep no copy of its data file.
// Only what is printed on the components: no game's secrets live here.
import type { BoardGraph } from "../bindings/BoardGraph";
import type { ContentData } from "../bindings/ContentData";
import type { Pack } from "../bindings/Pack";

export interface Keyed {
  key: string;
  name: string;
}

/** Set once before a page mounts (the table's `loadContent`, a phone's map); read by components
 * as they render. */
export let content: ContentData;

/** The board graph the ship map is drawn from: the table's whole contents hold it, and a phone
 * or a display asks for it alone (a fifth of the box on the wire). */
export let board: BoardGraph;

/** Sets the contents directly: for a page that has them already (the ship map's test page). */
export function useContent(c: ContentData): void {
  content = c;
  board = c;
}

/** Sets the board graph alone: a page that draws the map and nothing else of the box. */
export function useBoard(b: BoardGraph): void {
  board = b;
}
