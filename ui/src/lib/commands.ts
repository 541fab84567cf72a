// The table screen's view of the engine's command catalogue (crates/engine/src/catalogue.rs,
// generated into bindings/commandCatalogue.ts): which group each command sits in, which fields a
// person fills and their bounds, which physical results may be entered instead of the app's
// generator. Nothing here declares a command: the engine does, once.
// Labels come from the translation layer (`cmd.<type>`, `field.<name>`).
import type { Component } from "../bindings/Component";
import type { Entered } from "../bindings/Entered";
import type { EnteredKind } from "../bindings/EnteredKind";
import type { Field } from "../bindings/Field";
import type { Group } from "../bindings/Group";
import type { PublicView } from "../bindings/PublicView";
import type { Spec } from "../bindings/Spec";
import type { CommandType } from "../bindings/CommandType";
import { catalogue } from "../bindings/commandCatalogue";

export type { CommandType, EnteredKind, Group, Spec };
export type { Field } from "../bindings/Field";
export type { FieldKind } from "../bindings/FieldKind";

/** Every command, in the engine's order. */
export const specs: Spec[] = catalogue.commands;

/** The action panel's tabs, in order (keys 1 to 7). */
export const groups: Group[] = catalogue.groups;

/** What the setup wizard asks within: the modes in order with the players each takes, a title's length. */
export const setupBounds = catalogue.setup;

const choiceValues = new Map<string, string[]>(catalogue.choices.map((c) => [c.kind, c.values]));

/** The values a field of this kind takes, in the order offered (intruder kinds, door states, dice,
 *  destinations...), as the engine lists them; empty for a kind that is not such a list. */
export function choicesOf(kind: string): string[] {
  return choiceValues.get(kind) ?? [];
}

/** A numbered field's bounds (a count, a corridor number, a name's letters): the engine's
 *  catalogue names both for each (its test checks), so none is guessed here. */
export function boundsOf(f: Field): { min: number; max: number } {
  return { min: f.min ?? 0, max: f.max ?? 0 };
}

export function spec(type: string): Spec | undefined {
  return specs.find((s) => s.type === type);
}

/** Whether the action panel offers the command in this game now (its modes, its condition). */
export function offeredNow(s: Spec, view: PublicView): boolean {
  if (s.modes.length && !s.modes.includes(view.mode)) return false;
  if (s.when === "intruder_player") return view.intruder_player_active;
  return true;
}

/** The result to enter when a physical component is asked for: the first kind read off it (the
 *  dice answer a Noise roll unless the form rolls Combat dice); a room tile is named in the room's
 *  result. */
export const enteredFor: Partial<Record<Component, EnteredKind>> = { room_tiles: "room" };
for (const e of catalogue.entered) if (e.read_off && !(e.read_off in enteredFor)) enteredFor[e.read_off] = e.kind;

/** The component each kind of result is read off, as the engine refuses it (`EnteredKind::read_off`). */
const readOff = new Map<EnteredKind, Component | null>(catalogue.entered.map((e) => [e.kind, e.read_off]));

/** The kinds the table may enter in this game: the engine refuses a result for a component the
 *  app holds, whatever it names (its own draw stands), so none is offered. */
/** The kinds no component stands for (a player's own cards): what the engine asks for when it
 *  refuses with `result_needed` and names no component. */
export function ownCardKinds(kinds: EnteredKind[]): EnteredKind[] {
  return kinds.filter((k) => (readOff.get(k) ?? null) === null);
}

export function tableKinds(kinds: EnteredKind[], handled: Component[]): EnteredKind[] {
  return kinds.filter((k) => {
    const c = readOff.get(k) ?? null;
    return c === null || !handled.includes(c);
  });
}

/** Every answer about a player's own cards given: none is ever assumed for them. */
export function enteredAnswered(items: Entered[]): boolean {
  // A die read off the table starts with no face (`emptyEntered`): one must be chosen.
  return items.every((e) => (e.kind !== "no_action_cards" || typeof e.none === "boolean") && (!(e.kind === "noise" || e.kind === "combat") || !!e.face));
}

/** A result the engine asked for before anything was sent, as a required entry: a die starts
 *  with no face, so nothing is entered for the table unread. */
export function emptyEntered(kind: EnteredKind): Entered {
  const e = blankEntered(kind);
  return e.kind === "noise" || e.kind === "combat" ? ({ ...e, face: "" } as unknown as Entered) : e;
}

/** A blank result of a kind, ready to be filled in. */
export function blankEntered(kind: EnteredKind): Entered {
  switch (kind) {
    case "noise": return { kind, face: "1" };
    case "combat": return { kind, face: "hit" };
    case "token": return { kind, token: "adult", back: null };
    case "event_card": return { kind, key: "" };
    case "attack_card": return { kind, key: "", blood: null };
    case "serious_wound": return { kind, key: "" };
    case "room": return { kind, tile: null, effect: "silence", items: 2 };
    case "draft": return { kind, characters: ["", ""] };
    case "infected": return { kind, infected: false };
    case "engine": return { kind, status: "working" };
    case "destination": return { kind, destination: "earth" };
    case "weakness": return { kind, key: "" };
    case "contamination_draw": return { kind, contamination: 0 };
    // Nothing about a player's hand is assumed: `none` stays unanswered (null) until the table
    // says it, and the form cannot be sent before (`enteredAnswered`).
    case "no_action_cards": return { kind, seat: 0, none: null as unknown as boolean };
  }
}
