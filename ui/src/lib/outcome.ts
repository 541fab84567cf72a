//! The order in which a step's outcome is read (issue 33), one rule for the table's outcome and
//! the shared display's: the lines the table acts on lead, in the order they happened.
import type { LogLine } from "../bindings/LogLine";
import { tMaybe } from "./i18n.svelte";
import { lineWeight } from "./logLine";

/** Why a line leads: the hand, the verdict, or a piece to move, turn or place. */
export type Weight = "hand" | "verdict" | "pieces";

/** A line the table acts on: the hand and the verdict (`lineWeight`), or a piece to move, turn
 *  or place (the room tile, a Fire, Slime or Noise marker, a miniature: its hand hint says how). */
export function weightOf(key: string): Weight | null {
  return lineWeight(key) ?? (tMaybe(`hint.${key}`) ? "pieces" : null);
}

/** The outcome's lines by index: those the table reads first (the hand, the verdict and the
 *  pieces, in the order they happened: a Noise roll after the Move and the room it revealed,
 *  never before), then the lines that say how it came about. When a step has none of them, its
 *  first two lines lead. Which device took the step ("From Ana's phone:") heads them all (issue 32). */
export function outcomeOrder(lines: readonly LogLine[]): { lead: number[]; rest: number[] } {
  const all = lines.map((_, i) => i);
  const from = all.filter((i) => lines[i].key === "on_phone");
  const said = all.filter((i) => !from.includes(i));
  const weighed = said.filter((i) => weightOf(lines[i].key) !== null);
  const lead = [...from, ...(weighed.length ? weighed : said.slice(0, 2))];
  return { lead, rest: all.filter((i) => !lead.includes(i)) };
}
