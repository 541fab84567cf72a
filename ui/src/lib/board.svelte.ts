//! The rooms of the game on screen, for text that names a room by its number from the engine
//! (log lines, hints, refusals): set with every new table screen, empty on phones and before a
//! game is open (text then falls back to the printed number).
import type { PublicRoom } from "../bindings/PublicRoom";

// Raw: replaced whole with each screen, never changed in place.
class Board {
  rooms = $state.raw<PublicRoom[] | null>(null);
}
export const board = new Board();
