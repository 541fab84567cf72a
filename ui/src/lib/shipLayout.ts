//! Where each printed thing sits on the basic side of the base game's board, for the ship map.
// Positions were measured from the board (board-layout.md in the project's reference notes:
// centres, corridor bends, Technical Corridor entrances, pod spaces), normalised to 0..1 with the
// red-arrow icon top-left, then scaled here to a 1462 × 1000 drawing (the board's 1.46 : 1).
// Only geometry lives here: which rooms, corridors, numbers and entrances exist comes from the
// content's board graph, so a board the table does not have is never drawn.
import type { LocationKind } from "../bindings/LocationKind";

export const MAP_W = 1462;
export const MAP_H = 1000;

export type Point = [number, number];

const at = (x: number, y: number): Point => [Math.round(x * MAP_W), Math.round(y * MAP_H)];

/** Each location's centre (locations 1–21, the numbers printed on the board as 001–021). */
export const CENTRES: Record<number, Point> = {
  1: at(0.07, 0.49), 2: at(0.225, 0.205), 3: at(0.203, 0.49), 4: at(0.232, 0.78),
  5: at(0.402, 0.105), 6: at(0.425, 0.308), 7: at(0.33, 0.49), 8: at(0.425, 0.675),
  9: at(0.407, 0.88), 10: at(0.565, 0.155), 11: at(0.535, 0.49), 12: at(0.565, 0.83),
  13: at(0.74, 0.185), 14: at(0.667, 0.37), 15: at(0.665, 0.61), 16: at(0.747, 0.795),
  17: at(0.805, 0.357), 18: at(0.805, 0.625), 19: at(0.91, 0.19), 20: at(0.91, 0.485),
  21: at(0.905, 0.78),
};

/** Where each room slot's number ("007" on the board, "07" here) is printed beside it. */
export const LABELS: Record<number, Point> = {
  2: at(0.27, 0.118), 3: at(0.25, 0.575), 4: at(0.232, 0.69), 5: at(0.455, 0.065), 6: at(0.47, 0.232),
  7: at(0.33, 0.405), 8: at(0.472, 0.76), 9: at(0.395, 0.795), 10: at(0.565, 0.064), 12: at(0.565, 0.742),
  13: at(0.745, 0.098), 14: at(0.667, 0.282), 15: at(0.665, 0.525), 16: at(0.75, 0.895), 17: at(0.805, 0.268),
  18: at(0.805, 0.538),
};

/** A room slot's hexagon: flat-topped, about 0.11 of the board's width across. */
export const HEX_R = 80;
/** The Hibernatorium's oval (x 0.48–0.595, y 0.345–0.65 on the board). */
export const HIB_RX = 84;
export const HIB_RY = 150;
/** The Engine boxes (about 0.11 × 0.15 of the board). */
export const ENGINE_W = 166;
export const ENGINE_H = 146;

/** Bends that a straight line would hide: 01–03 enters room 03 from below, 03–07 leaves it from
 *  the top (the two routes a player would look for). Keyed "low-high", listed from low to high. */
export const BENDS: Record<string, Point[]> = {
  "1-3": [at(0.13, 0.6), at(0.203, 0.6)],
  "3-7": [at(0.203, 0.385), at(0.275, 0.385)],
};

/** Technical Corridor entrances: the vent printed just outside the room. */
export const TECH_ENTRANCES: Record<number, Point> = {
  2: at(0.292, 0.16), 4: at(0.232, 0.895), 5: at(0.478, 0.045), 9: at(0.478, 0.935),
  14: at(0.667, 0.47), 15: at(0.6, 0.675), 19: at(0.83, 0.14), 21: at(0.83, 0.86),
};

/** The Technical Corridors space: the red-ringed circle in the upper-left thruster. */
export const TECH_SPACE: Point = at(0.1, 0.15);

/** Escape pod spaces: two per Evacuation Section, A along the top edge and B along the bottom. */
export const POD_SPACES: Record<"a" | "b", [Point, Point]> = {
  a: [at(0.245, 0.045), at(0.315, 0.045)],
  b: [at(0.245, 0.955), at(0.315, 0.955)],
};

/** The outline of a location's printed shape, as an SVG path. */
export function outline(kind: LocationKind, [x, y]: Point): string {
  switch (kind) {
    case "cockpit":
      // The bow: a point to the left, square to the right (x 0.03–0.11, y 0.36–0.59).
      return `M${x - 70} ${y} L${x - 20} ${y - 120} L${x + 62} ${y - 120} L${x + 62} ${y + 120} L${x - 20} ${y + 120} Z`;
    case "hibernatorium":
      return `M${x - HIB_RX} ${y} a${HIB_RX} ${HIB_RY} 0 1 0 ${2 * HIB_RX} 0 a${HIB_RX} ${HIB_RY} 0 1 0 ${-2 * HIB_RX} 0 Z`;
    case "engine":
      return `M${x - ENGINE_W / 2} ${y - ENGINE_H / 2} h${ENGINE_W} v${ENGINE_H} h${-ENGINE_W} Z`;
    default: {
      const h = (HEX_R * Math.sqrt(3)) / 2;
      return `M${x - HEX_R} ${y} L${x - HEX_R / 2} ${y - h} L${x + HEX_R / 2} ${y - h} L${x + HEX_R} ${y} L${x + HEX_R / 2} ${y + h} L${x - HEX_R / 2} ${y + h} Z`;
    }
  }
}

/** How far from a location's centre its outline lies in direction (dx, dy): where a corridor's
 *  exit number is printed, just outside. */
export function edge(kind: LocationKind, dx: number, dy: number): number {
  const len = Math.hypot(dx, dy) || 1;
  const c = Math.abs(dx / len);
  const s = Math.abs(dy / len);
  switch (kind) {
    case "hibernatorium":
      return (HIB_RX * HIB_RY) / Math.hypot(HIB_RY * c, HIB_RX * s);
    case "engine":
      return Math.min(ENGINE_W / 2 / (c || 1e-9), ENGINE_H / 2 / (s || 1e-9));
    case "cockpit":
      return Math.min(66 / (c || 1e-9), 120 / (s || 1e-9));
    default:
      return Math.min(HEX_R, ((HEX_R * Math.sqrt(3)) / 2) / (s || 1e-9)) * 0.95;
  }
}
