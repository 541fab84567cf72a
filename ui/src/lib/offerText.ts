// How an offer of the round reads (the engine's `offers`): the Action, then its targets named as
// on the board, read off its fields in the engine's catalogue, so a new command needs no case
// here. The table's round panel and a phone's round say it the same way.
import type { Command } from "../bindings/Command";
import type { Field } from "../bindings/Field";
import type { Offer } from "../bindings/Offer";
import type { Pod } from "../bindings/Pod";
import type { PublicCorridor } from "../bindings/PublicCorridor";
import type { PublicIntruder } from "../bindings/PublicIntruder";
import type { PublicRoom } from "../bindings/PublicRoom";
import type { PublicSeat } from "../bindings/PublicSeat";
import type { RoundSection } from "../bindings/RoundSection";
import type { Suggest } from "../bindings/Suggest";
import { choicesOf, spec } from "./commands";
import { t, tMaybe } from "./i18n.svelte";
import { cardName, roomLabel } from "./labels";
import { roomInline } from "./rooms";

/** The public pieces an offer's targets are named from: the table's view or a phone's board. */
export interface Board {
  rooms: PublicRoom[];
  intruders: PublicIntruder[];
  seats: PublicSeat[];
  pods: Pod[];
  corridors: PublicCorridor[];
}

export function roomText(b: Board, at: number): string {
  const r = b.rooms.find((x) => x.at === at);
  return r ? roomLabel(r) : String(at);
}

function intruderText(b: Board, id: number): string {
  const it = b.intruders.find((x) => x.id === id);
  return it ? t("label.intruder", { id: it.id, kind: t(`intruder.${it.kind}`), at: it.at }) : `#${id}`;
}

/** One chosen value of an offer, named as on the board, by its field's kind in the engine's
 *  catalogue; nothing for what the button need not say (the acting seat, counts, switches). */
function valueText(b: Board, kind: Field["kind"], name: string, v: unknown, seat?: number): string {
  if (v === null || v === undefined) return "";
  switch (kind) {
    case "location": return roomText(b, Number(v));
    case "intruder": return intruderText(b, Number(v));
    // A Door a card turns: named by the room at its other end, from the acting character's room.
    case "corridor": {
      const c = b.corridors.find((x) => x.id === Number(v));
      const here = b.seats.find((s) => s.seat === seat)?.location;
      if (!c) return "";
      return c.ends.includes(here ?? -1) ? `→ ${roomText(b, c.ends[0] === here ? c.ends[1] : c.ends[0])}` : `${roomText(b, c.ends[0])}–${roomText(b, c.ends[1])}`;
    }
    case "seat": return name === "seat" ? "" : (b.seats.find((s) => s.seat === Number(v))?.name ?? "");
    case "engine": return t("label.engine", { n: Number(v) });
    // A Serious Wound of the acting character, by its card, as the character board shows it.
    case "serious_wound": {
      const w = b.seats.find((s) => s.seat === seat)?.serious_wounds[Number(v)];
      return w ? cardName("wound", w.card) : "";
    }
    case "pod": {
      const p = b.pods.find((x) => x.number === Number(v));
      return t("label.pod", { n: Number(v), section: (p?.section ?? "").toUpperCase() });
    }
    case "corridor_number": return `${t(`field.${name}`)} ${v}`;
    // The character's own weapon by the name on its card; a carried one as the engine says.
    case "weapon": {
      const character = b.seats.find((s) => s.seat === seat)?.character;
      return (v === "own" && character ? tMaybe(`weapon_name.${character.key}`) : null) ?? t(`weapon.${v}`);
    }
    // Said with its pod as one phrase (`targetsLabel`); alone, the side the pod turns to.
    case "pod_lock": return t(v ? "ship.pod.locked" : "ship.pod.unlocked");
    case "switch": return "";
    // Joined, not a template: the phone's catalogue takes the choice kinds' words from the
    // engine's catalogue (scripts/phone-strings.mjs), not from a key shape that fits every key.
    default: return choicesOf(kind).includes(String(v)) ? t(kind + "." + String(v)) : "";
  }
}

/** The field naming the card an offer plays (its field of kind `played_card` in the engine's
 *  catalogue), if it plays one. */
function playedCardField(c: Command): string | undefined {
  return spec(c.type)?.fields.find((f) => f.kind === "played_card")?.name;
}

/** A button's words: the Action, then its targets. `skip` leaves one field unsaid (a card's name
 *  inside its own group of choices). */
export function offerLabel(b: Board, c: Command, skip?: string): string {
  // The card played leads: "Bandages · Heal every Light Wound".
  if (playedCardField(c) !== undefined) return targetsLabel(b, c, skip);
  return [t(`cmd.${c.type}`), targetsLabel(b, c, skip)].filter((x) => x !== "").join(" · ");
}

/** An offer's targets alone ("red Item deck", "Lock Pod 1 (A) (now unlocked)"), for a row of offers of one
 *  Action that the row's label names once. */
export function targetsLabel(b: Board, c: Command, skip?: string): string {
  const fields = (spec(c.type)?.fields ?? []).filter((f) => f.name !== skip);
  const values = c as unknown as Record<string, unknown>;
  const seat = typeof values.seat === "number" ? values.seat : undefined;
  // The Hatch Control System (p. 25) turns a pod over: its button says the Action on the pod and
  // the side the board shows now ("Lock Pod 1 (A) (now unlocked)"), never the side it will get alone.
  const lock = fields.find((f) => f.kind === "pod_lock");
  const pod = fields.find((f) => f.kind === "pod");
  const text = (f: Field) => {
    if (lock && pod && f === pod && typeof values[lock.name] === "boolean") {
      return t(values[lock.name] ? "round.lock_pod" : "round.unlock_pod", { pod: valueText(b, f.kind, f.name, values[f.name], seat) });
    }
    return lock && pod && f === lock ? "" : valueText(b, f.kind, f.name, values[f.name], seat);
  };
  return fields.map(text).filter((x) => x !== "").join(" · ");
}

/** A card's choice inside its group (which Door, which Intruder, which room): its words without
 *  the card's name, which the group says; for an Action of the cards' section that plays no card
 *  (Craft Item, p. 23), its targets alone, the group naming the Action. */
export function choiceLabel(b: Board, c: Command): string {
  const card = playedCardField(c);
  return card === undefined ? targetsLabel(b, c) : offerLabel(b, c, card);
}

/** In the Moves group the group says the Action: a move's button is its sentence (p. 13). Any
 *  other offer reads as its button does (`offerLabel`). */
export function moveLabel(b: Board, c: Command): string {
  if (!("careful_noise" in c)) return offerLabel(b, c);
  // The room with its own article, as the Move's log line names it (issue 33).
  const room = roomInline(b.rooms, c.to, "to");
  return c.careful_noise === null ? t("round.move_to", { room }) : t("round.careful_to", { room, n: c.careful_noise });
}

export type OfferKind = RoundSection | "careful";

/** Where an offer sits in the round's panel: its section, as its command's declaration in the
 *  engine's catalogue says. The Moves keep a Careful Movement apart (p. 13): the same command,
 *  told by its Noise marker. */
export function offerKind(o: Offer): OfferKind {
  const c = o.command;
  if ("careful_noise" in c && c.careful_noise !== null) return "careful";
  // Every command a round offers declares its section (an `offer:` clause takes one, and the
  // engine's catalogue test checks the offers of seeded games); "here" only for an unknown type.
  return spec(c.type)?.section ?? "here";
}

/** The offers by where they sit, in the engine's order within each group. */
export function groupOffers(offers: Offer[]): Record<OfferKind, Offer[]> {
  const g: Record<OfferKind, Offer[]> = { move: [], careful: [], fight: [], here: [], card: [], pass: [] };
  for (const o of offers) g[offerKind(o)].push(o);
  return g;
}

/** One card's offers (issue 33): a card offered for each Door, each Intruder or each room is one
 *  button, and its offers are the choices of a second step. `key` is the card played (or the
 *  command, for the "a card or Item action" offer); its offers stay the engine's, in its order. */
export interface CardGroup {
  key: string;
  offers: Offer[];
}

/** The room's offers by Action, in the engine's order: one Action for several targets (the
 *  Storage's decks, the pods) is one row, on the table's round panel and on a phone's. */
export function actionRows(offers: Offer[]): { type: string; offers: Offer[] }[] {
  return offers.reduce<{ type: string; offers: Offer[] }[]>((rows, o) => {
    const row = rows.find((r) => r.type === o.command.type);
    if (row) row.offers.push(o);
    else rows.push({ type: o.command.type, offers: [o] });
    return rows;
  }, []);
}

/** The Careful Movements by the room they go to, in the engine's order (issue 33: sixteen
 *  buttons, each naming its room again, ran below the fold at 1024×600): one row per room, its
 *  corridors' numbers side by side. */
export function carefulRows(offers: Offer[]): { to: number; offers: Offer[] }[] {
  const rows: { to: number; offers: Offer[] }[] = [];
  for (const o of offers) {
    const to = "to" in o.command ? o.command.to : 0;
    const row = rows.find((r) => r.to === to);
    if (row) row.offers.push(o);
    else rows.push({ to, offers: [o] });
  }
  return rows;
}

/** The number of the corridor a Careful Movement puts its Noise marker in. */
export function carefulNoise(c: Command): number | null {
  return "careful_noise" in c ? c.careful_noise : null;
}

/** A Careful Movement row's label: the room it goes to, on its own ("Armory (07)"); its
 *  buttons are the corridors' numbers, under the heading `round.careful_head`. */
export function carefulRoomLabel(b: Board, to: number): string {
  return roomInline(b.rooms, to, "standalone");
}

/** The round's card offers, one group per card, in the order the engine first offers each. */
export function cardGroups(offers: Offer[]): CardGroup[] {
  const out: CardGroup[] = [];
  for (const o of offers) {
    if (offerKind(o) !== "card") continue;
    const card = playedCardField(o.command);
    const key = card === undefined ? o.command.type : String((o.command as unknown as Record<string, unknown>)[card]);
    const g = out.find((x) => x.key === key);
    if (g) g.offers.push(o);
    else out.push({ key, offers: [o] });
  }
  return out;
}

/** A card's group by name: the card played, or the Action when it plays none (Craft Item). */
export function cardGroupName(g: CardGroup): string {
  const c = g.offers[0]?.command;
  return c && playedCardField(c) === undefined ? t(`cmd.${c.type}`) : t(`played_card.${g.key}`);
}

/** What a card's group button says: the card's name, and its cost when every choice costs the same. */
export function cardGroupCost(g: CardGroup): number | null {
  const costs = new Set(g.offers.map((o) => o.cost));
  return costs.size === 1 ? g.offers[0].cost : null;
}

/** The offer the round panel draws as its primary button: what the table most likely does next,
 *  never Pass (issue 33) and never an Escape, which warns first. An Object dropped for an Arm
 *  wound comes before any Action; a character in combat most often fights; one standing where
 *  the room offers its own Action (or a Search) most often came for it; else it Moves. Where a
 *  room's offer stands is its command's declaration (`suggest` in the engine's catalogue). The
 *  first such offer in the engine's order; only offers the engine made can be chosen. */
export function suggestedOffer(offers: Offer[], inCombat: boolean): Offer | null {
  const g = groupOffers(offers);
  const calm = (list: Offer[]) => list.find((o) => o.escape_attacks === 0);
  const here = (s: Suggest) => g.here.find((o) => spec(o.command.type)?.suggest === s);
  return (
    here("first") ??
    (inCombat ? g.fight[0] : undefined) ??
    // The room's own Action (the Storage's decks) before the Search every room offers.
    here("rooms_own") ??
    here("every_room") ??
    calm(g.move) ??
    g.fight[0] ??
    g.here[0] ??
    g.card[0] ??
    null
  );
}

/** The order of the round's groups: the suggested offer's group first, so its bright button is
 *  in view; then Moves, attacks and the room's offers. */
export function groupOrder(suggested: Offer | null): OfferKind[] {
  const first = suggested ? offerKind(suggested) : "move";
  return [first, ...(["move", "fight", "here"] as OfferKind[]).filter((k) => k !== first)];
}

/** An offer's cost in Action cards, as its button says it. */
export function costText(n: number | null): string {
  return n === 1 ? t("round.cost_one") : t("round.cost", { n: n ?? 0 });
}
