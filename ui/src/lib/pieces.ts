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
