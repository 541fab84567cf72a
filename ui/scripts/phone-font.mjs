// The phone's typeface (issues 20 and 21): the table's own Saira, cut down so a phone's first
// load stays light. The table bundles the whole variable face (weight and width axes, every
// script the package has: about 190 KB); a phone gets one file of about 17 KB: the width axis
// fixed at its normal cut, the weight axis kept from 400 to 700 (the weights the theme uses),
// and only the characters the five catalogues and plain ASCII need (a player's name in another
// script falls back to the system face, glyph by glyph). Made at each build from the package's
// file and the catalogues, so a new word in any language brings its letters along.
import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import subsetFont from "subset-font";

/** Every character the catalogues use, plus printable ASCII. */
export function phoneCharacters(locales) {
  const chars = new Set();
  for (let c = 0x20; c < 0x7f; c++) chars.add(String.fromCodePoint(c));
  for (const f of readdirSync(locales).filter((f) => f.endsWith(".json"))) {
    for (const ch of Object.values(JSON.parse(readFileSync(join(locales, f), "utf8"))).join("")) chars.add(ch);
  }
  return [...chars].sort().join("");
}

/** Vite plugin: writes src/phone/font/saira-phone.woff2 (not kept in git) before the build
 * reads src/phone/font.css, which names it. */
export function phoneFont({ src }) {
  const require = createRequire(import.meta.url);
  const face = require.resolve("@fontsource-variable/saira/files/saira-latin-wdth-normal.woff2");
  const out = join(src, "phone/font/saira-phone.woff2");
  return {
    name: "phone-font",
    async buildStart() {
      const cut = await subsetFont(readFileSync(face), phoneCharacters(join(src, "locales")), {
        targetFormat: "woff2",
        variationAxes: { wdth: 100, wght: { min: 400, max: 700 } },
        // Only the glyphs of these characters, not those their ligatures and alternates reach.
        noLayoutClosure: true,
      });
      if (existsSync(out) && Buffer.compare(readFileSync(out), cut) === 0) return;
      mkdirSync(join(src, "phone/font"), { recursive: true });
      writeFileSync(out, cut);
    },
  };
}
