//! A room's short name for the map at arm's length (issue 33): the catalogue's room_short.* keys,
//! which the language check keeps to two lines of twelve letters. The table's screens hand it to
//! the map; a phone, which zooms in instead, loads none of these words.
import type { LocationKind } from "../bindings/LocationKind";
import type { PublicRoom } from "../bindings/PublicRoom";
import { tMaybe } from "./i18n.svelte";

/** The short name of a room shown by its Tile, or of the Cockpit or the Hibernatorium; none for
 *  the Engines, whose names are short already. */
export function roomShortName(r: PublicRoom | undefined, kind: LocationKind | undefined): string | undefined {
  if (r?.tile) return tMaybe(`room_short.${r.tile.key}`);
  if (kind === "cockpit" || kind === "hibernatorium") return tMaybe(`room_short.${kind}`);
  return undefined;
}
