//! Rooms as players name them: by what is on the tile (the Armory), with the number printed on
//! the board (07) as a small tag; a face-down space as "unexplored room 07".
import type { PublicRoom } from "../bindings/PublicRoom";
import type { RoomForm } from "../bindings/RoomForm";
import { t, tMaybe } from "./i18n.svelte";

/** The board prints each location's number with leading zeros ("007"); players read "07". */
export function printedNumber(at: number): string {
  return String(at).padStart(2, "0");
}

/** A room printed on the board (Cockpit, Hibernatorium, the Engines) in the screen's language. */
export function boardRoomName(name: string): string {
  const engine = name.match(/^Engine #(\d)$/);
  if (engine) return t("label.engine", { n: Number(engine[1]) });
  return tMaybe(`location.${name.toLowerCase()}`) ?? name;
}

/** The room's name alone, or "unexplored room 07" while its tile is face down. */
export function roomName(r: PublicRoom | undefined, at: number): string {
  if (r?.tile) return tMaybe(`card.room.${r.tile.key}`) ?? r.tile.name;
  if (r?.name) return boardRoomName(r.name);
  return t("room.unexplored", { n: printedNumber(at) });
}

/** The room's name with its printed number as a tag ("Armory (07)"), for running text. */
export function roomRef(rooms: readonly PublicRoom[] | undefined, at: number): string {
  const r = rooms?.find((x) => x.at === at);
  if (!r || !(r.tile || r.name)) return roomName(r, at);
  return t("room.named", { name: roomName(r, at), n: printedNumber(at) });
}

/** How a sentence names a room (the engine's `RoomForm`, which each line carries): as it is now,
 *  as it lay face down, by its number alone, on its own; or as a move's end or start, or where a
 *  piece goes, with its own article ("to", "from", "in"). */
export type { RoomForm };

/** The key a room's grammar is chosen by: its tile's, or the board room's ("engine" for each). */
function grammarKey(r: PublicRoom): string {
  if (r.tile) return r.tile.key;
  return /^Engine #\d$/.test(r.name ?? "") ? "engine" : (r.name ?? "").toLowerCase();
}

/** A room where a move ends or starts (issue 33: never "para o Cômodo Área de Evacuação"): a
 *  named room with its own article ("para a Área de Evacuação (12)", "al Comedor (07)",
 *  "nell'Armeria (07)", "dans l'Entrepôt (07)"; its gender is the catalogue's `room_move.gender`),
 *  a face-down one as "o Cômodo inexplorado 06". Where a language joins the preposition to the
 *  article ("al", "nella", "du"), the form holds the preposition; English keeps its "to" and
 *  "from" in the sentence, word for word the engine's. */
function roomMoving(r: PublicRoom | undefined, at: number, form: "to" | "from" | "in"): string {
  const n = printedNumber(at);
  if (!r) return t(`room_move.${form}_number`, { n });
  if (!(r.tile || r.name)) return t(`room_move.${form}_unexplored`, { n });
  return t(`room_move.${form}_named`, { g: t("room_move.gender", { room: grammarKey(r) }), name: roomName(r, at), n });
}

/** The room inside a sentence, in the catalogue's inline form: "the Armory (07)" or "unexplored
 *  room 07" in English; languages that keep their word for "room" in the sentence give the rest. */
export function roomInline(rooms: readonly PublicRoom[] | null | undefined, at: number, form: RoomForm = "now"): string {
  const n = printedNumber(at);
  const r = rooms?.find((x) => x.at === at);
  if (form === "standalone") return roomRef(rooms ?? undefined, at);
  if (form === "to" || form === "from" || form === "in") return roomMoving(r, at, form);
  if (!r || form === "number") return t("room.inline_number", { n });
  // An Engine is named like a person, without an article: "moves to Engine 2 (20)", never "the
  // Engine 2" (the play-through); the other board rooms and the tiles take the inline form's.
  if (form === "now" && !r.tile && r.name && /^Engine #\d$/.test(r.name)) return t("room.named", { name: roomName(r, at), n });
  if (form === "now" && (r.tile || r.name)) return t("room.inline_named", { name: roomName(r, at), n });
  return t("room.inline_unexplored", { n });
}
