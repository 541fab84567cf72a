// Short labels for seats, rooms and intruders, shared by forms and panels.
import type { PublicRoom } from "../bindings/PublicRoom";
import type { PublicSeat } from "../bindings/PublicSeat";
import { t, tMaybe } from "./i18n.svelte";

/** A card's name in the screen's language (`card.<kind>.<key>`), else the name in the box data. */
export function cardName(kind: string, c: { key: string; name: string }): string {
  return tMaybe(`card.${kind}.${c.key}`) ?? c.name;
}

/** An objective's summary in the screen's language (`objective_summary.<key>`), else the box data's. */
export function objectiveSummary(o: { key: string; summary: string }): string {
  return tMaybe(`objective_summary.${o.key}`) ?? o.summary;
}

/** A room printed on the board (Cockpit, Hibernatorium, the Engines) in the screen's language. */
function boardRoomName(name: string): string {
  const engine = name.match(/^Engine #(\d)$/);
  if (engine) return t("label.engine", { n: Number(engine[1]) });
  return tMaybe(`location.${name.toLowerCase()}`) ?? name;
}

export function seatLabel(s: PublicSeat): string {
  return s.character ? t("label.seat_with", { name: s.name, character: cardName("character", s.character) }) : s.name;
}

export function roomLabel(r: PublicRoom): string {
  const name = r.tile ? cardName("room", r.tile) : r.name ? boardRoomName(r.name) : t("label.unexplored");
  return t("label.room", { at: r.at, name });
}

/** A Contamination card's name, the same as in the engine's log: "03" for card id 2 (shown as C-03). */
export function contaminationNumber(id: number): string {
  return String(id + 1).padStart(2, "0");
}
