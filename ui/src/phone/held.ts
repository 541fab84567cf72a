// The seat this phone holds, kept in its own storage under one key: the seat token and the
// newest secret it has shown, so a reload or a night's sleep keeps the seat.

/** Everything this phone keeps, under one storage key: the seat token and what it last saw. */
export interface Held {
  token: string;
  seat: number;
  name: string;
  /** The newest private line this phone has shown (held to see). */
  seen: number;
}

const SEAT_KEY = "nemesis-phone";

/** The seat kept here, or null (none, or a value this page cannot read). */
export function load(): Held | null {
  try {
    const v = JSON.parse(localStorage.getItem(SEAT_KEY) ?? "null") as Held | null;
    return v && typeof v.token === "string" && typeof v.seat === "number" ? { ...v, seen: typeof v.seen === "number" ? v.seen : -1 } : null;
  } catch {
    return null;
  }
}

/** Keeps the seat (null forgets it). */
export function store(h: Held | null) {
  try {
    if (h) localStorage.setItem(SEAT_KEY, JSON.stringify(h));
    else localStorage.removeItem(SEAT_KEY);
  } catch {
    // Storage refused (a private window): the seat lasts as long as this page.
  }
}

