//! The order in which a step's outcome is read (issue 33), one rule for the table's outcome and
//! the shared display's: the lines the table acts on lead, in the order they happened.
import type { LogLine } from "../bindings/LogLine";
import { language, t, tMaybe } from "./i18n.svelte";
import { printedNumber } from "./rooms";
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
  const end = said.find((i) => lines[i].key.startsWith("game_ended"));
  if (end !== undefined) return ending(lines, all, from, end);
  const weighed = said.filter((i) => weightOf(lines[i].key) !== null);
  const lead = [...from, ...(weighed.length ? weighed : said.slice(0, 2))];
  return { lead, rest: all.filter((i) => !lead.includes(i)) };
}

/** The deaths at the end and what the victory check does next (issue 33): the lines of the step
 *  that ended the game which the table still acts on. */
const AT_THE_END = /^(died_with_ship|died_hibernating|character_died|ship_destroyed|victory_)/;

/** The step that ended the game, one story (issues 31 and 33): its cause first, then who died of
 *  it, then the way to the victory check and the debrief. The markers and draws that led there
 *  (nine Fires, an Event card) wait below them: once the game is over no piece is placed any more,
 *  and at 1024×600 they pushed the cause above the screen. */
function ending(lines: readonly LogLine[], all: number[], from: number[], end: number): { lead: number[]; rest: number[] } {
  const lead = [...from, end, ...all.filter((i) => i !== end && AT_THE_END.test(lines[i].key))];
  return { lead, rest: all.filter((i) => !lead.includes(i)) };
}

/** The Noise markers a step placed (issue 33: an exploration's Danger puts one in each of the
 *  room's corridors, four lines that pushed the round below the fold on a short screen). */
const NOISE = new Set(["noise_placed", "noise_placed_technical"]);

/** The lead lines that place Noise markers, when there are two or more: a short screen says them
 *  in one line (`noiseLine`), the first one's place. */
export function noiseTogether(lines: readonly LogLine[], lead: readonly number[]): number[] {
  const noise = lead.filter((i) => NOISE.has(lines[i].key));
  return noise.length > 1 ? noise : [];
}

/** "4 Noise markers go in corridors 13–14, 14–17, 11–14 and in the Technical Corridors": each
 *  corridor by the numbers of its two rooms, as the map prints them. */
export function noiseLine(lines: readonly LogLine[], together: readonly number[]): string {
  const places = together.map((i) => {
    const { a, b } = lines[i].params;
    // Word joiners keep "14–17" on one line.
    if (lines[i].key === "noise_placed" && a?.kind === "room" && b?.kind === "room") return `${printedNumber(a.value)}\u2060–\u2060${printedNumber(b.value)}`;
    return t("outcome.noise_technical");
  });
  return t("outcome.noise_together", { n: together.length, list: new Intl.ListFormat(language(), { style: "long", type: "conjunction" }).format(places) });
}
