//! How the map draws a piece, so the same marks can stand for a seat elsewhere (the turn strip):
//! a character is its seat's colour and shape with a person's bust on it, an Intruder a spiked
//! badge with its kind's outline (issue 33: Ana's piece is never read as an Adult's "A").

/** One shape and one colour per seat, in seat order: never colour alone. */
export const SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "pentagon"] as const;
export const SEAT_COLOURS = ["#4da3ff", "#ff9f40", "#c58bff", "#2ec4b6", "#ffd23f"];

/** The outline of a seat's shape around (x, y), about `r` from its centre. */
export function shapePath(shape: string, x: number, y: number, r: number): string {
  switch (shape) {
    case "square":
      return `M${x - r * 0.85} ${y - r * 0.85}h${r * 1.7}v${r * 1.7}h${-r * 1.7}Z`;
    case "triangle":
      return `M${x} ${y - r * 1.05}L${x + r * 1.05} ${y + r * 0.8}L${x - r * 1.05} ${y + r * 0.8}Z`;
    case "diamond":
      return `M${x} ${y - r * 1.1}L${x + r * 1.1} ${y}L${x} ${y + r * 1.1}L${x - r * 1.1} ${y}Z`;
    case "pentagon": {
      const pts = Array.from({ length: 5 }, (_, i) => {
        const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
        return `${x + r * 1.05 * Math.cos(a)} ${y + r * 1.05 * Math.sin(a)}`;
      });
      return `M${pts.join("L")}Z`;
    }
    default:
      return `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
  }
}

/** A person's bust (a head over shoulders), the mark of a character's piece: its miniature. */
export function bustPath(x: number, y: number, r: number): string {
  const h = r * 0.26;
  const hy = y - r * 0.22;
  const w = r * 0.5;
  const by = y + r * 0.5;
  return `M${x - h} ${hy}a${h} ${h} 0 1 0 ${2 * h} 0a${h} ${h} 0 1 0 ${-2 * h} 0Z M${x - w} ${by}a${w} ${w * 0.8} 0 0 1 ${2 * w} 0Z`;
}

/** An Intruder: a spiked octagon, unlike any seat's shape. */
export function intruderPath(x: number, y: number, r: number): string {
  const pts = Array.from({ length: 16 }, (_, i) => {
    const a = (i * Math.PI) / 8;
    const rr = i % 2 ? r * 0.72 : r * 1.1;
    return `${(x + rr * Math.cos(a)).toFixed(1)} ${(y + rr * Math.sin(a)).toFixed(1)}`;
  });
  return `M${pts.join("L")}Z`;
}

/** Each Intruder kind's outline in a 24-unit square, drawn inside its badge: the same strokes as
 *  Icon.svelte's for these kinds, copied here because the map importing the icons' table would
 *  split it into a chunk of its own on the phone's first load. */
export const INTRUDER_OUTLINES: Record<string, string> = {
  larva: "M5 15c2-6 12-6 14 0M7 15v3M12 13v4M17 15v3M9 9l-1-3M15 9l1-3",
  adult: "M12 3c-4 0-7 3-7 7 0 3 2 5 3 6l-2 5M12 3c4 0 7 3 7 7 0 3-2 5-3 6l2 5M9 10h.01M15 10h.01M9 15c2 1.5 4 1.5 6 0M12 16v5",
  creeper: "M4 18c2-8 6-12 8-12s6 4 8 12M8 13l-3 2M16 13l3 2M10 9h.01M14 9h.01M4 18h4M16 18h4",
  breeder: "M12 2c5 0 8 4 8 9 0 4-3 7-8 7s-8-3-8-7c0-5 3-9 8-9zM8 9h.01M16 9h.01M12 18v4M7 16l-3 5M17 16l3 5M9 13h6",
  queen: "M4 8l4 3 4-7 4 7 4-3-2 9H6zM7 20h10M10 14h.01M14 14h.01",
};
