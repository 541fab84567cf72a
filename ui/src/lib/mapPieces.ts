//! The ship map's pieces: who stands in which room (characters, their Corpses, Intruders) and
//! where each piece is drawn inside its room's outline.
import type { LocationKind } from "../bindings/LocationKind";
import type { PublicIntruder } from "../bindings/PublicIntruder";
import type { PublicSeat } from "../bindings/PublicSeat";
import type { PublicView } from "../bindings/PublicView";
import { CENTRES } from "./shipLayout";

/** What the map reads: the board's public pieces (the table's whole view, or a phone's board). */
export type MapView = Pick<PublicView, "seats" | "rooms" | "corridors" | "technical_noise" | "intruders" | "pods" | "nest_destroyed">;

export type Piece = { kind: "character"; seat: PublicSeat; dead: boolean } | { kind: "intruder"; intruder: PublicIntruder };
export type Placed = { by: Map<number, Piece[]>; corpsesLeft: Map<number, number> };

/** Who stands where: characters awake or hibernating in a room, the Intruders, and a dead
 *  character's Corpse where it fell. The room's Corpse tokens (pp. 8, 21) are the truth: a dead
 *  character is drawn as one of them only while its room still holds one (a Corpse carried away,
 *  or a death aboard a pod, leaves none); the others (the blue one of setup step 20, one carried
 *  in) are left in `corpsesLeft`, drawn as the room's Corpse marker with their count. */
export function placePieces(view: MapView): Placed {
  const by = new Map<number, Piece[]>();
  const put = (at: number, p: Piece) => by.set(at, [...(by.get(at) ?? []), p]);
  const corpsesLeft = new Map(view.rooms.map((r) => [r.at, r.corpses]));
  for (const s of [...view.seats].sort((a, b) => a.seat - b.seat)) {
    if (s.life.kind === "awake" || s.life.kind === "hibernating") put(s.location, { kind: "character", seat: s, dead: false });
    else if (s.life.kind === "dead" && s.character && (corpsesLeft.get(s.location) ?? 0) > 0) {
      corpsesLeft.set(s.location, (corpsesLeft.get(s.location) ?? 0) - 1);
      put(s.location, { kind: "character", seat: s, dead: true });
    }
  }
  for (const i of view.intruders) put(i.at, { kind: "intruder", intruder: i });
  return { by, corpsesLeft };
}

/** Where the i-th of n pieces of a room stands, and how big: the room's free band below its
 *  name and markers, split into the grid with the largest cells, so a crowded room shrinks its
 *  pieces rather than spilling them out of its outline. */
export function pieceSpot(at: number, kind: LocationKind | undefined, i: number, n: number): { x: number; y: number; r: number } {
  const [x, y] = CENTRES[at];
  const [top, bottom, width] =
    kind === "hibernatorium" ? [y - 20, y + 128, 120] : kind === "cockpit" ? [y + 8, y + 110, 110] : kind === "engine" ? [y - 2, y + 68, 150] : [y + 15, y + 67, 124];
  const height = bottom - top;
  let cols = 1;
  let cell = 0;
  for (let c = 1; c <= n; c++) {
    const size = Math.min(width / c, height / Math.ceil(n / c));
    if (size > cell) [cols, cell] = [c, size];
  }
  cell = Math.min(cell, 52);
  const rows = Math.ceil(n / cols);
  const row = Math.floor(i / cols);
  const inRow = Math.min(cols, n - row * cols);
  const col = i % cols;
  const first = top + (height - rows * cell) / 2 + cell / 2;
  return { x: x + (col - (inRow - 1) / 2) * cell, y: first + row * cell, r: Math.min(22, cell * 0.44) };
}
