// What the table screen knows of phones: a seat's phone and whether it is connected.
import type { PhoneSeat } from "../bindings/PhoneSeat";
import type { PhonesStatus } from "../bindings/PhonesStatus";

export type PhoneState = "connected" | "asleep" | "none";

export function phoneOf(phones: PhonesStatus | undefined, seat: number): PhoneSeat | undefined {
  return phones?.seats.find((p) => p.seat === seat);
}

export function phoneState(p: PhoneSeat | undefined): PhoneState {
  if (!p?.paired) return "none";
  return p.connected > 0 ? "connected" : "asleep";
}

