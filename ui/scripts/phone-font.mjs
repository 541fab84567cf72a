// The typeface's two cuts (issues 20, 21 and 35): Saira's package holds the whole variable face
// (weight and width axes, Latin, Latin Extended and Vietnamese: about 190 KB, 99 KB of it the
// Latin file a page in our languages loads). Each page gets a cut made at each build from the
// package's Latin file and the catalogues, so a new word in any language brings its letters:
// - a phone, one file of about 17 KB: the width axis fixed at its normal cut, the weight axis
//   kept from 400 to 700 (the weights the phone uses), only the characters the five catalogues
//   and plain ASCII need;
// - the table, one file of about 51 KB: the width axis kept from 75% to 100% and the weight from
//   400 to 800 (what the theme uses: the map's narrow names, narrower labels, bold headings; the
//   wide cuts over 100% would add 18 KB for the home page's title alone), the catalogues'
//   characters, and all of Latin-1 and Latin Extended-A for players' names.
// A player's name in another script falls back to the system face, glyph by glyph.
import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import subsetFont from "subset-font";

/** Every character the catalogues use, plus printable ASCII and the `extra` code point ranges. */
export function phoneCharacters(locales, extra = []) {
  const chars = new Set();
  for (let c = 0x20; c < 0x7f; c++) chars.add(String.fromCodePoint(c));
  for (const [from, to] of extra) for (let c = from; c <= to; c++) chars.add(String.fromCodePoint(c));
  for (const f of readdirSync(locales).filter((f) => f.endsWith(".json"))) {
    for (const ch of Object.values(JSON.parse(readFileSync(join(locales, f), "utf8"))).join("")) chars.add(ch);
  }
  return [...chars].sort().join("");
}

/** The cuts: where each is written under src (not kept in git; the page's CSS names it), its
 *  axes and its characters beyond the catalogues'. */
const CUTS = [
  { out: "phone/font/saira-phone.woff2", axes: { wdth: 100, wght: { min: 400, max: 700 } }, extra: [] },
  {
    out: "font/saira-table.woff2",
    axes: { wdth: { min: 75, max: 100 }, wght: { min: 400, max: 800 } },
    // Latin-1 Supplement and Latin Extended-A: the names of players of Europe's languages.
    extra: [[0xa0, 0xff], [0x100, 0x17f]],
  },
];

/** Vite plugin: writes both cuts before the build reads the CSS that names them (the phone's
 *  src/phone/font.css, the table's src/font.css). */
export function phoneFont({ src }) {
  const require = createRequire(import.meta.url);
  const face = require.resolve("@fontsource-variable/saira/files/saira-latin-wdth-normal.woff2");
  return {
    name: "saira-cuts",
    async buildStart() {
      for (const { out, axes, extra } of CUTS) {
        const cut = await subsetFont(readFileSync(face), phoneCharacters(join(src, "locales"), extra), {
          targetFormat: "woff2",
          variationAxes: axes,
          // Only the glyphs of these characters, not those their ligatures and alternates reach.
          noLayoutClosure: true,
        });
        const path = join(src, out);
        if (existsSync(path) && Buffer.compare(readFileSync(path), cut) === 0) continue;
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, cut);
      }
    },
    // The table page asks for its cut as its head is read (issue 35, item 5): otherwise the face
    // is fetched only once the stylesheets are in and the first text is laid out, and the kept
    // first frame, hidden until the face is there, waits for that fetch after everything else.
    // (A phone's page is left as it is: its first load is counted against a budget.)
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!/(^|[\\/])index\.html$/.test(ctx.filename)) return html;
        const asset = Object.values(ctx.bundle ?? {}).find((f) => f.type === "asset" && /^assets\/saira-table-[^/]+\.woff2$/.test(f.fileName));
        if (!asset) return html;
        const link = `<link rel="preload" href="./${asset.fileName}" as="font" type="font/woff2" crossorigin>`;
        return html.replace("</title>", `</title>\n    ${link}`);
      },
    },
  };
}
