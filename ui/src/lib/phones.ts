// What the table screen knows of phones: a seat's phone, and who a private step concerned.
import type { LogLine } from "../bindings/LogLine";
import type { PhoneSeat } from "../bindings/PhoneSeat";
import type { PhonesStatus } from "../bindings/PhonesStatus";
import type { PublicSeat } from "../bindings/PublicSeat";

export type PhoneState = "connected" | "asleep" | "none";

export function phoneOf(phones: PhonesStatus | undefined, seat: number): PhoneSeat | undefined {
  return phones?.seats.find((p) => p.seat === seat);
}

export function phoneState(p: PhoneSeat | undefined): PhoneState {
  if (!p?.paired) return "none";
  return p.connected > 0 ? "connected" : "asleep";
}

/** The seats a step's table lines name (a private step's line names its player, never what
 *  was seen). The host does not say which seat a step was for, so this reads the names. */
export function seatsNamed(lines: LogLine[], seats: PublicSeat[]): PublicSeat[] {
  const text = lines.map((l) => l.text).join("\n");
  return seats.filter((s) => s.name && new RegExp(`(^|[^\\p{L}\\p{N}])${s.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}\\p{N}])`, "u").test(text));
}
