// The box's contents a phone asks the table for: the board graph its map is drawn from, and the
// whole box (every card's names and facts) only when the player enters a card the table holds.
import type { BoardGraph } from "../bindings/BoardGraph";
import type { ContentData } from "../bindings/ContentData";
import type { Pack } from "../bindings/Pack";
import { phone } from "./phone.svelte";
import { phoneCall } from "./transport";

let boardGraph: Promise<BoardGraph | null> | null = null;
let boxContent: Promise<ContentData | null> | null = null;

/** The board graph the read-only map is drawn from (locations, room tiles), asked once per page
 *  with this seat's token; a failed ask is asked again on the next call. */
export function loadBoard(pack: Pack): Promise<BoardGraph | null> {
  const held = phone.held;
  if (!held) return Promise.resolve(null);
  boardGraph ??= phoneCall({ call: "board", pack }, held.token).then((a) => {
    if (a.ok && a.reply.reply === "board") return a.reply.board;
    boardGraph = null;
    return null;
  });
  return boardGraph;
}

/** The box's whole contents (every card's name and facts), asked only when the player enters a
 *  card the table holds; once per page, asked again after a failure. */
export function loadContent(pack: Pack): Promise<ContentData | null> {
  const held = phone.held;
  if (!held) return Promise.resolve(null);
  boxContent ??= phoneCall({ call: "content", pack }, held.token).then((a) => {
    if (a.ok && a.reply.reply === "content") return a.reply.content;
    boxContent = null;
    return null;
  });
  return boxContent;
}
