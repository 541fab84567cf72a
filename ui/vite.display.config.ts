import { defineConfig } from "vite";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { fileURLToPath } from "node:url";
import { phoneStrings } from "./scripts/phone-strings.mjs";
import { phoneFont } from "./scripts/phone-font.mjs";
import { lanHead } from "./scripts/lan-head.mjs";

// The shared display's page (display.html, served at "/display" by the phone server), built on
// its own after the table's and the phone's pages, into the same dist. A third page in the main
// build would regroup the chunks the table and the phone share, adding requests to a phone's
// first load (issue 21: at most 100 KB); built apart, its chunks are its own and no byte of the
// phone's changes. Its strings are its own part of each catalogue (scripts/phone-strings.mjs).
const src = fileURLToPath(new URL("./src/", import.meta.url));

export default defineConfig({
  base: "./",
  plugins: [svelte(), lanHead(), phoneStrings({ src, page: "display" }), phoneFont({ src })],
  build: {
    outDir: "dist",
    emptyOutDir: false,
    target: "es2022",
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    rolldownOptions: { input: { display: "display.html" } },
  },
});
