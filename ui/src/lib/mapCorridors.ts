//! The ship map's corridors: the board graph's corridors with the numbers printed at each end, the
//! Technical Corridor entrances, and where along a corridor its Door, Noise and exit numbers sit.
import type { BoardGraph } from "../bindings/BoardGraph";
import type { LocationKind } from "../bindings/LocationKind";
import { BENDS, CENTRES, edge, type Point } from "./shipLayout";

/** One corridor between two locations (`a` the lower number), the exit numbers printed at each
 *  end, and its line on the map. */
export type Corridor = { key: string; a: number; b: number; atA: number[]; atB: number[]; points: Point[] };
export type Entrance = { at: number; numbers: number[] };

/** The board graph from the content: one corridor per pair of locations, with the numbers
 *  printed at each end; and each room's Technical Corridor entrance numbers. */
export function corridorsOf(locations: BoardGraph["locations"]): { corridors: Corridor[]; entrances: Entrance[] } {
  const corridors = new Map<string, Corridor>();
  const entrances: Entrance[] = [];
  for (const loc of locations) {
    const tech: number[] = [];
    loc.exits.forEach((to, i) => {
      if (to === "technical") return void tech.push(i + 1);
      const [a, b] = loc.number < to ? [loc.number, to] : [to, loc.number];
      const key = `${a}-${b}`;
      const c = corridors.get(key) ?? { key, a, b, atA: [], atB: [], points: [CENTRES[a], ...(BENDS[key] ?? []), CENTRES[b]] };
      (loc.number === a ? c.atA : c.atB).push(i + 1);
      corridors.set(key, c);
    });
    if (tech.length) entrances.push({ at: loc.number, numbers: tech });
  }
  return { corridors: [...corridors.values()], entrances };
}

/** A point `d` along the polyline from its start (or from its end when `fromEnd`). */
export function along(points: Point[], d: number, fromEnd = false): Point {
  const pts = fromEnd ? [...points].reverse() : points;
  for (let i = 0; i < pts.length - 1; i++) {
    const [x1, y1] = pts[i];
    const [x2, y2] = pts[i + 1];
    const len = Math.hypot(x2 - x1, y2 - y1);
    if (d <= len || i === pts.length - 2) return [x1 + ((x2 - x1) * d) / len, y1 + ((y2 - y1) * d) / len];
    d -= len;
  }
  return pts[pts.length - 1];
}

/** A point `off` to the side of the polyline at distance `d` along it (Noise sits beside the Door). */
export function beside(points: Point[], d: number, off: number): Point {
  const [x, y] = along(points, d);
  const [x2, y2] = along(points, d + 1);
  const len = Math.hypot(x2 - x, y2 - y) || 1;
  return [x - ((y2 - y) / len) * off, y + ((x2 - x) / len) * off];
}

export const totalLength = (pts: Point[]) => pts.slice(1).reduce((s, p, i) => s + Math.hypot(p[0] - pts[i][0], p[1] - pts[i][1]), 0);

/** Where an end's exit numbers go: just outside the room's outline, along the corridor (and
 *  `more` further along it). */
export function tagAt(c: Corridor, end: "a" | "b", w: number, h: number, kindOf: (at: number) => LocationKind | undefined, more = 0): Point {
  const pts = end === "a" ? c.points : [...c.points].reverse();
  const [x, y] = pts[0];
  const [nx, ny] = pts[1];
  const e = edge(kindOf(end === "a" ? c.a : c.b) ?? "slot_1", nx - x, ny - y);
  // Outside the outline by the tag's half diagonal (the tag grows with the text's floor), so
  // a tag never covers its room, whatever the corridor's angle.
  return along(pts, e + Math.max(16, Math.hypot(w / 2, h / 2)) + more);
}
