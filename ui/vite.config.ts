import { defineConfig } from "vite";
import { svelte } from "@sveltejs/vite-plugin-svelte";

// The same build serves the Tauri window (ui/dist via tauri.conf.json) and the host's serve door
// (embedded at compile time). Relative asset paths and no external requests: it works offline.
export default defineConfig({
  base: "./",
  plugins: [svelte()],
  server: { fs: { allow: [".."] } },
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", assetsInlineLimit: 0, reportCompressedSize: false },
});
