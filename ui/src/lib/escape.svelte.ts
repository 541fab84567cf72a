// An Escape asks first (p. 19): a Move out of a room with Intruders, which the engine marks on its
// offer (`escape_attacks`), waits here for the table to confirm, from the round panel's button or
// a tap on the map alike; any other offer is sent at once.
import type { Offer } from "../bindings/Offer";
import { act } from "./app.svelte";

export const escape = $state<{ offer: Offer | null }>({ offer: null });

/** Sends a Move offer, or holds it for the table's confirmation when it is an Escape. */
export async function takeMove(o: Offer): Promise<void> {
  if (o.escape_attacks > 0 && escape.offer !== o) {
    escape.offer = o;
    return;
  }
  escape.offer = null;
  await act(o.command);
}
