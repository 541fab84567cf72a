// Short labels for seats, rooms and intruders, shared by forms and panels.
import type { ObjectiveTarget } from "../bindings/ObjectiveTarget";
import type { PublicRoom } from "../bindings/PublicRoom";
import type { PublicSeat } from "../bindings/PublicSeat";
import { t, tMaybe } from "./i18n.svelte";
import { printedNumber, roomName } from "./rooms";

/** A card's name in the screen's language (`card.<kind>.<key>`), else the name in the box data. */
export function cardName(kind: string, c: { key: string; name: string }): string {
  return tMaybe(`card.${kind}.${c.key}`) ?? c.name;
}

/** An objective's condition in the screen's language (`objective_summary.<key>`), else the box
 * data's, with `{target}` filled by the name and character of whoever holds the number the card
 * names (issue 19: never "Player 2's character" when the table knows who that is). */
export function objectiveSummary(o: { key: string; summary: string; target_player?: number | null; target?: ObjectiveTarget | null }, holder?: number): string {
  const target = o.target
    ? o.target.character
      ? t("label.seat_with", { name: o.target.name, character: cardName("character", o.target.character) })
      : o.target.name
    : t("objective_target.unknown", { n: o.target_player ?? 0 });
  const text = tMaybe(`objective_summary.${o.key}`, { target }) ?? o.summary.replace("{target}", target);
  // The holder's own number on the card: only the "only survivor" branch can win (card reference).
  return holder !== undefined && o.target_player === holder ? `${text} ${t("objective_target.self")}` : text;
}

export function seatLabel(s: PublicSeat): string {
  return s.character ? t("label.seat_with", { name: s.name, character: cardName("character", s.character) }) : s.name;
}

/** A room in a list: "Armory (07)", or "unexplored room 07" while face down. */
export function roomLabel(r: PublicRoom): string {
  return r.tile || r.name ? t("room.named", { name: roomName(r, r.at), n: printedNumber(r.at) }) : roomName(r, r.at);
}

/** A Contamination card's name, the same as in the engine's log: "03" for card id 2 (shown as C-03). */
export function contaminationNumber(id: number): string {
  return String(id + 1).padStart(2, "0");
}
