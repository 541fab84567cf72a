import { defineConfig } from "vite";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { fileURLToPath } from "node:url";
import { phoneStrings } from "./scripts/phone-strings.mjs";
import { phoneFont } from "./scripts/phone-font.mjs";
import { lanHead } from "./scripts/lan-head.mjs";

// The same build serves the Tauri window (ui/dist via tauri.conf.json), the host's serve door
// and its phone server (both embedded at compile time). Two pages: index.html is the table
// screen, phone.html the phone page (served at "/" by the phone server, never the table); the
// shared display's page has a build of its own (vite.display.config.ts).
// Relative asset paths and no external requests: it works offline, and both pages sit at the
// root of dist so "./assets/…" resolves the same from "/", "/index.html" and "/phone.html".
const src = fileURLToPath(new URL("./src/", import.meta.url));

export default defineConfig({
  base: "./",
  // phoneStrings: the phone's part of each catalogue (issue 21: a phone fetches only its own
  // language's strings, and only those its code can show); phoneFont: the table's and the phone's cuts of Saira.
  plugins: [svelte(), lanHead(), phoneStrings({ src }), phoneFont({ src })],
  server: { fs: { allow: [".."] } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    // `rollupOptions` is the deprecated name of the same setting in Vite 8.
    rolldownOptions: { input: { index: "index.html", phone: "phone.html" } },
  },
});
