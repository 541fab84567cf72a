// Short labels for seats, rooms and intruders, shared by forms and panels.
import type { PublicRoom } from "../bindings/PublicRoom";
import type { PublicSeat } from "../bindings/PublicSeat";
import { t } from "./i18n.svelte";

export function seatLabel(s: PublicSeat): string {
  return s.character ? t("label.seat_with", { name: s.name, character: s.character.name }) : s.name;
}

export function roomLabel(r: PublicRoom): string {
  const name = r.tile?.name ?? r.name ?? t("label.unexplored");
  return t("label.room", { at: r.at, name });
}
