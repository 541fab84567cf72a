//! The ship map's words: what a room, a piece, a Door and a pod say on hover, on a long press and
//! to a screen reader (the room's card lists them), and which markers a room shows.
import type { PublicIntruder } from "../bindings/PublicIntruder";
import type { PublicRoom } from "../bindings/PublicRoom";
import type { PublicSeat } from "../bindings/PublicSeat";
import { board } from "./content";
import { t } from "./i18n.svelte";
import { cardName } from "./labels";
import type { MapView, Placed } from "./mapPieces";
import { printedNumber, roomName } from "./rooms";

/** The map's words for one view; `mine` is the seat whose own screen this is (a phone). */
export function mapLabels(view: MapView, placed: Placed, mine: number | null) {
  const roomAt = new Map(view.rooms.map((r) => [r.at, r]));
  const nameOf = (at: number) => roomName(roomAt.get(at), at);
  /** The room's Corpse tokens no dead character's piece stands for. */
  const looseCorpses = (at: number) => placed.corpsesLeft.get(at) ?? 0;
  const characterName = (s: PublicSeat) => (s.character ? cardName("character", s.character) : s.name);

  function characterLabel(s: PublicSeat, dead: boolean): string {
    if (dead) return t("map.corpse", { player: s.name, character: characterName(s) });
    const parts = [t("map.character", { player: s.name, character: characterName(s), n: s.number })];
    if (s.seat === mine) parts.push(t("map.you"));
    if (s.life.kind === "hibernating") parts.push(t("life.hibernating"));
    if (s.in_combat) parts.push(t("crew.in_combat"));
    if (s.slime) parts.push(t("crew.slime"));
    return parts.join(", ");
  }
  function intruderLabel(i: PublicIntruder): string {
    const parts = [t("map.intruder", { kind: t(`intruder.${i.kind}`), id: i.id, injuries: i.injuries })];
    if (i.in_combat) parts.push(t("crew.in_combat"));
    return parts.join(", ");
  }
  function roomContents(at: number): string[] {
    const r = roomAt.get(at);
    const lines: string[] = [];
    if (r?.computer) lines.push(r.malfunction ? t("map.computer_broken") : t("map.computer_working"));
    if (r?.fire) lines.push(t("effect.fire"));
    if (r?.malfunction) lines.push(t("effect.malfunction"));
    if (r && r.eggs > 0) lines.push(t("crew.eggs", { n: r.eggs }));
    if (r && r.carcasses > 0) lines.push(t("map.carcasses", { n: r.carcasses }));
    if (looseCorpses(at) > 0) lines.push(t("map.corpses", { n: looseCorpses(at) }));
    if (r?.tile?.key === "nest" && view.nest_destroyed) lines.push(t("ship.nest_destroyed"));
    if (r?.items != null && r.explored) lines.push(t("map.items", { n: r.items }));
    for (const p of placed.by.get(at) ?? []) lines.push(p.kind === "character" ? characterLabel(p.seat, p.dead) : intruderLabel(p.intruder));
    return lines;
  }
  function roomAction(at: number): string | null {
    const r = roomAt.get(at);
    if (!r || !(r.explored || r.name)) return null;
    if (r.tile && !board.room_tiles.find((x) => x.key === r.tile!.key)?.searchable && r.tile.key !== "room_covered_with_slime") return t("map.action_none");
    return r.malfunction ? t("map.action_stopped") : t("map.action_works");
  }
  /** What a known room does: its tile's text, or the text of a room printed on the board. */
  function summaryOf(at: number): string | null {
    const r = roomAt.get(at);
    if (r?.tile) return t(`room_summary.${r.tile.key}`);
    const loc = board.locations.find((l) => l.number === at);
    return loc?.summary ? t(`location_summary.${loc.kind}`) : null;
  }
  function roomLabel(at: number): string {
    const r = roomAt.get(at);
    const head = r?.tile || r?.name ? t("room.named", { name: nameOf(at), n: printedNumber(at) }) : nameOf(at);
    const body = roomContents(at);
    return body.length ? `${head}: ${body.join("; ")}` : `${head}: ${t("map.empty")}`;
  }
  /** The markers a room shows, in the order they are drawn. */
  function marksOf(r: PublicRoom | undefined): string[] {
    if (!r) return [];
    return [
      ...(r.computer ? [r.malfunction ? "computer-off" : "computer"] : []),
      ...(r.fire ? ["fire"] : []),
      ...(r.malfunction ? ["malfunction"] : []),
      ...(r.eggs > 0 ? ["eggs"] : []),
      ...(r.carcasses > 0 ? ["carcasses"] : []),
      ...(looseCorpses(r.at) > 0 ? ["corpses"] : []),
    ];
  }
  /** The Heavy Objects lying in a room have a name of their own (the pieces test reads them). */
  const markLabel = (m: string, at: number) =>
    m === "carcasses" ? t("map.carcasses", { n: roomAt.get(at)?.carcasses ?? 0 }) : m === "corpses" ? t("map.corpses", { n: looseCorpses(at) }) : undefined;
  function podLabel(p: MapView["pods"][number]): string {
    const who = p.occupants.map((s) => view.seats.find((x) => x.seat === s)?.name ?? String(s));
    return t("map.pod", {
      n: p.number,
      section: p.section.toUpperCase(),
      lock: p.locked ? t("ship.pod.locked") : t("ship.pod.unlocked"),
      state: t(`pod.${p.state}`),
      aboard: who.length ? who.join(", ") : t("map.pod_empty"),
    });
  }
  return { nameOf, looseCorpses, characterLabel, intruderLabel, roomContents, roomAction, summaryOf, roomLabel, marksOf, markLabel, podLabel };
}
