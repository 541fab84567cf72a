import { defineConfig } from "vite";
import { svelte } from "@sveltejs/vite-plugin-svelte";

// The same build serves the Tauri window (ui/dist via tauri.conf.json), the host's serve door
// and its phone server (both embedded at compile time). Two pages: index.html is the table
// screen, phone.html the phone page (served at "/" by the phone server, never the table).
// Relative asset paths and no external requests: it works offline, and both pages sit at the
// root of dist so "./assets/…" resolves the same from "/", "/index.html" and "/phone.html".
export default defineConfig({
  base: "./",
  plugins: [svelte()],
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
