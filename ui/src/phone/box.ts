// The box's contents a phone asks the table for: the board graph its map is drawn from, and the
// whole box (every card's names and facts) only when the player enters a card the table holds.
import type { BoardGraph } from "../bindings/BoardGraph";
import type { ContentData } from "../bindings/ContentData";
import type { Pack } from "../bindings/Pack";
import type { PhoneCall } from "../bindings/PhoneCall";
import type { PhoneReply } from "../bindings/PhoneReply";
import { phone } from "./phone.svelte";
import { phoneCall } from "./transport";

/** An ask of the table made once per page with this seat's token and its answer kept; a failed
 *  ask (refused, unreachable, or not the reply wanted) is forgotten, so the next call asks again. */
function askOnce<T>(call: (pack: Pack) => PhoneCall, pick: (reply: PhoneReply) => T | null): (pack: Pack) => Promise<T | null> {
  let asked: Promise<T | null> | null = null;
  return (pack) => {
    const held = phone.held;
    if (!held) return Promise.resolve(null);
    asked ??= phoneCall(call(pack), held.token).then((a) => {
      const got = a.ok ? pick(a.reply) : null;
      if (got === null) asked = null;
      return got;
    });
    return asked;
  };
}

/** The board graph the read-only map is drawn from (locations, room tiles). */
export const loadBoard = askOnce<BoardGraph>((pack) => ({ call: "board", pack }), (r) => (r.reply === "board" ? r.board : null));

/** The box's whole contents (every card's name and facts), asked only when the player enters a
 *  card the table holds. */
export const loadContent = askOnce<ContentData>((pack) => ({ call: "content", pack }), (r) => (r.reply === "content" ? r.content : null));
