//! The table's start: the box's contents from the host, before the table screen mounts. Apart
//! from content.ts so a phone, which gets them through its own door, loads no table transport.
import type { Pack } from "../bindings/Pack";
import { useContent } from "./content";
import { transport } from "./transport";

/** Asks the host for a pack's contents; tries again until the host answers (it is starting). */
export async function loadContent(pack: Pack = "base"): Promise<void> {
  for (;;) {
    const r = await transport.call({ call: "content", pack });
    if (r.reply === "content") {
      useContent(r.content);
      return;
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}
